"""The event log of a saved match, with the finished games written compactly (save version 3).

A match's log (:attr:`tavli.match.Match.log`) keeps every event as a dict: about 7-9 KB for a
game of Portes. A saved match needs the finished games only for their results and for a review or
a transcript, so :func:`compact` writes each game before the one in play as

* its ``game`` event, its ``win``/``draw`` event and the ``next-game`` after it, as they are
  (the results the loader checks against the state), and
* one ``{"type": "record", "events": [...]}`` with every other event of the game as a short text:
  ``o31`` (opening throw: player 0's die, player 1's), ``r052`` (player 0 rolls 5-2),
  ``p052 24/22 13/8`` (player 0 plays 5-2: the moves, 0 = off, 25 = the bar), ``P052 24/22 13/8``
  (the roll and its play in one), and
  ``<type> <field>...`` for the others in the order of their fields (``double 0 4``,
  ``resign-offer 1 gammon``, ``auto-roll 0 1``...); the times and the play texts are left out.

:func:`expand` turns such a record back into those events (the plays' ``text`` and the times
excepted), so a loaded match has the same kinds of events as one never saved. ``ValueError``
for a record that is not one :func:`compact` writes.
"""

from __future__ import annotations

from typing import Any

KEPT = ("game", "win", "draw", "next-game", "match-over", "setup")  # written as they are
DROPPED = ("pause", "resume")  # clock events of a finished game: its clock is saved apart
MAX_RECORD = 5000  # events in one game's record (a game has some hundred)

# The fields of the other events, in the order written: (name, kind); kind "int", "str", "bool".
FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "double": (("player", "int"), ("cube", "int")),
    "take": (("player", "int"), ("cube", "int")),
    "drop": (("player", "int"),),
    "resign": (("player", "int"), ("level", "str")),
    "resign-offer": (("player", "int"), ("level", "str")),
    "resign-accept": (("player", "int"), ("automatic", "bool")),
    "resign-refuse": (("player", "int"),),
    "resign-match": (("player", "int"),),
    "concede": (("player", "int"), ("level", "str"), ("reason", "str")),
    "claim": (("player", "int"),),
    "forfeit": (("player", "int"), ("reason", "str")),
    "timeout": (("player", "int"),),
    "auto-roll": (("player", "int"), ("on", "bool")),
}


def compact(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``log`` with every game before the last one written compactly (see the module)."""
    starts = [i for i, event in enumerate(log) if event.get("type") == "game"]
    if len(starts) < 2:
        return [dict(event) for event in log]
    out: list[dict[str, Any]] = [dict(event) for event in log[: starts[0]]]
    for begin, end in zip(starts, starts[1:]):
        record: list[str] = []
        tail: list[dict[str, Any]] = []
        out.append(dict(log[begin]))
        for event in log[begin + 1 : end]:
            kind = event["type"]
            if kind in KEPT:
                tail.append(dict(event))
            elif kind not in DROPPED:
                text = _text(event)
                if text[0] == "p" and record and record[-1] == "r" + text[1:4]:
                    record[-1] = "P" + text[1:]  # the roll and the play of it, in one
                else:
                    record.append(text)
        out.append({"type": "record", "events": record})
        out.extend(tail)
    out.extend(dict(event) for event in log[starts[-1] :])
    return out


def expand(log: list[Any]) -> list[Any]:
    """``log`` with every ``record`` event replaced by the events it holds."""
    out: list[Any] = []
    for event in log:
        if isinstance(event, dict) and event.get("type") == "record":
            events = event.get("events")
            if not isinstance(events, list) or len(events) > MAX_RECORD or set(event) != {"type", "events"}:
                raise ValueError("bad record of a finished game in the log")
            for text in events:
                out.extend(_events(text))
        else:
            out.append(event)
    return out


def _text(event: dict[str, Any]) -> str:
    kind = event["type"]
    if kind == "opening":
        a, b = event["dice"]
        return f"o{a}{b}"
    if kind == "roll":
        a, b = event["dice"]
        return f"r{event['player']}{a}{b}"
    if kind == "play":
        a, b = event["dice"]
        moves = "".join(f" {start}/{end}" for start, end in event["moves"])
        return f"p{event['player']}{a}{b}{moves}"
    parts = [kind]
    for name, what in FIELDS[kind]:
        if name in event:
            value = event[name]
            parts.append(str(int(value)) if what == "bool" else str(value))
    return " ".join(parts)


def _events(text: Any) -> list[dict[str, Any]]:
    if isinstance(text, str) and text[:1] == "P":  # a roll and its play
        play = _event("p" + text[1:])
        return [{"type": "roll", "player": play["player"], "dice": list(play["dice"])}, play]
    return [_event(text)]


def _event(text: Any) -> dict[str, Any]:
    if not isinstance(text, str) or not 1 <= len(text) <= 100:
        raise ValueError(f"bad event {text!r} in the record of a finished game")
    head, *rest = text.split(" ")
    try:
        if head[0] == "o" and len(head) == 3 and not rest:
            return {"type": "opening", "dice": [_digit(head[1]), _digit(head[2])]}
        if head[0] == "r" and len(head) == 4 and not rest:
            return {"type": "roll", "player": _digit(head[1]), "dice": [_digit(head[2]), _digit(head[3])]}
        if head[0] == "p" and len(head) == 4:
            moves = [[_number(x) for x in move.split("/")] for move in rest]
            if any(len(m) != 2 for m in moves):
                raise ValueError(text)
            return {"type": "play", "player": _digit(head[1]), "dice": [_digit(head[2]), _digit(head[3])], "moves": moves}
        fields = FIELDS[head]
        if len(rest) > len(fields):
            raise ValueError(text)
        event: dict[str, Any] = {"type": head}
        for (name, what), value in zip(fields, rest):
            event[name] = _number(value) if what == "int" else (value == "1" if what == "bool" else value)
        return event
    except (KeyError, IndexError, ValueError):
        raise ValueError(f"bad event {text!r} in the record of a finished game") from None


def _digit(char: str) -> int:
    if len(char) != 1 or not char.isdigit():
        raise ValueError(char)
    return int(char)


def _number(text: str) -> int:
    if not (1 <= len(text) <= 3 and text.isdigit()):
        raise ValueError(text)
    return int(text)


__all__ = ["compact", "expand"]
