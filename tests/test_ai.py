"""The computer player: evaluator, bear-off database, cube and resignation decisions, levels."""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

from tavli.ai import bearoff, cube
from tavli.ai.evaluator import (
    N_EXTENDED_INPUTS,
    N_FEATURE_INPUTS,
    N_INPUTS,
    Evaluator,
    Net,
    consistent,
    default_evaluator,
    encode,
    equity,
    invert,
    pack_nets,
)
from tavli.ai.players import LEVELS, AIPlayer, make_player
from tavli.ai.search import one_ply_value
from tavli.games.portes import Position, legal_plays, outcome_of


def _home(*counts: int) -> tuple[int, ...]:
    """A 25-count side with ``counts`` on points 1..6."""
    side = list(counts) + [0] * (25 - len(counts))
    return tuple(side)


def _game_positions(seed: int = 7, limit: int = 60) -> list[Position]:
    rng = random.Random(seed)
    pos = Position.initial()
    out = []
    for _ in range(limit):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        pos = rng.choice(plays).result
        if outcome_of(pos) is not None:
            break
        out.append(pos)
    return out


# --- evaluator ---------------------------------------------------------------------------------------


def _check(p) -> None:
    win, wg, wbg, lg, lbg = p
    for v in p:
        assert 0.0 <= v <= 1.0
    assert wg <= win + 1e-12 and wbg <= wg + 1e-12
    assert lg <= 1.0 - win + 1e-12 and lbg <= lg + 1e-12


def test_probabilities_are_consistent_on_game_positions():
    ev = default_evaluator()
    positions = _game_positions(limit=400) + _game_positions(seed=8, limit=400)
    assert any(p.is_contact() for p in positions) and any(not p.is_contact() for p in positions)
    for pos in positions:
        _check(ev.probs(pos))


def test_initial_position_is_about_even_and_symmetric():
    p = default_evaluator().probs(Position.initial())
    assert 0.40 < p[0] < 0.60
    assert abs(equity(p)) < 0.25


def test_consistent_clamps_impossible_outputs():
    assert consistent((1.2, 1.1, 0.5, 0.3, 0.4)) == (1.0, 1.0, 0.5, 0.0, 0.0)
    assert consistent((0.3, 0.5, 0.6, 0.9, 0.95)) == (0.3, 0.3, 0.3, 0.7, 0.7)


def test_invert_swaps_sides():
    assert invert((0.6, 0.2, 0.01, 0.1, 0.02)) == pytest.approx((0.4, 0.1, 0.02, 0.2, 0.01))


def test_fast_inference_matches_the_plain_forward_pass():
    ev = default_evaluator()
    for pos in _game_positions(seed=3, limit=30):
        net = ev.contact if pos.is_contact() else ev.race
        x = encode(pos, features=net.features, extended=net.extended)
        assert len(x) == N_INPUTS + (N_EXTENDED_INPUTS if net.extended else N_FEATURE_INPUTS if net.features else 0)
        fast = net.forward(pos.player, pos.opponent)
        slow = net.forward_reference(x)
        # (a hidden unit's pre-activation is read to within 2**-10, its tanh(x / 2) to within 2**-11)
        assert fast == pytest.approx(slow, abs=2e-4)


def _feature_weights(seed: int, hidden: int = 16, width: int = N_INPUTS + N_FEATURE_INPUTS) -> dict:
    """A random contact net taking the contact features (216 inputs, or ``width``)."""
    rng = random.Random(seed)
    return {"w1": [[rng.gauss(0, 0.3) for _ in range(width)] for _ in range(hidden)],
            "b1": [rng.gauss(0, 0.3) for _ in range(hidden)],
            "w2": [[rng.gauss(0, 0.5) for _ in range(hidden)] for _ in range(5)],
            "b2": [rng.gauss(0, 0.5) for _ in range(5)]}


def test_fast_inference_with_the_contact_features_matches_the_plain_forward_pass():
    net = Net(**_feature_weights(1))
    assert net.features and not net.extended
    for pos in _game_positions(seed=3, limit=60):
        x = encode(pos, features=True)
        assert len(x) == N_INPUTS + N_FEATURE_INPUTS
        assert net.forward(pos.player, pos.opponent) == pytest.approx(net.forward_reference(x), abs=2e-4)


