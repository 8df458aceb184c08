"""Exact bear-off database: one-sided roll distributions for up to 15 checkers on the home points.

A home board is a tuple of 6 counts (index ``i`` = point ``i + 1``). ``rolls_distribution(board)[n]``
is the chance that bearing everything off takes exactly ``n`` rolls (each roll played to minimise
the expected number of rolls); ``first_off_distribution`` the same for the first checker off when
all fifteen are on the board (gammon chances).

Two-sided race with both sides all home, the side on roll A and the other B:
``P(A wins) = sum_n PA(n) * PB(>= n)``; A wins a gammon when B, with fifteen checkers on the board,
has borne none off after ``n - 1`` rolls.

The data, ``tavli/ai/data/bearoff.bin`` (built by ``tools/bearoff.py``; a data file of
:mod:`tavli.ai.datafile`, kind "bearoff"), holds each distribution in fixed point: its cumulative
distribution rounded to multiples of ``1 / scale`` (``scale`` = 2016 = 56 x 36: a roll's 1/36 is
exact), stored as the differences (``PA(n) * scale``, integers summing to ``scale``). So every
cumulative probability is within ``1 / (2 scale)`` (2.5e-4) of the exact one, whatever the
distribution's length, and a two-sided probability within about twice that.

Per board, ``heads`` give its span (the first ``n`` and the length of the part where its values or
their prediction are not 0), then come the values over the span, as residuals from a prediction:
none for the first-checker table; for the full table three boards with fewer pips
(:func:`_references`: ``a`` the highest checker moved down one point, ``b`` the lowest above the
ace point, ``ab`` both; ``a + b - ab``). The residuals are zigzag codes in a low and a high byte
plane (:func:`tavli.ai.datafile.planes`), which deflate packs to 0.29 MB (plain 16-bit values:
0.8 MB). Decoding goes in reverse order, where each board's references come before it, with each
row one int of 16-bit fields (one addition per reference): about 0.2 s under CPython, once, on
first use, or ahead of time and in slices by :func:`load_steps` (a steps generator,
:mod:`tavli.steps`).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate, islice

from ..steps import Steps, finish
from . import datafile

MAX_ROLLS = 32
DATA_FILE = "bearoff.bin"  # in tavli/ai/data/
Board = tuple[int, ...]  # a home board: the checkers on points 1..6
# Units of the database's decoding between two yields: each about a millisecond under CPython
# (a few in Pyodide, where the page runs them in slices).
_ROWS_PER_STEP = 200  # boards decoded
_CODES_PER_STEP = 1000  # board codes made (and their residuals located)
_WIDE_PER_STEP = 500  # residuals of 256 or more decoded one by one
_BYTES_PER_STEP = 1 << 16  # residual bytes decoded by the byte tables


def enumerate_positions() -> list[tuple[int, ...]]:
    """Every home board with 0..15 checkers, in the database's order (lexicographic counts)."""
    out: list[tuple[int, ...]] = []
    finish(_positions_steps(out, None, {}))
    return out


def _positions_steps(out: list[Board], index: dict[Board, int] | None, index15: dict[Board, int]) -> Steps[None]:
    """Append every home board to ``out`` in order, indexing them in ``index`` (if given) and the
    boards with fifteen checkers in ``index15``, in order; yields every few hundred boards."""
    for a in range(16):
        for b in range(16 - a):
            left = 15 - a - b
            for c in range(left + 1):
                for d in range(left - c + 1):
                    for e in range(left - c - d + 1):
                        rest = left - c - d - e
                        for f in range(rest + 1):
                            board = (a, b, c, d, e, f)
                            if index is not None:
                                index[board] = len(out)
                            out.append(board)
                            if f == rest:
                                index15[board] = len(index15)
                yield


def _down(board: Board, point: int) -> Board:
    """``board`` with one checker of index ``point`` (> 0, occupied) moved down one point."""
    moved = list(board)
    moved[point] -= 1
    moved[point - 1] += 1
    return tuple(moved)


def _moves(board: Board) -> tuple[int, ...]:
    """The points whose checker moves down one point in ``board``'s references: its highest
    occupied point above the ace point, then its lowest one if that is another (see
    :func:`_references`)."""
    occupied = [i for i in range(1, 6) if board[i]]
    if not occupied:
        return ()
    return (occupied[-1],) if len(occupied) == 1 else (occupied[-1], occupied[0])


