"""The computer's data (build/ai.zip, web/browser/aidata.py) fails to load: the page tries again, tells the
player while the computer waits on it, and the computer plays on once the data is in. Leaving the
page aborts the fetch quietly.

The service worker is blocked here: ``page.route`` does not see requests that a service worker
answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.board_hooks import phase, thinking_log, wait_turn
from e2e.helpers import boot
from web.model.i18n import en

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = "**/build/ai.zip"
RETRYING = en.STRINGS["ai_data_retry"]
LOADED = en.STRINGS["ai_data_loaded"]
QUERY = "seed=1&anim=0"  # the computer wins the opening roll: it acts at once

no_service_worker = pytest.mark.browser_context_args(service_workers="block")


def _told(page, text: str) -> None:
    page.wait_for_function("([text]) => { const t = document.getElementById('toast');"
                           " return t && t.textContent === text && t.classList.contains('show'); }",
                           arg=[text], timeout=60_000)


def _computer_waits_and_says_so(page) -> None:
    """Boot, see a failed load, roll the opening (the computer wins it): the player is told that
    the computer's data could not be loaded, and the computer waits."""
    boot(page, QUERY)
    page.wait_for_function("document.body.dataset.aidata === 'retry'", timeout=60_000)
    page.click("#panel button[data-action=roll]")
    _told(page, RETRYING)
    assert phase(page) == "opponent"
    assert page.evaluate("document.body.dataset.aidata") in ("retry", "loading")
    assert not [e for e in thinking_log(page) if e["kind"] == "move"]


def _computer_plays_on(page) -> None:
    """The data comes in by itself: the computer plays its turn, the player is told."""
    _told(page, LOADED)
    assert wait_turn(page, 60_000) in ("roll", "move")
    assert page.evaluate("document.body.dataset.aidata") == "ready"
    assert [e for e in thinking_log(page) if e["kind"] == "move"], "the computer chose its play"


class Breakable:
    """A route for build/ai.zip that fails with ``fail(route)`` until :attr:`broken` is cleared."""

    def __init__(self, fail) -> None:
        self.fail = fail
        self.broken = True
        self.failures = 0

    def __call__(self, route) -> None:
        if self.broken:
            self.failures += 1
            self.fail(route)
        else:
            route.continue_()


@no_service_worker
@pytest.mark.parametrize("fault", ["404", "reset", "truncated"])
def test_the_computer_waits_for_its_data_and_plays_on(page, page_log, fault):
    page_log.allow(r"ai\.zip|Failed to load resource")
    whole = (ROOT / "build" / "ai.zip").read_bytes()
    fail = {
        "404": lambda route: route.fulfill(status=404, body="not here"),
        "reset": lambda route: route.abort("connectionreset"),
        "truncated": lambda route: route.fulfill(status=200, body=whole[: len(whole) // 2],
                                                 content_type="application/zip"),
    }[fault]
    archive = Breakable(fail)
    page.route(ARCHIVE, archive)
    _computer_waits_and_says_so(page)
    archive.broken = False  # the network comes back: the back-off's next try gets it
    _computer_plays_on(page)
    assert archive.failures >= 2  # the warm-up's try, and the one when the computer needed it


@no_service_worker
def test_offline_then_online(page, page_log):
    page_log.allow(r"ai\.zip|favicon|Failed to load resource")  # (the browser asks for the icon too)
    # Offline from the first try of the warm-up on: the route stands in until the context is offline.
    page.route(ARCHIVE, lambda route: route.abort("internetdisconnected"))
    boot(page, QUERY)
    page.context.set_offline(True)
    page.unroute(ARCHIVE)
    page.wait_for_function("document.body.dataset.aidata === 'retry'", timeout=60_000)
    page.click("#panel button[data-action=roll]")
    _told(page, RETRYING)
    assert phase(page) == "opponent"
    page.context.set_offline(False)  # the browser's 'online' event: a try at once
    _computer_plays_on(page)


@no_service_worker
def test_leaving_the_page_aborts_the_fetch_quietly(page, page_log):
    # The fetch in flight when the page is hidden (pagehide) is aborted, with no error on the page
    # and no notice; shown again (pageshow, as from the back-forward cache), the page goes on.
    page_log.allow(r"ai\.zip.*ERR_ABORTED")
    held = []  # the first request is never answered (a slow network)
    page.route(ARCHIVE, lambda route: held.append(route) if not held else route.continue_())
    with page.expect_request(ARCHIVE, timeout=60_000):
        boot(page, QUERY)
    assert page.evaluate("document.body.dataset.aidata") == "loading"
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    page.wait_for_function("document.body.dataset.aidata === 'paused'")
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    page.wait_for_function("document.body.dataset.aidata === 'ready'", timeout=60_000)
    assert page.evaluate("document.getElementById('toast').textContent") == ""
    page.click("#panel button[data-action=roll]")
    assert wait_turn(page, 60_000) in ("roll", "move")
    assert not page_log.console_errors
