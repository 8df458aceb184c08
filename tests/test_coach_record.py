"""tavli.coach.record: a match's log walked again, decision by decision."""

from __future__ import annotations

import pytest

from tavli import Match
from tavli.ai import make_player
from tavli.coach.record import StepKind, game_records
from tavli.events import Played
from tavli.scoring import Rules


def played_match(variant: str, length: int | None, seed: int, rules: Rules | None = None, limit: int = 5000) -> Match:
    """A match between two Intermediate bots (noisy: they make mistakes), ``limit`` actions at most."""
    m = Match(length, rules, variant=variant, seed=seed)
    bots = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
    for _ in range(limit):
        if m.is_over():
            break
        if m.phase == "game-over":
            m.next_game()
            continue
        who = m.to_act
        if who is None:
            m.roll()
            continue
        bots[who].act(m, who)
    return m


@pytest.mark.parametrize("variant,length", [("portes", 5), ("plakoto", 3), ("fevga", 3)])
def test_every_play_is_a_step_and_the_boards_chain(variant: str, length: int) -> None:
    m = played_match(variant, length, seed=11)
    records = game_records(m)
    plays = [e for e in m.log if isinstance(e, Played)]
    steps = [s for r in records for s in r.steps if s.kind is StepKind.PLAY]
    assert [(s.player, s.dice, s.moves) for s in steps] == [(e.player, e.dice, e.moves) for e in plays]
    assert [r.number for r in records] == list(range(1, len(records) + 1))
    assert all(r.result is not None for r in records)  # the match is over: every game ended
    for record in records:
        assert record.steps[0].board == record.start
        for a, b in zip(record.steps, record.steps[1:]):
            assert b.board == a.after  # nothing happens to the checkers between two steps
        for s in record.steps:
            if s.kind is StepKind.PLAY:
                assert s.position == (s.board if s.player == 0 else s.board.swap())
                assert s.number >= 1 and (bool(s.text) == bool(s.moves))  # a pass has no text


def test_the_game_in_progress_is_the_last_record_and_the_match_is_untouched() -> None:
    m = Match(3, seed=4)
    m.roll()
    m.play(m.turn.plays[0])
    log = list(m.log)
    records = game_records(m)
    assert m.log == log
    assert len(records) == 1 and records[0].result is None
    assert [s.kind for s in records[0].steps] == [StepKind.PLAY]


def test_cube_actions_are_steps_with_the_cube_before() -> None:
    m = played_match("portes", 7, seed=3)
    cube_steps = [s for r in game_records(m) for s in r.steps if s.kind in (StepKind.DOUBLE, StepKind.TAKE)]
    assert cube_steps, "the intermediate bots double in a 7-point match"
    for s in cube_steps:
        if s.kind is StepKind.DOUBLE:
            assert s.text == f"Doubles => {2 * s.cube}"
