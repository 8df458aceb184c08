"""A hostile peer (tests/online_pipe.py, the guest's texts tampered with): every bad message ends
the online match on the victim's side with the right ending, and the victim's match stays as it
was before the bad message."""

from __future__ import annotations

import json

import pytest

from tavli.online.dice import new_secret
from tavli.online.messages import MAX_BYTES
from tavli.online.session import Ending
from tavli.online.terms import Terms
from tavli.phase import Phase
from tests.online_pipe import Driver, Pipe


def _pipe(clock="off", **kw):
    pipe = Pipe(Terms("portes", 5, "international", clock), **kw)
    pipe.start()
    return pipe


def _guest_to(pipe, phase, seed=3):
    """Play on until the guest is to act at ``phase`` (his roll already answered at ``move``)."""
    driver = Driver(pipe, seed, cube=0, resign=0)
    for _ in range(500):
        m = pipe.guest.match
        if m.phase == phase and m.to_act == 1 and not pipe.guest.rolling and not pipe.host.rolling:
            return
        if m.phase == Phase.ROLL and m.to_act == 1 and phase == Phase.MOVE:
            pipe.guest.want_roll(pipe.now(1))
            pipe.pump()
            continue
        driver.step()
    raise AssertionError("never got there")


def _edit(pipe, kind, do=None, **changes):
    """Tamper with the guest's next ``kind`` message (an ``act`` doing ``do``): ``changes``
    replace its fields (a function of the old value, or a value)."""
    done = []

    def tamper(side, text):
        data = json.loads(text)
        if side != 1 or done or data["type"] != kind or (do is not None and data.get("do") != do):
            return text
        for key, value in changes.items():
            data[key] = value(data[key]) if callable(value) else value
        done.append(data)
        return json.dumps(data)

    pipe.tamper = tamper
    return done


def _victim_kept(pipe, act, ending):
    """Run ``act`` (the guest's side misbehaving); the host must end with ``ending``, his match
    as it was, and the guest be told."""
    before = pipe.host.match.snapshot()
    act()
    pipe.pump()
    host, guest = pipe.host, pipe.guest
    assert host.broken is not None and host.broken.ending == ending and host.broken.peer_at_fault, host.broken
    assert host.match.snapshot() == before
    assert guest.broken is not None and guest.broken.ending == ending and not guest.broken.peer_at_fault
    # Nothing more is taken from the peer once broken.
    assert host.receive('{"type":"bye","reason":""}', pipe.now(0)).broken is None
    return host.broken


def _guest_plays(pipe, play=None):
    def act():
        m = pipe.guest.match
        m.play(play if play is not None else m.turn.plays[0])
        pipe.guest.sync_local(pipe.now(1))
    return act


def test_an_illegal_move_is_refused():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "act", "play", moves=[[24, 1]])
    broken = _victim_kept(pipe, _guest_plays(pipe), Ending.ILLEGAL)
    assert "play" in broken.detail


def test_a_changed_die_is_refused():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "act", "play", dice=lambda d: [d[0] % 6 + 1, d[1]])
    assert "changed die" in _victim_kept(pipe, _guest_plays(pipe), Ending.DICE).detail


def test_a_roll_whose_secret_does_not_match_its_commitment_is_refused():
    pipe = _pipe()
    _guest_to(pipe, Phase.ROLL)
    _edit(pipe, "act", "roll", secret=new_secret())
    _victim_kept(pipe, lambda: pipe.guest.want_roll(pipe.now(1)), Ending.DICE)


def test_a_wrong_reveal_is_refused():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _guest_plays(pipe)()
    pipe.pump()
    _edit(pipe, "reveal", secret=new_secret())
    _victim_kept(pipe, lambda: pipe.host.want_roll(pipe.now(0)), Ending.DICE)
    assert pipe.host.match.phase == Phase.ROLL  # the host's roll never happened on his side


def test_a_second_commitment_for_a_roll_is_a_changed_die():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    k = max(pipe.host._commits)
    hello = {"type": "hello", "v": 1, "name": "Guest", "role": "guest", "seq": pipe.host.seq,
             "chain": pipe.host._chains[-1], "roll": k, "commit": new_secret(), "sent": pipe.now(1)}
    assert hello["commit"] != pipe.host._commits[k]
    assert "second commitment" in _victim_kept(pipe, lambda: pipe.guest._out.append(json.dumps(hello)), Ending.DICE).detail


