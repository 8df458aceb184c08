"""Train the Plakoto or Fevga net by self-play, TD(lambda), torch on the CPU.

    python tools/train/td_variant.py --variant plakoto --games 20000            # fresh
    python tools/train/td_variant.py --variant fevga --games 10000 --resume      # from the kept weights

The weights go to --out (default ``tools/train/weights/<variant>.bin``: full precision, float32,
kept out of the site), and from there to the shipped ``tavli/ai/data/<variant>.bin`` (11-bit fixed-
point first layer, tools/train/quantise.py; ``--no-ship`` leaves that alone). --resume continues from --out's
torch checkpoint ``--out + ".pt"`` when there is one, exactly; else from --out itself, whose
folded first layer then becomes the free part.

The net is :class:`tavli.ai.variant_net.SparseNet` (inputs: one unit per (side, point, count) and,
in Plakoto, per (side, pinned point); one sigmoid hidden layer; outputs win, win2, lose2 for the
side on roll). Self-play: both sides pick the play whose result the current net values most (exact
values for finished games), the dice from a seeded generator. After each game the net is fitted
towards the lambda-returns of the game's positions (the offline forward view of TD(lambda)):
``G_T`` = the exact result for the last mover, ``G_t = invert((1 - lambda) V(s_t+1) + lambda
G_t+1)`` (each position is seen from its side on roll, so every step back changes sides), with
Adam on the squared error. Every ``--check`` games the net plays ``--check-games`` duplicate games
against tavli.ai.heuristic and the weights are written to --out (an interrupted run leaves
usable weights); --resume starts from --out.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import torch  # noqa: E402

from tavli.ai import variant_net as vn  # noqa: E402
from tavli.ai.evaluator import unpack_nets  # noqa: E402
from tavli.ai.heuristic import choose_variant_play  # noqa: E402
from tavli.games.base import Side  # noqa: E402
from tavli.games.registry import game_kind  # noqa: E402
from tools.train.quantise import master_path, ship  # noqa: E402


def default_out(name: str) -> str:
    return str(master_path(name))


class Net(torch.nn.Module):
    """The trainable form of :class:`tavli.ai.variant_net.SparseNet`: the first-layer row of each
    unit (side, point, count) is a free vector plus shared structure (Tesauro's four units for the
    count on that point, the pips and the borne-off checkers they stand for), so that what is
    learnt on one count carries over to the others; :meth:`table` folds both into the rows that
    are shipped."""

    def __init__(self, hidden: int) -> None:
        super().__init__()
        self.hidden = hidden
        self.free = torch.nn.Parameter(torch.zeros(vn.N_UNITS, hidden))
        self.units_w = torch.nn.Parameter(torch.randn(2, vn.POINTS, 4, hidden) * 0.1)
        self.pip_w = torch.nn.Parameter(torch.randn(2, hidden) * 0.1)
        self.off_w = torch.nn.Parameter(torch.randn(2, hidden) * 0.1)
        self.pin_w = torch.nn.Parameter(torch.randn(2, vn.POINTS, hidden) * 0.1)
        self.b1 = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(hidden, 3)
        torch.nn.init.normal_(self.out.weight, 0.0, 0.1)
        torch.nn.init.zeros_(self.out.bias)
        n = torch.arange(1, vn.COUNTS + 1, dtype=torch.float32)
        units = torch.stack([(n >= 1).float(), (n >= 2).float(), (n >= 3).float(), torch.clamp((n - 3) / 2, min=0)], 1)
        self.register_buffer("units", units)  # (15, 4)
        self.register_buffer("n", n)
        self.register_buffer("pts", torch.arange(1, vn.POINTS + 1, dtype=torch.float32))

    def table(self) -> tuple[torch.Tensor, torch.Tensor]:
        """(the first layer, units x H; the hidden bias) as SparseNet takes them."""
        h = self.hidden
        shaped = torch.einsum("nu,rpuh->rpnh", self.units, self.units_w)  # (2, 24, 15, H)
        pips = (self.pts[None, :, None, None] * self.n[None, None, :, None] / 100.0) * self.pip_w[:, None, None, :]
        off = -(self.n[None, None, :, None] / 15.0) * self.off_w[:, None, None, :]
        points = (shaped + pips + off).reshape(2, vn.PIN_BASE, h)
        table = torch.cat([points, self.pin_w], 1).reshape(vn.N_UNITS, h) + self.free
        return table, self.b1 + self.off_w.sum(0)  # borne-off units are 1 - sum(n) / 15

    def forward(self, flat: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        table, bias = self.table()
        h = torch.sigmoid(torch.nn.functional.embedding_bag(flat, table, offsets, mode="sum") + bias)
        return torch.sigmoid(self.out(h))


def batch(units: list[list[int]]) -> tuple[torch.Tensor, torch.Tensor]:
    offsets, flat = [], []
    for u in units:
        offsets.append(len(flat))
        flat.extend(u)
    return torch.tensor(flat, dtype=torch.long), torch.tensor(offsets, dtype=torch.long)


def to_bytes(net: Net, meta: dict) -> bytes:
    """The net's data file at full precision (float32)."""
    with torch.no_grad():
        table, bias = net.table()
    return vn.pack(table.tolist(), bias.tolist(), net.out.weight.detach().tolist(), net.out.bias.detach().tolist(), meta,
                   dtype="f4")


