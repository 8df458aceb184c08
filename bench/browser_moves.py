"""The computer's time per move in the browser (headless Chromium, the page as a player gets it).

    python bench/browser_moves.py                    # every level, 30 of the computer's plays each
    python bench/browser_moves.py --level champion --plays 60 --seed 3
    python bench/browser_moves.py --level champion --variant plakoto    # a match of Plakoto (or fevga)
    python bench/browser_moves.py --level grandmaster --plays 40          # its plays come from the worker

For each level a fresh page plays a money session against the computer (the person's side clicks
its checkers: e2e/board_hooks.py ``play_any``) until the computer has chosen ``--plays`` plays.
The page records each choice of play and the loading of the computer's data (``window.tavliThinking``,
web/browser/thinker.py): wall-clock seconds from the start of the choice to the play, the slices it took and
the longest slice; a requestAnimationFrame loop records the frames meanwhile. Prints, per level:
the plays timed, mean, p95 and max seconds per move (every play chosen, forced ones included); the
same for the plays with a choice (more than one legal play: what bench/strength.py times under
CPython); the data load, the longest slice and the worst frame gap while the computer worked.
The Grandmaster chooses its plays in the coach's worker (web/browser/thinker.py ``run_in_worker``):
its seconds are the page's wait for the answer, and a further line gives the plays from the worker,
the worker's start-up and the figures without the first play (which waits for that start-up and the
worker's loading of the nets).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from e2e.board_hooks import FRAME_MONITOR, frame_gaps, phase, play_any, thinking_log  # noqa: E402

CHROMIUM = os.environ.get("TAVLI_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
LEVELS = ("beginner", "intermediate", "expert", "champion", "grandmaster")


def _serve():
    spec = importlib.util.spec_from_file_location("tavli_serve", ROOT / "tools" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.make_server("127.0.0.1", 0, quiet=True, directory=ROOT, prefix="/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure(browser, base: str, level: str, plays: int, seed: int, variant: str = "portes") -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.add_init_script(FRAME_MONITOR)
    page = context.new_page()
    game = "money=1" if variant == "portes" else f"variant={variant}&length=25"  # (no money play there)
    page.goto(f"{base}?seed={seed}&anim=0&{game}&level={level}")
    page.wait_for_function("document.body.dataset.phase !== 'loading'", timeout=180_000)
    for _ in range(plays * 6):
        ph = play_any(page, timeout_ms=120_000)
        if ph == "game-over":
            page.click(".announce")
        if sum(1 for e in thinking_log(page) if e["kind"] == "move") >= plays or phase(page) == "match-over":
            break
    log = thinking_log(page)
    gaps = frame_gaps(page)
    coach = page.evaluate("window.tavliCoach ? window.tavliCoach.map(e => ({...e})) : []")
    context.close()
    return {"moves": [e["seconds"] for e in log if e["kind"] == "move"],
            "choices": [e["seconds"] for e in log if e["kind"] == "move" and e.get("choices", 0) > 1],
            "load": [e["seconds"] for e in log if e["kind"] == "load"],
            "worker": sum(1 for e in log if e["kind"] == "move" and e.get("worker")),
            "evaluations": [e.get("evaluations", 0) for e in log if e["kind"] == "move"],
            "start": [e["seconds"] for e in coach if e.get("kind") == "start"],
            "longest": max((e["longest"] for e in log), default=0.0), "gap": gaps["worst"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS + ("all",), default="all")
    parser.add_argument("--plays", type=int, default=30, help="the computer's plays timed per level")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--variant", choices=("portes", "plakoto", "fevga"), default="portes")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    levels = LEVELS if args.level == "all" else (args.level,)
    server, base = _serve()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"{args.variant}: load average {os.getloadavg()[0]:.1f}; seconds per move (all plays | plays with a choice), "
                  "the data load (s), the longest slice and the worst frame gap while it worked (ms)")
            print("level          plays   mean    p95    max |  plays   mean    p95    max |  load   slice    gap")
            for level in levels:
                r = measure(browser, base, level, args.plays, args.seed, args.variant)
                cols = []
                for values in (r["moves"], r["choices"]):
                    v = values or [0.0]
                    cols.append(f"{len(values):6d} {statistics.mean(v):6.3f} {p95(v):6.3f} {max(v):6.3f}")
                load = f"{r['load'][0]:.2f}" if r["load"] else "-"
                print(f"{level:13s} {cols[0]} | {cols[1]} | {load:>5s} {r['longest'] * 1000:7.1f} {r['gap']:6.1f}")
                if r["worker"]:
                    rest = r["moves"][1:] or [0.0]
                    print(f"  {r['worker']} plays from the worker (start-up {r['start'][0] if r['start'] else 0:.2f} s); "
                          f"without the first play: mean {statistics.mean(rest):.3f}, p95 {p95(rest):.3f}, "
                          f"max {max(rest):.3f} s")
                    evals = r["evaluations"][1:]
                    if sum(evals):
                        print(f"  evaluations per play: mean {statistics.mean(evals):.0f}, p95 {p95(evals):.0f}; "
                              f"{sum(r['moves'][1:]) / sum(evals) * 1e6:.0f} us of waiting per evaluation")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
