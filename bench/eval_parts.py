"""Where a contact evaluation's time goes, under CPython or under the page's Pyodide (in node).

    python bench/eval_parts.py                       # CPython
    python bench/eval_parts.py --pyodide             # the vendored Pyodide, in node
    python bench/eval_parts.py --pyodide --base ../other-checkout   # A/B: that tree's code vs this one's

Positions: bench/eval_speed.py's (the results of every legal play in seeded games of random plays,
contact positions only). Prints the microseconds per evaluation of the shipped contact net
(``Net.forward``) and of its parts: the packed hidden sum (the contact features included), the
contact features alone, the hidden units' activations and the output layer (each the best of
``--rounds`` passes over every position).

``--base DIR``: also times ``Net.forward`` of DIR's ``tavli`` package (another checkout: the code
before a change), imported beside this one as ``tavli_base``, in alternating passes on the same
positions, and prints the ratio this / base: both see the same load. And the same for Champion's
look-ahead (``one_ply_value``: every reply to each of the 21 rolls valued) from ``--lookahead``
of the positions, each pass with the evaluators' caches emptied first.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from eval_speed import forget, positions  # noqa: E402

from tavli.ai.evaluator import default_evaluator  # noqa: E402


def best_us(fn: Callable[[Any], object], items: Sequence[Any], rounds: int) -> float:
    """The best over ``rounds`` passes of the mean microseconds of ``fn`` per item."""
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t0)
    return best / len(items) * 1e6


def parts(sides: list[tuple[Any, Any]], rounds: int) -> None:
    net = default_evaluator().contact
    sums = [net.hidden_sum(*s) for s in sides]
    hidden = [net._hidden_levels(a) for a in sums]
    print(f"  forward (all)       {best_us(lambda s: net.forward(*s), sides, rounds):6.1f} us")
    print(f"  hidden sum          {best_us(lambda s: net.hidden_sum(*s), sides, rounds):6.1f} us"
          f"  (contact features {best_us(lambda s: net._features_of(*s), sides, rounds):.1f} us of it)")
    print(f"  hidden activations  {best_us(net._hidden_levels, sums, rounds):6.1f} us  ({net.hidden} units)")
    print(f"  output layer        {best_us(net._outputs, hidden, rounds):6.1f} us")


def against_base(base: str, sides: list[tuple[Any, Any]], rounds: int) -> None:
    """Alternating passes of base's ``Net.forward`` and this tree's."""
    import tavli_base.ai.evaluator as base_evaluator  # noqa: PLC0415

    this = default_evaluator().contact
    other = base_evaluator.default_evaluator().contact
    worst = max(max(abs(x - y) for x, y in zip(this.forward(*s), other.forward(*s))) for s in sides)
    ta, tb = [], []
    for r in range(rounds):
        for net, out in ((other, ta), (this, tb)) if r % 2 == 0 else ((this, tb), (other, ta)):
            out.append(best_us(lambda s, net=net: net.forward(*s), sides, 1))
    print(f"  base {base}: {statistics.median(ta):.1f} us; this tree: {statistics.median(tb):.1f} us; "
          f"this / base {statistics.median(b / a for a, b in zip(ta, tb)):.3f} (median of {rounds} pass pairs); "
          f"largest output difference {worst:.1e}")


def _emptied(ev: Any) -> Any:
    """``ev`` with its caches (positions valued, the contact features' memos) emptied."""
    import tavli_base.ai.contact_features as base_features  # noqa: PLC0415

    forget(ev)
    base_features.clear_memos()
    return ev


def lookahead_against_base(base: str, results: list[Any], rounds: int) -> None:
    """Alternating passes of base's 1-ply look-ahead and this tree's over ``results``."""
    import tavli_base.ai.evaluator as base_evaluator  # noqa: PLC0415
    import tavli_base.ai.search as base_search  # noqa: PLC0415
    import tavli_base.games.portes as base_portes  # noqa: PLC0415

    from tavli.ai.search import one_ply_value  # noqa: PLC0415

    this, other = default_evaluator(), base_evaluator.default_evaluator()
    theirs = [base_portes.Position(p.player, p.opponent) for p in results]
    same = [one_ply_value(_emptied(this), p) for p in results] == [
        base_search.one_ply_value(_emptied(other), p) for p in theirs]
    ta, tb = [], []
    for r in range(rounds):
        runs = ((lambda: [base_search.one_ply_value(_emptied(other), p) for p in theirs], ta),
                (lambda: [one_ply_value(_emptied(this), p) for p in results], tb))
        for run, out in runs if r % 2 == 0 else runs[::-1]:
            t0 = time.perf_counter()
            run()
            out.append((time.perf_counter() - t0) / len(results) * 1e3)
    print(f"  look-ahead of {len(results)} positions, ms each: base {statistics.median(ta):.1f}; this tree "
          f"{statistics.median(tb):.1f}; this / base {statistics.median(b / a for a, b in zip(ta, tb)):.3f} "
          f"(median of {rounds} pass pairs); the same values: {same}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--lookahead", type=int, default=12, help="positions of the look-ahead A/B (with --base)")
    ap.add_argument("--pyodide", action="store_true", help="run under the vendored Pyodide in node")
    ap.add_argument("--base", default=None, help="another checkout whose tavli package to compare with")
    ap.add_argument("--base-copy", default=None, help=argparse.SUPPRESS)  # set by the run itself
    args = ap.parse_args()
    if args.base and not args.base_copy:
        copy = tempfile.mkdtemp(prefix="tavli-base-")
        shutil.copytree(os.path.join(args.base, "tavli"), os.path.join(copy, "tavli_base"))
        sys.argv += ["--base-copy", copy]
        args.base_copy = copy
    if args.pyodide:
        argv = [a for a in sys.argv[1:] if a != "--pyodide"]
        env = dict(os.environ, TAVLI_PYODIDE_MOUNTS=args.base_copy or "")
        runner = os.path.join(ROOT, "bench", "pyodide_run.mjs")
        sys.exit(subprocess.run(["node", runner, os.path.abspath(__file__), *argv], env=env, check=False).returncode)
    found = positions(args.positions, args.seed)
    sides = [(p.player, p.opponent) for p in found]
    print(f"Python {sys.version.split()[0]} ({sys.platform}), {len(sides)} contact positions")
    parts(sides, args.rounds)
    if args.base_copy:
        sys.path.insert(0, args.base_copy)
        against_base(args.base, sides, 2 * args.rounds)
        lookahead_against_base(args.base, found[:: max(1, len(found) // args.lookahead)][: args.lookahead],
                               2 * args.rounds)


if __name__ == "__main__":
    main()
