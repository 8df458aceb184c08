"""What the page does at its start with what this device keeps. Pure Python, no browser imports
(the few browser calls are in :mod:`web.browser.keeping_answers`).

* :func:`storage_state`: whether anything can be kept at all (no localStorage, or one that refuses
  every write): the page then says once that nothing will be kept (:data:`STORAGE_WORDS`).
* :class:`Unreadable`: a save that cannot be used. It is set aside under
  ``tavli.match.corrupt.<stamp>`` (:func:`web.model.saves.set_aside`); when the storage has no room for
  the copy it stays where it was and the page saves nothing until the player has downloaded or
  discarded it (``held``): a new match never overwrites a save the player has not given up.
* :func:`resume`: the saved match made into a controller, its clock resumed and drawn once
  (``check``: :func:`web.control.present.draw_once` in the page); whatever fails on the way (a save that passed validation but that the page
  cannot show) sets the save aside the same way and the page starts fresh.
* :func:`asks_before_replacing`, :func:`continue_query`: a URL that names a match (``?variant=...``)
  does not replace a different match in progress without asking.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .saves import MATCH_KEY, Loaded, set_aside
from .url import MATCH_PARAMS, query_params

PROBE_KEY = "tavli.probe"


class StorageState(Enum):
    USABLE = "usable"
    ABSENT = "absent"  # no localStorage, or the browser refuses access to it
    REFUSES = "refuses"  # every write fails (disabled, or full)


def storage_state(store: Any) -> StorageState:
    """Whether the page can keep anything in ``store`` (None: no storage): a small write, undone."""
    if store is None:
        return StorageState.ABSENT
    try:
        store[PROBE_KEY] = "1"
    except Exception:
        return StorageState.REFUSES
    try:
        del store[PROBE_KEY]
    except Exception:
        pass
    return StorageState.USABLE


@dataclass(frozen=True)
class Unreadable:
    """A save the page could not use: its ``text`` as stored, ``problem`` (why), and
    ``moved_to``: the key it was set aside under, or None when it could not be copied (no room)
    and still lies under ``tavli.match``."""

    text: str
    problem: str
    moved_to: str | None

    @property
    def held(self) -> bool:
        """The save is still under ``tavli.match``: nothing may be saved over it until the player
        has discarded it."""
        return self.moved_to is None


def unreadable(loaded: Loaded) -> Unreadable | None:
    """The unreadable save :func:`web.model.saves.load_match` found, or None."""
    if loaded.problem is None:
        return None
    return Unreadable(text=loaded.text or "", problem=loaded.problem, moved_to=loaded.moved_to)


def stamp_text(stamp: Any) -> str:
    if isinstance(stamp, (int, float)) and not isinstance(stamp, bool):
        return str(int(stamp))
    return str(stamp)


def put_aside(store: Any, text: str, stamp: Any, problem: str) -> Unreadable:
    """Set ``text`` aside (or leave it where it is when there is no room: ``held``)."""
    try:
        moved = set_aside(store, text, stamp_text(stamp)) if store is not None else None
    except Exception:
        moved = None
    return Unreadable(text=text, problem=problem, moved_to=moved)


def discard(store: Any, found: Unreadable) -> None:
    """The player gave the held save up: it goes, and saving starts again."""
    if found.held and store is not None:
        try:
            if store.get(MATCH_KEY) == found.text:
                del store[MATCH_KEY]
        except Exception:
            pass


def download_name(stamp: Any) -> str:
    return f"tavli-unreadable-save-{stamp_text(stamp)}.json"


# --- resuming -------------------------------------------------------------------------------------


def problem_text(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def resume(loaded: Loaded, store: Any, make_controller: Callable[..., Any], *, stamp: Any,
           check: Callable[[Any], None], now: float | None = None) -> tuple[Any, Unreadable | None]:
    """The controller of the saved match (``loaded.match``), its clock resumed and drawn once by
    ``check``; ``(None, Unreadable)`` when any of it fails: the save is then set aside (or held).
    ``make_controller(setup, match)`` as :class:`web.browser.page.BoardApp` takes it."""
    try:
        ctl = make_controller(loaded.setup, loaded.match)
        ctl.match.resume(now)
        check(ctl)
        return ctl, None
    except Exception as error:
        traceback.print_exc(file=sys.stdout)  # the console log says what failed; the player gets the notice
        return None, put_aside(store, loaded.text or "", stamp, problem_text(error))


# --- a URL that names another match ---------------------------------------------------------------


def match_params(query: str | None) -> dict[str, str]:
    """The parameters of ``query`` that name a match (:data:`web.model.url.MATCH_PARAMS`)."""
    return {k: v for k, v in query_params(query or "").items() if k in MATCH_PARAMS}


def same_match(query: str, saved_query: str | None) -> bool:
    """Whether ``query`` names the match that was started with ``saved_query`` (view options
    such as ``anim`` do not count)."""
    return match_params(query) == match_params(saved_query)


def asks_before_replacing(loaded: Loaded, query: str, saved_query: str | None) -> bool:
    """A URL naming a match (``fixes``) meets a different match in progress: ask the player."""
    match = loaded.match
    if match is None or loaded.finished or not match_params(query):
        return False
    if same_match(query, saved_query):
        return False
    return any(event.type not in QUIET_EVENTS for event in match.log)


QUIET_EVENTS = ("game", "pause", "resume")  # a match whose log holds only these was not played yet


def continue_query(query: str, saved_query: str | None) -> str:
    """The URL's query once the player chose to continue the match in progress: its own view
    options, the saved match's parameters (so that a reload resumes without asking again)."""
    parts = [part for part in (query or "").lstrip("?").split("&")
             if part and query_params(part).keys().isdisjoint(MATCH_PARAMS)]
    parts += [part for part in (saved_query or "").lstrip("?").split("&")
              if part and not query_params(part).keys().isdisjoint(MATCH_PARAMS)]
    return "?" + "&".join(parts) if parts else ""


# --- words -----------------------------------------------------------------------------------------

STORAGE_WORDS = {StorageState.ABSENT: "storage_absent", StorageState.REFUSES: "storage_refuses"}
