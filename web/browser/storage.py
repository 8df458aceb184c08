"""The browser's ``localStorage`` as the small dict-like interface that :mod:`web.model.prefs` and
:mod:`web.model.saves` work on (the thin DOM part; the browser is imported only when it is used).

    from web.browser.storage import browser_storage
    store = browser_storage()          # None when there is no usable localStorage
    prefs = web.model.prefs.load(store)      # works the same on a plain dict in the tests

The interface (:class:`Storage`) is what a ``dict[str, str]`` already offers: ``get(key)``,
``store[key] = text``, ``del store[key]``, ``keys()``. Writing may fail (storage full, private
mode): :class:`BrowserStorage` then raises :class:`StorageError`, which the pure modules catch.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from enum import StrEnum
from typing import Any, Protocol

try:  # JavaScript's null arrives as ``jsnull`` in Pyodide 0.27+, not as None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # CPython (tests) or an older Pyodide
    _JSNULL = None


def _is_null(value) -> bool:
    return value is _JSNULL or type(value).__name__ in ("JsNull",)


class StorageError(Exception):
    """The storage refused a write (full, disabled)."""


class Storage(Protocol):
    def get(self, key: str, default: str | None = None) -> str | None: ...

    def __setitem__(self, key: str, value: str) -> None: ...

    def __delitem__(self, key: str) -> None: ...

    def keys(self) -> Iterable[str]: ...


class BrowserStorage:
    """``window.localStorage`` (or any object with the Web Storage API) behind :class:`Storage`."""

    def __init__(self, local_storage) -> None:
        self._ls = local_storage

    def get(self, key: str, default: str | None = None) -> str | None:
        try:
            value = self._ls.getItem(key)
        except Exception:  # noqa: BLE001 - a SecurityError in some privacy modes
            return default
        if value is None or _is_null(value):
            return default
        return str(value)

    def __setitem__(self, key: str, value: str) -> None:
        try:
            self._ls.setItem(key, value)
        except Exception as error:  # noqa: BLE001 - QuotaExceededError, SecurityError
            raise StorageError(str(error)) from None

    def __delitem__(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self._ls.removeItem(key)

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def keys(self) -> list[str]:
        try:
            return [str(self._ls.key(i)) for i in range(int(self._ls.length))]
        except Exception:  # noqa: BLE001
            return []


def browser_storage() -> BrowserStorage | None:
    """The page's localStorage, or None when the browser has none (or refuses access)."""
    try:
        from js import window  # Pyodide only

        local = window.localStorage
        if local is None or _is_null(local):
            return None
        return BrowserStorage(local)
    except Exception:  # noqa: BLE001 - no window (CPython), or access refused
        return None


class Persistence(StrEnum):
    """What the browser answered to ``navigator.storage.persist()`` (shown as ``<body data-persisted>``)."""

    GRANTED = "granted"
    DENIED = "denied"
    UNAVAILABLE = "unavailable"  # no StorageManager, or the request failed


async def _ask_persistence(body: Any) -> None:
    answer = Persistence.UNAVAILABLE
    try:
        from js import navigator  # Pyodide only

        manager = navigator.storage
        if manager is not None and not _is_null(manager) and hasattr(manager, "persist"):
            answer = Persistence.GRANTED if bool(await manager.persist()) else Persistence.DENIED
    except Exception:  # noqa: BLE001 - refused, or not allowed here: the game works the same
        answer = Persistence.UNAVAILABLE
    body.dataset.persisted = str(answer)


def request_persistence(body: Any) -> None:
    """Ask the browser once to keep this site's storage (the saved match, the offline copy) from
    eviction when it runs short of space. Chromium grants it silently to installed apps and to
    sites the player uses a lot; elsewhere it may say no. Either answer is fine, never an error."""
    if body.getAttribute("data-persisted"):  # (asked once a visit)
        return
    from .jsutil import spawn  # (Pyodide only: this module is also used under CPython)

    body.dataset.persisted = "asking"
    spawn(_ask_persistence(body))
