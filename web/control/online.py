"""Online play on this page (:class:`OnlinePlay`): the controller's match is the replica of a
:class:`tavli.online.session.Session` (the friend on another device plays the remote seat), and
this object goes between them. Pure Python, no browser imports: the page hands it the texts from
the link and sends what :meth:`OnlinePlay.outbox` gives.

* The person's roll goes to the session (:meth:`OnlinePlay.roll`): the dice are thrown once the
  friend's reveal comes back (fair dice, :mod:`tavli.online.dice`); the host's session throws
  each game's opening roll by itself.
* After every refresh the session reads the new local events of the match (:meth:`after_action`).
* The friend's actions (:meth:`receive`) come back as :class:`~web.control.effects.Effects`: his
  checkers slide as the computer's do, the status line says what he did.
* The state on ``<body data-online>`` (:class:`OnlineState`) and the panel's status line
  (:meth:`line`): connected, waiting for the friend, the friend away (the time left before the match
  may be claimed), a broken session (:meth:`broken_text`: why, per
  :class:`~tavli.online.session.Ending`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tavli.events import (
    Claimed,
    Doubled,
    Dropped,
    Event,
    Played,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Took,
)
from tavli.games.registry import game_kind
from web.model.i18n import kind_text, t
from web.view.view import Motion, top_point

from .effects import Effects
from .table import BAR, OFF

if TYPE_CHECKING:
    from .controller import Controller


GRACE = 90.0  # the session's default grace period (seconds) for a friend away
DECIDED = ("silent", "abandoned")  # endings that decide the match (a forfeit): it is over, not broken
REFUSED = ("illegal", "malformed", "dice")  # a fault in one side's messages, found by the other


class OnlineState(StrEnum):
    """What ``<body data-online>`` says of the online match."""

    LOBBY = "lobby"  # the invitation is out, or the guest has not joined yet
    WAITING = "waiting"  # the friend is to act (or his reveal of our roll is awaited)
    PLAY = "play"  # the person here is to act
    AWAY = "away"  # the friend's connection is gone; the match waits for him
    BROKEN = "broken"  # the session stopped (a broken rule, a bad message): the match is kept
    OVER = "over"  # the match is over


def clock_text(seconds: float) -> str:
    """``m:ss`` of a count-down (whole seconds, rounded up)."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def peer_motions(variant: str, before: Any, moves: tuple[tuple[int, int], ...], side: int) -> list[Motion]:
    """The slides of a play made at the top of the board (``side`` 1) or the bottom (0): its
    single-die ``moves`` in the mover's numbering, from the board ``before`` it (a position seen
    by the mover: ``checkers_at`` gives his and his opponent's checkers); a Portes hit sends the
    blot to the bar."""
    hits = game_kind(variant).hits

    def board(p: int) -> int:
        return p if side == 0 or p in (BAR, OFF) else top_point(variant, p)

    motions: list[Motion] = []
    hit: set[int] = set()
    for start, end in moves:
        motions.append(Motion(side, board(start), board(end)))
        if hits and end not in (BAR, OFF) and end not in hit and before.checkers_at(end)[1] == 1:
            hit.add(end)
            motions.append(Motion(1 - side, board(end), BAR))
    return motions


