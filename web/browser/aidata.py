"""The computer's data in the page: ``build/ai.zip``, fetched after boot.

The boot archive (``build/python.tar.gz``, web/pyodide_early.mjs) holds no data of ``tavli/ai``
(the nets' weights, the bear-off database: binary files ``tavli/ai/data/*.bin``, ~0.4 MB
deflated), which only the computer's first decision needs; tools/pyscript_files.py puts them into
:data:`ARCHIVE`. ``web.browser.thinker`` fetches it once, idly after the board is up or at the latest before the
computer's first decision (:class:`Loader`, :class:`BrowserFetch`), and unpacks it member by member
(:func:`unpack_steps`, a steps generator run in slices) into the directory that holds ``tavli/``,
where ``tavli.ai`` then reads them (``tavli.ai.datafile.data_path``). The service worker precaches the archive with the
rest of the site (tools/precache.py), so this works offline too.

When the fetch or the unpacking fails (HTTP error, connection reset, a truncated or damaged zip,
offline), :class:`Loader` tries again after a back-off (:class:`Retry`: 1, 2, 4... up to 30 s), at
once when the browser says it is back online or when the computer starts waiting on the data; it
tells the player (:class:`Notice`) while the computer waits, and once more when the data is in.
When the page is left (``pagehide``) the fetch in flight is aborted quietly, and taken up again if
the page comes back (``pageshow``, from the back-forward cache).

Under CPython the files are in the tree: :func:`present` is True and nothing is fetched.
"""

from __future__ import annotations

import asyncio
import enum
import io
import zipfile
from collections.abc import Awaitable, Callable
from pathlib import Path, PurePosixPath
from typing import Protocol

from tavli.steps import Steps

ARCHIVE = "build/ai.zip"  # relative to the page (tools/pyscript_files.py: AI_ARCHIVE)
PROBE = "tavli/ai/data/portes.bin"  # a file the archive brings (relative to packages_root())
CHUNK = 1 << 15  # bytes unpacked between two yields (a few milliseconds in the page)
RETRY_FIRST_S = 1.0  # the first pause after a failed load; it doubles with each failure...
RETRY_LIMIT_S = 30.0  # ...up to this


def present() -> bool:
    """Whether the data files are there (the archive is unpacked, or this is the tree)."""
    return packages_root().joinpath(*PROBE.split("/")).is_file()


def packages_root() -> Path:
    """The directory that holds ``tavli/`` (the archive's paths are relative to it)."""
    import tavli

    return Path(tavli.__file__).resolve().parent.parent


