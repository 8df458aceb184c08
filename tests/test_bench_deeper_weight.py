"""bench/deeper_weight.py: Champion's choice by a blend of its look-ahead and its 0-ply values."""

from __future__ import annotations

from tests.scripts import load_script

bdw = load_script("bench/deeper_weight.py")


def test_the_blend_weighs_the_look_ahead_against_the_0_ply_value() -> None:
    values = [(0.50, 0.30), (0.45, 0.31)]  # (0-ply, 1-ply), best first by 0-ply
    assert bdw.blended_choice(values, 1.0) == 1  # the look-ahead alone: Champion's rule
    assert bdw.blended_choice(values, 0.8) == 0  # 0.340 against 0.338
    assert bdw.blended_choice(values, 0.95) == 1  # 0.310 against 0.317
    assert bdw.blended_choice(values, 0.0) == 0


def test_a_tie_goes_to_the_better_play_by_0_ply() -> None:
    assert bdw.blended_choice([(0.2, 0.1), (0.2, 0.1), (0.1, 0.1)], 1.0) == 0
    assert bdw.blended_choice([(0.1, 0.3), (0.3, 0.1)], 0.5) == 0
