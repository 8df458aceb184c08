"""Online play in the browser, end to end (headless Chromium): the delay from a move on one side to
its display on the other, through the local relay (e2e/relay.mjs, started here), between two
browser contexts of one browser process playing a Portes match as the e2e tests do (the pages
booted as a player's, animation off), on this machine: no real network, so these are the
software's own delays (the page, the session, the transport), the floor of what two players see.

    python bench/online_display.py              # 20 plays
    python bench/online_display.py --plays 40

For each play that moves checkers (a pass has no click), both pages read the same clock
(``performance.timeOrigin + performance.now()``):

* move: the mover's last ``pointerup`` on the board before the play's message left his page (the
  click that completed the play);
* sent: the play's message handed to the transport (``window.tavliOnlineTamper`` notes it and
  lets it through);
* shown: the first animation frame after the other page's board changed once the message was
  sent (a ``MutationObserver`` on ``#board``, then ``requestAnimationFrame``).

Prints the median and p95 of move→shown (what a player sees) and of its two parts, move→sent (the
mover's page) and sent→shown (the transport and the other page), in milliseconds. Figures only:
nothing is asserted. The transport alone: bench/online_transport.py; messages and bytes per game
(CPython): bench/online.py.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from bench.online_transport import relay_and_browser, summary  # noqa: E402
from e2e.relay import relay_prefs_script  # noqa: E402
from e2e.test_online_play import invite, my_turn, step, wait_any  # noqa: E402

# On every page: the moments of its pointerups, of the plays it sends, of its board's changes
# (each at the next animation frame).
WATCH = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.benchUps = []; window.benchSent = []; window.benchShown = [];
  document.addEventListener("pointerup", () => benchUps.push(now()), true);
  window.tavliOnlineTamper = (text) => {
    const m = JSON.parse(text);
    if (m.type === "act" && m.do === "play" && m.moves.length) benchSent.push(now());
    return text;
  };
  const watch = () => {
    const board = document.getElementById("board");
    if (!board) return setTimeout(watch, 50);
    new MutationObserver(() => requestAnimationFrame(() => benchShown.push(now())))
      .observe(board, {childList: true, subtree: true, attributes: true, characterData: true});
  };
  watch();
})()"""


def measure(pages: list, plays: int) -> dict[str, list[float]]:
    """Both persons play (as the e2e tests do) until ``plays`` plays have moved checkers: the
    delays of each (see the module's description), in milliseconds."""
    delays: dict[str, list[float]] = {"move→shown": [], "move→sent": [], "sent→shown": []}
    while len(delays["move→shown"]) < plays:
        who = wait_any(pages, my_turn)
        mover, other = pages[who], pages[1 - who]
        sent_before = mover.evaluate("benchSent.length")
        if step(mover, who) == "move":  # (the message leaves after the page's refresh)
            try:
                mover.wait_for_function("n => benchSent.length > n", arg=sent_before, timeout=2000)
            except PlaywrightTimeout:
                pass  # a pass: nothing to move
        if mover.evaluate("benchSent.length") == sent_before:
            continue  # (a roll, a pass, the next game: no play moved)
        sent = mover.evaluate("benchSent[benchSent.length - 1]")
        up = mover.evaluate("t => Math.max(...benchUps.filter(u => u <= t))", sent)
        other.wait_for_function("t => benchShown.some(s => s >= t)", arg=sent)
        shown = other.evaluate("t => Math.min(...benchShown.filter(s => s >= t))", sent)
        delays["move→shown"].append(shown - up)
        delays["move→sent"].append(sent - up)
        delays["sent→shown"].append(shown - sent)
    return delays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=20, help="plays measured (both sides together)")
    args = parser.parse_args(argv)
    with relay_and_browser() as (site, relay, browser):
        pages = []
        for _ in range(2):
            context = browser.new_context(base_url=site, viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.add_init_script(relay_prefs_script(relay, view={"anim_speed": 0}))
            page.add_init_script(WATCH)
            pages.append(page)
        start = time.monotonic()
        invite(*pages, length="7")
        print(f"invitation to play: {time.monotonic() - start:.1f} s (both pages booted, the friend joined)")
        delays = measure(pages, args.plays)
    print(f"plays measured: {args.plays} (Portes, both sides; ms, one browser process, local relay)")
    for name, values in delays.items():
        print(f"  {name:11} {summary(values)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
