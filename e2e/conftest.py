"""Browser-test fixtures: a static server over the repository, Debian's chromium, and a watched page.

* ``site_url`` (session): the repo root served on 127.0.0.1 at a free port, by tools/serve.py (the
  same handler as ``make play``, with ``.wasm``/``.mjs`` types set). ``base_url`` points there, so
  ``page.goto("./")`` opens index.html. ``subpath_site_url``: the same under ``/games/tavli/``.
* ``browser_type_launch_args``: pytest-playwright launches /usr/bin/chromium (``TAVLI_CHROMIUM``
  overrides) with flags for this closed network; Playwright's own browsers are never installed.
  Chromium's stderr goes to a file (``chromium_stderr``), through a small wrapper script.
* ``page``: pytest-playwright's page, watched by ``page_log``: every console error, uncaught page
  error, failed request and HTTP error fails the test at teardown. A test that expects one calls
  ``page_log.allow(regex)`` first. A crashed renderer ("Target crashed") fails it with what
  Chromium wrote to stderr during the test.
* A test whose renderer crashed runs again, up to ``CRASH_RERUNS`` times (pytest-rerunfailures,
  only for that failure), and the run's summary lists every crash with Chromium's word on it
  (``renderer_deaths``: "crashed", "killed" or "oom", and the exit code), its stderr and the
  kernel's lines about processes (e2e/crashes.py). Chromium's renderer has crashed during the page's boot in some full
  runs (two of three, late 2026), in a different test each time, which then passed; in one CI run
  (December 2026, on code that had passed the runs before and passed again here) 89 of the 176
  browser tests crashed, and 14 of those crashed again. No other failure is ever run twice.
* ``relay_url`` (session): a local relay for online play (e2e/relay.py).
* ``e2e.helpers.boot(page, query="")``: open the game and wait until Python is up
  (``body[data-phase]`` left "loading"); fails at once on phase "error".
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shlex
import threading
from pathlib import Path

import pytest

from e2e.crashes import RendererDeaths, kernel_report, uptime
from e2e.helpers import PageLog
from e2e.relay import relay_url  # noqa: F401 - the online tests' relay fixture (e2e/relay.py)

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("TAVLI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _load_serve():
    spec = importlib.util.spec_from_file_location("tavli_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def _serve(prefix: str = "/"):
    vendored = ROOT / "web" / "vendor" / "pyodide" / "pyodide.mjs"
    if not vendored.exists():
        pytest.fail("web/vendor is missing: run `make test` (it runs npm ci and tools/vendor.py)")
    serve = _load_serve()
    server = serve.make_server("127.0.0.1", 0, quiet=True, directory=ROOT, prefix=prefix)
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}{serve.normalize_prefix(prefix)}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url():
    """Base URL (with trailing slash) of the repository root served over HTTP."""
    with _serve() as url:
        yield url


@pytest.fixture(scope="session")
def subpath_site_url():
    """The same site served under a sub-path (``/games/tavli/``), as on a shared static host."""
    with _serve("/games/tavli/") as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-base-url's fixture, read by pytest-playwright's browser context."""
    return site_url


@pytest.fixture(scope="session")
def chromium_stderr(tmp_path_factory) -> Path:
    """The file that collects the stderr of Chromium and its child processes: where a crashed
    renderer's last words go (a V8 fatal error, a failed CHECK, a signal)."""
    return tmp_path_factory.mktemp("chromium") / "stderr.log"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, chromium_stderr: Path) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    # Playwright talks to Chromium over fds 3 and 4 (--remote-debugging-pipe) and keeps its stderr
    # to itself: a wrapper that appends it to a file, which exec leaves those fds to.
    wrapper = chromium_stderr.with_name("chromium")
    wrapper.write_text(f'#!/bin/sh\nexec {shlex.quote(CHROMIUM)} "$@" 2>>{shlex.quote(str(chromium_stderr))}\n')
    wrapper.chmod(0o755)
    return {**browser_type_launch_args, "executable_path": str(wrapper), "args": CHROMIUM_ARGS}


