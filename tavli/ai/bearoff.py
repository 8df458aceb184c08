"""Exact bear-off database: one-sided roll distributions for up to 15 checkers on the home points.

The data (built by ``tools/bearoff.py``) is stored zlib-compressed and Base64-encoded in
``tavli/ai/_bearoff_data.py`` so that it travels to the browser like any other module. A home
board is a tuple of 6 counts (index ``i`` = point ``i + 1``). ``rolls_distribution(board)[n]`` is
the chance that bearing everything off takes exactly ``n`` rolls (each roll played to minimise the
expected number of rolls); ``first_off_distribution`` the same for the first checker off when all
fifteen are on the board (gammon chances).

Two-sided race with both sides all home, the side on roll A and the other B:
``P(A wins) = sum_n PA(n) * PB(>= n)``; A wins a gammon when B, with fifteen checkers on the board,
has borne none off after ``n - 1`` rolls.
"""

from __future__ import annotations

import base64
import struct
import zlib
from functools import lru_cache

MAX_ROLLS = 32


def enumerate_positions() -> list[tuple[int, ...]]:
    """Every home board with 0..15 checkers, in the database's order (lexicographic counts)."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == 6:
            out.append(prefix)
            return
        for n in range(left + 1):
            rec(prefix + (n,), left - n)

    rec((), 15)
    return out


def _decode_table(blob: bytes, at: int) -> tuple[list[tuple[int, int, int]], int]:
    (count,) = struct.unpack_from("<I", blob, at)
    at += 4
    heads = blob[at : at + 2 * count]
    at += 2 * count
    entries = []
    offset = 0
    for i in range(count):
        lo, n = heads[2 * i], heads[2 * i + 1]
        entries.append((lo, n, offset))
        offset += n
    values_at = at
    at += 2 * offset
    return [(lo, n, values_at + 2 * off) for lo, n, off in entries], at


@lru_cache(maxsize=1)
def rolls_table():
    """(index of board -> (lo, len, byte offset)) for both tables, and the raw bytes."""
    from ._bearoff_data import DATA  # noqa: PLC0415 (large: loaded on first use)

    blob = zlib.decompress(base64.b64decode(DATA))
    if blob[:4] != b"TBO1":
        raise ValueError("bear-off database: bad header")
    full, at = _decode_table(blob, 4)
    first, _ = _decode_table(blob, at)
    order = enumerate_positions()
    index = {p: i for i, p in enumerate(order)}
    index15 = {p: i for i, p in enumerate(p for p in order if sum(p) == 15)}
    return blob, full, first, index, index15


def _dist(blob: bytes, entry: tuple[int, int, int]) -> list[float]:
    lo, n, at = entry
    vals = struct.unpack_from(f"<{n}H", blob, at)
    d = [0.0] * MAX_ROLLS
    for k, v in enumerate(vals):
        d[lo + k] = v / 65535.0
    return d


@lru_cache(maxsize=20000)
def rolls_distribution(board: tuple[int, ...]) -> list[float]:
    """P(exactly n rolls to bear off everything), n = 0..MAX_ROLLS-1."""
    blob, full, _, index, _ = rolls_table()
    return _dist(blob, full[index[tuple(board)]])


@lru_cache(maxsize=20000)
def first_off_distribution(board: tuple[int, ...]) -> list[float]:
    """P(exactly n rolls to bear off the first checker); all mass at 0 unless 15 are on the board."""
    if sum(board) < 15:
        return [1.0] + [0.0] * (MAX_ROLLS - 1)
    blob, _, first, _, index15 = rolls_table()
    return _dist(blob, first[index15[tuple(board)]])


def expected_rolls(board: tuple[int, ...]) -> float:
    return sum(n * p for n, p in enumerate(rolls_distribution(board)))


def is_bearoff(player: tuple[int, ...], opponent: tuple[int, ...]) -> bool:
    """True when both sides (25-count tuples) have every checker left in their home boards."""
    return not any(player[6:]) and not any(opponent[6:])


def race_probs(player: tuple[int, ...], opponent: tuple[int, ...]) -> tuple[float, float, float, float, float]:
    """(win, wg, wbg, lg, lbg) for the side on roll, both sides all home (no backgammons)."""
    a, b = tuple(player[:6]), tuple(opponent[:6])
    pa, pb = rolls_distribution(a), rolls_distribution(b)
    fa, fb = first_off_distribution(a), first_off_distribution(b)
    # Tails: tb[n] = P(B needs >= n rolls); tfb[n] = P(B's first checker needs >= n rolls).
    win = wg = lg = 0.0
    cb = cfb = 0.0
    for n in range(1, MAX_ROLLS):
        cb += pb[n - 1]
        cfb += fb[n - 1]
        win += pa[n] * (1.0 - cb)  # B has not finished in n - 1 rolls
        wg += pa[n] * (1.0 - cfb)  # B has not borne a checker off in n - 1 rolls
    # B wins a gammon when it finishes in n rolls before A bore a checker off in n rolls.
    tfa = 0.0
    for n in range(1, MAX_ROLLS):
        tfa += fa[n]  # P(A's first checker within n rolls), fa[0] = 0 when A has 15 on board
        lg += pb[n] * (1.0 - tfa - fa[0])
    win = min(max(win, 0.0), 1.0)
    wg = min(max(wg, 0.0), win)
    lg = min(max(lg, 0.0), 1.0 - win)
    return win, wg, 0.0, lg, 0.0
