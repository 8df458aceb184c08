"""What happens in a match, as events: :attr:`tavli.match.Match.log` holds one per action and one
per consequence (a game starts, a game is won, the match ends), in order.

Each kind of event is a frozen dataclass whose ``type`` is the name the save file writes
(``"roll"``, ``"play"``, ``"double"``...); ``t`` is the time it happened when the match has a
clock (None otherwise). :meth:`Event.to_dict` and :func:`event_from_dict` give the JSON-ready dict
of the save file (:mod:`tavli.formats.savefile`), keys in the order it has always written them.

:func:`redo` does an event's action again on a match (:meth:`tavli.match.Match.replay`); the
consequences (``game``, ``win``, ``draw``, ``match-over``, an automatic acceptance) follow from
the actions and are not redone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

from .games.base import Termination
from .phase import Phase
from .scores import GameScore, Level, level_name, parse_level

if TYPE_CHECKING:
    from .match import Match

Pair = tuple[int, int]


@dataclass(frozen=True)
class Event:
    """An event of the log (see the module's description)."""

    type: ClassVar[str] = ""
    t: float | None = field(default=None, kw_only=True)

    def to_dict(self) -> dict[str, Any]:
        """The event as the save file writes it: ``type``, its fields (an optional one left out
        when None), ``t`` last when there is a time."""
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            if f.name != "t":
                value = _plain(getattr(self, f.name))
                if value is not None or f.default is not None or not _optional(f.name, type(self)):
                    data[f.name] = value
        if self.t is not None:
            data["t"] = self.t
        return data


def _optional(name: str, cls: type[Event]) -> bool:
    return name in _OPTIONAL.get(cls.type, ())


def _plain(value: Any) -> Any:
    """A field's value as JSON-ready data: tuples as lists, levels by name."""
    if isinstance(value, Level):
        return level_name(value)
    if isinstance(value, Termination):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class PlayerEvent(Event):
    """An event of one player's (the subclasses without fields of their own)."""

    player: int


@dataclass(frozen=True)
class CubeEvent(PlayerEvent):
    """A double offered (:class:`Doubled`) or taken (:class:`Took`), at ``cube``."""

    cube: int


@dataclass(frozen=True)
class LevelEvent(PlayerEvent):
    """A resignation at ``level``: Greek, at once (:class:`Resigned`), or offered
    (:class:`ResignationOffered`)."""

    level: Level


@dataclass(frozen=True)
class GameStarted(Event):
    type: ClassVar[str] = "game"
    game: int
    scores: Pair
    crawford: bool


class NextGame(Event):
    type = "next-game"


@dataclass(frozen=True)
class OpeningRoll(Event):
    """One throw of the opening roll: player 0's die, player 1's (a tie is thrown again)."""

    type: ClassVar[str] = "opening"
    dice: Pair


@dataclass(frozen=True)
class Rolled(PlayerEvent):
    type: ClassVar[str] = "roll"
    dice: Pair


@dataclass(frozen=True)
class Played(PlayerEvent):
    """A turn's play: single-die ``(from, to)`` moves; ``text`` its notation (not kept for the
    finished games of a saved match)."""

    type: ClassVar[str] = "play"
    dice: Pair
    moves: tuple[Pair, ...]
    text: str | None = None


class Doubled(CubeEvent):
    type = "double"


class Took(CubeEvent):
    type = "take"


class Dropped(PlayerEvent):
    type = "drop"


class Resigned(LevelEvent):
    type = "resign"


class ResignationOffered(LevelEvent):
    type = "resign-offer"


@dataclass(frozen=True)
class ResignationAccepted(PlayerEvent):
    """``automatic``: the highest level offered, accepted without asking."""

    type: ClassVar[str] = "resign-accept"
    automatic: bool | None = None


class ResignationRefused(PlayerEvent):
    type = "resign-refuse"


class MatchResigned(PlayerEvent):
    type = "resign-match"


@dataclass(frozen=True)
class Conceded(LevelEvent):
    """A round given up during a turn (transcripts of other programs)."""

    type: ClassVar[str] = "concede"
    reason: Termination | None = None


class Claimed(PlayerEvent):
    type = "claim"


class TimedOut(PlayerEvent):
    type = "timeout"


@dataclass(frozen=True)
class Forfeited(PlayerEvent):
    """``player`` lost the match without resigning it (online play): ``reason`` ``timeout`` (he
    withheld a die he owed) or ``resign-match`` (he stayed away past the grace period)."""

    type: ClassVar[str] = "forfeit"
    reason: Termination


@dataclass(frozen=True)
class AutoRollSet(PlayerEvent):
    type: ClassVar[str] = "auto-roll"
    on: bool


class Paused(Event):
    type = "pause"


class Resumed(Event):
    type = "resume"


@dataclass(frozen=True)
class GameScored(Event):
    """A game scored: its result and the scores after it (:class:`GameWon`, :class:`GameDrawn`)."""

    result: GameScore
    scores: Pair

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, **self.result.to_dict(), "scores": list(self.scores)}
        if self.t is not None:
            data["t"] = self.t
        return data


