"""Time per contact evaluation of two nets files, in one process (A/B), on the same positions.

    python bench/eval_speed.py --b tools/train/weights/portes.bin      # shipped vs another file
    python bench/eval_speed.py --a OLD.bin --b NEW.bin --positions 3000 --rounds 7

Positions: the results of every legal play in seeded games of random plays, contact positions only
(the contact net answers them), in blocks of ``--block``. Each round times ``Evaluator.probs`` on
every block with A and with B in turn (alternating which goes first), so that both see the same
load; a block's figure is its mean us per evaluation. Prints each net's median over all blocks and
rounds, B / A over all blocks and the median of the blocks' ratios.

Before each block both evaluators forget their remembered answers and the contact features their
memoised parts (:func:`forget`): every block is valued afresh, as a search meets new positions,
and within a block the memos fill as they do in a search (a roll's plays share one side).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..")))

from tavli.ai import contact_features  # noqa: E402
from tavli.ai.evaluator import Evaluator  # noqa: E402
from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402


def positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    pos = Position.initial()
    out: list[Position] = []
    while len(out) < count:
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        out.extend(p.result for p in plays if p.result.is_contact() and outcome_of(p.result) is None)
        pos = rng.choice(plays).result
        if outcome_of(pos) is not None or not pos.is_contact():
            pos = Position.initial()
    return out[:count]


def forget(ev: Evaluator) -> None:
    """Clear what ``ev`` and the contact features remember of positions already valued."""
    ev._cache.clear()
    contact_features.clear_memos()


def time_probs(ev: Evaluator, batch: list[Position]) -> float:
    """Mean us per evaluation over ``batch``, from nothing remembered."""
    forget(ev)
    probs = ev.probs
    t0 = time.perf_counter()
    for pos in batch:
        probs(pos)
    return (time.perf_counter() - t0) / len(batch) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default=None, help="nets file A (default: the shipped tavli/ai/data/portes.bin)")
    ap.add_argument("--b", required=True, help="nets file B")
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--block", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    a, b = Evaluator.load(args.a), Evaluator.load(args.b)
    batch = positions(args.positions, args.seed)
    time_probs(a, batch), time_probs(b, batch)  # warm up
    blocks = [batch[i : i + args.block] for i in range(0, len(batch), args.block)]
    ta, tb = [], []
    for r in range(args.rounds):
        for k, block in enumerate(blocks):
            if (r + k) % 2:
                tb.append(time_probs(b, block))
                ta.append(time_probs(a, block))
            else:
                ta.append(time_probs(a, block))
                tb.append(time_probs(b, block))
    ratios = sorted(y / x for x, y in zip(ta, tb))
    print(f"{len(batch)} contact positions, {args.rounds} rounds of {len(blocks)} blocks, load average {os.getloadavg()[0]:.1f}")
    print(f"A {args.a or 'shipped'}: {statistics.median(ta):.1f} us/evaluation (median; {min(ta):.1f}-{max(ta):.1f})")
    print(f"B {args.b}: {statistics.median(tb):.1f} us/evaluation (median; {min(tb):.1f}-{max(tb):.1f})")
    print(f"B / A: {sum(tb) / sum(ta):.2f} over all blocks; median of the blocks' ratios {statistics.median(ratios):.2f}"
          f" (quartiles {ratios[len(ratios) // 4]:.2f}-{ratios[3 * len(ratios) // 4]:.2f})")


if __name__ == "__main__":
    main()
