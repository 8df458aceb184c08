"""gnubg-style contact features of a Portes position: integers the contact net takes as extra inputs.

``features(me, opp)`` describes side ``me`` against ``opp`` (25 counts each, own numbering, index 24
the bar), then ``opp`` against ``me``, each as :data:`N_FEATURES` non-negative integers; the net's input is each value
divided by its entry of :data:`SCALES`. Every value is an integer so that its contribution to a
hidden layer is the value times one packed vector (``tavli.ai.evaluator.Net``).

The features (after gnubg's eval.c, simplified):

* ``shots``: rolls out of 36 on which ``opp`` hits at least one blot of ``me`` (direct and
  combination shots; a combination's intermediate landing points must not be made by ``me``;
  checkers of ``opp`` on the bar must enter first, and with two or more on the bar only entering
  checkers hit);
* ``pip_loss``: the sum over those rolls of the pips the worst hit costs ``me`` (36 x average);
* ``escapes``: rolls out of 36 on which ``me``'s rearmost checker can land beyond ``opp``'s made
  points in the 12 points ahead (gnubg's Escapes: the roll's total lands on an open point through
  an open intermediate point);
* ``containment``: the fewest escapes over ``me``'s points 16..24 and the bar (how well ``opp``'s
  points hem in a checker there, whether or not ``me`` has one);
* ``break_contact``: the pips ``me`` must move to have every checker past ``opp``'s rearmost one;
* ``entry``: with checkers on the bar, the square of ``opp``'s closed home points (the rolls on which
  one checker cannot enter; 0 when none is on the bar).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

FEATURES = ("shots", "pip_loss", "escapes", "containment", "break_contact", "entry")
N_FEATURES = len(FEATURES)
SCALES = (36.0, 432.0, 36.0, 36.0, 152.0, 36.0)  # input = value / scale (pip_loss: gnubg's 12 x 36)


def _escape_table() -> list[int]:
    """Escapes for each 12-bit mask of blocked points ahead (bit i: the point i + 1 pips ahead): a
    roll escapes when its total lands on an open point through an open intermediate point (gnubg's
    anEscapes). Computed for all masks at once, one byte per mask in a big int (so the module
    imports in a fraction of a millisecond, not the 20 ms of a loop over masks and rolls)."""
    n = 1 << 12
    ones = int.from_bytes(b"\x01" * n, "little")
    bit = [int.from_bytes((b"\x00" * (1 << k) + b"\x01" * (1 << k)) * (n >> (k + 1)), "little") for k in range(12)]
    total = 0  # at most 36 per byte: no carries
    for a in range(6):
        for b in range(a + 1):
            total += (1 if a == b else 2) * (ones & ~(bit[a + b + 1] | (bit[a] & bit[b])))
    return list(total.to_bytes(n, "little"))


# Points are bits of small ints: bit i for index i (point i + 1; 24 the bar), so that a move of d
# pips is a shift by d. They are built from the counts by bytes.translate to ASCII digits and int(.., 2).
_ESCAPES = _escape_table()
_BOARD = (1 << 24) - 1  # indices 0..23, without the bar
_ONE = bytes(49 if n == 1 else 48 for n in range(256))
_TWO_UP = bytes(49 if n >= 2 else 48 for n in range(256))
_ANY = bytes(49 if n else 48 for n in range(256))
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a)]  # non-doubles, 2 ways each
_ENTRY = [0] + [1 << (24 - d) for d in range(1, 7)]  # where die d enters from the bar
_PIP_WEIGHTS = tuple(range(1, 26))
_PIP_SQUARES = tuple(i * i for i in range(1, 26))
_INDICES = tuple(range(25))
_SPARES = bytes(0 if n == 0 or n == 2 else 1 if n == 1 else n - 2 for n in range(256))  # timing's spares


_NO_SHOTS = (0, 0, 0)
_DOUBLES_ONLY = (15, 16, 18, 20, 24)  # the distances over 12 that a double covers
_HITS: dict[int, int] = {}  # _rolls_hitting, memoised


def _rolls_hitting(key: int) -> int:
    """The rolls (bit 6 (a - 1) + b - 1 for dice a, b: 36 bits) on which a checker ``key & 31``
    pips above a blot hits it, given the blocked points between them (``key >> 5``, bit i: i + 1
    pips above the blot)."""
    k, window = key & 31, key >> 5
    mask = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                hit = k % a == 0 and k // a <= 4 and not any(window >> (k - a * m - 1) & 1 for m in range(1, k // a))
            else:
                hit = k in (a, b) or (k == a + b and not (window >> (b - 1) & 1 and window >> (a - 1) & 1))
            if hit:
                mask |= 1 << (6 * (a - 1) + b - 1)
    return mask


def _shots_off_bar(movers: int, blots: int, blocked: int) -> tuple[int, int, int]:
    """:func:`_shots` with nobody on the bar, blot by blot from the costliest: the union of the rolls
    on which each checker above it hits it (looked up by its distance and the blocks between)."""
    hitting = twice = loss = 0
    hits = _HITS
    while blots:
        j = blots.bit_length() - 1
        blots ^= 1 << j
        above = movers >> (j + 1) & 0xFFFFFF  # bit i: a checker i + 1 pips above the blot
        window = blocked >> (j + 1)
        rolls = 0
        while above:
            low = above & -above
            above ^= low
            k = low.bit_length()
            if k > 12 and k not in _DOUBLES_ONLY:
                continue
            key = k | (window & (low - 1)) << 5
            r = hits.get(key)
            if r is None:
                if len(hits) > 1 << 16:
                    hits.clear()
                r = hits[key] = _rolls_hitting(key)
            rolls |= r
        twice |= rolls & hitting
        new = rolls & ~hitting
        if new:
            loss += new.bit_count() * (j + 1)  # the rolls that hit no costlier blot
            hitting |= new
    return hitting.bit_count(), loss, twice.bit_count()


@lru_cache(maxsize=1 << 14)
def _shots(on_bar: int, movers: int, blots: int, blocked: int) -> tuple[int, int, int]:
    """(rolls hitting, sum of the pips lost, rolls hitting two blots) for a side with ``on_bar`` checkers on the bar and
    ``movers`` (its occupied points 1..24) hitting ``blots`` past ``blocked`` (the points the other
    side holds), all masks in the hitting side's numbering (a hit on index j costs j + 1 pips).
    With checkers on the bar, roll by roll: they enter first. Memoised: the plays of one roll
    mostly leave one side's blots and the other's checkers as they were."""
    if not on_bar:
        return _shots_off_bar(movers, blots, blocked)
    open_ = ~blocked
    sd = (0, movers >> 1, movers >> 2, movers >> 3, movers >> 4, movers >> 5, movers >> 6)
    en = [e & open_ for e in _ENTRY]  # 0 where the die cannot enter
    if on_bar == 1:  # one die enters, the other moves any checker (the entered one too)
        hits = [((en[a] | en[a] >> b | sd[b] if en[a] else 0) | (en[b] | en[b] >> a | sd[a] if en[b] else 0))
                & blots for a, b in _ROLLS]
    else:
        hits = [(en[a] | en[b]) & blots for a, b in _ROLLS]
    doubles = []
    for d in range(1, 7):
        reach = c = en[d]
        if c:
            if on_bar < 4:
                c |= movers
            for _ in range(4 - on_bar):
                c = c >> d & open_
                reach |= c
        doubles.append(reach & blots)
    n_hits = 15 - hits.count(0)
    n_doubles = 6 - doubles.count(0)
    loss = 2 * sum(map(int.bit_length, hits)) + sum(map(int.bit_length, doubles))
    twice = 2 * sum(1 for h in hits if h & (h - 1)) + sum(1 for h in doubles if h & (h - 1))
    return 2 * n_hits + n_doubles, loss, twice


def features(me: Sequence[int], opp: Sequence[int]) -> list[int]:
    """The :data:`FEATURES` of ``me`` against ``opp``, then those of ``opp`` against ``me``."""
    return _features(me, opp, False)


def _features(me: Sequence[int], opp: Sequence[int], extended: bool) -> list[int]:
    me_b, opp_b = bytes(me[::-1]), bytes(opp[::-1])  # own numbering once read by int(.., 2)
    me_r, opp_r = bytes(me[:24]), bytes(opp[:24])  # the other side's numbering, no bar
    me_blots, opp_blots = int(me_r.translate(_ONE), 2), int(opp_r.translate(_ONE), 2)
    me_occ, opp_occ = int(me_b.translate(_ANY), 2), int(opp_b.translate(_ANY), 2)
    me_made, opp_made = int(me_b.translate(_TWO_UP), 2) & _BOARD, int(opp_b.translate(_TWO_UP), 2) & _BOARD
    me_shots = _shots(opp[24], opp_occ & _BOARD, me_blots, int(me_r.translate(_TWO_UP), 2)) if me_blots else _NO_SHOTS
    opp_shots = _shots(me[24], me_occ & _BOARD, opp_blots, int(opp_r.translate(_TWO_UP), 2)) if opp_blots else _NO_SHOTS
    values = [me_shots[0], me_shots[1], *_rest(me, me_occ, opp_occ, opp_made),
              opp_shots[0], opp_shots[1], *_rest(opp, opp_occ, me_occ, me_made)]
    if extended:
        values += _extra(me, me_b, me_made, me_occ, opp_made, opp_occ, me_shots[2])
        values += _extra(opp, opp_b, opp_made, opp_occ, me_made, me_occ, opp_shots[2])
    return values


_CONTAINMENT: dict[int, int] = {}


def _containment(walls: int, first: int = 0) -> int:
    """The fewest escapes from me's points 16..24 and the bar in front of ``walls`` (see
    :func:`_rest`), or from its index ``24 - first`` down to 15 only, memoised: a search meets few
    distinct walls."""
    key = walls | first << 21  # walls: 21 bits
    c = _CONTAINMENT.get(key)
    if c is None:
        if len(_CONTAINMENT) > 1 << 16:
            _CONTAINMENT.clear()
        c = _CONTAINMENT[key] = min(_ESCAPES[walls >> s & 0xFFF] for s in range(first, 10))
    return c


def clear_memos() -> None:
    """Forget every memoised part (benchmarks that value positions afresh; tests of the memos)."""
    _shots.cache_clear()
    for memo in (_HITS, _CONTAINMENT, _OWN):
        memo.clear()


def _rest(me: Sequence[int], me_occ: int, opp_occ: int, walls: int) -> tuple[int, int, int, int]:
    """escapes, containment, break_contact and entry of ``me``; ``walls``: the other side's made
    points in its own numbering (its index j is me's index 23 - j, so the point i + 1 pips ahead of
    me's index b is its index 24 - b + i)."""
    back = me_occ.bit_length() - 1  # me's rearmost index (24: the bar)
    escapes = _ESCAPES[walls >> (24 - back) & 0xFFF]
    opp_back = 24 - (opp_occ.bit_length() - 1)  # me's index of the other's rearmost checker, +1
    breaking = sum(map(mul, me[opp_back:25], _PIP_WEIGHTS))  # me's checkers beyond it: pips to pass it
    entry = 0
    if me[24]:
        closed = (walls & 0x3F).bit_count()
        entry = closed * closed
    return escapes, _containment(walls & 0x1FFFFF), breaking, entry


EXTRA_FEATURES = ("double_shots", "back_checker", "back_anchor", "forward_anchor", "mobility", "moment2",
                  "timing", "enter2", "a_containment")
N_EXTRA = len(EXTRA_FEATURES)
EXTRA_SCALES = (36.0, 24.0, 24.0, 6.0, 100.0, 400.0, 100.0, 36.0, 36.0)


def extended_features(me: Sequence[int], opp: Sequence[int]) -> list[int]:
    """:func:`features`, then the :data:`EXTRA_FEATURES` of ``me`` against ``opp``, then those of
    ``opp`` against ``me`` (more of gnubg's contact inputs, after eval.c's descriptions):

    * ``double_shots``: rolls out of 36 on which two of the side's blots are each hit by some
      play of the roll (not necessarily one play; after gnubg's I_P2, simplified: that counts
      hitters and ways);
    * ``back_checker``: the rearmost checker's point (25: the bar; 0 when none);
    * ``back_anchor``: the rearmost point the side holds with two or more (0 when none);
    * ``forward_anchor``: an anchor in the other's home on its point k (1..6), the highest such k;
      else one on its points 7..12, the lowest; else 12;
    * ``mobility``: over the side's checkers outside its home, the rolls that let each escape
      (as ``escapes``) times its distance from home, summed, over 36 (rounded: small integers keep
      the packed sums exact enough, ``tavli.ai.evaluator.Net``);
    * ``moment2``: the mean squared distance from the side's mean checker point of the checkers
      behind that mean, rounded (pips squared; gnubg's I_MOMENT2 simplified: the exact mean);
    * ``timing``: the pips the side can play before it must break its home board points or its
      anchor ahead of the other's rearmost checker on the board (gnubg's timing, clipped at 0;
      unlike gnubg's, a checker of the other's on the bar does not count as its rearmost);
    * ``enter2``: 36 - (6 - n)^2 with n the other's closed home points (the rolls with at least
      one die blocked: two checkers on the bar would not both enter);
    * ``a_containment``: the fewest escapes over the side's points 16 to its rearmost checker
      (36 when that lies before point 16).
    """
    return _features(me, opp, True)


_OWN: dict[bytes, tuple[int, int, int, int, int]] = {}  # _own_terms, memoised
_BYTE = [bytes([k]) for k in range(26)]


def _extra(me: Sequence[int], me_b: bytes, made: int, occ: int, walls: int, opp_occ: int, twice: int) -> list[int]:
    """The :data:`EXTRA_FEATURES` of ``me`` (``me_b``: its counts from the bar down; ``made``,
    ``occ``: its points with two or more and with any, bar included in ``occ``) against the other
    side (``walls``: its made points in its own numbering, ``opp_occ`` its occupied ones). What
    depends on ``me`` alone and the other's rearmost checker is remembered: in a look-ahead one
    side stays the same over many positions."""
    opp_back = 23 - ((opp_occ & _BOARD).bit_length() - 1)  # me's index of the other's rearmost
    key = me_b + _BYTE[opp_back]
    own = _OWN.get(key)
    if own is None:
        if len(_OWN) > 1 << 16:
            _OWN.clear()
        own = _OWN[key] = _own_terms(me, made, occ, opp_back)
    back, anchor, forward, moment2, timing = own
    mobility = 0
    outside = occ >> 6  # bit i: index i + 6
    while outside:
        low = outside & -outside
        outside ^= low
        i = low.bit_length() + 5
        mobility += me[i] * (i - 5) * _ESCAPES[walls >> (24 - i) & 0xFFF]
    closed = (walls & 0x3F).bit_count()
    a_containment = _containment(walls & 0x1FFFFF, 25 - back) if back >= 16 else 36
    return [twice, back, anchor, forward, round(mobility / 36), moment2, timing, 36 - (6 - closed) ** 2, a_containment]


def _own_terms(me: Sequence[int], made: int, occ: int, opp_back: int) -> tuple[int, int, int, int, int]:
    """back_checker, back_anchor, forward_anchor, moment2 and timing of ``me``."""
    home_anchors = made >> 18 & 0x3F
    if home_anchors:
        forward = 6 - ((home_anchors & -home_anchors).bit_length() - 1)
    elif made >> 12 & 0x3F:
        forward = 12 - ((made >> 12 & 0x3F).bit_length() - 1)
    else:
        forward = 12
    return occ.bit_length(), made.bit_length(), forward, _moment2(me), _timing(me, opp_back)


def _moment2(me: Sequence[int]) -> int:
    """The mean of (point - mean point)^2 over the checkers behind the mean point, rounded: with
    c checkers, T = the sum of their points and k = T // c the first index behind the mean, the
    sums over indices k.. of n, n x point and n x point^2 give it without a loop."""
    count = sum(me)
    if not count:
        return 0
    total: int = sum(map(mul, me, _PIP_WEIGHTS))
    k = total // count
    tail = me[k:]
    behind = sum(tail)
    if not behind:
        return 0
    s1: int = sum(map(mul, tail, _PIP_WEIGHTS[k:]))
    s2: int = sum(map(mul, tail, _PIP_SQUARES[k:]))
    spread = count * count * s2 - 2 * count * total * s1 + total * total * behind
    return round(spread / (behind * count * count))


def _timing(me: Sequence[int], opp_back: int) -> int:
    """gnubg's timing: spare pips outside the side's made points ahead of the other's rearmost
    checker (all checkers on its points 7..12 and those behind the other's rearmost; on the
    others, those beyond two, or a blot), less what refilling the home points costs."""
    split = min(max(opp_back, 11), 23)  # indices above it: only spares count (24: none on the board)
    outer = bytes(me[split + 1 : 24]).translate(_SPARES)
    middle = me[6 : split + 1]
    spare = me[24] + sum(outer) + sum(middle)
    t: int = 24 * me[24] + sum(map(mul, outer, _INDICES[split + 1 : 24])) + sum(map(mul, middle, _INDICES[6 : split + 1]))
    for i in range(5, -1, -1):
        n = me[i]
        if n > 2:
            t += i * (n - 2)
            spare += n - 2
        elif n < 2 and spare >= 2 - n:
            t -= i * (2 - n)
            spare -= 2 - n
    return max(t, 0)
