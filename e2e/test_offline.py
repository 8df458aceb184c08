"""Offline: after one online visit the service worker has cached the app and the runtime, and the
game boots and plays with no server at all.

The test serves the site on its own server (not the session's shared one) so that it can shut it
down: with the browser context offline *and* nothing listening, whatever the page gets can only
come from the service worker's cache.
"""

from __future__ import annotations

import pytest

from e2e.helpers import BOOT_TIMEOUT_MS, boot, settle
from e2e.sites import Site, site_copy, write_precache

# Installing caches ~14 MB (Pyodide, PyScript, the app) from localhost.
SW_TIMEOUT_MS = 90_000


@pytest.fixture
def own_site(tmp_path):
    site = Site(site_copy(tmp_path), "/games/tavli/")
    yield site
    site.stop()


# The caches' names, less the snapshot's (web/snapshot.mjs), which the page makes in its own time.
PRECACHES = "caches.keys().then((names) => names.filter((name) => name !== 'tavli-snapshot'))"


def wait_until_controlled(page) -> None:
    """Wait until the service worker is active and controls the page (it claims the page as soon
    as it has cached everything)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=SW_TIMEOUT_MS)


def cached_urls(page) -> list[str]:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith("tavli-precache-"));
        const out = [];
        for (const name of names) for (const req of await (await caches.open(name)).keys()) out.push(req.url);
        return out;
    }""")


def test_plays_offline_after_one_visit(page, page_log, own_site):
    context = page.context
    boot(page, base=own_site.url)
    wait_until_controlled(page)
    cached = cached_urls(page)
    assert own_site.url in cached, "the page itself must be cached"
    assert own_site.url + "web/vendor/pyodide/pyodide.asm.wasm" in cached
    assert own_site.url + "web/main.py" in cached
    assert own_site.url + "build/ai.zip" in cached, "the computer's data (fetched after boot) must be cached too"
    assert all(u.startswith(own_site.url) for u in cached), "the cache must stay inside the site's sub-path"

    # No network at all from here on.
    settle(page)  # (the computer's data too, fetched after boot: a reload would abort it)
    own_site.stop()
    context.set_offline(True)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.phase") not in ("loading", "error")
    svg = page.locator("#board svg")
    assert svg.locator("[data-owner]").count() == 30

    # A page opened with a query string (?seed=...) is the same cached page; a game can be played.
    query = "seed=3&anim=0"
    settle(page)
    page.goto(own_site.url + "?" + query, wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.phase") not in ("loading", "error")
    assert page.locator("#board svg [data-owner]").count() == 30
    open_dialogs(page)
    play_a_move_offline(page, query)
    # The computer's data came from the cache too (web/browser/aidata.py fetches it after boot).
    page.wait_for_function("window.tavliThinking && window.tavliThinking.some((e) => e.kind === 'load')",
                           timeout=BOOT_TIMEOUT_MS)
    # Everything the page asked for, online and offline, is on the list (tools/precache.py).
    listed = {own_site.url + ("" if url == "./" else url) for url in write_precache(own_site.directory)["files"]}
    asked = {url.split("?")[0] for url in page_log.requests if url.startswith(own_site.url)}
    assert asked - listed == set()


def open_dialogs(page) -> None:
    """Open and close the panel's dialogs (options, rules, new match)."""
    for action in ("options", "rules", "new-match"):
        page.click(f"#panel button[data-action={action}]")
        page.wait_for_function(f"document.body.dataset.dialog === '{action}'")
        page.keyboard.press("Escape")
        page.wait_for_function("!document.body.dataset.dialog")


def play_a_move_offline(page, query: str) -> None:
    """Roll and move one checker, checked against a CPython mirror of the seeded match (the board
    helper's hooks, e2e/board_hooks.py)."""
    from e2e.board_hooks import catch_up, counts, expected, mirror, spot, wait_turn

    ctl = mirror(query)
    for _ in range(12):
        phase = wait_turn(page)
        catch_up(ctl)
        assert phase == ctl.page_phase()
        assert counts(page) == expected(ctl)
        if phase in ("opening", "roll"):
            page.click("button[data-action=roll]")
            ctl.roll()
        elif phase == "move":
            point = next(p for p in range(25, -1, -1) if ctl.movable(p))
            owner = 0 if ctl.match.game.on_roll == ctl.bottom else 1
            before = counts(page)
            page.mouse.click(*spot(page, point, owner))
            ctl.click(point)
            page.wait_for_function("!document.body.dataset.busy")
            after = counts(page)
            assert after != before, "the checker did not move"
            assert after == expected(ctl)
            return
        else:
            raise AssertionError(f"unexpected phase {phase}")
    raise AssertionError("no move was made")



def test_a_new_version_is_announced_and_replaces_the_old_cache(page, tmp_path):
    site = Site(site_copy(tmp_path))
    try:
        boot(page, base=site.url)
        wait_until_controlled(page)
        old = page.evaluate(PRECACHES)
        assert len(old) == 1 and old[0].startswith("tavli-precache-")
        assert page.locator("#update-notice").count() == 0

        # The notice speaks the language chosen in the options (web.model.prefs stores it).
        page.evaluate("""localStorage.setItem("tavli.prefs", JSON.stringify({format: "tavli-prefs", language: "bg"}))""")

        # Deploy a "new version": the precache list's version changes.
        precache = site.directory / "web" / "vendor" / "precache.js"
        precache.write_text(precache.read_text().replace(old[0].removeprefix("tavli-precache-"), "0123456789abcdef"))
        page.evaluate("window.tavliUpdate.check()")
        notice = page.locator("#update-notice")
        notice.wait_for(state="visible", timeout=SW_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.update") == "ready"
        assert "нова версия" in notice.inner_text().lower()

        # The old version keeps serving until the player chooses to reload.
        assert page.evaluate(PRECACHES).count(old[0]) == 1
        settle(page)
        with page.expect_navigation(timeout=SW_TIMEOUT_MS):
            notice.locator(".update-reload").click()
        page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.phase") not in ("loading", "error")
        assert page.evaluate(PRECACHES) == ["tavli-precache-0123456789abcdef"]
        assert page.locator("#update-notice").count() == 0
    finally:
        site.stop()
