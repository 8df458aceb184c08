"""The neural evaluator: outcome probabilities of a position for the side on roll, pure Python.

``Evaluator.probs(position)`` returns ``(win, win_gammon, win_backgammon, lose_gammon,
lose_backgammon)`` for ``position.player``, the side on roll BEFORE it rolls (cumulative: a win
counts the gammons, a gammon the backgammons). A play is judged by evaluating ``play.result``
(the opponent on roll) and inverting.

Which evaluator answers:

* a finished game: its exact result;
* both sides with every checker home: the exact bear-off database (``tavli.ai.bearoff``);
* no contact, and the side not on roll bears its last checkers off on any roll: exact, by the
  side on roll's plays of each of the 21 rolls (:mod:`tavli.ai.last_roll`: it wins if some play
  bears everything off; otherwise it saves the gammon if some play bears a checker off);
* no contact: the race net; otherwise the contact net.

Both nets share one input encoding (see ``encode``), 204 inputs: for each side (the side on roll,
then the other) and each of its points 1..24 and the bar, Tesauro's four units for ``n`` checkers
``(n >= 1, n >= 2, n >= 3, (n - 3) / 2 if n > 3)``, then its borne-off checkers / 15 and its pip
count / 100. A contact net may take 12 more inputs after them: the gnubg-style contact features
of each side (:mod:`tavli.ai.contact_features`, the side on roll's first), each an integer over its
scale; ``encode(position, features=True)``. A net's first layer's width says which it takes. One
hidden layer of sigmoid units, five sigmoid outputs.

Every input is a function of one point's count (borne-off checkers and pips are sums of such
functions), so a hidden unit's pre-activation is the bias plus one precomputed vector per occupied
point. The vectors are held as fixed-point fields packed into one Python integer: adding a point's
contribution to all hidden units is then one big-integer addition. A contact feature's value ``v``
adds ``v`` times its packed vector (its weights over its scale). The hidden sigmoids are read from
the sum's bytes through a table, and the output layer is one ``sumprod`` of integers
(:class:`tavli.ai.packed_net.PackedNet`): a few C-level calls per evaluation, not one Python step per hidden unit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeVar

from ..games.base import Play
from ..games.portes import Position, outcome_of
from ..steps import Steps, finish
from . import bearoff, contact_features, datafile
from .last_roll import finishes_next_roll, last_roll_probs, loss_flags
from .packed_net import _FIELD_BITS, _SCALE, PackedNet, _packed, _sigmoid

N_POINT_UNITS = 4
N_SIDE_INPUTS = 25 * N_POINT_UNITS + 2
N_INPUTS = 2 * N_SIDE_INPUTS
N_FEATURE_INPUTS = 2 * contact_features.N_FEATURES  # a contact net's extra inputs, when it takes them
N_EXTENDED_INPUTS = N_FEATURE_INPUTS + 2 * contact_features.N_EXTRA  # with the extended features
FEATURE_SCALES = contact_features.SCALES * 2
EXTENDED_SCALES = FEATURE_SCALES + contact_features.EXTRA_SCALES * 2

Probs = tuple[float, float, float, float, float]
Weights = dict[str, dict[str, list[Any]]]  # net name -> "w1", "b1", "w2", "b2" -> its array
Meta = dict[str, Any]  # what the weights' header says of their training
Reply = tuple[list[int], list[int], Any]  # legal_sequences': the mover's side, the other's, the steps
R = TypeVar("R", bound=Reply)


_FEATURE_SHIFT = 6
_FEATURE_TABLE = 1 << _FEATURE_SHIFT  # a feature value adds precomputed multiples of its vector: v % 64, v - v % 64
_FEATURE_HIGH = 16  # ... for values below 16 * 64

NETS_FILE = "portes.bin"  # the shipped contact and race nets, in tavli/ai/data/


def point_units(n: int) -> tuple[float, float, float, float]:
    """Tesauro's four units for ``n`` checkers on one point (or on the bar)."""
    return (
        1.0 if n >= 1 else 0.0,
        1.0 if n >= 2 else 0.0,
        1.0 if n >= 3 else 0.0,
        (n - 3) / 2.0 if n > 3 else 0.0,
    )


