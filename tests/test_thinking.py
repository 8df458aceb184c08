"""The computer thinks in steps (tavli.steps): every player's choice of play and the loading of the
AI's data are generators that the browser runs in slices; run to the end they give the same result
as the plain calls."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tavli.ai import bearoff, search
from tavli.ai.context import MatchContext
from tavli.ai.evaluator import Evaluator, default_evaluator
from tavli.ai.heuristic import BeginnerBot
from tavli.ai.players import LEVELS, AIPlayer
from tavli.games.portes import Position, legal_plays, outcome_of
from tavli.steps import WorkClock, finish


def _game_positions(seed: int, limit: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions of a random game, each with a roll to play (more than one legal play)."""
    rng = random.Random(seed)
    pos = Position.initial()
    out = []
    for _ in range(limit):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        if len(plays) > 1:
            out.append((pos, dice))
        pos = rng.choice(plays).result
        if outcome_of(pos) is not None:
            break
    return out


def _count(steps) -> tuple[int, object]:
    """(yields, result) of a steps generator run to the end."""
    n = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return n, stop.value
        n += 1


def test_finish_returns_the_generators_value():
    def steps():
        total = 0
        for i in range(5):
            total += i
            yield
        return total

    assert finish(steps()) == 10
    assert _count(steps()) == (5, 10)


def test_work_clock_leaves_out_the_time_suspended():
    now = [100.0]
    clock = WorkClock(lambda: now[0])
    now[0] += 2.0
    assert clock.spent() == 2.0
    clock.pause()
    now[0] += 50.0  # suspended: not counted
    assert clock.spent() == 2.0
    clock.resume()
    now[0] += 0.5
    assert clock.spent() == 2.5
    clock.pause()
    clock.pause()  # twice: no harm
    assert clock.spent() == 2.5


@pytest.mark.parametrize("level", ["intermediate", "expert", "champion"])
def test_choose_play_steps_gives_the_same_play_as_choose_play(level):
    plain = AIPlayer(level, seed=5)
    stepped = AIPlayer(level, seed=5)
    if level == "champion":  # no time budget: the look-ahead must not depend on this machine's speed
        for p in (plain, stepped):
            p.level = replace(LEVELS["champion"], time_budget=None)
    context = MatchContext()
    for pos, dice in _game_positions(seed=21, limit=14 if level == "champion" else 40):
        a = plain.choose_play(pos, dice, context)
        yields, b = _count(stepped.choose_play_steps(pos, dice, context))
        assert a == b
        assert yields >= 1


def test_the_look_ahead_yields_after_every_roll():
    ev = default_evaluator()
    pos, dice = Position.initial(), (4, 3)  # several plays within the margin: a real look-ahead
    plays = legal_plays(pos, dice)
    ranked = search.rank_plays(ev, plays)
    candidates = [p for e, p in ranked[:5] if e >= ranked[0][0] - 0.16]
    assert len(candidates) >= 2
    yields, play = _count(search.choose_steps(ev, pos, plays, lookahead=5))
    assert yields >= 21 * len(candidates) + len(plays) // search.RANK_CHUNK
    assert play == search.choose(ev, pos, plays, lookahead=5)
    yields, value = _count(search.one_ply_value_steps(ev, candidates[0].result))
    assert yields >= 21 and value == search.one_ply_value(ev, candidates[0].result)


def test_a_time_budget_counts_only_the_searchs_own_work(monkeypatch):
    # A fake clock that jumps 10 s whenever the search is suspended: a budget of 1 s is never
    # reached, so every candidate is looked at, as without a budget.
    now = [0.0]
    monkeypatch.setattr(search, "WorkClock", lambda: WorkClock(lambda: now[0]))
    ev = default_evaluator()
    pos, plays = Position.initial(), legal_plays(Position.initial(), (4, 3))
    steps = search.choose_steps(ev, pos, plays, lookahead=5, time_budget=1.0)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            play = stop.value
            break
        now[0] += 10.0
    assert play == search.choose(ev, pos, plays, lookahead=5)


def test_loading_the_evaluator_in_steps_gives_the_same_nets():
    yields, ev = _count(Evaluator.load_steps())
    assert yields > 100  # small units: one packed vector each
    ref = default_evaluator()
    for pos, _ in _game_positions(seed=4, limit=30):
        assert ev.probs(pos) == ref.probs(pos)


