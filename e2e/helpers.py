"""Helpers for the browser tests: the page log and ``boot``. The fixtures are in conftest.py.

    from e2e.helpers import boot

    def test_something(page):
        boot(page, "seed=3")
        ...
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest

# Pyodide's boot in headless chromium on two cores takes 10-20 s; leave plenty of room for a busy CI.
BOOT_TIMEOUT_MS = int(os.environ.get("TAVLI_BOOT_TIMEOUT_MS", "90000"))


@dataclass
class PageLog:
    """What a page did: every request URL, and the problems that fail a test."""

    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    allowed: list[re.Pattern] = field(default_factory=list)

    def allow(self, pattern: str) -> None:
        """Do not fail on problems whose text matches ``pattern`` (a regex)."""
        self.allowed.append(re.compile(pattern))

    def problems(self) -> list[str]:
        found = (
            [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"failed request: {m}" for m in self.failed_requests]
        )
        return [p for p in found if not any(a.search(p) for a in self.allowed)]

    def foreign_requests(self, origin: str) -> list[str]:
        """Requests that left ``origin`` (data: and blob: URLs stay in the page)."""
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob"):
                continue
            if f"{parts.scheme}://{parts.netloc}" != origin:
                out.append(url)
        return out


def watch(page, log: PageLog) -> None:
    """Note ``page``'s console errors, page errors and failed requests in ``log``: for the pages of
    a browser context a test opens itself (the ``page`` fixture is watched by conftest.py)."""
    page.on("console", lambda msg: log.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: log.page_errors.append(str(err)))
    page.on("requestfailed", lambda req: log.failed_requests.append(f"{req.url} ({req.failure})"))


# What the page looked like when the HTML parser finished (readyState "interactive", before any
# script ran): read in the page, because on a loaded machine Playwright may hear of
# DOMContentLoaded only after Python has already started the game.
RECORD_FIRST_STATE = """document.addEventListener('readystatechange', () => {
  if (document.readyState !== 'interactive' || window.__tavliFirst || !document.body) return;
  const first = window.__tavliFirst = {phase: document.body.dataset.phase,
                         skeleton: document.querySelectorAll('#board .skeleton .sk-quarter i').length,
                         loadingBar: document.querySelectorAll('.loading-bar').length};
  requestAnimationFrame(() => {  // the first frame (the page's stylesheets are in by then)
    const bar = document.querySelector('.loading-bar');
    const box = bar ? bar.getBoundingClientRect() : {width: 0, height: 0};
    first.frame = {phase: document.body && document.body.dataset.phase, loadingBarShown: box.width > 0 && box.height > 0};
  });
});"""


def first_state(page) -> dict:
    """``{phase, skeleton, loadingBar}`` as the parser left the page, and ``frame``: ``{phase,
    loadingBarShown}`` at its first frame (see RECORD_FIRST_STATE, added before the page was
    opened)."""
    return page.evaluate("window.__tavliFirst || {}")


def boot(page, query: str = "", *, base: str = "./", timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Open the game (``base``, by default the served root, plus ``?query`` when given) and wait
    until Python has started it."""
    url = base + (f"?{query.lstrip('?')}" if query else "")
    if page.url != "about:blank":
        settle(page, timeout_ms)  # the page open before: its fetches done
    page.add_init_script(RECORD_FIRST_STATE)
    page.goto(url, wait_until="domcontentloaded")
    first = first_state(page)["phase"]
    assert first == "loading", f"the page must start in phase 'loading', not {first!r}"
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=timeout_ms)
    phase = page.evaluate("document.body.dataset.phase")
    if phase == "error":
        shown = "\n".join(page.locator(".py-error").all_text_contents()).strip()
        pytest.fail(f"Python failed to start the page:\n{shown[-3000:] or page.text_content('#status-text')}",
                    pytrace=False)


def settle(page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the page's own fetches after boot are done (the computer's data, which it fetches
    idly once the board is up: ``<body data-aidata>`` "ready", or unset where nothing was asked).
    Call it before a reload or a navigation: the browser aborts a fetch still in flight, which the
    page log counts as a failed request. Then (or at once, where no data is coming) the page makes
    its snapshot for the next visit (``<body data-snapshot>``, web/pyodide_early.mjs): that is
    waited for too."""
    page.wait_for_function(SETTLED, timeout=timeout_ms)


# The page's own work after boot is done: the computer's data in, then the snapshot made or given up.
SETTLED = """(() => {
  const data = document.body && document.body.dataset;
  return !!data && (!data.aidata || data.aidata === 'ready') && !['pending', 'making'].includes(data.snapshot);
})()"""
