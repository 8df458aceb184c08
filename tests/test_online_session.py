"""Two online sessions over an in-memory pipe (tests/online_pipe.py) play whole matches: every
variant, the cube and resignations, the clocks, reconnections and reloads, concurrent actions."""

from __future__ import annotations

import json

import pytest

from tavli.events import TimedOut
from tavli.online.errors import ProtocolError
from tavli.online.messages import decode
from tavli.online.session import FLAG_GRACE, Ending, Role, Session
from tavli.online.terms import Terms
from tavli.phase import Phase
from tests.online_pipe import GUEST_SKEW, Driver, Pipe


def terms(variant="portes", length=3, clock="off", rules="international", speed=1.0, **options):
    return Terms(variant, length, rules, clock, options, speed)


def shared_log(session):
    """The replica's log as the save file writes it, times and local clock observations left out."""
    return [{k: v for k, v in e.to_dict().items() if k != "t"} for e in session.match.log if not isinstance(e, TimedOut)]


def assert_agree(pipe):
    host, guest = pipe.host.match, pipe.guest.match
    assert (host.phase, host.scores, host.winner, host.game_number, host.end_reason) == (
        guest.phase, guest.scores, guest.winner, guest.game_number, guest.end_reason)
    assert host.game.position_for(0) == guest.game.position_for(0)
    assert shared_log(pipe.host) == shared_log(pipe.guest)


def reloaded(session, clock):
    """The session as a reload makes it again from what it stored."""
    return Session.from_dict(json.loads(json.dumps(session.to_dict())), clock=clock)


@pytest.mark.parametrize("variant, seed", [("portes", 1), ("portes", 2), ("plakoto", 3), ("fevga", 4), ("tavli", 5)])
def test_whole_matches_agree_on_both_sides(variant, seed):
    pipe = Pipe(terms(variant, 5 if variant == "tavli" else 3, rules="international" if variant == "portes" else "greek"))
    pipe.start()
    assert pipe.host.names == ("Hostess", "Guest") == pipe.guest.names
    Driver(pipe, seed, cube=0.3, resign=0.05).play()
    assert pipe.host.match.phase == Phase.MATCH_OVER and not pipe.host.broken and not pipe.guest.broken
    assert_agree(pipe)
    for side in (0, 1):
        again = reloaded(pipe.sessions[side], pipe.clocks[side])
        assert again.match.winner == pipe.host.match.winner and again.seq == pipe.host.seq
        assert shared_log(again) == shared_log(pipe.host)
    kinds = {s.action.do.value for s in pipe.host.actions}
    assert {"opening", "roll", "play"} <= kinds
    if variant == "portes":
        assert {"double"} <= kinds and ({"take", "drop"} & kinds)


def test_the_cube_and_resignations_are_answered_by_the_other_side():
    pipe = Pipe(terms())
    pipe.start()
    host = pipe.host
    while host.match.phase != Phase.ROLL:
        Driver(pipe, 9).step()
    roller = pipe.sessions[host.match.to_act]
    other = pipe.sessions[1 - host.match.to_act]
    roller.match.double()
    roller.sync_local(pipe.now(roller.seat))
    pipe.pump()
    assert other.match.phase == Phase.CUBE and other.match.to_act == other.seat
    other.match.take()
    other.sync_local(pipe.now(other.seat))
    pipe.pump()
    assert roller.match.cube == 2 == other.match.cube and roller.match.cube_owner == other.seat
    roller.match.offer_resignation("single")
    roller.sync_local(pipe.now(roller.seat))
    pipe.pump()
    assert other.match.phase == Phase.RESIGN
    other.match.refuse_resignation()
    other.sync_local(pipe.now(other.seat))
    pipe.pump()
    roller.match.offer_resignation("backgammon")  # the highest: accepted at once
    roller.sync_local(pipe.now(roller.seat))
    pipe.pump()
    assert_agree(pipe)
    assert other.match.scores[other.seat] == 3 * 2 or other.match.phase == Phase.MATCH_OVER


def test_the_guest_learns_the_session_time_and_both_clocks_agree_exactly():
    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    host, guest = pipe.host, pipe.guest
    assert abs(guest.session_time(pipe.now(1)) - host.session_time(pipe.now(0))) < 0.01
    driver = Driver(pipe, 4, think=4.0)
    for _ in range(30):
        driver.step()
    at = host.actions[-1].action.at
    assert host.match.clock.state(at) == guest.match.clock.state(at)
    assert_agree(pipe)


