"""A/B of the move generator: this tree's ``legal_plays`` against another commit's, in one process.

On a shared, loaded machine the absolute figures of ``bench/movegen.py`` drift with the load; the
ratio of two generators timed side by side does not. Both run on ``bench/movegen.py``'s corpus,
case by case (each case the best of 3 calls for each, which one goes first alternating), for a
few rounds; the script prints each round's means and the ratio reference / this tree. The
reference is ``tavli/games/portes.py`` (and its ``portes_moves.py``) as it is at ``--ref`` (``git
show``), loaded beside this tree's; the two must give the same plays in the same order, which is checked first.

Run from the repository root: ``python3 bench/movegen_ab.py [--ref main] [--rounds 4]
[--function legal_plays|legal_sequences]``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from types import ModuleType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.movegen import corpus  # noqa: E402
from tavli.games import portes  # noqa: E402


def reference_module(ref: str) -> ModuleType:
    """``tavli/games/portes.py`` at commit ``ref``, loaded as ``tavli.games.portes_reference``, with
    its generator ``portes_moves.py`` of that commit where it has one (``..._moves_reference``)."""
    source = _source(ref, "portes.py")
    if "from .portes_moves import" in source:
        _load("tavli.games.portes_moves_reference", _source(ref, "portes_moves.py"))
        source = source.replace("from .portes_moves import", "from .portes_moves_reference import")
    return _load("tavli.games.portes_reference", source)


def _source(ref: str, name: str) -> str:
    return subprocess.run(
        ["git", "show", f"{ref}:tavli/games/{name}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def _load(name: str, source: str) -> ModuleType:
    """``source`` run as module ``name`` (a module of tavli.games: its relative imports work)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(source)
    spec = importlib.util.spec_from_file_location(name, handle.name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    os.unlink(handle.name)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the commit to compare with (default main)")
    parser.add_argument("--rounds", type=int, default=4, help="passes over the corpus (default 4)")
    parser.add_argument("--corpus", type=int, default=10_000, help="number of positions (default 10000)")
    parser.add_argument("--function", choices=("legal_plays", "legal_sequences"), default="legal_plays")
    args = parser.parse_args()

    reference = reference_module(args.ref)
    cases = corpus(args.corpus)
    pairs = [(reference.Position(p.player, p.opponent), p, dice) for p, dice in cases]
    ours_f = getattr(portes, args.function)
    theirs_f = getattr(reference, args.function)
    for old, new, dice in pairs:  # the same list, in the same order (this also warms both up)
        a, b = theirs_f(old, dice), ours_f(new, dice)
        if args.function == "legal_plays":
            a = [(p.steps, p.result.player, p.result.opponent) for p in a]
            b = [(p.steps, p.result.player, p.result.opponent) for p in b]
        if a != b:
            raise SystemExit(f"the generators differ on {new.position_id()} {dice}")

    clock = time.perf_counter_ns
    ratios = []
    for r in range(args.rounds):
        totals = [0, 0]  # reference, this tree
        for k, (old, new, dice) in enumerate(pairs):
            order = ((0, theirs_f, old), (1, ours_f, new))
            for which, f, position in order if (k + r) % 2 == 0 else order[::-1]:
                best = None
                for _ in range(3):
                    t0 = clock()
                    f(position, dice)
                    t1 = clock()
                    if best is None or t1 - t0 < best:
                        best = t1 - t0
                assert best is not None
                totals[which] += best
        ref_us, our_us = (t / len(pairs) / 1000.0 for t in totals)
        ratios.append(ref_us / our_us)
        print(f"round {r}: {args.ref} {ref_us:.1f} us   this tree {our_us:.1f} us   ratio {ratios[-1]:.2f}", flush=True)
    print(f"{args.function}: {args.ref} / this tree = {statistics.median(ratios):.2f} (median of {len(ratios)} rounds, "
          f"{min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
