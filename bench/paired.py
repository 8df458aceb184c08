"""Two bots on the same dice: the difference of their luck-adjusted results, pair by pair.

    python bench/paired.py A.jsonl B.jsonl      # the last record of each file
    python bench/paired.py results.jsonl:3 results.jsonl:7   # the records on lines 3 and 7

Each record is one ``bench/strength.py --json`` run with its per-pair results (``adjusted_pairs``,
recorded since the fourth session of issue 17). Runs with the same ``--seed`` play the same dice
pair by pair against the same reference, so the difference B - A is taken pair by pair over the
pairs both played, with a 95 % interval over those differences: the luck the two share cancels,
which it does not when the two runs' intervals are compared.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics


def load(spec: str) -> dict:
    """The record at ``FILE`` (its last line) or ``FILE:LINE`` (1-based)."""
    path, _, line = spec.rpartition(":") if spec.rpartition(":")[2].isdigit() else (spec, "", "")
    lines = [ln for ln in open(path, encoding="utf-8").read().splitlines() if ln.strip()]
    record = json.loads(lines[int(line) - 1] if line else lines[-1])
    if not record.get("adjusted_pairs"):
        raise SystemExit(f"{spec}: no per-pair results (run bench/strength.py with gnubg installed)")
    return record


def paired(a: list[float], b: list[float]) -> tuple[float, float, int]:
    """(mean of b - a over the pairs both have, its 95 % half-interval, pairs)."""
    diffs = [y - x for x, y in zip(a, b)]
    if len(diffs) < 2:
        raise SystemExit("fewer than two common pairs")
    return statistics.mean(diffs), 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)), len(diffs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    ra, rb = load(args.a), load(args.b)
    if (ra["seed"], ra["reference"]) != (rb["seed"], rb["reference"]):
        raise SystemExit(f"different dice or reference: seed {ra['seed']} vs {rb['seed']}, "
                         f"{ra['reference']} vs {rb['reference']}")
    diff, ci, n = paired(ra["adjusted_pairs"], rb["adjusted_pairs"])
    pa, pb = ra["adjusted_pairs"][:n], rb["adjusted_pairs"][:n]
    print(f"{n} pairs ({2 * n} games each) vs {ra['reference']}, seed {ra['seed']}:")
    print(f"  A {ra['level']}: {statistics.mean(pa):+.3f}   B {rb['level']}: {statistics.mean(pb):+.3f}")
    print(f"  B - A: {diff:+.3f} ± {ci:.3f} ppg (paired, 95 %)")


if __name__ == "__main__":
    main()
