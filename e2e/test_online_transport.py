"""Online play's transport in the real browser, through the local relay (e2e/relay.py): two browser
contexts (two players' browsers, nothing shared) join one room with web/online.mjs and exchange
texts both ways; a third browser with the link is ignored; a peer who leaves and comes back through
the same room (a new join, a reload) is the peer again; the tamper hook changes or drops what is
sent; a browser with the wrong key never reaches the room's players.

The pages are a blank probe page of the site (e2e/online_probe.html), so that the module is tested
alone, without the game; web/browser/online_link.py and qr.py, its Python side, are run by
a PyScript probe page in test_python_link_and_qr. The game's own boot loads none of it:
test_a_normal_boot_loads_nothing_online.
"""

from __future__ import annotations

import json
import secrets

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from e2e.helpers import PageLog, boot, settle, watch
from e2e.relay import allow_peer_closed

CONNECT_MS = 30_000
PROBE = "e2e/online_probe.html"
MAX_DRAWS = 30
ONLINE_PATHS = ("/web/online.mjs", "/web/vendor/trystero/", "/web/vendor/qrcode/")

JOIN = """async ({relay, room, key}) => {
  const {join} = await import("../web/online.mjs");
  window.got = []; window.events = [];
  window.link = await join({roomId: room, password: key, relays: [relay]});
  link.onText = (text) => got.push(text);
  link.onPeer = () => events.push("peer");
  link.onGone = () => events.push("gone");
}"""


@pytest.fixture
def open_probe(browser, site_url):
    """``open_probe()``: a blank page of the site in a browser context of its own; fails the test
    on any console error, page error or failed request (but Trystero's for a peer who left)."""
    contexts, log = [], PageLog()
    allow_peer_closed(log)

    def opener():
        context = browser.new_context()
        contexts.append(context)
        page = context.new_page()
        watch(page, log)
        page.goto(site_url + PROBE)
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not log.problems(), log.problems()


def _invite() -> dict[str, str]:
    return {"room": secrets.token_hex(16), "key": secrets.token_hex(16)}


def _join(page, relay_url: str, invite: dict[str, str]) -> None:
    page.evaluate(JOIN, {"relay": relay_url, **invite})


def _wait_events(page, events: list[str]) -> None:
    try:
        page.wait_for_function("want => JSON.stringify(window.events) === want", arg=json.dumps(events, separators=(",", ":")), timeout=CONNECT_MS)
    except PlaywrightError:
        pytest.fail(f"events {page.evaluate('window.events')}, not {events}")


def _wait_got(page, count: int) -> list[str]:
    page.wait_for_function("n => window.got.length >= n", arg=count, timeout=CONNECT_MS)
    return page.evaluate("window.got")


def _self_id(page) -> str:
    return page.evaluate("async () => (await import('../web/vendor/trystero/torrent.mjs')).selfId")


def _open_heard_by(open_probe, pair) -> Page:
    """A new probe page that one of ``pair`` (joined, with their peer) will answer. Trystero's rule:
    of two browsers, the lower id ignores the higher one's offers and waits for its own to be
    answered at its next announce; a paired Link does not announce again (web/online.mjs), so a
    newcomer above both of them would not reach either for minutes. The id is drawn per page load;
    two in three pages qualify."""
    highest = max(_self_id(page) for page in pair)
    for _ in range(MAX_DRAWS):
        page = open_probe()
        if _self_id(page) < highest:
            return page
    pytest.fail(f"no page with a Trystero id below {highest} in {MAX_DRAWS} loads")


def _pair(open_probe, relay_url):
    a, b = open_probe(), open_probe()
    invite = _invite()
    _join(a, relay_url, invite)
    _join(b, relay_url, invite)
    for page in (a, b):
        _wait_events(page, ["peer"])
    return a, b, invite


