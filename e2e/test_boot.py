"""The page boots: Pyodide comes up from local files only and Python draws the starting board."""

from urllib.parse import urlsplit

import pytest

from e2e.helpers import RECORD_FIRST_STATE, boot, first_state


def test_skeleton_is_there_before_python(page):
    page.add_init_script(RECORD_FIRST_STATE)
    page.goto("./", wait_until="domcontentloaded")
    page.wait_for_function("window.__tavliFirst && window.__tavliFirst.frame")
    assert first_state(page) == {
        "phase": "loading", "skeleton": 24, "loadingBar": 1,
        "frame": {"phase": "loading", "loadingBarShown": True},
    }


def test_boot_draws_the_initial_position(page, page_log, site_url):
    boot(page)
    assert page.evaluate("document.body.dataset.phase") == "opening"  # the match waits for the opening roll
    assert page.locator("#board .skeleton").count() == 0
    svg = page.locator("#board svg#board-svg")
    assert svg.count() == 1
    assert svg.locator("[data-owner]").count() == 30
    assert svg.locator("[data-owner='0']").count() == 15
    assert svg.locator("[data-owner='1']").count() == 15
    # Bottom player's 24-point holds two of his checkers; his 6-point five.
    assert svg.locator("[data-owner='0'][data-point='24']").count() == 2
    assert svg.locator("[data-owner='0'][data-point='6']").count() == 5
    assert svg.locator("[data-owner='1'][data-point='19']").count() == 5
    assert not page.locator(".loading-bar").is_visible()

    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    assert page_log.requests, "no request was recorded"
    assert page_log.foreign_requests(origin) == [], "the page must load everything from its own origin"
    # The runtime really came from the vendored copy.
    assert any(u.endswith("/web/vendor/pyodide/pyodide.asm.wasm") for u in page_log.requests)
    # PyScript's plugins that the page does not use (pyscript.toml, <mpy-config>) are not fetched.
    unused = ("py-editor", "py-game", "py-terminal", "donkey", "deprecations-manager", "codemirror")
    assert not [u for u in page_log.requests if any(f"/{name}" in u for name in unused)]


def test_boots_under_a_sub_path(page, page_log, subpath_site_url):
    boot(page, base=subpath_site_url)
    assert page.locator("#board svg [data-owner]").count() == 30
    outside = [u for u in page_log.requests if not u.startswith(subpath_site_url)]
    assert outside == [], "every URL must be relative to the page"


def _archive_without_its_stamp() -> bytes:
    """The boot archive less its last member (as an interrupted copy to a host could leave it)."""
    import gzip
    import io
    import tarfile
    from pathlib import Path

    built = Path(__file__).resolve().parents[1] / "build" / "python.tar.gz"
    out = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(built.read_bytes()), mode="r:gz") as source, \
            tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as target:
        members = source.getmembers()
        assert members[-1].name == ".tavli-archive"
        for member in members[:-1]:
            target.addfile(member, source.extractfile(member))
    return gzip.compress(out.getvalue())


def test_an_incomplete_archive_is_reported_on_the_page(page, page_log):
    # Refused as a whole: no half-installed game.
    page_log.allow(r"python\.tar\.gz is incomplete")
    data = _archive_without_its_stamp()
    page.route("**/build/python.tar.gz", lambda route: route.fulfill(status=200, body=data,
                                                                      content_type="application/gzip"))
    page.goto("./")
    page.wait_for_function("document.body.dataset.phase === 'error'", timeout=60_000)
    assert page.locator("#status-text").text_content() == (
        "Tavli could not start: /build/python.tar.gz is incomplete")


def test_a_missing_archive_is_reported_on_the_page(page, page_log):
    # The game's Python cannot be fetched (a broken deployment): the page says so instead of
    # loading forever.
    page_log.allow(r"python\.tar\.gz|404|Not Found")
    page.route("**/build/python.tar.gz", lambda route: route.fulfill(status=404, body="not here"))
    page.goto("./")
    page.wait_for_function("document.body.dataset.phase === 'error'", timeout=60_000)
    assert page.locator("#status-text").text_content() == (
        "Tavli could not start: /build/python.tar.gz: HTTP 404")


def _damaged(kind: str) -> bytes:
    """The boot archive spoilt: ``garbage`` (not an archive at all), ``flipped`` (a stretch of its
    compressed bytes inverted), ``truncated`` (its first half)."""
    import random
    from pathlib import Path

    built = (Path(__file__).resolve().parents[1] / "build" / "python.tar.gz").read_bytes()
    if kind == "garbage":
        return random.Random(12).randbytes(len(built))
    if kind == "truncated":
        return built[: len(built) // 2]
    middle = len(built) // 2
    return built[:middle] + bytes(b ^ 0xFF for b in built[middle:middle + 64]) + built[middle + 64:]


DAMAGED = {
    "en-US": "Tavli could not start: the download was damaged. Reload the page to try again.",
    "el-GR": "Το Τάβλι δεν μπόρεσε να ξεκινήσει: η λήψη αλλοιώθηκε. Φορτώστε ξανά τη σελίδα για νέα προσπάθεια.",
}


@pytest.mark.parametrize("kind", ["garbage", "flipped", "truncated"])
def test_a_damaged_archive_is_reported_as_damaged(page, page_log, kind):
    # Not "Failed to fetch": the bytes arrived, but they are not the game.
    page_log.allow(r"python\.tar\.gz|damaged|TypeError|tar archive|Failed to fetch")
    data = _damaged(kind)
    page.route("**/build/python.tar.gz", lambda route: route.fulfill(status=200, body=data,
                                                                      content_type="application/gzip"))
    page.goto("./")
    page.wait_for_function("document.body.dataset.phase === 'error'", timeout=60_000)
    assert page.locator("#status-text").text_content() == DAMAGED["en-US"]


@pytest.mark.browser_context_args(locale="el-GR", viewport={"width": 390, "height": 844})
def test_a_damaged_archive_is_reported_in_the_browsers_language(page, page_log):
    # On a phone, in Greek (the longest): the whole message is on the screen.
    page_log.allow(r"python\.tar\.gz|damaged|TypeError|tar archive|Failed to fetch")
    data = _damaged("flipped")
    page.route("**/build/python.tar.gz", lambda route: route.fulfill(status=200, body=data,
                                                                      content_type="application/gzip"))
    page.goto("./")
    page.wait_for_function("document.body.dataset.phase === 'error'", timeout=60_000)
    assert page.locator("#status-text").text_content() == DAMAGED["el-GR"]
    text = page.locator("#status-text").bounding_box()
    header = page.locator("header.top").bounding_box()
    assert text["y"] >= 0 and text["x"] >= 0 and text["x"] + text["width"] <= 390
    assert header["y"] <= text["y"] and text["y"] + text["height"] <= header["y"] + header["height"]


def test_a_broken_connection_is_reported_as_such(page, page_log):
    # The archive's bytes stop coming (the connection is reset): a network failure, not damage.
    page_log.allow(r"python\.tar\.gz|Failed to fetch|ERR_CONNECTION_RESET|TypeError|network")
    page.route("**/build/python.tar.gz", lambda route: route.abort("connectionreset"))
    page.goto("./")
    page.wait_for_function("document.body.dataset.phase === 'error'", timeout=60_000)
    assert page.locator("#status-text").text_content() == (
        "Tavli could not start: the download failed (check the connection). Reload the page to try again.")