def test_fast_inference_with_the_extended_features_matches_the_plain_forward_pass():
    net = Net(**_feature_weights(2, width=N_INPUTS + N_EXTENDED_INPUTS))
    assert net.features and net.extended
    for pos in _game_positions(seed=4, limit=60):
        x = encode(pos, extended=True)
        assert len(x) == N_INPUTS + N_EXTENDED_INPUTS
        assert net.forward(pos.player, pos.opponent) == pytest.approx(net.forward_reference(x), abs=2e-4)
    # the first 216 inputs are the contact features' net's: the extended net extends it
    assert encode(pos, extended=True)[: N_INPUTS + N_FEATURE_INPUTS] == encode(pos, features=True)


def test_packed_sums_hold_large_pre_activations_of_either_sign():
    # Weights far beyond a trained net's: hidden sums in the hundreds, negative and positive, so that
    # packed fields borrow from their neighbours and the sigmoids saturate.
    w = _feature_weights(7)
    w["w1"] = [[40.0 * v for v in row] for row in w["w1"]]
    w["b1"] = [(-1) ** j * 300.0 for j in range(len(w["b1"]))]
    net = Net(**w)
    for pos in _game_positions(seed=5, limit=40):
        x = encode(pos, features=True)
        assert net.forward(pos.player, pos.opponent) == pytest.approx(net.forward_reference(x), abs=2e-4)


@pytest.mark.parametrize("edge", [-64.0, 63.99])
def test_hidden_units_at_the_edges_of_the_window(edge):
    # Pre-activations just inside and just outside [-64, 64), where the fast path (the fields'
    # bits 8..23) hands over to decoding the whole fields. Only the biases are non-zero, so a
    # unit's pre-activation is its bias.
    import math

    biases = [edge - 0.01, edge, edge + 0.01, edge + 0.02, -edge, 0.3, -5.0, 20.0]
    net = Net([[0.0] * N_INPUTS for _ in biases], biases, [[0.5] * len(biases)] * 5, [0.0] * 5)
    pos = Position.initial()
    levels = net._hidden_levels(net.hidden_sum(pos.player, pos.opponent))
    exact = [math.tanh(b / 2) * 2**15 for b in biases]
    step = 2**15 * 2**-11 + 1  # a reading stands for 2**-9 of x: tanh(x / 2) to within 2**-11
    assert levels == pytest.approx(exact, abs=step)
    x = encode(pos)
    assert net.forward(pos.player, pos.opponent) == pytest.approx(net.forward_reference(x), abs=2e-4)
    inside = Net([[0.0] * N_INPUTS] * 3, [-63.9, 0.0, 63.9], [[1.0] * 3] * 5, [0.0] * 5)
    assert inside._hidden_levels(inside.hidden_sum(pos.player, pos.opponent)) == pytest.approx(
        [-2**15, 0, 2**15], abs=step)


def test_nets_with_the_contact_features_survive_the_data_file():
    contact = _feature_weights(3)
    race = {**_feature_weights(4), "w1": [row[:N_INPUTS] for row in _feature_weights(4)["w1"]]}
    ev = Evaluator.from_bytes(pack_nets({"contact": contact, "race": race}, {"inputs": "test"}, dtype="f4"))
    assert ev.contact.features and not ev.race.features
    pos = next(p for p in _game_positions(seed=3) if p.is_contact())
    assert ev.contact.forward(pos.player, pos.opponent) == pytest.approx(
        Net(**contact).forward(pos.player, pos.opponent), abs=2e-4)


def test_a_net_of_another_width_is_rejected():
    w = _feature_weights(5)
    with pytest.raises(ValueError, match="inputs"):
        Net(**{**w, "w1": [row[:-1] for row in w["w1"]]})


def test_remembered_answers_are_the_nets_answers_for_that_exact_position():
    ev = Evaluator.load()
    ev.CACHE_SIZE = 16  # forgets all at once when full: some answers come from memory, some afresh
    positions = []
    for pos in _game_positions(seed=11, limit=40):
        positions.append(pos)
        # the same side on roll against each of the other side's plays: only the other side differs
        positions.extend(p.result for p in legal_plays(pos.swap(), (6, 5))[:3])
    fresh = Evaluator.load()
    for _ in range(2):
        for pos in positions:
            fresh._cache.clear()  # the nets' own answer
            assert ev.probs(pos) == fresh.probs(pos)
            assert len(ev._cache) <= 16
    assert ev.calls == 2 * len(positions)


