"""The shipped AI data is compact (tavli/ai/data/*.bin): 11-bit fixed-point nets (12-bit for Portes) and an 11-bit bear-off table.
The nets stay close to the full-precision ones they are made from (tools/train/weights/*.bin,
kept out of the site), and the bear-off lookups within the table's stated tolerance of the
exact distributions. (bench/quantised.py measures the same over thousands of positions and in
matches.)"""

from __future__ import annotations

import importlib
import random
import statistics
from functools import cache
from pathlib import Path

import pytest

from tavli.ai import bearoff, datafile
from tavli.ai import variant_net as vn
from tavli.ai.evaluator import Evaluator, equity, pack_nets, unpack_nets
from tavli.games.registry import game_kind

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("portes", "plakoto", "fevga")
# The shipped nets against the full-precision ones, on the positions below: the mean |equity
# difference| of a play's result, its largest, and the share of rolls where both choose the same
# play. Measured here: 0.0006-0.0013, 0.005-0.006, 99-100 %; 8-bit weights would fail all three
# (0.004-0.008, up to 0.05, 96-97 %); bench/quantised.py measures over thousands of positions.
MEAN_EQUITY_TOLERANCE = 0.0025
MAX_EQUITY_TOLERANCE = 0.015
AGREEMENT_AT_LEAST = 0.98
BEAROFF_CDF_TOLERANCE = 1 / (2 * 2016)  # the table's fixed point: half a step of 1/2016




@cache
def _evaluators(name: str) -> tuple:
    """(full precision, shipped) evaluators of game ``name``, with the equity of a play's result."""
    master = ROOT / "tools" / "train" / "weights" / f"{name}.bin"
    shipped = datafile.data_path(f"{name}.bin")
    if name == "portes":
        return tuple(Evaluator.from_bytes(path.read_bytes()) for path in (master, shipped))
    return tuple(vn.VariantEvaluator.from_bytes(name, path.read_bytes()) for path in (master, shipped))


def _positions(name: str, seed: int, count: int) -> list:
    """Positions of seeded random games of ``name``, each with a roll."""
    kind = game_kind(name)
    rng = random.Random(seed)
    out = []
    position = kind.initial()
    while len(out) < count:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = kind.legal_plays(position, dice)
        out.append((position, plays))
        position = rng.choice(plays).result
        if kind.ending(position) is not None:
            position = kind.initial()
    return out


def _value(evaluator, result) -> float:
    """The equity of a play's result for the side that made it (the net's own, finished or not)."""
    return evaluator.play_equity(result)


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_nets_stay_close_to_the_full_precision_ones(name):
    full, shipped = _evaluators(name)
    assert shipped.meta == full.meta
    differences, same = [], 0
    rolls = [(pos, plays) for pos, plays in _positions(name, seed=16, count=300) if len(plays) > 1][:120]
    for _, plays in rolls:
        by_full = [_value(full, p.result) for p in plays]
        by_shipped = [_value(shipped, p.result) for p in plays]
        differences += [abs(a - b) for a, b in zip(by_full, by_shipped)]
        same += by_full.index(max(by_full)) == by_shipped.index(max(by_shipped))
    assert statistics.mean(differences) < MEAN_EQUITY_TOLERANCE
    assert max(differences) < MAX_EQUITY_TOLERANCE
    assert same / len(rolls) >= AGREEMENT_AT_LEAST


@pytest.mark.parametrize("name", GAMES)
def test_the_shipped_nets_are_the_quantised_full_precision_ones(name):
    # The shipped file is made from the kept one by tools/train/quantise.py, nothing else.
    quantise = importlib.import_module("tools.train.quantise")
    assert quantise.quantised(name) == datafile.data_path(f"{name}.bin").read_bytes()


@pytest.mark.parametrize("bits", [8, 11, 12])
def test_fixed_point_keeps_each_weight_within_half_a_step(bits):
    rng = random.Random(3)
    w1 = [[rng.gauss(0, 1) for _ in range(7)] for _ in range(5)]
    w1[2][3] = 0.0
    net = {"w1": w1, "b1": [0.5] * 5, "w2": [[1.0] * 5], "b2": [0.0]}
    for axis in (0, 1):
        back, meta = unpack_nets(pack_nets({"n": net}, {"m": 1}, dtype=f"q{bits}", scale_axis=axis))
        assert meta == {"m": 1} and back["n"]["b1"] == net["b1"]
        for r in range(5):
            for c in range(7):
                line = w1[r] if axis == 0 else [row[c] for row in w1]
                step = max(map(abs, line)) / (2 ** (bits - 1) - 1)
                assert abs(back["n"]["w1"][r][c] - w1[r][c]) <= step / 2 * (1 + 1e-6)
        assert back["n"]["w1"][2][3] == 0.0


def test_a_damaged_data_file_is_refused_with_a_clear_message():
    data = datafile.data_path("portes.bin").read_bytes()
    for bad, why in ((b"NOPE" + data[4:], "not a tavli data file"), (data[:-1], "the header says"),
                     (data[:4] + b"\x09\x00" + data[6:], "format version 9")):
        with pytest.raises(datafile.DataFileError, match=why):
            Evaluator.from_bytes(bad)
    with pytest.raises(datafile.DataFileError, match="not 'nets'"):
        Evaluator.from_bytes(datafile.data_path("bearoff.bin").read_bytes())


@pytest.mark.parametrize("table", ["full", "first"])
def test_a_damaged_bearoff_table_is_refused(table):
    from tavli.steps import finish

    data = bytearray(datafile.data_path("bearoff.bin").read_bytes())
    header, start = datafile.read_header(bytes(data), "bearoff")
    at, size = datafile.layout(header, start)[f"{table}.lo"]
    data[at + size // 2] ^= 0x10  # one residual, halfway
    with pytest.raises(datafile.DataFileError, match=f"{table}: a distribution does not decode"):
        finish(bearoff.decode_steps(bytes(data)))


def _cumulative(dist) -> list[float]:
    total, out = 0.0, []
    for p in dist:
        total += p
        out.append(total)
    return out


def test_bearoff_lookups_are_within_the_stated_tolerance_of_the_exact_ones():
    # Every board of up to six checkers, against the generator's exact distributions.
    exact = importlib.import_module("tools.bearoff").build(False, max_checkers=6)
    assert len(exact) == 924
    for board, dist in exact.items():
        stored = _cumulative(bearoff.rolls_distribution(board))
        for got, want in zip(stored, _cumulative(dist)):
            assert got == pytest.approx(want, abs=BEAROFF_CDF_TOLERANCE + 1e-12), board
    # Fifteen on the ace point: the first checker is off at the first roll.
    assert bearoff.first_off_distribution((15, 0, 0, 0, 0, 0))[:2] == [0.0, 1.0]
    assert sum(bearoff.first_off_distribution((0, 0, 0, 0, 0, 15))) == pytest.approx(1.0, abs=1e-12)


def test_the_fixed_point_makes_single_roll_chances_exact():
    # 2016 = 56 x 36: the chance of any set of rolls is a whole number of steps.
    d = bearoff.rolls_distribution((0, 0, 0, 0, 0, 1))
    assert (d[1], d[2]) == (27 / 36, 9 / 36)
    assert equity(bearoff.race_probs((0, 0, 0, 0, 0, 1) + (0,) * 19, (0, 0, 0, 0, 0, 1) + (0,) * 19)) == pytest.approx(
        2 * (0.75 + 0.25 * 0.25) - 1, abs=1e-12)
