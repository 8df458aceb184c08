"""What a screen reader is told, as text in the language in use: the position in words
(:func:`describe_position`, with :func:`score_words` and :func:`cube_words`), the match's new
events (:func:`announce_events`), the checker moves of a turn in progress (:func:`moves_words`),
a clock running low (:func:`announce_clock`), where a picked checker can go
(:func:`targets_words`). Pure functions, no browser imports; the page puts their texts in its
live region.

Points are numbered as the listener sees them: the person at the bottom of the board, in his
own numbering (24 down to 1, 25 the bar, 0 off), both his checkers and his opponent's. A play
is said in notation in its mover's numbering, as the move list and GNU Backgammon write it (the
person's own plays in the numbering he types); a hit or a pin it made is said on the
listener's point.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tavli.clock import ClockState
from tavli.events import (
    Claimed,
    Doubled,
    Dropped,
    Event,
    GameDrawn,
    GameStarted,
    GameWon,
    MatchOver,
    MatchResigned,
    OpeningRoll,
    Played,
    PlayerEvent,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Resigned,
    Rolled,
    TimedOut,
    Took,
)
from tavli.games.base import Board, point_name
from tavli.games.registry import game_kind
from tavli.scores import GameScore
from web.model.i18n import EN, kind_text, points_text, t

BAR, OFF = 25, 0


def _you(key: str, name: str, **kw: Any) -> str:
    """``key`` said of ``name``; in the catalogue's ``_you`` form (when it has one) when
    ``name`` is the person ("You"): the catalogues' own verb agreement does the rest."""
    if name == t("you") and key + "_you" in EN:
        return t(key + "_you", **kw)
    return t(key, name=name, **kw)


def _count(key: str, n: int, **kw: Any) -> str:
    """``key_1`` for one, ``key_n`` (with ``n``) for more."""
    return t(key + "_1", **kw) if n == 1 else t(key + "_n", n=n, **kw)


# --- the position -----------------------------------------------------------------------------


def describe_position(position: Board, names: tuple[str, str]) -> str:
    """The position in words, seen from its ``player`` side (the listener: the person at the
    bottom; ``names``: his and his opponent's), every point in his numbering: "You: 2 on
    point 24, 5 on point 13…, 1 on the bar, 3 borne off. Computer: … Pips: You 167, Computer
    160". A Plakoto checker pinned under an opposing one is said so. ``position``: any game's."""
    pinned_at: Callable[[int], str | None] | None = getattr(position, "pinned_at", None)
    bar = position.on_bar()
    off = position.borne_off()
    sides = []
    for side, who in ((0, "player"), (1, "opponent")):
        parts = []
        for point in range(24, 0, -1):
            n = position.checkers_at(point)[side]
            if n:
                text = _count("sr_on_point", n, point=point)
                if pinned_at is not None and pinned_at(point) == who:
                    text = t("sr_pinned_note", text=text)
                parts.append(text)
        if bar[side]:
            parts.append(_count("sr_on_bar", bar[side]))
        if off[side]:
            parts.append(_count("sr_borne_off", off[side]))
        sides.append(t("sr_side", name=names[side], checkers=", ".join(parts) if parts else t("sr_none_left")))
    pips = position.pip_counts()
    sides.append(t("sr_pips", name0=names[0], pips0=pips[0], name1=names[1], pips1=pips[1]))
    return ". ".join(sides)


def score_words(scores: Sequence[int], names: tuple[str, str], length: int) -> str:
    """The match's score: "Score: You 1, Computer 0. Match to 3"."""
    return f"{t('sr_score', name0=names[0], s0=scores[0], name1=names[1], s1=scores[1])}. {t('match_to', n=length)}"


def cube_words(value: int, owner: str | None) -> str:
    """Where the doubling cube is: in the middle, or whose (``owner``: his name)."""
    if owner is None:
        return t("sr_cube_middle", value=value)
    return _you("sr_cube_owned", owner, value=value)


def targets_words(point: int, targets: Sequence[int]) -> str:
    """Where the checker picked on ``point`` can go: "From 8: to 5, to 3, bear off" (or that it
    cannot move)."""
    start = t("sr_the_bar") if point == BAR else t("sr_point", point=point)
    if not targets:
        return t("sr_no_targets", point=start)
    ordered = sorted(targets, reverse=True)  # the nearest first, off last
    to = ", ".join(t("sr_to_off") if p == OFF else t("sr_to", point=p) for p in ordered)
    return t("sr_targets", point=start, targets=to)


def notation_words(text: str) -> str:
    """A play's notation as said in the language in use: ``bar`` and ``off`` in words."""
    words = {"bar": t("sr_notation_bar"), "off": t("sr_notation_off")}
    return re.sub(r"\b(bar|off)\b", lambda m: words[m.group(1)], text)


# --- the match's events -----------------------------------------------------------------------


def game_result_words(result: GameScore, names: tuple[str, str]) -> str:
    """A game's result in words: who won what, and how."""
    if result.winner is None:
        return t("game_draw")
    name = names[result.winner]
    pts = points_text(result.points)
    reason = result.reason
    if reason == "mother":
        return t("game_mother", name=name, points=pts)
    if reason == "drop":
        return t("game_dropped", name=name, points=pts)
    if reason == "resign":
        return t("game_resigned", name=name, points=pts)
    if reason == "resign-match":
        return t("match_resigned", name=name)
    if reason == "timeout":
        return t("game_timeout", name=name, points=pts)
    return t("game_won", name=name, kind=kind_text(result.counted), points=pts)


