"""The packed one-hidden-layer net shared by every game's evaluator (:class:`PackedNet`): the
hidden sums as fixed-point fields of one big integer, read through a window and a table of
``tanh`` levels, and the output layer as one ``sumprod`` of integers. Pure Python: a few C-level
calls per evaluation, which is what counts in Pyodide (MODEL.md, "Inference")."""

from __future__ import annotations

import math
import struct
from abc import ABC, abstractmethod
from collections.abc import Sequence
from operator import mul
from typing import Self

from ..steps import Steps, finish

# The packed hidden sums (see PackedNet): 32-bit fields, ``x`` at a scale of ``2**17``, offset so
# that bits 8..23 of a field (its "window") read ``x`` in [-64, 64) at steps of 2**-9.
_SCALE_BITS = 17
_SCALE = float(1 << _SCALE_BITS)
_FIELD_BITS = 32
_WINDOW_SHIFT = 8
_WINDOW_BITS = 16
_OFFSET = 1 << (_WINDOW_SHIFT + _WINDOW_BITS - 1)  # x = -64 reads 0 in the window
_CENTRE = 1 << (_FIELD_BITS - 1)  # the slow path's fields hold x + 2**31: never negative
# A hidden unit's tanh(x / 2) as an integer at a scale of 2**15; the output layer's weights at 2**20;
# the output sums in 64-bit fields packed into one int.
_LEVEL_BITS = 15
_W2_BITS = 20
_OUT_BITS = 64
_OUT_CENTRE = 1 << (_OUT_BITS - 1)
_OUT_INV_SCALE = 1.0 / (1 << (_LEVEL_BITS + _W2_BITS))
_LEVELS_PER_STEP = 4096  # level table entries computed between two yields

_sumprod = getattr(math, "sumprod", None)


def _sigmoid(x: float) -> float:
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


_levels: list[int] = []  # _levels[k]: a hidden unit's tanh(x / 2) level for window reading k


def _level(x: float) -> int:
    """``tanh(x / 2)`` as an integer at a scale of ``2**15``."""
    return round(math.tanh(x * 0.5) * (1 << _LEVEL_BITS))


def _levels_steps() -> Steps[None]:
    """Fill the window's level table (once for all nets), yielding between slices. A reading ``k``
    stands for the fields from ``k << 8`` to ``(k << 8) + 255``: its level is taken at their middle."""
    size = 1 << _WINDOW_BITS
    while len(_levels) < size:
        start = len(_levels)
        _levels.extend(_level(((k << _WINDOW_SHIFT) + (1 << (_WINDOW_SHIFT - 1)) - _OFFSET) / _SCALE)
                       for k in range(start, min(size, start + _LEVELS_PER_STEP)))
        yield


_FORMATS = {32: ("i", "I"), 64: ("q", "Q")}  # a field's struct format: signed, unsigned


def _packed(values: Sequence[int], bits: int) -> int:
    """Integers as consecutive ``bits``-wide fields of one int (32 or 64). A field below 0 borrows
    from the next one: the result is the sum of ``values[j] << (bits * j)``."""
    signed, unsigned = _FORMATS[bits]
    n = len(values)
    if min(values, default=0) >= 0:
        return int.from_bytes(struct.pack(f"<{n}{unsigned}", *values), "little")
    twos = int.from_bytes(struct.pack(f"<{n}{signed}", *values), "little")
    borrows = int.from_bytes(struct.pack(f"<{n + 1}{unsigned}", 0, *[v < 0 for v in values]), "little")
    return twos - borrows  # a negative field's two's complement holds 2**bits too many


