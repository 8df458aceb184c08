"""The coach's analysis in the browser: seconds per match and per game in its worker, the worker's
start-up and memory, and the page's longest frame meanwhile (headless Chromium).

    python bench/analysis_speed.py                 # a 7-point Portes match and a Plakoto game
    python bench/analysis_speed.py --seed 5 --levels expert,intermediate

Each match is played under CPython by two computer levels (``--levels``, seeded), then given to
the page as its saved match (localStorage ``tavli.match``, web.model.saves): the page resumes it
over (the new-match screen it opens cancelled), the menu's Analyse sends it to the coach's worker (web/coach_worker.mjs, through
web.browser.coach), and the dialog shows the result. Timed, in the page: from the click to the
result (``window.tavliCoach``: the client's record of each answer), the worker's start-up (its
first request pays it: Pyodide loaded, the archives fetched and unpacked, tavli.coach.jobs
imported) and its memory: Pyodide's heap (``HEAP8.length``, what the worker reports;
performance.measureUserAgentSpecificMemory needs cross-origin isolation, which a plain static
host does not give). A requestAnimationFrame loop records the main thread's frames from the click
to the result: the longest gap is the longest frame while the worker thought; a PerformanceObserver
records the main thread's long tasks (over 50 ms) meanwhile: a frame gap without one is the
machine's (its CPUs busy elsewhere), not the page's. The page's own work after boot (the computer's
data, its snapshot) is waited for before the click.

Aims (issue 14): a typical game analysed in 10 s or less, no frame over 100 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser_moves import ARGS, CHROMIUM, _serve  # noqa: E402
from e2e.helpers import SETTLED  # noqa: E402
from tavli import Match  # noqa: E402
from tavli.ai import make_player  # noqa: E402
from tavli.cli import play_match  # noqa: E402
from tavli.events import Played  # noqa: E402
from tavli.formats import savefile  # noqa: E402

# Frames of the main thread, recorded from tavliFrameWatch.start() until .stop(): the longest gap;
# and the main thread's long tasks (over 50 ms, with their start) from the page's start.
FRAMES = """
window.tavliLongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.tavliLongTasks.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
window.tavliFrameWatch = (() => {
  let last = null, worst = 0, frames = 0, on = false;
  const tick = (t) => { if (!on) return; if (last !== null) worst = Math.max(worst, t - last); last = t; frames++;
                        requestAnimationFrame(tick); };
  return { start() { on = true; last = null; worst = 0; frames = 0; requestAnimationFrame(tick); },
           stop() { on = false; return { worst, frames }; } };
})();
"""


def played_match(variant: str, length: int, seed: int, levels=("beginner", "intermediate")) -> Match:
    """A whole match of ``variant`` to ``length`` played by two computer levels (seeded)."""
    return play_match(Match(length, variant=variant, seed=seed), [make_player(levels[0], seed=seed + 1),
                                                                   make_player(levels[1], seed=seed + 2)])


def analyse_in_page(browser, base: str, match: Match) -> dict:
    """Open a fresh page with ``match`` saved and analyse it (its worker starts then): the figures."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    saved = json.dumps(savefile.dumps(match))
    context.add_init_script(f"localStorage.clear(); localStorage.setItem('tavli.match', {saved});")
    context.add_init_script(FRAMES)
    page = context.new_page()
    page.goto(base + "?anim=0")
    page.wait_for_function("document.body.dataset.phase === 'match-over'", timeout=180_000)
    page.click("dialog button[data-action=cancel]")  # the new-match screen a finished match opens
    page.wait_for_function("!document.body.dataset.dialog")
    page.wait_for_function(SETTLED, timeout=180_000)  # the page's own work after boot (its snapshot) done
    page.evaluate("window.tavliFrameWatch.start()")
    clicked = page.evaluate("performance.now()")
    page.click("#panel .menu button[data-action=analyse]")
    page.wait_for_function("(window.tavliCoach || []).some((e) => e.kind === 'job')", timeout=900_000)
    frames = page.evaluate("window.tavliFrameWatch.stop()")
    longest_task = max((d for t, d in page.evaluate("window.tavliLongTasks") if t >= clicked), default=0.0)
    log = page.evaluate("(window.tavliCoach || []).map((e) => ({...e}))")
    job = next(e for e in log if e["kind"] == "job")
    start = next(e for e in log if e["kind"] == "start")
    page.wait_for_selector("dialog .coach-player", timeout=10_000)
    context.close()
    return {"seconds": job["seconds"], "heap": job["heap"], "start": start["seconds"], "start_heap": start["heap"],
            "worst_frame": frames["worst"], "frames": frames["frames"], "long_task": longest_task}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default="expert,intermediate", help="the two computer levels that play")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    if len(levels) != 2:
        parser.error("--levels: two levels, e.g. expert,intermediate")
    cases = [("Portes, 7-point match", played_match("portes", 7, args.seed, levels)),
             ("Plakoto, one game", played_match("plakoto", 1, args.seed, levels))]
    server, base = _serve()
    try:
        report(base, cases, levels, args.seed)
    finally:
        server.shutdown()
    return 0


def report(base: str, cases: list[tuple[str, Match]], levels: tuple[str, ...], seed: int) -> None:
    """Analyse each case in a fresh page and print its figures."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, match in cases:
            games = match.game_number
            plays = sum(1 for e in match.log if isinstance(e, Played))
            r = analyse_in_page(browser, base, match)
            work = r["seconds"] - r["start"]
            print(f"{name} ({games} game{'s' if games > 1 else ''}, {plays} plays; {levels[0]} vs {levels[1]}, "
                  f"seed {seed}):\n"
                  f"  click to result {r['seconds']:.2f} s = worker start-up {r['start']:.2f} s + analysis "
                  f"{work:.2f} s ({work / games:.2f} s per game)\n"
                  f"  worker heap {r['start_heap'] / 2**20:.0f} MB after start-up, {r['heap'] / 2**20:.0f} MB after "
                  f"the analysis\n  main thread meanwhile: longest frame gap {r['worst_frame']:.0f} ms ({r['frames']} "
                  f"frames), longest task {r['long_task']:.0f} ms (none over 50 ms: 0); load average "
                  f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        browser.close()


if __name__ == "__main__":
    sys.exit(main())
