"""Two online sessions through a bad link (tests/online_pipe.py): seeded at random, the link drops
what is in flight, comes back, pages reload from what they stored, texts wait in flight while the
other side acts, both players act whenever their own replica lets them (a flagged opponent is claimed), now and then one
resigns the match at once; at the end both sides must hold
the same match and neither may have stopped it."""

from __future__ import annotations

import json
import random

import pytest

from tavli.match import MatchError
from tavli.online.session import Session
from tavli.online.terms import Terms
from tavli.phase import Phase
from tests.online_pipe import Pipe, seeded_secrets
from tests.test_online_session import assert_agree


def _act(pipe, side, rnd):
    """One action of ``side``'s player if his replica lets him (True), else False."""
    s = pipe.sessions[side]
    m = s.match
    now = pipe.now(side)
    if m.phase == Phase.MATCH_OVER or s.rolling:
        return False
    if rnd.random() < 0.003:
        s.resign_match(now)
        return True
    if m.phase == Phase.OPENING:
        return s.want_roll(now)
    if s.match.can_claim(s.seat) and rnd.random() < 0.5:
        m.claim_timeout(player=s.seat)
    elif m.phase == Phase.GAME_OVER:
        m.next_game()
    elif m.to_act != s.seat:
        return False
    elif m.phase == Phase.ROLL:
        if m.can_double() and rnd.random() < 0.1:
            m.double()
        else:
            return s.want_roll(now)
    else:
        try:
            if m.phase == Phase.MOVE:
                plays = m.turn.plays
                m.play(rnd.choice(plays)) if plays else m.end_turn()
            elif m.phase == Phase.CUBE:
                m.take() if rnd.random() < 0.7 else m.drop()
            elif m.phase == Phase.RESIGN:
                m.refuse_resignation()
        except MatchError:  # his time ran out (Standard): the match ended instead
            assert m.phase == Phase.MATCH_OVER and m.end_reason == "timeout"
    s.sync_local(now)
    return True


@pytest.mark.parametrize("seed, clock, pace", [
    *((seed, "standard", 2.0) for seed in range(4)),  # (flags now and then)
    *((seed, "blitz", 4.0) for seed in range(4, 8)),  # (flags, claims, and play on after them)
])
def test_a_bad_link_loses_nothing(seed, clock, pace):
    with seeded_secrets(seed + 1000):  # (repeatable dice)
        _bad_link(seed, clock, pace)


def _bad_link(seed, clock, pace):
    rnd = random.Random(seed)
    variant = ("portes", "plakoto", "fevga", "tavli")[seed % 4]
    pipe = Pipe(Terms(variant, 3, "international" if variant == "portes" else "greek", clock), grace=1e6)
    pipe.start()
    for _ in range(3000):
        if all(s.match.phase == Phase.MATCH_OVER for s in pipe.sessions):
            break
        pipe.advance(rnd.random() * pace)
        roll = rnd.random()
        if pipe.up and roll < 0.04:
            pipe.disconnect(lose=rnd.random() < 0.7)
        elif not pipe.up and roll < 0.25:
            pipe.connect()
        elif roll < 0.27:
            side = rnd.randrange(2)
            if pipe.up:
                pipe.disconnect(lose=rnd.random() < 0.5)
            stored = json.loads(json.dumps(pipe.sessions[side].to_dict()))
            pipe.sessions[side] = Session.from_dict(stored, clock=pipe.clocks[side])
        else:
            _act(pipe, rnd.randrange(2), rnd)
        if rnd.random() < 0.6:  # else what was sent stays in flight while the other side acts
            pipe.pump()
            pipe.tick()
        assert not pipe.host.broken and not pipe.guest.broken, (pipe.host.broken, pipe.guest.broken)
    pipe.connect()
    pipe.tick()
    assert not pipe.host.broken and not pipe.guest.broken, (pipe.host.broken, pipe.guest.broken)
    assert pipe.host.match.phase == Phase.MATCH_OVER
    assert_agree(pipe)
