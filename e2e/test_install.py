"""Installable: the web app manifest is valid, its icons load at their stated sizes, and Chromium
finds nothing against installing the page (DevTools protocol: Page.getInstallabilityErrors)."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from urllib.parse import urljoin
from urllib.request import urlopen

from e2e.board_hooks import counts, phase
from e2e.helpers import PageLog, boot, settle

ROOT = Path(__file__).resolve().parents[1]
SW_TIMEOUT_MS = 90_000


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_valid_and_its_icons_load(site_url):
    url = urljoin(site_url, "manifest.webmanifest")
    with urlopen(url) as response:
        assert response.headers.get_content_type() in ("application/manifest+json", "application/json")
        manifest = json.loads(response.read())
    for key in ("name", "short_name", "start_url", "scope", "display", "theme_color", "background_color", "icons"):
        assert manifest.get(key), f"the manifest lacks {key}"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = {}
    for icon in manifest["icons"]:
        with urlopen(urljoin(url, icon["src"])) as response:
            assert response.headers.get_content_type() == icon["type"] == "image/png"
            width, height = _png_size(response.read())
        assert icon["sizes"] == f"{width}x{height}", icon["src"]
        for purpose in icon.get("purpose", "any").split():
            sizes.setdefault(purpose, set()).add(width)
    assert {192, 512} <= sizes["any"]
    assert {192, 512} <= sizes["maskable"]


def test_page_links_manifest_and_icons(page):
    page.goto("./", wait_until="domcontentloaded")
    assert page.get_attribute("link[rel=manifest]", "href") == "./manifest.webmanifest"
    assert page.get_attribute("meta[name=theme-color]", "content")
    touch = page.get_attribute("link[rel=apple-touch-icon]", "href")
    size = page.evaluate("""(src) => new Promise((ok, fail) => {
        const img = new Image(); img.onload = () => ok([img.naturalWidth, img.naturalHeight]);
        img.onerror = () => fail(new Error("no icon")); img.src = src; })""", touch)
    assert size == [180, 180]


def test_chromium_finds_the_page_installable(browser_type, browser_type_launch_args, site_url, tmp_path):
    # Chromium answers "in-incognito" and checks nothing else in an off-the-record context, which
    # is what Playwright's browser.new_context() makes: use a persistent profile instead.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    log = PageLog()
    try:
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and log.console_errors.append(m.text))
        page.on("pageerror", lambda e: log.page_errors.append(str(e)))
        boot(page, base=site_url)
        # The service worker is part of what makes an app installable and offline-capable.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest.get("errors") == [], manifest.get("errors")
        assert manifest["url"] == site_url + "manifest.webmanifest"
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        assert log.problems() == []
    finally:
        context.close()


def test_a_shortcut_opens_the_new_match_screen_with_its_opponent_and_starting_asks_to_persist(page):
    """The manifest's shortcut "two players" (``./?new=pvp``): the new-match screen opens with that
    opponent chosen; Start plays it, and asks the browser to keep the site's storage
    (``navigator.storage.persist()``), whose answer is never an error (the page log would fail)."""
    boot(page, "new=pvp&anim=0")
    assert page.evaluate("document.body.dataset.dialog") == "new-match"
    assert page.locator("dialog input[name=mode][value=pvp]").is_checked()
    assert page.evaluate("document.body.dataset.persisted || ''") == ""  # nothing asked before a match starts
    page.click("dialog button[data-action=start]")
    page.wait_for_function("['granted', 'denied', 'unavailable'].includes(document.body.dataset.persisted)")
    assert page.locator(".card.top .name").inner_text() == "Player 2"


def test_a_shortcut_over_a_match_in_progress_can_be_cancelled_and_the_match_goes_on(page):
    boot(page, "seed=5&anim=0")
    page.click("#panel button[data-action=roll]")
    settle(page)
    board, dice = counts(page), page.locator("[data-die]").count()
    boot(page, "new=cpu&anim=0")  # the saved match is resumed under the new-match screen
    assert page.evaluate("document.body.dataset.dialog") == "new-match"
    assert page.locator("dialog input[name=mode][value=cpu]").is_checked()
    page.click("dialog button[data-action=cancel]")
    assert page.evaluate("document.body.dataset.dialog || ''") == ""
    assert phase(page) == "move" and counts(page) == board and page.locator("[data-die]").count() == dice == 2
