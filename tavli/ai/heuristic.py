"""The heuristic computer player, :class:`BeginnerBot` (the "Beginner" level): simple and honest.

It never looks at the dice to come. A play is chosen by scoring the position it leaves:

* the race: pips ahead (the pip count of each side);
* safety: each blot left where the opponent can hit it costs the pips it would lose, weighted by
  the share of rolls that hit it (direct shots count much more than indirect ones) and by how
  strong the opponent's home board is;
* strength: points made, most of all the home-board points 4, 5, 6 and the bar point, and anchors
  in the opponent's home board; a bonus for three or more points in a row (a prime); opposing
  checkers on the bar; a small cost for stacking more than three checkers on a point;
* once the sides have passed each other, only the race and the checkers borne off count.

The cube and resignations come from a rough winning chance (the race adjusted by the same
position terms): double when clearly ahead, take unless far behind, resign only when the game
cannot be won (and offer no more than is surely lost), accept a resignation that gives what the
game would most likely give. Everything is cheap enough for the browser (Pyodide).

Plakoto and Fevga (:func:`evaluate_variant`): the race (pips ahead), points held, and in Plakoto
the pins made and suffered (a mother most of all) and the lone checkers the opponent could pin
next roll; in Fevga primes and stacking. The bot never resigns there (and there is no cube).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..games.base import Board, Outcome, Play
from ..games.portes import Position, legal_plays
from ..games.registry import game_kind, kind_of
from ..scoring import Rules
from ..steps import Steps
from .context import MatchContext
from .player import act

if TYPE_CHECKING:
    from ..match import Match

# How good it is to hold each point (index = point number in the owner's numbering, 1..24).
_POINT_VALUE = (
    0.0,
    0.3, 0.9, 1.5, 2.3, 2.7, 2.5,  # home board
    2.0, 1.2, 0.9, 0.6, 0.5, 0.4,  # outer board
    0.3, 0.3, 0.3, 0.4, 0.6, 0.8,  # opponent's outer board
    0.9, 2.0, 1.8, 0.9, 0.6, 0.4,  # opponent's home board (anchors)
)
# Rough share of the 36 rolls that hit a blot at each distance (1..12) from one checker.
_HIT_SHARE = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)


class BeginnerBot:
    """The "Beginner" level: a heuristic :class:`tavli.ai.player.Player` (see the module's description).

    Positions given to its methods are seen from the bot's side (its checkers in ``.player``).
    """

    name = "beginner"
    ready = True  # nothing to load (see tavli.ai.player: thinking in slices)

    # --- thinking in slices (the interface of tavli.ai.player.Player; trivial here) -----------

    def prepare_steps(self) -> Steps[None]:
        """Load the player's data: a steps generator (:mod:`tavli.steps`); nothing to load here."""
        return
        yield  # (a generator that never yields)

    def choose_play_steps(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Steps[Play[Any]]:
        """:meth:`choose_play` as a steps generator: milliseconds, in one step."""
        return self.choose_play(position, dice, context, plays)
        yield  # (a generator that never yields)

    # --- checker play -----------------------------------------------------------------------

    def choose_play(
        self, position: Position, dice: tuple[int, int], context: MatchContext | None = None,
        plays: Sequence[Play[Any]] | None = None,
    ) -> Play[Any]:
        """The play of ``dice`` whose resulting position scores best (a Plakoto or Fevga
        position: among ``plays``, or that game's legal plays with the context's options)."""
        rules = context.rules if context is not None else Rules.international()
        if not kind_of(position).cube:
            if plays is None:
                options = context.variant_options if context is not None else {}
                plays = game_kind(variant_name(position)).legal_plays(
                    position, dice, **{**options, "minimize_waste": rules.minimize_waste}
                )
            return choose_variant_play(plays)
        plays = legal_plays(position, dice, minimize_waste=rules.minimize_waste)
        return max(plays, key=lambda play: evaluate(play.result.swap()))  # the first of the best

    # --- the cube ---------------------------------------------------------------------------

    def cube_action(self, position: Position, context: MatchContext) -> bool:
        """Whether to double, on roll in ``position``, before rolling."""
        if not context.cube_available or context.owner == "opponent" or context.cube >= 64:
            return False
        my_need, their_need = context.needs()
        if my_need is not None and their_need is not None:
            if my_need <= context.cube:
                return False  # the cube already wins the match for me: doubling only risks more
            if their_need == 1 and not context.crawford:
                return True  # post-Crawford, trailing: doubling costs nothing
        p = win_probability(position)
        return 0.68 <= p

    def take_decision(self, position: Position, context: MatchContext) -> bool:
        """Whether to take a double; ``position`` is seen from the bot, the doubler on roll."""
        my_need, their_need = context.needs()
        if their_need is not None and their_need <= context.cube:
            return True  # dropping loses the match anyway
        if my_need is not None and their_need is not None and their_need == 1:
            return True
        p_doubler = win_probability(position.swap())
        return p_doubler <= 0.76

    # --- resigning --------------------------------------------------------------------------

    def resign_offer(self, position: Position, context: MatchContext) -> Outcome | None:
        """What to resign, on roll in ``position`` before rolling: only a sure loss, and no more
        than is sure (None: play on; always in Plakoto and Fevga)."""
        if not kind_of(position).cube or not certain_loss(position):
            return None
        surely = Outcome.GAMMON if certain_gammon(position) else Outcome.SINGLE
        if not context.rules.resign_offers:
            borne_off = position.borne_off()[0]
            cost = Outcome.GAMMON if borne_off == 0 else Outcome.SINGLE
            return cost if cost <= surely else None
        return surely

    def accept_resignation(self, position: Position, level: Outcome, context: MatchContext) -> bool:
        """Whether to accept the opponent's offer to resign ``level``; ``position`` from the bot,
        the resigner on roll."""
        level = Outcome(level)
        my_need, _ = context.needs()
        if my_need is not None and int(level) * context.cube >= my_need:
            return True  # it wins the match
        if context.money and context.rules.jacoby and context.cube == 1:
            return True  # gammons do not count yet
        theirs = position.swap()  # the resigner's side in .player
        if theirs.borne_off()[0] > 0:
            return True  # he cannot lose more than a single
        if level >= Outcome.GAMMON:
            return level >= Outcome.BACKGAMMON or not _backgammon_likely(theirs) or not context.rules.backgammons
        return not _gammon_likely(theirs)

    # --- driving a match --------------------------------------------------------------------

    def act(self, match: Match, player: int) -> str:
        """One action for ``player`` in ``match``, and which (:func:`tavli.ai.player.act`)."""
        return act(self, match, player)


# --- evaluation -----------------------------------------------------------------------------------


def evaluate(position: Position) -> float:
    """How good ``position`` is for ``position.player``, who has just moved (the opponent rolls
    next), in pips."""
    me, opp = position.player, position.opponent
    my_pips, opp_pips = position.pip_counts()
    my_off, opp_off = position.borne_off()
    score = float(opp_pips - my_pips)
    if not position.is_contact():
        return score + 2.0 * my_off - 0.3 * _wastage(me)
    score += _structure(me, opp) - 0.5 * _structure(opp, me)
    score -= _blot_risk(me, opp)
    return score


def variant_name(position: Board) -> str:
    """"portes", "plakoto" or "fevga": the game a position belongs to."""
    return kind_of(position).name


def choose_variant_play(plays: Sequence[Play[Any]]) -> Play[Any]:
    """The Plakoto or Fevga play whose result scores best by :func:`evaluate_variant` (the first
    of the best)."""
    return max(plays, key=lambda play: evaluate_variant(play.result.swap()))


def evaluate_variant(position: Any) -> float:
    """How good a Plakoto or Fevga ``position`` is for ``position.player``, who has just moved,
    in pips: the race, points held, and pins (Plakoto) or primes (Fevga)."""
    me, opp = position.player, position.opponent
    my_pips, opp_pips = position.pip_counts()
    score = float(opp_pips - my_pips)
    pins = kind_of(position).pins
    if not any(me[6:24]) and not any(opp[6:24]) and not (pins and position.player_pinned):
        return score + float(position.borne_off()[0])  # a pure race home
    if pins:
        return score + _plakoto_terms(position)
    return score + _fevga_terms(me)


def _plakoto_terms(position: Any) -> float:
    me, opp = position.player, position.opponent
    mine_pinned, theirs_pinned = position.player_pinned, position.opponent_pinned
    score = 0.0
    for q in theirs_pinned:  # his point q: the further back, the better the pin
        score += 30.0 if q == 24 else 8.0 + 0.5 * q
    for p in mine_pinned:
        score -= 40.0 if p == 24 else 10.0 + 0.6 * p
    for p in range(1, 25):
        n = me[p - 1]
        if n >= 2:
            score += 1.5 if p <= 6 else 1.0
        if n > 4:
            score -= 0.3 * (n - 4)
    # Opposing checkers that can still move, in my numbering (his point r is my 25 - r).
    free = [0] * 25
    for r in range(1, 25):
        if opp[r - 1] and r not in theirs_pinned:
            free[25 - r] = 1
    for p in range(2, 25):
        if me[p - 1] != 1 or p in mine_pinned or (25 - p) in theirs_pinned:
            continue  # not a lone checker that can be pinned
        if opp[24 - p]:
            continue
        share = sum(_HIT_SHARE[d] for d in range(1, 13) if p - d >= 1 and free[p - d])
        if share:
            weight = 30.0 if p == 24 else 6.0 + 0.4 * p
            score -= min(share, 30) / 36.0 * weight
    return score


def _fevga_terms(me: tuple[int, ...]) -> float:
    score = 0.0
    run = 0
    for p in range(1, 25):
        n = me[p - 1]
        if n:
            score += 0.8
            run += 1
            if run >= 3:
                score += 0.5 * run
        else:
            run = 0
        if n > 3 and p != 24:
            score -= 0.3 * (n - 3)
    return score


def win_probability(position: Position) -> float:
    """A rough chance that ``position.player``, on roll, wins the game."""
    my_pips, opp_pips = position.pip_counts()
    lead = opp_pips - my_pips + 4.0  # being on roll is worth about four pips
    scale = 2.13 * math.sqrt(max(my_pips, opp_pips, 16))
    if position.is_contact():
        # While the checkers can still hit, the race counts for less and the board for more.
        me, opp = position.player, position.opponent
        lead *= 0.6
        lead += 0.5 * (_structure(me, opp) - _structure(opp, me))
        lead += 0.3 * _blot_risk(opp, me)  # the roller may hit a blot now
        scale += 12.0
    else:
        lead += 0.3 * (_wastage(position.opponent) - _wastage(position.player))
    return 0.5 * (1.0 + math.erf(lead / (scale * math.sqrt(2.0))))


def certain_loss(position: Position) -> bool:
    """True when ``position.player``, on roll, cannot win whatever the dice: the sides have passed
    each other and even 6-6 every turn finishes after the opponent with the worst rolls."""
    if position.is_contact():
        return False
    my_pips, opp_pips = position.pip_counts()
    me_left = sum(position.player)
    mine = max(math.ceil(my_pips / 24), math.ceil(me_left / 4))
    theirs = math.ceil(opp_pips / 2)  # every roll takes at least two pips off
    return mine > theirs


def certain_gammon(position: Position) -> bool:
    """True when ``position.player``, on roll with nothing borne off, cannot bear off a checker
    before the opponent finishes (even rolling 6-6 every turn)."""
    if position.borne_off()[0] > 0 or position.is_contact():
        return False
    me = position.player
    to_home = sum(n * (i + 1 - 6) for i, n in enumerate(me) if i >= 6)
    nearest = min(i + 1 for i, n in enumerate(me) if n and i < 6) if any(me[:6]) else 1
    mine = math.ceil((to_home + min(nearest, 6)) / 24)
    theirs = math.ceil(position.pip_counts()[1] / 2)
    return mine > theirs


def _structure(me: tuple[int, ...], opp: tuple[int, ...]) -> float:
    """Points made, primes, opposing checkers on the bar, stacking: good for ``me``."""
    score = 0.0
    run = best_run = 0
    home_points = 0
    for i in range(24):
        n = me[i]
        if n >= 2:
            score += _POINT_VALUE[i + 1]
            if i < 6:
                home_points += 1
            if i < 23:
                run += 1
                best_run = max(best_run, run)
        else:
            run = 0
        if n > 3:
            score -= 0.4 * (n - 3)
    if best_run >= 3:
        score += 0.6 * best_run * best_run
    score += opp[24] * (2.0 + 0.8 * home_points)
    return score


def _blot_risk(me: tuple[int, ...], opp: tuple[int, ...]) -> float:
    """Pips ``me`` should expect to lose to blots the opponent can hit on his next roll."""
    # Opposing checkers in my numbering: his point r is my point 25 - r; his bar is my point 0.
    theirs = [0] * 25
    for r in range(24):
        if opp[r]:
            theirs[24 - r] = opp[r]
    theirs[0] = opp[24]
    strength = sum(1 for i in range(6) if opp[i] >= 2)
    total = 0.0
    for p in range(1, 25):
        if me[p - 1] != 1:
            continue
        share = 0
        for d in range(1, 13):
            q = p - d
            if q < 0:
                break
            if theirs[q]:
                share += _HIT_SHARE[d]
        if share:
            chance = min(share, 30) / 36.0
            total += chance * ((25 - p) * 0.5 + 4.0) * (1.0 + strength / 6.0)
    return total


def _wastage(side: tuple[int, ...]) -> float:
    """Checkers piled on the low points waste pips when bearing off."""
    return float(side[0] * 2 + side[1])


def _gammon_likely(position: Position) -> bool:
    """The resigner (``position.player``, on roll, nothing borne off) is far from bearing a
    checker off."""
    me = position.player
    to_home = sum(n * (i + 1 - 6) for i, n in enumerate(me) if i >= 6)
    opp_pips = position.pip_counts()[1]
    return to_home > 0.5 * opp_pips or (me[24] > 0 and position.is_contact() and to_home > 30)


def _backgammon_likely(position: Position) -> bool:
    """The resigner still has checkers on the bar or in the winner's home board and is far behind."""
    me = position.player
    stuck = me[24] + sum(me[18:24])
    return stuck > 0 and position.pip_counts()[1] < 40


BOTS = {"beginner": BeginnerBot}


def make_bot(name: str) -> BeginnerBot:
    """A bot by level name (``beginner``)."""
    try:
        return BOTS[name.strip().lower()]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}") from None


__all__ = [
    "BOTS",
    "BeginnerBot",
    "certain_gammon",
    "certain_loss",
    "choose_variant_play",
    "evaluate",
    "evaluate_variant",
    "make_bot",
    "variant_name",
    "win_probability",
]

