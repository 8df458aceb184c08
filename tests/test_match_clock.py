"""Match with a clock (tavli.clock), driven by time passed in: Standard and Blitz."""

from __future__ import annotations

import json

import pytest

from tavli.clock import Clock
from tavli.events import as_dicts
from tavli.formats import savefile
from tavli.match import Match, MatchError


def standard(seed: int = 4, length: int | None = 5) -> Match:
    return Match(length, seed=seed, clock=Clock("standard"), time=lambda: pytest.fail("time must be passed in"))


def blitz(seed: int = 4, length: int | None = 5) -> Match:
    return Match(length, seed=seed, clock=Clock("blitz"), time=lambda: pytest.fail("time must be passed in"))


def players(match: Match, now: float):
    return match.clock_state(now).players


def test_the_clock_runs_for_the_roller_and_mover():
    match = standard()
    assert match.clock_state(0.0).active is None  # nobody's time before the opening roll
    match.roll(0.0)
    mover = match.on_roll
    state = match.clock_state(4.0)
    assert state.running == mover and state.players[mover].move_left == 11.0
    match.play(match.turn.plays[0], 4.0)
    other = 1 - mover
    assert match.clock_state(4.0).running == other
    match.roll(6.0)  # rolling and moving are one act: his timer runs from 4.0
    assert players(match, 10.0)[other].move_left == 9.0


def test_a_fast_turn_grows_the_bank_up_to_the_cap():
    match = standard()
    match.roll(0.0)
    mover = match.on_roll
    match.play(match.turn.plays[0], 3.0)  # 12 s of 15 left: + 5 * 12 / 15 = 4 s
    assert players(match, 3.0)[mover].bank_left == pytest.approx(24.0)
    t = 3.0
    for _ in range(60):  # instant turns: + 5 s each, up to 120 s
        if match.phase == "game-over":
            match.next_game(t)
        if match.phase in ("opening", "roll"):
            match.roll(t)
        match.play(match.turn.plays[0], t)
    banks = [p.bank_left for p in players(match, t)]
    assert banks == [120.0, 120.0]


def test_the_bank_warns_below_five_seconds_and_its_end_loses_the_match():
    match = standard(length=7)
    match.roll(0.0)
    slow = match.on_roll
    assert not players(match, 30.0)[slow].warning  # 15 s timer, then 15 of 20 s used: 5 s left
    assert players(match, 31.0)[slow].warning
    match.update(34.9)
    assert match.phase == "move"
    match.update(35.5)
    assert match.phase == "match-over" and match.winner == 1 - slow and match.end_reason == "timeout"
    assert match.scores[1 - slow] == 7
    assert {"type": "timeout", "player": slow, "t": 35.5} in as_dicts(match.log)
    with pytest.raises(MatchError, match="ran out of time"):
        match.end_turn(36.0)


def test_an_action_after_the_flag_finds_the_match_lost():
    match = standard()
    match.roll(0.0)
    slow = match.on_roll
    with pytest.raises(MatchError, match=f"player {slow} ran out of time"):
        match.play(match.turn.plays[0], 100.0)
    assert match.winner == 1 - slow


def test_the_clock_runs_for_the_player_deciding_on_a_double():
    match = standard(seed=7)
    match.roll(0.0)
    match.play(match.turn.plays[0], 1.0)
    doubler = match.on_roll
    match.double(5.0)  # 4 s of the doubler's timer used
    taker = 1 - doubler
    state = match.clock_state(8.0)
    assert state.running == taker and state.players[taker].move_left == 12.0
    match.take(8.0)
    state = match.clock_state(8.0)
    assert state.running == doubler
    assert state.players[doubler].move_left == pytest.approx(11.0)  # his act goes on where it stopped


def test_the_clock_runs_for_the_player_deciding_on_a_resignation():
    match = standard(seed=7)
    match.roll(0.0)
    match.play(match.turn.plays[0], 1.0)
    resigner = match.on_roll
    match.offer_resignation("gammon", 2.0)
    assert match.clock_state(3.0).running == 1 - resigner
    match.refuse_resignation(3.0)
    assert match.clock_state(3.0).running == resigner
    match.offer_resignation("backgammon", 4.0)
    assert match.phase == "game-over" and match.clock_state(9.0).running is None


def _flag_blitz(match: Match) -> int:
    match.roll(0.0)
    slow = match.on_roll
    match.update(100.0)
    assert match.flagged is None
    match.update(101.5)  # 11 s + 90 s reserve
    assert match.flagged == slow and match.phase == "move"
    return slow


