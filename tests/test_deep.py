"""tavli.ai.deep: the Grandmaster's 2-ply search with move filters, counted in evaluations."""

from __future__ import annotations

from typing import Any

import pytest

from tavli.ai.deep import DeepOptions, DeepSearch, best_reply, choose
from tavli.ai.evaluator import Evaluator, default_evaluator
from tavli.ai.players import LEVELS, AIPlayer, make_player
from tavli.ai.search import ROLL_WEIGHTS, ROLLS
from tavli.games.portes import Position, legal_plays, outcome_of
from tavli.steps import finish
from tests.test_thinking import _game_positions

EXHAUSTIVE = DeepOptions(first_keep=1000, first_margin=1e9, second_keep=1000, second_margin=1e9, prune=None,
                         budget=None)


@pytest.fixture(scope="module")
def ev() -> Evaluator:
    return default_evaluator()


def _side(points: dict[int, int]) -> tuple[int, ...]:
    """25 counts (index 24: the bar) from {point: checkers}, points 1..24 in the side's numbering."""
    side = [0] * 25
    for p, n in points.items():
        side[p - 1] = n
    return tuple(side)


def _positions(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions of random games (tests/test_thinking.py), each with a roll of several legal plays."""
    out: list[tuple[Position, tuple[int, int]]] = []
    while len(out) < count:
        out += _game_positions(seed, 200)
        seed += 1000
    return out[:count]


def _brute_two_ply(ev: Evaluator, result: Position) -> float:
    """The 2-ply value of a play's result for its mover, written plainly: for each opponent roll his
    best reply by 0-ply; then for each of our rolls our best play by 0-ply; roll-weighted means."""
    if outcome_of(result) is not None:
        return ev.play_equity(result)
    total = 0.0
    for roll, w in zip(ROLLS, ROLL_WEIGHTS):
        reply = max(legal_plays(result, roll), key=lambda p: ev.play_equity(p.result))
        after = reply.result  # we are on roll
        if outcome_of(after) is not None:
            total += w * -ev.play_equity(after)
            continue
        here = 0.0
        for roll2, w2 in zip(ROLLS, ROLL_WEIGHTS):
            here += w2 * max(ev.play_equity(p.result) for p in legal_plays(after, roll2))
        total += w * here
    return total


def test_the_search_is_deterministic(ev: Evaluator) -> None:
    for pos, dice in _positions(3, 4):
        plays = legal_plays(pos, dice)
        a, b = DeepSearch(ev), DeepSearch(ev)
        assert finish(a.choose_steps(plays)) == finish(b.choose_steps(plays))
        assert a.report == b.report


def test_it_takes_the_play_that_wins(ev: Evaluator) -> None:
    # Two checkers left, on the 6 and 1 points: 6-1 bears both off (6/off 1/off) or not (6/5, 5/off),
    # and then he, two checkers on his 1 point, bears them off: a win against a loss.
    pos = Position(_side({6: 1, 1: 1}), _side({1: 2}))
    plays = legal_plays(pos, (6, 1))
    assert len(plays) > 1
    play = choose(ev, plays)
    assert outcome_of(play.result) is not None


def test_ties_go_to_the_better_play_at_0_ply(ev: Evaluator) -> None:
    # 6-1 bears off the last two checkers (a gammon now) or leaves one (a gammon next turn, as sure:
    # he cannot bear off with every checker outside his home): equal at 2-ply; the win now is
    # better at 0-ply.
    pos = Position(_side({6: 1, 1: 1}), _side({13: 5, 8: 5, 6: 5}))
    play = choose(ev, legal_plays(pos, (6, 1)))
    assert outcome_of(play.result) is not None


def test_it_agrees_with_a_plain_exhaustive_two_ply(ev: Evaluator) -> None:
    # A small race, each side a few checkers from home: every play valued at 2-ply, nothing pruned.
    pos = Position(_side({8: 1, 7: 1, 3: 1}), _side({9: 1, 5: 1, 2: 1}))
    plays = legal_plays(pos, (3, 1))
    assert len(plays) >= 3
    search = DeepSearch(ev, EXHAUSTIVE)
    chosen = finish(search.choose_steps(plays))
    brute = {str(p): _brute_two_ply(ev, p.result) for p in plays}
    assert search.report.two_ply == len(plays)
    for value, ply, text in search.report.values:
        assert ply == 2 and value == pytest.approx(brute[text], abs=1e-9)
    assert brute[str(chosen)] == pytest.approx(max(brute.values()), abs=1e-12)


def test_the_budget_bounds_the_work(ev: Evaluator) -> None:
    positions = _positions(11, 6)
    for pos, dice in positions:
        plays = legal_plays(pos, dice)
        small = DeepSearch(ev, DeepOptions(budget=2_000))
        finish(small.choose_steps(plays))
        assert small.report.two_ply == 0  # no 2-ply fits
        assert small.report.one_ply <= 2 or small.report.evaluations <= 2_000 + 30 * len(ROLLS)
        budget = 12_000
        bounded = DeepSearch(ev, DeepOptions(budget=budget))
        finish(bounded.choose_steps(plays))
        # the last roll looked at may pass the budget by its own replies (a double: a few hundred)
        assert bounded.report.evaluations <= budget + 500 or bounded.report.one_ply <= 2


def test_best_reply_values_every_result_of_the_roll(ev: Evaluator) -> None:
    pos, dice = _positions(5, 1)[0]
    value, me, opp, count = best_reply(ev, pos, dice)
    plays = legal_plays(pos, dice)
    assert count == len(plays)
    assert value == pytest.approx(max(ev.play_equity(p.result) for p in plays), abs=1e-12)
    assert (tuple(opp), tuple(me)) in {(p.result.player, p.result.opponent) for p in plays}


def test_the_search_yields_often(ev: Evaluator) -> None:
    pos, dice = _positions(7, 1)[0]
    steps = DeepSearch(ev, DeepOptions()).choose_steps(legal_plays(pos, dice))
    n = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        n += 1
    assert n >= len(ROLLS)  # at least a yield per roll of the look-ahead


def test_grandmaster_is_a_level_above_champion() -> None:
    assert list(LEVELS)[-2:] == ["champion", "grandmaster"]
    bot: Any = make_player("grandmaster")
    assert isinstance(bot, AIPlayer) and bot.level.deep is not None
    assert LEVELS["champion"].deep is None


def test_the_grandmaster_plays_with_the_deep_search(ev: Evaluator) -> None:
    bot = AIPlayer("grandmaster", evaluator=ev)
    pos, dice = _positions(9, 1)[0]
    play = bot.choose_play(pos, dice)
    assert bot.last_search is not None and bot.last_search.report.evaluations > len(legal_plays(pos, dice))
    assert play == choose(ev, legal_plays(pos, dice))