def marked_points(text: str, *, ends_only: bool) -> list[int]:
    """The points a play's notation stars (``24/18*/13 6/2*`` -> 18, 2), in the mover's
    numbering, once each; ``ends_only``: only where an entry ends (Plakoto: a checker that pins
    on its way and moves on frees the one it passed)."""
    points: list[int] = []
    for entry in text.split():
        steps = entry.split("(")[0].split("/")[1:]
        if ends_only:
            steps = steps[-1:]
        for step in steps:
            if step.endswith("*") and step[:-1].isdigit() and int(step[:-1]) not in points:
                points.append(int(step[:-1]))
    return points


def _play_words(event: Played, names: tuple[str, str], listener: int, variant: str) -> list[str]:
    """A play, then each hit (Portes) or pin (Plakoto) it made, on the listener's point."""
    name = names[event.player]
    if not event.moves:
        return [t("passes", name=name)]
    kind = game_kind(variant)
    text = event.text or " ".join(f"{point_name(a)}/{point_name(b)}" for a, b in event.moves)
    said = [t("sr_played", name=name, play=notation_words(text))]
    if kind.hits or kind.pins:
        victim = 1 - event.player
        key = "sr_hit" if kind.hits else "sr_pin"
        for p in marked_points(text, ends_only=not kind.hits):
            point = p if event.player == listener else kind.opponent_point(p)
            said.append(_you(key, names[victim], point=point))
    return said


# A player's event said in a sentence about him alone: its catalogue key (with the "_you" form).
_SAID_OF: dict[type[Event], str] = {
    Dropped: "drops", ResignationAccepted: "accepts", ResignationRefused: "refuses", TimedOut: "time_up",
    Claimed: "claims", Resigned: "sr_resigns", MatchResigned: "sr_resigns_match",
}


def announce_events(
    events: Iterable[Event], names: tuple[str, str], *, listener: int, variant: str,
    variant_of: Callable[[int], str] | None = None, scored: bool = True,
) -> list[str]:
    """The texts of ``events`` (new entries of a match's log): the opening throw, each roll and
    play (with its hits or pins), the cube offered, taken or dropped, a resignation offered,
    accepted or refused, time up or claimed, a game's result with the score (``scored``: a
    match to some points), a new game, the match's result. ``listener``: the player at the
    bottom (whose points the hits are said on); ``variant``: the game the events are played in,
    until a new game starts (``variant_of`` its number: the game it is)."""
    said: list[str] = []
    for event in events:
        match event:
            case OpeningRoll(dice=(a, b)):
                if a == b:
                    said.append(t("sr_opening_tie", name=names[0], a=a, other=names[1], b=b))
                else:
                    first = names[0 if a > b else 1]
                    key = "opening_roll_you" if first == t("you") else "opening_roll"
                    said.append(t(key, name=names[0], a=a, other=names[1], b=b, first=first))
            case Rolled(player=p, dice=(a, b)):
                said.append(t("rolled", name=names[p], a=a, b=b))
            case Played():
                said.extend(_play_words(event, names, listener, variant))
            case Doubled(player=p, cube=cube):
                said.append(t("doubles", name=names[p], value=cube))
            case Took(player=p, cube=cube):
                said.append(t("takes", name=names[p], value=cube))
            case ResignationOffered(player=p, level=level):
                said.append(t("offers_resign", name=names[p], kind=kind_text(level)))
            case PlayerEvent(player=p) if type(event) in _SAID_OF:
                said.append(_you(_SAID_OF[type(event)], names[p]))
            case GameWon(result=result) if result.reason == "resign-match":
                pass  # the match's end says it
            case GameWon(result=result, scores=scores) | GameDrawn(result=result, scores=scores):
                said.append(game_result_words(result, names))
                if scored:
                    said.append(t("sr_score", name0=names[0], s0=scores[0], name1=names[1], s1=scores[1]))
            case GameStarted(game=number):
                if variant_of is not None:
                    variant = variant_of(number)
                said.append(t("sr_game_starts", n=number, game=t(f"game_{variant}")))
            case MatchOver(winner=w, scores=scores, reason=reason):
                if w is None:
                    said.append(t("sr_match_over", name0=names[0], s0=scores[0], name1=names[1], s1=scores[1]))
                elif reason == "resign-match":
                    said.append(t("match_resigned", name=names[w]))
                else:
                    said.append(t("match_won", name=names[w], s0=scores[w], s1=scores[1 - w]))
    return said


def moves_words(name: str, before: Sequence[Any], now: Sequence[Any]) -> list[str]:
    """The checker moves of a turn in progress since ``before`` (the turn's moves when last
    told; ``now``: its moves now, each a :class:`~tavli.games.base.Move` in the mover's
    numbering): each taken back ("You took back 24/18"), then each made ("You moved 13/8*")."""
    kept = 0
    while kept < min(len(before), len(now)) and before[kept] == now[kept]:
        kept += 1
    said = [t("sr_undone", name=name, move=notation_words(str(move))) for move in reversed(before[kept:])]
    said += [t("sr_moved", name=name, move=notation_words(str(move))) for move in now[kept:]]
    return said


# --- the clock --------------------------------------------------------------------------------


def announce_clock(state: ClockState | None, names: tuple[str, str], warned: frozenset[int]) -> tuple[list[str], frozenset[int]]:
    """A clock running low, said once: the texts for each player whose time has gone into the
    warning zone (the bank draining under its threshold: what the panel flashes) since the
    players in ``warned``, and the players in it now (pass them back next time; one who leaves
    the zone is warned again when he next enters it)."""
    if state is None:
        return [], frozenset()
    now = frozenset(p for p, time in enumerate(state.players) if time.warning)
    said = [_count("sr_clock_low", math.ceil(state.players[p].bank_left), name=names[p]) for p in sorted(now - warned)]
    return said, now
