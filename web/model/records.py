"""The record of finished matches kept on this device: one entry per match, noted once when it
ends, with both players' error rates once the coach has analysed it. Pure Python, no browser
imports (:mod:`web.browser.records` keeps it in localStorage under :data:`RECORDS_KEY`).

An :class:`Entry` holds the date (UTC, ``"2026-12-01T15:30Z"``), the game (``variant``:
portes, plakoto, fevga, or tavli: the three in rotation), who played (``mode`` cpu with the
computer's ``level``, pvp: two players on this device, or online: a friend on another device, the
person in ``seat``) and their ``names``, the ``length`` (None: money play), the final ``scores``,
the ``winner`` (0 is the bottom player: the person against the computer) and ``rates``: the error rates (millipoints lost per decision, the coach's
``error_rate``) of players 0 and 1, None until analysed. ``key`` names the match (a checksum of
its log): a match is noted once, even when the page is reloaded on its last screen.

The list is bounded (:data:`MAX_ENTRIES`, the oldest dropped first). Stored text that cannot be
read (damaged, foreign, from a newer version) is never written over to recover: :func:`load`
says so (``problem``) and the page notes nothing more until the player clears the record.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, replace
from typing import Any

from tavli import safejson
from tavli.options import LEVELS, VARIANTS

RECORDS_KEY = "tavli.records"
FORMAT = "tavli-records"
VERSION = 1
MAX_ENTRIES = 500
MAX_CHARS = 1_000_000  # 500 entries take ~150 kB
MODES = ("cpu", "pvp", "online")  # (records before online play hold the first two only)
_QUIET = ("pause", "resume")  # events that a reload may add to a finished match's log


@dataclass(frozen=True)
class Entry:
    """One finished match (see the module's description)."""

    key: str
    date: str
    variant: str
    mode: str
    level: str | None
    names: tuple[str, str]
    length: int | None
    scores: tuple[int, int]
    winner: int | None
    rates: tuple[float, float] | None = None
    seat: int = 0  # online: the person's seat (the host 0, the guest 1); else 0

    @property
    def opponent(self) -> str:
        """``"cpu:<level>"`` against the computer, ``"pvp"`` for two players, ``"online"``."""
        return f"cpu:{self.level}" if self.mode == "cpu" else self.mode


@dataclass(frozen=True)
class Loaded:
    """What :func:`load` found: the entries (oldest first), or ``problem`` (why the stored text
    could not be read; ``entries`` is then empty and nothing may be written over it)."""

    entries: tuple[Entry, ...] = ()
    problem: str | None = None


# --- a match's entry -------------------------------------------------------------------------------


def match_key(log: Any) -> str:
    """A checksum of the match's log (its events as the save file writes them, pauses left out):
    the same finished match, reloaded, has the same key."""
    events = [event.to_dict() for event in log if event.type not in _QUIET]
    data = json.dumps(events, sort_keys=True, separators=(",", ":")).encode("utf-8")
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(events):x}"


def entry_for(match: Any, *, mode: str, level: str | None, names: tuple[str, str], date: str,
              seat: int = 0) -> Entry:
    """The entry of ``match``, finished (:class:`tavli.match.Match`, phase ``match-over``);
    ``seat``: the person's, online."""
    scores = (int(match.scores[0]), int(match.scores[1]))
    return Entry(
        key=match_key(match.log),
        date=date,
        variant=str(match.variant),
        mode=mode if mode in MODES else "pvp",
        level=level if mode == "cpu" and level in LEVELS else None,
        names=(str(names[0]), str(names[1])),
        length=match.length,
        scores=scores,
        winner=match.winner,
        seat=1 if mode == "online" and seat == 1 else 0,
    )


def utc_date(year: int, month: int, day: int, hour: int, minute: int) -> str:
    """``"YYYY-MM-DDTHH:MMZ"``: an entry's date."""
    return f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}Z"


# --- the list --------------------------------------------------------------------------------------


def noted(entries: tuple[Entry, ...], key: str) -> bool:
    return any(entry.key == key for entry in entries)


def add(entries: tuple[Entry, ...], entry: Entry) -> tuple[Entry, ...]:
    """``entries`` with ``entry`` last (unchanged when its match is already there), at most
    :data:`MAX_ENTRIES` (the oldest go)."""
    if noted(entries, entry.key):
        return entries
    return (*entries, entry)[-MAX_ENTRIES:]