def write(net: Net, meta: dict, path: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(to_bytes(net, meta))
    os.replace(tmp, path)


def load(path: str, hidden: int) -> tuple[Net, dict]:
    with open(path, "rb") as f:
        nets, meta = unpack_nets(f.read(), path)
    n = nets["net"]
    net = Net(len(n["b1"]))
    with torch.no_grad():  # the folded rows become the free part, the shared structure starts at 0
        for p in (net.units_w, net.pip_w, net.off_w, net.pin_w):
            p.zero_()
        net.free.copy_(torch.tensor(n["w1"]))
        net.b1.copy_(torch.tensor(n["b1"]))
        net.out.weight.copy_(torch.tensor(n["w2"]))
        net.out.bias.copy_(torch.tensor(n["b2"]))
    return net, meta


def exact(ending) -> tuple[float, float, float]:
    """(win, win2, lose2) for the side that has just moved, from a GameResult seen by the next side."""
    if ending.winner is None:
        return (0.5, 0.0, 0.0)
    mover_won = ending.winner == Side.OPPONENT
    two = ending.points >= 2
    if mover_won:
        return (1.0, 1.0 if two else 0.0, 0.0)
    return (0.0, 0.0, 1.0 if two else 0.0)


def pick(net: Net, v, position, dice, options: dict):
    """The play the net values most, and the (win, win2, lose2) it expects for the mover."""
    plays = v.legal_plays(position, dice, **options)
    best, best_eq, best_p = None, -9.0, None
    pending = []
    for play in plays:
        ending = v.ending(play.result, **options)
        if ending is not None:
            p = exact(ending)
            eq = vn.equity(p)
            if eq > best_eq:
                best, best_eq, best_p = play, eq, p
        else:
            pending.append(play)
    if pending:
        with torch.no_grad():
            out = net(*batch([vn.active_units(p.result) for p in pending])).tolist()
        for play, o in zip(pending, out):
            p = vn.invert(o)
            eq = vn.equity(p)
            if eq > best_eq:
                best, best_eq, best_p = play, eq, p
    return best, best_p


def self_play(net: Net, v, rng: random.Random, options: dict) -> tuple[list[list[int]], tuple[float, float, float]]:
    """One game: the on-roll units of every position where a side was to roll, and the exact
    result for the last mover."""
    position = v.initial()
    states: list[list[int]] = []
    while True:
        states.append(vn.active_units(position))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play, _ = pick(net, v, position, dice, options)
        position = play.result
        ending = v.ending(position, **options)
        if ending is not None:
            return states, exact(ending)


def lambda_returns(values: list[list[float]], final: tuple[float, float, float], lam: float) -> list[tuple]:
    """Targets for states 0..T (values[t] = net output on state t, side on roll)."""
    T = len(values) - 1
    targets: list[tuple] = [()] * (T + 1)
    targets[T] = final
    for t in range(T - 1, -1, -1):
        nxt = values[t + 1]
        g = targets[t + 1]
        mix = tuple((1.0 - lam) * nxt[k] + lam * g[k] for k in range(3))
        targets[t] = vn.invert(mix)
    return targets


def versus_heuristic(net: Net, v, games: int, seed: int, options: dict) -> tuple[float, float]:
    """Points per game of the net (greedy) against tavli.ai.heuristic, duplicate dice; (ppg, ci95)."""
    pair_means = []
    for g in range(games // 2):
        results = []
        for net_first in (True, False):
            rng = random.Random(seed * 100_003 + g)
            position = v.initial()
            net_on_roll = net_first
            while True:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                if net_on_roll:
                    play, _ = pick(net, v, position, dice, options)
                else:
                    play = choose_variant_play(v.legal_plays(position, dice, **options))
                position = play.result
                ending = v.ending(position, **options)
                if ending is not None:
                    pts = 0.0 if ending.winner is None else float(ending.points)
                    mover_won = ending.winner == Side.OPPONENT
                    results.append(pts if mover_won == net_on_roll else -pts)
                    break
                net_on_roll = not net_on_roll
        pair_means.append(sum(results) / 2)
    n = len(pair_means)
    mean = sum(pair_means) / n
    var = sum((x - mean) ** 2 for x in pair_means) / max(1, n - 1)
    return mean, 1.96 * (var / n) ** 0.5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True, choices=("plakoto", "fevga"))
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--steps", type=int, default=3, help="Adam steps on each game's lambda-returns")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=1000, help="games between checks and saves")
    ap.add_argument("--check-games", type=int, default=200)
    ap.add_argument("--out", default=None)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--snapshots", default=None, help="also keep a copy of each check's weights in this folder")
    ap.add_argument("--no-ship", action="store_true", help="do not write tavli/ai/data/<variant>.bin from --out")
    args = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    out = args.out or default_out(args.variant)
    v = game_kind(args.variant)
    options = {k: val for k, val in v.options.items() if k != "minimize_waste"}
    meta = {"variant": args.variant, "hidden": args.hidden, "lambda": args.lam, "games": 0, "units": vn.N_UNITS}
    if args.resume and os.path.exists(out + ".pt"):
        saved = torch.load(out + ".pt")
        net = Net(saved["hidden"])
        net.load_state_dict(saved["state"])
        meta = saved["meta"]
        print(f"resumed from {out}.pt: {meta.get('games', 0)} games", flush=True)
    elif args.resume and os.path.exists(out):
        net, meta = load(out, args.hidden)
        print(f"resumed from {out}: {meta.get('games', 0)} games", flush=True)
    else:
        net = Net(args.hidden)
    meta.update({"lr": args.lr, "steps": args.steps, "lambda": args.lam})
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    rng = random.Random(args.seed * 7919 + meta.get("games", 0))
    start = time.time()
    plies = 0
    for g in range(1, args.games + 1):
        states, final = self_play(net, v, rng, options)
        plies += len(states)
        flat, offsets = batch(states)
        with torch.no_grad():
            values = net(flat, offsets).tolist()
        targets = torch.tensor(lambda_returns(values, final, args.lam))
        for _ in range(args.steps):
            pred = net(flat, offsets)
            loss = ((pred - targets) ** 2).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
        meta["games"] = meta.get("games", 0) + 1
        if g % args.check == 0 or g == args.games:
            ppg, ci = versus_heuristic(net, v, args.check_games, seed=10_000 + g, options=options)
            meta["vs_heuristic"] = [round(ppg, 3), round(ci, 3), args.check_games]
            write(net, meta, out)
            torch.save({"hidden": net.hidden, "state": net.state_dict(), "meta": dict(meta)}, out + ".pt")
            if not args.no_ship:
                ship(args.variant, master=Path(out))
            if args.snapshots:
                os.makedirs(args.snapshots, exist_ok=True)
                write(net, meta, os.path.join(args.snapshots, f"{args.variant}_{meta['games']}.bin"))
            el = time.time() - start
            print(
                f"{args.variant} games {meta['games']} ({g} this run, {el:.0f} s, {plies / g:.0f} plies/game) "
                f"loss {loss.item():.4f} vs heuristic {ppg:+.3f} +- {ci:.3f} ({args.check_games} games) -> {out}",
                flush=True,
            )


if __name__ == "__main__":
    main()
