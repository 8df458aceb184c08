"""Distil the pruning net: a small net that picks the opponent's few best replies to each roll in
the 1-ply look-ahead, so that only those get the full net (MODEL.md, "Pruning").

    python tools/train/prune.py                      # 1,500 turns of seed 1, 16 hidden units; ships it
    python tools/train/prune.py --turns 3000 --hidden 32 --no-ship

Positions: self-play of the shipped evaluator's 0-ply (one turn in three a random one of the best
three plays), seeded. At each turn with a choice, one of Champion's look-ahead candidates (the
best 5 by 0-ply within 0.16) at random and every reply of the opponent to each of the 21 rolls,
from the side that then rolls ("us"). Label: the shipped evaluator's cubeless equity of that position for us,
as ``tavli.ai.search.one_ply_value_steps`` values it. The net: the 204 inputs of
``tavli.ai.evaluator.encode``, sigmoid hidden units and one linear output (the equity), trained
by Adam on the squared error (numpy, seeded). It is written as the net ``prune`` into the
full-precision file (``tools/train/weights/portes.bin``, beside the contact and race nets, which
are kept as they are) and shipped from there (``tools/train/quantise.py``). Run it again after
``train.py``: the pruning net imitates the contact net it was distilled from.

Printed: the samples, the held-out error, and on held-out turns (seed + 1000) how often the
full net's best reply is among the pruning net's first k, with the share of replies the full
net then values and the mean loss of the 1-ply value.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import numpy as np  # noqa: E402

from tavli.ai.evaluator import Evaluator, pack_nets, point_units, unpack_nets  # noqa: E402
from tavli.ai.search import REPLIES_KEPT, ROLL_WEIGHTS, ROLLS, rank_plays  # noqa: E402
from tavli.games.portes import Position, legal_plays, legal_sequences, outcome_of  # noqa: E402
from tools.train.quantise import master_path, ship  # noqa: E402

CANDIDATES, MARGIN = 5, 0.16  # Champion's look-ahead (tavli.ai.players, "champion")
_UNITS = np.array([point_units(n) for n in range(16)], dtype=np.float32)  # checkers on a point -> 4 inputs


def encode_np(boards: np.ndarray) -> np.ndarray:
    """``encode`` of many positions at once: ``boards`` is N x 50 (the side on roll's 25 counts,
    then the other's)."""
    out = []
    for side in (boards[:, :25], boards[:, 25:]):
        out.append(_UNITS[side].reshape(len(boards), 100))
        out.append(((15 - side.sum(1)) / 15.0)[:, None])
        out.append((side @ np.arange(1, 26) / 100.0)[:, None])
    return np.concatenate(out, axis=1).astype(np.float32)


def turn_groups(ev: Evaluator, position: Position, dice: tuple[int, int],
                rng: random.Random) -> list[list[tuple[list[int], float]]]:
    """For one look-ahead candidate of ``position`` with ``dice`` (at random), for each roll: the
    replies (``us`` then the mover: 50 counts) with their equity for us."""
    plays = legal_plays(position, dice)
    if len(plays) < 2:
        return []
    ranked = rank_plays(ev, plays)
    best = ranked[0][0]
    candidates = [play for value, play in ranked[:CANDIDATES]
                  if value >= best - MARGIN and outcome_of(play.result) is None]
    if len(candidates) < 2:
        return []
    groups = []
    result = rng.choice(candidates).result
    for roll in ROLLS:
        group = []
        for mover, us, _ in legal_sequences(result, roll):
            p = ev.probs_sides(us, mover)
            ours = (-1.0 - sum(p[3:])) if not any(mover) else 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]
            group.append((us + mover, ours))
        groups.append(group)
    return groups


def self_play(ev: Evaluator, turns: int, seed: int) -> list[list[tuple[list[int], float]]]:
    """The reply groups (one per candidate and roll) of ``turns`` turns with a choice."""
    rng = random.Random(seed)
    position = Position.initial()
    groups: list[list[tuple[list[int], float]]] = []
    done = 0
    while done < turns:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, dice)
        found = turn_groups(ev, position, dice, rng)
        if found:
            groups += found
            done += 1
        ranked = rank_plays(ev, plays) if len(plays) > 1 else [(0.0, plays[0])]
        play = rng.choice(ranked[:3])[1] if rng.random() < 1 / 3 else ranked[0][1]
        position = play.result
        if outcome_of(position) is not None:
            position = Position.initial()
    return groups


def arrays(groups: list[list[tuple[list[int], float]]]) -> tuple[np.ndarray, np.ndarray]:
    boards = np.array([b for g in groups for b, _ in g], dtype=np.int64)
    return encode_np(boards), np.array([v for g in groups for _, v in g], dtype=np.float32)