def encode(position: Position, features: bool = False, extended: bool = False) -> list[float]:
    """The 204 inputs, then with ``features`` the 12 contact features, with ``extended`` the 30
    extended ones (reference implementation; inference uses the precomputed tables)."""
    x: list[float] = []
    for side in (position.player, position.opponent):
        for n in side:
            x.extend(point_units(n))
        x.append((15 - sum(side)) / 15.0)
        x.append(sum(n * (i + 1) for i, n in enumerate(side)) / 100.0)
    if extended:
        values = contact_features.extended_features(position.player, position.opponent)
        x.extend(v / s for v, s in zip(values, EXTENDED_SCALES))
    elif features:
        values = contact_features.features(position.player, position.opponent)
        x.extend(v / s for v, s in zip(values, FEATURE_SCALES))
    return x


def equity(p: Sequence[float]) -> float:
    """Cubeless money equity of (win, wg, wbg, lg, lbg) for their side."""
    return 2.0 * p[0] - 1.0 + p[1] - p[3] + p[2] - p[4]


def invert(p: Sequence[float]) -> Probs:
    """The same outcome probabilities from the other side's point of view."""
    return (1.0 - p[0], p[3], p[4], p[1], p[2])


def consistent(raw: Sequence[float]) -> Probs:
    """Clamp to [0, 1] and make gammons <= wins, backgammons <= gammons."""
    w = min(max(raw[0], 0.0), 1.0)
    wg = min(max(raw[1], 0.0), w)
    wbg = min(max(raw[2], 0.0), wg)
    lg = min(max(raw[3], 0.0), 1.0 - w)
    lbg = min(max(raw[4], 0.0), lg)
    return (w, wg, wbg, lg, lbg)


