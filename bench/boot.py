"""Boot time of the page in headless Chromium, against a bare page that only loads Pyodide.

    python bench/boot.py            # five cold and five warm runs of each page
    python bench/boot.py --runs 3
    python bench/boot.py --sw block # with service workers blocked (warm = the HTTP cache only)
    python bench/boot.py --runs 0   # the transfer figures only
    python bench/boot.py --throttle 4  # the pages' CPU slowed 4x (DevTools' throttling), as a phone

For each page: *cold* runs open it in a fresh browser context (empty HTTP cache), *warm* runs
reload it in the same context. Two times are taken from navigation start:

* ``paint``: the first contentful paint (for Tavli: the HTML/CSS board skeleton);
* ``interactive``: when ``<body data-phase>`` leaves ``loading`` (for Tavli: Python is up, the
  board drawn and listening for clicks; for the bare page: ``loadPyodide()`` has resolved).

Tavli registers a service worker once it has booted, which then caches the whole site (~17 MB),
taking what the page has just fetched from the HTTP cache. By default (``--sw settle``) a warm run waits until that worker controls the page
before reloading, as for a returning player: the reload is then served by the worker, and does not
race its install for the CPU and the server. ``--sw block`` measures the page without a worker
(the warm runs then revalidate every file with the server, which sends ``no-cache``).

The pages are served by tools/serve.py on 127.0.0.1 but opened as ``http://tavli.bench:PORT/``
(Chromium maps the name to 127.0.0.1 and treats that origin as secure, as https would be): on a
loopback host name the worker fetches the site's own files from the network first, for developers
(sw.js), whereas a returning player's worker serves them from its cache.

Tavli keeps a Pyodide memory snapshot for returning visits (web/snapshot.mjs), made by a worker
once it is up. Its warm run is therefore taken twice: first with the snapshot deleted (``warm, no
snapshot``: the boot of a visit without one), then, after waiting until the page has made a new one
(``<body data-snapshot>``), restored from it (``warm``). The bare page has the one warm run.
``--throttle N`` applies ``Emulation.setCPUThrottlingRate`` to each page before it loads.

Prints the medians and the ratio of Tavli's interactive time to the bare Pyodide boot, and splits
Tavli's time at the mark ``tavli:pyodide-ready`` (web/pyodide_early.mjs): Pyodide's own boot in
the page, then Tavli's part (PyScript's start, the app's Python, the first draw), the steadier
figure on a busy machine. The
skeleton must paint well under a second; interactive should cost at most ~15 % over bare Pyodide.

Then the transfer figures (:func:`transfer`), counted by the server (tools/serve.py's request log,
headers included) for a copy of the site (e2e/sites.py) opened in a browser profile on disk, as a
player's: the first visit (the page and the service worker's install, against the bytes of the
distinct files), a warm reload, and an update after a change to one Python module; then a first
visit in a private window, whose HTTP cache (in memory) keeps no file as big as pyodide.asm.wasm,
which the worker then downloads again. "gzipped": what a static host that gzips text and wasm
would have sent for the same downloads.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("TAVLI_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
HOST = "tavli.bench"  # not a loopback name: the service worker behaves as on a real host (see above)

# Installed before any page script: records when data-phase first leaves "loading".
OBSERVER = """
(() => {
  const done = () => {
    const phase = document.body && document.body.dataset.phase;
    if (phase && phase !== 'loading' && window.__interactive === undefined) {
      window.__interactive = performance.now();
    }
  };
  new MutationObserver(done).observe(document, {subtree: true, attributes: true,
                                                 attributeFilter: ['data-phase']});
})();
"""


def _serve():
    spec = importlib.util.spec_from_file_location("tavli_serve", ROOT / "tools" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    # As a static host serves the site: the archives as built (main() rebuilds them first if stale).
    server = serve.make_server("127.0.0.1", 0, quiet=True, directory=ROOT, prefix="/", rebuild=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{server.server_address[1]}/"


def browser_args(base: str) -> list[str]:
    """Chromium's arguments for pages at ``base`` (``http://HOST:PORT/``): the name resolves to
    127.0.0.1, and the origin counts as secure (service workers need a secure context)."""
    origin = base.rstrip("/")
    return [*ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1", f"--unsafely-treat-insecure-origin-as-secure={origin}"]


def _measure(page) -> tuple[float, float, float]:
    """(paint, interactive, Pyodide ready) in ms from navigation start (NaN where not marked)."""
    page.wait_for_function("window.__interactive !== undefined", timeout=180_000)
    paint = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")
    ready = page.evaluate("(performance.getEntriesByName('tavli:pyodide-ready')[0] || {startTime: NaN}).startTime")
    return float(paint), float(page.evaluate("window.__interactive")), float(ready)


# True once a page that registers a service worker (web/sw_register.js) is controlled by it.
SETTLED = """() => !document.querySelector('script[src*="sw_register"]')
                 || (navigator.serviceWorker && navigator.serviceWorker.controller !== null)"""


def run(url: str, runs: int, browser, sw: str = "settle", throttle: float = 1) -> dict[str, list]:
    out: dict[str, list] = {"cold": [], "warm": []}
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 800},
                                      service_workers="block" if sw == "block" else "allow")
        context.add_init_script(OBSERVER)
        page = context.new_page()
        _throttle(context, page, throttle)
        page.goto(url)
        out["cold"].append(_measure(page))
        if sw == "settle":
            page.wait_for_function(SETTLED, timeout=180_000)
        _warm_with_snapshot(page, out)
        page.reload()
        out["warm"].append(_measure(page))
        _boot_path(page, out)
        context.close()
    return out


# The page is up, the service worker controls it, the computer's data is in and the snapshot made.
SETTLED_WITH_DATA = """() => document.body.dataset.phase !== 'loading' && document.body.dataset.aidata === 'ready'
                              && navigator.serviceWorker.controller !== null
                              && !['pending', 'making'].includes(document.body.dataset.snapshot)"""
STORED = (".zip", ".gz", ".png")  # sent as they are by a static host; the others gzipped


def _file(path: str) -> str:
    rel = path.split("?")[0].lstrip("/")
    return rel or "index.html"


def _figures(sent: list, site: Path) -> str:
    """Bytes and requests of ``sent`` (tools/serve.py's Sent), and the bytes a static host that
    gzips text and wasm would have sent for the same full answers (headers left out)."""
    full = [s for s in sent if s.status == 200]
    gzipped = 0
    for s in full:
        data = (site / _file(s.path)).read_bytes()
        gzipped += len(data) if s.path.endswith(STORED) else len(gzip.compress(data, 6))
    return (f"{sum(s.size for s in sent) / 1e6:6.2f} MB in {len(sent):3d} requests ({len(full)} downloads, "
            f"{gzipped / 1e6:.2f} MB gzipped)")


def _names(sent: list) -> str:
    names = sorted({_file(s.path) for s in sent if s.status == 200})
    return ", ".join(names) if len(names) <= 6 else f"{len(names)} files"


def _first_visit(page, site, base: str, query: str) -> tuple[list, str]:
    """Open ``base + query`` until settled: (what the server sent, a line of figures)."""
    from e2e.sites import write_precache

    page.goto(base + query)
    page.wait_for_function(SETTLED_WITH_DATA, timeout=180_000)
    first = site.sent()
    listed = write_precache(site.directory)["files"]
    distinct = {_file(s.path) for s in first if s.status == 200} | {"index.html" if u == "./" else u for u in listed}
    size = sum((site.directory / f).stat().st_size for f in distinct)
    return first, (f"{_figures(first, site.directory)}; {sum(s.size for s in first) / size:.2f} x the "
                   f"{len(distinct)} distinct files ({size / 1e6:.2f} MB)")


def transfer(p, query: str = "?seed=3&anim=0") -> list[str]:
    """What the server sends for a first visit (a match against the computer, until the service
    worker controls the page and the computer's data is in), a warm reload, and an update after a
    change to one Python module (until the new worker waits); and a first visit in a private
    window (an HTTP cache in memory, which keeps no entry as big as pyodide.asm.wasm). Lines to print."""
    sys.path.insert(0, str(ROOT))
    from e2e.sites import Site, deploy_one_module_change, site_copy

    out = ["transfer (counted by the server, headers included):"]
    with tempfile.TemporaryDirectory() as tmp:
        site = Site(site_copy(Path(tmp), real=("tavli", "build")))
        base = f"http://{HOST}:{site.server.server_address[1]}/"
        context = p.chromium.launch_persistent_context(str(Path(tmp) / "profile"), executable_path=CHROMIUM,
                                                       args=browser_args(base), viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            out.append(f"  first visit, page + worker  {_first_visit(page, site, base, query)[1]}")
            mark = len(site.log)
            page.reload()
            page.wait_for_function(SETTLED_WITH_DATA, timeout=180_000)
            out.append(f"  warm reload                 {_figures(site.sent(mark), site.directory)}")
            deploy_one_module_change(site.directory)
            mark = len(site.log)
            page.evaluate("window.tavliUpdate.check()")
            page.wait_for_function("document.body.dataset.update === 'ready'", timeout=180_000)
            update = site.sent(mark)
            out.append(f"  update, one module changed  {_figures(update, site.directory)}: {_names(update)}")
        finally:
            context.close()
            site.stop()
    with tempfile.TemporaryDirectory() as tmp:
        site = Site(site_copy(Path(tmp)))
        base = f"http://{HOST}:{site.server.server_address[1]}/"
        browser = p.chromium.launch(executable_path=CHROMIUM, args=browser_args(base))
        try:
            first, line = _first_visit(browser.new_page(), site, base, query)
            twice = Counter(_file(s.path) for s in first if s.status == 200)
            out.append(f"  first visit, private window {line}; twice: {', '.join(f for f, n in twice.items() if n > 1)}")
        finally:
            browser.close()
            site.stop()
    return out


# The snapshot part (web/snapshot.mjs): the page's snapshot for the next visit made or given up
# (<body data-snapshot>); pages without one (the bare page) have nothing to wait for.
SNAPSHOT_SETTLED = """() => !['pending', 'making'].includes(document.body.dataset.snapshot)"""
DROP_SNAPSHOT = "() => typeof caches === 'object' ? caches.delete('tavli-snapshot') : false"


def _throttle(context, page, rate: float) -> None:
    """Slow the page's CPU ``rate`` times (DevTools' throttling, as on a phone), before it loads."""
    if rate != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def _warm_with_snapshot(page, out: dict[str, list]) -> None:
    """For a page that keeps a snapshot: a warm run without it (``warm-plain``: deleted first), then
    wait until the page has made a new one, as a returning player's last visit did, so that the
    caller's warm run (``warm``) restores from it. Whether it made one is recorded in ``made``."""
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=300_000)
    if page.evaluate("document.body.dataset.snapshot") is None:
        return  # a page without snapshots: its warm run is the plain one
    page.evaluate(DROP_SNAPSHOT)
    page.reload()
    out.setdefault("warm-plain", []).append(_measure(page))
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=300_000)
    out.setdefault("made", []).append(page.evaluate("document.body.dataset.snapshot"))


