"""One side of an online match: the protocol's state machine.

Both sides keep a full replica of the match (:attr:`Session.match`), made from the same
:class:`~tavli.online.terms.Terms`, and apply the same list of shared actions
(:class:`~tavli.online.messages.Action`) in the same order, each at its time ``at``. The host is
player 0, the guest player 1. The page drives a session: it hands it the texts from the peer
(:meth:`Session.receive`), tells it of the connection (:meth:`~Session.connected`,
:meth:`~Session.peer_left`), of every local action on the replica (:meth:`~Session.sync_local`) and
of the passing time (:meth:`~Session.tick`), and sends what :meth:`~Session.outbox` gives.

The rules:

* **Sequence.** Action number ``seq`` (the count of actions before it) carries the chain hash of
  those before it. A peer's action with ``seq`` above our count is an error (``malformed``); equal,
  with our chain: it is checked by applying it to the replica (the :class:`~tavli.match.Match`
  raises: ``illegal``); below: a copy of one we hold (ignored) or a concurrent action.
* **Who acts.** The player to act rolls, plays, doubles, offers a resignation; the one asked takes
  or drops, accepts or refuses; either starts the next game; the host sends the opening roll of a
  game by itself once both are here. At any time either may make a *terminal* action: ``claim``
  (a win on time, Blitz), ``resign-match``, ``forfeit`` (the peer withheld a die, or stayed away).
* **Conflicts.** Two actions with the same ``seq``: a terminal action of the player not to act
  wins; else a terminal action wins; else the host's (two ``next-game`` are one, at the host's
  time). The losing side rolls its replica back to that ``seq`` and applies the winner; the winning
  side ignores the loser's action and what the loser sent after it.
* **Dice** (:mod:`tavli.online.dice`): roll number ``k``: the roller's action carries his secret
  for ``k`` and his commitment for ``k+1``; the other side checks it against the commitment it
  holds, answers at once with a ``reveal`` (its secret for ``k``, its commitment for ``k+1``) and
  applies the roll; the roller applies it when the reveal comes. A secret that does not match its
  commitment, or a play with other dice than the roll's, ends the match (``dice``). A reveal not
  received within ``reveal_timeout`` seconds while the peer is here: the roller forfeits him (he
  loses the match on time; ``silent``).
* **Time.** The session time is the host's clock (seconds since it made the session); the guest
  learns its offset from ``hello``/``pong`` (half the round trip). Every action is applied at its
  ``at`` on both sides, so the clocks agree exactly. The guest keeps the sample with the shortest
  round trip (or any under :data:`GOOD_RTT`): a burst of messages on a reconnection delays a pong. A peer's ``at`` before the last action's, or
  more than :data:`AHEAD` seconds after our estimate of the session time, is refused
  (``illegal``). While the peer is to act, the replica's clock is read :data:`FLAG_GRACE` seconds
  late (a play sent just before his flag is not refused); a Standard flag ends the match on both
  replicas without a message; a Blitz flag may be claimed. A flag seen by reading the clock between
  actions is undone by an action stamped before it that comes late (after a reconnection): the
  replica is made again from the shared actions, whose clock is read at their times only.
* **Checks.** After each completed turn (a play, a cube or resignation answer) the side that acted
  sends its position ID and state digest; a difference ends the match (``mismatch``).
* **Connection.** Each connection starts with ``hello`` both ways: the side ahead sends the
  actions the other lacks, a pending reveal is sent again, play resumes. While the peer is away
  nothing is lost; after ``grace`` seconds the waiting player may forfeit him (``abandoned``: he
  resigned the match). ``bye`` closes a session: a player leaving (``left``), or a side that
  stopped the match, naming the ending, which the other side then shows as its own, not at fault
  of the peer.

Whatever ends the match early is :attr:`Session.broken` (a :class:`Broken`: the :class:`Ending`, a
detail in English, whether the peer was at fault); the replica keeps the state before the bad
message. Times: every ``local_now`` is seconds on the session's ``clock`` (default ``time.time``:
it goes on across a reload, which rejoins), read from it when left out.
The page keeps :meth:`Session.to_dict` after every call that may change it (all but the views),
and makes the session again with :meth:`Session.from_dict` on a reload. Online, the page never
rolls on the replica (the session does), never pauses its clock and never
sets auto-roll on it: :meth:`Session.sync_local` refuses those.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from ..events import (
    Claimed,
    Doubled,
    Dropped,
    Event,
    GameScored,
    GameStarted,
    MatchOver,
    MatchResigned,
    NextGame,
    Played,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Resigned,
    TimedOut,
    Took,
)
from ..games.base import IllegalMove, Termination
from ..match import Match
from ..phase import Phase
from ..scores import MatchError, level_name
from .dice import AgreedDice, DiceNotAgreed, commitment, dice_stream, new_secret
from .errors import ProtocolError
from .messages import (
    ROLLS,
    TERMINAL,
    VERSION,
    Accept,
    Act,
    Action,
    Bye,
    Check,
    Do,
    Forfeit,
    Hello,
    Message,
    Pong,
    Reveal,
    Start,
    action_from_dict,
    chain_next,
    decode,
    encode,
)
from .terms import Terms

FLAG_GRACE = 3.0  # seconds the replica reads the clock late while the peer is to act
AHEAD = 2.0  # seconds a peer's action may be stamped ahead of our estimate of the session time
GOOD_RTT = 0.5  # a time sample with a round trip this short is taken even after a better one (clocks drift)
REVEAL_TIMEOUT = 20.0
GRACE = 90.0
_FORMAT = 1
_TURN_ENDS = (Do.PLAY, Do.TAKE, Do.DROP, Do.ACCEPT_RESIGN, Do.REFUSE_RESIGN)
# The events of the page's actions on the replica that become shared actions as they are.
_LOCAL = {cls.type: do for cls, do in (
    (Doubled, Do.DOUBLE), (Took, Do.TAKE), (Dropped, Do.DROP), (ResignationAccepted, Do.ACCEPT_RESIGN),
    (ResignationRefused, Do.REFUSE_RESIGN), (NextGame, Do.NEXT_GAME), (Claimed, Do.CLAIM), (MatchResigned, Do.RESIGN_MATCH),
)}


class Role(StrEnum):
    HOST = "host"
    GUEST = "guest"


class Ending(StrEnum):
    """Why an online match stopped early (each has a message in the page's languages)."""

    ILLEGAL = "illegal"  # an action the rules do not allow, or stamped with an impossible time
    MALFORMED = "malformed"  # a message that is not one of the protocol's, or out of order
    MISMATCH = "mismatch"  # the two replicas differ
    DICE = "dice"  # a secret that does not match its commitment, or a play with other dice
    SILENT = "silent"  # a die's secret withheld past the timeout: forfeited on time
    ABANDONED = "abandoned"  # away past the grace period: forfeited
    LEFT = "left"  # the session was closed (bye)


@dataclass(frozen=True)
class Broken:
    """How the online match stopped: ``ending``, ``detail`` (English, for the record) and
    ``peer_at_fault`` (False: this side's player did it, or the peer's side stopped)."""

    ending: Ending
    detail: str
    peer_at_fault: bool


@dataclass(frozen=True)
class Update:
    """What a received message or the passing time did: the new ``events`` of the replica's log,
    ``broken`` (when the match stopped now), ``started`` (the host: the guest accepted, the
    match exists), ``offered`` (the guest: the host's terms came, :meth:`Session.accept` may
    follow), ``rolled_back`` (the replica was made again from the shared actions, after a
    conflict this side lost or a flag it saw that an earlier stamped action undid: redraw all)."""

    events: tuple[Event, ...] = ()
    broken: Broken | None = None
    started: bool = False
    offered: bool = False
    rolled_back: bool = False


@dataclass(frozen=True)
class Shared:
    """A shared action as the session keeps it: by whom (seat), the action, and for a roll the
    other side's secret once revealed (None: the roll waits for it)."""

    by: int
    action: Action
    reveal: str | None = None


class _Fault(Exception):
    def __init__(self, ending: Ending, detail: str) -> None:
        super().__init__(detail)
        self.ending = ending
        self.detail = detail


class Session:
    """One side of an online match (see the module's description). The host gives the ``terms``;
    the guest gets them in the host's ``start`` and calls :meth:`accept`. ``clock``: the page's
    clock in seconds (default ``time.time``), the one every ``local_now`` is read from."""

    def __init__(
        self,
        role: Role | str,
        name: str,
        *,
        terms: Terms | None = None,
        reveal_timeout: float = REVEAL_TIMEOUT,
        grace: float = GRACE,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.role = Role(role)
        if (terms is None) == (self.role == Role.HOST):
            raise ValueError("the host gives the terms, the guest receives them")
        self.seat = 0 if self.role == Role.HOST else 1
        self.peer = 1 - self.seat
        self.name = name
        self.peer_name = ""
        self.terms = terms
        self.match: Match | None = None
        self.broken: Broken | None = None
        self.reveal_timeout = float(reveal_timeout)
        self.grace = float(grace)
        self._clock = clock if clock is not None else time.time
        self._offset = -float(self._clock()) if self.role == Role.HOST else 0.0  # session = local + offset
        self._rtt = math.inf  # the round trip of the guest's best time sample: its offset's error is half of it
        self._dice = AgreedDice()
        self._actions: list[Shared] = []
        self._chains: list[str] = [""]
        self._secrets: dict[int, str] = {}  # ours, by roll number
        self._commits: dict[int, str] = {}  # the peer's, by roll number
        self._out: list[str] = []
        self._here = False  # the peer's hello came on this connection
        self._away_since: float | None = None  # local time the peer left (None: here, or not yet come)
        self._known = 0  # actions the peer is known to hold
        self._won_at: int | None = None  # the seq of the last conflict this side won
        self._reveal_due: float | None = None  # local time by which our roll's reveal must come
        self._synced = 0  # the replica's log seen by the session
        self._ids: dict[int, tuple[str, str]] = {}  # (position ID, state digest) after seq actions
        self._shared_log = 0  # the replica's log after the last shared action (then: the clock read between actions)
        self._rebuilt: int | None = None  # the log's length after the replica was made again during this call

    # --- views ----------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """(host's name, guest's name); "" while unknown."""
        return (self.name, self.peer_name) if self.seat == 0 else (self.peer_name, self.name)

    @property
    def seq(self) -> int:
        """The number of shared actions."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[Shared, ...]:
        return tuple(self._actions)

    @property
    def rolling(self) -> bool:
        """Our roll waits for the peer's reveal."""
        pending = self._pending()
        return pending is not None and self._actions[pending].by == self.seat

    @property
    def here(self) -> bool:
        """The peer is connected and has said hello."""
        return self._here

    def _local(self, local_now: float | None) -> float:
        return float(self._clock()) if local_now is None else local_now

    def session_time(self, local_now: float | None = None) -> float:
        """The shared session time (seconds) at the page's ``local_now``."""
        local_now = self._local(local_now)
        return round(local_now + self._offset, 3)

    def absent_for(self, local_now: float | None = None) -> float | None:
        """Seconds the peer has been away (None while he is here or before he first came)."""
        local_now = self._local(local_now)
        return None if self._away_since is None else max(0.0, local_now - self._away_since)

    def can_claim_abandoned(self, local_now: float | None = None) -> bool:
        """Whether the peer has been away ``grace`` seconds with the match in play."""
        local_now = self._local(local_now)
        away = self.absent_for(local_now)
        return (self.broken is None and self.match is not None and self.match.phase != Phase.MATCH_OVER
                and away is not None and away >= self.grace)

    def outbox(self) -> list[str]:
        """The messages to send now, in order (taken: the next call starts empty)."""
        out, self._out = self._out, []
        return out

    # --- the page's calls -----------------------------------------------------------------

    def connected(self, local_now: float | None = None) -> None:
        """The peer is there (again): say hello; play goes on once his hello comes (after
        :meth:`peer_left`, nothing is sent before it)."""
        local_now = self._local(local_now)
        k = self._next_roll()
        self._send(Hello(VERSION, self.name, self.role.value, len(self._actions), self._chains[-1], k,
                         commitment(self._secret(k), k, self.seat), local_now))

    def peer_left(self, local_now: float | None = None) -> None:
        """The transport lost the peer: wait for him (``grace`` counts from now)."""
        local_now = self._local(local_now)
        self._here = False
        if self._away_since is None:
            self._away_since = local_now

    def accept(self, local_now: float | None = None) -> None:
        """The guest agrees to the host's terms: the match starts."""
        local_now = self._local(local_now)
        if self.role != Role.GUEST or self.terms is None:
            raise ValueError("only a guest who has the host's terms accepts them")
        if self.match is None:
            self._make_match()
        self._send(Accept())

    def leave(self, local_now: float | None = None) -> None:
        """Leave on purpose: resign the match if it is in play, and close the session."""
        local_now = self._local(local_now)
        if self.match is not None and self.broken is None and self.match.phase != Phase.MATCH_OVER:
            self.resign_match(local_now)
        self._send(Bye(""))

    def resign_match(self, local_now: float | None = None) -> None:
        """Our player resigns the match."""
        local_now = self._local(local_now)
        match = self._require_match()
        match.resign_match(self.seat, self._time(local_now))
        self.sync_local(local_now)

    def want_roll(self, local_now: float | None = None) -> bool:
        """Our player rolls (the host: also the opening roll): the roll goes to the peer, the dice
        come with his reveal. False when no roll of ours is due now (or one already waits)."""
        local_now = self._local(local_now)
        match = self.match
        if match is None or self.broken is not None or self.rolling:
            return False
        self._sync(local_now)
        match.update(self._time(local_now))
        if match.phase == Phase.OPENING:
            if self.seat != 0:
                return False
            do = Do.OPENING
        elif match.phase == Phase.ROLL and match.to_act == self.seat:
            do = Do.ROLL
        else:
            return False
        k = self._next_roll()
        if k not in self._commits:
            return False  # the peer's commitment has not come yet
        action = Action(do, self._stamp(self._time(local_now)), k=k, secret=self._secret(k),
                        commit=commitment(self._secret(k + 1), k + 1, self.seat))
        self._append(Shared(self.seat, action))
        self._reveal_due = local_now + self.reveal_timeout
        return True

    def sync_local(self, local_now: float | None = None) -> None:
        """After every local action on :attr:`match`: its new events become shared actions, sent
        to the peer. ``ValueError`` (and the replica put back) for an event that is not ours to
        share: the peer's, a roll, a pause, auto-roll, or anything while our roll waits."""
        local_now = self._local(local_now)
        self._sync(local_now)
        self._maybe_open(local_now)

    def tick(self, local_now: float | None = None) -> Update:
        """The time passes: the clock (a Standard flag ends the match, a Blitz flag opens the
        claim), a reveal overdue (the peer is forfeited on time), the host's opening roll."""
        local_now = self._local(local_now)
        match = self.match
        if match is None:
            return Update()
        self._sync(local_now)
        start = self._synced
        broken = None
        if self.broken is None and match.phase != Phase.MATCH_OVER:
            match.update(self._time(local_now))
            pending = self._pending()
            if (self.rolling and self._here and self._reveal_due is not None and local_now >= self._reveal_due
                    and pending is not None):
                due = self._actions[pending].action.at + self.reveal_timeout
                self._forfeit(Forfeit.REVEAL, max(self.session_time(local_now), due))
                broken = self._break(Ending.SILENT, f"{self.peer_name or 'the peer'} did not reveal a die in time", True)
            self._maybe_open(local_now)
        return self._update(start, broken=broken)

    def claim_abandoned(self, local_now: float | None = None) -> None:
        """The peer stayed away past the grace period: he forfeits the match (resigned)."""
        local_now = self._local(local_now)
        if not self.can_claim_abandoned(local_now):
            raise ValueError("the peer has not been away long enough to claim the match")
        self._sync(local_now)
        theirs = [s.action.at for s in self._actions if s.by == self.peer]
        at = max(self.session_time(local_now), (theirs[-1] if theirs else 0.0) + self.grace)
        self._forfeit(Forfeit.ABANDONED, at)
        self._break(Ending.ABANDONED, f"{self.peer_name or 'the peer'} stayed away: the match is yours", True)

    def receive(self, text: str, local_now: float | None = None) -> Update:
        """A text from the peer: checked, applied, answered (see the module's rules)."""
        local_now = self._local(local_now)
        if self.match is not None:
            self._sync(local_now)
        start = self._synced
        try:
            msg = decode(text)
        except ProtocolError as error:
            return self._fail(start, Ending.MALFORMED, str(error))
        if self.broken is not None:
            if isinstance(msg, Hello):  # the peer still learns what ended the match
                try:
                    self._hello(msg, local_now)
                except _Fault:
                    pass
                if self.broken.peer_at_fault and self.broken.ending not in (Ending.SILENT, Ending.ABANDONED):
                    self._send(Bye(self.broken.ending.value))
            return Update()
        self._rebuilt = None
        try:
            flags = self._dispatch(msg, local_now)
        except _Fault as fault:
            return self._fail(start, fault.ending, fault.detail)
        if self._rebuilt is not None:
            start = min(start, self._rebuilt)
        self._maybe_open(local_now)
        return self._update(start, broken=flags.get("broken"), started=bool(flags.get("started")),
                            offered=bool(flags.get("offered")), rolled_back=self._rebuilt is not None)

    # --- persistence ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON-ready data (localStorage ``tavli.online``): what rebuilds it."""
        low = self._next_roll() - 1
        return {
            "format": _FORMAT,
            "role": self.role.value,
            "name": self.name,
            "peer_name": self.peer_name,
            "terms": self.terms.to_dict() if self.terms is not None else None,
            "started": self.match is not None,
            "actions": [{"by": s.by, "reveal": s.reveal, **s.action.fields()} for s in self._actions],
            "secrets": {str(k): v for k, v in self._secrets.items() if k >= low},
            "commits": {str(k): v for k, v in self._commits.items() if k >= low},
            "offset": self._offset,
            "rtt": self._rtt if math.isfinite(self._rtt) else None,
            "away_since": self._away_since,
            "reveal_timeout": self.reveal_timeout,
            "grace": self.grace,
            "broken": None if self.broken is None else [self.broken.ending.value, self.broken.detail, self.broken.peer_at_fault],
        }

    @classmethod
    def from_dict(cls, data: Any, *, clock: Callable[[], float] | None = None) -> Session:
        """The session :meth:`to_dict` wrote, its replica made again from the terms and the
        actions; the peer counts as away until he says hello. :class:`ProtocolError` for data that
        :meth:`to_dict` could not have written or whose actions do not replay."""
        keys = {"format", "role", "name", "peer_name", "terms", "started", "actions", "secrets", "commits", "offset",
                "rtt", "away_since", "reveal_timeout", "grace", "broken"}
        if not isinstance(data, dict) or set(data) != keys or data["format"] != _FORMAT:
            raise ProtocolError("not a saved online session")
        try:
            role = Role(data["role"])
        except ValueError:
            raise ProtocolError("a saved session's role is host or guest") from None
        terms = Terms.from_dict(data["terms"]) if data["terms"] is not None else None
        if role == Role.HOST and terms is None:
            raise ProtocolError("a host's saved session has terms")
        for key in ("name", "peer_name"):
            if not isinstance(data[key], str) or len(data[key]) > 100:
                raise ProtocolError(f"a saved session's {key} is a short text")
        for key in ("offset", "reveal_timeout", "grace"):
            if not _finite(data[key]):
                raise ProtocolError(f"a saved session's {key} is a number")
        if data["away_since"] is not None and not _finite(data["away_since"]):
            raise ProtocolError("a saved session's away_since is a number or null")
        if not isinstance(data["actions"], list) or not isinstance(data["started"], bool):
            raise ProtocolError("a saved session's actions are a list")
        session = cls(role, data["name"], terms=terms if role == Role.HOST else None,
                      reveal_timeout=data["reveal_timeout"], grace=data["grace"], clock=clock)
        session.terms = terms
        session.peer_name = data["peer_name"]
        session._offset = float(data["offset"])
        if data["rtt"] is not None:
            if not _finite(data["rtt"]):
                raise ProtocolError("a saved session's rtt is a number or null")
            session._rtt = float(data["rtt"])
        session._secrets = _numbered(data["secrets"], "secrets")
        session._commits = _numbered(data["commits"], "commits")
        now = float(session._clock())
        session._away_since = float(data["away_since"]) if data["away_since"] is not None else now
        if data["started"]:
            if terms is None:
                raise ProtocolError("a started session has terms")
            session._make_match()
            for entry in data["actions"]:
                if not isinstance(entry, dict) or entry.get("by") not in (0, 1) or isinstance(entry.get("by"), bool):
                    raise ProtocolError("a saved action has a seat")
                reveal = entry.get("reveal")
                if reveal is not None and not isinstance(reveal, str):
                    raise ProtocolError("a saved action's reveal is a secret")
                fields = {k: v for k, v in entry.items() if k not in ("by", "reveal")}
                shared = Shared(entry["by"], action_from_dict(fields), reveal)
                try:
                    session._apply(session._replica(), shared)
                except (MatchError, IllegalMove, ValueError, _Fault) as error:
                    raise ProtocolError(f"a saved action does not replay: {error}") from None
                session._actions.append(shared)
                session._chains.append(chain_next(session._chains[-1], shared.by, shared.action))
            session._known = 0
            session._synced = session._shared_log = len(session._replica().log)
        elif data["actions"]:
            raise ProtocolError("a session not started has no actions")
        broken = data["broken"]
        if broken is not None:
            try:
                session.broken = Broken(Ending(broken[0]), str(broken[1]), bool(broken[2]))
            except (ValueError, TypeError, IndexError, KeyError):
                raise ProtocolError("a saved session's broken is [ending, detail, fault]") from None
        return session

    # --- receiving ------------------------------------------------------------------------

    def _dispatch(self, msg: Message, local_now: float) -> dict[str, Any]:
        match msg:
            case Hello():
                return self._hello(msg, local_now)
            case Pong():
                rtt = local_now - msg.sent
                if self.role == Role.GUEST and 0 <= rtt <= min(60.0, max(GOOD_RTT, self._rtt)):
                    self._offset, self._rtt = msg.at + rtt / 2 - local_now, rtt
                return {}
            case Start():
                if self.role != Role.GUEST:
                    raise _Fault(Ending.MALFORMED, "the guest sent terms")
                if self.match is not None:
                    if msg.terms != self.terms:
                        raise _Fault(Ending.MISMATCH, "the host changed the terms of the match")
                    self._send(Accept())
                    return {}
                self.terms, self.peer_name = msg.terms, msg.name
                return {"offered": True}
            case Accept():
                if self.role != Role.HOST:
                    raise _Fault(Ending.MALFORMED, "the host sent an accept")
                if self.match is not None:
                    return {}
                self._make_match()
                return {"started": True}
            case Act():
                return self._act(msg, local_now)
            case Reveal():
                self._reveal(msg)
                return {}
            case Check():
                self._check(msg)
                return {}
            case Bye():
                self._here = False
                if self._away_since is None:
                    self._away_since = local_now
                if self.match is not None and self.match.phase == Phase.MATCH_OVER:
                    return {}
                if msg.reason in set(Ending):
                    detail = f"{self.peer_name or 'the peer'}'s side stopped the match: {msg.reason} (from this side)"
                    return {"broken": self._break(Ending(msg.reason), detail, False)}
                return {"broken": self._break(Ending.LEFT, f"{self.peer_name or 'the peer'} left", False)}
        raise AssertionError(msg)

    def _hello(self, msg: Hello, local_now: float) -> dict[str, Any]:
        if msg.version != VERSION:
            raise _Fault(Ending.MALFORMED, f"the peer speaks protocol {msg.version}, this page {VERSION}")
        if msg.role == self.role.value:
            raise _Fault(Ending.MALFORMED, f"both sides are the {self.role.value}")
        self.peer_name = msg.name
        self._send(Pong(msg.sent, self.session_time(local_now)))
        self._take_commit(msg.roll, msg.commit)
        self._here = True
        self._away_since = None
        if self.rolling:
            self._reveal_due = local_now + self.reveal_timeout
        if self.match is None:
            if msg.seq:
                raise _Fault(Ending.MISMATCH, "the peer has a match that this side has not started")
            if self.role == Role.HOST:
                assert self.terms is not None
                self._send(Start(self.terms, self.name))
            return {}
        n = len(self._actions)
        if msg.seq <= n and self._chains[msg.seq] == msg.chain:
            self._known = msg.seq
            if any(s.by == self.peer for s in self._actions[msg.seq:]):
                raise _Fault(Ending.MISMATCH, "the peer lost actions of its own (kept from an older save)")
        for seq in range(self._known, n):  # ours only: the peer's own actions are never taken from us
            if self._actions[seq].by == self.seat:
                self._send(Act(seq, self._chains[seq], self._actions[seq].action))
        self._resend_reveal()
        return {}

    def _resend_reveal(self) -> None:
        """Our reveal of the peer's last roll again, while he may still wait for it."""
        for index in range(len(self._actions) - 1, -1, -1):
            shared = self._actions[index]
            if shared.action.do in ROLLS:
                if shared.by == self.peer and shared.reveal is not None and not any(
                    s.by == self.peer for s in self._actions[index + 1:]
                ):
                    k = shared.action.k
                    assert k is not None
                    self._send(Reveal(k, shared.reveal, commitment(self._secret(k + 1), k + 1, self.seat)))
                return

    def _act(self, msg: Act, local_now: float) -> dict[str, Any]:
        match = self._require_match()
        n, s = len(self._actions), msg.seq
        if s > n:
            raise _Fault(Ending.MALFORMED, f"action {s + 1} came before action {n + 1}")
        if msg.chain != self._chains[s]:
            if self._won_at is not None and s > self._won_at:
                return {}  # sent before the peer learned that our action won
            raise _Fault(Ending.MISMATCH, f"the actions before action {s + 1} differ")
        if s < n:
            mine = self._actions[s]
            if mine.by == self.peer:
                if mine.action == msg.action:
                    return {}  # sent again after a reconnection
                raise _Fault(Ending.MISMATCH, f"the peer changed action {s + 1}")
            if not self._peer_wins(s, msg.action, mine.action):
                self._won_at = s
                return {}
            self._roll_back(s)
        self._receive_action(msg.action, local_now)
        self._known = len(self._actions)
        return self._after_peer(match)

    def _after_peer(self, match: Match) -> dict[str, Any]:
        last = self._actions[-1]
        if last.action.do == Do.FORFEIT and last.by == self.peer:
            if last.action.reason == Forfeit.REVEAL:
                return {"broken": self._break(Ending.SILENT, "a die was not revealed in time: the match is lost on time", False)}
            return {"broken": self._break(Ending.ABANDONED, "away past the grace period: the match is lost", False)}
        return {}

    def _peer_wins(self, seq: int, theirs: Action, mine: Action) -> bool:
        """Whether the peer's action beats ours at ``seq`` (see the module's rules)."""
        to_act = self._replay(self._actions[:seq]).to_act

        def rank(action: Action, by: int) -> int:
            if action.do not in TERMINAL:
                return 0
            return 1 if to_act == by else 2

        a, b = rank(theirs, self.peer), rank(mine, self.seat)
        return a > b or (a == b and self.peer == 0)

    def _roll_back(self, seq: int) -> None:
        """Put the replica back to after ``seq`` actions (ours after it are dropped)."""
        del self._actions[seq:]
        del self._chains[seq + 1:]
        for key in [k for k in self._ids if k > seq]:
            del self._ids[key]
        self._rebuild()
        self._reveal_due = None

    def _receive_action(self, action: Action, local_now: float) -> None:
        last = self._actions[-1].action.at if self._actions else -math.inf
        if action.at < last:
            raise _Fault(Ending.ILLEGAL, f"an action stamped {last - action.at:.3f} s before the one before it")
        ahead = action.at - self.session_time(local_now)
        if ahead > AHEAD:
            raise _Fault(Ending.ILLEGAL, f"an action stamped {ahead:.3f} s in the future")
        self._settle(action.at)
        match = self._replica()
        if action.do in ROLLS:
            k = action.k
            assert k is not None and action.secret is not None and action.commit is not None
            if k != self._next_roll():
                raise _Fault(Ending.DICE, f"roll number {k} instead of {self._next_roll()}")
            if self._commits.get(k) != commitment(action.secret, k, self.peer):
                raise _Fault(Ending.DICE, "a changed die: the roll does not match its commitment")
            mine = self._secret(k)
            shared = Shared(self.peer, action, mine)
            self._take_commit(k + 1, action.commit)
            self._apply(match, shared)
            self._append(shared)
            self._send(Reveal(k, mine, commitment(self._secret(k + 1), k + 1, self.seat)))
            return
        if action.do == Do.FORFEIT:
            self._check_forfeit(action)
        elif action.do == Do.PLAY and match.phase == Phase.MOVE and match.rolled != action.dice:
            raise _Fault(Ending.DICE, f"a changed die: {action.dice} played, {match.rolled} rolled")
        shared = Shared(self.peer, action)
        self._apply(match, shared)
        self._append(shared)

    def _check_forfeit(self, action: Action) -> None:
        if action.reason == Forfeit.REVEAL:
            pending = self._last_roll()  # the peer's roll, the last action: our reveal did not reach him
            if pending is None or pending != len(self._actions) - 1 or self._actions[pending].by != self.peer:
                raise _Fault(Ending.ILLEGAL, "a forfeit for a die that was not owed")
            if action.at < self._actions[pending].action.at + self.reveal_timeout:
                raise _Fault(Ending.ILLEGAL, "a forfeit for a die before its time was up")
        else:
            mine = [s.action.at for s in self._actions if s.by == self.seat]
            if mine and action.at < mine[-1] + self.grace:
                raise _Fault(Ending.ILLEGAL, "a forfeit for staying away before the grace period was over")

    def _reveal(self, msg: Reveal) -> None:
        pending = self._pending()
        if pending is None or self._actions[pending].by != self.seat or self._actions[pending].action.k != msg.roll:
            for shared in self._actions:
                if shared.by == self.seat and shared.action.k == msg.roll and shared.reveal not in (None, msg.secret):
                    raise _Fault(Ending.DICE, f"a changed die: a second, different secret for roll {msg.roll}")
            return  # a reveal sent again, or for a roll that lost a conflict
        shared = self._actions[pending]
        if self._commits.get(msg.roll) != commitment(msg.secret, msg.roll, self.peer):
            raise _Fault(Ending.DICE, "a changed die: the reveal does not match its commitment")
        resolved = replace(shared, reveal=msg.secret)
        self._settle(shared.action.at)
        match = self._replica()
        self._take_commit(msg.roll + 1, msg.commit)
        if pending == len(self._actions) - 1:
            self._apply(match, resolved)  # (after a terminal action of the peer's, the roll no longer counts)
        self._actions[pending] = resolved
        self._reveal_due = None
        self._synced = self._shared_log = len(match.log)

    def _check(self, msg: Check) -> None:
        if msg.seq > len(self._actions) or self._chains[msg.seq] != msg.chain or msg.seq not in self._ids:
            return  # not yet, of another branch (a conflict this side won), or from before a reload
        if self._ids[msg.seq] != (msg.position, msg.state):
            raise _Fault(Ending.MISMATCH, f"after action {msg.seq} the two matches differ")

    # --- applying -------------------------------------------------------------------------

    def _apply(self, match: Match, shared: Shared) -> None:
        """Do ``shared`` on ``match`` at its time (a roll without its reveal waits); raises
        :class:`_Fault` (``illegal``) when the match does not allow it."""
        action, by, at = shared.action, shared.by, shared.action.at
        try:
            match action.do:
                case Do.OPENING | Do.ROLL:
                    if shared.reveal is None:
                        return
                    wanted = Phase.OPENING if action.do == Do.OPENING else Phase.ROLL
                    if match.phase != wanted or (action.do == Do.OPENING and by != 0):
                        raise MatchError(f"no {action.do} now: the match is at '{match.phase}'")
                    assert action.secret is not None and action.k is not None
                    host, guest = (action.secret, shared.reveal) if by == 0 else (shared.reveal, action.secret)
                    dice = match.dice.source
                    assert isinstance(dice, AgreedDice)
                    dice.give(dice_stream(host, guest, action.k))
                    try:
                        match.roll(at, player=None if action.do == Do.OPENING else by)
                    finally:
                        dice.take_back()
                case Do.PLAY:
                    assert action.moves is not None
                    match.play(list(action.moves), at, player=by)
                case Do.DOUBLE:
                    match.double(at, player=by)
                case Do.TAKE:
                    match.take(at, player=by)
                case Do.DROP:
                    match.drop(at, player=by)
                case Do.RESIGN:
                    match.offer_resignation(action.level, at, player=by)
                case Do.ACCEPT_RESIGN:
                    match.accept_resignation(at, player=by)
                case Do.REFUSE_RESIGN:
                    match.refuse_resignation(at, player=by)
                case Do.NEXT_GAME:
                    match.next_game(at)
                case Do.CLAIM:
                    match.claim_timeout(at, player=by)
                case Do.RESIGN_MATCH:
                    match.resign_match(by, at)
                case Do.FORFEIT:
                    reason = Termination.TIMEOUT if action.reason == Forfeit.REVEAL else Termination.RESIGN_MATCH
                    match.forfeit(1 - by, reason, at)
        except (MatchError, IllegalMove, DiceNotAgreed, ValueError) as error:
            raise _Fault(Ending.ILLEGAL, f"{action.do}: {error}") from None

    def _append(self, shared: Shared) -> None:
        """A shared action done: kept, chained, sent (when the peer is here) with a check after
        a completed turn of ours."""
        seq = len(self._actions)
        self._actions.append(shared)
        self._chains.append(chain_next(self._chains[-1], shared.by, shared.action))
        match = self._replica()
        self._synced = len(match.log)
        self._ids[seq + 1] = _ids(match, shared.action.at)
        self._shared_log = len(match.log)
        if shared.by == self.seat and self._here:
            self._send(Act(seq, self._chains[seq], shared.action))
            if shared.action.do in _TURN_ENDS:
                self._send(Check(seq + 1, self._chains[seq + 1], *self._ids[seq + 1]))

    def _sync(self, local_now: float) -> None:
        """Our player's new events on the replica, as shared actions."""
        match = self.match
        if match is None or self._synced >= len(match.log):
            return
        new = match.log[self._synced:]
        try:
            actions = [a for a in (self._local_action(e) for e in new) if a is not None]
        except ValueError:
            self._rebuild()
            raise
        for event, action in actions:
            stamp = event.t if event.t is not None else self.session_time(local_now)
            self._append(Shared(self.seat, replace(action, at=self._stamp(stamp))))
        self._synced = len(match.log)

    def _local_action(self, event: Event) -> tuple[Event, Action] | None:
        if isinstance(event, (GameStarted, GameScored, MatchOver, TimedOut)):
            return None
        if isinstance(event, ResignationAccepted) and event.automatic:
            return None
        if self.broken is not None:
            raise ValueError(f"{event.type}: the online match has stopped")
        if self.rolling and not isinstance(event, (Claimed, MatchResigned)):
            raise ValueError(f"{event.type}: not while our roll waits for the peer's die")
        player = getattr(event, "player", self.seat)
        if player != self.seat:
            raise ValueError(f"{event.type} of player {player}: online, only the peer acts for him")
        if isinstance(event, Played):
            return event, Action(Do.PLAY, 0.0, dice=event.dice, moves=tuple(event.moves))
        if isinstance(event, (Resigned, ResignationOffered)):
            return event, Action(Do.RESIGN, 0.0, level=level_name(event.level))
        if event.type not in _LOCAL:
            raise ValueError(f"{event.type}: not shared online (the session rolls; no pause, no auto-roll)")
        return event, Action(_LOCAL[event.type], 0.0)

    def _forfeit(self, reason: Forfeit, at: float) -> None:
        shared = Shared(self.seat, Action(Do.FORFEIT, self._stamp(at), reason=reason))
        self._apply(self._replica(), shared)
        self._append(shared)

    def _maybe_open(self, local_now: float) -> None:
        """The host rolls the opening of a game by himself once the peer is here."""
        if self.seat == 0 and self._here and self.match is not None and self.match.phase == Phase.OPENING:
            self.want_roll(local_now)

    # --- helpers --------------------------------------------------------------------------

    def _make_match(self) -> None:
        assert self.terms is not None
        self._dice = AgreedDice()
        self.match = self.terms.make_match(self._dice, time=self._match_time)
        self._synced = self._shared_log = len(self.match.log)

    def _match_time(self) -> float:
        return self._time(float(self._clock()))

    def _time(self, local_now: float) -> float:
        """The time the replica reads at ``local_now``: the session time, :data:`FLAG_GRACE`
        seconds late while the peer is to act."""
        now = self.session_time(local_now)
        if self.match is not None and self.match.to_act == self.peer:
            now = round(now - FLAG_GRACE, 3)
        return now

    def _stamp(self, at: float) -> float:
        """A time for our next action: never before the last action's."""
        return max(at, self._actions[-1].action.at) if self._actions else at

    def _replica(self) -> Match:
        match = self.match
        assert match is not None
        return match

    def _require_match(self) -> Match:
        if self.match is None:
            raise _Fault(Ending.MALFORMED, "an action before the match started")
        return self.match

    def _replay(self, shared: Iterable[Shared]) -> Match:
        """A new match made from the terms by ``shared``."""
        assert self.terms is not None
        match = self.terms.make_match(AgreedDice(), time=self._match_time)
        for entry in shared:
            self._apply(match, entry)
        return match

    def _rebuild(self) -> None:
        """The replica made again from the shared actions, in place (the page keeps its object)."""
        match = self._replica()
        again = self._replay(self._actions)
        match.restore(again.snapshot())
        match.clock = again.clock
        self._synced = self._shared_log = len(match.log)
        self._rebuilt = min(self._rebuilt if self._rebuilt is not None else self._synced, self._synced)

    def _settle(self, at: float) -> None:
        """Before a shared action stamped ``at``: a flag this replica saw after ``at`` (reading
        the clock between actions) is undone by making it again from the shared actions, where
        the clock is read at the actions' times only (the action may have come late)."""
        match = self._replica()
        if any(isinstance(e, TimedOut) and e.t is not None and e.t > at for e in match.log[self._shared_log:]):
            self._rebuild()

    def _next_roll(self) -> int:
        return 1 + sum(1 for s in self._actions if s.action.do in ROLLS)

    def _last_roll(self) -> int | None:
        for index in range(len(self._actions) - 1, -1, -1):
            if self._actions[index].action.do in ROLLS:
                return index
        return None

    def _pending(self) -> int | None:
        """The index of the roll waiting for its reveal, if any."""
        index = self._last_roll()
        return index if index is not None and self._actions[index].reveal is None else None

    def _secret(self, k: int) -> str:
        if k not in self._secrets:
            self._secrets[k] = new_secret()
        return self._secrets[k]

    def _take_commit(self, k: int, commit: str) -> None:
        """The peer's commitment for roll ``k``; one that changes is a changed die."""
        held = self._commits.get(k)
        if held is not None and held != commit:
            raise _Fault(Ending.DICE, f"a changed die: a second commitment for roll {k}")
        if held is None and 1 <= k <= self._next_roll() + 1:
            self._commits[k] = commit

    def _send(self, msg: Message) -> None:
        self._out.append(encode(msg))

    def _break(self, ending: Ending, detail: str, peer_at_fault: bool) -> Broken:
        self.broken = Broken(ending, detail, peer_at_fault)
        return self.broken

    def _fail(self, start: int, ending: Ending, detail: str) -> Update:
        broken = self._break(ending, detail, True)
        self._send(Bye(ending.value))
        return self._update(start, broken=broken)

    def _update(self, start: int, **flags: Any) -> Update:
        if self.match is None:
            return Update(**flags)
        log = self.match.log
        self._synced = len(log)
        return Update(events=tuple(log[start:]), **flags)


def _ids(match: Match, at: float) -> tuple[str, str]:
    """The position ID and a digest of the rest of the match's state (the clock read at ``at``)."""
    game = match.game
    clock = None
    if match.clock is not None:
        clock = [[round(p.move_left, 3), round(p.bank_left, 3)] for p in match.clock.state(at).players]
    state = [
        match.phase.value, match.game_number, match.scores, match.cube, match.cube_owner, game.on_roll,
        list(game.dice) if game.dice is not None else None, match.resign_offer, match.resign_refused,
        match.crawford, match.winner, clock,
    ]
    digest = hashlib.sha256(json.dumps(state, separators=(",", ":")).encode()).hexdigest()[:16]
    return str(game.position_for(0).position_id()), digest


def _finite(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)


def _numbered(data: Any, what: str) -> dict[int, str]:
    if not isinstance(data, dict) or len(data) > 8:
        raise ProtocolError(f"a saved session's {what} are a few numbered secrets")
    out: dict[int, str] = {}
    for key, value in data.items():
        if not isinstance(key, str) or not key.isdigit() or not isinstance(value, str) or len(value) != 64:
            raise ProtocolError(f"a saved session's {what} are a few numbered secrets")
        out[int(key)] = value
    return out


__all__ = ["AHEAD", "FLAG_GRACE", "GRACE", "REVEAL_TIMEOUT", "Broken", "Ending", "Role", "Session", "Shared", "Update"]