def test_finished_games_are_scored_exactly():
    ev = default_evaluator()
    # The opponent has borne off everything; we still have a checker on his side: backgammon.
    me = [0] * 25
    me[20], me[0] = 1, 14  # none borne off, one in the winner's home board
    lost = Position(tuple(me), tuple([0] * 25))
    assert ev.probs(lost) == (0.0, 0.0, 0.0, 1.0, 1.0)


def test_training_encoding_matches_the_reference():
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tools.train.train import _FEATURE_SCALES, contact_mask, encode_np, features_np

    positions = _game_positions(seed=5, limit=40)
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    got = encode_np(boards)
    for row, pos in zip(got, positions):
        assert list(row) == pytest.approx(encode(pos), abs=1e-6)
    with_features = np.concatenate([got, features_np(boards) / _FEATURE_SCALES], axis=1)
    for row, pos in zip(with_features, positions):
        assert list(row) == pytest.approx(encode(pos, features=True), abs=1e-6)
    assert list(contact_mask(boards)) == [p.is_contact() for p in positions]


def _chunk_and_relabelling(tmp_path, np, n: int, rows: list[int], deeper: list[list[float]]):
    """``n`` boards of a game, each labelled 0.25 throughout, and ``deeper`` written as the 2-ply
    relabelling of the boards ``rows`` of chunk 9-0000."""
    positions = _game_positions(seed=7, limit=n)
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    probs = np.full((len(boards), 5), 0.25, dtype=np.float32)
    deeper_np = np.array(deeper, dtype=np.float32)
    np.savez(tmp_path / "chunk-gnubg-9-0000-p2.npz", boards=boards[rows], probs=deeper_np)
    return boards, probs, deeper_np


def test_deeper_labels_replace_the_chunks_own_for_the_same_boards(tmp_path):
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tools.train.train import with_deeper_labels

    boards, probs, deeper = _chunk_and_relabelling(
        tmp_path, np, 6, [4, 1], [[0.6, 0.2, 0.01, 0.1, 0.0], [0.3, 0.1, 0.0, 0.2, 0.02]])

    got = with_deeper_labels(boards, probs, str(tmp_path), "chunk-gnubg-9-0000.npz")
    assert got[4].tolist() == pytest.approx(deeper[0].tolist())
    assert got[1].tolist() == pytest.approx(deeper[1].tolist())
    assert [got[i].tolist() for i in (0, 2, 3, 5)] == [probs[0].tolist()] * 4
    assert probs[1].tolist() == [0.25] * 5  # the chunk's own array is left as it was
    assert with_deeper_labels(boards, probs, str(tmp_path), "chunk-gnubg-9-0001.npz") is probs


def test_deeper_labels_blend_with_the_chunks_own_by_the_mix_weight(tmp_path):
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tools.train.train import with_deeper_labels

    boards, probs, _ = _chunk_and_relabelling(tmp_path, np, 4, [2], [[0.65, 0.05, 0.01, 0.15, 0.05]])

    got = with_deeper_labels(boards, probs, str(tmp_path), "chunk-gnubg-9-0000.npz", mix=0.5)
    assert got.dtype == np.float32
    assert got[2].tolist() == pytest.approx([0.45, 0.15, 0.13, 0.2, 0.15])
    assert [got[i].tolist() for i in (0, 1, 3)] == [probs[0].tolist()] * 3
    quarter = with_deeper_labels(boards, probs, str(tmp_path), "chunk-gnubg-9-0000.npz", mix=0.25)
    assert quarter[2].tolist() == pytest.approx([0.35, 0.2, 0.19, 0.225, 0.2])


