"""Doubling-cube and resignation decisions from cubeless outcome probabilities.

All functions take plain arguments: ``probs`` = (win, wg, wbg, lg, lbg), cumulative, for the side
that decides (the DOUBLER for ``double_decision`` and ``take_decision``: the side on roll, before
rolling); ``cube_value`` the value before doubling; ``cube_owner`` relative to the doubler
(:data:`ME`, :data:`OPPONENT` or :data:`CENTERED`); ``match_length`` 0 for money play;
``score`` = (doubler's points, opponent's points); ``crawford`` True during the Crawford game;
``jacoby`` (money only) True when gammons count only after the cube has been turned.

Money play: Janowski's cubeful approximation (R. Janowski, "Take-points in money games", 1993):
the cubeful equity is ``x * live + (1 - x) * dead`` with cube efficiency ``x = 0.68``; ``dead`` is
the cubeless equity, ``live`` the piecewise-linear equity of a perfectly efficient cube through the
take point ``TP = (L - 1/2) / (W + L + 1/2)`` (-1) and the cash point ``CP = (L + 1) / (W + L + 1/2)``
(+1), from -L at w = 0 and on to +W at w = 1 (too good: playing on for the gammons), W and L being
the average values of a win and of a loss (gammons included). Jacoby: with a centred cube the dead
equity ignores the gammons and the live cube stays at -1 below TP and +1 above CP.

Match play: the same construction in match-winning chances (MWC) with the Kazaross-XG2 match
equity table (``met_data``, as shipped by GNU Backgammon): ``dead`` is the cubeless MWC, ``live``
is linear in the winning chances from losing as it comes (w = 0) through the points where we would
pass the opponent's double (his cash) and where he would pass ours (our cash) to winning as it
comes (w = 1); those pass points blend, by the same ``x``, the dead cube at twice the value with
the live cube of a taker who may redouble (:func:`pass_point`, recursively up the cube levels).
No doubling in the Crawford game; a cube that cannot gain (the doubler already wins the match by
winning at the current value) is never turned; after the Crawford game the trailer doubles at once
since the leader's gammons no longer matter.

Measured against GNU Backgammon's 2-ply cubeful cube analysis by ``bench/cube.py``.

Decisions: double when ``min(DT, DP) > ND``; take when ``DT <= DP`` (from the doubler's side);
"too good" when the opponent should pass but playing on is worth more than the cash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .met_data import POST, PRE

ME = 0
OPPONENT = 1
CENTERED = -1

CUBE_EFFICIENCY = 0.68  # x, money play (Janowski); also used for the live part in match play
_EPS = 1e-3  # "cannot win" threshold for resignations

Probs = tuple[float, float, float, float, float]


def invert(p: Sequence[float]) -> Probs:
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def cubeless_equity(p: Sequence[float]) -> float:
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def win_loss_values(p: Sequence[float], *, jacoby_centered: bool = False) -> tuple[float, float]:
    """W, L: the average number of points of a win and of a loss (1 when gammons don't count)."""
    if jacoby_centered:
        return 1.0, 1.0
    w = p[0]
    W = (w + p[1] + p[2]) / w if w > 1e-9 else 1.0
    L = (1.0 - w + p[3] + p[4]) / (1.0 - w) if w < 1.0 - 1e-9 else 1.0
    return W, L


# --- money play ----------------------------------------------------------------------------------


def janowski_points(W: float, L: float) -> tuple[float, float]:
    """(take point, cash point) of a live cube, in the doubler's winning chances for the cash point
    and in the taker's own winning chances for the take point."""
    tp = (L - 0.5) / (W + L + 0.5)
    cp = (L + 1.0) / (W + L + 0.5)
    return tp, cp


def _line(x0: float, y0: float, x1: float, y1: float, x: float) -> float:
    """The value at ``x`` of the line through (x0, y0) and (x1, y1)."""
    if x1 - x0 <= 1e-12:
        return y1
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def money_equity(p: Sequence[float], owner: int, *, x: float = CUBE_EFFICIENCY, jacoby: bool = False) -> float:
    """Cubeful equity per unit of cube for the side on roll, cube owned by ``owner``.

    The live cube (Janowski) is linear in the winning chances w between its turning points: from
    -L at w = 0 to -1 at our take point TP (where the opponent's double or redouble takes the cube
    away), from there to +1 at our cash point CP, and on to +W at w = 1 (too good: we play on for
    the gammons). A side without access to the cube has no cash point (a line from -1 at TP to +W
    at 1); a side that owns it no take point (from -L at 0 to +1 at CP). With the Jacoby rule and a
    centred cube gammons count only once the cube is turned: the dead equity ignores them and the
    live cube stays at -1 below TP and +1 above CP, while TP and CP keep the gammons, which count
    after the double."""
    w = p[0]
    W, L = win_loss_values(p)
    jacoby_centred = jacoby and owner == CENTERED
    if w <= 1e-7 or w >= 1.0 - 1e-7:
        return (2.0 * w - 1.0) if jacoby_centred else cubeless_equity(p)  # the cube is dead
    dead = 2.0 * w - 1.0 if jacoby_centred else w * (W + L) - L
    tp, cp = janowski_points(W, L)
    if owner == ME:
        live = _line(0.0, -L, cp, 1.0, w) if w < cp else _line(cp, 1.0, 1.0, W, w)
    elif owner == CENTERED:
        if w < tp:
            live = -1.0 if jacoby_centred else _line(0.0, -L, tp, -1.0, w)
        elif w < cp:
            live = _line(tp, -1.0, cp, 1.0, w)
        else:
            live = 1.0 if jacoby_centred else _line(cp, 1.0, 1.0, W, w)
    else:
        live = _line(0.0, -L, tp, -1.0, w) if w < tp else _line(tp, -1.0, 1.0, W, w)
    return x * live + (1.0 - x) * dead


@dataclass(frozen=True)
class CubeDecision:
    """Equities (money: points; match: match-winning chances) of no double, double/take and
    double/pass for the doubler, and the decisions they imply."""

    no_double: float
    double_take: float
    double_pass: float
    can_double: bool

    @property
    def double(self) -> bool:
        return self.can_double and min(self.double_take, self.double_pass) > self.no_double

    @property
    def take(self) -> bool:
        """Whether the opponent should take a double."""
        return self.double_take <= self.double_pass

    @property
    def too_good(self) -> bool:
        return self.can_double and not self.take and self.no_double >= self.double_pass

    def describe(self) -> str:
        if not self.can_double:
            return "no double (cube not available)"
        if self.double:
            return "double, " + ("take" if self.take else "pass")
        if self.too_good:
            return "too good to double, pass"
        return "no double, " + ("take" if self.take else "pass")


def money_decision(
    p: Sequence[float], cube_value: int = 1, cube_owner: int = CENTERED, *, jacoby: bool = False,
    x: float = CUBE_EFFICIENCY,
) -> CubeDecision:
    v = cube_value
    nd = v * money_equity(p, cube_owner, x=x, jacoby=jacoby)
    dt = 2 * v * money_equity(p, OPPONENT, x=x)
    dp = float(v)
    return CubeDecision(nd, dt, dp, can_double=cube_owner != OPPONENT)


# --- match play ----------------------------------------------------------------------------------


def met(away: int, opp_away: int, post_crawford: bool = False) -> float:
    """Chance that the side ``away`` points from victory wins against one ``opp_away`` away."""
    if away <= 0:
        return 1.0
    if opp_away <= 0:
        return 0.0
    if away == 1 and opp_away == 1:
        return 0.5
    if post_crawford and (away == 1 or opp_away == 1):
        return 1.0 - POST[opp_away - 1] if away == 1 else POST[away - 1]
    a, b = min(away, len(PRE)), min(opp_away, len(PRE))
    return PRE[a - 1][b - 1]


def _after(a: int, b: int, post: bool) -> float:
    # After this game: once someone has been 1-away (this game is Crawford or later), post-Crawford.
    return met(a, b, post)


def match_outcome_mwcs(a: int, b: int, v: int, post: bool) -> tuple[float, ...]:
    """MWC after: win single, gammon, backgammon, lose single, gammon, backgammon at cube ``v``."""
    return (
        _after(a - v, b, post), _after(a - 2 * v, b, post), _after(a - 3 * v, b, post),
        _after(a, b - v, post), _after(a, b - 2 * v, post), _after(a, b - 3 * v, post),
    )


def cubeless_mwc(p: Sequence[float], a: int, b: int, v: int, post: bool) -> float:
    w1, w2, w3, l1, l2, l3 = match_outcome_mwcs(a, b, v, post)
    win, wg, wbg, lg, lbg = p
    return (
        (win - wg) * w1 + (wg - wbg) * w2 + wbg * w3
        + (1.0 - win - lg) * l1 + (lg - lbg) * l2 + lbg * l3
    )


def _win_loss_mwc(p: Sequence[float], a: int, b: int, v: int, post: bool) -> tuple[float, float]:
    """Average MWC given a win and given a loss at cube ``v``."""
    w1, w2, w3, l1, l2, l3 = match_outcome_mwcs(a, b, v, post)
    win, wg, wbg, lg, lbg = p
    Wm = ((win - wg) * w1 + (wg - wbg) * w2 + wbg * w3) / win if win > 1e-9 else w1
    lose = 1.0 - win
    Lm = ((lose - lg) * l1 + (lg - lbg) * l2 + lbg * l3) / lose if lose > 1e-9 else l1
    return Wm, Lm


def _crossing(lo: float, hi: float, target: float) -> float:
    """Winning chance at which a value linear from ``lo`` (w=0) to ``hi`` (w=1) reaches ``target``."""
    if hi - lo <= 1e-12:
        return 1.0
    return min(max((target - lo) / (hi - lo), 0.0), 1.0)


MAX_CUBE = 64


def _solve(x0: float, y0: float, x1: float, y1: float, target: float) -> float:
    """Where the line through (x0, y0) and (x1, y1) reaches ``target``, kept within [0, 1]."""
    if abs(y1 - y0) <= 1e-12:
        return x1
    return min(max(x0 + (target - y0) * (x1 - x0) / (y1 - y0), 0.0), 1.0)


def pass_point(p: Sequence[float], a: int, b: int, c: int, post: bool, x: float, *, taker_is_opponent: bool) -> float:
    """Our winning chance (``p`` ours, we ``a`` away, the opponent ``b``) at which the side doubled
    to ``c`` is indifferent between taking and passing: the opponent passes above it, we pass below.

    It blends (by the cube efficiency ``x``) the dead-cube point, where the cubeless MWC at ``c``
    equals the pass, with the live-cube point, where the taker's MWC, linear from losing as it
    comes (w = 0 for us, 1 for him) to cashing by a redouble to ``2c`` at the doubler's own
    pass point (found the same way, one cube level up), equals the pass. A taker who cannot gain
    by redoubling (``c`` reaches his away score) has only the dead-cube point."""
    Wc, Lc = _win_loss_mwc(p, a, b, c, post)
    half = c // 2
    if taker_is_opponent:
        target = met(a - half, b, post)
        dead = _crossing(Lc, Wc, target)
        if b > c and 2 * c <= MAX_CUBE:  # he cashes where we would pass his redouble to 2c
            cash = pass_point(p, a, b, 2 * c, post, x, taker_is_opponent=False)
            live = _solve(cash, met(a, b - c, post), 1.0, Wc, target)
        else:
            live = dead
    else:
        target = met(a, b - half, post)
        dead = _crossing(Lc, Wc, target)
        if a > c and 2 * c <= MAX_CUBE:  # we cash where he would pass our redouble to 2c
            cash = pass_point(p, a, b, 2 * c, post, x, taker_is_opponent=True)
            live = _solve(0.0, Lc, cash, met(a - c, b, post), target)
        else:
            live = dead
    return x * live + (1.0 - x) * dead


def match_cubeful(
    p: Sequence[float], a: int, b: int, v: int, owner: int, post: bool, crawford: bool, x: float
) -> float:
    """Approximate cubeful MWC for the side on roll (``a`` away, opponent ``b`` away): the cubeless
    MWC blended (cube efficiency ``x``) with the live cube's, linear in our winning chances from
    losing as it comes (w = 0) to the opponent's cash point (where we would pass his double, found
    by :func:`pass_point`), to our cash point (where he would pass ours), to winning as it comes
    (w = 1); a side without access to the cube has no cash point."""
    dead = cubeless_mwc(p, a, b, v, post)
    w = p[0]
    Wm, Lm = _win_loss_mwc(p, a, b, v, post)
    we_can = not crawford and owner != OPPONENT and a > v
    they_can = not crawford and owner != ME and b > v
    lo_x, lo_y = 0.0, Lm
    hi_x, hi_y = 1.0, Wm
    if we_can:  # we cash where the opponent would pass our double to 2v
        hi_x, hi_y = pass_point(p, a, b, 2 * v, post, x, taker_is_opponent=True), met(a - v, b, post)
    if they_can:  # they cash where we would pass at 2v
        lo_x, lo_y = pass_point(p, a, b, 2 * v, post, x, taker_is_opponent=False), met(a, b - v, post)
    if w < lo_x:  # the opponent is too good to double: from losing as it comes to his cash
        live = _line(0.0, Lm, lo_x, lo_y, w)
    elif w > hi_x:  # we are too good to double: from our cash to winning as it comes
        live = _line(hi_x, hi_y, 1.0, Wm, w)
    else:
        live = _line(lo_x, lo_y, hi_x, hi_y, w)
    return x * live + (1.0 - x) * dead


def match_decision(
    p: Sequence[float], cube_value: int, cube_owner: int, match_length: int, score: tuple[int, int],
    crawford: bool = False, x: float = CUBE_EFFICIENCY,
) -> CubeDecision:
    a = match_length - score[0]
    b = match_length - score[1]
    post = a == 1 or b == 1  # someone is 1-away: every later game is post-Crawford
    v = cube_value
    nd = match_cubeful(p, a, b, v, cube_owner, post, crawford, x)
    dt = match_cubeful(p, a, b, 2 * v, OPPONENT, post, crawford, x)
    dp = met(a - v, b, post)
    can = not crawford and cube_owner != OPPONENT and a > v
    return CubeDecision(nd, dt, dp, can_double=can)


# --- the plain entry points ------------------------------------------------------------------------


def double_decision(
    probs: Sequence[float], cube_value: int = 1, cube_owner: int = CENTERED, *, match_length: int = 0,
    score: tuple[int, int] = (0, 0), crawford: bool = False, jacoby: bool = False,
) -> CubeDecision:
    """The doubler's view (on roll, before rolling): ``.double``, ``.take``, ``.too_good``."""
    if match_length:
        return match_decision(probs, cube_value, cube_owner, match_length, score, crawford)
    return money_decision(probs, cube_value, cube_owner, jacoby=jacoby)


def should_double(probs: Sequence[float], cube_value: int = 1, cube_owner: int = CENTERED, **kw: Any) -> bool:
    return double_decision(probs, cube_value, cube_owner, **kw).double


def take_decision(
    doubler_probs: Sequence[float], cube_value: int = 1, *, match_length: int = 0,
    score: tuple[int, int] = (0, 0), crawford: bool = False, jacoby: bool = False,
) -> bool:
    """True when the side being doubled should take. ``doubler_probs`` are the DOUBLER's
    probabilities (he is on roll); ``score`` = (taker's points, doubler's points)."""
    doubler_score = (score[1], score[0])
    owner = CENTERED if cube_value == 1 else ME
    d = double_decision(doubler_probs, cube_value, owner, match_length=match_length, score=doubler_score,
                        crawford=crawford, jacoby=jacoby)
    return d.take


def accept_resignation(
    probs: Sequence[float], points: int, cube_value: int = 1, *, match_length: int = 0,
    score: tuple[int, int] = (0, 0), crawford: bool = False,
) -> bool:
    """Accept an offer to resign worth ``points`` (1, 2, 3) x ``cube_value`` when it is worth at
    least as much as playing on (cubeless). ``probs`` are the ACCEPTER's, on roll;
    ``score`` = (accepter's, resigner's)."""
    if match_length:
        a = match_length - score[0]
        b = match_length - score[1]
        post = a == 1 or b == 1
        return met(a - points * cube_value, b, post) >= cubeless_mwc(probs, a, b, cube_value, post) - 1e-9
    return points >= cubeless_equity(probs) - 1e-9


def resign_offer(probs: Sequence[float], eps: float = _EPS) -> int | None:
    """The resignation (1 single, 2 gammon, 3 backgammon) to offer, or None to play on.

    Only when the side cannot win, and only at the level it is sure to lose: a single game when it
    cannot be gammoned, a gammon when the gammon is certain and the backgammon impossible, a
    backgammon when that is certain. Never a gammon while it may still be saved."""
    win, _, _, lg, lbg = probs
    if win > eps:
        return None
    if lg <= eps:
        return 1
    if lg >= 1.0 - eps and lbg <= eps:
        return 2
    if lbg >= 1.0 - eps:
        return 3
    return None
