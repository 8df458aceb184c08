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
from tests.scripts import load_script


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


def test_the_look_ahead_values_a_few_replies_between_two_yields():
    # A unit of work between two yields is a few evaluations (a few milliseconds in the page):
    # the page's slices end after a unit that passes their time, so a long unit is a long frame.
    ev = default_evaluator()
    units = []
    for pos, dice in _game_positions(seed=4, limit=30):
        for play in legal_plays(pos, dice)[:3]:
            steps = search.one_ply_value_steps(ev, play.result)
            while True:
                before = ev.calls
                try:
                    next(steps)
                except StopIteration:
                    units.append(ev.calls - before)
                    break
                units.append(ev.calls - before)
    assert sum(units) > 10_000
    assert max(units) <= 4


def _run_with_a_clock(steps, now: list[float], jump: float):
    """Run ``steps`` to the end, the fake clock ``now`` jumping ``jump`` seconds at every yield."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
        now[0] += jump


def test_a_time_budget_counts_only_the_searchs_own_work(monkeypatch):
    # The coach's wall-clock bound: a fake clock that jumps 10 s whenever the look-ahead is
    # suspended: a budget of 1 s is never reached, so every candidate is looked at, as without one.
    now = [0.0]
    monkeypatch.setattr(search, "WorkClock", lambda: WorkClock(lambda: now[0]))
    ev = default_evaluator()
    ranked = search.rank_plays(ev, legal_plays(Position.initial(), (4, 3)))
    candidates = [p for _, p in ranked[:5]]

    def value(p):
        return search.one_ply_value_steps(ev, p.result)

    looked = _run_with_a_clock(search.look_ahead_steps(candidates, value, time_budget=1.0), now, 10.0)
    assert looked == finish(search.look_ahead_steps(candidates, value))
    assert len(looked) == 5


def _slow_clock(monkeypatch) -> None:
    """Every reading of a look-ahead's clock is 10 s after the last: any time budget is spent at once."""
    now = [0.0]

    def tick() -> float:
        now[0] += 10.0
        return now[0]

    monkeypatch.setattr(search, "WorkClock", lambda: WorkClock(tick))


def _beyond_the_first_two(ev: Evaluator, pos: Position, dice: tuple[int, int]) -> bool:
    """Whether Champion's 1-ply choice in ``pos`` is a candidate after the first two by 0-ply (a
    budget that stopped after two candidates would choose another play)."""
    ranked = search.rank_plays(ev, legal_plays(pos, dice))
    candidates = [p for e, p in ranked[:5] if e >= ranked[0][0] - 0.16]
    if len(candidates) <= 2:
        return False
    values = [search.one_ply_value(ev, p.result) for p in candidates]
    return values.index(max(values)) >= 2


def test_champion_plays_the_same_on_a_slow_machine(monkeypatch):
    # The play is a function of the position, the dice and the seed: a clock on which every
    # moment is ten seconds long (a heavily loaded machine, a slow page) changes nothing.
    ev = default_evaluator()
    cases = _game_positions(seed=33, limit=60)
    normal = [AIPlayer("champion", seed=1, evaluator=ev).choose_play(pos, dice) for pos, dice in cases]
    assert any(_beyond_the_first_two(ev, pos, dice) for pos, dice in cases)  # a time cut would show
    _slow_clock(monkeypatch)
    slow = AIPlayer("champion", seed=1, evaluator=ev)
    assert [slow.choose_play(pos, dice) for pos, dice in cases] == normal
    assert [finish(slow.choose_play_steps(pos, dice)) for pos, dice in cases] == normal


def test_the_tally_counts_every_reply_valued():
    ev = default_evaluator()
    result = legal_plays(Position.initial(), (6, 5))[0].result
    tally = search.Tally()
    value = finish(search.one_ply_value_steps(ev, result, tally))
    assert value == search.one_ply_value(ev, result)
    assert tally.count == sum(len(legal_plays(result, roll)) for roll in search.ROLLS)


@pytest.mark.parametrize("variant", ["plakoto", "fevga"])
def test_the_tally_counts_every_reply_in_plakoto_and_fevga(variant):
    from tavli.ai import variant_search
    from tavli.ai.variant_net import default_variant_evaluator
    from tavli.games.registry import game_kind

    kind, ev = game_kind(variant), default_variant_evaluator(variant)
    result = kind.legal_plays(kind.initial(), (6, 5))[0].result
    tally = search.Tally()
    value = finish(variant_search.one_ply_value_steps(ev, result, {}, tally))
    assert value == finish(variant_search.one_ply_value_steps(ev, result, {}))
    assert tally.count == sum(len(kind.legal_plays(result, roll)) for roll in search.ROLLS)


def test_an_evaluation_budget_stops_new_candidates_once_spent():
    ev = default_evaluator()
    ranked = search.rank_plays(ev, legal_plays(Position.initial(), (4, 3)))
    candidates = [p for _, p in ranked[:5]]
    tally = search.Tally()

    def value(p):
        return search.one_ply_value_steps(ev, p.result, tally)

    looked = finish(search.look_ahead_steps(candidates, value, evaluations=1, tally=tally, least=2))
    assert sorted(id(p) for _, p in looked) == sorted(id(p) for p in candidates[:2])  # the first two always
    first_two = tally.count
    tally = search.Tally()
    looked = finish(search.look_ahead_steps(candidates, value, evaluations=first_two + 1, tally=tally))
    assert len(looked) == 3  # the third started below the budget, none after it
    tally = search.Tally()
    assert len(finish(search.look_ahead_steps(candidates, value, evaluations=10**9, tally=tally))) == 5
    with pytest.raises(ValueError, match="tally"):
        finish(search.look_ahead_steps(candidates, value, evaluations=10))


def test_champions_budget_bounds_a_huge_look_ahead():
    # A budget lower than two candidates' replies: Champion looks at its best two by 0-ply only.
    ev = default_evaluator()
    pos, dice = Position.initial(), (4, 3)
    plays = legal_plays(pos, dice)
    ranked = search.rank_plays(ev, plays)
    two = [p for _, p in ranked[:2]]
    best_of_two = max(two, key=lambda p: search.one_ply_value(ev, p.result))
    player = AIPlayer("champion", evaluator=ev)
    player.level = replace(LEVELS["champion"], evaluations=1)
    assert player.choose_play(pos, dice) == best_of_two
    assert LEVELS["champion"].evaluations is not None


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
    return load_script(f"tools/{name}.py", f"tavli_tool_{name}")


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
