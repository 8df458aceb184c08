"""bench/strength.py's gnubg 1-ply and 2-ply references (skipped when the gnubg package is missing)."""

from __future__ import annotations

import pytest

from tavli.games.portes import Position, legal_plays
from tests.scripts import load_script

bs = load_script("bench/strength.py")
refs = bs.refs

START = Position.START
# Opening 6-3 answered by 24/21 (gnubg self-play, seed 5): gnubg's 0-ply plays 24/15 with the 6-3,
# its 1-ply 24/18 13/10.
DISAGREE = Position(START, (0, 0, 2, 0, 0, 4, 0, 2, 0, 0, 0, 0, 5) + (0,) * 10 + (2, 0))


def test_move_filters_are_the_gnubg_players() -> None:
    gnubg = pytest.importorskip("gnubg")
    refs.gnubg_module()
    got: dict[int, list[tuple[int, float]]] = {}
    for f in gnubg.get_eval_hint_filter():
        if f["ply"] in refs.GNUBG_MOVE_FILTERS:
            assert f["acceptmoves"] == 0
            got.setdefault(f["ply"], []).append((f["extramoves"], round(f["threshold"], 4)))
    assert got == {k: list(v) for k, v in refs.GNUBG_MOVE_FILTERS.items()}


@pytest.mark.parametrize("ref", ["gnubg1", "gnubg2"])
def test_gnubg_ply_references_return_a_legal_play(ref: str) -> None:
    pytest.importorskip("gnubg")
    player = bs.make_bot(ref, 0)
    plays = legal_plays(DISAGREE, (6, 3))
    assert player.choose_play(DISAGREE, (6, 3), plays=plays) in plays
    assert player.choose_play(DISAGREE, (6, 3)).result in {p.result for p in plays}


def test_gnubg1_follows_1_ply_where_0_ply_disagrees() -> None:
    pytest.importorskip("gnubg")
    plays = legal_plays(DISAGREE, (6, 3))
    zero = bs.make_bot("gnubg", 0).choose_play(DISAGREE, (6, 3), plays=plays)
    one = bs.make_bot("gnubg1", 0).choose_play(DISAGREE, (6, 3), plays=plays)
    assert zero.result != one.result
    assert refs.result_equity_gnubg(one.result, 1) > refs.result_equity_gnubg(zero.result, 1)
    assert refs.result_equity_gnubg(one.result) < refs.result_equity_gnubg(zero.result)


def test_a_move_filter_keeps_the_best_within_the_threshold() -> None:
    pytest.importorskip("gnubg")
    plays = legal_plays(DISAGREE, (6, 3))
    zero = sorted(refs.result_equity_gnubg(p.result) for p in plays)[::-1]
    kept = [e for e in zero[:12] if e >= zero[0] - 0.24]
    best1 = max((p for p in plays if refs.result_equity_gnubg(p.result) in kept),
                key=lambda p: refs.result_equity_gnubg(p.result, 1))
    assert refs.gnubg_ply_chooser(1)(DISAGREE, plays) is best1
