"""Playing strength in Plakoto and Fevga: our levels against the heuristic baseline and against
earlier weights (``bench/strength.py --variant plakoto`` runs this too).

    python bench/variant_strength.py --variant plakoto --level champion --ref heuristic --games 400
    python bench/variant_strength.py --variant fevga --level expert \\
        --ref earlier:/path/to/fevga_2000.bin --games 400

Single games (1 point, 2 if the loser bore off none or, in Plakoto, his mother was pinned; a
draw 0), played in duplicate pairs (the same dice, each side first once); the interval is over
pair means. Luck adjustment (``--no-luck`` to skip): before each turn the shipped net (Expert,
0-ply) values the best play of each of the 21 rolls; the luck of the roll thrown is its value
minus the roll-weighted mean, subtracted from the mover's result. Any fixed evaluator gives an
unbiased estimate this way; a good one a smaller variance.

Players (``--level`` and ``--ref`` take the same specs): ``beginner``/``heuristic``
(tavli.ai.heuristic), ``intermediate``, ``expert``, ``champion``, ``grandmaster`` (tavli.ai.players,
the shipped variant net); ``oneply``: a full 1-ply search of the shipped net (every legal play
valued by the opponent's best 0-ply reply to each of the 21 rolls; no filter, no budget: what
Champion's filtered, budgeted 1-ply approximates); ``weights:PATH[:LEVEL]``: LEVEL
(``intermediate``, ``expert``, the default, ``champion``, ``grandmaster`` or ``oneply``) with the
nets data file at PATH instead of the shipped one, e.g. a training snapshot (td_variant.py
--snapshots) or a new round's weights; ``earlier:PATH[:LEVEL]`` is the same (its name in older
records).

    python bench/variant_strength.py --variant plakoto --level weights:new.bin:champion \\
        --ref champion --games 200           # a new round's Champion against the shipped one
    python bench/variant_strength.py --variant plakoto --level champion --ref oneply --games 100
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.ai import variant_net as vn  # noqa: E402
from tavli.ai import variant_search  # noqa: E402
from tavli.ai.context import MatchContext  # noqa: E402
from tavli.ai.heuristic import BeginnerBot  # noqa: E402
from tavli.ai.players import LEVELS, AIPlayer  # noqa: E402
from tavli.ai.search import ROLL_WEIGHTS, ROLLS  # noqa: E402
from tavli.games.base import Side  # noqa: E402
from tavli.games.registry import game_kind  # noqa: E402


def load_weights(name: str, path: str) -> vn.VariantEvaluator:
    """The variant evaluator with the net of the data file at ``path`` (e.g. td_variant.py's --snapshots)."""
    with open(path, "rb") as f:
        return vn.VariantEvaluator.from_bytes(name, f.read())


class OnePly:
    """A full 1-ply search of a variant net: every legal play is valued by
    :func:`tavli.ai.variant_search.one_ply_value_steps` (the opponent's best 0-ply reply to each of
    the 21 rolls) and the best is played; no 0-ply filter, no evaluation budget."""

    def __init__(self, name: str, ev: vn.VariantEvaluator | None = None) -> None:
        self.name = name
        self.ev = ev or vn.default_variant_evaluator(name)

    def choose_play(self, position, dice: tuple[int, int], context: MatchContext | None = None):
        options = context.variant_options if context is not None else {}
        waste = context.rules.minimize_waste if context is not None else False
        plays = game_kind(self.name).legal_plays(position, dice, **{**options, "minimize_waste": waste})
        ev = self.ev.with_options({k: v for k, v in options.items() if k == "mother_points"}) if options else self.ev
        return variant_search.choose(ev, plays, options=options, lookahead=len(plays), margin=math.inf)


WEIGHTS_PREFIXES = ("weights:", "earlier:")
WEIGHTED_LEVELS = ("intermediate", "expert", "champion", "grandmaster", "oneply")


def parse_spec(spec: str) -> tuple[str, str | None]:
    """(level, nets data file or None for the shipped net) of a player ``spec`` (module docstring)."""
    for prefix in WEIGHTS_PREFIXES:
        if spec.startswith(prefix):
            path, level = spec[len(prefix):], "expert"
            head, sep, tail = path.rpartition(":")
            if sep and tail in WEIGHTED_LEVELS:
                path, level = head, tail
            if not path:
                raise ValueError(f"no weights file in {spec!r}")
            return level, path
    if spec in ("beginner", "heuristic", "oneply") or spec in LEVELS:
        return spec, None
    raise ValueError(f"unknown player {spec!r}: a level, heuristic, oneply or weights:PATH[:LEVEL]")


def make_player(name: str, spec: str, seed: int):
    """A player for ``spec`` in variant ``name``."""
    level, path = parse_spec(spec)
    if level in ("beginner", "heuristic") and path is None:
        return BeginnerBot()
    ev = load_weights(name, path) if path is not None else None
    if level == "oneply":
        return OnePly(name, ev)
    bot = AIPlayer(level, seed=seed)
    if ev is not None:
        bot._variant_evaluators[name] = ev
    return bot


class Luck:
    """The luck of each roll by the shipped net's 0-ply values (see the module docstring)."""

    def __init__(self, name: str) -> None:
        self.v = game_kind(name)
        self.ev = vn.default_variant_evaluator(name)

    def best(self, position, roll) -> float:
        return max(self.ev.play_equity(p.result) for p in self.v.legal_plays(position, roll))

    def luck(self, position, roll) -> float:
        values = {r: self.best(position, r) for r in ROLLS}
        mean = sum(w * values[r] for r, w in zip(ROLLS, ROLL_WEIGHTS))
        key = roll if roll[0] <= roll[1] else (roll[1], roll[0])
        return values[key] - mean


def play_game(name: str, players, rolls, luck: Luck | None, times: list[float]) -> tuple[float, float]:
    """(points for players[0], luck of players[0] minus that of players[1])."""
    v = game_kind(name)
    context = MatchContext(length=None, variant=name, cube_available=False)
    position = v.initial()
    side = 0
    lucks = [0.0, 0.0]
    for roll in rolls:
        if luck is not None:
            lucks[side] += luck.luck(position, roll)
        t0 = time.perf_counter()
        play = players[side].choose_play(position, roll, context)
        if side == 0:
            times.append(time.perf_counter() - t0)
        position = play.result
        ending = v.ending(position)
        if ending is not None:
            pts = 0.0 if ending.winner is None else float(ending.points)
            mover = side if ending.winner == Side.OPPONENT else 1 - side
            return (pts if mover == 0 else -pts), lucks[0] - lucks[1]
        side = 1 - side
    raise RuntimeError("a game longer than the dice drawn")


def ci95(values: list[float]) -> float:
    if len(values) < 2:
        return float("nan")
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run(name: str, level: str, ref: str, games: int, seed: int, use_luck: bool, progress: bool = True) -> dict:
    bot = make_player(name, level, seed)
    opp = make_player(name, ref, seed + 1)
    luck = Luck(name) if use_luck else None
    rng = random.Random(seed)
    raw_pairs, adj_pairs, raw = [], [], []
    times: list[float] = []
    start = time.time()
    for i in range(max(1, games // 2)):
        rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(600)]
        r1, l1 = play_game(name, (bot, opp), rolls, luck, times)
        r2, l2 = play_game(name, (opp, bot), rolls, luck, [])
        raw += [r1, -r2]
        raw_pairs.append((r1 - r2) / 2)
        adj_pairs.append(((r1 - l1) + (-r2 + l2)) / 2)
        if progress and (i + 1) % 25 == 0:
            print(f"  [{name}: {level} vs {ref}] {2 * (i + 1)} games: raw {statistics.mean(raw):+.3f}"
                  + (f", adjusted {statistics.mean(adj_pairs):+.3f} ± {ci95(adj_pairs):.3f}" if use_luck else "")
                  + f" ({time.time() - start:.0f} s)", flush=True)
    times.sort()
    return {
        "variant": name, "level": level, "reference": ref, "games": len(raw), "seed": seed,
        "raw_ppg": statistics.mean(raw), "raw_ci95": ci95(raw_pairs),
        "adjusted_ppg": statistics.mean(adj_pairs) if use_luck else None,
        "adjusted_ci95": ci95(adj_pairs) if use_luck else None,
        "luck_evaluator": f"shipped {name} net, 0-ply" if use_luck else None,
        "bot_moves": len(times),
        "sec_per_move_mean": statistics.mean(times) if times else 0.0,
        "sec_per_move_p95": times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "wall_s": time.time() - start,
    }


def report(r: dict) -> str:
    line = (f"{r['variant']:>8} {r['level']:>12} vs {r['reference']:<10} {r['games']:5d} games: "
            f"raw {r['raw_ppg']:+.3f} ± {r['raw_ci95']:.3f}")
    if r["adjusted_ppg"] is not None:
        line += f", luck-adjusted {r['adjusted_ppg']:+.3f} ± {r['adjusted_ci95']:.3f}"
    return line + (f" ppg; {r['sec_per_move_mean'] * 1000:.1f} ms/move mean, "
                   f"{r['sec_per_move_p95'] * 1000:.1f} ms p95 ({r['wall_s']:.0f} s)")


def add_run_arguments(ap: argparse.ArgumentParser, *, seed: int) -> None:
    """The options of every strength benchmark (this one and bench/strength.py): games, seed, luck,
    results appended as JSON lines, quiet."""
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--no-luck", action="store_true")
    ap.add_argument("--json", default=None, help="append results (one JSON object per line)")
    ap.add_argument("--quiet", action="store_true")


def append_json(path: str | None, record: dict) -> None:
    """Append ``record`` as one JSON line to ``path`` (nothing when None)."""
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(record) + "\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="plakoto,fevga", help="plakoto|fevga (comma-separated)")
    ap.add_argument("--level", default="champion", help="beginner|intermediate|expert|champion|all")
    ap.add_argument("--ref", default="heuristic", help="heuristic|expert|...|earlier:PATH (comma-separated)")
    add_run_arguments(ap, seed=777)
    args = ap.parse_args(argv)
    levels = ["beginner", "intermediate", "expert", "champion"] if args.level == "all" else args.level.split(",")
    for name in args.variant.split(","):
        for ref in args.ref.split(","):
            for level in levels:
                r = run(name, level, ref, args.games, args.seed, not args.no_luck, not args.quiet)
                print(report(r), flush=True)
                append_json(args.json, r)


if __name__ == "__main__":
    main()