def test_fresh_training_starts_a_new_contact_net_and_keeps_the_race_net(tmp_path, monkeypatch):
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tavli.ai.evaluator import unpack_nets
    from tools.train import train
    from tools.train.quantise import master_path

    positions = _game_positions(seed=11, limit=80)
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    probs = np.random.default_rng(0).uniform(0.0, 0.3, (len(boards), 5)).astype(np.float32)
    np.savez(tmp_path / "chunk-gnubg-9-0000.npz", boards=boards, probs=probs)
    init, out = str(master_path("portes")), str(tmp_path / "fresh.bin")
    args = ["train.py", "--data", str(tmp_path), "--init", init, "--fresh", "--extended", "--only", "contact",
            "--hidden", "8", "--epochs", "1", "--no-ship", "--feature-cache", str(tmp_path), "--out", out]
    monkeypatch.setattr(sys, "argv", args)
    train.main()

    new, meta = unpack_nets(open(out, "rb").read())
    old, old_meta = unpack_nets(open(init, "rb").read())
    assert len(new["contact"]["b1"]) == 8 and len(old["contact"]["b1"]) > 8
    assert new["race"] == old["race"] and new["prune"] == old["prune"]
    assert meta["race_and_prune_from"] == old_meta and "resumed_from" not in meta

    monkeypatch.setattr(sys, "argv", [a for a in args if a not in ("--init", init)])
    with pytest.raises(SystemExit):
        train.main()


# --- bear-off database -------------------------------------------------------------------------------


def test_bearoff_hand_computed_cases():
    assert bearoff.expected_rolls((1, 0, 0, 0, 0, 0)) == pytest.approx(1.0)
    assert bearoff.expected_rolls((2, 0, 0, 0, 0, 0)) == pytest.approx(1.0)
    # One checker on the 6 point: a roll fails only with 1-2, 1-3, 1-4, 2-3 (8/36) or 1-1 (1/36),
    # and every such roll leaves the checker on the 3 point or lower, off next roll: 1 + 9/36.
    assert bearoff.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1.25, abs=1e-4)
    # Three checkers on the 1 point: off in one roll unless it is not a double (two checkers
    # only): 1 + 30/36.
    assert bearoff.expected_rolls((3, 0, 0, 0, 0, 0)) == pytest.approx(1 + 30 / 36, abs=1e-4)
    d = bearoff.rolls_distribution((0, 0, 0, 0, 0, 1))
    assert d[1] == pytest.approx(0.75, abs=1e-4) and d[2] == pytest.approx(0.25, abs=1e-4)
    assert sum(bearoff.rolls_distribution((0, 0, 0, 0, 0, 15))) == pytest.approx(1.0, abs=1e-6)


def test_bearoff_two_sided_probabilities():
    # On roll with one checker on the 1 point: a certain win.
    assert bearoff.race_probs(_home(1), _home(0, 0, 0, 0, 0, 15))[:2] == (1.0, 1.0)
    # Fifteen on the 6 point against one checker on his 1 point: we must bear one off at once
    # (any 6, 5-1, 4-2, 2-2, 3-3: 17/36) or lose a gammon.
    p = bearoff.race_probs(_home(0, 0, 0, 0, 0, 15), _home(1))
    assert p[0] == 0.0
    assert p[3] == pytest.approx(19 / 36, abs=1e-4)
    # One checker on the 6 point each, we are on roll: we win at once with 3/4.
    p = bearoff.race_probs(_home(0, 0, 0, 0, 0, 1), _home(0, 0, 0, 0, 0, 1))
    assert p[0] == pytest.approx(0.75 + 0.25 * 0.25, abs=1e-4)
    assert default_evaluator().probs(Position(_home(0, 0, 0, 0, 0, 1), _home(0, 0, 0, 0, 0, 1))) == p


# --- cube ----------------------------------------------------------------------------------------------


def test_money_cube_textbook_decisions():
    no_gammons = lambda w: (w, 0.0, 0.0, 0.0, 0.0)  # noqa: E731
    assert not cube.should_double(no_gammons(0.55))
    d = cube.double_decision(no_gammons(0.70))
    assert d.double and d.take  # a clear double and a clear take
    d = cube.double_decision(no_gammons(0.88))
    assert d.double and not d.take  # double, pass
    d = cube.double_decision((0.80, 0.55, 0.02, 0.0, 0.0))
    assert d.too_good and not d.double  # too good: play on for the gammon
    # The opponent owns the cube: we cannot double.
    assert not cube.double_decision(no_gammons(0.9), 2, cube.OPPONENT).double


def test_take_decision_from_the_takers_side():
    assert cube.take_decision((0.70, 0.0, 0.0, 0.0, 0.0))
    assert not cube.take_decision((0.88, 0.0, 0.0, 0.0, 0.0))
    assert not cube.take_decision((0.72, 0.40, 0.05, 0.0, 0.0))  # too many gammons to take


def test_jacoby_rule_makes_a_gammonish_position_a_double():
    p = (0.80, 0.55, 0.02, 0.0, 0.0)
    assert not cube.double_decision(p).double
    assert cube.double_decision(p, jacoby=True).double