def _to_roll(pipe, seed=5):
    driver = Driver(pipe, seed, cube=0, resign=0)
    while pipe.host.match.phase != Phase.ROLL or pipe.host.rolling or pipe.guest.rolling:
        driver.step()
    side = pipe.host.match.to_act
    return pipe.sessions[side], pipe.sessions[1 - side]


def test_a_standard_flag_ends_the_match_on_both_sides_without_a_message():
    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    mover, other = _to_roll(pipe)
    pipe.advance(15 + 20 + 0.5)  # the move timer and the bank
    sent = len(pipe.sent)
    mover_update = mover.tick(pipe.now(mover.seat))
    assert mover.match.phase == Phase.MATCH_OVER and mover.match.end_reason == "timeout"
    assert mover.match.winner == other.seat and mover_update.events
    other.tick(pipe.now(other.seat))
    assert other.match.phase != Phase.MATCH_OVER  # the peer's flag is read FLAG_GRACE late
    pipe.advance(FLAG_GRACE)
    other.tick(pipe.now(other.seat))
    pipe.pump()
    assert len(pipe.sent) == sent
    assert other.match.phase == Phase.MATCH_OVER and other.match.winner == other.seat
    assert not mover.broken and not other.broken


def test_a_play_sent_just_before_the_flag_is_taken_after_it():
    pipe = Pipe(terms(clock="standard"), latency=2.5)
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    mine = mover.match.clock_state(mover.session_time(pipe.now(mover.seat))).players[mover.seat]
    pipe.advance(mine.move_left + mine.bank_left - 0.5)  # the play leaves 0.5 s before the flag, arrives 2 s after
    mover.match.play(mover.match.turn.plays[0])
    mover.sync_local(pipe.now(mover.seat))
    pipe.pump()
    assert other.match.phase == Phase.ROLL and not other.broken
    assert_agree(pipe)


def test_a_blitz_flag_is_claimed_by_the_opponent():
    pipe = Pipe(terms(clock="blitz", length=5, speed=10.0))
    pipe.start()
    mover, other = _to_roll(pipe)
    pipe.advance((11 + 90) / 10 + 0.1)
    mover.tick(pipe.now(mover.seat))
    assert mover.match.flagged == mover.seat and mover.match.phase == Phase.ROLL
    other.tick(pipe.now(other.seat))
    assert not other.match.can_claim(other.seat)  # not yet: the grace
    pipe.advance(FLAG_GRACE)
    other.tick(pipe.now(other.seat))
    assert other.match.can_claim(other.seat)
    other.match.claim_timeout(player=other.seat)
    other.sync_local(pipe.now(other.seat))
    pipe.pump()
    assert mover.match.phase == other.match.phase == Phase.GAME_OVER
    assert mover.match.result.reason == "timeout" and mover.match.result.winner == other.seat
    assert_agree(pipe)


@pytest.mark.parametrize("lost", ["roll", "reveal", "play", "check"])
def test_a_reconnection_mid_turn_resends_what_was_lost(lost):
    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    mover, other = _to_roll(pipe, seed=11)
    kinds = {"roll": "act", "reveal": "reveal", "play": "act", "check": "check"}
    dropped = []

    def drop(side, text):
        msg = decode(text)
        if msg.type == kinds[lost] and (lost != "play" or getattr(msg, "action", None) and msg.action.do == "play"):
            dropped.append(text)
            pipe.disconnect(lose=False)
            return None
        return text

    if lost in ("roll", "reveal"):
        pipe.tamper = drop
        mover.want_roll(pipe.now(mover.seat))
        pipe.pump()
    else:
        mover.want_roll(pipe.now(mover.seat))
        pipe.pump()
        pipe.tamper = drop
        mover.match.play(mover.match.turn.plays[-1])
        mover.sync_local(pipe.now(mover.seat))
        pipe.pump()
    assert dropped and not pipe.up
    pipe.tamper = None
    pipe.advance(30)
    assert mover.absent_for(pipe.now(mover.seat)) == pytest.approx(30, abs=1)
    pipe.connect()
    assert mover.absent_for(pipe.now(mover.seat)) is None and not mover.rolling
    if lost in ("roll", "reveal"):
        assert mover.match.phase == other.match.phase == Phase.MOVE
    else:
        assert other.match.phase == Phase.ROLL and other.match.to_act == other.seat
    assert_agree(pipe)
    Driver(pipe, 12).play()
    assert_agree(pipe)
    assert not mover.broken and not other.broken