def test_loading_the_bearoff_database_in_steps():
    board = (0, 2, 3, 0, 1, 4)
    before = bearoff.rolls_distribution(board)
    bearoff.forget()
    try:
        assert not bearoff.loaded()
        yields, _ = _count(bearoff.load_steps())
        assert bearoff.loaded() and yields > 20
        assert _count(bearoff.load_steps()) == (0, None)  # nothing more to do
        assert bearoff.rolls_distribution(board) == before
    finally:
        bearoff.rolls_table()


def test_enumerate_positions_keeps_the_databases_order():
    order = bearoff.enumerate_positions()
    assert len(order) == 54264 and order == sorted(order)
    assert order[0] == (0,) * 6 and order[-1] == (15, 0, 0, 0, 0, 0)
    assert all(sum(p) <= 15 for p in order)


def test_a_player_is_ready_once_prepared():
    player = AIPlayer("expert")
    assert not player.ready  # nothing loaded by making it (boot time in the page)
    finish(player.prepare_steps())
    assert player.ready
    assert _count(player.prepare_steps()) == (0, None)


def test_the_beginner_has_the_same_interface():
    bot = BeginnerBot()
    assert bot.ready
    assert _count(bot.prepare_steps()) == (0, None)
    for pos, dice in _game_positions(seed=9, limit=20):
        assert finish(bot.choose_play_steps(pos, dice, MatchContext())) == bot.choose_play(pos, dice, MatchContext())


# --- the data archive the page fetches after boot ------------------------------------------------------


def _tool(name: str):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"tavli_tool_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_data_archive_unpacks_at_the_modules_paths(tmp_path):
    from web.browser import aidata

    tools = _tool("pyscript_files")
    data = tools.archive_bytes(pyc=False, name=tools.AI_ARCHIVE)
    yields, written = _count(aidata.unpack_steps(data, tmp_path))
    assert sorted(written) == tools.archive_files(tools.AI_ARCHIVE) and yields > len(written)  # in chunks
    for rel in written:
        assert (tmp_path / rel).read_bytes() == (tools.ROOT / rel).read_bytes()
    assert aidata.present()  # under CPython the tree has them
    assert aidata.packages_root() == tools.ROOT


def test_the_data_archive_may_not_write_elsewhere(tmp_path):
    import io
    import zipfile

    from web.browser import aidata

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../evil.py", "x = 1")
    with pytest.raises(ValueError, match="refusing"):
        finish(aidata.unpack_steps(buffer.getvalue(), tmp_path / "inner"))
    assert not (tmp_path / "evil.py").exists()


# --- the page's controller --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["portes", "plakoto", "fevga"])
def test_the_controller_plays_the_same_in_steps(variant):
    # Two equal seeded matches against Intermediate (noise: the same random draws in the same
    # order): one chooses with choose_play, the other with choose_play_steps run to the end.
    from web.control.controller import Controller
    from web.model.setup import MatchSetup, ViewOptions

    setup = MatchSetup(level="intermediate", seed=12, variant=variant, length=1)
    plain, stepped = Controller(setup, ViewOptions()), Controller(setup, ViewOptions())
    chosen = 0
    for _ in range(400):
        if plain.match.phase in ("game-over", "match-over") or chosen >= 6:
            break
        for ctl in (plain, stepped):
            if ctl.match.phase == "opening" or (ctl.match.phase == "roll" and ctl.is_human(ctl.match.to_act)):
                ctl.roll()
        if plain.plan_needed():
            a = plain.choose_play()
            yields, b = _count(stepped.choose_play_steps())
            assert a.steps == b.steps
            chosen += 1
            for ctl, play in ((plain, a), (stepped, b)):
                ctl.set_plan(play)
        for ctl in (plain, stepped):
            if ctl.computer_to_act():
                ctl.computer_step()
            elif ctl.match.phase == "move" and ctl.is_human(ctl.match.game.on_roll):
                point = next((p for p in range(25, -1, -1) if ctl.movable(p)), None)
                if point is not None:
                    ctl.click(point)
            elif ctl.auto_pending():
                ctl.auto_step()
        assert plain.board_view() == stepped.board_view()
    assert chosen >= 3
