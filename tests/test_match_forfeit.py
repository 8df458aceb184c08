"""Match.forfeit (online play: a withheld die, a player away too long): scoring, the event, redo,
the save file and the compact log."""

from __future__ import annotations

import pytest

from tavli.events import Forfeited, as_dicts, event_from_dict
from tavli.formats import savefile, savelog
from tavli.match import Match, MatchError
from tavli.scoring import Rules


def _started(length=5, **kw):
    match = Match(length, Rules.international(), seed=3, **kw)
    match.roll()
    return match


@pytest.mark.parametrize("reason", ["timeout", "resign-match"])
def test_a_forfeit_gives_the_opponent_the_match(reason):
    match = _started()
    match.forfeit(1, reason)
    assert match.phase == "match-over" and match.winner == 0 and match.end_reason == reason
    assert match.scores == [5, 0]
    kinds = [e["type"] for e in as_dicts(match.log)[-3:]]
    assert kinds == ["forfeit", "win", "match-over"]
    assert match.log[-3] == Forfeited(1, match.end_reason)


def test_money_play_forfeit_counts_as_resigning_the_match():
    match, resigned = _started(length=None), _started(length=None)
    match.forfeit(0, "timeout")
    resigned.resign_match(0)
    assert match.winner == 1 and match.scores == resigned.scores and match.result.points == resigned.result.points


@pytest.mark.parametrize("reason", ["drop", "resign", "bear-off", "nonsense"])
def test_only_time_or_leaving_forfeit_a_match(reason):
    match = _started()
    before = match.snapshot()
    with pytest.raises((MatchError, ValueError)):
        match.forfeit(0, reason)
    assert match.snapshot() == before


def test_a_match_over_cannot_be_forfeited_nor_a_third_player():
    match = _started()
    with pytest.raises(MatchError):
        match.forfeit(2, "timeout")
    match.resign_match(0)
    with pytest.raises(MatchError, match="already over"):
        match.forfeit(0, "timeout")


def test_a_forfeit_replays_and_round_trips_the_save_file():
    match = _started(variant="plakoto", length=3)
    match.forfeit(0, "resign-match", now=None)
    data = as_dicts(match.log)
    assert event_from_dict(data[-3]) == match.log[-3]
    again = Match.replay(match.log, 3, variant="plakoto")
    assert again.snapshot().log == match.snapshot().log and again.winner == 1
    loaded = savefile.loads(savefile.dumps(match, now=0))
    assert loaded.winner == 1 and loaded.end_reason == "resign-match" and loaded.log[-3] == match.log[-3]


def test_the_compact_log_keeps_a_forfeit():
    event = {"type": "forfeit", "player": 1, "reason": "timeout"}
    game = [{"type": "game", "game": 1, "scores": [0, 0], "crawford": False}]
    log = game + [event] + [{"type": "game", "game": 2, "scores": [0, 0], "crawford": False}]
    assert savelog.expand(savelog.compact(log)) == log