def test_a_reload_mid_match_rejoins_and_plays_on():
    pipe = Pipe(terms("plakoto", rules="greek", clock="blitz"))
    pipe.start()
    driver = Driver(pipe, 21)
    for _ in range(25):
        driver.step()
    side = 1
    pipe.disconnect()
    pipe.sessions[side] = reloaded(pipe.sessions[side], pipe.clocks[side])
    assert pipe.sessions[side].absent_for(pipe.now(side)) == 0
    pipe.advance(5)
    pipe.connect()
    assert_agree(pipe)
    driver.play()
    assert_agree(pipe)
    assert pipe.host.match.phase == Phase.MATCH_OVER


def test_a_terminal_action_wins_over_a_concurrent_play():
    pipe = Pipe(terms())
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    before = mover.seq
    mover.match.play(mover.match.turn.plays[0])
    mover.sync_local(pipe.now(mover.seat))
    other.resign_match(pipe.now(other.seat))  # before the play arrives
    pipe.pump()
    for s in (mover, other):
        assert s.match.phase == Phase.MATCH_OVER and s.match.winner == mover.seat and s.match.end_reason == "resign-match"
        assert s.seq == before + 1 and s.actions[-1].action.do == "resign-match"
    assert any(u.rolled_back for u in pipe.updates[mover.seat])
    assert_agree(pipe)


def test_two_next_games_at_once_are_one_at_the_hosts_time():
    pipe = Pipe(terms("plakoto", length=5, rules="greek", clock="standard"))
    pipe.start()
    driver = Driver(pipe, 8)
    while pipe.host.match.phase != Phase.GAME_OVER:
        driver.step()
    pipe.advance(1)
    for side in (0, 1):
        pipe.sessions[side].match.next_game()
        pipe.sessions[side].sync_local(pipe.now(side))
        pipe.advance(0.3)
    pipe.pump()
    assert pipe.host.seq == pipe.guest.seq and pipe.host.actions[-1] == pipe.guest.actions[-1]
    assert pipe.guest.actions[-1].by == 0
    assert_agree(pipe)
    driver.play()
    assert_agree(pipe)


def test_a_claim_and_a_play_at_once_the_claim_wins():
    pipe = Pipe(terms(clock="blitz", length=5, speed=10.0))
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    pipe.advance((11 + 90) / 10 + FLAG_GRACE + 0.2)
    other.tick(pipe.now(other.seat))
    mover.match.play(mover.match.turn.plays[0])  # played on, flagged
    mover.sync_local(pipe.now(mover.seat))
    other.match.claim_timeout(player=other.seat)
    other.sync_local(pipe.now(other.seat))
    pipe.pump()
    assert mover.match.phase == Phase.GAME_OVER and mover.match.result.reason == "timeout"
    assert_agree(pipe)


def test_a_peer_away_past_the_grace_may_be_forfeited_and_learns_it_on_return():
    pipe = Pipe(terms(), grace=60)
    pipe.start()
    waiting, away = _to_roll(pipe)
    pipe.disconnect()
    pipe.advance(59)
    assert not waiting.can_claim_abandoned(pipe.now(waiting.seat))
    with pytest.raises(ValueError):
        waiting.claim_abandoned(pipe.now(waiting.seat))
    pipe.advance(2)
    assert waiting.can_claim_abandoned(pipe.now(waiting.seat))
    waiting.claim_abandoned(pipe.now(waiting.seat))
    assert waiting.match.winner == waiting.seat and waiting.match.end_reason == "resign-match"
    assert waiting.broken.ending == Ending.ABANDONED and waiting.broken.peer_at_fault
    pipe.connect()
    assert away.match.winner == waiting.seat and away.broken.ending == Ending.ABANDONED and not away.broken.peer_at_fault
    assert_agree(pipe)


def test_leaving_resigns_the_match_and_says_bye():
    pipe = Pipe(terms())
    pipe.start()
    pipe.guest.leave(pipe.now(1))
    pipe.pump()
    assert pipe.host.match.winner == 0 and pipe.host.match.end_reason == "resign-match" and not pipe.host.broken
    assert not pipe.host.here


def test_a_guest_who_declines_closes_the_lobby():
    pipe = Pipe(terms())
    pipe.connect()
    assert pipe.guest.terms == terms() and any(u.offered for u in pipe.updates[1])
    pipe.guest.leave(pipe.now(1))
    pipe.pump()
    assert pipe.host.match is None and pipe.host.broken.ending == Ending.LEFT


