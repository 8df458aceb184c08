"""A match saved as a versioned JSON document, and loaded back exactly.

The document (``"format": "tavli-match"``, ``"version": 3``) holds the settings (length, rules,
the game played (``"variant"``: portes, plakoto, fevga or tavli), the dice source, the clock), the state of the match as it stands (scores, cube, the checkers seen
from player 0, the phase, a turn in progress with the moves made so far, a resignation offered)
and the full event log. A loaded match continues as if it had never been saved: a seeded dice
source continues where it was (the document keeps the seed and how many dice were thrown), fixed
dice keep their remaining values, the clock keeps its times.

Version 2 added the variant: a Plakoto, Fevga or Tavli match also keeps, in its state, the game in
play (``"game_variant"``: the rotation of a Tavli match follows from the game number and is checked
against it) and who started it (``"starter"``); its ``"position"`` is the variant's own position ID
(Plakoto's holds the pins), seen from player 0. Version 1 documents (Portes only) still load.
A Plakoto, Fevga or Tavli match also keeps its rule options (``"options"``: ``mother_points``,
``first_checker``, ``prime``, see :mod:`tavli.match`); a version 2 document without them (saved
before they existed) loads with the defaults.

Version 3 writes the games before the one in play compactly (:mod:`tavli.formats.savelog`: their
results as they are, their other events as short texts, without times), so that a long session
stays small; loading expands them back into events. Versions 1 and 2 still load.

Loading checks everything and builds a fresh match: a document that is not one of ours, from a
newer version, or inconsistent raises ``ValueError`` with the reason, never a half-loaded match.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from .. import safejson
from ..dice import DiceSource, FixedDice, SecureDice, SeededDice
from ..events import event_from_dict
from ..game import Game
from ..games.base import Move, Outcome, Termination
from ..games.registry import kind_of
from ..match import Match
from ..matchsetup import MAX_CUBE, MAX_LENGTH, VARIANTS
from ..phase import PHASES, Phase
from ..scores import LEVELS, GameScore, level_name, parse_level
from ..scoring import Rules
from ..snapshot import MatchSnapshot
from . import savelog

FORMAT = "tavli-match"
VERSION = 3

_GAME_PHASE = {
    "opening": "opening",
    "roll": "roll",
    "cube": "roll",
    "resign": "roll",
    "move": "move",
    "game-over": "over",
    "match-over": "over",
}


# --- saving -------------------------------------------------------------------------------------


def to_document(match: Match, now: float | None = None) -> dict[str, Any]:
    """The match as a JSON-ready dict; ``now`` is the time for a running clock (default: the
    match's time function). A loaded match's clock is paused until it is resumed or the next
    player must act, so the document's log ends with that pause (the match's own log is left
    as it is)."""
    snap = match.snapshot()
    log = [event.to_dict() for event in snap.log]
    clock = None
    if match.clock is not None:
        now = match.now() if now is None else now
        clock = match.clock.to_dict(now)
        running = match.clock.state(now)
        if running.active is not None and not running.paused and not running.match_lost:
            log.append({"type": "pause", "t": now})
    state: dict[str, Any] = {
        "phase": snap.phase,
        "game": snap.game_number,
        "scores": list(snap.scores),
        "crawford": snap.crawford,
        "crawford_played": snap.crawford_played,
        "cube": snap.cube,
        "cube_owner": snap.cube_owner,
        "auto_roll": list(snap.auto_roll),
        "on_roll": snap.on_roll,
        "position": _position_text(snap.position),
        "dice": list(snap.dice) if snap.dice is not None else None,
        "moves": [[m.start, m.end, m.die] for m in snap.moves],
        "opening_rolls": [list(pair) for pair in snap.opening_rolls],
        "resign_offer": _level_name(snap.resign_offer),
        "resign_refused": _level_name(snap.resign_refused),
        "result": snap.result.to_dict() if snap.result is not None else None,
        "results": [r.to_dict() for r in snap.results],
        "winner": snap.winner,
        "end_reason": snap.end_reason,
        "flagged": snap.flagged,
        "flag_seen": snap.flag_seen,
    }
    if match.variant != "portes":
        state["game_variant"] = snap.game_variant
        state["starter"] = snap.starter
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": match.variant,
        "length": match.length,
        "games": match.max_games,
        "rules": match.rules.to_dict(),
        "dice": _dice_to_dict(snap.dice_source, snap.dice_drawn),
        "clock": clock,
        "state": state,
        "log": savelog.compact(log),
    }
    if match.options:
        document["options"] = dict(match.options)
    return document


def dumps(match: Match, now: float | None = None, **options: Any) -> str:
    """The match as JSON text (``options`` go to ``json.dumps``, e.g. ``indent=2``)."""
    return json.dumps(to_document(match, now), **options)


# --- loading ------------------------------------------------------------------------------------


def loads(text: str | bytes, *, dice: DiceSource | None = None, time: Callable[[], float] | None = None) -> Match:
    """A match from :func:`dumps`' text; ``ValueError`` saying what is wrong otherwise (the text is
    parsed by :func:`tavli.safejson.loads`: bounded in size and depth, no NaN or Infinity)."""
    try:
        document = safejson.loads(text)
    except ValueError as error:
        raise ValueError(f"not a saved match: {error}") from None
    return from_document(document, dice=dice, time=time)


def from_document(document: Any, *, dice: DiceSource | None = None, time: Callable[[], float] | None = None) -> Match:
    """A match from :func:`to_document`'s dict; ``ValueError`` saying what is wrong otherwise.

    ``dice`` replaces the saved dice source (needed to continue a match whose dice came from the
    browser); ``time`` is the time function for actions not passed ``now``."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"not a saved match: the document's format is not {FORMAT!r}")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("not a saved match: it has no version number")
    if version > VERSION:
        raise ValueError(f"the match was saved by a newer version ({version}); this one reads up to {VERSION}")
    if version < 1:
        raise ValueError(f"unknown saved match version {version}")
    try:
        return _build(document, dice, time)
    except ValueError as error:  # GameError, IllegalMove and our own checks are ValueErrors
        raise ValueError(f"corrupt saved match: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"corrupt saved match: missing or malformed {error}") from None
    except (OverflowError, RecursionError) as error:  # an infinite number or a deep structure in a dict given
        raise ValueError(f"corrupt saved match: {error}") from None


def _build(document: dict[str, Any], dice: DiceSource | None, time: Callable[[], float] | None) -> Match:
    length = document["length"]
    if length is not None:
        _expect(_is_int(length) and 1 <= length <= MAX_LENGTH, f"match length {length!r}")
    games = document.get("games")
    variant = document.get("variant", "portes")
    _expect(variant in VARIANTS, f"game {variant!r}")
    _expect(variant == "portes" or document["version"] >= 2, "game for a version 1 document")
    rules = Rules.from_dict(document["rules"])
    log = document["log"]
    _expect(isinstance(log, list), "event log")
    if document["version"] >= 3:
        log = savelog.expand(log)
    _check_events(log)
    source = dice if dice is not None else _dice_from_dict(document["dice"], _dice_in_log(log))
    clock = _clock_from_dict(document.get("clock"))
    options = document.get("options")
    _expect(options is None or (variant != "portes" and isinstance(options, dict)), "options")
    match = Match(length, rules, source, clock=clock, time=time, games=games, variant=variant, options=options)
    drawn = int(document["dice"].get("drawn", 0)) if dice is None else 0
    match.restore(_snapshot(match, document["state"], log, drawn))
    _check_log(log, match)
    # The document must be what this match writes back, or something in it did not hold.
    again = to_document(match, 0.0)  # the loaded clock is paused: the time given is not used
    for key in ("length", "games", "rules", "state", "clock"):
        _expect(again[key] == document[key], f"{key} (it does not match the state it describes)")
    if "variant" in document:
        _expect(again["variant"] == document["variant"], "variant")
    if options is not None:
        _expect(again["options"] == options, "options")
    return match


# Each event of the log by type: the fields it must have (and, by ``?``, may have), each checked by
# its kind. Everything a reader of the log uses (resuming, the board, the transcript) is here.
_PLAYER, _DICE, _PAIR, _LEVEL, _CUBE, _BOOL, _SCORES, _GAME, _REASON, _MOVES, _TEXT, _WINNER = (
    "player", "dice", "pair", "level", "cube", "bool", "scores", "game", "reason", "moves", "text", "winner",
)
_RESULT = {"winner": _WINNER, "outcome": "outcome", "counted": "outcome", "cube": _CUBE, "points": "points",
           "reason": _REASON, "scores": _SCORES}
_EVENTS: dict[str, dict[str, str]] = {
    "game": {"game": _GAME, "scores": _SCORES, "crawford": _BOOL},
    "next-game": {},
    "opening": {"dice": _PAIR},
    "roll": {"player": _PLAYER, "dice": _PAIR},
    "play": {"player": _PLAYER, "dice": _PAIR, "moves": _MOVES, "text?": _TEXT},
    "double": {"player": _PLAYER, "cube": _CUBE},
    "take": {"player": _PLAYER, "cube": _CUBE},
    "drop": {"player": _PLAYER},
    "resign": {"player": _PLAYER, "level": _LEVEL},
    "resign-offer": {"player": _PLAYER, "level": _LEVEL},
    "resign-accept": {"player": _PLAYER, "automatic?": _BOOL},
    "resign-refuse": {"player": _PLAYER},
    "resign-match": {"player": _PLAYER},
    "concede": {"player": _PLAYER, "level": _LEVEL, "reason?": _REASON},
    "claim": {"player": _PLAYER},
    "forfeit": {"player": _PLAYER, "reason": _REASON},
    "timeout": {"player": _PLAYER},
    "auto-roll": {"player": _PLAYER, "on": _BOOL},
    "pause": {},
    "resume": {},
    "win": _RESULT,
    "draw": _RESULT,
    "match-over": {"winner": _WINNER, "scores": _SCORES, "reason": _REASON},
    "setup": {"position": _TEXT, "match_id": _TEXT},
}
_END_REASONS = tuple(reason.value for reason in Termination)


def _field_ok(kind: str, value: Any) -> bool:
    if kind == _PLAYER:
        return _is_int(value) and value in (0, 1)
    if kind == _WINNER:
        return value is None or (_is_int(value) and value in (0, 1))
    if kind == _PAIR:
        return isinstance(value, list) and len(value) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in value)
    if kind == _LEVEL:
        return value in LEVELS
    if kind == "outcome":
        return value is None or value in LEVELS
    if kind == _CUBE:
        return _is_int(value) and value in [2**i for i in range(7)]
    if kind == "points":
        return _is_int(value) and 0 <= value <= MAX_CUBE * 3 * MAX_LENGTH
    if kind == _BOOL:
        return isinstance(value, bool)
    if kind == _SCORES:
        return isinstance(value, list) and len(value) == 2 and all(_is_int(s) and s >= 0 for s in value)
    if kind == _GAME:
        return _is_int(value) and value >= 1
    if kind == _REASON:
        return value in _END_REASONS
    if kind == _TEXT:
        return isinstance(value, str) and len(value) <= 200
    if kind == _MOVES:
        return isinstance(value, list) and len(value) <= 4 and all(
            isinstance(m, list) and len(m) == 2 and all(_is_int(p) and 0 <= p <= 25 for p in m) for m in value
        )
    raise AssertionError(kind)