def _boot_path(page, out: dict[str, list]) -> None:
    """Record which boot a Tavli page took (<body data-boot>: "snapshot" or "fresh")."""
    path = page.evaluate("document.body.dataset.boot")
    if path is not None:
        out.setdefault("paths", []).append(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sw", choices=("settle", "block"), default="settle",
                        help="warm runs: wait for the service worker to take over (default), or block it")
    parser.add_argument("--throttle", type=float, default=1,
                        help="slow the pages' CPU this many times (DevTools' throttling; 4: as a phone)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if args.runs < 1:
        with sync_playwright() as p:
            print("\n".join(transfer(p)))
        return 0

    subprocess.run([sys.executable, str(ROOT / "tools" / "pyscript_files.py")], check=True)  # archives current
    server, base = _serve()
    results: dict[str, dict[str, list]] = {"bare": {}, "tavli": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=browser_args(base))
            # Alternate the pages so that background load hits both alike.
            for _ in range(args.runs):
                for name, url in (("bare", base + "bench/bare.html"), ("tavli", base + "?anim=0")):
                    for kind, values in run(url, 1, browser, args.sw, args.throttle).items():
                        results[name].setdefault(kind, []).extend(values)
            browser.close()
            transferred = transfer(p)
    finally:
        server.shutdown()
    _report(results, args)
    print("\n".join(transferred))
    return 0


def _report(results: dict[str, dict[str, list]], args: argparse.Namespace) -> None:
    kinds = ("cold", "warm-plain", "warm")
    med = {(name, kind, i): statistics.median(r[i] for r in results[name][kind])
           for name in results for kind in kinds if results[name].get(kind) for i in (0, 1)}
    print(f"median of {args.runs} runs (service worker: {args.sw}, CPU throttled {args.throttle:g}x), "
          "ms from navigation start   paint   interactive")
    labels = {"cold": "cold", "warm-plain": "warm, no snapshot", "warm": "warm"}
    for name, label in (("tavli", "Tavli (skeleton, then board)"), ("bare", "bare Pyodide page")):
        for kind in kinds:
            if (name, kind, 0) in med:
                print(f"  {label:30s} {labels[kind]:18s}   {med[(name, kind, 0)]:6.0f}   {med[(name, kind, 1)]:8.0f}")
    for kind in kinds:
        if (("tavli", kind, 1)) in med:
            ratio = med[("tavli", kind, 1)] / med[("bare", "warm" if kind == "warm-plain" else kind, 1)]
            print(f"  interactive / bare Pyodide, {labels[kind]}: {ratio:.2f} ({(ratio - 1) * 100:+.0f} %)")
    # Tavli's own part: from its Pyodide being ready (web/pyodide_early.mjs marks it) to interactive.
    for kind in kinds:
        if results["tavli"].get(kind):
            ready = statistics.median(r[2] for r in results["tavli"][kind])
            own = statistics.median(r[1] - r[2] for r in results["tavli"][kind])
            print(f"  Tavli {labels[kind]}: its Pyodide ready at {ready:.0f} ms, then {own:.0f} ms to interactive "
                  f"(PyScript, the app's Python, the first draw)")
    paths = results["tavli"].get("paths", [])
    made = results["tavli"].get("made", [])
    print(f"  warm runs restored from the snapshot: {paths.count('snapshot')} of {len(paths)} "
          f"(snapshots stored by the runs before: {made.count('stored')} of {len(made)})")
    print(f"  load average {os.getloadavg()[0]:.1f} (on a busy machine the figures are noisy: interleaved runs, medians)")


if __name__ == "__main__":
    sys.exit(main())
