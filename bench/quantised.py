"""How the compact shipped AI data plays against full precision.

    python bench/quantised.py                           # every game: sizes, agreement, 200-game matches
    python bench/quantised.py --variant portes --games 400 --positions 3000
    python bench/quantised.py --dtype q8,q10,q11,f2 --games 0   # compare storage forms, no matches
    python bench/quantised.py --bearoff                 # also the bear-off table against exact values

Nets: the full-precision nets (tools/train/weights/<game>.bin, float32: what training writes and
resumes from, kept out of the site) against the same nets stored as ``--dtype`` (default: the
shipped form, :data:`tools.train.quantise.DTYPES`; ``qB`` = B-bit fixed point with a scale
per input, ``f2`` = float16, :func:`tavli.ai.evaluator.pack_nets`):

* sizes: the data file's bytes, raw and gzip -9;
* on ``--positions`` seeded positions (games played by the full-precision net at 0-ply with 10 %
  random plays, each position with a random roll and more than one legal play): how often both
  choose the same play, the mean and largest |equity difference| over the results of every legal
  play, and the mean equity the stored net's choice loses by the full-precision net's values;
* a match of ``--games`` single games in duplicate pairs (the same dice, each side first once),
  Expert (0-ply, same search) with the stored net against Expert with the full-precision one:
  points per game and the share of games won, each with its standard error over pair means.

``--bearoff``: the shipped table (11-bit fixed point) against the exact distributions that
tools/bearoff.py computes (about 40 s): the largest error of a cumulative probability, and on
random bear-offs (both sides home) the two-sided equity errors and the share of rolls where the
same play is chosen.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(__file__))

from variant_strength import play_game  # noqa: E402

from tavli.ai import bearoff  # noqa: E402
from tavli.ai import variant_net as vn  # noqa: E402
from tavli.ai.evaluator import Evaluator, default_evaluator, equity  # noqa: E402
from tavli.ai.players import AIPlayer  # noqa: E402
from tavli.games.portes import Position, legal_plays  # noqa: E402
from tavli.games.registry import game_kind  # noqa: E402
from tools.train.quantise import DTYPES, master_path, quantised  # noqa: E402

GAMES = ("portes", "plakoto", "fevga")
RANDOM_PLAYS = 0.1


def evaluator_of(name: str, data: bytes) -> Any:
    """The evaluator of game ``name`` with the nets data file ``data``."""
    return Evaluator.from_bytes(data) if name == "portes" else vn.VariantEvaluator.from_bytes(name, data)


def full_data(name: str) -> bytes:
    return master_path(name).read_bytes()


def sizes(data: bytes) -> tuple[int, int]:
    return len(data), len(gzip.compress(data, 9, mtime=0))


def positions(name: str, full: Any, count: int, seed: int) -> list[list[Any]]:
    """The legal plays of ``count`` seeded positions with a roll (more than one play each)."""
    kind = game_kind(name)
    rng = random.Random(seed)
    out: list[list[Any]] = []
    position = kind.initial()
    while len(out) < count:
        plays = kind.legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))
        if len(plays) > 1:
            out.append(plays)
        if rng.random() < RANDOM_PLAYS:
            play = rng.choice(plays)
        else:
            play = max(plays, key=lambda p: full.play_equity(p.result))
        position = play.result
        if kind.ending(position) is not None:
            position = kind.initial()
    return out


def agreement(full: Any, stored: Any, rolls: list[list[Any]]) -> dict[str, float]:
    """Same choice, |equity difference| (mean, largest) and the mean equity lost by the stored
    net's choice, by the full-precision values."""
    same, lost, differences = 0, [], []
    for plays in rolls:
        by_full = [full.play_equity(p.result) for p in plays]
        by_stored = [stored.play_equity(p.result) for p in plays]
        differences += [abs(a - b) for a, b in zip(by_full, by_stored)]
        best, chosen = by_full.index(max(by_full)), by_stored.index(max(by_stored))
        same += best == chosen
        lost.append(by_full[best] - by_full[chosen])
    return {"positions": len(rolls), "agreement": same / len(rolls), "equity_diff_mean": statistics.mean(differences),
            "equity_diff_max": max(differences), "equity_lost_mean": statistics.mean(lost)}


def player(name: str, ev: Any, seed: int) -> AIPlayer:
    """Expert (0-ply) with the evaluator ``ev``."""
    if name == "portes":
        return AIPlayer("expert", evaluator=ev, seed=seed)
    bot = AIPlayer("expert", seed=seed)
    bot._variant_evaluators[name] = ev
    return bot


