"""Label positions of existing chunks again, at a deeper gnubg ply (better labels for the same positions).

Reads chunk files (``gen_data.py``'s format) and writes, per input chunk, ``OUT/<name>-p<PLIES>.npz``
with the same ``boards`` and gnubg's probabilities at ``--plies`` (2 = gnubg 2-ply, pruned, ~20 ms a
contact position). ``--contact`` keeps only positions with contact; ``--fraction`` keeps a seeded
random share of each chunk. Chunks already written are skipped, so an interrupted run resumes.
Run several with ``--part K/N`` to share the chunks between cores. ``--mix W`` writes W times the
new labels plus (1 - W) times the chunk's own (e.g. ``--plies 0 --mix 0.5``: the mean of gnubg's
0-ply and the chunk's 1-ply labels, nearer its 2-ply than either; MODEL.md, round 9).

    nice -n 10 python tools/train/relabel.py DATA/g33 --plies 2 --contact --fraction 0.25 --out DATA/p2
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import numpy as np  # noqa: E402

from tavli.games.portes import Position  # noqa: E402
from tools.train.refs import gnubg_probs  # noqa: E402
from tools.train.train import blend, chunk_paths, contact_mask  # noqa: E402


def selected(boards: np.ndarray, contact: bool, fraction: float, seed: int) -> np.ndarray:
    """Indices of the positions to relabel: a seeded ``fraction`` of the chunk, contact ones only
    when ``contact``."""
    keep = np.flatnonzero(contact_mask(boards)) if contact else np.arange(len(boards))
    if fraction < 1.0:
        rng = np.random.default_rng(seed)
        keep = np.sort(rng.choice(keep, int(round(len(keep) * fraction)), replace=False))
    return keep


def relabel(boards: np.ndarray, plies: int) -> np.ndarray:
    out = [gnubg_probs(Position(tuple(b[0].tolist()), tuple(b[1].tolist())), plies) for b in boards]
    return np.asarray(out, dtype=np.float32).reshape(-1, 5)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chunks", nargs="+", help="chunk files or folders of them")
    ap.add_argument("--plies", type=int, default=2)
    ap.add_argument("--contact", action="store_true", help="contact positions only")
    ap.add_argument("--fraction", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--part", default="1/1", help="K/N: this run takes every N-th chunk from the K-th")
    ap.add_argument("--mix", type=float, default=1.0,
                    help="weight of the new labels; the rest is the chunk's own (1: the new labels alone)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    k, n = (int(x) for x in args.part.split("/"))
    os.makedirs(args.out, exist_ok=True)
    t0 = time.time()
    done = 0
    for j, path in enumerate(chunk_paths(args.chunks)):
        if j % n != k - 1:
            continue
        name = os.path.splitext(os.path.basename(path))[0]
        target = os.path.join(args.out, f"{name}-p{args.plies}.npz")
        if os.path.exists(target):
            continue
        z = np.load(path)
        boards = z["boards"]
        keep = selected(boards, args.contact, args.fraction, args.seed + j)
        b = boards[keep]
        probs = blend(relabel(b, args.plies), z["probs"][keep], args.mix)
        tmp = target + ".part"  # not *.npz: train.load must not see a chunk being written
        with open(tmp, "wb") as f:
            np.savez_compressed(f, boards=b, probs=probs)
        os.replace(tmp, target)
        done += len(b)
        print(f"{path}: {len(b)} positions -> {target} ({done} in {time.time() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