def test_a_withheld_reveal_loses_the_match_on_time():
    pipe = _pipe(reveal_timeout=20)
    _guest_to(pipe, Phase.MOVE)
    _guest_plays(pipe)()
    pipe.pump()
    pipe.tamper = lambda side, text: None if json.loads(text)["type"] == "reveal" else text
    assert pipe.host.want_roll(pipe.now(0))
    pipe.pump()
    assert pipe.host.rolling and pipe.guest.match.phase == Phase.MOVE
    pipe.advance(19)
    pipe.tick()
    assert pipe.host.broken is None and pipe.host.rolling
    pipe.advance(1.5)
    pipe.tick()
    for s in pipe.sessions:
        assert s.match.phase == Phase.MATCH_OVER and s.match.winner == 0 and s.match.end_reason == "timeout"
        assert s.broken.ending == Ending.SILENT and s.broken.peer_at_fault == (s.seat == 0)


@pytest.mark.parametrize("text, says", [
    ("x" * (MAX_BYTES + 5), "bytes"),
    ("{not json", "JSON"),
    ('{"type":"gossip","about":"you"}', "unknown kind"),
    ('{"type":"act","seq":0,"chain":"","do":"teleport","at":1}', "unknown action"),
    ('{"type":"check","seq":1}', "fields missing"),
    (json.dumps({"type": "start", "terms": Terms("fevga", 1, "greek", "off").to_dict(), "name": "x"}), "guest sent terms"),
])
def test_malformed_messages_are_refused(text, says):
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    broken = _victim_kept(pipe, lambda: pipe.guest._out.append(text), Ending.MALFORMED)
    assert says in broken.detail


@pytest.mark.parametrize("shift, says", [(-100, "before the one before"), (+10, "in the future")])
def test_a_time_in_the_past_or_the_future_is_refused(shift, says):
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "act", "play", at=lambda at: at + shift)
    assert says in _victim_kept(pipe, _guest_plays(pipe), Ending.ILLEGAL).detail


def test_a_gap_in_the_sequence_is_refused():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "act", "play", seq=lambda seq: seq + 1)
    assert "came before" in _victim_kept(pipe, _guest_plays(pipe), Ending.MALFORMED).detail


def test_a_changed_history_is_a_mismatch():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "act", "play", chain="0123456789abcdef")
    _victim_kept(pipe, _guest_plays(pipe), Ending.MISMATCH)


def test_an_action_sent_again_with_other_content_is_a_mismatch():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _guest_plays(pipe)()
    pipe.pump()
    sent = [json.loads(t) for side, t in pipe.sent if side == 1 and json.loads(t)["type"] == "act"]
    again = sent[-1] | {"at": sent[-1]["at"] + 0.5}
    _victim_kept(pipe, lambda: pipe.guest._out.append(json.dumps(again)), Ending.MISMATCH)


def test_a_check_that_differs_is_a_mismatch():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _edit(pipe, "check", state="0" * 16)
    before = pipe.host.match.snapshot()
    _guest_plays(pipe)()
    pipe.pump()
    assert pipe.host.broken.ending == Ending.MISMATCH
    assert pipe.host.match.phase == Phase.ROLL and pipe.host.match.snapshot() != before  # the play itself was fine


def test_acting_out_of_turn_is_illegal():
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _guest_plays(pipe)()
    pipe.pump()
    seq, chain = pipe.host.seq, pipe.host._chains[-1]
    at = pipe.host.session_time(pipe.now(0))
    for do in ("double", "roll", "opening", "next-game", "take"):
        pipe_text = {"type": "act", "seq": seq, "chain": chain, "do": do, "at": at}
        if do in ("roll", "opening"):
            pipe_text |= {"k": pipe.host._next_roll(), "secret": pipe.guest._secret(pipe.host._next_roll()),
                          "commit": "0" * 64}
        before = pipe.host.match.snapshot()
        update = pipe.host.receive(json.dumps(pipe_text), pipe.now(0))
        assert update.broken is not None and update.broken.ending in (Ending.ILLEGAL, Ending.DICE), (do, update.broken)
        assert pipe.host.match.snapshot() == before
        pipe.host.broken = None  # (to try the next one on the same position)
        pipe.host.outbox()


@pytest.mark.parametrize("reason, says", [("reveal", "not owed"), ("abandoned", "grace period")])
def test_a_forfeit_without_cause_is_illegal(reason, says):
    pipe = _pipe()
    _guest_to(pipe, Phase.MOVE)
    _guest_plays(pipe)()
    pipe.pump()
    text = {"type": "act", "seq": pipe.host.seq, "chain": pipe.host._chains[-1], "do": "forfeit",
            "at": pipe.host.session_time(pipe.now(0)), "reason": reason}
    assert says in _victim_kept(pipe, lambda: pipe.guest._out.append(json.dumps(text)), Ending.ILLEGAL).detail
