"""What the service worker downloads: each file once on a first visit, only the changed files on an
update. Counted by the site's own server (tools/serve.py's request log): what the page and the
worker really fetched, headers and bodies, whatever the browser's caches did.
"""

from __future__ import annotations

import os
from collections import Counter
from urllib.parse import urlsplit

from e2e.helpers import BOOT_TIMEOUT_MS, PageLog, boot, settle
from e2e.sites import Site, deploy_one_module_change, load_tool, site_copy, write_precache
from e2e.test_offline import SW_TIMEOUT_MS, wait_until_controlled

OVERHEAD = 1.1  # the first visit may transfer at most this times the bytes of the distinct files
HEADERS = 1024  # a generous bound on one answer's status line and headers

# Every entry of the worker's cache with the revision it was stored at (sw.js: X-Tavli-Revision).
CACHED_REVISIONS = """async () => {
    const out = {};
    for (const name of (await caches.keys()).filter((n) => n.startsWith("tavli-precache-"))) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            out[name + " " + request.url] = (await cache.match(request)).headers.get("X-Tavli-Revision");
        }
    }
    return out;
}"""


def _file(path: str) -> str:
    """A request's path as the file it names ("/" is index.html); no query."""
    rel = urlsplit(path).path.lstrip("/")
    return "index.html" if rel in ("", "index.html") else rel


def _list_file(url: str) -> str:
    return "index.html" if url == "./" else url


def _visit(page, site: Site) -> None:
    """Open a match against the computer, wait until the worker controls the page and the
    computer's data is in (the page fetches it after boot)."""
    boot(page, "seed=3&anim=0", base=site.url)
    wait_until_controlled(page)
    page.wait_for_function("document.body.dataset.aidata === 'ready'", timeout=BOOT_TIMEOUT_MS)


def test_the_first_visit_downloads_each_file_once(browser_type, browser_type_launch_args, tmp_path):
    # A browser profile on disk, as a player's: Playwright's usual contexts are off the record, with
    # an HTTP cache in memory that keeps no entry the size of pyodide.asm.wasm (9.6 MB), which the
    # worker then downloads again (as in a private window; see sw.js).
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    log = PageLog()
    site = Site(site_copy(tmp_path))
    try:
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and log.console_errors.append(m.text))
        page.on("pageerror", lambda e: log.page_errors.append(str(e)))
        page.on("requestfailed", lambda r: log.failed_requests.append(f"{r.url} ({r.failure})"))
        _visit(page, site)
        sent = site.sent()
        assert log.problems() == []
    finally:
        context.close()
        site.stop()
    listed = {_list_file(url) for url in write_precache(site.directory)["files"]}
    full = Counter(_file(s.path) for s in sent if s.status == 200)
    # The page at "./?seed=..." is another entry of the HTTP cache than the worker's "./" (5 kB).
    assert [path for path, count in full.items() if count > 1 and path != "index.html"] == [], "downloaded twice"
    assert listed <= set(full), "every listed file came from the server once (none was in the HTTP cache)"
    distinct = listed | set(full)
    size = sum((site.directory / path).stat().st_size for path in distinct)
    total = sum(s.size for s in sent)
    assert total <= OVERHEAD * size, f"{total} bytes sent for {size} bytes of {len(distinct)} files"


def test_an_update_downloads_only_the_changed_files(page, tmp_path):
    pyscript_files = load_tool("pyscript_files")
    site = Site(site_copy(tmp_path, real=("tavli", "build")))
    try:
        _visit(page, site)
        settle(page)
        old = write_precache(site.directory)

        new = deploy_one_module_change(site.directory)
        changed = {url for url, rev in new["files"].items() if old["files"].get(url) != rev}
        assert changed == {pyscript_files.ARCHIVE}

        start = site.mark()
        page.evaluate("window.tavliUpdate.check()")
        page.wait_for_function("document.body.dataset.update === 'ready'", timeout=SW_TIMEOUT_MS)
        sent = site.sent(start)
        expected = {"sw.js", "web/vendor/precache.js", pyscript_files.ARCHIVE}
        assert {_file(s.path) for s in sent} <= expected, "the update asked for unchanged files"
        assert {_file(s.path) for s in sent if s.status == 200} >= expected - {"sw.js"}
        size = sum((site.directory / path).stat().st_size for path in expected)
        assert sum(s.size for s in sent) <= size + HEADERS * len(sent)

        # The new version takes over: one precache, every file at its new revision. It deletes the
        # older precache and the cache of a worker before revisions ("tavli-<version>"), not the
        # caches of others (the page's snapshot, anything else on the origin).
        page.evaluate("Promise.all(['tavli-0123456789abcdef', 'tavli-snapshot', 'other'].map((n) => caches.open(n)))")
        with page.expect_navigation(timeout=SW_TIMEOUT_MS):
            page.evaluate("window.tavliUpdate.apply()")
        page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.phase") not in ("loading", "error")
        cache = f"tavli-precache-{new['version']}"
        # (The page itself drops its snapshot, made for the older boot archive: not checked here.)
        names = page.evaluate("caches.keys()")
        assert sorted(n for n in names if n != "tavli-snapshot") == sorted(["other", cache])
        assert page.evaluate(CACHED_REVISIONS) == {
            f"{cache} {site.url}{'' if url == './' else url}": rev for url, rev in new["files"].items()}
        settle(page)
    finally:
        site.stop()


def test_a_stale_or_rewritten_file_is_fetched_again_and_never_fails_the_install(page, tmp_path):
    site = Site(site_copy(tmp_path, real=("tavli", "build")))
    try:
        _visit(page, site)
        settle(page)
        # A new boot archive with the old one's time: the server answers the worker's revalidation
        # with 304, and the HTTP cache has the old bytes: their hash tells the worker to fetch again.
        archive = site.directory / "build" / "python.tar.gz"
        stamp = archive.stat()
        new = deploy_one_module_change(site.directory)
        os.utime(archive, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
        # A host that rewrites a file (pyscript.toml here): its bytes never match the list.
        precache = site.directory / "web" / "vendor" / "precache.js"
        wrong = "0123456789abcdef"
        precache.write_text(precache.read_text().replace(new["files"]["pyscript.toml"], wrong))

        start = site.mark()
        page.evaluate("window.tavliUpdate.check()")
        page.wait_for_function("document.body.dataset.update === 'ready'", timeout=SW_TIMEOUT_MS)
        answers = [s.status for s in site.sent(start) if _file(s.path) == "build/python.tar.gz"]
        assert answers == [304, 200], "revalidated, found stale by its hash, then fetched past the HTTP cache"
        cached = page.evaluate(CACHED_REVISIONS)
        waiting = f"tavli-precache-{new['version']} {site.url}"
        assert cached[waiting + "build/python.tar.gz"] == new["files"]["build/python.tar.gz"]
        # Kept under the revision of its real bytes: the next update fetches it again.
        assert cached[waiting + "pyscript.toml"] == new["files"]["pyscript.toml"] != wrong
    finally:
        site.stop()
