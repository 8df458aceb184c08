"""The Plakoto and Fevga computer players: the sparse net, exact endings, play choice, levels."""

from __future__ import annotations

import random

import pytest

from tavli.ai import variant_net as vn
from tavli.ai.variant_search import choose, choose_steps, rank_plays
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition
from tavli.games.registry import game_kind


def _random_net(hidden: int = 8, seed: int = 3) -> vn.SparseNet:
    rng = random.Random(seed)
    emb = [[rng.gauss(0.0, 0.3) for _ in range(hidden)] for _ in range(vn.N_UNITS)]
    b1 = [rng.gauss(0.0, 0.3) for _ in range(hidden)]
    w2 = [[rng.gauss(0.0, 1.0) for _ in range(hidden)] for _ in range(3)]
    b2 = [rng.gauss(0.0, 0.3) for _ in range(3)]
    return vn.SparseNet(emb, b1, w2, b2)


def _positions(name: str, seed: int = 5, limit: int = 80) -> list:
    v = game_kind(name)
    rng = random.Random(seed)
    pos = v.initial()
    out = [pos]
    for _ in range(limit):
        pos = rng.choice(v.legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))).result
        if v.ending(pos) is not None:
            break
        out.append(pos)
    return out


@pytest.fixture(params=["plakoto", "fevga"])
def name(request) -> str:
    return request.param


def test_units_name_each_point_count_and_pin_once() -> None:
    # The side on roll pins the opponent's checker on his point 20 (the roller's 5).
    pos = PlakotoPosition(
        tuple([0, 0, 1, 0, 2] + [0] * 18 + [12, 0]),
        tuple([0] * 19 + [1] + [0] * 3 + [14, 0]),
        frozenset(),
        frozenset({20}),
    )
    units = vn.active_units(pos)
    assert len(units) == len(set(units))
    assert 2 * vn.COUNTS + 0 in units  # roller: one checker on point 3
    assert 4 * vn.COUNTS + 1 in units  # roller: two on point 5
    assert 23 * vn.COUNTS + 11 in units  # roller: twelve on point 24
    assert vn.SIDE_UNITS + 19 * vn.COUNTS + 0 in units  # opponent: one on his 20
    assert vn.SIDE_UNITS + vn.PIN_BASE + 19 in units  # ... and it is pinned
    assert len(units) == 6


def test_packed_forward_equals_plain_forward(name: str) -> None:
    net = _random_net()
    for pos in _positions(name)[::7]:
        units = vn.active_units(pos)
        fast = net.forward(units)
        slow = net.forward_reference(units)
        # (a hidden unit's tanh(x / 2) is read to within 2**-11: evaluator.PackedNet)
        assert fast == pytest.approx(slow, abs=2e-4)


def test_probabilities_are_consistent(name: str) -> None:
    ev = vn.VariantEvaluator(name, _random_net(seed=11))
    for pos in _positions(name):
        w, w2, l2 = ev.probs(pos)
        assert 0.0 <= w <= 1.0
        assert 0.0 <= w2 <= w
        assert 0.0 <= l2 <= 1.0 - w
        assert -2.0 <= vn.equity((w, w2, l2)) <= 2.0


def test_invert_twice_is_identity() -> None:
    p = (0.6, 0.2, 0.1)
    assert vn.invert(vn.invert(p)) == p
    assert vn.equity(vn.invert(p)) == pytest.approx(-vn.equity(p))


def test_plakoto_mother_pin_is_valued_exactly_and_chosen() -> None:
    """Pinning the opponent's mother when the pinner has left his own start wins 2 at once (1
    with mother_points=1); the player takes it whatever the net thinks."""
    # Roller (moving 24 -> 1) has left his start; the opponent's last checker on his 24 (the
    # roller's point 1) is alone. The roller has a checker on his 3: a 2 pins the mother.
    me = [0] * 25
    me[2] = 1  # point 3
    me[7] = 14  # point 8
    opp = [0] * 25
    opp[23] = 1  # the opponent's 24 = the roller's 1: his mother
    opp[9] = 14
    pos = PlakotoPosition(tuple(me), tuple(opp))
    plays = game_kind("plakoto").legal_plays(pos, (2, 1))
    ev = vn.VariantEvaluator("plakoto", _random_net(seed=2))
    best = choose(ev, plays)
    assert ev.ending_value(best.result) == 2.0
    assert best.result.mothers_pinned()[0]  # (the result is seen from the pinned side)
    plain = ev.with_options({"mother_points": 1})
    assert plain.ending_value(best.result) == 1.0