def _references(board: Board) -> tuple[Board, ...]:
    """The boards that predict ``board``'s distribution: ``(a, b, ab)`` (prediction ``a + b - ab``),
    ``(a,)`` (just ``a``) or ``()`` (nothing: every checker on the ace point), ``a`` with the
    highest checker moved down, ``b`` the lowest above the ace point. A checker moved down comes
    later in the database's (lexicographic) order."""
    moves = _moves(board)
    if not moves:
        return ()
    a = _down(board, moves[0])
    return (a,) if len(moves) == 1 else (a, _down(board, moves[1]), _down(a, moves[1]))


def prediction(board: Board, row: Callable[[Board], list[int]]) -> list[int]:
    """The predicted distribution of ``board`` (``MAX_ROLLS`` fixed-point values) from its
    references' (``row(board)``: their values); :func:`_decode_table_steps` does the same on
    packed rows."""
    refs = [row(r) for r in _references(board)]
    if not refs:
        return [0] * MAX_ROLLS
    if len(refs) == 1:
        return refs[0]
    return [x + y - z for x, y, z in zip(*refs)]


RESIDUAL_BIAS = 1 << 15  # a residual r as a field of a packed row: r + RESIDUAL_BIAS
_FIELD = 16  # bits per value in a packed row
_ROW = struct.Struct(f"<{MAX_ROLLS}H")


def _code(board: Board) -> int:
    """A board as one int (4 bits a point): the key of its packed row."""
    return board[0] | board[1] << 4 | board[2] << 8 | board[3] << 12 | board[4] << 16 | board[5] << 20


def _byte_tables() -> tuple[bytes, bytes, bytes]:
    """For a zigzag code below 256: the low and high bytes of its ``r + RESIDUAL_BIAS``; and a
    table marking the bytes that are not 0."""
    biased = [((z >> 1) ^ -(z & 1)) + RESIDUAL_BIAS for z in range(256)]
    return bytes(u & 255 for u in biased), bytes(u >> 8 for u in biased), bytes([0] + [1] * 255)


_LOW, _HIGH, _NONZERO = _byte_tables()


def _unzigzag_steps(low: bytes, high: bytes) -> Steps[bytearray]:
    """The zigzag codes ``low | high << 8`` as little-endian uint16 ``r + RESIDUAL_BIAS``: by
    byte tables (:data:`_BYTES_PER_STEP` at a time), then the codes of 256 or more one by one (few
    in the predicted table, most in the other), yielding every :data:`_WIDE_PER_STEP` of them."""
    out = bytearray(2 * len(low))
    for at in range(0, len(low), _BYTES_PER_STEP):
        part = low[at : at + _BYTES_PER_STEP]
        end = 2 * (at + len(part))
        out[2 * at : end : 2], out[2 * at + 1 : end : 2] = part.translate(_LOW), part.translate(_HIGH)
        yield
    marks = high.translate(_NONZERO)
    i = marks.find(1)
    done = 0
    while i >= 0:
        z = low[i] | high[i] << 8
        out[2 * i : 2 * i + 2] = (((z >> 1) ^ -(z & 1)) + RESIDUAL_BIAS).to_bytes(2, "little")
        i = marks.find(1, i + 1)
        done += 1
        if done % _WIDE_PER_STEP == 0:
            yield
    return out


_DOWN = [0] + [(1 << 4 * (p - 1)) - (1 << 4 * p) for p in range(1, 6)]  # _code(_down(b, p)) - _code(b)


class Table:
    """The decoded database: each board's distribution as one int of ``MAX_ROLLS`` 16-bit fields
    (``1 / scale`` units), by :func:`_code`; ``full`` for every board, ``first`` for the fifteens."""

    def __init__(self, scale: int, full: dict[int, int], first: dict[int, int]) -> None:
        self.scale, self.full, self.first = scale, full, first

    def distribution(self, rows: dict[int, int], board: Board) -> list[float]:
        inv = 1.0 / self.scale
        return [v * inv for v in _ROW.unpack(rows[_code(board)].to_bytes(_ROW.size, "little"))]


_TABLE: Table | None = None


def loaded() -> bool:
    """Whether the database has been decoded (:func:`load_steps`)."""
    return _TABLE is not None


def decode_steps(data: bytes, origin: str = DATA_FILE) -> Steps[Table]:
    """The database of a data file's bytes (a steps generator; :class:`datafile.DataFileError`
    for a file that is not one or whose values do not decode)."""
    header, arrays = datafile.read(data, "bearoff", origin)
    scale = int(header["meta"]["scale"])
    yield
    order: list[Board] = []
    index15: dict[Board, int] = {}
    yield from _positions_steps(order, None, index15)
    full = yield from _decode_table_steps(arrays, "full", order, scale, origin, predicted=True)
    fifteens = list(index15)
    del index15
    while order:  # freed a part at a time: tens of thousands of boards take milliseconds
        del order[-_CODES_PER_STEP:]
        yield
    first = yield from _decode_table_steps(arrays, "first", fifteens, scale, origin, predicted=False)
    return Table(scale, full, first)