def test_match_cube_crawford_and_post_crawford():
    p = (0.75, 0.1, 0.0, 0.05, 0.0)
    # Crawford game: no doubling at all.
    assert not cube.double_decision(p, match_length=5, score=(0, 4), crawford=True).double
    # After it, the trailer doubles even as an underdog; the leader never does.
    assert cube.double_decision((0.35, 0.05, 0.0, 0.1, 0.0), match_length=5, score=(1, 4)).double
    assert not cube.double_decision(p, match_length=5, score=(4, 1)).double
    # At 0-0 in a 5-point match the same decisions as money hold for clear cases.
    assert cube.double_decision((0.88, 0.0, 0.0, 0.0, 0.0), match_length=5, score=(0, 0)).double
    assert not cube.double_decision((0.55, 0.1, 0.0, 0.1, 0.0), match_length=5, score=(0, 0)).double


def test_match_equity_table_is_kazaross_xg2():
    assert cube.met(1, 2) == pytest.approx(0.67736)
    assert cube.met(2, 1) == pytest.approx(0.32264)
    assert cube.met(2, 1, post_crawford=True) == pytest.approx(0.48803)
    assert cube.met(0, 3) == 1.0 and cube.met(3, 0) == 0.0
    assert cube.met(7, 7) == 0.5


def test_live_cube_keeps_rising_past_the_cash_point_when_gammons_count():
    # Too good: beyond the cash point the live cube is worth more than the cash, up to W at w = 1.
    p = (0.85, 0.50, 0.0, 0.0, 0.0)
    W, _ = cube.win_loss_values(p)
    owned = cube.money_equity(p, cube.ME, x=1.0)
    assert 1.0 < owned < W
    assert cube.money_equity(p, cube.CENTERED, x=1.0) == pytest.approx(owned)
    # With the Jacoby rule a centred cube's gammons do not count: the live cube stops at the cash.
    assert cube.money_equity(p, cube.CENTERED, x=1.0, jacoby=True) == pytest.approx(1.0)
    # In a match likewise: past our cash point the live cube rises towards winning as it comes.
    q = (0.95, 0.60, 0.0, 0.0, 0.0)
    assert cube.match_cubeful(q, 7, 7, 1, cube.ME, False, False, 1.0) > cube.met(6, 7)


def test_jacoby_take_and_cash_points_count_the_gammons_of_the_turned_cube():
    # Once doubled, gammons count: the window of a centred Jacoby cube is set by W and L.
    p = (0.60, 0.25, 0.0, 0.05, 0.0)
    tp, cp = cube.janowski_points(*cube.win_loss_values(p))
    live = -1.0 + 2.0 * (p[0] - tp) / (cp - tp)
    assert cube.money_equity(p, cube.CENTERED, x=1.0, jacoby=True) == pytest.approx(live)
    assert cube.money_equity(p, cube.CENTERED, x=0.0, jacoby=True) == pytest.approx(2 * p[0] - 1)


def test_match_take_point_counts_the_takers_redouble():
    p = (0.7, 0.1, 0.0, 0.05, 0.0)
    dead = cube.pass_point(p, 7, 7, 2, False, 0.0, taker_is_opponent=True)
    live = cube.pass_point(p, 7, 7, 2, False, 0.68, taker_is_opponent=True)
    assert live > dead  # owning the cube, he may take with fewer chances
    # A taker who cannot gain by redoubling (2-away at a 2-cube) has only the dead-cube point.
    assert cube.pass_point(p, 7, 2, 2, False, 0.68, taker_is_opponent=True) == pytest.approx(
        cube.pass_point(p, 7, 2, 2, False, 0.0, taker_is_opponent=True))
    # Our own take point (he doubles us) mirrors it.
    mine = cube.pass_point(p, 7, 7, 2, False, 0.68, taker_is_opponent=False)
    assert mine < cube.pass_point(p, 7, 7, 2, False, 0.0, taker_is_opponent=False)


# --- resignation --------------------------------------------------------------------------------------


