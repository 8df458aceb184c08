"""bench/variant_strength.py's players (the specs, other weights, the full 1-ply search) and
bench/variant_oneply_gap.py, on tiny seeded runs."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tavli.ai.context import MatchContext
from tavli.ai.players import AIPlayer
from tavli.ai.variant_search import one_ply_value_steps
from tavli.games.registry import game_kind
from tavli.steps import finish
from tests.scripts import load_script

BENCH = Path(__file__).resolve().parent.parent / "bench"
WEIGHTS = Path(__file__).resolve().parent.parent / "tavli" / "ai" / "data"
sys.path.insert(0, str(BENCH))


def _load(name: str):
    return load_script(f"bench/{name}.py", name)


vs = _load("variant_strength")
gap = _load("variant_oneply_gap")


@pytest.mark.parametrize(
    ("spec", "parsed"),
    [
        ("champion", ("champion", None)),
        ("heuristic", ("heuristic", None)),
        ("oneply", ("oneply", None)),
        ("earlier:/w/plakoto_4000.bin", ("expert", "/w/plakoto_4000.bin")),
        ("earlier:/w/plakoto.bin:champion", ("champion", "/w/plakoto.bin")),
        ("weights:/w/fevga.bin:oneply", ("oneply", "/w/fevga.bin")),
        ("weights:C:/w/a:b.bin", ("expert", "C:/w/a:b.bin")),  # a colon in the path, no level after it
    ],
)
def test_parse_spec(spec: str, parsed: tuple[str, str | None]) -> None:
    assert vs.parse_spec(spec) == parsed


@pytest.mark.parametrize("spec", ["weights:", "earlier::champion", "master", "weights"])
def test_parse_spec_rejects(spec: str) -> None:
    with pytest.raises(ValueError):
        vs.parse_spec(spec)


def test_weights_player_uses_that_file() -> None:
    bot = vs.make_player("plakoto", f"weights:{WEIGHTS / 'plakoto.bin'}:champion", seed=1)
    assert isinstance(bot, AIPlayer) and bot.name == "champion"
    assert bot.variant_evaluator("plakoto") is not AIPlayer("champion").variant_evaluator("plakoto")
    one = vs.make_player("fevga", f"weights:{WEIGHTS / 'fevga.bin'}:oneply", seed=1)
    assert isinstance(one, vs.OnePly) and one.ev is not vs.OnePly("fevga").ev


def test_same_weights_both_sides_is_an_even_match() -> None:
    """The same net and level on both sides of duplicate pairs: every pair cancels exactly."""
    r = vs.run("plakoto", f"weights:{WEIGHTS / 'plakoto.bin'}", "expert", games=4, seed=11, use_luck=True,
               progress=False)
    assert r["games"] == 4 and r["raw_ppg"] == 0.0 and r["adjusted_ppg"] == 0.0


@pytest.mark.parametrize("name", ["plakoto", "fevga"])
def test_oneply_plays_the_best_full_one_ply_value(name: str) -> None:
    v = game_kind(name)
    rng = random.Random(5)
    position = v.initial()
    for _ in range(6):  # a few random plays in, where the choice is wider
        position = rng.choice(v.legal_plays(position, (rng.randint(1, 6), rng.randint(1, 6)))).result
    roll = (3, 1)
    player = vs.OnePly(name)
    chosen = player.choose_play(position, roll, MatchContext(length=None, variant=name, cube_available=False))
    plays = v.legal_plays(position, roll)
    values = [finish(one_ply_value_steps(player.ev, p.result, {})) for p in plays]
    assert len(plays) > 5
    assert values[[p.result for p in plays].index(chosen.result)] == max(values)


def test_oneply_gap_is_seeded_and_never_negative() -> None:
    turns = gap.sample_turns("fevga", games=1, every=40, seed=3)
    assert turns == gap.sample_turns("fevga", games=1, every=40, seed=3) and 1 <= len(turns) <= 6
    short = gap.shortfalls("fevga", turns, ("expert",))
    assert len(short["expert"]) == len(turns) and min(short["expert"]) >= 0.0