def unpack_steps(data: bytes, dest: Path | None = None) -> Steps[list[str]]:
    """Write the members of the zip ``data`` under ``dest`` (by default :func:`packages_root`),
    yielding after every ``CHUNK`` bytes written; returns their paths. Members that would land
    outside ``dest`` are refused."""
    root = (dest if dest is not None else packages_root()).resolve()
    written = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            rel = PurePosixPath(info.filename)
            if rel.is_absolute() or ".." in rel.parts:
                raise ValueError(f"{ARCHIVE}: refusing member {info.filename!r}")
            target = root.joinpath(*rel.parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(info) as src, open(target, "wb") as out:
                while chunk := src.read(CHUNK):
                    out.write(chunk)
                    yield
            written.append(info.filename)
    return written


class State(enum.Enum):
    """Where the archive stands (``<body data-aidata>``, a test hook: "" before anything is asked)."""

    PENDING = "pending"  # asked for, not fetched yet (the idle warm-up waits for its moment)
    LOADING = "loading"  # being fetched and unpacked
    RETRY = "retry"  # the last try failed: the next one waits for its back-off, or a reason to go now
    PAUSED = "paused"  # the page was left (pagehide): nothing is fetched until it comes back
    READY = "ready"  # unpacked: the modules can be imported


class Notice(enum.Enum):
    """What the player is told (the values are web.model.i18n keys)."""

    RETRYING = "ai_data_retry"  # the computer waits on data that could not be loaded
    LOADED = "ai_data_loaded"  # ... and now it is in: the computer plays on


class Retry:
    """When to try loading the archive again, and when to tell the player; pure bookkeeping.

    Each failure doubles the pause before the next try (``first``, 2 ``first``... up to ``limit``).
    Once the computer waits on the data (:meth:`need`), the schedule starts again from ``first``
    with a try at once, and every failure from then on is told; after a told failure, the success
    is told too."""

    def __init__(self, first: float = RETRY_FIRST_S, limit: float = RETRY_LIMIT_S) -> None:
        if not 0 < first <= limit:
            raise ValueError(f"bad back-off: first {first}, limit {limit}")
        self.first = first
        self.limit = limit
        self.failures = 0  # in a row, since the last success or the last restart of the schedule
        self.needed = False  # the computer waits on the data
        self.told = False  # the player was told of a failure

    def failed(self) -> tuple[float, bool]:
        """A try failed: the seconds to wait before the next one, and whether to tell the player."""
        self.failures += 1
        delay = min(self.limit, self.first * 2 ** min(self.failures - 1, 64))
        self.told = self.told or self.needed
        return delay, self.needed

    def need(self) -> bool:
        """The computer now waits on the data: whether to try again at once (a failure so far)."""
        if self.needed:
            return False
        self.needed = True
        retry = self.failures > 0
        self.failures = 0
        return retry

    def succeeded(self) -> bool:
        """The data is in: whether to tell the player (he was told of a failure)."""
        told = self.told
        self.failures, self.needed, self.told = 0, False, False
        return told


class Fetcher(Protocol):
    """Gets the archive's bytes (``await fetcher()``); :meth:`abort` stops a fetch in flight, which
    then raises."""

    async def __call__(self) -> bytes: ...

    def abort(self) -> None: ...


class Loader:
    """Fetches and unpacks the archive (where it is not :func:`present`), once, however long it
    takes (:meth:`load`), following
    :class:`Retry`. ``unpack(data)`` writes it (raising on a damaged zip); ``show(state)`` and
    ``tell(notice)`` are the page's; ``warn(text)`` logs a failure for the developer."""

    def __init__(self, fetch: Fetcher, unpack: Callable[[bytes], Awaitable[object]], *,
                 show: Callable[[State], None] = lambda state: None,
                 tell: Callable[[Notice], None] = lambda notice: None,
                 warn: Callable[[str], None] = lambda text: None, retry: Retry | None = None) -> None:
        self.fetch = fetch
        self.unpack = unpack
        self.show = show
        self.tell = tell
        self.warn = warn
        self.retry = retry if retry is not None else Retry()
        self.state: State | None = None
        self.task: asyncio.Future | None = None
        self.leaving = False
        self._wake: asyncio.Future | None = None

    def _set(self, state: State) -> None:
        self.state = state
        self.show(state)

    def load(self) -> asyncio.Future:
        """The load (started by the first call; every caller awaits the same one)."""
        if self.task is None:
            self.task = asyncio.ensure_future(self._run())
        return self.task

    def need(self) -> None:
        """The computer waits on the data: try again now if the last try failed."""
        if self.retry.need():
            self.wake()

    def wake(self) -> None:
        """Cut the pause before the next try short (the browser is back online...)."""
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    def leave(self) -> None:
        """The page is left: abort the fetch in flight; nothing more is fetched until :meth:`back`."""
        self.leaving = True
        self.fetch.abort()

    def back(self) -> None:
        """The page is shown again after :meth:`leave` (the back-forward cache): go on."""
        if self.leaving:
            self.leaving = False
            self.wake()

    async def _pause(self, seconds: float | None) -> None:
        """Until :meth:`wake`, or ``seconds`` (None: no time limit)."""
        loop = asyncio.get_event_loop()
        self._wake = loop.create_future()
        timer = None if seconds is None else loop.call_later(seconds, self.wake)
        try:
            await self._wake
        finally:
            if timer is not None:
                timer.cancel()
            self._wake = None

    async def _run(self) -> None:
        while True:
            if self.leaving:
                self._set(State.PAUSED)
                await self._pause(None)
                continue
            self._set(State.LOADING)
            try:
                await self.unpack(await self.fetch())
            except Exception as error:  # noqa: BLE001 - whatever the network or the zip did: try again
                if self.leaving:
                    continue  # aborted on purpose (pagehide): not a failure
                delay, tell = self.retry.failed()
                self.warn(f"{ARCHIVE} could not be loaded ({error}); trying again in {delay:g} s")
                self._set(State.RETRY)
                if tell:
                    self.tell(Notice.RETRYING)
                await self._pause(delay)
                continue
            self._set(State.READY)
            if self.retry.succeeded():
                self.tell(Notice.LOADED)
            return


class BrowserFetch:  # pragma: no cover - browser only
    """:class:`Fetcher` with the page's ``fetch`` (through the service worker when there is one;
    ``pyodide.http`` would cost a long import on the main thread), each request with its own
    ``AbortController``."""

    def __init__(self, url: str = ARCHIVE) -> None:
        self.url = url
        self.controller = None

    async def __call__(self) -> bytes:
        import js

        self.controller = controller = js.AbortController.new()
        try:
            response = await js.fetch(self.url, signal=controller.signal)
            if not response.ok:
                raise OSError(f"{self.url}: HTTP {response.status}")
            buffer = await response.arrayBuffer()
            return buffer.to_bytes()
        finally:
            if self.controller is controller:
                self.controller = None

    def abort(self) -> None:
        if self.controller is not None:
            self.controller.abort()
