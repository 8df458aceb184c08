"""Fevga rules with explicit positions (issue 7)."""

from __future__ import annotations

import pytest

from tavli.games.base import GameResult, IllegalMove, Outcome, Side, Termination
from tavli.games.fevga import FevgaPosition, FevgaRules, Turn, ending, legal_plays, opponent_point
from tavli.games.registry import game_kind

P = FevgaPosition.from_points


def texts(position, dice, **options):
    return {str(play) for play in legal_plays(position, dice, **options)}


def shut_out(play) -> bool:
    """Whether the side to move after ``play`` has no move with any die."""
    return not any(legal_plays(play.result, (d, d))[0].moves for d in range(1, 7))


# --- start and geometry ---------------------------------------------------------------------------


def test_geometry_and_initial_position():
    assert [opponent_point(p) for p in (1, 12, 13, 24)] == [13, 24, 1, 12]
    start = FevgaPosition.initial()
    assert start.checkers_at(24) == (15, 0)
    assert start.checkers_at(12) == (0, 15)  # the opponent starts on the player's 12-point
    assert start.pip_counts() == (360, 360)
    assert start.swap() == start


# --- the first checker ----------------------------------------------------------------------------


def test_opening_moves_only_the_first_checker():
    start = FevgaPosition.initial()
    assert texts(start, (6, 5)) == {"24/13"}
    assert texts(start, (2, 1)) == {"24/21"}
    # 6-6: 24/18, then the opponent's start (the player's 12) is closed and no second checker may
    # leave: one six only. 4-4 likewise stops on 16; 3-3 on 15.
    assert texts(start, (6, 6)) == {"24/18"}
    assert texts(start, (4, 4)) == {"24/16"}
    assert texts(start, (3, 3)) == {"24/15"}
    # 5-5: the first checker passes (24/9) and a second may leave with the last five.
    assert texts(start, (5, 5)) == {"24/9 24/19", "24/4"}


def test_the_first_checker_may_pass_with_one_die_and_a_second_leave_with_the_other():
    pos = P({24: 14, 13: 1}, {24: 15})  # the first checker is on 13, just before the opponent's start
    assert texts(pos, (2, 1)) == {"24/23 13/11", "13/10"}
    assert "24/22" not in " ".join(texts(pos, (2, 1)))


def test_passing_means_beyond_the_opponents_starting_point():
    # The opponent has left his start; the first checker stands on it (the player's 12).
    pos = P({24: 14, 12: 1}, {18: 15})  # the opponent's 18 is the player's 6
    plays = legal_plays(pos, (2, 1))
    assert all(12 in {m.start for m in p.steps} for p in plays)  # the first checker must move on
    assert "24/21" not in texts(pos, (2, 1))
    # The "quarter" reading: standing on 12 (in the opponent's starting quarter) is enough.
    assert "24/21" in texts(pos, (2, 1), first_checker="quarter")
    # Once past, any checker may leave.
    assert "24/21" in texts(P({24: 14, 11: 1}, {18: 15}), (2, 1))
    with pytest.raises(ValueError):
        legal_plays(pos, (2, 1), first_checker="sometimes")


# --- no hitting -----------------------------------------------------------------------------------


def test_a_single_checker_holds_a_point():
    pos = P({20: 1, 10: 1}, {5: 1, 18: 14})  # the opponent's 5 is the player's 17; his 18 the player's 6
    ends = {m.end for p in legal_plays(pos, (3, 4)) for m in p.steps}
    assert 17 not in ends and 6 not in ends
    assert 16 in ends


# --- the starting quarter -------------------------------------------------------------------------


def test_may_not_hold_all_six_points_of_the_starting_quarter():
    pos = P({24: 5, 23: 1, 22: 1, 21: 1, 20: 1, 10: 6}, {18: 15})
    for play in legal_plays(pos, (5, 1)):
        assert not all(play.result.opponent[18:24]), str(play)  # result seen from the opponent
    # 24/19 would hold 19..24: never, not even for a moment; 20/19 empties 20: allowed.
    assert all(p.moves[0] != (24, 19) for p in legal_plays(pos, (5, 1)))
    assert "24/19 20/19" in texts(pos, (5, 1))  # 20/19 first, then 24/19 leaves 20 open
    turn = Turn(pos, (5, 1))
    assert (24, 19) not in {(m.start, m.end) for m in turn.legal_moves()}
    with pytest.raises(IllegalMove):
        turn.apply((24, 19))


def test_a_prime_elsewhere_is_allowed():
    pos = P({24: 3, 17: 2, 16: 2, 15: 2, 14: 2, 13: 2, 11: 2}, {24: 15})
    # 17..11 but 12 (the opponent's start): 24/18 (6) makes 18..13, a six-point prime that leaves the
    # opponent with moves (his checkers on his 24 = the player's 12 can still move 1..).
    assert any((24, 18) in p.moves for p in legal_plays(pos, (6, 1)))


# --- the prime rule -------------------------------------------------------------------------------


def _primed():
    # The player holds his 6..1 (the opponent's 18..13) with two checkers each, three more far back
    # (his 20, 21, 22); all fifteen opposing checkers are on the player's 7 (the opponent's 19),
    # right behind the prime: whatever the opponent rolls, he cannot move.
    return P({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 20: 1, 21: 1, 22: 1}, {19: 15})


def test_the_opponent_is_shut_out_behind_the_prime():
    rules = FevgaRules()
    assert rules.shut_out(rules.state(_primed()))
    assert not rules.shut_out(rules.state(FevgaPosition.initial()))