def test_fevga_bearing_off_the_last_checker_is_valued_exactly() -> None:
    me = {1: 1}
    opp = {24: 15}
    pos = FevgaPosition.from_points(me, opp)
    plays = game_kind("fevga").legal_plays(pos, (3, 1))
    ev = vn.VariantEvaluator("fevga", _random_net())
    ranked = rank_plays(ev, plays)
    assert ranked[0][0] == 2.0  # the opponent has borne off none: 2 points


def test_choose_steps_yields_and_returns_what_choose_returns(name: str) -> None:
    ev = vn.VariantEvaluator(name, _random_net(seed=9))
    v = game_kind(name)
    rng = random.Random(1)
    checked = 0
    for pos in _positions(name, seed=8)[5::9]:
        plays = v.legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if len(plays) < 3:
            continue
        gen = choose_steps(ev, plays, lookahead=3, margin=5.0)
        yields = 0
        while True:
            try:
                next(gen)
                yields += 1
            except StopIteration as stop:
                picked = stop.value
                break
        assert yields > 21  # at least one candidate's 21 rolls, each a slice
        assert picked in plays
        assert picked is choose(ev, plays, lookahead=3, margin=5.0)
        checked += 1
    assert checked >= 2


def test_noise_changes_choices_zero_noise_does_not(name: str) -> None:
    ev = vn.VariantEvaluator(name, _random_net(seed=4))
    v = game_kind(name)
    pos = max(_positions(name, seed=12)[:30], key=lambda p: len(v.legal_plays(p, (6, 5))))
    plays = v.legal_plays(pos, (6, 5))
    assert len(plays) > 3
    greedy = {choose(ev, plays, rng=random.Random(s)).result for s in range(10)}
    assert len(greedy) == 1
    noisy = {choose(ev, plays, noise=2.0, rng=random.Random(s)).result for s in range(30)}
    assert len(noisy) > 1


@pytest.mark.parametrize("dtype", ["f4", "f2", "q8", "q11"])
def test_pack_round_trip(name: str, dtype: str) -> None:
    net = _random_net(hidden=4)
    data = vn.pack(net.emb, net.b1, net.w2, net.b2, {"variant": name}, dtype=dtype)
    ev = vn.VariantEvaluator.from_bytes(name, data)
    assert ev.meta["variant"] == name
    if dtype == "f4":
        assert [v for row in ev.net.emb for v in row] == pytest.approx([v for row in net.emb for v in row], abs=1e-6)
    for pos in _positions(name)[::10]:  # fixed point: within half a step (max |w| / 254 at 8 bits) per weight
        assert ev.net.forward(vn.active_units(pos)) == pytest.approx(net.forward(vn.active_units(pos)), abs=5e-3)


# --- the shipped nets and the levels ------------------------------------------------------------


def test_shipped_nets_load_and_answer_consistently(name: str) -> None:
    ev = vn.default_variant_evaluator(name)
    assert ev.meta["variant"] == name
    assert ev.meta["games"] > 0  # trained, not a fresh net
    for pos in _positions(name, seed=21)[::5]:
        w, w2, l2 = ev.probs(pos)
        assert 0.0 <= w2 <= w <= 1.0 and 0.0 <= l2 <= 1.0 - w


def test_shipped_net_knows_a_race_won(name: str) -> None:
    """Bearing off, five checkers left against fifteen: the side on roll nearly surely wins, and
    the net says so from both sides."""
    me = tuple([2, 2, 1] + [0] * 22)
    opp = tuple([3, 3, 3, 3, 3] + [0] * 20)
    cls = PlakotoPosition if name == "plakoto" else FevgaPosition
    ev = vn.default_variant_evaluator(name)
    w, w2, l2 = ev.probs(cls(me, opp))
    assert w > 0.85 and l2 < 0.05
    assert ev.probs(cls(opp, me))[0] < 0.15


@pytest.mark.parametrize("level", ["intermediate", "expert", "champion"])
def test_levels_play_whole_variant_games_in_a_match(name: str, level: str) -> None:
    from tavli.ai.players import AIPlayer
    from tavli.match import Match

    match = Match(1, variant=name, seed=4)
    bots = (AIPlayer(level, seed=1), AIPlayer("expert", seed=2))
    for _ in range(2000):
        if match.phase in ("game-over", "match-over"):
            break
        player = match.to_act if match.phase != "opening" else 0
        assert bots[player].act(match, player) != ""
    assert match.phase == "match-over"
    assert max(match.scores) in (1, 2) or match.scores == [0, 0]


