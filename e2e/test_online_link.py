"""Online play's Python side in the real browser: web.browser.online_link (open_link, Link.send,
Link.close) and web.browser.qr (qr_svg), run by a PyScript probe page (written next to a symlinked
copy of the site, as e2e/test_sound.py does) in two browser contexts, through the local relay."""

from __future__ import annotations

import secrets

from e2e.helpers import BOOT_TIMEOUT_MS, PageLog, watch
from e2e.relay import allow_peer_closed
from e2e.sites import Site, site_copy

PROBE = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="./web/favicon.svg"><script type="module" src="./web/vendor/pyscript/core.js"></script></head>
<body data-phase="loading"><div id="qr"></div>
<script type="py" config="./probe.toml">
import asyncio
from js import document, location
from pyodide.ffi import create_proxy
from pyscript import window
from web.browser.online_link import open_link
from web.browser.qr import qr_svg
from web.model.invite import invite_url, parse_invite

fragment = dict(item.split("=", 1) for item in str(location.hash)[1:].split("&"))
invite = parse_invite(str(location.hash))
body = document.body.dataset
got = []
count = {"peers": 0, "gone": 0}

def on_text(text):
    got.append(text)
    body.got = "|".join(got)

def on_peer():
    count["peers"] += 1
    body.peers = str(count["peers"])

def on_gone():
    count["gone"] += 1
    body.gone = str(count["gone"])

async def main():
    link = await open_link(invite, (fragment["relay"],), on_text, on_peer, on_gone)
    window.probeSend = create_proxy(lambda text: link.send(text))
    window.probeConnected = create_proxy(lambda: link.connected)
    window.probeClose = create_proxy(lambda: link.close())
    document.getElementById("qr").innerHTML = await qr_svg(invite_url("https://example.org/tavli/", invite), title="Δ invitation")
    body.phase = "ready"

task = asyncio.ensure_future(main())
</script></body></html>
"""

CONFIG = 'interpreter = "./web/pyodide_early.mjs"\n'
CONNECT_MS = 30_000


def test_two_pages_talk_through_open_link_and_draw_the_qr_code(browser, relay_url, tmp_path):
    site_dir = site_copy(tmp_path)
    (site_dir / "probe.html").write_text(PROBE)
    (site_dir / "probe.toml").write_text(CONFIG)
    site = Site(site_dir)
    log = PageLog()
    allow_peer_closed(log)
    contexts = [browser.new_context(), browser.new_context()]
    try:
        fragment = f"#play={secrets.token_hex(16)}-{secrets.token_hex(16)}&relay={relay_url}"
        a, b = (context.new_page() for context in contexts)
        for page in (a, b):
            watch(page, log)
            page.goto(site.url + "probe.html" + fragment, wait_until="domcontentloaded")
        for page in (a, b):
            page.wait_for_function("document.body.dataset.phase === 'ready'", timeout=BOOT_TIMEOUT_MS)
            page.wait_for_function("document.body.dataset.peers === '1'", timeout=CONNECT_MS)
        assert a.evaluate("probeConnected()") is True
        assert a.evaluate("probeSend('from a, Γειά')") is True
        b.wait_for_function("document.body.dataset.got === 'from a, Γειά'", timeout=CONNECT_MS)
        b.evaluate("probeSend('from b')")
        a.wait_for_function("document.body.dataset.got === 'from b'", timeout=CONNECT_MS)

        svg = a.locator("#qr svg")
        assert svg.get_attribute("role") == "img" and a.locator("#qr svg title").text_content() == "Δ invitation"
        assert svg.get_attribute("width") is None  # scalable: CSS sizes it
        box = svg.get_attribute("viewBox").split()
        assert box[:2] == ["0", "0"] and int(box[2]) == int(box[3]) > 100
        assert a.locator("#qr svg path").count() == 1

        b.evaluate("probeClose()")
        a.wait_for_function("document.body.dataset.gone === '1'", timeout=CONNECT_MS)
        assert a.evaluate("probeConnected()") is False and a.evaluate("probeSend('nobody')") is False
        assert b.evaluate("probeSend('closed')") is False
    finally:
        for context in contexts:
            context.close()
        site.stop()
    assert not log.problems(), log.problems()
