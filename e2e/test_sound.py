"""web.browser.audio in the real browser: silent until a gesture, then the four sounds play through Web
Audio from Pyodide without an error. A small probe page (written next to a symlinked copy of the
site) runs web/browser/audio.py on its own, so this does not depend on how the board wires it."""

from __future__ import annotations

from e2e.helpers import BOOT_TIMEOUT_MS
from e2e.sites import Site, site_copy

PROBE = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="./web/favicon.svg"><script type="module" src="./web/vendor/pyscript/core.js"></script></head>
<body data-phase="loading"><button id="go" style="width:200px;height:80px">go</button>
<script type="py" config="./probe.toml">
from js import document
from pyodide.ffi import create_proxy
from web.browser.audio import SOUNDS, SoundPlayer

player = SoundPlayer()
player.install()
document.body.dataset.before = str(player.play("dice"))

def on_click(event):
    document.body.dataset.played = ",".join(str(player.play(name)) for name in SOUNDS)
    document.body.dataset.state = str(player._ctx.state) if player._ctx is not None else "none"

document.getElementById("go").addEventListener("click", create_proxy(on_click))
document.body.dataset.phase = "ready"
</script></body></html>
"""

# The page's interpreter module: the vendored Pyodide ships no package lock (web/pyodide_early.mjs hands
# it one), so PyScript's own loadPyodide of web/vendor/pyodide/pyodide.mjs would fetch one in vain.
CONFIG = """interpreter = "./web/pyodide_early.mjs"
[files]
"./web/__init__.py" = "./web/__init__.py"
"./web/browser/__init__.py" = "./web/browser/__init__.py"
"./web/browser/audio.py" = "./web/browser/audio.py"
"""


def test_sounds_play_after_a_gesture_only(page, tmp_path):
    site_dir = site_copy(tmp_path)
    (site_dir / "probe.html").write_text(PROBE)
    (site_dir / "probe.toml").write_text(CONFIG)
    site = Site(site_dir)
    try:
        page.goto(site.url + "probe.html", wait_until="domcontentloaded")
        page.wait_for_function("document.body.dataset.phase === 'ready'", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.before") == "False"
        page.click("#go")
        page.wait_for_function("document.body.dataset.played !== undefined", timeout=10_000)
        assert page.evaluate("document.body.dataset.played") == "True,True,True,True"
        page.wait_for_timeout(800)  # let them sound: an error in a node would show now
        page.click("#go")
        assert page.evaluate("document.body.dataset.state") == "running"
    finally:
        site.stop()
