"""What every part of the page needs from Pyodide: JavaScript's null told apart, Python dicts as
JavaScript objects, event listeners kept alive, and background tasks kept until they end.

A Python function handed to JavaScript must be wrapped in a proxy that lives as long as the page
may call it (:func:`listen`, :func:`keep`); an ``asyncio`` task is only weakly held by the event
loop, so :func:`spawn` holds it until it is done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import window

try:  # JavaScript's null arrives as ``jsnull`` (Pyodide 0.27+), not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # older Pyodide: null is None
    _JSNULL = None

_PROXIES: list[Any] = []
_TASKS: set[asyncio.Future[Any]] = set()


def nil(value: object) -> bool:
    """True for JavaScript's null/undefined as Pyodide hands them over."""
    return value is None or value is _JSNULL


def js_obj(value: dict[str, Any] | list[Any]) -> Any:
    """``value`` with its dicts as plain JavaScript objects (``{"block": "start"}`` for
    ``scrollIntoView``, a list of keyframes...)."""
    return to_js(value, dict_converter=window.Object.fromEntries)


def keep(handler: Callable[..., Any]) -> Any:
    """A proxy of ``handler`` that JavaScript may call for as long as the page lives."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    return proxy


def listen(target: Any, kind: str, handler: Callable[..., Any]) -> None:
    """``target.addEventListener(kind, handler)``, the handler kept alive."""
    target.addEventListener(kind, keep(handler))


def spawn(work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run ``work`` in the background, held until it ends."""
    task = asyncio.ensure_future(work)
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    return task
