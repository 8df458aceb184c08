"""Make the manifest's screenshots from the built site: one narrow (a phone held upright) and one
wide (a desktop window), a match against the computer a few moves in.

Chromium's richer install dialog shows them (``manifest.webmanifest`` ``screenshots``, with
``form_factor`` ``narrow`` and ``wide``). The site must be built first (``make vendor``); the
screenshots are committed, as the icons are (tools/icons.py), and made again when the board's look
changes:

    .venv/bin/python tools/screenshots.py

The tool serves the repository with tools/serve.py, opens it in Debian's Chromium (Playwright),
plays the opening turns with a fixed seed through the page's test hooks, and writes JPEG files
(a photo of a wooden board: a fraction of a PNG's bytes) under ``web/screenshots/``. They are not
precached (tools/precache.py): only the install dialog asks for them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "web" / "screenshots"
CHROMIUM = os.environ.get("TAVLI_CHROMIUM", "/usr/bin/chromium")
# (file name, CSS viewport, device pixel ratio): what the manifest lists (tests/test_manifest.py).
SHOTS = (("narrow.jpg", (390, 844), 2), ("wide.jpg", (1280, 800), 1))
QUERY = "?seed=11&anim=0&mode=cpu&level=intermediate"
TURNS = 5  # the person's actions (a roll, a move) before the picture
QUALITY = 82


def _serve():
    spec = importlib.util.spec_from_file_location("tavli_serve", ROOT / "tools" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.make_server("127.0.0.1", 0, quiet=True, directory=ROOT, rebuild=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def shoot(base: str, out: Path = OUT) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, (width, height), scale in SHOTS:
            context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                          service_workers="block", locale="en-US")
            context.add_init_script("localStorage.setItem('tavli.prefs', JSON.stringify({language: 'en'}))")
            page = context.new_page()
            page.goto(base + QUERY)
            page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'",
                                   timeout=180_000)
            _play(page, TURNS)
            path = out / name
            page.screenshot(path=str(path), type="jpeg", quality=QUALITY)
            written.append(path)
            context.close()
        browser.close()
    return written


def _play(page, turns: int) -> None:
    """Act ``turns`` times as the person (roll, then move by clicks; the browser tests' helper),
    the computer answering in between."""
    sys.path.insert(0, str(ROOT))
    from e2e.board_hooks import play_any

    for _ in range(turns):
        play_any(page)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    server, base = _serve()
    try:
        for path in shoot(base, args.out):
            print(f"screenshots: {path.relative_to(ROOT)} ({path.stat().st_size / 1e3:.0f} kB)")
    finally:
        server.shutdown()
    print(json.dumps([{"src": f"web/screenshots/{name}", "sizes": f"{w * s}x{h * s}"} for name, (w, h), s in SHOTS]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