def test_resign_offer_only_when_it_cannot_win():
    assert cube.resign_offer((0.05, 0.0, 0.0, 0.0, 0.0)) is None
    assert cube.resign_offer((0.0, 0.0, 0.0, 0.0, 0.0)) == 1
    assert cube.resign_offer((0.0, 0.0, 0.0, 0.4, 0.0)) is None  # gammon still to be saved
    assert cube.resign_offer((0.0, 0.0, 0.0, 1.0, 0.0)) == 2
    assert cube.resign_offer((0.0, 0.0, 0.0, 1.0, 1.0)) == 3


def test_accept_resignation_when_worth_more_than_playing_on():
    assert cube.accept_resignation((0.99, 0.0, 0.0, 0.0, 0.0), 1)
    assert not cube.accept_resignation((0.99, 0.6, 0.0, 0.0, 0.0), 1)  # gammon chances: play on
    assert cube.accept_resignation((0.99, 0.6, 0.0, 0.0, 0.0), 2)
    assert cube.accept_resignation((0.99, 0.6, 0.0, 0.0, 0.0), 1, match_length=5, score=(4, 0))


# --- levels --------------------------------------------------------------------------------------------


def test_levels_have_different_settings():
    settings = {(lv.noise, lv.lookahead, lv.deep) for lv in LEVELS.values()}
    assert len(settings) == len(LEVELS) == 5
    assert LEVELS["champion"].lookahead > 1 and LEVELS["expert"].noise == 0.0
    assert LEVELS["beginner"].noise > LEVELS["intermediate"].noise > 0.0
    with pytest.raises(ValueError):
        AIPlayer("wizard")


def test_every_level_plays_a_legal_play():
    pos = _game_positions(seed=11, limit=8)[-1]
    dice = (6, 3)
    legal = legal_plays(pos, dice)
    for name in LEVELS:
        player = make_player(name, seed=1)
        play = player.choose_play(pos, dice)
        assert play in legal


def test_expert_plays_the_opening_31_as_8_3_6_3():
    play = AIPlayer("expert").choose_play(Position.initial(), (3, 1))
    assert sorted(play.moves) == [(6, 5), (8, 5)]


def test_one_ply_value_of_a_won_race():
    # After our play we keep one checker on our 1 point; the opponent, on roll, has fifteen on his
    # 6 point: whatever he rolls we win next turn, a gammon unless he bears one off now (17/36).
    result = Position(_home(0, 0, 0, 0, 0, 15), _home(1))
    assert one_ply_value(default_evaluator(), result) == pytest.approx(1 + 19 / 36, abs=1e-3)


def test_player_cube_and_resign_methods():
    bot = AIPlayer("expert")
    pos = Position.initial()
    assert bot.cube_action(pos) is False
    assert bot.take_decision(pos) is True
    assert bot.resign_offer(pos) is None
    # An even game is worth less than a point: a resignation now is worth accepting.
    assert bot.accept_resignation(pos, 1) is True
    lost = Position(_home(0, 0, 0, 0, 0, 15), _home(1))
    assert bot.resign_offer(lost) is None  # 17/36 to save the gammon: play on


def test_ai_player_drives_a_match_with_the_cube():
    from tavli.match import Match

    match = Match(3, seed=4)
    bots = [AIPlayer("expert", seed=1), make_player("beginner")]
    for _ in range(3000):
        if match.is_over():
            break
        if match.phase == "game-over":
            match.next_game()
            continue
        player = match.to_act if match.to_act is not None else 0
        if not bots[player].act(match, player):
            bots[1 - player].act(match, 1 - player)
    assert match.is_over() and match.winner in (0, 1)


def _race_positions() -> list[Position]:
    def side(**at: int) -> tuple[int, ...]:
        counts = [0] * 25
        for point, n in at.items():
            counts[int(point[1:])] = n
        return tuple(counts)

    return [Position(side(p7=5, p3=10), side(p8=4, p2=11)), Position(side(p11=3, p5=12), side(p9=1, p1=14))]


