"""Exact values without a net at the end of a Portes game: a finished game's gammon flags, and the
last roll of a side whose opponent bears its last checkers off on its next roll whatever it throws.

Sides are 25 counts in their owner's numbering (index 24: the bar), as the evaluator takes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..dice import ROLLS
from ..games.portes import legal_sequences, trusted_position
from . import bearoff

Probs = tuple[float, float, float, float, float]


def loss_flags(loser: Sequence[int]) -> tuple[float, float]:
    """(gammon, backgammon) indicators for a side whose opponent has borne everything off: a
    gammon with none of its own borne off, a backgammon when it also has a checker in the
    winner's home board or on the bar."""
    if sum(loser) < 15:
        return (0.0, 0.0)
    # The winner's home board is the loser's points 19..24 (indices 18..23); 24 is the bar.
    return (1.0, 1.0) if any(loser[18:25]) else (1.0, 0.0)


def finishes_next_roll(side: Sequence[int]) -> bool:
    """True when ``side`` (not on roll) bears its last checkers off on any roll: all home, at most
    four left (a roll bears off four at most) and the bear-off database's chance of one roll is 1."""
    if any(side[6:]) or sum(side) > 4:
        return False
    return bearoff.rolls_distribution(tuple(side[:6]))[1] > 1.0 - 1e-9


def last_roll_probs(me: Sequence[int], opp: Sequence[int]) -> Probs:
    """Exact (win, wg, wbg, lg, lbg) for ``me`` on roll when ``opp`` bears its last checkers off on
    its next roll whatever it throws (no contact): this roll is ``me``'s last. For each roll ``me``
    wins if some play bears all its checkers off; otherwise it loses, with the gammon and
    backgammon flags of its play that saves the most (:func:`loss_flags`)."""
    start = trusted_position(tuple(me), tuple(opp))
    counts = [0, 0, 0, 0, 0]  # in 36ths of rolls, so that the sums are exact
    for a, b in ROLLS:
        ways = 1 if a == b else 2
        least = (1.0, 1.0)  # (gammon, backgammon) after the play that saves the most so far
        for mine, _, _ in legal_sequences(start, (a, b)):
            if not any(mine):
                g, bg = loss_flags(opp)
                counts[0] += ways
                counts[1] += ways * int(g)
                counts[2] += ways * int(bg)
                break
            least = min(least, loss_flags(mine), key=sum)
        else:
            counts[3] += ways * int(least[0])
            counts[4] += ways * int(least[1])
    win, wg, wbg, lg, lbg = (c / 36 for c in counts)
    return win, wg, wbg, lg, lbg