def match(name: str, full: Any, stored: Any, games: int, seed: int) -> dict[str, float]:
    """Duplicate pairs, the stored net first then second on the same dice."""
    ours, theirs = player(name, stored, seed), player(name, full, seed + 1)
    rng = random.Random(seed)
    points, wins = [], []
    for _ in range(max(1, games // 2)):
        dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(800)]
        first = play_game(name, (ours, theirs), dice, None, [])[0]
        second = -play_game(name, (theirs, ours), dice, None, [])[0]
        points.append((first + second) / 2)
        wins.append(((first > 0) + 0.5 * (first == 0) + (second > 0) + 0.5 * (second == 0)) / 2)
    return {"games": 2 * len(points), "ppg": statistics.mean(points), "ppg_se": _se(points),
            "win_rate": statistics.mean(wins), "win_rate_se": _se(wins)}


def _se(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")


@contextmanager
def exact_bearoff(full: dict[tuple[int, ...], list[float]], first: dict[tuple[int, ...], list[float]]) -> Iterator[None]:
    """:func:`tavli.ai.bearoff.race_probs` on exact distributions while inside."""
    saved = bearoff.rolls_distribution, bearoff.first_off_distribution
    bearoff.rolls_distribution = lambda board: full[tuple(board)]  # type: ignore[assignment]
    bearoff.first_off_distribution = (  # type: ignore[assignment]
        lambda board: first[tuple(board)] if sum(board) == 15 else [1.0] + [0.0] * (bearoff.MAX_ROLLS - 1))
    try:
        yield
    finally:
        bearoff.rolls_distribution, bearoff.first_off_distribution = saved


def bearoff_check(samples: int, seed: int) -> dict[str, float]:
    from tools.bearoff import build  # noqa: PLC0415 (the generator: only here)

    start = time.time()
    full, first = build(False), build(True)
    worst = 0.0
    for table, lookup in ((full, bearoff.rolls_distribution), (first, bearoff.first_off_distribution)):
        for board, dist in table.items():
            exact = stored = 0.0
            for p, q in zip(dist, lookup(board)):
                exact, stored = exact + p, stored + q
                worst = max(worst, abs(exact - stored))
    boards = list(full)
    rng = random.Random(seed)
    ev = default_evaluator()
    errors, same, rolls = [], 0, 0
    while rolls < samples:
        me, him = rng.choice(boards) + (0,) * 19, rng.choice(boards) + (0,) * 19
        if not any(me) or not any(him):
            continue
        plays = legal_plays(Position(me, him), (rng.randint(1, 6), rng.randint(1, 6)))
        by_stored = [ev.play_equity(p.result) for p in plays]
        stored_probs = bearoff.race_probs(me, him)
        with exact_bearoff(full, first):
            by_exact = [ev.play_equity(p.result) for p in plays]
            exact_probs = bearoff.race_probs(me, him)
        errors.append(abs(equity(stored_probs) - equity(exact_probs)))
        if len(plays) > 1:
            same += by_stored.index(max(by_stored)) == by_exact.index(max(by_exact))
            rolls += 1
    return {"cdf_error_max": worst, "pairs": len(errors), "equity_error_mean": statistics.mean(errors),
            "equity_error_max": max(errors), "rolls": rolls, "agreement": same / rolls, "seconds": time.time() - start}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default=",".join(GAMES), help="portes|plakoto|fevga (comma-separated)")
    ap.add_argument("--dtype", default=None, help="stored forms to measure (comma-separated), e.g. q8,q11,f2; default: each game's shipped form")
    ap.add_argument("--positions", type=int, default=3000)
    ap.add_argument("--games", type=int, default=200, help="match games per game and form (0: none)")
    ap.add_argument("--seed", type=int, default=1616)
    ap.add_argument("--bearoff", action="store_true", help="also check the bear-off table (about 40 s)")
    ap.add_argument("--bearoff-samples", type=int, default=3000)
    ap.add_argument("--json", default=None, help="append the results (one JSON object per line)")
    args = ap.parse_args(argv)
    records = []
    for name in args.variant.split(","):
        full = evaluator_of(name, full_data(name))
        raw, packed = sizes(full_data(name))
        print(f"{name}: float32 {raw} bytes ({packed} gzip -9)")
        rolls = positions(name, full, args.positions, args.seed)
        for dtype in (args.dtype.split(",") if args.dtype else [DTYPES[name]]):
            data = quantised(name, dtype)
            stored = evaluator_of(name, data)
            record: dict[str, Any] = {"game": name, "dtype": dtype, "bytes": len(data), "gzip": sizes(data)[1],
                                      **agreement(full, stored, rolls)}
            print(f"  {dtype:>4}: {record['bytes']:7d} bytes ({record['gzip']:6d} gzip -9); {record['positions']} positions: "
                  f"same play {100 * record['agreement']:.1f} %, |equity diff| mean {record['equity_diff_mean']:.5f} "
                  f"max {record['equity_diff_max']:.4f}, equity lost {record['equity_lost_mean']:.5f}", flush=True)
            if args.games:
                result = match(name, full, stored, args.games, args.seed + 7)
                record.update({f"match_{k}": v for k, v in result.items()})
                print(f"        Expert {dtype} vs Expert float32, {result['games']} games: {result['ppg']:+.3f} ± "
                      f"{result['ppg_se']:.3f} ppg, won {100 * result['win_rate']:.1f} ± {100 * result['win_rate_se']:.1f} %",
                      flush=True)
            records.append(record)
    if args.bearoff:
        record = {"game": "bearoff", **bearoff_check(args.bearoff_samples, args.seed)}
        print(f"bear-off: largest cumulative error {record['cdf_error_max']:.2e}; {record['pairs']} two-sided: |equity "
              f"error| mean {record['equity_error_mean']:.2e} max {record['equity_error_max']:.2e}; {record['rolls']} "
              f"rolls: same play {100 * record['agreement']:.2f} % ({record['seconds']:.0f} s)", flush=True)
        records.append(record)
    if args.json:
        with open(args.json, "a") as f:
            for record in records:
                f.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