def _check_events(log: list[Any]) -> None:
    """Every event of the log is one the match writes, with every field of the right kind (dice
    1..6, players 0 and 1, points 0..25...): a save that loads can be resumed and shown."""
    for number, event in enumerate(log, 1):
        _expect(isinstance(event, dict) and event.get("type") in _EVENTS, f"event {number} of the log")
        fields = _EVENTS[event["type"]]
        for key, kind in fields.items():
            name = key.rstrip("?")
            if key.endswith("?") and name not in event:
                continue
            _expect(name in event and _field_ok(kind, event[name]), f"{name!r} of event {number} ({event['type']}) of the log")
        if "t" in event:
            t = event["t"]
            _expect(isinstance(t, (int, float)) and not isinstance(t, bool) and math.isfinite(t), f"time of event {number} of the log")


def _check_log(log: list[dict[str, Any]], match: Match) -> None:
    """The log tells the same story as the state: as many games, the same results."""
    games = sum(1 for event in log if event["type"] == "game")
    _expect(games == match.game_number, f"event log ({games} games for game {match.game_number})")
    wins = [event for event in log if event["type"] in ("win", "draw")]
    _expect(len(wins) == len(match.results), "event log (not the same game results)")
    for event, result in zip(wins, match.results):
        _expect({k: event.get(k) for k in result.to_dict()} == result.to_dict(), "event log (not the same game results)")
    if wins and match.length is None:
        _expect(wins[-1].get("scores") == match.scores, "event log (not the same score)")


