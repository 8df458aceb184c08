"""Dice that neither player controls: each side commits to a secret before a roll, reveals it
after, and the dice come from both secrets.

For roll number ``k`` (1, 2... over the whole match; an opening roll is one roll however many
ties it throws) each side draws a random 32-byte secret (:func:`new_secret`, 64 hex digits) and
first sends only its commitment ``sha256("tavli-dice|k|seat|secret")`` (:func:`commitment`, hex;
seat 0 the host, 1 the guest). Once both secrets are revealed and checked against the
commitments, the dice are the stream :func:`dice_stream`: the bytes of
``sha256(host_secret || guest_secret || k || counter)`` for counter 0, 1, 2... (the secrets as
their 32 bytes, ``k`` and the counter as 4-byte big-endian numbers), each byte below 252 giving the
die ``byte % 6 + 1`` and the others skipped (rejection sampling: every face equally likely). A roll
takes as many dice from the stream as it needs (an opening roll with ties more than two), the same
on both sides.

:class:`AgreedDice` is the match's dice source online: it gives the dice of the stream it was handed
(:meth:`AgreedDice.give`), and without one raises :class:`DiceNotAgreed` before anything is drawn.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator

from .errors import ProtocolError

SECRET_BYTES = 32
_LIMIT = 252  # the largest multiple of 6 that a byte can reach: bytes from it up are skipped


def new_secret() -> str:
    """A fresh secret for one roll: 32 bytes from the operating system's generator, as 64 hex digits."""
    return secrets.token_hex(SECRET_BYTES)


def check_secret(secret: object) -> str:
    """``secret`` if it is 64 lowercase hex digits, else :class:`ProtocolError`."""
    if not is_hex(secret, SECRET_BYTES * 2):
        raise ProtocolError("a dice secret is 64 hex digits")
    assert isinstance(secret, str)
    return secret


def is_hex(value: object, length: int) -> bool:
    """Whether ``value`` is a string of exactly ``length`` lowercase hex digits."""
    return isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)


def commitment(secret: str, roll: int, seat: int) -> str:
    """The commitment to ``secret`` for roll number ``roll`` by ``seat`` (0 host, 1 guest): the
    hex SHA-256 of ``"tavli-dice|roll|seat|secret"``."""
    return hashlib.sha256(f"tavli-dice|{roll}|{seat}|{check_secret(secret)}".encode()).hexdigest()


def dice_stream(host_secret: str, guest_secret: str, roll: int) -> Iterator[int]:
    """The dice of roll number ``roll``, without end (see the module's description)."""
    seed = bytes.fromhex(check_secret(host_secret)) + bytes.fromhex(check_secret(guest_secret)) + roll.to_bytes(4, "big")
    counter = 0
    while True:
        for byte in hashlib.sha256(seed + counter.to_bytes(4, "big")).digest():
            if byte < _LIMIT:
                yield byte % 6 + 1
        counter += 1


class DiceNotAgreed(RuntimeError):
    """A die was asked for before both sides revealed their secrets: online, only the session rolls."""


class AgreedDice:
    """The match's dice online (a :class:`tavli.dice.DiceSource`): the dice of the stream last
    given, until :meth:`take_back`."""

    def __init__(self) -> None:
        self._stream: Iterator[int] | None = None

    def give(self, stream: Iterator[int]) -> None:
        """The dice of the next roll come from ``stream``."""
        self._stream = stream

    def take_back(self) -> None:
        """No more dice until the next :meth:`give`."""
        self._stream = None

    def die(self) -> int:
        if self._stream is None:
            raise DiceNotAgreed("online, the dice are rolled by both players together: none agreed now")
        return next(self._stream)


__all__ = ["AgreedDice", "DiceNotAgreed", "check_secret", "commitment", "dice_stream", "is_hex", "new_secret"]
