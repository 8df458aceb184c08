"""Cube decisions of our levels measured against GNU Backgammon's cubeful analysis.

    python bench/cube.py                                   # 400 positions, seed 1, all levels
    python bench/cube.py --positions 1000 --seed 2 --levels champion --json
    python bench/cube.py --plies 3                         # a deeper reference

Positions: pre-roll positions of gnubg 0-ply self-play games (dice from ``--seed``), kept when
gnubg's 0-ply cubeless winning chance of the side on roll (gammons included) is within
[0.55, 0.90], at most a few per game, each given a cube state drawn from the same seed: money play
(Jacoby, as our default international money game: a centred cube at 1 or the roller's cube at 2)
or a 5- or 7-point match at a random score (a centred cube or the roller's cube at 2 where that can
still gain; post-Crawford games included; Crawford games have no cube decision and are left out),
always with the cube available to the side on roll.

Reference: gnubg's cube analysis (its ``hint`` command on the position set by ``set_gnubg_id``,
through the PyPI ``gnubg`` package; ``gnubg.evaluate`` returns only cubeless equities) at
``--plies`` (default 2, pruning on): the cubeful equities of no double (ND), double/take (DT) and
double/pass (DP) for the doubler, per unit of the current cube, in money equity or, in matches,
gnubg's EMG (equivalent money game: match-winning chances scaled to money units). gnubg's best
double decision is ``min(DT, DP) > ND``, its take ``DT <= DP``.

For each level: the doubler's decision (our ``cube_action`` on the position) and the taker's
(our ``take_decision`` if the same position were doubled), each compared with gnubg's: the share of
agreeing decisions and the mean equity lost per decision (gnubg's equity of its best action minus
its equity of ours, from the decider's side: a double costs ``ND - min(DT, DP)`` when it should not
be given, a pass ``DP - DT`` when it should be a take, ...), with 95 % intervals (normal
approximation). ``--json`` appends one line per level to bench/cube-results.jsonl.

``--games N``: cubeful money games (Jacoby, no beavers, cube up to 64, no resignations) of
``--levels``' first level against gnubg 0-ply with the cube in play: gnubg's checker play is its
0-ply choice (tools/train/refs.py), its cube and take decisions its 0-ply cube analysis; played
in duplicate pairs (the same dice, each side first once); points per game for our level with a 95 %
interval over pair means, the cube actions counted, and the points a game our level's cube
decisions lose by gnubg 0-ply's cube analysis of the same positions (a low-variance figure).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from tavli.ai.context import MatchContext  # noqa: E402
from tavli.games.portes import Position, legal_plays, outcome_of  # noqa: E402
from tools.train import refs  # noqa: E402

RESULTS = os.path.join(ROOT, "bench", "cube-results.jsonl")
WINDOW = (0.55, 0.90)  # gnubg 0-ply cubeless winning chance of the side on roll
PER_GAME = 3  # positions kept from one game at most
KEEP = 0.35  # chance of keeping a position in the window (spreads the sample over more games)
KINDS = ("money", "match5", "match7")

# --- the reference ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reference:
    """gnubg's cubeful equities for the doubler (per unit of the current cube): no double,
    double/take, double/pass."""

    nd: float
    dt: float
    dp: float

    @property
    def double(self) -> bool:
        """Whether gnubg doubles: ``min(DT, DP) > ND``."""
        return min(self.dt, self.dp) > self.nd

    @property
    def take(self) -> bool:
        """Whether gnubg takes: ``DT <= DP`` (the doubler's equity)."""
        return self.dt <= self.dp

    def double_loss(self, double: bool) -> float:
        """Equity the doubler gives up by doubling (``double``) or not, against gnubg's best."""
        doubled = min(self.dt, self.dp)
        best = max(self.nd, doubled)
        return best - (doubled if double else self.nd)

    def take_loss(self, take: bool) -> float:
        """Equity the taker gives up by taking or passing, against gnubg's best."""
        return (self.dt if take else self.dp) - min(self.dt, self.dp)


_LINE = re.compile(r"^\s*\d\.\s+(No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass))\s+([+-]\d+\.\d+)", re.M)


def parse_cube_analysis(text: str) -> Reference | None:
    """The ND, DT and DP equities in gnubg's printed "Cube analysis" (None when it has none)."""
    found: dict[str, float] = {}
    for name, value in _LINE.findall(text):
        key = "nd" if name.startswith("No") else ("dt" if name.endswith("take") else "dp")
        found[key] = float(value)
    if len(found) != 3:
        return None
    return Reference(found["nd"], found["dt"], found["dp"])


# --- the positions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A position (the doubler on roll, before rolling) and its cube state seen from the doubler:
    ``length`` 0 for money play, ``score`` = (doubler's, taker's), ``cube`` its value before the
    double, ``owned`` True when the doubler owns it (else it is centred)."""

    position: Position
    kind: str
    length: int
    score: tuple[int, int]
    cube: int
    owned: bool

    def doubler_context(self) -> MatchContext:
        """What the doubler knows (international rules: Jacoby in money play, Crawford)."""
        return MatchContext(length=self.length or None, score=self.score, cube=self.cube,
                            owner="me" if self.owned else None)

    def taker_context(self) -> MatchContext:
        """What the taker knows when doubled."""
        return MatchContext(length=self.length or None, score=(self.score[1], self.score[0]), cube=self.cube,
                            owner="opponent" if self.owned else None)


def plausible(probs: Sequence[float]) -> bool:
    """Whether a double is plausible: the roller's cubeless winning chance is within ``WINDOW``."""
    return WINDOW[0] <= probs[0] <= WINDOW[1]


def draw_cube_state(rng: random.Random, kind: str) -> tuple[int, tuple[int, int], int, bool]:
    """(length, (doubler's score, taker's), cube, doubler owns it) for ``kind``: money play with a
    centred cube (60 %) or the doubler's cube at 2; a match at a random score that is not the
    Crawford game, with the cube where the doubler can still gain by turning it."""
    if kind == "money":
        owned = rng.random() < 0.4
        return 0, (0, 0), 2 if owned else 1, owned
    length = 5 if kind == "match5" else 7
    while True:
        score = (rng.randrange(length), rng.randrange(length))
        away = (length - score[0], length - score[1])
        if away == (1, 1) or away[0] == 1:
            continue  # DMP has no cube; a leader at 1-away post-Crawford never gains by doubling
        owned = rng.random() < 0.4 and away[0] > 2 and away[1] != 1
        value = 2 if owned else 1
        if away[0] > value:
            return length, score, value, owned


def game_positions(rng: random.Random, choose: Callable[[Position, Sequence[object]], object],
                   probs: Callable[[Position], Sequence[float]]) -> list[Position]:
    """Pre-roll positions of one self-play game of ``choose`` kept by :func:`plausible` (each with
    chance ``KEEP``, at most ``PER_GAME``), dice and choices from ``rng``."""
    pos = Position.initial()
    kept: list[Position] = []
    first = True
    while len(kept) < PER_GAME:
        if not first and plausible(probs(pos)) and rng.random() < KEEP:
            kept.append(pos)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        while first and a == b:
            a, b = rng.randint(1, 6), rng.randint(1, 6)
        first = False
        plays = legal_plays(pos, (a, b))
        play = plays[0] if len(plays) == 1 else choose(pos, plays)
        pos = play.result  # type: ignore[attr-defined]
        if outcome_of(pos) is not None:
            break
    return kept


def sample_cases(seed: int, n: int) -> list[Case]:
    """``n`` distinct cases from gnubg 0-ply self-play, deterministic from ``seed``."""
    rng = random.Random(seed)
    cases: list[Case] = []
    seen: set[tuple[object, ...]] = set()
    while len(cases) < n:
        for pos in game_positions(rng, refs.gnubg_choose, refs.gnubg_probs):
            kind = KINDS[rng.randrange(len(KINDS))]
            length, score, value, owned = draw_cube_state(rng, kind)
            key = (pos.player, pos.opponent, length, score, value, owned)
            if key in seen or len(cases) >= n:
                continue
            seen.add(key)
            cases.append(Case(pos, kind, length, score, value, owned))
    return cases


# --- gnubg's cube analysis ------------------------------------------------------------------------


class GnubgCube:
    """gnubg's cube analysis at ``plies`` through its command interface (output captured from
    file descriptor 1: the package prints there)."""

    def __init__(self, plies: int = 2) -> None:
        self.g = refs.gnubg_module()
        self.plies = plies
        for command in (
            "set threads 1",  # the hint command hangs with gnubg's worker threads in the package
            "set player 0 human", "set player 1 human", "set sound enable off", "set display off",
            f"set evaluation cubedecision evaluation plies {plies}",
            "set evaluation cubedecision evaluation prune on",
            "set evaluation cubedecision evaluation cubeful on",
            "set output mwc off",  # match equities as EMG
            "new game",
        ):
            self._quiet(lambda c=command: self.g.command(c))

    def _quiet(self, fn: Callable[[], object]) -> str:
        sys.stdout.flush()
        with tempfile.TemporaryFile() as f:
            saved = os.dup(1)
            os.dup2(f.fileno(), 1)
            try:
                fn()
            finally:
                os.dup2(saved, 1)
                os.close(saved)
            f.seek(0)
            return f.read().decode("utf-8", "replace")

    def gnubg_id(self, case: Case) -> str:
        """The GNUbg ID of ``case``: the doubler is player 1, on roll, dice not yet rolled."""
        g = self.g
        owner = 1 if case.owned else -1
        score = (case.score[1], case.score[0])  # (player 0 = taker, player 1 = doubler)
        ci = g.cube_info(case.cube, owner, 1, case.length, score, 0, 0)
        ci["jacoby"] = 0 if case.length else 1
        ci["beavers"] = 0
        pi = g.pos_info(1, 0, 0, 1, (0, 0))
        return str(g.gnubgid((case.position.opponent, case.position.player), ci, pi))

    def analyse(self, case: Case) -> Reference:
        gid = self.gnubg_id(case)
        text = self._quiet(lambda: (self.g.set_gnubg_id(gid), self.g.command("hint")))
        ref = parse_cube_analysis(text)
        if ref is None:
            raise RuntimeError(f"no cube analysis for {gid}:\n{text}")
        return ref


# --- statistics --------------------------------------------------------------------------------


def share(flags: Sequence[bool]) -> tuple[float, float]:
    """(share of True, half-width of its 95 % interval, normal approximation)."""
    n = len(flags)
    if not n:
        return math.nan, math.nan
    p = sum(flags) / n
    return p, 1.96 * math.sqrt(p * (1.0 - p) / n)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """(mean, half-width of its 95 % interval)."""
    n = len(values)
    if not n:
        return math.nan, math.nan
    m = statistics.fmean(values)
    return m, (1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan)


@dataclass
class Tally:
    """One level's decisions against gnubg's: agreement flags and losses, doubler and taker."""

    double_agree: list[bool]
    double_loss: list[float]
    take_agree: list[bool]
    take_loss: list[float]

    @classmethod
    def empty(cls) -> Tally:
        return cls([], [], [], [])

    def add(self, ref: Reference, double: bool, take: bool) -> None:
        self.double_agree.append(double == ref.double)
        self.double_loss.append(ref.double_loss(double))
        self.take_agree.append(take == ref.take)
        self.take_loss.append(ref.take_loss(take))

    def summary(self) -> dict[str, float]:
        out: dict[str, float] = {}
        parts = {
            "double": (self.double_agree, self.double_loss),
            "take": (self.take_agree, self.take_loss),
            "all": (self.double_agree + self.take_agree, self.double_loss + self.take_loss),
        }
        for name, (agree, loss) in parts.items():
            out[f"{name}_agree"], out[f"{name}_agree_ci"] = share(agree)
            out[f"{name}_loss"], out[f"{name}_loss_ci"] = mean_ci(loss)
        out["n"] = len(self.double_agree)
        return out


# --- running ---------------------------------------------------------------------------------


def decide(player: object, case: Case) -> tuple[bool, bool]:
    """(the doubler's double, the taker's take) of ``player`` (an AIPlayer) in ``case``."""
    double = player.cube_action(case.position, case.doubler_context())  # type: ignore[attr-defined]
    take = player.take_decision(case.position.swap(), case.taker_context())  # type: ignore[attr-defined]
    return bool(double), bool(take)


def measure(levels: Iterable[str], cases: Sequence[Case], refs_: Sequence[Reference], seed: int) -> dict[str, dict[str, Tally]]:
    """Tallies per level and per kind of case (and "all")."""
    from tavli.ai.players import AIPlayer  # noqa: PLC0415

    out: dict[str, dict[str, Tally]] = {}
    for level in levels:
        player = AIPlayer(level, seed=seed)
        tallies = {k: Tally.empty() for k in (*KINDS, "all")}
        for case, ref in zip(cases, refs_):
            double, take = decide(player, case)
            tallies[case.kind].add(ref, double, take)
            tallies["all"].add(ref, double, take)
        out[level] = tallies
    return out


def print_table(results: dict[str, dict[str, Tally]]) -> None:
    head = f"{'level':<13}{'cases':<8}{'n':>5}  {'double agree':>15}  {'take agree':>15}  {'all agree':>15}  " \
        f"{'double loss':>16}  {'take loss':>16}  {'all loss':>16}"
    print(head)
    print("-" * len(head))
    for level, tallies in results.items():
        for kind, tally in tallies.items():
            if not tally.double_agree:
                continue
            s = tally.summary()
            row = f"{level:<13}{kind:<8}{int(s['n']):>5}"
            for name in ("double", "take", "all"):
                row += f"  {100 * s[name + '_agree']:6.1f}% ±{100 * s[name + '_agree_ci']:4.1f}  "[:17]
            for name in ("double", "take", "all"):
                row += f"  {s[name + '_loss']:7.4f} ±{s[name + '_loss_ci']:6.4f}"
            print(row)


# --- cubeful money games against gnubg 0-ply ------------------------------------------------------


@dataclass
class CubeCount:
    """Cube actions in the games: doubles given, takes and passes, per side (0 ours, 1 gnubg's)."""

    doubles: list[int]
    takes: list[int]
    passes: list[int]
    decisions: int = 0  # our cube decisions (double or not, take or pass)
    loss: float = 0.0  # their summed loss in points by gnubg 0-ply's cube analysis

    @classmethod
    def empty(cls) -> CubeCount:
        return cls([0, 0], [0, 0], [0, 0])


def game_points(outcome: int, cube_value: int, turned: bool, *, jacoby: bool = True) -> int:
    """Points of a game won with ``outcome`` (1 single, 2 gammon, 3 backgammon) at ``cube_value``:
    with the Jacoby rule a gammon or backgammon counts as a single while the cube was never turned."""
    if jacoby and not turned:
        return cube_value
    return outcome * cube_value


def play_cubeful_game(sides: Sequence[object], gnubg: GnubgCube, rolls: Sequence[tuple[int, int]], first: int,
                      count: CubeCount) -> int:
    """One money game; ``sides`` = (our AIPlayer, None for gnubg), ``first`` moves first.
    Returns the points won by side 0 (negative when lost)."""
    pos = Position.initial()
    side = first
    value, owner = 1, None  # owner: None centred, else the side that owns the cube
    for t, roll in enumerate(rolls):
        other = 1 - side
        if t > 0 and owner in (None, side) and value < 64:
            case = Case(pos, "money", 0, (0, 0), value, owner == side)
            ref = gnubg.analyse(case) if sides[side] is None or sides[other] is None else None
            if sides[side] is None:
                double = ref.double if ref is not None else False
            else:
                double = sides[side].cube_action(pos, case.doubler_context())  # type: ignore[attr-defined]
                count.decisions += 1
                count.loss += value * ref.double_loss(double) if ref is not None else 0.0
            if double:
                count.doubles[side] += 1
                if sides[other] is None:
                    take = ref.take if ref is not None else True
                else:
                    take = sides[other].take_decision(pos.swap(), case.taker_context())  # type: ignore[attr-defined]
                    count.decisions += 1
                    count.loss += value * ref.take_loss(take) if ref is not None else 0.0
                if not take:
                    count.passes[other] += 1
                    return value if side == 0 else -value
                count.takes[other] += 1
                value, owner = 2 * value, other
        plays = legal_plays(pos, roll)
        if len(plays) == 1:
            play = plays[0]
        elif sides[side] is None:
            play = refs.gnubg_choose(pos, plays)
        else:
            play = sides[side].choose_play(pos, roll, plays=plays)  # type: ignore[attr-defined]
        pos = play.result
        done = outcome_of(pos)
        if done is not None:
            pts = game_points(int(done), value, owner is not None)
            return pts if side == 0 else -pts
        side = other
    raise RuntimeError("ran out of dice")


def opening_and_rolls(rng: random.Random, n: int = 500) -> list[tuple[int, int]]:
    """A non-double opening roll followed by ``n`` rolls."""
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    while a == b:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
    return [(a, b)] + [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(n)]


def run_games(level: str, games: int, seed: int) -> dict[str, object]:
    """``games`` cubeful money games (duplicate pairs) of ``level`` against gnubg 0-ply."""
    from tavli.ai.players import AIPlayer  # noqa: PLC0415

    gnubg = GnubgCube(0)
    bot = AIPlayer(level, seed=seed)
    rng = random.Random(seed)
    count = CubeCount.empty()
    pairs: list[float] = []
    results: list[int] = []
    t0 = time.perf_counter()
    for i in range(max(1, games // 2)):
        rolls = opening_and_rolls(rng)
        pair = [play_cubeful_game((bot, None), gnubg, rolls, first, count) for first in (0, 1)]
        results += pair
        pairs.append(sum(pair) / 2)
        if (i + 1) % 10 == 0:
            m, h = mean_ci(pairs)
            print(f"  {2 * (i + 1)} games: {m:+.3f} ± {h:.3f} ppg ({time.perf_counter() - t0:.0f} s)", flush=True)
    ppg, half = mean_ci(pairs)
    return {"level": level, "games": len(results), "ppg": ppg, "ppg_ci": half, "seed": seed,
            "doubles": count.doubles, "takes": count.takes, "passes": count.passes,
            "cube_decisions": count.decisions, "cube_loss_per_game": count.loss / max(1, len(results)),
            "seconds": time.perf_counter() - t0}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=2, help="gnubg's cube-decision plies (reference)")
    ap.add_argument("--levels", default="intermediate,expert,champion")
    ap.add_argument("--json", action="store_true", help=f"append a line per level to {RESULTS}")
    ap.add_argument("--games", type=int, default=0, help="play cubeful money games against gnubg 0-ply instead")
    args = ap.parse_args(argv)
    try:
        refs.gnubg_module()
    except ImportError:
        print("gnubg not installed (pip install -r requirements-train.txt): nothing to compare with")
        return 1
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    if args.games:
        out = run_games(levels[0], args.games, args.seed)
        print(f"{out['level']} vs gnubg 0-ply, cubeful money, {out['games']} games (seed {args.seed}): "
              f"{out['ppg']:+.3f} ± {out['ppg_ci']:.3f} ppg; doubles (ours, gnubg) {out['doubles']}, "
              f"takes {out['takes']}, passes {out['passes']}; our cube decisions {out['cube_decisions']}, "
              f"their loss by gnubg 0-ply's analysis {out['cube_loss_per_game']:.4f} points a game; "
              f"{out['seconds']:.0f} s")
        if args.json:
            with open(RESULTS, "a", encoding="utf-8") as f:
                f.write(json.dumps({"date": time.strftime("%Y-%m-%d"), "mode": "games", **out}, sort_keys=True) + "\n")
        return 0
    gnubg = GnubgCube(args.plies)
    t0 = time.perf_counter()
    cases = sample_cases(args.seed, args.positions)
    t1 = time.perf_counter()
    references = [gnubg.analyse(c) for c in cases]
    t2 = time.perf_counter()
    results = measure(levels, cases, references, args.seed)
    t3 = time.perf_counter()
    counts = {k: sum(c.kind == k for c in cases) for k in KINDS}
    doubles = sum(r.double for r in references)
    takes = sum(r.take for r in references)
    print(f"{len(cases)} positions (seed {args.seed}: {counts}); gnubg {args.plies}-ply cube analysis: "
          f"double {doubles}, take {takes}")
    print("equity lost per decision: money equity / EMG per unit of cube (gnubg's), 95% intervals")
    print_table(results)
    print(f"time: positions {t1 - t0:.0f} s, gnubg {t2 - t1:.0f} s, our levels {t3 - t2:.0f} s")
    if args.json:
        with open(RESULTS, "a", encoding="utf-8") as f:
            for level, tallies in results.items():
                line = {"date": time.strftime("%Y-%m-%d"), "level": level, "seed": args.seed,
                        "positions": len(cases), "reference": f"gnubg {args.plies}-ply",
                        "by_kind": {k: t.summary() for k, t in tallies.items() if t.double_agree}}
                f.write(json.dumps(line, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
