"""Playing strength: cubeless money games of our levels against reference opponents.

    python bench/strength.py                                  # quick: Expert vs pubeval, 40 games
    python bench/strength.py --level expert --ref gnubg --games 2000 --json out.json
    python bench/strength.py --level all --ref pubeval --games 400
    python bench/strength.py --level champion --ref gnubg1 --games 400 --json bench/strength-results.jsonl
    python bench/strength.py --variant plakoto --level champion --ref heuristic --games 400

``--variant plakoto`` / ``fevga`` measures those games instead (bench/variant_strength.py: against
the heuristic baseline or earlier weights, luck-adjusted by the shipped variant net).

Reports points per game for our bot (single 1, gammon 2, backgammon 3) with a 95% interval, raw
and luck-adjusted, the games played, the bot's seconds per move (mean and p95, CPython) and the
reference's (mean).

References: ``pubeval`` (Tesauro's public linear evaluator, tools/train/refs.py), ``gnubg``
(GNU Backgammon 0-ply through the ``gnubg`` PyPI package: every legal result evaluated at 0-ply,
the best kept), ``gnubg1`` and ``gnubg2`` (gnubg 1-ply and 2-ply chequer play as gnubg does it:
0-ply on every legal result, the deeper plies on the plays kept by the move filters of the package's
gnubg player, tools/train/refs.py GNUBG_MOVE_FILTERS: 1-ply on the best 12 within 0.24; 2-ply on the
best 6 within 0.12 at 1-ply of those), ``random``, ``beginner`` (tavli.ai.heuristic's bot).
The luck adjustment uses gnubg 0-ply whatever the reference.

Luck adjustment (needs gnubg; skipped without it): before each turn the reference evaluator
(gnubg 0-ply) values the best play of each of the 21 rolls; the luck of the roll thrown is its
value minus the roll-weighted mean (the opening roll against the 15 non-doubles). The adjusted
result is the game's result minus the bot's summed luck plus the opponent's. Its expectation is the
raw one's, its variance much smaller. Games are played in duplicate pairs: the same dice, each
side moving first once; the interval is computed over pair means.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402
from tools.train import refs  # noqa: E402

REFERENCES = ("pubeval", "gnubg", "gnubg1", "gnubg2", "random")
ROLLS = refs.ROLLS
WEIGHTS = refs.ROLL_WEIGHTS
OPENING = [(a, b) for a, b in ROLLS if a != b]


def have_gnubg() -> bool:
    try:
        refs.gnubg_module()
        return True
    except ImportError:
        return False


class RefPlayer:
    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        if name == "pubeval":
            self._choose = refs.pubeval_choose
        elif name == "gnubg":
            self._choose = refs.gnubg_choose
        elif name in ("gnubg1", "gnubg2"):
            self._choose = refs.gnubg_ply_chooser(int(name[-1]))
        elif name == "random":
            self._choose = refs.random_chooser(seed)
        else:
            raise ValueError(name)

    def choose_play(self, position, dice, context=None, plays=None):
        if plays is None:
            plays = legal_plays(position, dice)
        return self._choose(position, plays)


def make_bot(level: str, seed: int, evaluator=None):
    if level in REFERENCES:
        return RefPlayer(level, seed)
    from tavli.ai.players import make_player  # noqa: PLC0415

    return make_player(level, seed=seed, evaluator=evaluator)


def _choose(player, pos, roll, plays):
    if isinstance(player, RefPlayer) or hasattr(player, "evaluator"):
        return player.choose_play(pos, roll, plays=plays)
    return player.choose_play(pos, roll)  # tavli.ai.heuristic.BeginnerBot


class Luck:
    """Roll values by gnubg 0-ply, cached per position."""

    def __init__(self) -> None:
        self.cache: dict = {}

    def values(self, pos: Position, opening: bool) -> dict:
        key = (pos.player, pos.opponent, opening)
        got = self.cache.get(key)
        if got is not None:
            return got
        vals = {}
        for roll in OPENING if opening else ROLLS:
            vals[roll] = max(refs.result_equity_gnubg(p.result) for p in legal_plays(pos, roll))
        if len(self.cache) > 200000:
            self.cache.clear()
        self.cache[key] = vals
        return vals

    def luck(self, pos: Position, roll: tuple[int, int], opening: bool) -> float:
        vals = self.values(pos, opening)
        key = (min(roll), max(roll))  # ROLLS are (low, high)
        if opening:
            mean = sum(vals.values()) / len(vals)
        else:
            mean = sum(w * vals[r] for r, w in zip(ROLLS, WEIGHTS))
        return vals[key] - mean


def play_game(players, rolls, luck: Luck | None, times: tuple[list[float], list[float]]):
    """players[0] moves first; times[i] gets player i's seconds per choice (when it has one).
    Returns (points for player 0, luck of player 0 minus luck of 1)."""
    pos = Position.initial()
    side = 0
    net_luck = 0.0
    for t, roll in enumerate(rolls):
        opening = t == 0
        if luck is not None:
            lk = luck.luck(pos, roll, opening)
            net_luck += lk if side == 0 else -lk
        plays = legal_plays(pos, roll)
        t0 = time.perf_counter()
        play = _choose(players[side], pos, roll, plays) if len(plays) > 1 else plays[0]
        if len(plays) > 1:
            times[side].append(time.perf_counter() - t0)
        pos = play.result
        done = outcome_of(pos)
        if done is not None:
            pts = int(done)
            return (pts if side == 0 else -pts), net_luck
        side = 1 - side
    raise RuntimeError("ran out of dice")


def dice_sequence(rng: random.Random, n: int = 400) -> list[tuple[int, int]]:
    first = rng.choice(OPENING)
    return [first] + [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(n)]


def ci95(values: list[float]) -> float:
    if len(values) < 2:
        return float("nan")
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run_match(level: str, ref: str, games: int, seed: int, use_luck: bool, progress: bool, evaluator=None) -> dict:
    bot = make_bot(level, seed, evaluator)
    opp = make_bot(ref, seed + 1, evaluator)
    luck = Luck() if use_luck else None
    rng = random.Random(seed)
    raw_pairs, adj_pairs, raw, adj = [], [], [], []
    times: list[float] = []
    ref_times: list[float] = []
    t_start = time.time()
    pairs = max(1, games // 2)
    for i in range(pairs):
        rolls = dice_sequence(rng)
        r1, l1 = play_game((bot, opp), rolls, luck, (times, ref_times))
        r2, l2 = play_game((opp, bot), rolls, luck, (ref_times, times))
        # second game: player 0 is the reference, so the bot's points are -r2 and its luck is -l2
        results = [(r1, r1 - l1), (-r2, -r2 + l2)]
        for r, a in results:
            raw.append(r)
            adj.append(a)
        raw_pairs.append((results[0][0] + results[1][0]) / 2)
        adj_pairs.append((results[0][1] + results[1][1]) / 2)
        if progress and (i + 1) % 25 == 0:
            print(f"  [{level} vs {ref}] {2 * (i + 1)} games: raw {statistics.mean(raw):+.3f}"
                  + (f", adjusted {statistics.mean(adj):+.3f} ± {ci95(adj_pairs):.3f}" if use_luck else "")
                  + f" ({time.time() - t_start:.0f} s)", flush=True)
    times.sort()
    out = {
        "level": level, "reference": ref, "games": len(raw), "seed": seed,
        "raw_ppg": statistics.mean(raw), "raw_ci95": ci95(raw_pairs),
        "adjusted_ppg": statistics.mean(adj) if use_luck else None,
        "adjusted_ci95": ci95(adj_pairs) if use_luck else None,
        "luck_evaluator": "gnubg 0-ply" if use_luck else None,
        "bot_moves": len(times),
        "sec_per_move_mean": statistics.mean(times) if times else 0.0,
        "sec_per_move_p95": times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "ref_sec_per_move_mean": statistics.mean(ref_times) if ref_times else 0.0,
        "wall_s": time.time() - t_start,
        "adjusted_pairs": adj_pairs if use_luck else None,  # per pair: bench/paired.py compares runs
    }
    return out


def main() -> None:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import variant_strength  # noqa: PLC0415

    if any(a == "--variant" or a.startswith("--variant=") for a in sys.argv[1:]):
        variant_strength.main(sys.argv[1:])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="expert", help="beginner|intermediate|expert|champion|all, or a reference")
    ap.add_argument("--ref", default="pubeval", help="pubeval|gnubg|gnubg1|gnubg2|random|beginner (comma-separated)")
    variant_strength.add_run_arguments(ap, seed=12345)
    ap.add_argument("--weights", default=None, help="nets data file (default: the shipped tavli/ai/data/portes.bin)")
    args = ap.parse_args()
    use_luck = not args.no_luck and have_gnubg()
    if not use_luck and not args.no_luck:
        print("gnubg not installed (pip install -r requirements-train.txt): raw results only")
    evaluator = None
    if args.weights:
        from tavli.ai.evaluator import Evaluator  # noqa: PLC0415

        evaluator = Evaluator.load(args.weights)
    levels = ["beginner", "intermediate", "expert", "champion"] if args.level == "all" else args.level.split(",")
    for ref in args.ref.split(","):
        if ref.startswith("gnubg") and not have_gnubg():
            print("skip gnubg reference: gnubg not installed")
            continue
        for level in levels:
            r = run_match(level, ref, args.games, args.seed, use_luck, not args.quiet, evaluator)
            r["weights"] = args.weights or "tavli/ai/data/portes.bin"
            line = (f"{r['level']:>12} vs {ref:<8} {r['games']:5d} games: raw {r['raw_ppg']:+.3f} ± {r['raw_ci95']:.3f}")
            if use_luck:
                line += f", luck-adjusted {r['adjusted_ppg']:+.3f} ± {r['adjusted_ci95']:.3f}"
            line += (f" ppg; {r['sec_per_move_mean'] * 1000:.1f} ms/move mean, "
                     f"{r['sec_per_move_p95'] * 1000:.1f} ms p95; {ref} {r['ref_sec_per_move_mean'] * 1000:.1f} ms/move "
                     f"({r['wall_s']:.0f} s)")
            print(line, flush=True)
            variant_strength.append_json(args.json, r)


if __name__ == "__main__":
    main()
