"""The relay for online play's browser tests: ``relay_url`` (session scope), ``ws://127.0.0.1:PORT``
of a WebSocket BitTorrent tracker (bittorrent-tracker, e2e/relay.mjs) that node runs for the
session, started on first use and stopped after. Pages use it through their preferences:

    def test_x(page, relay_url):
        page.add_init_script(relay_prefs_script(relay_url))     # before boot: tavli.prefs relays

The relay sees what a public one would: the room's hash and the sealed offers, never the game.

When a peer leaves (his page reloads or closes, or he leaves the room), Trystero logs a console
error on the other side ("Trystero peer error: OperationError: User-Initiated Abort, reason=Close
called": the data channel closed by the other end, which it reports so): a test in which a peer
leaves calls ``allow_peer_closed(page_log)`` (or filters :data:`PEER_CLOSED` itself).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = Path(__file__).with_name("relay.mjs")
START_TIMEOUT_S = 20.0


def start_relay() -> tuple[subprocess.Popen[str], str]:
    """Start e2e/relay.mjs; returns the process and its URL once it listens."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the relay for the online tests runs on Node")
    if not (ROOT / "node_modules" / "bittorrent-tracker" / "server.js").is_file():
        pytest.fail("node_modules/bittorrent-tracker is missing: run `npm ci --ignore-scripts` (make deps)")
    process = subprocess.Popen([node, str(SCRIPT)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()  # "PORT <n>", or "" if it died
    if not line.startswith("PORT "):
        stop_relay(process)
        errors = process.stderr.read() if process.stderr else ""
        pytest.fail(f"the relay did not start: {line!r} {errors}")
    return process, f"ws://127.0.0.1:{int(line.split()[1])}"


def stop_relay(process: subprocess.Popen[str]) -> None:
    """Close its standard input (it stops itself), then make sure it is gone."""
    if process.stdin is not None and not process.stdin.closed:
        process.stdin.close()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()


@pytest.fixture(scope="session")
def relay_url() -> Iterator[str]:
    """``ws://127.0.0.1:PORT``: the session's local relay."""
    process, url = start_relay()
    try:
        yield url
    finally:
        stop_relay(process)


PEER_CLOSED = r"Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"


def allow_peer_closed(page_log) -> None:
    """Let the page log accept Trystero's console error for a peer that left (see above)."""
    page_log.allow(PEER_CLOSED)


def relay_prefs_script(relay_url: str, **prefs: object) -> str:
    """An init script that stores ``tavli.prefs`` with only this relay (and ``prefs``: e.g.
    ``language="el"``) before the page's own scripts run."""
    doc = json.dumps({"format": "tavli-prefs", "relays": [relay_url], **prefs})
    return f"localStorage.setItem('tavli.prefs', {json.dumps(doc)});"