def _decode_table_steps(arrays: dict[str, Sequence[int]], name: str, order: list[Board], scale: int,
                        origin: str, *, predicted: bool) -> Steps[dict[int, int]]:
    """One table's packed rows by board code. A row is ``prediction + residuals``, computed on
    the packed ints: the sum is the row whatever the carries between fields in between."""
    heads, low, high = arrays[f"{name}.heads"], arrays[f"{name}.lo"], arrays[f"{name}.hi"]
    if len(heads) != 2 * len(order) or sum(heads[1::2]) != len(low) or len(high) != len(low):
        raise datafile.DataFileError(f"{origin}: {name}: sizes do not match the boards")
    residuals = yield from _unzigzag_steps(bytes(low), bytes(high))
    yield
    bias = [sum(RESIDUAL_BIAS << (_FIELD * k) for k in range(n)) for n in range(MAX_ROLLS + 1)]
    codes: list[int] = []  # _code of each board
    sizes, starts = heads[1::2], [0]  # where each board's residuals start
    for at in range(0, len(order), _CODES_PER_STEP):
        codes += [a | b << 4 | c << 8 | d << 12 | e << 16 | f << 20 for a, b, c, d, e, f in order[at : at + _CODES_PER_STEP]]
        starts += islice(accumulate(sizes[at : at + _CODES_PER_STEP], initial=starts[-1]), 1, None)
        yield
    check = scale % ((1 << _FIELD) - 1)  # a row's fields sum to scale: so does the row, modulo 2**16 - 1
    down = _DOWN
    rows: dict[int, int] = {}
    # In reverse order: a board's references (checkers moved down) come later in the order.
    backwards = zip(reversed(codes), reversed(heads[0::2]), reversed(heads[1::2]), reversed(starts[:-1]))
    for done, (key, lo, n, at) in enumerate(backwards, 1):
        row = (int.from_bytes(residuals[2 * at : 2 * (at + n)], "little") - bias[n]) << (_FIELD * lo)
        high_point = (key.bit_length() - 1) >> 2  # the highest occupied point (its nibble), as _moves
        if predicted and high_point > 0:
            rest = key >> 4
            low_point = (((rest & -rest).bit_length() - 1) >> 2) + 1  # the lowest above the ace point
            a = key + down[high_point]
            row += rows[a] if low_point == high_point else rows[a] + rows[key + down[low_point]] - rows[a + down[low_point]]
        if row < 0 or row % ((1 << _FIELD) - 1) != check or row >> (_FIELD * MAX_ROLLS):
            raise datafile.DataFileError(f"{origin}: {name}: a distribution does not decode")
        rows[key] = row
        if done % _ROWS_PER_STEP == 0:
            yield
    del backwards, codes, starts, residuals  # (as is freeing them)
    yield
    return rows


def load_steps() -> Steps[None]:
    """Decode the shipped database (a steps generator: yields between units of a few
    milliseconds); nothing to do once it is decoded."""
    global _TABLE
    if _TABLE is not None:
        return
    path = datafile.data_path(DATA_FILE)
    table = yield from decode_steps(path.read_bytes(), str(path))
    if _TABLE is None:  # (another loader may have finished meanwhile)
        _TABLE = table


def forget() -> None:
    """Drop the decoded database and every distribution taken from it (after rewriting the data)."""
    global _TABLE
    _TABLE = None
    rolls_distribution.cache_clear()
    first_off_distribution.cache_clear()


def rolls_table() -> Table:
    """The decoded database, decoded on first use."""
    if _TABLE is None:
        finish(load_steps())
    assert _TABLE is not None
    return _TABLE


@lru_cache(maxsize=20000)
def rolls_distribution(board: tuple[int, ...]) -> list[float]:
    """P(exactly n rolls to bear off everything), n = 0..MAX_ROLLS-1."""
    table = rolls_table()
    return table.distribution(table.full, tuple(board))


@lru_cache(maxsize=20000)
def first_off_distribution(board: tuple[int, ...]) -> list[float]:
    """P(exactly n rolls to bear off the first checker); all mass at 0 unless 15 are on the board."""
    if sum(board) < 15:
        return [1.0] + [0.0] * (MAX_ROLLS - 1)
    table = rolls_table()
    return table.distribution(table.first, tuple(board))


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