def test_held_out_error_is_zero_on_the_nets_own_outputs_and_measures_a_shift(tmp_path):
    np = pytest.importorskip("numpy")
    torch = pytest.importorskip("torch")
    from tools.train.held_out import errors
    from tools.train.train import _EXTENDED_SCALES, Model, contact_mask, encode_np, features_np

    positions = _game_positions(seed=9, limit=60) + _race_positions()
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    cont = contact_mask(boards)
    assert cont.any() and not cont.all()
    x = encode_np(boards)
    x_feat = np.concatenate([x, features_np(boards, extended=True) / _EXTENDED_SCALES], axis=1, dtype=np.float32)
    path = str(pathlib.Path(__file__).resolve().parent.parent / "tavli" / "ai" / "data" / "portes.bin")
    ev = Evaluator.load(path)
    own = np.empty((len(boards), 5), dtype=np.float32)
    for mask, net, inputs in ((cont, ev.contact, x_feat), (~cont, ev.race, x)):
        model = Model(net.hidden, len(net.w1[0]))
        model.load_net(net)
        with torch.no_grad():
            own[mask] = torch.sigmoid(model(torch.from_numpy(inputs[mask]))).numpy()
    np.savez_compressed(tmp_path / "own.npz", boards=boards, probs=own)
    shifted = own.copy()
    shifted[:, 0] += 0.1  # a win probability 0.1 higher: equity 0.2 higher
    np.savez_compressed(tmp_path / "shifted.npz", boards=boards, probs=shifted)
    counts, got = errors([path], [str(tmp_path / "own.npz")], str(tmp_path))
    assert counts == {"contact": int(cont.sum()), "race": int((~cont).sum())}
    assert got[path]["contact"] < 1e-5 and got[path]["race"] < 1e-5
    _, got = errors([path], [str(tmp_path / "shifted.npz")], str(tmp_path))
    assert got[path] == pytest.approx({"contact": 0.2, "race": 0.2}, abs=1e-5)
    np.savez_compressed(tmp_path / "contact.npz", boards=boards[cont], probs=own[cont])
    counts, got = errors([path], [str(tmp_path / "contact.npz")], str(tmp_path))
    assert counts["race"] == 0 and list(got[path]) == ["contact"]


def test_held_out_gives_gnubgs_own_error_for_scale(tmp_path):
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    pytest.importorskip("gnubg")
    from tools.train.held_out import errors
    from tools.train.relabel import relabel
    from tools.train.train import contact_mask

    positions = _game_positions(seed=9, limit=40)
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    assert contact_mask(boards).any()
    zero_ply = relabel(boards, 0)
    np.savez_compressed(tmp_path / "zero.npz", boards=boards, probs=zero_ply)
    _, got = errors([], [str(tmp_path / "zero.npz")], str(tmp_path), gnubg_plies=[0, 1])
    assert got["gnubg 0-ply"]["contact"] < 1e-6  # its own labels
    assert got["gnubg 1-ply"]["contact"] > 0.001  # a deeper ply differs
    shifted = zero_ply.copy()
    shifted[:, 0] += 0.1  # equity 0.2 higher
    np.savez_compressed(tmp_path / "shifted.npz", boards=boards, probs=shifted)
    _, got = errors([], [str(tmp_path / "shifted.npz")], str(tmp_path), gnubg_plies=[0])
    assert got["gnubg 0-ply"]["contact"] == pytest.approx(0.2, abs=1e-5)


def test_relabel_blends_the_new_labels_with_the_chunks_own():
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tools.train.relabel import blend

    new = np.array([[0.6, 0.2, 0.0, 0.1, 0.0]], dtype=np.float32)
    own = np.array([[0.4, 0.1, 0.0, 0.3, 0.02]], dtype=np.float32)
    assert blend(new, own, 0.5).tolist()[0] == pytest.approx([0.5, 0.15, 0.0, 0.2, 0.01])
    assert blend(new, own, 0.5).dtype == np.float32
    assert blend(new, own, 1.0) is new


def test_relabel_selects_a_seeded_share_of_the_contact_positions():
    np = pytest.importorskip("numpy")
    pytest.importorskip("torch")
    from tools.train.relabel import selected

    positions = _game_positions(seed=9, limit=80) + _race_positions()
    boards = np.array([(p.player, p.opponent) for p in positions], dtype=np.int8)
    contact = [i for i, p in enumerate(positions) if p.is_contact()]
    assert 0 < len(contact) < len(positions)
    assert selected(boards, True, 1.0, 0).tolist() == contact
    assert selected(boards, False, 1.0, 0).tolist() == list(range(len(positions)))
    half = selected(boards, True, 0.5, 3)
    assert len(half) == round(len(contact) * 0.5) and set(half.tolist()) <= set(contact)
    assert half.tolist() == sorted(half.tolist()) == selected(boards, True, 0.5, 3).tolist()
    assert half.tolist() != selected(boards, True, 0.5, 4).tolist()