class Net(PackedNet):
    """One hidden layer: ``W1`` (H x 204, H x 216 with the contact features or H x 234 with the
    extended ones), ``b1`` (H), ``W2`` (5 x H), ``b2`` (5)."""

    def _build_steps(self, w1: list[list[float]], b1: list[float], w2: list[list[float]], b2: list[float]) -> Steps[None]:
        self.w1 = w1
        h = len(b1)
        width = len(w1[0]) if w1 else N_INPUTS
        widths = {N_INPUTS: (), N_INPUTS + N_FEATURE_INPUTS: FEATURE_SCALES,
                  N_INPUTS + N_EXTENDED_INPUTS: EXTENDED_SCALES}
        if width not in widths:
            raise ValueError(f"a net takes {', '.join(map(str, widths))} inputs, not {width}")
        scales = widths[width]
        self.features = width > N_INPUTS
        self.extended = width == N_INPUTS + N_EXTENDED_INPUTS
        self._features_of = contact_features.extended_features if self.extended else contact_features.features
        cols = list(zip(*w1)) if w1 else [()] * N_INPUTS  # cols[k] = weights of input k
        # Bias: b1 plus the borne-off units' constant part (15 / 15 for each side).
        bias = [b1[j] + cols[N_SIDE_INPUTS - 2][j] + cols[2 * N_SIDE_INPUTS - 2][j] for j in range(h)]
        yield from self._start_steps(b1, w2, b2, bias)
        yield
        # table[role][index][n] = packed contribution of n checkers on index (0..23 points, 24 bar).
        table: list[list[list[int]]] = []
        for role in range(2):
            base = role * N_SIDE_INPUTS
            off_col = cols[base + 25 * N_POINT_UNITS]
            pip_col = cols[base + 25 * N_POINT_UNITS + 1]
            rows = []
            for index in range(25):
                per_count = [0]
                unit_cols = [cols[base + index * N_POINT_UNITS + u] for u in range(N_POINT_UNITS)]
                for n in range(1, 16):
                    # the point's four units, its share of the borne-off unit and of the pip count
                    u0, u1, u2, u3 = (u * _SCALE for u in point_units(n))
                    k_off, k_pip = -n / 15.0 * _SCALE, n * (index + 1) / 100.0 * _SCALE
                    per_count.append(_packed([
                        round(a * u0 + b * u1 + c * u2 + d * u3 + o * k_off + p * k_pip)
                        for a, b, c, d, o, p in zip(*unit_cols, off_col, pip_col)], _FIELD_BITS))
                    yield
                rows.append(per_count)
            table.append(rows)
        self._table = table
        # A feature's value ``v`` adds its weights per unit times ``v``: below 1,024 as the packed
        # vectors of ``v % 64`` and of ``v - v % 64`` times them, each rounded once (a value in the
        # hundreds times the rounded weights would move a sum by ~1e-3).
        self._feature_vecs: list[int] = []
        self._feature_tables: list[tuple[list[int], list[int]]] = []
        for f, s in enumerate(scales):
            col = [c / s * _SCALE for c in cols[N_INPUTS + f]]
            low = [_packed([round(v * c) for c in col], _FIELD_BITS) for v in range(_FEATURE_TABLE)]
            high = [_packed([round(v * c) for c in col], _FIELD_BITS)
                    for v in range(0, _FEATURE_TABLE * _FEATURE_HIGH, _FEATURE_TABLE)]
            self._feature_vecs.append(low[1])
            self._feature_tables.append((low, high))
            yield

    def hidden_sum(self, on_roll: Sequence[int], other: Sequence[int]) -> int:
        """The packed pre-activations of the hidden units (see :class:`PackedNet`)."""
        t0, t1 = self._table
        acc = self._bias_packed
        for i in range(25):
            n = on_roll[i]
            if n:
                acc += t0[i][n]
            n = other[i]
            if n:
                acc += t1[i][n]
        if self._feature_vecs:
            top = _FEATURE_TABLE * _FEATURE_HIGH
            for v, (low, high), vec in zip(self._features_of(on_roll, other), self._feature_tables, self._feature_vecs):
                if v:
                    if v < _FEATURE_TABLE:
                        acc += low[v]
                    elif v < top:
                        acc += low[v & (_FEATURE_TABLE - 1)] + high[v >> _FEATURE_SHIFT]
                    else:
                        acc += v * vec
        return acc

    def forward(self, on_roll: Sequence[int], other: Sequence[int]) -> list[float]:
        return self._outputs(self._hidden_levels(self.hidden_sum(on_roll, other)))

    def score(self, on_roll: Sequence[int], other: Sequence[int]) -> float:
        """A pruning net's value (its first output before the sigmoid): the equity of the side on
        roll, as the net it was distilled from would give it (tools/train/prune.py)."""
        return self._first_sum(self._hidden_levels(self.hidden_sum(on_roll, other)))

    def forward_reference(self, x: Sequence[float]) -> list[float]:
        """Plain float forward pass from encoded inputs (tests compare the fast path to this)."""
        h = [_sigmoid(b + sum(w * xi for w, xi in zip(row, x))) for row, b in zip(self.w1, self.b1)]
        return [_sigmoid(b + sum(w * hi for w, hi in zip(row, h))) for row, b in zip(self.w2, self.b2)]


W1_DTYPES = ("q8", "q9", "q10", "q11", "q12", "f2", "f4")  # how a first layer may be stored (pack_nets)
SHIPPED_DTYPE = "q11"  # the nets' default stored form (bench/quantised.py); each game's: tools/train/quantise.py DTYPES