def test_the_sessions_keep_what_they_must_between_visits():
    pipe = Pipe(terms())
    pipe.connect()
    host = reloaded(pipe.host, pipe.clocks[0])
    assert host.match is None and host.terms == pipe.host.terms and host.session_time(pipe.now(0)) == pipe.host.session_time(pipe.now(0))
    assert reloaded(pipe.guest, pipe.clocks[1]).terms == terms()
    with pytest.raises(ValueError):
        Session(Role.GUEST, "x", terms=terms())
    assert GUEST_SKEW


def test_a_reload_from_a_save_older_than_what_was_sent_is_a_mismatch():
    pipe = Pipe(terms())
    pipe.start()
    mover, other = _to_roll(pipe)
    kept = json.loads(json.dumps(mover.to_dict()))
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    pipe.disconnect()
    pipe.sessions[mover.seat] = Session.from_dict(kept, clock=pipe.clocks[mover.seat])
    pipe.connect()
    assert other.broken.ending == Ending.MISMATCH and "older save" in other.broken.detail
    assert pipe.sessions[mover.seat].broken.ending == Ending.MISMATCH


def test_resigning_while_our_roll_waits_for_the_die():
    pipe = Pipe(terms())
    pipe.start()
    mover, other = _to_roll(pipe)
    pipe.tamper = lambda side, text: None if decode(text).type == "reveal" else text
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    assert mover.rolling
    mover.resign_match(pipe.now(mover.seat))
    pipe.pump()
    for s in (mover, other):
        assert s.match.winner == other.seat and s.match.end_reason == "resign-match"
    assert mover.to_dict()["actions"][-2]["reveal"] is None  # the roll never counted on the roller's side


@pytest.mark.parametrize("what", ["auto-roll", "pause", "the peer's move", "while rolling"])
def test_local_actions_that_are_not_shared_are_refused_and_undone(what):
    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    mover, other = _to_roll(pipe)
    session, m = mover, mover.match
    if what == "auto-roll":
        m.set_auto_roll(mover.seat, True)
    elif what == "pause":
        m.pause()
    elif what == "the peer's move":
        session, m = other, other.match
        m.double(player=mover.seat)
    else:
        mover.want_roll(pipe.now(mover.seat))
        pipe.tamper = lambda side, text: None
        m.double()
    before = len(session.actions)
    with pytest.raises(ValueError):
        session.sync_local(pipe.now(session.seat))
    assert len(session.actions) == before and not session.outbox()[1:]
    assert m.phase == Phase.ROLL and m.cube == 1 and not m.auto_roll[mover.seat]
    assert not m.clock.state(m.now()).paused


def test_our_roll_rolled_back_by_a_concurrent_resignation():
    pipe = Pipe(terms())
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.want_roll(pipe.now(mover.seat))
    other.resign_match(pipe.now(other.seat))
    pipe.pump()
    for s in (mover, other):
        assert s.match.winner == mover.seat and s.actions[-1].action.do == "resign-match" and not s.rolling
    assert [s.action.do for s in mover.actions] == [s.action.do for s in other.actions]
    assert_agree(pipe)


def test_concurrent_actions_both_lost_are_settled_on_reconnection():
    pipe = Pipe(terms(), grace=60)
    pipe.start()
    mover, other = _to_roll(pipe)
    pipe.disconnect()
    mover.want_roll(pipe.now(mover.seat))
    other.resign_match(pipe.now(other.seat))
    pipe.advance(10)
    pipe.connect()
    for s in (mover, other):
        assert s.match.winner == mover.seat and s.actions[-1].action.do == "resign-match" and not s.broken
    assert_agree(pipe)


def test_a_session_that_stopped_tells_the_peer_again_when_he_returns():
    pipe = Pipe(terms())
    pipe.start()
    pipe.disconnect()
    pipe.host.receive("garbage", pipe.now(0))
    assert pipe.host.broken.ending == Ending.MALFORMED
    pipe.connect()
    assert pipe.guest.broken.ending == Ending.MALFORMED and not pipe.guest.broken.peer_at_fault


def test_lost_start_and_accept_are_sent_again():
    pipe = Pipe(terms())
    pipe.tamper = lambda side, text: None if decode(text).type in ("start", "accept") else text
    pipe.connect()
    assert pipe.guest.terms is None
    pipe.tamper = None
    pipe.disconnect()
    pipe.connect()
    assert pipe.guest.terms == terms()
    pipe.tamper = lambda side, text: None if decode(text).type == "accept" else text
    pipe.guest.accept(pipe.now(1))
    pipe.pump()
    assert pipe.host.match is None and pipe.guest.match is not None
    pipe.tamper = None
    pipe.disconnect()
    pipe.sessions[0] = reloaded(pipe.host, pipe.clocks[0])
    pipe.connect()
    assert pipe.host.match is not None and pipe.host.match.phase != Phase.OPENING
    assert_agree(pipe)


