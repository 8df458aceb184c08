"""Where the levels lose equity against GNU Backgammon 1-ply: each one's plays judged by gnubg 2-ply,
by kind of position.

    pip install gnubg==1.1.0a16   # requirements-train.txt; without it the bench says it is skipped
    python bench/move_loss.py                          # 500 positions, seed 1
    python bench/move_loss.py --positions 2000 --seed 3 --levels expert,champion

The positions are those of bench/hint_agreement.py (seeded self-play of the Intermediate level, a
roll with more than one legal play). For each, gnubg 2-ply's play (its move filters) is the
reference; every player's play loses ``max(0, 2-ply value of gnubg's - 2-ply value of its own)``
(0 when they agree). The players: our levels (``--levels``, their own plays with their own
budgets, as in a game) and gnubg 0-ply and 1-ply with its player's move filters (the opponents of
bench/strength.py). The positions are split into three kinds: contact, race (no contact, a
checker still outside a home board) and bear-off (every checker of both sides at home: our
bear-off database).

It prints, for each kind, its share of the positions and each player's mean loss there, and the
gap to gnubg 1-ply weighted by the kind's share: summed, that is the per-move gap whose kinds
add up, the part of the equity a level gives away to gnubg 1-ply that each kind of position holds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.ai.players import make_player  # noqa: E402
from tavli.games.portes import Position, legal_plays  # noqa: E402
from tools.train import refs  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hint_agreement import Gnubg, positions  # noqa: E402
from strength import have_gnubg  # noqa: E402

KINDS = ("contact", "race", "bear-off")


def kind(position: Position) -> str:
    """The kind of ``position`` (see the module's docstring)."""
    if position.is_contact():
        return "contact"
    if not any(position.player[6:]) and not any(position.opponent[6:]):
        return "bear-off"
    return "race"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="expert,champion", help="our levels, comma-separated")
    args = ap.parse_args(argv)
    if not have_gnubg():
        print("skipped: gnubg not installed (pip install gnubg==1.1.0a16, see requirements-train.txt)")
        return
    t0 = time.perf_counter()
    sample = positions(args.positions, args.seed)
    gnubg = Gnubg()
    players = {name: make_player(name, seed=args.seed) for name in args.levels.split(",") if name}
    choosers = {"gnubg 0-ply": refs.gnubg_choose, "gnubg 1-ply": refs.gnubg_ply_chooser(1)}
    names = [*players, *choosers]
    lost: dict[str, dict[str, list[float]]] = {k: {n: [] for n in names} for k in KINDS}
    seconds = {n: 0.0 for n in names}
    for position, dice in sample:
        plays = legal_plays(position, dice)
        best, best_value = gnubg.best(plays)
        losses = lost[kind(position)]
        for name in names:
            t = time.perf_counter()
            if name in players:
                play = players[name].choose_play(position, dice, plays=plays)
            else:
                play = choosers[name](position, plays)
            seconds[name] += time.perf_counter() - t
            agree = play.result == best.result
            losses[name].append(0.0 if agree else max(0.0, best_value - gnubg.value(play.result, 2)))
    n = len(sample)
    print(f"{n} Portes positions (seed {args.seed}), mean equity lost per move by gnubg "
          f"{refs.gnubg_module().version} 2-ply; in [ ]: the gap to gnubg 1-ply times the kind's share")
    print(f"  {'kind':<9} {'share':>6}  " + "  ".join(f"{name:>20}" for name in names))
    for k in (*KINDS, "all"):
        rows = {name: [x for kk in KINDS for x in lost[kk][name]] for name in names} if k == "all" else lost[k]
        m = len(rows[names[0]])
        if not m:
            continue
        ref = statistics.mean(rows["gnubg 1-ply"])
        cells = []
        for name in names:
            mean = statistics.mean(rows[name])
            cells.append(f"{mean:.4f} [{(mean - ref) * m / n:+.4f}]")
        print(f"  {k:<9} {100 * m / n:5.1f}%  " + "  ".join(f"{c:>20}" for c in cells))
    print("  seconds per move (CPython): " + ", ".join(f"{name} {seconds[name] / n:.3f}" for name in names)
          + f"; all in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