def _snapshot(match: Match, state: dict[str, Any], log: list[dict[str, Any]], drawn: int) -> MatchSnapshot:
    """The snapshot that the document's ``state`` describes, every field checked, for ``match``
    (freshly made with the document's settings)."""
    phase = state["phase"]
    _expect(phase in PHASES, f"phase {phase!r}")
    phase = Phase(phase)
    game_number = state["game"]
    _expect(_is_int(game_number) and game_number >= 1, "game number")
    scores = state["scores"]
    _expect(isinstance(scores, list) and len(scores) == 2 and all(_is_int(s) and s >= 0 for s in scores), "scores")
    if match.length is not None:
        _expect(all(s <= match.length for s in scores), "scores past the target")
    cube = state["cube"]
    _expect(_is_int(cube) and cube in [2**i for i in range(7)] and cube <= MAX_CUBE, f"cube value {cube!r}")
    owner = state["cube_owner"]
    _expect(owner in (None, 0, 1) and not isinstance(owner, bool), "cube owner")
    _expect((owner is None) == (cube == 1), "cube owner for that value")
    if cube > 1:
        _expect(match.rules.cube and match.length != 1, "a turned cube where there is none")
    auto = state["auto_roll"]
    _expect(isinstance(auto, list) and len(auto) == 2, "auto_roll")
    resign_offer = _level(state["resign_offer"])
    _expect((resign_offer is not None) == (phase == Phase.RESIGN), "resignation offer for the phase")
    results = tuple(_score(r) for r in state["results"])
    result = _score(state["result"]) if state["result"] is not None else None
    winner = state["winner"]
    _expect(winner in (None, 0, 1), "winner")
    end_reason = state["end_reason"]
    _expect(end_reason is None or end_reason in _END_REASONS, "end of the match")
    end_reason = None if end_reason is None else Termination(end_reason)
    _expect((end_reason is None) == (phase != Phase.MATCH_OVER), "end of the match for the phase")
    flagged = state["flagged"]
    _expect(flagged in (None, 0, 1) and not isinstance(flagged, bool), "flagged player")

    on_roll = state["on_roll"]
    _expect(on_roll in (0, 1) and not isinstance(on_roll, bool), "player on roll")
    name = match.variant_of(game_number)
    starter = None
    if match.variant != "portes":
        _expect(state["game_variant"] == name, f"game in play {state['game_variant']!r} (game {game_number} is {name})")
        starter = state["starter"]
        _expect(starter in (None, 0, 1) and not isinstance(starter, bool), "starter")
    game_phase = _GAME_PHASE[phase]
    start = Game(match.dice, variant=name, options=match.game_options(name)).position  # its checkers at the start
    seen_by_0 = _position_from_text(start, state["position"])
    position = seen_by_0 if on_roll == 0 else seen_by_0.swap()
    if game_phase == "opening":
        _expect(position == start and on_roll == 0, "position before the opening roll")
        _expect(game_number == 1 or match.variant == "portes", "opening roll after the first game")
        _expect(starter is None, "starter before the opening roll")
    elif match.variant != "portes":
        _expect(starter is not None, "starter of the game in play")
    if game_phase in ("roll", "move"):
        _expect(all(sum(side) > 0 for side in (position.player, position.opponent)), "a game in play with a side borne off")
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    if game_phase == "move":
        dice = _pair(state["dice"])
        moves = tuple(Move(start_point, end, die) for start_point, end, die in state["moves"])
    else:
        _expect(state["dice"] is None and state["moves"] == [], "dice outside a turn")
    if game_phase == "over":
        _expect(result is not None, "the result of the finished game")
        assert result is not None
        if result.winner is None:
            _expect(result.reason == "draw" and name == "plakoto", "a drawn game")
    else:
        _expect(result is None, "a result while the game goes on")
    if match.length is not None and phase != Phase.MATCH_OVER:
        _expect(max(scores) < match.length, "a score at the target while the match goes on")
    return MatchSnapshot(
        phase=phase,
        game_number=game_number,
        scores=(scores[0], scores[1]),
        crawford=_bool(state["crawford"], "crawford"),
        crawford_played=_bool(state["crawford_played"], "crawford_played"),
        cube=cube,
        cube_owner=owner,
        auto_roll=(_bool(auto[0], "auto_roll"), _bool(auto[1], "auto_roll")),
        resign_offer=resign_offer,
        resign_refused=_level(state["resign_refused"]),
        result=result,
        results=results,
        winner=winner,
        end_reason=end_reason,
        flagged=flagged,
        flag_seen=_bool(state["flag_seen"], "flag_seen"),
        starter=starter,
        game_variant=name,
        on_roll=on_roll,
        position=seen_by_0,
        dice=dice,
        moves=moves,
        opening_rolls=tuple(_pair(p) for p in state["opening_rolls"]),
        dice_source=match.dice.source,
        dice_drawn=drawn,
        log=tuple(event_from_dict(event) for event in log),
    )


