"""The match in progress, saved after every action and resumed on the next visit. Pure Python, no
browser imports: the functions work on a dict-like storage (a ``dict`` in the tests,
:func:`web.browser.storage.browser_storage` in the page).

Two keys:

* ``tavli.match`` — the match exactly as :func:`tavli.formats.savefile.dumps` writes it (the versioned
  ``tavli-match`` document), so the stored text is also a valid export;
* ``tavli.match.setup`` — who plays it (a :class:`web.model.setup.MatchSetup`: opponent and
  level, names, clock), needed to resume against the computer.

A save that cannot be read (damaged, foreign, from a newer version) is never deleted and never
crashes the page: :func:`load_match` moves its text to ``tavli.match.corrupt.<stamp>`` and
returns a :class:`Loaded` with ``problem`` set; the page reports it once and starts a new match.

    save_match(store, match, setup)          # after every action
    loaded = load_match(store, stamp=...)    # at start
    if loaded.problem: show(t("save_unreadable")) ...
    if loaded.match is None or loaded.finished: start a new match
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tavli import safejson
from tavli.match import Match

from .prefs import setup_from_dict, setup_to_dict
from .setup import MatchSetup

MATCH_KEY = "tavli.match"
SETUP_KEY = "tavli.match.setup"
CORRUPT_PREFIX = "tavli.match.corrupt."


@dataclass(frozen=True)
class Loaded:
    """What :func:`load_match` found. ``match`` None: nothing to resume (no save, or it was set
    aside). ``problem``: why a save could not be read (report it once); ``moved_to``: the key its
    text now lives under (None with a problem: there was no room to copy it, it is still under
    ``tavli.match``; see :mod:`web.model.keeping`)."""

    match: Match | None = None
    setup: MatchSetup = field(default_factory=MatchSetup)
    problem: str | None = None
    moved_to: str | None = None
    text: str | None = None  # the save as stored (kept to set it aside, or download it)

    @property
    def finished(self) -> bool:
        """The saved match is over (offer a new one)."""
        return self.match is not None and self.match.phase == "match-over"


def save_match(storage: Any, match: Match, setup: MatchSetup | None = None) -> bool:
    """Store ``match`` (and who plays it). False when the storage refused the write (full,
    disabled, absent); the game goes on unsaved."""
    if storage is None:
        return False
    try:
        from tavli.formats import savefile  # (at the first save, not at boot)

        text = savefile.dumps(match)
    except Exception:
        return False
    try:
        storage[MATCH_KEY] = text
        if setup is not None:
            storage[SETUP_KEY] = json.dumps(setup_to_dict(setup), ensure_ascii=False)
    except Exception:
        return False
    return True


def clear_match(storage: Any) -> None:
    """Forget the match in progress (a new match was started; the old one was finished)."""
    for key in (MATCH_KEY, SETUP_KEY):
        try:
            if storage is not None and storage.get(key) is not None:
                del storage[key]
        except Exception:
            pass


def load_setup(storage: Any) -> MatchSetup:
    try:
        text = storage.get(SETUP_KEY) if storage is not None else None
        return setup_from_dict(safejson.loads(text)) if text else MatchSetup()
    except Exception:
        return MatchSetup()


def corrupt_key(storage: Any, stamp: str) -> str:
    """A free key ``tavli.match.corrupt.<stamp>`` (``-2``, ``-3`` ... appended when taken)."""
    base = CORRUPT_PREFIX + (str(stamp) or "0")
    key, n = base, 1
    while storage.get(key) is not None:
        n += 1
        key = f"{base}-{n}"
    return key


def set_aside(storage: Any, text: str, stamp: str) -> str | None:
    """Move ``text`` (the unreadable save) to a corrupt-save key and drop it from the match key.
    Returns the new key, or None when the storage refused (then the save stays where it was)."""
    key = corrupt_key(storage, stamp)
    try:
        storage[key] = text
    except Exception:
        return None
    clear_match(storage)
    return key


def load_match(
    storage: Any,
    *,
    stamp: str | float = "0",
    dice: Any = None,
    time: Callable[[], float] | None = None,
) -> Loaded:
    """The saved match, if any. ``stamp`` names a set-aside save (the page passes the time, e.g.
    ``Date.now()``); ``dice``/``time`` go to :func:`tavli.formats.savefile.from_document`. Never raises."""
    if storage is None:
        return Loaded()
    try:
        text = storage.get(MATCH_KEY)
    except Exception:
        return Loaded()
    if text is None:
        return Loaded()
    setup = load_setup(storage)
    try:  # bounded first: deep JSON would overflow Pyodide's stack in the parser
        from tavli.formats.savefile import (
            from_document,  # (only when there is a save: it costs boot time)
        )

        match = from_document(safejson.loads(text), dice=dice, time=time)
    except Exception as error:  # ValueError from tavli.formats.savefile; anything else is damage too
        stamp_text = str(int(stamp)) if isinstance(stamp, (int, float)) and not isinstance(stamp, bool) else str(stamp)
        moved = set_aside(storage, str(text), stamp_text)
        reason = str(error) or type(error).__name__
        return Loaded(match=None, setup=setup, problem=reason, moved_to=moved, text=str(text))
    return Loaded(match=match, setup=setup, text=str(text))


def corrupt_saves(storage: Any) -> list[str]:
    """The keys of the saves set aside so far (oldest first by key)."""
    try:
        return sorted(k for k in storage.keys() if str(k).startswith(CORRUPT_PREFIX))
    except Exception:
        return []
