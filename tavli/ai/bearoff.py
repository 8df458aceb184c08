"""Exact bear-off database: one-sided roll distributions for up to 15 checkers on the home points.

The data (built by ``tools/bearoff.py``) is stored zlib-compressed and Base64-encoded in
``tavli/ai/_bearoff_data.py`` so that it travels to the browser like any other module (in the
archive fetched after boot: see ``web/aidata.py``). It is decoded once, on first use, or ahead of
time and in slices by :func:`load_steps` (a steps generator, :mod:`tavli.steps`). A home
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
from functools import lru_cache

from ..steps import Steps, decompress_steps, finish

MAX_ROLLS = 32
Board = tuple[int, ...]  # a home board: the checkers on points 1..6


def enumerate_positions() -> list[tuple[int, ...]]:
    """Every home board with 0..15 checkers, in the database's order (lexicographic counts)."""
    out: list[tuple[int, ...]] = []
    finish(_positions_steps(out, {}, {}))
    return out


def _positions_steps(out: list[Board], index: dict[Board, int], index15: dict[Board, int]) -> Steps[None]:
    """Append every home board to ``out`` in order, indexing them (``index15``: the boards with
    fifteen checkers, in order); yields every few hundred boards."""
    for a in range(16):
        for b in range(16 - a):
            left = 15 - a - b
            for c in range(left + 1):
                for d in range(left - c + 1):
                    for e in range(left - c - d + 1):
                        rest = left - c - d - e
                        for f in range(rest + 1):
                            board = (a, b, c, d, e, f)
                            index[board] = len(out)
                            out.append(board)
                            if f == rest:
                                index15[board] = len(index15)
            yield


def _decode_steps(blob: bytes, at: int) -> Steps[tuple[list[Entry], int]]:
    """One table of the blob from byte ``at``: (lo, len, byte offset) per board, and where the next
    table starts."""
    (count,) = struct.unpack_from("<I", blob, at)
    at += 4
    heads = blob[at : at + 2 * count]
    values_at = at + 2 * count
    entries = []
    offset = 0
    for i in range(count):
        lo, n = heads[2 * i], heads[2 * i + 1]
        entries.append((lo, n, values_at + 2 * offset))
        offset += n
        if i % 4096 == 4095:
            yield
    return entries, values_at + 2 * offset


Entry = tuple[int, int, int]  # a board's distribution in the blob: (first n, its length, byte offset)
Table = tuple[bytes, list[Entry], list[Entry], dict[Board, int], dict[Board, int]]
_TABLE: Table | None = None  # (blob, full, first, index, index15) once decoded


def loaded() -> bool:
    """Whether the database has been decoded (:func:`load_steps`)."""
    return _TABLE is not None


def load_steps() -> Steps[None]:
    """Decode the database (a steps generator: yields between units of a few milliseconds);
    nothing to do once it is decoded."""
    global _TABLE
    if _TABLE is not None:
        return
    from ._bearoff_data import DATA  # noqa: PLC0415 (large: loaded on first use)

    raw = base64.b64decode(DATA)
    yield
    blob = yield from decompress_steps(raw)
    if blob[:4] != b"TBO1":
        raise ValueError("bear-off database: bad header")
    full, at = yield from _decode_steps(blob, 4)
    first, _ = yield from _decode_steps(blob, at)
    order: list[Board] = []
    index: dict[Board, int] = {}
    index15: dict[Board, int] = {}
    yield from _positions_steps(order, index, index15)
    if _TABLE is None:  # (another loader may have finished meanwhile)
        _TABLE = (blob, full, first, index, index15)


def forget() -> None:
    """Drop the decoded database and every distribution taken from it (after rewriting the data)."""
    global _TABLE
    _TABLE = None
    rolls_distribution.cache_clear()
    first_off_distribution.cache_clear()


def rolls_table() -> Table:
    """(index of board -> (lo, len, byte offset)) for both tables, and the raw bytes: ``(blob,
    full, first, index, index15)``, decoded on first use."""
    if _TABLE is None:
        finish(load_steps())
    assert _TABLE is not None
    return _TABLE


def _dist(blob: bytes, entry: Entry) -> list[float]:
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
