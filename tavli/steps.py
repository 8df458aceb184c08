"""Cooperative work: long computations as generators that can be spread over slices of time.

A *steps* generator does a computation in small units of work and ``yield``s ``None`` between
them; its return value (``StopIteration.value``) is the result. Run to the end at once
(:func:`finish`) it is an ordinary function call with the same result. The browser runs it a few
milliseconds at a time (``web.browser.thinker``), giving the page back between slices, so that a long choice
of play or the loading of the computer's data never freezes the page. Under CPython nothing but
:func:`finish` is needed.

Writing one: yield after every unit of work that may take more than about a millisecond in the
browser (Pyodide is 2-4 times slower than CPython), never inside a unit that must not be
interrupted; compose with ``result = yield from other_steps()``.

    def total_steps(items) -> Steps[int]:
        total = 0
        for item in items:
            total += slow(item)
            yield
        return total

    assert finish(total_steps(items)) == sum(slow(i) for i in items)

:class:`WorkClock` measures the time a generator itself has run, without the time it spent
suspended between slices (a time budget then means the same under CPython and in a page).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]
"""A steps generator returning a ``T`` (see the module docstring)."""


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to the end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: T = stop.value
            return result


class WorkClock:
    """Seconds of work of one steps generator, from its creation: call :meth:`pause` just before
    each ``yield`` and :meth:`resume` just after it; :meth:`spent` is the time run so far,
    suspensions excluded. ``clock``: the time source (seconds)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._spent = 0.0
        self._since: float | None = clock()

    def pause(self) -> None:
        if self._since is not None:
            self._spent += self._clock() - self._since
            self._since = None

    def resume(self) -> None:
        if self._since is None:
            self._since = self._clock()

    def spent(self) -> float:
        running = self._clock() - self._since if self._since is not None else 0.0
        return self._spent + running
