"""The messages of the online protocol: one frozen dataclass per kind, :func:`encode` (compact
JSON, an object with ``type`` first) and :func:`decode` (every field checked; anything else raises
:class:`ProtocolError` with what is wrong: text over :data:`MAX_BYTES` bytes, not JSON, an unknown
kind, a missing, unknown or ill-typed field).

Kinds:

* ``hello`` (each side, on every connection): protocol ``v``, ``name``, ``role``, ``seq`` (the
  shared actions it holds), ``chain`` (their chain hash, :func:`chain_next`), ``roll`` and
  ``commit`` (its commitment for that roll number, the next one), ``sent`` (its clock, for
  ``pong``).
* ``pong``: the ``sent`` of the hello answered and ``at``, the answering side's session time.
* ``start`` (host to guest): the ``terms`` and the host's ``name``; ``accept`` (the guest agrees).
* ``act``: shared action number ``seq`` (the number before it), ``chain`` (the chain hash of
  those before it), ``at`` (session seconds) and the action (:class:`Action`).
* ``reveal``: the answer to the peer's roll number ``roll``: this side's ``secret`` and its
  ``commit`` for the next roll.
* ``check``: after ``seq`` shared actions (whose chain hash is ``chain``), this side's
  ``position`` ID and ``state`` digest.
* ``bye``: this side closes the session.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .. import safejson
from .dice import is_hex
from .errors import ProtocolError
from .terms import Terms

VERSION = 1
MAX_BYTES = 8192
MAX_NAME = 40
CHAIN_DIGITS = 16
COMMIT_DIGITS = 64
LEVELS = ("single", "gammon", "backgammon")


class Do(StrEnum):
    """The shared actions. The player to act rolls (the host: the opening roll of a game),
    plays, doubles, offers a resignation; the one asked takes or drops, accepts or refuses;
    either starts the next game; at any time either may make a terminal action: claim a win on
    time (Blitz), resign the match, or forfeit the peer (withheld die, away too long)."""

    OPENING = "opening"
    ROLL = "roll"
    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"
    ACCEPT_RESIGN = "accept-resign"
    REFUSE_RESIGN = "refuse-resign"
    NEXT_GAME = "next-game"
    CLAIM = "claim"
    RESIGN_MATCH = "resign-match"
    FORFEIT = "forfeit"


TERMINAL = (Do.CLAIM, Do.RESIGN_MATCH, Do.FORFEIT)
ROLLS = (Do.OPENING, Do.ROLL)


class Forfeit(StrEnum):
    """Why a player is forfeited: he withheld the secret of a roll, or stayed away."""

    REVEAL = "reveal"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Action:
    """One shared action: ``do``, when (``at``, session seconds) and its fields: a roll's ``k``
    (roll number), ``secret`` (the roller's) and ``commit`` (his for roll k+1); a play's ``dice``
    and ``moves`` (single-die ``(from, to)`` in the mover's numbering, 25 bar, 0 off); a
    resignation's ``level``; a forfeit's ``reason``."""

    do: Do
    at: float
    k: int | None = None
    secret: str | None = None
    commit: str | None = None
    dice: tuple[int, int] | None = None
    moves: tuple[tuple[int, int], ...] | None = None
    level: str | None = None
    reason: Forfeit | None = None

    def fields(self) -> dict[str, Any]:
        """The action as JSON-ready data (``do``, ``at``, the fields it has)."""
        data: dict[str, Any] = {"do": self.do.value, "at": self.at}
        for name in _FIELDS[self.do]:
            value = getattr(self, name)
            if name == "moves":
                value = [list(m) for m in value]
            elif name == "dice":
                value = list(value)
            elif name == "reason":
                value = str(value)
            data[name] = value
        return data

    def same(self, other: Action) -> bool:
        """The same action, its time aside (two ``next-game`` at once are one)."""
        return self.fields() | {"at": 0} == other.fields() | {"at": 0}


_FIELDS: dict[Do, tuple[str, ...]] = {do: () for do in Do} | {
    Do.OPENING: ("k", "secret", "commit"),
    Do.ROLL: ("k", "secret", "commit"),
    Do.PLAY: ("dice", "moves"),
    Do.RESIGN: ("level",),
    Do.FORFEIT: ("reason",),
}


def chain_next(chain: str, by: int, action: Action) -> str:
    """The chain hash after ``action`` by seat ``by``, following ``chain`` (``""`` before the
    first): both sides hold the same actions exactly when their chain hashes agree."""
    text = json.dumps([chain, by, action.fields()], separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:CHAIN_DIGITS]


@dataclass(frozen=True)
class Hello:
    version: int
    name: str
    role: str
    seq: int
    chain: str
    roll: int
    commit: str
    sent: float
    type: str = "hello"


@dataclass(frozen=True)
class Pong:
    sent: float
    at: float
    type: str = "pong"


@dataclass(frozen=True)
class Start:
    terms: Terms
    name: str
    type: str = "start"


@dataclass(frozen=True)
class Accept:
    type: str = "accept"


@dataclass(frozen=True)
class Act:
    seq: int
    chain: str
    action: Action
    type: str = "act"


@dataclass(frozen=True)
class Reveal:
    roll: int
    secret: str
    commit: str
    type: str = "reveal"


@dataclass(frozen=True)
class Check:
    seq: int
    chain: str
    position: str
    state: str
    type: str = "check"


@dataclass(frozen=True)
class Bye:
    reason: str = ""  # "": leaving; else the ending that stopped the match on the sender's side
    type: str = "bye"


Message = Hello | Pong | Start | Accept | Act | Reveal | Check | Bye


def encode(msg: Message) -> str:
    """The message as compact JSON."""
    data: dict[str, Any] = {"type": msg.type}
    match msg:
        case Hello():
            data |= {"v": msg.version, "name": msg.name, "role": msg.role, "seq": msg.seq, "chain": msg.chain,
                     "roll": msg.roll, "commit": msg.commit, "sent": msg.sent}
        case Pong():
            data |= {"sent": msg.sent, "at": msg.at}
        case Start():
            data |= {"terms": msg.terms.to_dict(), "name": msg.name}
        case Act():
            data |= {"seq": msg.seq, "chain": msg.chain} | msg.action.fields()
        case Reveal():
            data |= {"roll": msg.roll, "secret": msg.secret, "commit": msg.commit}
        case Check():
            data |= {"seq": msg.seq, "chain": msg.chain, "position": msg.position, "state": msg.state}
        case Bye():
            data["reason"] = msg.reason
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


_KEYS: dict[str, set[str]] = {
    "hello": {"v", "name", "role", "seq", "chain", "roll", "commit", "sent"},
    "pong": {"sent", "at"},
    "start": {"terms", "name"},
    "accept": set(),
    "reveal": {"roll", "secret", "commit"},
    "check": {"seq", "chain", "position", "state"},
    "bye": {"reason"},
}


def decode(text: str) -> Message:
    """The message ``text`` holds; :class:`ProtocolError` (see the module's description)."""
    if not isinstance(text, str):
        raise ProtocolError("a message is text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ProtocolError(f"a message of more than {MAX_BYTES} bytes")
    try:
        data = safejson.loads(text, max_chars=MAX_BYTES, max_depth=4)
    except ValueError as error:
        raise ProtocolError(f"a message that is not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message is an object with a type")
    kind = data.pop("type")
    if kind == "act":
        return _act(data)
    if kind not in _KEYS:
        raise ProtocolError(f"an unknown kind of message {kind[:20]!r}")
    _keys(kind, data, _KEYS[kind])
    match kind:
        case "hello":
            if data["role"] not in ("host", "guest"):
                raise ProtocolError("hello: the role is host or guest")
            return Hello(_int("v", data["v"]), _name(data["name"]), data["role"], _int("seq", data["seq"]),
                         _chain(data["chain"]), _int("roll", data["roll"], 1), _commit(data["commit"]),
                         _number("sent", data["sent"]))
        case "pong":
            return Pong(_number("sent", data["sent"]), _number("at", data["at"]))
        case "start":
            return Start(Terms.from_dict(data["terms"]), _name(data["name"]))
        case "accept":
            return Accept()
        case "reveal":
            return Reveal(_int("roll", data["roll"], 1), _secret(data["secret"]), _commit(data["commit"]))
        case "check":
            return Check(_int("seq", data["seq"], 1), _chain(data["chain"]), _text("position", data["position"]),
                         _text("state", data["state"]))
    return Bye(_text("reason", data["reason"]))


def _act(data: dict[str, Any]) -> Act:
    if "seq" not in data or "chain" not in data:
        raise ProtocolError("act: fields missing seq, chain")
    seq, chain = data.pop("seq"), data.pop("chain")
    return Act(_int("seq", seq), _chain(chain), action_from_dict(data))


def action_from_dict(data: Any) -> Action:
    """The action that :meth:`Action.fields` wrote, every field checked; :class:`ProtocolError`."""
    if not isinstance(data, dict):
        raise ProtocolError("an action is an object")
    try:
        do = Do(str(data.get("do")))
    except ValueError:
        raise ProtocolError(f"an unknown action {str(data.get('do'))[:20]!r}") from None
    names = _FIELDS[do]
    _keys(f"act {do}", data, {"do", "at", *names})
    values: dict[str, Any] = {}
    for name in names:
        value = data[name]
        if name == "k":
            values[name] = _int("k", value, 1)
        elif name == "secret":
            values[name] = _secret(value)
        elif name == "commit":
            values[name] = _commit(value)
        elif name == "dice":
            values[name] = _pair(value, 1, 6, "dice")
        elif name == "moves":
            if not isinstance(value, list) or len(value) > 4:
                raise ProtocolError("a play's moves are a list of at most 4")
            values[name] = tuple(_pair(m, 0, 25, "move") for m in value)
        elif name == "level":
            if value not in LEVELS:
                raise ProtocolError(f"a resignation is {', '.join(LEVELS)}")
            values[name] = value
        elif name == "reason":
            try:
                values[name] = Forfeit(value)
            except ValueError:
                raise ProtocolError("a forfeit's reason is reveal or abandoned") from None
    return Action(do, _number("at", data["at"]), **values)


def _keys(what: str, data: dict[str, Any], keys: set[str]) -> None:
    if set(data) != keys:
        missing, extra = sorted(keys - set(data)), sorted(set(data) - keys)
        raise ProtocolError(f"{what}: fields missing {missing}, unknown {[str(k)[:20] for k in extra]}")


def _int(name: str, value: Any, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1_000_000:
        raise ProtocolError(f"{name} is a whole number from {low}")
    return value


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > 1e12:
        raise ProtocolError(f"{name} is a number of seconds")
    return float(value)


def _pair(value: Any, low: int, high: int, what: str) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(
        not isinstance(v, bool) and isinstance(v, int) and low <= v <= high for v in value
    ):
        raise ProtocolError(f"a {what} is two whole numbers {low}..{high}")
    return (value[0], value[1])


def _name(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME or any(c < " " or "\x7f" <= c < "\xa0" for c in value):
        raise ProtocolError(f"a name is at most {MAX_NAME} printable characters")
    return value


def _text(name: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) > 64:
        raise ProtocolError(f"{name} is a text of at most 64 characters")
    return value


def _chain(value: Any) -> str:
    if value != "" and not is_hex(value, CHAIN_DIGITS):
        raise ProtocolError(f"a chain hash is {CHAIN_DIGITS} hex digits")
    return str(value)


def _commit(value: Any) -> str:
    if not is_hex(value, COMMIT_DIGITS):
        raise ProtocolError(f"a commitment is {COMMIT_DIGITS} hex digits")
    return str(value)


def _secret(value: Any) -> str:
    if not is_hex(value, COMMIT_DIGITS):
        raise ProtocolError(f"a dice secret is {COMMIT_DIGITS} hex digits")
    return str(value)


__all__ = [
    "MAX_BYTES", "ROLLS", "TERMINAL", "VERSION", "Accept", "Act", "Action", "Bye", "Check", "Do", "Forfeit", "Hello",
    "Message", "Pong", "Reveal", "Start", "action_from_dict", "chain_next", "decode", "encode",
]
