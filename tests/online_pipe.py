"""Two online sessions wired by an in-memory pipe, with fake clocks, for the tests of
:mod:`tavli.online` (and ``bench/online.py``): a seeded driver plays for both players."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import tavli.online.session as session_module
from tavli.online.messages import Do
from tavli.online.session import Role, Session, Update
from tavli.online.terms import Terms
from tavli.phase import Phase

GUEST_SKEW = 5000.0  # the guest's clock reads this much more than the host's


@contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """The sessions' dice secrets from a seeded generator (repeatable dice) while inside."""
    rng = random.Random(seed)
    kept = session_module.new_secret
    session_module.new_secret = lambda: f"{rng.getrandbits(256):064x}"
    try:
        yield
    finally:
        session_module.new_secret = kept


class FakeClock:
    """A page's clock: ``t`` seconds, moved by the test."""

    def __init__(self, t: float) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Pipe:
    """A host and a guest session and the texts between them. ``tamper(side, text)`` may change
    or drop (None) each text sent by ``side`` (0 host, 1 guest); ``sent`` counts what went."""

    def __init__(self, terms: Terms, *, reveal_timeout: float = 20.0, grace: float = 90.0,
                 latency: float = 0.05) -> None:
        self.clocks = (FakeClock(1000.0), FakeClock(1000.0 + GUEST_SKEW))
        self.sessions = [
            Session(Role.HOST, "Hostess", terms=terms, reveal_timeout=reveal_timeout, grace=grace, clock=self.clocks[0]),
            Session(Role.GUEST, "Guest", reveal_timeout=reveal_timeout, grace=grace, clock=self.clocks[1]),
        ]
        self.latency = latency
        self.up = True
        self.tamper: Callable[[int, str], str | None] | None = None
        self.sent: list[tuple[int, str]] = []
        self.updates: list[list[Update]] = [[], []]

    @property
    def host(self) -> Session:
        return self.sessions[0]

    @property
    def guest(self) -> Session:
        return self.sessions[1]

    def now(self, side: int) -> float:
        return self.clocks[side].t

    def advance(self, seconds: float) -> None:
        for clock in self.clocks:
            clock.t += seconds

    def connect(self) -> None:
        self.up = True
        for side in (0, 1):
            self.sessions[side].connected(self.now(side))
        self.pump()

    def disconnect(self, *, lose: bool = True) -> None:
        """The link drops: what is in flight is lost (``lose``), each side is told."""
        if lose:
            for s in self.sessions:
                s.outbox()
        self.up = False
        for side in (0, 1):
            self.sessions[side].peer_left(self.now(side))

    def pump(self, limit: int = 1000) -> None:
        """Deliver until both outboxes are empty (each text after ``latency`` seconds)."""
        for _ in range(limit):
            moved = False
            for side in (0, 1):
                texts = self.sessions[side].outbox()
                if not self.up:
                    continue
                for text in texts:
                    if self.tamper is not None:
                        changed = self.tamper(side, text)
                        if changed is None:
                            continue
                        text = changed
                    self.sent.append((side, text))
                    moved = True
                    self.advance(self.latency)
                    other = 1 - side
                    self.updates[other].append(self.sessions[other].receive(text, self.now(other)))
            if not moved:
                return
        raise AssertionError("the sessions keep talking")

    def start(self) -> None:
        """Connect, the guest accepts, the host's opening roll is answered."""
        self.connect()
        self.guest.accept(self.now(1))
        self.pump()

    def tick(self) -> None:
        for side in (0, 1):
            self.updates[side].append(self.sessions[side].tick(self.now(side)))
        self.pump()


class Driver:
    """Plays both sides at random (seeded): every legal choice has a chance, doubles and
    resignation offers included; ``think`` seconds pass before each action."""

    def __init__(self, pipe: Pipe, seed: int, *, think: float = 1.0, cube: float = 0.1, resign: float = 0.02) -> None:
        self.pipe = pipe
        self.random = random.Random(seed)
        self.think = think
        self.cube = cube
        self.resign = resign

    def step(self) -> bool:
        """One action by whoever is to act; False when nobody can (the match is over or stopped)."""
        pipe, rnd = self.pipe, self.random
        host = pipe.host
        match = host.match
        assert match is not None
        if match.phase == Phase.MATCH_OVER or any(s.broken for s in pipe.sessions):
            return False
        pipe.advance(self.think)
        if match.phase == Phase.GAME_OVER:
            side = rnd.randrange(2)
            s = pipe.sessions[side]
            assert s.match is not None
            s.match.next_game()
            s.sync_local(pipe.now(side))
            pipe.pump()
            return True
        if match.phase == Phase.OPENING:
            host.want_roll(pipe.now(0))
            pipe.pump()
            return True
        side = match.to_act
        assert side is not None
        s = pipe.sessions[side]
        m = s.match
        assert m is not None
        assert m.phase == match.phase, (m.phase, match.phase)
        act = self._choose(m)
        if act == "roll":
            assert s.want_roll(pipe.now(side))
        else:
            act(m)
            s.sync_local(pipe.now(side))
        pipe.pump()
        return True

    def _choose(self, m: Any) -> Any:
        rnd = self.random
        if m.phase == Phase.ROLL:
            if m.can_double() and rnd.random() < self.cube:
                return lambda m: m.double()
            options = m.resign_options()
            if options and rnd.random() < self.resign:
                level = rnd.choice(options)
                return lambda m: m.offer_resignation(level)
            return "roll"
        if m.phase == Phase.MOVE:
            play = rnd.choice(m.turn.plays) if m.turn.plays else None
            return (lambda m: m.play(play)) if play is not None else (lambda m: m.end_turn())
        if m.phase == Phase.CUBE:
            return (lambda m: m.take()) if rnd.random() < 0.6 else (lambda m: m.drop())
        if m.phase == Phase.RESIGN:
            return (lambda m: m.accept_resignation()) if rnd.random() < 0.5 else (lambda m: m.refuse_resignation())
        raise AssertionError(m.phase)

    def play(self, limit: int = 5000) -> int:
        steps = 0
        while self.step():
            steps += 1
            assert steps < limit
        return steps


__all__ = ["Do", "Driver", "FakeClock", "Pipe", "seeded_secrets"]