def with_rates(entries: tuple[Entry, ...], key: str, rates: tuple[float, float]) -> tuple[Entry, ...]:
    """``entries`` with the error rates of the match ``key`` set (unchanged when it is not there
    or a rate is not a finite number >= 0)."""
    if not all(_rate(r) for r in rates) or len(rates) != 2:
        return entries
    pair = (float(rates[0]), float(rates[1]))
    return tuple(replace(e, rates=pair) if e.key == key else e for e in entries)


@dataclass(frozen=True)
class Tally:
    """Matches won and lost (by player 0: the person against the computer, the first player of
    two on this device; online by the person, in his seat)."""

    wins: int = 0
    losses: int = 0

    def plus(self, won: bool) -> Tally:
        return Tally(self.wins + won, self.losses + (not won))


def tallies(entries: tuple[Entry, ...]) -> dict[str, dict[str, Tally]]:
    """Wins and losses by opponent (``cpu:<level>``, ``pvp``, ``online``) then by game (a variant, or
    ``"all"``); matches without a winner are left out."""
    out: dict[str, dict[str, Tally]] = {}
    for entry in entries:
        if entry.winner is None:
            continue
        row = out.setdefault(entry.opponent, {})
        won = entry.winner == entry.seat
        for game in (entry.variant, "all"):
            row[game] = row.get(game, Tally()).plus(won)
    return out


def opponents_in_order(table: dict[str, dict[str, Tally]]) -> list[str]:
    """The opponents of :func:`tallies` from the weakest computer to two players, then online."""
    order = [f"cpu:{level}" for level in LEVELS] + ["pvp", "online"]
    return [o for o in order if o in table]


# --- stored text -------------------------------------------------------------------------------------


def dumps(entries: tuple[Entry, ...]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "matches": [_entry_dict(e) for e in entries]},
                      ensure_ascii=False, separators=(",", ":"))


def loads(text: str | None) -> Loaded:
    """The entries in ``text`` (None or "": none yet). Never raises: text that is not a record
    this version can read gives ``problem``."""
    if text is None or text == "":
        return Loaded()
    try:
        doc = safejson.loads(text, max_chars=MAX_CHARS)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a record of matches")
        if not isinstance(doc.get("version"), int) or doc["version"] > VERSION:
            raise ValueError(f"a record of version {doc.get('version')!r}; this version reads {VERSION}")
        items = doc.get("matches")
        if not isinstance(items, list) or len(items) > MAX_ENTRIES:
            raise ValueError(f"the matches must be a list of at most {MAX_ENTRIES}")
        entries = tuple(_entry_from(item, n) for n, item in enumerate(items, 1))
    except ValueError as error:
        return Loaded(problem=str(error) or "unreadable")
    return Loaded(entries=entries)


def _entry_dict(e: Entry) -> dict[str, Any]:
    return {"key": e.key, "date": e.date, "variant": e.variant, "mode": e.mode, "level": e.level,
            "names": list(e.names), "length": e.length, "scores": list(e.scores), "winner": e.winner,
            "rates": None if e.rates is None else list(e.rates)} | ({"seat": 1} if e.seat == 1 else {})


def _rate(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e9


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100_000


def _entry_from(item: Any, n: int) -> Entry:
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise ValueError(f"match {n}: {what}")

    need(isinstance(item, dict), "not an object")
    for name in ("key", "date"):
        need(isinstance(item.get(name), str) and 0 < len(item[name]) <= 40, f"bad {name}")
    need(item.get("variant") in VARIANTS, "unknown game")
    need(item.get("mode") in MODES, "unknown opponent")
    level = item.get("level")
    need(level is None or level in LEVELS, "unknown level")
    names = item.get("names")
    need(isinstance(names, list) and len(names) == 2 and all(isinstance(x, str) and len(x) <= 100 for x in names),
         "bad names")
    length = item.get("length")
    need(length is None or (_count(length) and length > 0), "bad length")
    scores = item.get("scores")
    need(isinstance(scores, list) and len(scores) == 2 and all(_count(s) for s in scores), "bad scores")
    winner = item.get("winner")
    need(winner in (None, 0, 1) and not isinstance(winner, bool), "bad winner")
    seat = item.get("seat", 0)
    need(seat in (0, 1) and not isinstance(seat, bool) and (seat == 0 or item["mode"] == "online"), "bad seat")
    rates = item.get("rates")
    need(rates is None or (isinstance(rates, list) and len(rates) == 2 and all(_rate(r) for r in rates)),
         "bad error rates")
    return Entry(
        key=item["key"], date=item["date"], variant=item["variant"], mode=item["mode"],
        level=level if item["mode"] == "cpu" else None, names=(names[0], names[1]), length=length,
        scores=(scores[0], scores[1]), winner=winner,
        rates=None if rates is None else (float(rates[0]), float(rates[1])), seat=seat,
    )
