"""The coach's client on the page: :class:`CoachClient` asks web/coach_worker.mjs (a module worker
running ``tavli.coach.jobs``) for a hint or an analysis, or the Grandmaster's play (:meth:`play`),
so that the page never waits on the engine's work: the worker thinks on its own thread, the page
only posts the request and reads the answer.

The worker is started on the first request, not at boot: it is a second Pyodide (its start-up and
~30-40 MB of memory, more than a phone should spend for a player who never asks), and a hint asked
for once a game is under way can wait the second or two it takes. It stays for the page's life.

Every answer is a dict: the job's result (tavli.coach.jobs), ``{"error": text}`` when the job
failed or the worker could not start (the caller tells the player; nothing else changes), or
``{"cancelled": True}`` for a request given up by :meth:`CoachClient.cancel`.

Test hook: ``window.tavliCoach``, an entry per answer: ``job``, ``seconds`` (from the request to the
answer), ``heap`` (the worker's Pyodide memory in bytes); the worker's start-up (``start``, s;
``kind`` "start"); and for a request given up (``kind`` "dropped", its ``job``), the worker's word
that it dropped the work: nothing about that request can arrive after it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from .jsutil import js_obj, listen, nil

WORKER = "web/coach_worker.mjs"  # relative to the page (tools/precache.py lists it: the site works offline)

Progress = Callable[[float], None]


class CoachClient:
    """Requests to the coach's worker (started on first use), their answers as futures."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.failed = ""  # why the worker could not start ("" while it can)
        self.pending: dict[int, tuple[asyncio.Future[dict[str, Any]], Progress | None, str, float]] = {}
        self.dropping: dict[int, str] = {}  # the requests given up, by key: their job, until the worker says so
        self.next_id = 1

    def start(self) -> None:
        """Start the worker now (it starts by itself on the first request): a page whose computer
        thinks in it (the Grandmaster) starts it before the computer's first play."""
        if not self.failed:
            self._start()

    def _start(self) -> None:
        if self.worker is not None:
            return
        url = window.URL.new(WORKER, document.baseURI)
        try:
            self.worker = window.Worker.new(url, js_obj({"type": "module"}))
        except Exception as error:  # noqa: BLE001 - no Worker, a refused URL: the coach is unavailable
            self._fail(str(error))
            return
        listen(self.worker, "message", self._on_message)
        listen(self.worker, "error", self._on_error)

    def _fail(self, why: str) -> None:
        """The worker cannot work: every request waiting (and every later one) answers an error."""
        self.failed = why or "the coach's worker failed"
        if self.worker is not None:
            self.worker.terminate()
        for future, *_ in list(self.pending.values()):
            if not future.done():
                future.set_result({"error": self.failed})
        self.pending.clear()
        self.dropping.clear()

    def _on_error(self, event: Any) -> None:
        event.preventDefault()
        message = getattr(event, "message", "")
        self._fail(str(message) if not nil(message) and message else "the coach's worker failed to load")

    def _on_message(self, event: Any) -> None:
        data = event.data
        if nil(data):
            return
        if not nil(getattr(data, "fatal", None)):
            self._fail(str(data.fatal))
            return
        if not nil(getattr(data, "ready", None)):
            self._record({"kind": "start", "seconds": float(data.ready.seconds), "heap": int(data.ready.heap)})
            return
        key: Any = getattr(data, "id", None)
        if not nil(key) and not nil(getattr(data, "dropped", None)):
            self._record({"kind": "dropped", "job": self.dropping.pop(int(key), "")})
            return
        entry = self.pending.get(int(key)) if not nil(key) else None
        if entry is None:
            return  # cancelled meanwhile
        future, on_progress, job, since = entry
        progress: Any = getattr(data, "progress", None)
        if not nil(progress):
            if on_progress is not None:
                on_progress(float(progress))
            return
        result = json.loads(window.JSON.stringify(data.result))
        del self.pending[int(key)]
        self._record({"kind": "job", "job": job, "seconds": time.perf_counter() - since, "heap": int(data.heap)})
        if not future.done():
            future.set_result(result if isinstance(result, dict) else {"error": "the coach gave no answer"})

    @staticmethod
    def _record(entry: dict[str, Any]) -> None:
        log: Any = getattr(window, "tavliCoach", None)
        if nil(log):
            log = window.tavliCoach = window.Array.new()
        log.push(js_obj(entry))

    async def _ask(self, request: dict[str, Any], on_progress: Progress | None = None) -> dict[str, Any]:
        return await self._post(request, on_progress)[1]

    def _post(self, request: dict[str, Any],
              on_progress: Progress | None = None) -> tuple[int, asyncio.Future[dict[str, Any]]]:
        """Post ``request``: its key (for :meth:`drop`) and the future of its answer."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_event_loop().create_future()
        if not self.failed:
            self._start()
        if self.failed:
            future.set_result({"error": self.failed})
            return 0, future
        key, self.next_id = self.next_id, self.next_id + 1
        self.pending[key] = (future, on_progress, str(request.get("job")), time.perf_counter())
        self.worker.postMessage(js_obj({"id": key, "request": window.JSON.parse(json.dumps(request))}))
        return key, future

    def play(self, match: Any, level: str) -> tuple[int, asyncio.Future[dict[str, Any]]]:
        """Ask for the play of the computer of ``level`` to move in ``match`` now (tavli.coach.play):
        the request's key (:meth:`drop` gives it up) and the future of its answer."""
        from tavli.formats.savefile import to_document

        return self._post({"job": "play", "save": to_document(match), "level": level})

    def drop(self, key: int) -> None:
        """Give up the request ``key``: the worker drops its work; it answers ``{"cancelled": True}``."""
        entry = self.pending.pop(key, None)
        if entry is None:
            return
        if self.worker is not None:
            self.dropping[key] = entry[2]
            self.worker.postMessage(js_obj({"cancel": key}))
        if not entry[0].done():
            entry[0].set_result({"cancelled": True})

    async def hint(self, match: Any) -> dict[str, Any]:
        """The coach's advice to the player to act in ``match`` now (tavli.coach.jobs "hint")."""
        from tavli.formats.savefile import to_document

        return await self._ask({"job": "hint", "save": to_document(match)})

    async def analyse(self, match: Any, games: list[int] | None, on_progress: Progress | None = None) -> dict[str, Any]:
        """The analysis of ``games`` of ``match`` (None: every game so far); ``on_progress(f)`` is
        called with the fraction done as the worker reports it."""
        from tavli.formats.savefile import to_document

        return await self._ask({"job": "analyse", "save": to_document(match), "games": games}, on_progress)

    def cancel(self) -> None:
        """Give up every hint and analysis waiting (not the computer's plays, which the game waits
        on: :meth:`drop`): the worker drops their work, each answers ``{"cancelled": True}``."""
        for key, (_future, _progress, job, _since) in list(self.pending.items()):
            if job != "play":
                self.drop(key)
