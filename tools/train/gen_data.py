"""Generate training positions labelled by GNU Backgammon (supervised learning data).

Games are played by gnubg 0-ply (every legal result evaluated, best kept) with some randomised
plays (epsilon per game drawn from --eps), or by a given net (--net, a nets data file, e.g.
tools/train/weights/portes.bin) to cover positions our own bot reaches. Every position reached with a side on roll (before its roll), bar
the final one, is labelled with gnubg's probabilities (win, wg, wbg, lg, lbg) for the side on roll
at --plies (1 = gnubg 1-ply, pruned; 0 = 0-ply).

Output: ``OUT/chunk-SEED-K.npz`` files with ``boards`` int8 (N, 2, 25) (side on roll, other side)
and ``probs`` float32 (N, 5), written every --chunk games so that an interrupted run keeps what it
made. Run several in parallel with different seeds.

    nice -n 10 python tools/train/gen_data.py --games 20000 --seed 1 --out /tmp/tavli-data
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import numpy as np  # noqa: E402

from tavli.games.portes import (
    Position,  # noqa: E402
    legal_plays,  # noqa: E402
    outcome_of,  # noqa: E402
)
from tools.train.refs import gnubg_choose, gnubg_probs  # noqa: E402


def play_game(rng: random.Random, eps: float, choose, plies: int, boards: list, probs: list) -> None:
    pos = Position.initial()
    first = True
    while True:
        if first:
            d1 = rng.randint(1, 6)
            d2 = rng.randint(1, 6)
            while d2 == d1:
                d2 = rng.randint(1, 6)
            first = False
        else:
            boards.append((pos.player, pos.opponent))
            probs.append(gnubg_probs(pos, plies))
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        plays = legal_plays(pos, (d1, d2))
        if len(plays) > 1 and rng.random() < eps:
            play = rng.choice(plays)
        else:
            play = choose(pos, plays)
        pos = play.result
        if outcome_of(pos) is not None:
            return


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="/tmp/tavli-data")
    ap.add_argument("--chunk", type=int, default=500)
    ap.add_argument("--plies", type=int, default=1)
    ap.add_argument("--eps", default="0,0.03,0.1,0.2", help="per-game random-play rates to draw from")
    ap.add_argument("--net", default=None, help="play with our net (Expert level) instead of gnubg")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    eps_choices = [float(e) for e in args.eps.split(",")]
    if args.net:
        from tavli.ai.evaluator import Evaluator  # noqa: PLC0415

        ev = Evaluator.load(args.net)
        choose = lambda pos, plays: ev.best_play(pos, plays)  # noqa: E731
        tag = "net"
    else:
        choose = gnubg_choose
        tag = "gnubg"
    boards: list = []
    probs: list = []
    k = 0
    t0 = time.time()
    for g in range(1, args.games + 1):
        play_game(rng, rng.choice(eps_choices), choose, args.plies, boards, probs)
        if g % args.chunk == 0 or g == args.games:
            path = os.path.join(args.out, f"chunk-{tag}-{args.seed}-{k:04d}.npz")
            np.savez_compressed(
                path, boards=np.asarray(boards, dtype=np.int8), probs=np.asarray(probs, dtype=np.float32)
            )
            print(f"{g} games, {len(boards)} positions -> {path} ({time.time() - t0:.0f} s)", flush=True)
            boards, probs = [], []
            k += 1


if __name__ == "__main__":
    main()