class Pruner:
    """204 inputs, ``hidden`` sigmoid units, one linear output."""

    def __init__(self, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.params = [rng.normal(0, 1 / np.sqrt(204), (204, hidden)).astype(np.float32), np.zeros(hidden, np.float32),
                       rng.normal(0, 1 / np.sqrt(hidden), (hidden, 1)).astype(np.float32), np.zeros(1, np.float32)]

    def hidden_units(self, x: np.ndarray) -> np.ndarray:
        w1, b1, _, _ = self.params
        return 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))

    def __call__(self, x: np.ndarray) -> np.ndarray:
        _, _, w2, b2 = self.params
        return (self.hidden_units(x) @ w2 + b2)[:, 0]

    def fit(self, x: np.ndarray, y: np.ndarray, epochs: int, seed: int, lr: float = 3e-3) -> None:
        rng = np.random.default_rng(seed)
        m = [np.zeros_like(p) for p in self.params]
        v = [np.zeros_like(p) for p in self.params]
        step = 0
        for epoch in range(epochs):
            if epoch == epochs // 2:
                lr /= 3
            order = rng.permutation(len(x))
            for start in range(0, len(x), 256):
                batch = order[start:start + 256]
                xb, yb = x[batch], y[batch][:, None]
                h = self.hidden_units(xb)
                d = 2 * (h @ self.params[2] + self.params[3] - yb) / len(batch)
                dh = (d @ self.params[2].T) * h * (1 - h)
                grads = (xb.T @ dh, dh.sum(0), h.T @ d, d.sum(0))
                step += 1
                for p, g, mm, vv in zip(self.params, grads, m, v):
                    mm *= 0.9
                    mm += 0.1 * g
                    vv *= 0.999
                    vv += 0.001 * g * g
                    p -= lr * (mm / (1 - 0.9 ** step)) / (np.sqrt(vv / (1 - 0.999 ** step)) + 1e-8)

    def export(self) -> dict[str, list]:
        """As ``pack_nets`` takes a net: ``w1`` H x 204, ``b1``, ``w2`` 1 x H, ``b2``."""
        w1, b1, w2, b2 = (p.astype(float) for p in self.params)
        return {"w1": w1.T.tolist(), "b1": b1.tolist(), "w2": w2.T.tolist(), "b2": b2.tolist()}


def report(net: Pruner, groups: list[list[tuple[list[int], float]]]) -> None:
    """How often the full net's best reply is among the pruning net's first k, and what keeping
    only those costs the 1-ply value (each group weighted as its roll)."""
    weights = ROLL_WEIGHTS * (len(groups) // len(ROLLS))
    for k in (2, 3, 4, REPLIES_KEPT, 6, 8):
        found = valued = total = 0
        lost = 0.0
        for group, w in zip(groups, weights):
            x, y = arrays([group])
            kept = np.argsort(net(x), kind="stable")[:k]
            found += bool(y[kept].min() == y.min())
            lost += w * float(y[kept].min() - y.min())
            valued += min(k, len(y))
            total += len(y)
        print(f"  keep {k}: the best reply kept in {found / len(groups):.1%} of rolls; "
              f"{valued / total:.1%} of replies valued; 1-ply value lost {lost / (len(groups) / len(ROLLS)):.5f} a candidate")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--turns", type=int, default=1500)
    ap.add_argument("--held-out", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--master", default=str(master_path("portes")))
    ap.add_argument("--no-ship", action="store_true", help="leave the master and the shipped file alone")
    args = ap.parse_args(argv)
    master = Path(args.master)
    nets, meta = unpack_nets(master.read_bytes(), str(master))
    ev = Evaluator.load()  # the shipped nets: what the look-ahead values replies with
    start = time.time()
    x, y = arrays(self_play(ev, args.turns, args.seed))
    held = self_play(ev, args.held_out, args.seed + 1000)
    print(f"{len(x)} replies of {args.turns} turns ({time.time() - start:.0f} s); held out: {len(held)} rolls", flush=True)
    net = Pruner(args.hidden, args.seed)
    net.fit(x, y, args.epochs, args.seed)
    hx, hy = arrays(held)
    print(f"rmse: {np.sqrt(np.mean((net(x) - y) ** 2)):.4f} trained on, {np.sqrt(np.mean((net(hx) - hy) ** 2)):.4f} held out "
          f"({time.time() - start:.0f} s)")
    report(net, held)
    if args.no_ship:
        return
    nets["prune"] = net.export()
    meta = {**meta, "prune": {"hidden": args.hidden, "turns": args.turns, "seed": args.seed, "epochs": args.epochs,
                              "labels": "the shipped contact and race nets' equities (tools/train/prune.py)"}}
    tmp = master.with_suffix(".tmp")
    tmp.write_bytes(pack_nets(nets, meta, dtype="f4"))
    os.replace(tmp, master)
    print(f"{master} -> {ship('portes', master=master)}")


if __name__ == "__main__":
    main()
