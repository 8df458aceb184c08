"""The pruning net of Champion's look-ahead (MODEL.md, "Pruning"): which replies to a roll the full
net values, and that a move's budget still counts every reply."""

from __future__ import annotations

import math
import random

import pytest

from tavli.ai import search
from tavli.ai.evaluator import Evaluator, default_evaluator
from tavli.ai.search import REPLIES_KEPT, ROLLS, Tally, one_ply_value_steps
from tavli.games.portes import Position, legal_plays, legal_sequences, outcome_of
from tavli.steps import finish


def _results(seed: int, count: int) -> list[Position]:
    """Results of seeded random plays, contact positions with the game on."""
    rng = random.Random(seed)
    pos, out = Position.initial(), []
    while len(out) < count:
        pos = rng.choice(legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
        if outcome_of(pos) is not None or not pos.is_contact():
            pos = Position.initial()
        elif rng.random() < 0.3:
            out.append(pos)
    return out


def _ours(ev: Evaluator, mover: list[int], us: list[int]) -> float:
    p = ev.probs_sides(us, mover)
    return (-1.0 - sum(p[3:])) if not any(mover) else 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def test_the_shipped_nets_have_a_pruning_net():
    ev = default_evaluator()
    assert ev.prune is not None
    assert len(ev.prune.w2) == 1 and len(ev.prune.w1[0]) == 204


def test_best_replies_are_the_lowest_scores_in_their_own_order():
    ev = default_evaluator()
    replies = legal_sequences(_results(3, 1)[0], (1, 2))
    assert len(replies) > REPLIES_KEPT
    kept = ev.best_replies(replies, REPLIES_KEPT)
    scores = [ev.prune.score(us, mover) for mover, us, _ in replies]
    assert len(kept) == REPLIES_KEPT
    assert [replies.index(r) for r in kept] == sorted(sorted(range(len(replies)), key=scores.__getitem__)[:REPLIES_KEPT])
    assert ev.best_replies(replies[:REPLIES_KEPT], REPLIES_KEPT) == replies[:REPLIES_KEPT]


def test_without_a_pruning_net_every_reply_is_valued():
    ev = default_evaluator()
    replies = legal_sequences(_results(3, 1)[0], (1, 2))
    bare = Evaluator(ev.contact, ev.race, ev.meta)
    assert bare.best_replies(replies, REPLIES_KEPT) == replies


def test_a_reply_that_bears_off_the_last_checker_is_always_kept():
    ev = default_evaluator()
    # The mover (on roll after our play: the result's player) has two checkers on his 1 and 2
    # points: 2-1 bears off both, or one of them.
    result = Position(player=(1, 1) + (0,) * 23, opponent=(0,) * 6 + (3,) * 5 + (0,) * 14)
    replies = legal_sequences(result, (2, 1))
    done = [r for r in replies if not any(r[0])]
    assert done and len(replies) > 1
    kept = ev.best_replies(replies, 1)
    assert kept == done[:1]


def test_the_pruning_net_keeps_the_full_nets_best_reply_nearly_always():
    ev = default_evaluator()
    rolls = kept_best = 0
    for result in _results(11, 12):
        for roll in ROLLS:
            replies = legal_sequences(result, roll)
            if len(replies) <= REPLIES_KEPT:
                continue
            best = min(_ours(ev, mover, us) for mover, us, _ in replies)
            kept = min(_ours(ev, mover, us) for mover, us, _ in ev.best_replies(replies, REPLIES_KEPT))
            rolls += 1
            kept_best += kept == best
    assert rolls > 100
    assert kept_best / rolls >= 0.9  # 97 % on tools/train/prune.py's held-out turns


def test_a_pruned_look_ahead_counts_every_reply_and_values_no_lower(monkeypatch):
    ev = default_evaluator()
    result = _results(5, 1)[0]
    pruned_tally = Tally()
    pruned = finish(one_ply_value_steps(ev, result, pruned_tally))
    monkeypatch.setattr(search, "REPLIES_KEPT", math.inf)
    full_tally = Tally()
    full = finish(one_ply_value_steps(ev, result, full_tally))
    assert pruned_tally.count == full_tally.count == sum(len(legal_sequences(result, r)) for r in ROLLS)
    assert pruned >= full - 1e-12  # a roll's best reply left out can only raise the value
    assert pruned == pytest.approx(full, abs=0.05)