# --- parts --------------------------------------------------------------------------------------


def _dice_to_dict(source: DiceSource, drawn: int) -> dict[str, Any]:
    if isinstance(source, SeededDice):
        return {"kind": "seeded", "seed": source.seed, "drawn": drawn}
    if isinstance(source, FixedDice):
        return {"kind": "fixed", "values": source.values, "drawn": drawn}
    if isinstance(source, SecureDice):
        return {"kind": "secure", "drawn": drawn}
    return {"kind": "external", "drawn": drawn}


def _dice_in_log(log: list[dict[str, Any]]) -> int:
    """How many dice the log says were thrown: two for each opening throw (ties included) and
    for each roll. A match counts exactly these (``dice.drawn``), or fewer when its dice came
    from elsewhere for a while (the browser's, not counted back)."""
    return sum(len(e["dice"]) for e in log if e["type"] in ("opening", "roll") and isinstance(e.get("dice"), list))


def _dice_from_dict(data: Any, thrown: int) -> DiceSource:
    """The saved dice source; ``thrown``: the dice the log records, which ``drawn`` may not pass
    (a seeded source is advanced ``drawn`` times)."""
    _expect(isinstance(data, dict), "dice")
    kind = data.get("kind")
    drawn = data.get("drawn", 0)
    _expect(_is_int(drawn) and 0 <= drawn <= thrown, f"number of dice thrown ({drawn!r}; the event log shows {thrown})")
    if kind == "seeded":
        seed = data["seed"]
        _expect(_is_int(seed), "dice seed")
        source = SeededDice(seed)
        for _ in range(drawn):
            source.die()
        return source
    if kind == "fixed":
        values = data["values"]
        _expect(isinstance(values, list) and all(_is_int(v) and 1 <= v <= 6 for v in values), "fixed dice")
        return FixedDice(values)
    if kind in ("secure", "external"):
        return SecureDice()
    raise ValueError(f"unknown dice source {kind!r}")