def quantise(matrix: Sequence[Sequence[float]], axis: int, bits: int) -> tuple[list[int], list[float]]:
    """``matrix`` as signed ``bits``-bit integers (flat, row-major) with one scale per row
    (``axis`` 0) or per column (1): ``value ~ q * scale``, ``scale = max |value| / (2**(bits-1) - 1)``
    of that row or column."""
    top = (1 << (bits - 1)) - 1
    lines = matrix if axis == 0 else list(zip(*matrix))
    scales = [max(map(abs, line), default=0.0) / top or 1.0 for line in lines]
    if axis == 0:
        return [round(v / scales[r]) for r, row in enumerate(matrix) for v in row], scales
    return [round(v / scales[c]) for row in matrix for c, v in enumerate(row)], scales


def _rows(flat: Sequence[float], shape: Sequence[int]) -> list[list[float]]:
    cols = shape[1]
    return [list(flat[r * cols : (r + 1) * cols]) for r in range(shape[0])]


def pack_nets(nets: Weights, meta: Meta, *, dtype: str = SHIPPED_DTYPE, scale_axis: int = 1) -> bytes:
    """Nets ({name: {w1, b1, w2, b2}}) as a data file (:mod:`tavli.ai.datafile`, kind "nets").

    Each first layer ``w1`` is stored as ``dtype`` (:data:`W1_DTYPES`): ``"qB"`` is fixed point,
    B-bit signed integers with one float32 scale per input (the columns of ``w1`` for
    ``scale_axis`` 1, e.g. H x 204 inputs; its rows for 0, e.g. units x H), as zigzag byte planes
    ``w1.lo`` (and ``w1.hi`` above 8 bits): every weight within half a step of its input's scale
    (``max |w| / (2**(B-1) - 1)``); ``"f2"``/``"f4"`` are float16/float32. The small rest (``b1``,
    ``w2``, ``b2``) is float32."""
    if dtype not in W1_DTYPES:
        raise ValueError(f"first layers are stored as one of {W1_DTYPES}, not {dtype!r}")
    arrays: dict[str, datafile.Array] = {}
    extra: dict[str, dict[str, Any]] = {}
    for name, net in nets.items():
        w1 = net["w1"]
        shape = [len(w1), len(w1[0])]
        if dtype.startswith("q"):
            bits = int(dtype[1:])
            q, scales = quantise(w1, scale_axis, bits)
            low, high = datafile.planes(q)
            arrays[f"{name}.w1.lo"] = ("u1", shape, low)
            if bits > 8:
                arrays[f"{name}.w1.hi"] = ("u1", shape, high)
            arrays[f"{name}.w1.scale"] = ("f4", [len(scales)], scales)
            extra[f"{name}.w1.lo"] = {"bits": bits, "scale_axis": scale_axis}
        else:
            arrays[f"{name}.w1"] = (dtype, shape, [v for row in w1 for v in row])
        arrays[f"{name}.b1"] = ("f4", [len(net["b1"])], list(net["b1"]))
        w2 = net["w2"]
        arrays[f"{name}.w2"] = ("f4", [len(w2), len(w2[0])], [v for row in w2 for v in row])
        arrays[f"{name}.b2"] = ("f4", [len(net["b2"])], list(net["b2"]))
    return datafile.write("nets", meta, arrays, extra)


def unpack_nets(data: bytes, origin: str = "nets") -> tuple[Weights, Meta]:
    """The nets and the meta data of :func:`pack_nets`'s bytes (first layers as floats)."""
    return finish(unpack_nets_steps(data, origin))


def unpack_nets_steps(data: bytes, origin: str = "nets") -> Steps[tuple[Weights, Meta]]:
    """:func:`unpack_nets` as a steps generator (:mod:`tavli.steps`): a yield every few thousand
    weights."""
    header, arrays = datafile.read(data, "nets", origin)
    yield
    nets: Weights = {}
    for name in dict.fromkeys(e["name"].split(".")[0] for e in header["arrays"]):
        w1 = yield from _first_layer_steps(header, arrays, name)
        nets[name] = {"w1": w1, "b1": list(arrays[f"{name}.b1"]),
                      "w2": _rows(arrays[f"{name}.w2"], datafile.entry(header, f"{name}.w2")["shape"]),
                      "b2": list(arrays[f"{name}.b2"])}
    return nets, header["meta"]


