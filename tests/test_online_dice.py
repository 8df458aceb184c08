"""Fair dice online (tavli.online.dice): commitments, the stream both sides derive, the match's source."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest

from tavli.online.dice import AgreedDice, DiceNotAgreed, commitment, dice_stream, new_secret
from tavli.online.errors import ProtocolError
from tavli.online.terms import Terms

A, B = "0" * 64, "ab" * 32


def test_a_secret_is_32_random_bytes_in_hex():
    secrets = {new_secret() for _ in range(50)}
    assert len(secrets) == 50
    assert all(len(s) == 64 and int(s, 16) >= 0 and s == s.lower() for s in secrets)


def test_the_commitment_is_the_sha256_of_the_stated_text():
    assert commitment(A, 3, 1) == hashlib.sha256(f"tavli-dice|3|1|{A}".encode()).hexdigest()
    assert len({commitment(A, 1, 0), commitment(A, 2, 0), commitment(A, 1, 1), commitment(B, 1, 0)}) == 4


@pytest.mark.parametrize("bad", ["", "0" * 63, "G" * 64, "A" * 64, 5, None])
def test_a_secret_that_is_not_64_lowercase_hex_digits_is_refused(bad):
    with pytest.raises(ProtocolError):
        commitment(bad, 1, 0)


def test_the_stream_takes_the_bytes_of_the_hash_below_252():
    seed = bytes.fromhex(A) + bytes.fromhex(B) + (7).to_bytes(4, "big")
    expected = [b % 6 + 1 for c in range(3) for b in hashlib.sha256(seed + c.to_bytes(4, "big")).digest() if b < 252]
    assert list(itertools.islice(dice_stream(A, B, 7), len(expected))) == expected


def test_the_stream_depends_on_both_secrets_and_the_roll_and_is_fair():
    first = [list(itertools.islice(dice_stream(*pair, k), 8)) for pair in ((A, B), (B, A)) for k in (1, 2)]
    assert len({tuple(f) for f in first}) == 4
    counts = Counter(itertools.islice(dice_stream(A, B, 1), 60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n - 10000) < 500 for n in counts.values())


def test_agreed_dice_refuse_before_anything_changes():
    dice = AgreedDice()
    match = Terms("portes", 3, "international", "off").make_match(dice)
    before = match.snapshot()
    with pytest.raises(DiceNotAgreed):
        match.roll()
    assert match.snapshot() == before and match.dice.drawn == 0
    dice.give(dice_stream(A, B, 1))
    match.roll()
    dice.take_back()
    assert match.phase == "move" and match.dice.drawn >= 2
    with pytest.raises(DiceNotAgreed):
        dice.die()
