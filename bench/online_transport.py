"""Online play's transport in the browser (headless Chromium): texts between two browser contexts
through web/online.mjs and a local relay (e2e/relay.mjs), on this machine (no real network: these
are the software's own delays, the floor of what two players see).

    python bench/online_transport.py                 # 200 texts each way, 8 joins
    python bench/online_transport.py --texts 500 --joins 12

Prints:

* connect: seconds from the friend's join (a fresh page; the host joined 3 s before, past Trystero's
  first quick announces, as a host waiting in the lobby) until both see the other (median, p95, max);
* delay: milliseconds from ``link.send`` on one side to ``onText`` on the other (both pages read the
  same clock: ``performance.timeOrigin + performance.now()``), for texts of about the size of a
  play's message (~200 bytes) sent every 20 ms, each way (median, p95, max).

The part that runs the protocol under CPython (messages and bytes per game) is bench/online.py.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _serve  # noqa: E402
from e2e.relay import start_relay, stop_relay  # noqa: E402

PROBE = "e2e/online_probe.html"
JOIN = """async ({relay, room, key}) => {
  const {join} = await import("../web/online.mjs");
  const now = () => performance.timeOrigin + performance.now();
  window.delays = []; window.peers = 0;
  window.link = await join({roomId: room, password: key, relays: [relay],
    onText: (text) => { const sent = Number(text.split(" ")[0]); if (sent) delays.push(now() - sent); },
    onPeer: () => { window.peers += 1; }});
  window.sendTimed = (n, gapMs, size) => new Promise((done) => {
    let i = 0;
    const tick = () => {
      if (i++ >= n) return done();
      link.send(now() + " " + "x".repeat(size));
      setTimeout(tick, gapMs);
    };
    tick();
  });
}"""


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.2f}, p95 {p95:.2f}, max {ordered[-1]:.2f} (n={len(ordered)})"


def wait(condition, timeout_s: float = 60.0) -> None:
    end = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the peers did not meet")
        time.sleep(0.02)


@contextmanager
def relay_and_browser() -> Iterator[tuple[str, str, Any]]:
    """The local relay (e2e/relay.mjs), the site served, and headless Chromium: ``(site, relay,
    browser)``, all stopped after."""
    relay_process, relay = start_relay()
    try:
        with _serve() as site, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield site, relay, browser
            browser.close()
    finally:
        stop_relay(relay_process)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=200, help="texts sent each way")
    parser.add_argument("--joins", type=int, default=8, help="times the friend joins (a fresh page each)")
    args = parser.parse_args(argv)
    with relay_and_browser() as (site, relay, browser):
        host, friend = (browser.new_context().new_page() for _ in range(2))
        for page in (host, friend):
            page.goto(site + PROBE)
        invite = {"relay": relay, "room": secrets.token_hex(16), "key": secrets.token_hex(16)}
        host.evaluate(JOIN, invite)
        connects = []
        for n in range(1, args.joins + 1):
            if n > 1:
                friend.reload()
            friend.evaluate("import('../web/online.mjs')")  # (the module's load is not the transport's)
            time.sleep(3)
            start = time.monotonic()
            friend.evaluate(JOIN, invite)
            # the host has met the new page (a reload's old one may still seem there for a moment)
            wait(lambda n=n: host.evaluate(f"window.peers >= {n} && link.connected") and friend.evaluate("link.connected"))
            connects.append(time.monotonic() - start)
        print(f"connect (s): {summary(connects)}")
        for name, sender, receiver in (("host to friend", host, friend), ("friend to host", friend, host)):
            receiver.evaluate("window.delays = []")
            sender.evaluate("n => sendTimed(n, 20, 200)", args.texts)
            wait(lambda receiver=receiver: receiver.evaluate("window.delays.length") >= args.texts, 30)
            print(f"delay {name} (ms): {summary(receiver.evaluate('window.delays'))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