class OnlinePlay:
    """One online match: ``session`` (a :class:`tavli.online.session.Session`), ``now`` the page's
    monotonic seconds (the session's ``local_now``). :meth:`attach` gives it the controller that
    shows the session's match."""

    def __init__(self, session: Any, now: Callable[[], float]) -> None:
        self.session = session
        self.now = now
        self.ctl: Controller | None = None
        self.connected = False  # the link reported the friend (and he has not gone since)

    def attach(self, ctl: Controller) -> None:
        """``ctl`` shows the session's match from now on (its roll goes to the session)."""
        self.ctl = ctl
        ctl.online = self

    # --- names ----------------------------------------------------------------------------------

    @property
    def friend(self) -> str:
        """The friend's name (his own, else "your friend")."""
        session = self.session
        name = session.names[1 - session.seat] if session.names else ""
        return name or t("online_friend")

    # --- the person's actions -------------------------------------------------------------------

    def roll(self) -> Effects:
        """The person's Roll (button, dice, auto-roll): asked of the session; the dice come with
        the friend's reveal."""
        ctl = self._ctl
        m = ctl.match
        if m.phase == "roll" and ctl.is_human(m.game.on_roll) and not self.session.rolling:
            self.session.want_roll(self.now())
        return ctl.effects()

    def after_action(self) -> None:
        """After every refresh: the session sends what the person did since (new local events)."""
        if self.session.match is not None and self.session.broken is None:
            self.session.sync_local(self.now())

    def outbox(self) -> list[str]:
        """The messages to send now."""
        return list(self.session.outbox())

    def claim_abandoned(self) -> Effects:
        """Claim the match from a friend away past the grace period."""
        if self.session.can_claim_abandoned(self.now()):
            self.session.claim_abandoned(self.now())
        return self._ctl.effects()

    def resign_match(self) -> None:
        """Resigning the match: the friend wins it and is told."""
        session = self.session
        if session.match is not None and session.broken is None and session.match.phase != "match-over":
            session.resign_match(self.now())

    def leave(self) -> None:
        """Leaving on purpose (the lobby's Cancel, a new match): a match in play is resigned, the
        friend told that we left."""
        if self.session.broken is None:
            self.session.leave(self.now())

    # --- the link -------------------------------------------------------------------------------

    def peer_here(self) -> None:
        """The link reports the friend (again)."""
        self.connected = True
        self.session.connected(self.now())

    def peer_gone(self) -> None:
        """The link lost the friend: the match waits for him."""
        self.connected = False
        self.session.peer_left(self.now())

    def receive(self, text: str) -> tuple[Effects, Any]:
        """A text from the friend, handed to the session: the effects to show (his play's
        slides, the dice's sound, what he did on the status line) and the session's ``Update``."""
        session = self.session
        ctl = self.ctl
        m = session.match
        before = None
        if ctl is not None and m is not None and ctl.remote is not None and m.phase in ("roll", "move"):
            before = (m.game_variant, m.position_for(ctl.remote))
        update = session.receive(text, self.now())
        if ctl is None or session.match is None:
            return Effects(), update
        return self._effects(update.events, before), update

    def tick(self) -> Any:
        """The session's deadlines (a reveal, the grace period, the clock): its ``Update``."""
        return self.session.tick(self.now())

    def _effects(self, events: tuple[Event, ...], before: Any) -> Effects:
        ctl = self._ctl
        remote = ctl.remote
        motions: list[Motion] = []
        for event in events:
            if getattr(event, "player", None) != remote or remote is None:
                continue
            name = self.friend
            if isinstance(event, Played):
                if before is not None:
                    motions += peer_motions(before[0], before[1], event.moves, ctl.side_of(remote))
                    before = None  # (a second play: the board before it is not known)
                a, b = event.dice
                ctl.note = t("rolled", name=name, a=a, b=b) if event.moves else t("passes", name=name)
                ctl.last_roll = (remote, event.dice)
            elif isinstance(event, Doubled):
                ctl.note = t("doubles", name=name, value=event.cube)
            elif isinstance(event, Took):
                ctl.note = ctl.answer = t("takes", name=name, value=event.cube)
            elif isinstance(event, Dropped):
                ctl.note = ctl.answer = t("drops", name=name)
            elif isinstance(event, ResignationOffered):
                ctl.note = t("offers_resign", name=name, kind=kind_text(event.level))
            elif isinstance(event, ResignationAccepted):
                ctl.note = ctl.answer = t("accepts", name=name)
            elif isinstance(event, ResignationRefused):
                ctl.note = ctl.answer = t("refuses", name=name)
            elif isinstance(event, Claimed):
                ctl.note = ctl.answer = t("claims", name=name)
        return ctl.effects(motions)

    @property
    def _ctl(self) -> Controller:
        assert self.ctl is not None, "no controller attached"
        return self.ctl

    # --- what is shown --------------------------------------------------------------------------

    def state(self) -> OnlineState:
        """The state for ``<body data-online>``."""
        session = self.session
        m = session.match
        decided = m is not None and m.phase == "match-over"
        if session.broken is not None and not (decided and session.broken.ending in DECIDED):
            return OnlineState.BROKEN
        if m is None:
            return OnlineState.LOBBY
        if decided:
            return OnlineState.OVER
        if not self.connected or session.absent_for(self.now()) is not None:
            return OnlineState.AWAY
        remote = self.ctl.remote if self.ctl is not None else 1 - session.seat
        if session.rolling or m.to_act == remote or (m.phase == "opening" and session.seat != 0):
            return OnlineState.WAITING
        return OnlineState.PLAY

    def can_claim(self) -> bool:
        """Whether the person may claim the match now (the friend away past the grace)."""
        session = self.session
        return session.broken is None and session.match is not None and session.can_claim_abandoned(self.now())

    def line(self) -> str:
        """The panel's online line: connected, waiting for the friend, the friend away (time
        left), the session broken."""
        state = self.state()
        name = self.friend
        if state is OnlineState.BROKEN:
            return t("online_line_broken")
        if state is OnlineState.AWAY:
            if self.can_claim():
                return t("online_line_gone", name=name)
            away = self.session.absent_for(self.now()) or 0.0
            left = max(0.0, float(getattr(self.session, "grace", GRACE)) - away)
            return t("online_line_away", name=name, time=clock_text(left))
        if state is OnlineState.WAITING:
            return t("online_line_waiting", name=name)
        if state is OnlineState.OVER:
            return t("online_line_over", name=name)
        return t("online_line_connected", name=name)

    def broken_text(self) -> str:
        """Why the session stopped, in words (the notice): each ending has its sentence."""
        broken = self.session.broken
        if broken is None:
            return ""
        if not broken.peer_at_fault and broken.ending in DECIDED:  # (the friend won)
            return t(f"online_end_{broken.ending}_you", name=self.friend)
        if not broken.peer_at_fault and broken.ending in REFUSED:  # the friend's device refused ours
            return t("online_end_refused", name=self.friend)
        return t(f"online_end_{broken.ending}", name=self.friend)