_WEIGHTS_PER_STEP = 4096  # first-layer weights decoded between two yields (~1-2 ms in Pyodide)


def _first_layer_steps(header: datafile.Header, arrays: dict[str, Sequence[Any]], name: str) -> Steps[list[list[float]]]:
    """Net ``name``'s ``w1`` as floats, from whichever form :func:`pack_nets` stored it in."""
    if f"{name}.w1" in arrays:
        return _rows(arrays[f"{name}.w1"], datafile.entry(header, f"{name}.w1")["shape"])
    info = datafile.entry(header, f"{name}.w1.lo")
    count, width = info["shape"]
    low, high = bytes(arrays[f"{name}.w1.lo"]), arrays.get(f"{name}.w1.hi")
    scales = arrays[f"{name}.w1.scale"]
    per_step = max(1, _WEIGHTS_PER_STEP // width)
    rows: list[list[float]] = []
    for r in range(0, count, per_step):
        n = min(per_step, count - r)
        span = slice(r * width, (r + n) * width)
        q = _rows(datafile.unplanes(low[span], bytes(high[span]) if high is not None else None), [n, width])
        if info["scale_axis"] == 0:
            rows += [[v * s for v in row] for row, s in zip(q, scales[r : r + per_step])]
        else:
            rows += [[v * s for v, s in zip(row, scales)] for row in q]
        yield
    return rows


class Evaluator:
    """Contact net + race net + bear-off database, and a small pruning net where the data file has
    one (:meth:`best_replies`).

    The nets' answers are remembered for the last positions asked (up to :attr:`CACHE_SIZE`, then
    forgotten all at once): a look-ahead meets the same position again through other plays, and
    the Grandmaster's next move searches much of the tree its last one did."""

    CACHE_SIZE = 1 << 14

    def __init__(self, contact: Net, race: Net, meta: Meta | None = None, prune: Net | None = None) -> None:
        self.contact = contact
        self.race = race
        self.prune = prune
        self.meta = meta or {}
        self.calls = 0
        self._cache: dict[bytes, Probs] = {}

    @classmethod
    def from_bytes(cls, data: bytes, origin: str = "nets") -> Evaluator:
        """The evaluator of a nets data file's bytes (:func:`pack_nets`)."""
        return finish(cls.from_bytes_steps(data, origin))

    @classmethod
    def from_bytes_steps(cls, data: bytes, origin: str = "nets") -> Steps[Evaluator]:
        """:meth:`from_bytes` as a steps generator (:mod:`tavli.steps`)."""
        nets, meta = yield from unpack_nets_steps(data, origin)
        contact = yield from Net.build_steps(**nets["contact"])
        race = yield from Net.build_steps(**nets["race"])
        prune = (yield from Net.build_steps(**nets["prune"])) if "prune" in nets else None
        return cls(contact, race, meta, prune)

    @classmethod
    def load(cls, path: str | None = None) -> Evaluator:
        """The shipped nets (``tavli/ai/data/portes.bin``) or the nets data file at ``path``."""
        if path is None:
            return finish(cls.load_steps())
        with open(path, "rb") as f:
            return cls.from_bytes(f.read(), path)

    @classmethod
    def load_steps(cls) -> Steps[Evaluator]:
        """The shipped nets, as a steps generator (:mod:`tavli.steps`)."""
        path = datafile.data_path(NETS_FILE)
        data = path.read_bytes()
        yield
        return (yield from cls.from_bytes_steps(data, str(path)))

    def probs(self, position: Position) -> Probs:
        """(win, wg, wbg, lg, lbg) for the side on roll of ``position``, before it rolls."""
        return self.probs_sides(position.player, position.opponent)

    def probs_sides(self, me: Sequence[int], opp: Sequence[int]) -> Probs:
        """``probs`` for the side on roll ``me`` against ``opp`` (25 counts each, own numbering)."""
        self.calls += 1
        if not any(opp):  # the opponent has just borne off everything
            return (0.0, 0.0, 0.0) + loss_flags(me)
        if not any(me):
            return (1.0,) + loss_flags(opp) + (0.0, 0.0)
        if not any(me[6:]) and not any(opp[6:]):
            return bearoff.race_probs(tuple(me), tuple(opp))
        key = bytes(me) + bytes(opp)
        cache = self._cache
        found = cache.get(key)
        if found is not None:
            return found
        if _contact(me, opp):
            probs = consistent(self.contact.forward(me, opp))
        elif finishes_next_roll(opp):
            probs = last_roll_probs(me, opp)
        else:
            probs = consistent(self.race.forward(me, opp))
        if len(cache) >= self.CACHE_SIZE:
            cache.clear()
        cache[key] = probs
        return probs

    def best_replies(self, replies: list[R], keep: int) -> list[R]:
        """The ``keep`` of ``replies`` (``legal_sequences``' ``(mover, other, steps)``) that the
        pruning net finds best for the mover, in their order; all of them where there are no more or
        there is no pruning net. A reply that bears off the last checker is always kept. The net
        costs about a twentieth of a full evaluation (5 against 113 us under CPython), and the full
        net's best reply is nearly always among its first few (MODEL.md, "Pruning")."""
        net = self.prune
        if net is None or len(replies) <= keep:
            return replies
        score = net.score
        values = [score(other, mover) if any(mover) else -math.inf for mover, other, _ in replies]
        kept = sorted(range(len(replies)), key=values.__getitem__)[:keep]
        kept.sort()
        return [replies[k] for k in kept]

    def play_equity(self, result: Position) -> float:
        """Cubeless equity of a play's result for the side that made it."""
        done = outcome_of(result)
        if done is not None:
            return float(int(done))
        return -equity(self.probs(result))

    def play_probs(self, result: Position) -> Probs:
        """Outcome probabilities of a play's result for the side that made it."""
        return invert(self.probs(result))

    def best_play(self, position: Position, plays: Sequence[Play[Any]]) -> Play[Any]:
        if len(plays) == 1:
            return plays[0]
        return max(plays, key=lambda p: self.play_equity(p.result))


def _contact(me: Sequence[int], opp: Sequence[int]) -> bool:
    """Position.is_contact on raw sides."""
    back_me = 0
    for i in range(24, -1, -1):
        if me[i]:
            back_me = i + 1
            break
    back_opp = 0
    for i in range(24, -1, -1):
        if opp[i]:
            back_opp = i + 1
            break
    return back_me > 0 and back_opp > 0 and back_me > 25 - back_opp


_DEFAULT: Evaluator | None = None


def default_evaluator_steps() -> Steps[Evaluator]:
    """The shipped evaluator with everything it needs (the nets and the bear-off database), loaded
    once, as a steps generator (:mod:`tavli.steps`): nothing to do once loaded."""
    global _DEFAULT
    if _DEFAULT is None:
        ev = yield from Evaluator.load_steps()
        if _DEFAULT is None:  # (another loader may have finished meanwhile)
            _DEFAULT = ev
    yield from bearoff.load_steps()
    return _DEFAULT


def default_evaluator_loaded() -> bool:
    """Whether :func:`default_evaluator` returns at once (the nets and the bear-off database are loaded)."""
    return _DEFAULT is not None and bearoff.loaded()


def default_evaluator() -> Evaluator:
    """The shipped evaluator, loaded once."""
    return finish(default_evaluator_steps())