class PackedNet(ABC):
    """A net with one hidden layer whose first layer is summed in packed integers: each hidden
    unit's sum is a 32-bit field of one big int (fixed point, ``2**17`` scale), so that a forward
    pass adds a few big ints, one per active input.

    The packed vectors are signed: a field below 0 borrows from the next one, and the fields of a
    sum of packed vectors still add exactly. The packed bias adds ``2**23`` to each field, so that a
    pre-activation ``x`` in [-64, 64) leaves its field in ``[0, 2**24)``; one AND with the fields'
    top bytes tells whether every unit is in that range. Then ``struct`` reads each field's bits
    8..23 (``x`` to within 2**-9) and a table turns the reading into ``tanh(x / 2)`` as an integer.
    Otherwise (rare: a unit far into saturation) the fields are decoded whole and ``tanh`` taken.

    ``sigmoid(x) = (1 + tanh(x / 2)) / 2``, so an output's sum over the hidden sigmoids is
    ``b + sum(w) / 2 + sum(w / 2 * tanh(x / 2))``: the last sum is one ``sumprod`` of the integer
    levels with each unit's ``w / 2`` packed for all outputs (64-bit fields, ``2**20`` scale).

    Built from ``(w1, b1, w2, b2)`` by a subclass's ``_build_steps`` (a steps generator, the
    tables packed one vector at a time), at once by the constructor or in slices by
    :meth:`build_steps`.
    """

    def __init__(self, w1: list[list[float]], b1: list[float], w2: list[list[float]], b2: list[float]) -> None:
        finish(self._build_steps(w1, b1, w2, b2))

    @classmethod
    def build_steps(cls, w1: list[list[float]], b1: list[float], w2: list[list[float]], b2: list[float]) -> Steps[Self]:
        """``cls(w1, b1, w2, b2)`` as a steps generator (:mod:`tavli.steps`)."""
        net = cls.__new__(cls)
        yield from net._build_steps(w1, b1, w2, b2)
        return net

    @abstractmethod
    def _build_steps(self, w1: list[list[float]], b1: list[float], w2: list[list[float]], b2: list[float]) -> Steps[None]:
        """Pack the tables (``yield from`` :meth:`_start_steps` first), yielding between units of work."""

    def _start_steps(self, b1: list[float], w2: list[list[float]], b2: list[float], bias: Sequence[float]) -> Steps[None]:
        """The sizes, the output layer, the packed ``bias`` of the hidden sums and the level table."""
        yield from _levels_steps()
        self.hidden = h = len(b1)
        self.b1, self.w2, self.b2 = b1, w2, b2
        fields = range(h)
        self._bias_packed = self._pack(bias) + _packed([_OFFSET] * h, _FIELD_BITS)
        self._nbytes = h * _FIELD_BITS // 8
        self._out_of_window = _packed([(1 << _FIELD_BITS) - (1 << (_WINDOW_SHIFT + _WINDOW_BITS))] * h, _FIELD_BITS)
        pad = (_FIELD_BITS - _WINDOW_SHIFT - _WINDOW_BITS) // 8
        self._read_window = struct.Struct("<" + f"{_WINDOW_SHIFT // 8}xH{pad}x" * h).unpack
        self._recentre = _packed([_CENTRE - _OFFSET] * h, _FIELD_BITS)
        self._top_bits = _packed([_CENTRE] * h, _FIELD_BITS)
        self._read_fields = struct.Struct(f"<{h}i").unpack
        n_out = len(w2)
        self._w2_packed = [_packed([round(wk[j] / 2.0 * (1 << _W2_BITS)) for wk in w2], _OUT_BITS) for j in fields]
        b2_tanh = [bk + math.fsum(wk) / 2.0 for wk, bk in zip(w2, b2)]
        scale = 1 << (_LEVEL_BITS + _W2_BITS)
        self._b2_packed = _packed([round(b * scale) + _OUT_CENTRE for b in b2_tanh], _OUT_BITS)
        self._out_top = _packed([_OUT_CENTRE] * n_out, _OUT_BITS)
        self._out_bytes = n_out * _OUT_BITS // 8
        self._read_outputs = struct.Struct(f"<{n_out}q").unpack

    def _pack(self, vec: Sequence[float]) -> int:
        """``vec`` as signed fixed-point fields of one int."""
        return _packed([round(v * _SCALE) for v in vec], _FIELD_BITS)

    def _hidden_levels(self, acc: int) -> list[int]:
        """``tanh(x / 2)`` at a scale of ``2**15`` of each hidden unit's pre-activation ``x``, from
        the packed sum ``acc`` (the packed bias plus the active inputs' vectors)."""
        if not acc & self._out_of_window:
            levels = _levels
            return [levels[k] for k in self._read_window(acc.to_bytes(self._nbytes, "little"))]
        fields = self._read_fields(((acc + self._recentre) ^ self._top_bits).to_bytes(self._nbytes, "little"))
        return [_level(x / _SCALE) for x in fields]

    def _output_fields(self, levels: Sequence[int]) -> tuple[int, ...]:
        """The output layer's sums from the hidden units' levels, as integers (see :data:`_OUT_INV_SCALE`)."""
        total = (_sumprod(levels, self._w2_packed) if _sumprod else sum(map(mul, levels, self._w2_packed)))
        return self._read_outputs(((total + self._b2_packed) ^ self._out_top).to_bytes(self._out_bytes, "little"))

    def _outputs(self, levels: Sequence[int]) -> list[float]:
        """The output layer's sigmoids from the hidden units' levels."""
        return [_sigmoid(s * _OUT_INV_SCALE) for s in self._output_fields(levels)]

    def _first_sum(self, levels: Sequence[int]) -> float:
        """The first output's sum before its sigmoid (a net trained to give a value there)."""
        return self._output_fields(levels)[0] * _OUT_INV_SCALE