@pytest.mark.parametrize("change", [
    {"format": 2}, {"role": "king"}, {"terms": None}, {"name": 5}, {"offset": "x"}, {"away_since": "x"},
    {"actions": {}}, {"started": False}, {"secrets": {"a": "b"}}, {"broken": ["nope", "", True]},
    {"actions": [{"by": 0, "reveal": None, "do": "double", "at": 1.0}]},
    {"actions": [{"by": 3, "reveal": None, "do": "double", "at": 1.0}]},
    {"actions": [{"by": 0, "reveal": None, "do": "fly", "at": 1.0}]},
])
def test_a_stored_session_that_cannot_be_is_refused(change):
    pipe = Pipe(terms())
    pipe.start()
    data = json.loads(json.dumps(pipe.host.to_dict())) | change
    with pytest.raises(ProtocolError):
        Session.from_dict(data)


def test_saving_the_replicas_as_the_page_does_keeps_them_equal_through_a_reconnection():
    from tavli.formats import savefile

    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    mover, other = _to_roll(pipe, seed=13)

    def save_both():
        for s in pipe.sessions:
            savefile.dumps(s.match)

    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    pipe.advance(3)
    save_both()
    pipe.tamper = lambda side, text: (pipe.disconnect(lose=False), None)[1] if decode(text).type == "act" else text
    mover.match.play(mover.match.turn.plays[0])
    mover.sync_local(pipe.now(mover.seat))
    pipe.pump()
    for _ in range(10):  # away: both pages keep saving, the peer's clock read late
        pipe.advance(2)
        save_both()
        pipe.tick()
    pipe.tamper = None
    pipe.connect()  # the play comes stamped 20 s ago; the checks compare the clocks
    assert not mover.broken and not other.broken
    driver = Driver(pipe, 14)
    for _ in range(40):
        driver.step()
        save_both()
    assert not mover.broken and not other.broken
    assert_agree(pipe)


def test_money_play_goes_on_until_a_player_leaves():
    pipe = Pipe(terms(length=None))
    pipe.start()
    driver = Driver(pipe, 31, cube=0.3)
    while pipe.host.match.game_number < 3:
        driver.step()
    assert_agree(pipe)
    pipe.host.leave(pipe.now(0))
    pipe.pump()
    assert pipe.guest.match.phase == Phase.MATCH_OVER and pipe.guest.match.winner == 1 and not pipe.guest.broken
    assert_agree(pipe)


def test_greek_rules_in_portes_resign_at_once():
    pipe = Pipe(terms(rules="greek"))
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.match.offer_resignation()
    mover.sync_local(pipe.now(mover.seat))
    pipe.pump()
    assert other.match.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and other.match.result.winner == other.seat
    assert_agree(pipe)


def test_a_play_made_in_time_that_comes_after_the_flag_was_seen_undoes_the_flag():
    pipe = Pipe(terms(clock="standard"))
    pipe.start()
    mover, other = _to_roll(pipe)
    mover.want_roll(pipe.now(mover.seat))
    pipe.pump()
    pipe.tamper = lambda side, text: (pipe.disconnect(lose=False), None)[1] if decode(text).type == "act" else text
    mover.match.play(mover.match.turn.plays[0])  # in time, but the link drops it
    mover.sync_local(pipe.now(mover.seat))
    pipe.pump()
    pipe.tamper = None
    pipe.advance(60)
    other.tick(pipe.now(other.seat))
    assert other.match.phase == Phase.MATCH_OVER and other.match.end_reason == "timeout"  # as far as it knows
    pipe.connect()
    assert other.match.phase == Phase.ROLL and other.match.to_act == other.seat and not other.broken
    assert any(u.rolled_back for u in pipe.updates[other.seat])
    assert_agree(pipe)


def test_the_time_may_be_left_out_it_is_read_from_the_sessions_clock():
    pipe = Pipe(terms(clock="blitz"))
    pipe.start()
    host = pipe.host
    assert host.session_time() == host.session_time(pipe.now(0)) and host.absent_for() is None
    pipe.disconnect()
    pipe.advance(7)
    assert pipe.guest.absent_for() == pytest.approx(7) and not pipe.guest.can_claim_abandoned()
    assert host.tick().broken is None