# A crashed renderer, as Playwright reports it to the test (the call) and as the page fixture does
# (its teardown).
RENDERER_CRASHED = r"Target crashed|Page crashed|renderer crashed"
CRASHES: list[str] = []  # one entry per crash in this run: the test and Chromium's stderr
# Runs after the first for a test whose renderer crashed. At the rates of the worst CI run seen (half
# the tests' first runs crashed, one rerun in six), a test crashes six times in a row about once in
# 20,000: one such run in ~120 would still fail somewhere, and the reruns cost about half again.
CRASH_RERUNS = 5


def pytest_collection_modifyitems(items) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=CRASH_RERUNS, only_rerun=[RENDERER_CRASHED]))


def pytest_terminal_summary(terminalreporter) -> None:
    if CRASHES:
        terminalreporter.section(f"Chromium renderer crashes (each test was run again, up to {CRASH_RERUNS} times)")
        for crash in CRASHES:
            terminalreporter.write_line(crash)


# Chromium's stderr lines that say nothing about a crash: no D-Bus on these machines, and crashpad
# (the crash handler) complaining as it reads the dead process.
_STDERR_NOISE = ("dbus", "D-Bus", "crashpad/util", "crashpad/snapshot")


def _memory() -> str:
    """The machine's available memory, from /proc/meminfo where there is one."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return f"{int(line.split()[1]) // 1024} MiB of memory available"
    except OSError:
        pass
    return "available memory unknown"


def stderr_since(log: Path, offset: int, lines: int = 80) -> str:
    """The last ``lines`` lines Chromium wrote to ``log`` after ``offset`` (bytes), noise left out."""
    if not log.exists():
        return ""
    with log.open("rb") as f:
        f.seek(offset)
        text = f.read().decode("utf-8", "replace")
    kept = [line for line in text.splitlines() if not any(n in line for n in _STDERR_NOISE)]
    return "\n".join(kept[-lines:])


ICONS = ("/web/icons/favicon-64.png", "/web/icons/apple-touch-icon.png")


def _icon_aborted(url: str, failure: str | None) -> bool:
    """Chromium fetching the tab's icon (index.html's ``<link rel=icon>``) on its own, sometimes a
    second time after boot, and cancelling that fetch when the test reloads or navigates: not the
    page's request (seen in ~1 run in 20 of test_keeping's reload, on main before issue 13 too)."""
    return url.endswith(ICONS) and failure == "net::ERR_ABORTED"


@pytest.fixture(scope="session")
def renderer_deaths(browser) -> RendererDeaths:
    """Chromium's report of each renderer that died in this run (e2e/crashes.py)."""
    return RendererDeaths.watch(browser)


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(page, page_log: PageLog, chromium_stderr: Path, renderer_deaths: RendererDeaths, request):
    """pytest-playwright's ``page``, watched: any console/page error or failed request fails the test,
    and a crashed renderer fails it with Chromium's stderr."""
    stderr_start = chromium_stderr.stat().st_size if chromium_stderr.exists() else 0
    started_uptime, deaths_before = uptime(), len(renderer_deaths.seen)
    crashed: list[bool] = []

    def on_console(msg):
        page_log.console.append(f"{msg.type}: {msg.text}")
        if msg.type == "error":
            page_log.console_errors.append(msg.text)

    def on_response(response):
        if response.status >= 400:
            page_log.failed_requests.append(f"HTTP {response.status} {response.url}")

    page.on("console", on_console)
    page.on("pageerror", lambda err: page_log.page_errors.append(str(err)))
    page.on("request", lambda req: page_log.requests.append(req.url))
    def on_failed(req):
        if _icon_aborted(req.url, req.failure):
            return
        page_log.failed_requests.append(f"{req.url} ({req.failure})")

    page.on("requestfailed", on_failed)
    page.on("response", on_response)
    page.on("crash", lambda _page: crashed.append(True))
    yield page
    if crashed:
        said = stderr_since(chromium_stderr, stderr_start) or "(nothing)"
        deaths = ", ".join(renderer_deaths.since(deaths_before)) or "none reported"
        report = (
            f"Chromium's renderer crashed ({_memory()}); Chromium says: {deaths}; "
            f"its stderr during the test:\n{said}\n" + kernel_report(started_uptime)
        )
        CRASHES.append(f"{request.node.nodeid}: {report}")
        pytest.fail(report, pytrace=False)
    problems = page_log.problems()
    if problems:
        pytest.fail("the page reported problems:\n  " + "\n  ".join(problems), pytrace=False)