def test_texts_go_both_ways_in_order_and_intact(open_probe, relay_url):
    a, b, _ = _pair(open_probe, relay_url)
    assert a.evaluate("link.connected") and b.evaluate("link.connected")
    assert a.evaluate("link.send('from a')") is True
    assert _wait_got(b, 1) == ["from a"]
    assert b.evaluate("link.send('από το b: Δ, ж, ✓')") is True
    assert _wait_got(a, 1) == ["από το b: Δ, ж, ✓"]
    big = "x" * 7000 + "end"
    a.evaluate("big => { for (let i = 0; i < 30; i++) link.send('n' + i); link.send(big); }", big)
    got = _wait_got(b, 32)
    assert got[1:] == [f"n{i}" for i in range(30)] + [big]


def test_a_peer_leaves_and_comes_back_through_the_same_room(open_probe, relay_url):
    a, b, invite = _pair(open_probe, relay_url)
    b.evaluate("link.leave()")
    _wait_events(a, ["peer", "gone"])
    assert a.evaluate("link.connected") is False
    assert a.evaluate("link.send('nobody there')") is False  # nothing is sent, nothing queued
    _join(b, relay_url, invite)  # the same page joins again
    _wait_events(a, ["peer", "gone", "peer"])
    _wait_events(b, ["peer"])
    b.evaluate("link.send('back')")
    assert _wait_got(a, 1) == ["back"]
    a.evaluate("link.send('welcome back')")
    assert _wait_got(b, 1) == ["welcome back"]

    b.reload()  # a reload: a new page, a new peer id
    _join(b, relay_url, invite)
    _wait_events(a, ["peer", "gone", "peer", "gone", "peer"])
    _wait_events(b, ["peer"])
    a.evaluate("link.send('after the reload')")
    assert _wait_got(b, 1) == ["after the reload"]


def test_a_third_browser_is_ignored(open_probe, relay_url):
    a, b, invite = _pair(open_probe, relay_url)
    c = _open_heard_by(open_probe, (a, b))
    _join(c, relay_url, invite)
    _wait_events(c, ["peer"])  # c reaches one of them (who ignores him)
    c.evaluate("link.send('intruder')")
    a.evaluate("link.send('to b')")
    b.evaluate("link.send('to a')")
    assert _wait_got(a, 1) == ["to a"] and _wait_got(b, 1) == ["to b"]
    b.evaluate("link.send('to a again')")
    assert _wait_got(a, 2) == ["to a", "to a again"]  # (texts are ordered: c's would have come by now)
    assert a.evaluate("window.events") == ["peer"] and b.evaluate("window.events") == ["peer"]


def test_the_tamper_hook_changes_or_drops_what_is_sent(open_probe, relay_url):
    a, b, _ = _pair(open_probe, relay_url)
    a.evaluate("() => { window.tavliOnlineTamper = (text) => text.startsWith('drop') ? null : text.toUpperCase(); }")
    a.evaluate("link.send('drop me'); link.send('changed')")
    assert _wait_got(b, 1) == ["CHANGED"]
    a.evaluate("delete window.tavliOnlineTamper; link.send('as is')")
    assert _wait_got(b, 2) == ["CHANGED", "as is"]


def test_the_wrong_key_never_meets_the_players(open_probe, relay_url):
    a, b, invite = _pair(open_probe, relay_url)
    stranger = _open_heard_by(open_probe, (a, b))  # his offers reach them: the key alone keeps him out
    _join(stranger, relay_url, {"room": invite["room"], "key": secrets.token_hex(16)})
    partner = _open_heard_by(open_probe, (a, b))  # joined after the stranger: when he is in, the stranger had his chance
    _join(partner, relay_url, _invite() | {"room": invite["room"], "key": invite["key"]})
    _wait_events(partner, ["peer"])
    a.evaluate("link.send('still here')")
    assert _wait_got(b, 1) == ["still here"]
    assert stranger.evaluate("window.events") == [] and stranger.evaluate("link.connected") is False


def test_a_normal_boot_loads_nothing_online(page, page_log):
    boot(page)
    settle(page)  # everything a boot fetches by itself is in
    online = [url for url in page_log.requests if any(path in url for path in ONLINE_PATHS)]
    assert online == []
    assert any(url.endswith("/web/main.py") for url in page_log.requests)
