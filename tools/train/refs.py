"""Reference opponents and evaluators for training and benchmarking (never imported by tavli/).

* ``pubeval``: Gerald Tesauro's public linear evaluator (1993, public domain) with its published
  contact and race weights, re-implemented here from the published description: 122 inputs, five
  per point (opponent blot, own blot, own >= 2, own == 3, (own - 3) / 2 for 4 or more), the
  opponent's checkers on the bar and the mover's borne-off checkers; the race weights are used when
  the position BEFORE the move had no contact. It scores the board after the move: the highest
  score is played.
* ``gnubg``: GNU Backgammon's evaluator through the ``gnubg`` PyPI package (a dev/bench dependency:
  requirements-train.txt). A gnubg board is ``(opponent, player_on_roll)``, each 25 counts from its
  owner's side, index 24 = bar: our ``Position`` with the tuple order reversed. ``evaluate`` returns
  (win, win gammon, win backgammon, lose gammon, lose backgammon, equity) for the side on roll
  before it rolls. gnubg 0-ply play = evaluate every legal result at 0-ply and keep the best.
  gnubg n-ply play (``gnubg_ply_chooser``) = gnubg's own scheme: 0-ply on every legal result, then
  each deeper ply only on the plays its move filter keeps (``GNUBG_MOVE_FILTERS``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tavli.games.base import Play
from tavli.games.portes import Position, legal_plays, outcome_of

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]
ROLL_WEIGHTS = [1 / 36 if a == b else 2 / 36 for a, b in ROLLS]

# --- pubeval -------------------------------------------------------------------------------------

# Tesauro's published weights (pubeval.c, 1993): contact and race, 122 each.
WC = (
    0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
    -0.92830, -1.99558, -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.59220,
    -0.73667, 0.89032, -0.38933, -1.59847, -1.50197, -0.60966, 1.56166, -0.47389,
    -1.80390, -0.83425, -0.97741, -1.41371, 0.24500, 0.10970, -1.36476, -1.05572,
    1.15420, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
    -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169,
    -0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882,
    -0.13658, 1.78389, 0.30416, 0.36797, -0.69851, 0.13003, 1.23070, 0.40868,
    -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429, -0.80789, 0.08240,
    1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
    -0.90750, 0.05941, 1.83120, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983,
    0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276,
    -0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612,
    -0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342,
    1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.11520,
    5.62596, -2.75800,
)
WR = (
    0.00000, -0.17160, 0.27010, 0.29906, -0.08471, 0.00000, -1.40375, -1.05121,
    0.07217, -0.01351, 0.00000, -1.29506, -2.16183, 0.13246, -1.03508, 0.00000,
    -2.29847, -2.34631, 0.17253, 0.08302, 0.00000, -1.27266, -2.87401, -0.07456,
    -0.34240, 0.00000, -1.34640, -2.46556, -0.13022, -0.01591, 0.00000, 0.27448,
    0.60015, 0.48302, 0.25236, 0.00000, 0.39521, 0.68178, 0.05281, 0.09266,
    0.00000, 0.24855, -0.06844, -0.37646, 0.05685, 0.00000, 0.17405, 0.00430,
    0.74427, 0.00576, 0.00000, 0.12392, 0.31202, -0.91035, -0.16270, 0.00000,
    0.01418, -0.10839, -0.02781, -0.88035, 0.00000, 1.07274, 2.00366, 1.16242,
    0.22520, 0.00000, 0.85631, 1.06349, 1.49549, 0.18966, 0.00000, 0.37183,
    -0.50352, -0.14818, 0.12039, 0.00000, 0.13681, 0.13978, 1.11245, -0.12707,
    0.00000, -0.22082, 0.20178, -0.06285, -0.52728, 0.00000, -0.13597, -0.19412,
    -0.09308, -1.26062, 0.00000, 3.05454, 5.16874, 1.50680, 5.35000, 0.00000,
    2.19605, 3.85390, 0.88296, 2.30052, 0.00000, 0.92321, 1.08744, -0.11696,
    -0.78560, 0.00000, -0.09795, -0.83050, -1.09167, -4.94251, 0.00000, -1.00316,
    -3.66465, -2.56906, -9.67677, 0.00000, -2.77982, -7.26713, -3.40177, -12.32252,
    0.00000, 3.42040,
)
assert len(WC) == 122 and len(WR) == 122


def pubeval_score(race: bool, result: Position) -> float:
    """Tesauro's score of the board after the move; ``result`` has the opponent on roll."""
    mover = result.opponent  # the side that just moved, in its own numbering
    opp = result.player  # opponent's index i = its point i + 1 = the mover's point 24 - i
    off = 15 - sum(mover)
    if off == 15:
        return 99999999.0
    w = WR if race else WC
    score = 0.0
    # Block j - 1 describes the mover's point 25 - j (block 0 = the 24 point ... block 23 = 1).
    for j in range(1, 25):
        point = 25 - j
        n = mover[point - 1]
        if not n:
            n = -opp[24 - point]
        if n == 0:
            continue
        base = 5 * (j - 1)
        if n == -1:
            score += w[base]
        elif n == 1:
            score += w[base + 1]
        elif n >= 2:
            score += w[base + 2]
            if n == 3:
                score += w[base + 3]
            elif n >= 4:
                score += w[base + 4] * (n - 3) / 2.0
    score += w[120] * (opp[24] / 2.0)  # x[120] = -pos[0] / 2, pos[0] = -(opponent's bar)
    score += w[121] * (off / 15.0)
    return score