def test_must_open_the_prime_when_he_can():
    pos = _primed()
    free = legal_plays(pos, (2, 1), prime="free")
    ruled = legal_plays(pos, (2, 1))
    assert any(shut_out(p) for p in free)  # e.g. 22/20 21/20 keeps the prime
    assert ruled and not any(shut_out(p) for p in ruled)
    assert {str(p) for p in ruled} < {str(p) for p in free}
    assert "6/5 6/4" in {str(p) for p in ruled}
    # The step-by-step turn follows: only two checkers leaving one point open the prime (no
    # bearing off with checkers out), so 22/20 cannot start a legal play.
    turn = Turn(pos, (2, 1))
    with pytest.raises(IllegalMove):
        turn.apply((22, 20))
    assert {(m.start, m.end) for m in turn.legal_moves()} == {
        (6, 5), (6, 4), (5, 4), (5, 3), (4, 3), (4, 2), (3, 2), (3, 1)
    }


def test_the_prime_may_stay_when_no_play_opens_it():
    # With 6-6 the home checkers cannot move (no bearing off with checkers out) and the three back
    # checkers cannot all get home: every play keeps the prime, so all stay legal.
    pos = _primed()
    ruled = legal_plays(pos, (6, 6))
    assert ruled and all(shut_out(p) for p in ruled)
    assert texts(pos, (6, 6)) == texts(pos, (6, 6), prime="free")


# --- bearing off and results ----------------------------------------------------------------------


def test_bear_off_and_results():
    assert texts(P({4: 1, 2: 1}, {1: 13}), (6, 5)) == {"4/off 2/off"}
    assert texts(P({6: 1, 2: 1}, {1: 13}), (5, 1)) == {"6/1 2/1", "6/off"}
    assert texts(P({7: 1, 2: 1}, {1: 13}), (6, 5)) == {"7/1 2/off", "7/off"}  # 7/2 2/off, joined
    one = legal_plays(P({1: 1}, {3: 13}), (1, 1))[0]
    assert one.moves == ((1, 0),) and ending(one.result) == GameResult(Side.OPPONENT, Outcome.SINGLE, Termination.BEAR_OFF)
    two = legal_plays(P({1: 1}, {20: 15}), (3, 2))[0]
    assert ending(two.result) == GameResult(Side.OPPONENT, Outcome.GAMMON, Termination.BEAR_OFF)
    assert ending(FevgaPosition.initial()) is None


def test_only_the_larger_die_when_only_one_can_be_played():
    # The first checker on 20 may go to 14 or 15 but not on to 9 (held by the opponent), and no
    # second checker may leave the start: one die only, and it must be the 6.
    pos = P({24: 14, 20: 1}, {21: 1, 24: 14})  # his 21 = my 9, his 24 = my 12
    assert [p.moves for p in legal_plays(pos, (6, 5))] == [((20, 14),)]


# --- turn and IDs ---------------------------------------------------------------------------------


def test_turn_step_by_step():
    turn = Turn(FevgaPosition.initial(), (6, 5))
    assert {(m.start, m.end) for m in turn.legal_moves()} == {(24, 18), (24, 19)}
    assert turn.targets(24) == [19, 18, 13]
    turn.apply((24, 19))
    assert {(m.start, m.end) for m in turn.legal_moves()} == {(19, 13)}
    turn.apply((19, 13))
    assert turn.is_complete() and str(turn.play()) == "24/13"


def test_position_id_round_trip_and_errors():
    for pos in (FevgaPosition.initial(), _primed(), P({24: 14, 13: 1}, {24: 15})):
        text = pos.position_id()
        assert len(text) == 14 and FevgaPosition.from_id(text) == pos
    with pytest.raises(ValueError, match="14 characters"):
        FevgaPosition.from_id("AAAA")
    with pytest.raises(ValueError, match="uses only"):
        FevgaPosition.from_id("AACA/z8AAMD/H!")
    with pytest.raises(ValueError, match="more than 15"):
        FevgaPosition.from_id("/////////////w")
    with pytest.raises(ValueError, match="both sides on point"):
        FevgaPosition.from_id(_both_on_12())
    with pytest.raises(ValueError, match="both sides"):
        P({12: 1}, {24: 1})


def _both_on_12() -> str:
    from tavli.codec import encode_bits
    from tavli.games.base import side_from_points, sides_bits

    player, opponent = side_from_points({12: 1}, bar=False), side_from_points({24: 1}, bar=False)
    return encode_bits(sides_bits(player, opponent, bar=False), 14)


def test_registry():
    v = game_kind("fevga")
    assert v.initial() == FevgaPosition.initial()
    assert v.opponent_point(12) == 24
    assert v.options == {"minimize_waste": False, "first_checker": "pass", "prime": "open"}
    plays = v.legal_plays(v.initial(), (6, 5))
    assert {p.result for p in plays} == {p.result for p in v.turn(v.initial(), (6, 5)).plays}


def test_contact_lasts_while_an_opposing_checker_is_in_the_players_first_half_above_his_lowest():
    # The opponent's checker on the player's 4 runs down through the player's home.
    assert FevgaPosition.from_points({3: 1, 2: 14}, {16: 1, 6: 14}).is_contact()
    # The opponent's checkers (his 1 = the player's 13) are past the player's: a race.
    assert not FevgaPosition.from_points({1: 15}, {1: 15}).is_contact()