def test_variant_levels_differ_in_choice() -> None:
    """Expert always takes the net's best 0-ply play; Intermediate's noise sometimes does not."""
    from tavli.ai.context import MatchContext
    from tavli.ai.players import AIPlayer

    v = game_kind("fevga")
    context = MatchContext(variant="fevga", cube_available=False)
    positions = _positions("fevga", seed=30)[4:40]
    differ = 0
    for i, pos in enumerate(positions):
        dice = (6, 3)
        plays = v.legal_plays(pos, dice)
        if len(plays) < 3:
            continue
        expert = AIPlayer("expert").choose_play(pos, dice, context)
        assert expert.result == choose(vn.default_variant_evaluator("fevga"), plays).result
        inter = AIPlayer("intermediate", seed=i).choose_play(pos, dice, context)
        differ += inter.result != expert.result
    assert differ >= 1


def _constant_evaluator(name: str, probs: tuple[float, float, float]) -> vn.VariantEvaluator:
    """A net that answers ``probs`` (win, win2, lose2) for every position."""
    import math

    logit = [math.log(p / (1.0 - p)) for p in probs]
    net = vn.SparseNet([[0.0] for _ in range(vn.N_UNITS)], [0.0], [[0.0], [0.0], [0.0]], logit)
    return vn.VariantEvaluator(name, net)


@pytest.mark.parametrize(
    "resigner, offered, accepted",
    [
        ((0.5, 0.1, 0.1), 1, True),  # an even game: one point is worth more than playing on
        ((0.05, 0.01, 0.9), 1, False),  # the computer expects about 1.8 points
        ((0.05, 0.01, 0.9), 2, True),
        ((0.3, 0.05, 0.5), 1, True),  # it expects 0.85: take the point
    ],
)
def test_computer_accepts_a_resignation_worth_at_least_the_game(resigner, offered, accepted) -> None:
    """``resigner``: the net's (win, win2, lose2) for the side offering to resign (on roll)."""
    from tavli.ai.context import MatchContext
    from tavli.ai.players import AIPlayer

    pos = PlakotoPosition.initial()  # seen from the computer; what counts is the net's answer
    bot = AIPlayer("expert")
    bot._variant_evaluators["plakoto"] = _constant_evaluator("plakoto", resigner)
    context = MatchContext(variant="plakoto", cube_available=False)
    assert bot.accept_resignation(pos, offered, context) is accepted


def test_computer_takes_a_resignation_that_wins_the_match() -> None:
    from tavli.ai.context import MatchContext
    from tavli.ai.players import AIPlayer

    bot = AIPlayer("expert")
    bot._variant_evaluators["fevga"] = _constant_evaluator("fevga", (0.05, 0.01, 0.9))
    context = MatchContext(length=5, score=(4, 0), variant="fevga", cube_available=False)
    assert bot.accept_resignation(FevgaPosition.initial(), 1, context)


def test_computer_never_resigns_a_variant_game() -> None:
    from tavli.ai.context import MatchContext
    from tavli.ai.players import AIPlayer

    bot = AIPlayer("expert")
    bot._variant_evaluators["plakoto"] = _constant_evaluator("plakoto", (0.01, 0.001, 0.95))
    context = MatchContext(variant="plakoto", cube_available=False)
    assert bot.resign_offer(PlakotoPosition.initial(), context) is None


def test_loading_a_net_in_slices_gives_the_same_net(name: str) -> None:
    """The page loads a net a few rows at a time (tavli.steps); the result is the same net."""
    data = vn.weights_bytes(name)
    gen = vn.VariantEvaluator.from_bytes_steps(name, data)
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as stop:
            sliced = stop.value
            break
    assert slices >= vn.N_UNITS // 32
    whole = vn.VariantEvaluator.from_bytes(name, data)
    for pos in _positions(name, seed=2)[::10]:
        assert sliced.probs(pos) == whole.probs(pos)


def test_one_ply_value_is_the_roll_weighted_mean_of_the_best_replies(name: str) -> None:
    """The sliced look-ahead gives what its definition says: the mean over the opponent's 21 rolls
    of our points after his best 0-ply reply."""
    from tavli.ai.search import ROLL_WEIGHTS, ROLLS
    from tavli.ai.variant_search import one_ply_value_steps, reply_value
    from tavli.steps import finish

    ev = vn.VariantEvaluator(name, _random_net(seed=6))
    result = _positions(name, seed=17)[12]
    expected = sum(w * reply_value(ev, result, roll, {}) for roll, w in zip(ROLLS, ROLL_WEIGHTS))
    assert finish(one_ply_value_steps(ev, result, {})) == pytest.approx(expected)