def pubeval_choose(position: Position, plays: Sequence[Play]) -> Play:
    race = not position.is_contact()
    return max(plays, key=lambda p: pubeval_score(race, p.result))


Chooser = Callable[[Position, Sequence[Play]], Play]

# --- gnubg ---------------------------------------------------------------------------------------

_gnubg = None
_CI = None
_CTX: dict[int, object] = {}  # plies -> cubeless, deterministic eval context (pruning above 0-ply)

# The move filters of the PyPI package's gnubg player (`gnubg.show("player")`, the same as its
# hint filters, `gnubg.get_eval_hint_filter()`): for n-ply play, one (keep, threshold) per ply below
# n: after scoring at ply k, keep the best `keep` plays within `threshold` equity of the best
# (gnubg's "first 0 moves and up to `keep` more"), then score those at ply k + 1.
GNUBG_MOVE_FILTERS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((12, 0.24),),
    2: ((12, 0.24), (6, 0.12)),
}


def gnubg_module():
    global _gnubg, _CI
    if _gnubg is None:
        import gnubg  # noqa: PLC0415 (optional dependency)

        _gnubg = gnubg
        _CI = gnubg.cube_info()
        _CTX[0] = gnubg.eval_context(0, 0, 1, 0, 0.0)
        _CTX[1] = gnubg.eval_context(0, 1, 1, 1, 0.0)
        _CTX[2] = gnubg.eval_context(0, 2, 1, 1, 0.0)
    return _gnubg


def gnubg_probs(position: Position, plies: int = 0) -> tuple[float, float, float, float, float]:
    """gnubg's (win, wg, wbg, lg, lbg) for the side on roll of ``position`` (before it rolls)."""
    g = gnubg_module()
    r = g.evaluate((position.opponent, position.player), _CI, _CTX[plies])
    return r[0], r[1], r[2], r[3], r[4]


def equity(p: Sequence[float]) -> float:
    """Cubeless money equity of (win, wg, wbg, lg, lbg)."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def result_equity_gnubg(result: Position, plies: int = 0) -> float:
    """Equity of a play's result for the side that just moved (terminal results scored exactly)."""
    done = outcome_of(result)
    if done is not None:
        return float(int(done))
    g = gnubg_module()
    r = g.evaluate((result.opponent, result.player), _CI, _CTX[plies])
    return -equity(r)


def gnubg_choose(position: Position, plays: Sequence[Play]) -> Play:
    if len(plays) == 1:
        return plays[0]
    return max(plays, key=lambda p: result_equity_gnubg(p.result))


def gnubg_ply_chooser(plies: int) -> Chooser:
    """gnubg's ``plies``-ply chequer play (1 or 2) with its player's move filters."""
    filters = GNUBG_MOVE_FILTERS[plies]

    def choose(position: Position, plays: Sequence[Play]) -> Play:
        scored = [(result_equity_gnubg(p.result), p) for p in plays]
        for ply, (keep, threshold) in enumerate(filters):
            scored.sort(key=lambda s: -s[0])
            best = scored[0][0]
            scored = [s for s in scored[:keep] if s[0] >= best - threshold]
            if len(scored) == 1:
                break
            scored = [(result_equity_gnubg(p.result, ply + 1), p) for _, p in scored]
        return max(scored, key=lambda s: s[0])[1]

    return choose


# --- simple chooser wrappers -----------------------------------------------------------------------


def random_chooser(seed: int = 0) -> Chooser:
    rng = random.Random(seed)
    return lambda position, plays: rng.choice(list(plays))


__all__ = [
    "GNUBG_MOVE_FILTERS", "ROLLS", "ROLL_WEIGHTS", "WC", "WR", "equity", "gnubg_choose", "gnubg_module",
    "gnubg_ply_chooser", "gnubg_probs",
    "legal_plays", "pubeval_choose", "pubeval_score", "random_chooser", "result_equity_gnubg",
]