def test_blitz_the_opponent_may_claim_the_win_as_a_gammon():
    match = blitz()
    slow = _flag_blitz(match)
    assert "claim-timeout" in match.legal_actions()
    assert not match.can_claim(slow)
    with pytest.raises(MatchError, match=f"only player {1 - slow}"):
        match.claim_timeout(102.0, player=slow)
    score = match.claim_timeout(102.0, player=1 - slow)
    assert (score.winner, score.points, score.reason) == (1 - slow, 2, "timeout")
    assert match.phase == "game-over" and match.scores[1 - slow] == 2
    assert [e["type"] for e in as_dicts(match.log) if e["type"] in ("timeout", "claim")] == ["timeout", "claim"]


def test_blitz_claim_counts_twice_the_cube():
    match = blitz(seed=9, length=None)
    match.roll(0.0)
    match.play(match.turn.plays[0], 1.0)
    doubler = match.on_roll
    match.double(2.0)
    match.take(3.0)
    match.update(3.0 + 11 + 91)  # the doubler's act went on from where it stopped
    assert match.flagged == doubler
    score = match.claim_timeout(200.0)
    assert (score.cube, score.points) == (2, 4)  # a gammon, Jacoby or not


def test_blitz_play_on_after_a_flag():
    match = blitz()
    slow = _flag_blitz(match)
    match.play(match.turn.plays[0], 102.0)  # the opponent does not claim: play goes on
    assert match.can_claim(1 - slow)  # the claim stays open for the rest of the game
    match.offer_resignation("backgammon", 103.0)
    match.next_game(104.0)
    match.roll(104.0)
    assert match.flagged is None and not match.can_claim()  # a new game: no claim for the old flag
    start = 104.0
    if match.on_roll != slow:
        start = 105.0
        match.play(match.turn.plays[0], start)
    match.update(start + 10.0)
    assert match.flagged is None  # within his 11 s for the turn
    match.update(start + 12.0)
    assert match.flagged == slow  # over his turn time with no reserve: the claim opens again


def test_no_claim_without_a_flag():
    match = blitz()
    match.roll(0.0)
    with pytest.raises(MatchError, match="no one has run out of time"):
        match.claim_timeout(5.0)


def test_a_saved_match_keeps_its_clock():
    match = standard(seed=3)
    match.roll(0.0)
    match.play(match.turn.plays[0], 2.0)
    match.roll(4.0)
    text = savefile.dumps(match, now=9.0)
    assert json.loads(text)["log"][-1] == {"type": "pause", "t": 9.0}  # the saved copy waits
    copy = savefile.loads(text, time=lambda: pytest.fail("time must be passed in"))
    assert savefile.dumps(copy, now=9.0) == text
    times = lambda state: [(p.move_left, p.bank_left) for p in state.players]  # noqa: E731
    assert times(copy.clock_state(50.0)) == times(match.clock_state(9.0))  # paused while away
    assert copy.clock_state(50.0).paused
    copy.resume(60.0)  # the page shows the match again: time runs on from where it was saved
    play = match.turn.plays[0]
    match.play(play, 10.0)
    copy.play(play, 61.0)
    mine, theirs = json.loads(savefile.dumps(match, now=12.0)), json.loads(savefile.dumps(copy, now=63.0))
    assert mine["clock"] == theirs["clock"] and mine["state"] == theirs["state"]
    assert [e["type"] for e in theirs["log"][-4:]] == ["pause", "resume", "play", "pause"]


def test_a_saved_match_replays_with_its_pauses():
    match = standard(seed=3)
    match.roll(0.0)
    match.play(match.turn.plays[0], 2.0)
    copy = savefile.loads(savefile.dumps(match, now=5.0))
    copy.resume(100.0)
    copy.roll(101.0)
    copy.play(copy.turn.plays[0], 103.0)
    again = Match.replay(copy.log, 5, clock=Clock("standard"))
    assert json.loads(savefile.dumps(again, now=110.0))["clock"] == json.loads(savefile.dumps(copy, now=110.0))["clock"]


def test_pause_and_resume_stop_the_time():
    match = standard()
    match.roll(0.0)
    mover = match.on_roll
    match.pause(5.0)
    assert players(match, 500.0)[mover].move_left == 10.0
    match.resume(500.0)
    assert players(match, 502.0)[mover].move_left == 8.0
    assert [e["type"] for e in as_dicts(match.log)[-2:]] == ["pause", "resume"]


def test_a_clocked_match_replays_from_its_log():
    match = standard(seed=5)
    t = 0.0
    for _ in range(12):
        t += 3.0
        if match.phase in ("opening", "roll"):
            match.roll(t)
        else:
            match.play(match.turn.plays[0], t)
    match.update(t + 300.0)
    assert match.end_reason == "timeout"
    again = Match.replay(match.log, 5, clock=Clock("standard"))
    mine, theirs = json.loads(savefile.dumps(match, now=t + 300.0)), json.loads(savefile.dumps(again, now=t + 300.0))
    del mine["dice"], theirs["dice"]  # seeded dice there, the recorded ones here
    assert mine == theirs