def _clock_from_dict(data: Any) -> Any:
    if data is None:
        return None
    from ..clock import Clock

    return Clock.from_dict(data)


def _level_name(level: Outcome | None) -> str | None:
    return None if level is None else level_name(level)


def _level(name: Any) -> Outcome | None:
    if name is None:
        return None
    _expect(name in LEVELS, f"resignation level {name!r}")
    return parse_level(name)


def _position_text(position: Any) -> str:
    """The position ID of ``position``: GNU Backgammon's for Portes, the game's own otherwise."""
    return str(position.position_id())


def _position_from_text(like: Any, text: Any) -> Any:
    """The position that ``text`` gives, of the same game as ``like``."""
    return kind_of(like).from_id(text)


def _score(data: Any) -> GameScore:
    _expect(isinstance(data, dict), "game result")
    _expect(all(_field_ok(kind, data.get(key)) for key, kind in _RESULT.items() if key != "scores"), "game result")
    score = GameScore.from_dict(data)
    if score.winner is None:
        _expect(score.reason == "draw" and score.points == 0, "drawn game result")
        return score
    _expect(score.winner in (0, 1) and score.cube in [2**i for i in range(7)] and score.points >= 0, "game result")
    return score


def _pair(value: Any) -> tuple[int, int]:
    _expect(isinstance(value, list) and len(value) == 2 and all(_is_int(d) and 1 <= d <= 6 for d in value), f"dice {value!r}")
    return (value[0], value[1])


def _bool(value: Any, name: str) -> bool:
    _expect(isinstance(value, bool), name)
    return bool(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _expect(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"bad {what}")


__all__ = ["FORMAT", "VERSION", "dumps", "from_document", "loads", "to_document"]