@dataclass(frozen=True)
class GameWon(GameScored):
    type: ClassVar[str] = "win"


@dataclass(frozen=True)
class GameDrawn(GameScored):
    type: ClassVar[str] = "draw"


@dataclass(frozen=True)
class MatchOver(Event):
    type: ClassVar[str] = "match-over"
    winner: int | None
    scores: Pair
    reason: Termination


@dataclass(frozen=True)
class SetUp(Event):
    """The match was set up from GNU Backgammon's IDs (:mod:`tavli.formats.matchio`)."""

    type: ClassVar[str] = "setup"
    position: str
    match_id: str


EVENTS: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        GameStarted, NextGame, OpeningRoll, Rolled, Played, Doubled, Took, Dropped, Resigned, ResignationOffered,
        ResignationAccepted, ResignationRefused, MatchResigned, Conceded, Claimed, TimedOut, Forfeited, AutoRollSet, Paused,
        Resumed, GameWon, GameDrawn, MatchOver, SetUp,
    )
}
_OPTIONAL = {"play": ("text",), "resign-accept": ("automatic",), "concede": ("reason",)}
_PAIRS = ("dice", "scores")


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event a dict of :meth:`Event.to_dict` describes; ``ValueError`` (or ``KeyError``,
    ``TypeError``) for one that is not."""
    cls = EVENTS.get(data.get("type", ""))
    if cls is None:
        raise ValueError(f"unknown event {data.get('type')!r}")
    t = data.get("t")
    if cls in (GameWon, GameDrawn):
        return cls(GameScore.from_dict(data), _pair(data["scores"]), t=t)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name == "t" or (f.name not in data and f.name in _OPTIONAL.get(cls.type, ())):
            continue
        value = data[f.name]
        if f.name in _PAIRS:
            value = _pair(value)
        elif f.name == "moves":
            value = tuple(_pair(m) for m in value)
        elif f.name == "level":
            value = parse_level(value)
        elif f.name == "reason":
            value = Termination(value)
        values[f.name] = value
    return cls(**values, t=t)


def as_dicts(log: list[Event]) -> list[dict[str, Any]]:
    """The log as the save file writes it."""
    return [event.to_dict() for event in log]


def _pair(value: Any) -> Pair:
    a, b = value
    return (a, b)


def redo(m: Match, event: Event) -> None:
    """Do ``event``'s action again on the match ``m`` (a consequence is skipped);
    :class:`ValueError` when the match does not allow it."""
    now = event.t
    match event:
        case GameStarted() | GameScored() | MatchOver() | ResignationAccepted(automatic=True):
            return  # consequences, recorded for the reader
        case TimedOut():
            m.update(now)
        case Paused():
            m.pause(now)
        case Resumed():
            m.resume(now)
        case OpeningRoll():
            if m.phase == Phase.OPENING:
                m.roll(now)
        case Rolled(player=who):
            m.roll(now, player=who)
        case Played(player=who, moves=moves):
            m.play(list(moves), now, player=who)
        case Doubled(player=who):
            m.double(now, player=who)
        case Took(player=who):
            m.take(now, player=who)
        case Dropped(player=who):
            m.drop(now, player=who)
        case Resigned(player=who, level=level) | ResignationOffered(player=who, level=level):
            m.offer_resignation(level, now, player=who)
        case ResignationAccepted(player=who):
            m.accept_resignation(now, player=who)
        case ResignationRefused(player=who):
            m.refuse_resignation(now, player=who)
        case MatchResigned(player=who):
            m.resign_match(who, now)
        case Claimed(player=who):
            m.claim_timeout(now, player=who)
        case Forfeited(player=who, reason=reason):
            m.forfeit(who, reason, now)
        case NextGame():
            m.next_game(now)
        case AutoRollSet(player=who, on=on):
            m.set_auto_roll(who, on, now)
        case Conceded(player=who, level=level, reason=reason):
            m.concede(who, level, reason=reason or Termination.RESIGN, now=now)
        case _:
            raise ValueError(f"cannot replay a {event.type!r} event")


__all__ = [
    "EVENTS",
    "AutoRollSet",
    "Claimed",
    "Conceded",
    "CubeEvent",
    "Doubled",
    "Dropped",
    "Event",
    "Forfeited",
    "GameDrawn",
    "GameScored",
    "GameStarted",
    "GameWon",
    "LevelEvent",
    "MatchOver",
    "MatchResigned",
    "NextGame",
    "OpeningRoll",
    "Paused",
    "Played",
    "PlayerEvent",
    "ResignationAccepted",
    "ResignationOffered",
    "ResignationRefused",
    "Resigned",
    "Resumed",
    "Rolled",
    "SetUp",
    "TimedOut",
    "Took",
    "as_dicts",
    "event_from_dict",
    "redo",
]
