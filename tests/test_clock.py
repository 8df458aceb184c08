"""tavli.clock: the Standard (seed 000) and Blitz (seed 003) clocks, driven by a fake time."""

from __future__ import annotations

import json
import math

import pytest

from tavli.clock import Clock


class FakeTime:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        self.t += seconds
        return self.t


# --- Standard -----------------------------------------------------------------------------------


def test_standard_starts_with_15s_move_timer_and_20s_bank():
    state = Clock("standard").state(0.0)
    assert state.mode == "standard"
    assert state.active is None and state.running is None
    for p in state.players:
        assert (p.move_left, p.bank_left, p.flagged, p.warning) == (15.0, 20.0, False, False)
    assert (state.move_time, state.bank_cap) == (15.0, 120.0)


def test_quick_move_adds_the_exact_bonus():
    now = FakeTime()
    clock = Clock("standard")
    clock.start(0, now())
    now.advance(3.0)
    assert clock.state(now()).players[0].move_left == 12.0
    clock.stop(now(), completed_turn=True)
    # bonus = 5 s * unused fraction of the move timer = 5 * 12 / 15 = 4 s
    state = clock.state(now())
    assert state.players[0].bank_left == 24.0
    assert state.players[0].move_left == 15.0
    assert state.players[1].bank_left == 20.0


def test_instant_move_earns_the_full_5s_and_slow_move_nothing():
    now = FakeTime()
    clock = Clock("standard")
    clock.start(1, now())
    clock.stop(now())
    assert clock.state(now()).players[1].bank_left == 25.0
    clock.start(1, now())
    now.advance(15.0)
    clock.stop(now())
    assert clock.state(now()).players[1].bank_left == 25.0


def test_bank_runs_after_the_move_timer_and_gets_no_bonus():
    now = FakeTime()
    clock = Clock("standard")
    clock.start(0, now())
    now.advance(20.0)
    p = clock.state(now()).players[0]
    assert (p.move_left, p.bank_left, p.in_bank, p.running) == (0.0, 15.0, True, True)
    clock.stop(now())
    assert clock.state(now()).players[0].bank_left == 15.0


def test_bank_is_capped_at_120s():
    now = FakeTime()
    clock = Clock("standard")
    for _ in range(30):
        clock.start(0, now())
        now.advance(0.5)
        clock.stop(now())
    assert clock.state(now()).players[0].bank_left == 120.0


def test_warning_only_while_the_bank_drains_below_5s():
    clock = Clock("standard")
    clock.start(0, 0.0)
    assert not clock.state(10.0).players[0].warning  # move timer still running
    assert not clock.state(15.0 + 14.0).players[0].warning  # bank 6 s
    warned = clock.state(15.0 + 16.0).players[0]
    assert warned.warning and warned.bank_left == pytest.approx(4.0)
    clock.stop(31.0)  # bank 4 s left, no bonus
    clock.start(0, 40.0)
    # a fresh move timer runs: the low bank does not flash yet
    assert not clock.state(41.0).players[0].warning
    assert clock.state(40.0 + 15.0 + 1.0).players[0].warning


def test_standard_flag_at_zero_loses_the_match_and_stops_the_clock():
    clock = Clock("standard")
    clock.start(1, 0.0)
    before = clock.state(34.5)
    assert before.flagged is None and before.players[1].bank_left == pytest.approx(0.5)
    state = clock.state(35.0)  # 15 s move timer + 20 s bank
    assert state.flagged == 1 and state.match_lost
    assert state.players[1].flagged and state.players[1].bank_left == 0.0
    assert state.running is None and not state.players[1].running
    assert not state.claimable
    later = clock.state(500.0)
    assert later.players[1].bank_left == 0.0 and later.flagged == 1
    clock.stop(600.0)
    assert clock.state(700.0).flagged == 1
    with pytest.raises(ValueError, match="over"):
        clock.start(0, 800.0)


def test_state_does_not_change_the_clock():
    clock = Clock("standard")
    clock.start(0, 0.0)
    clock.state(100.0)  # would have flagged
    assert clock.state(5.0).players[0].move_left == 10.0


# --- Blitz --------------------------------------------------------------------------------------


def test_blitz_11s_per_turn_then_90s_reserve_without_bonus():
    clock = Clock("blitz")
    assert clock.state(0).players[0].bank_left == 90.0
    clock.start(0, 0.0)
    clock.stop(1.0)
    assert clock.state(1.0).players[0].bank_left == 90.0  # no bonus in Blitz
    clock.start(0, 10.0)
    p = clock.state(10.0 + 11.0 + 30.0).players[0]
    assert (p.move_left, p.bank_left, p.in_bank) == (0.0, 60.0, True)


def test_blitz_flag_is_claimable_and_play_goes_on():
    clock = Clock("blitz")
    clock.start(1, 0.0)
    state = clock.state(101.0)  # 11 + 90
    assert state.flagged == 1 and state.claimable and not state.match_lost
    assert state.running == 1 and state.players[1].running  # he may play on
    clock.stop(110.0)
    clock.start(0, 110.0)
    clock.stop(112.0)
    clock.start(1, 112.0)  # the flagged player keeps playing
    p = clock.state(117.0).players[1]
    assert (p.move_left, p.bank_left, p.flagged, p.warning) == (6.0, 0.0, True, False)
    p = clock.state(500.0).players[1]
    assert (p.move_left, p.bank_left) == (0.0, 0.0)
    clock.stop(500.0)
    assert clock.state(500.0).players[1].bank_left == 0.0
    assert clock.state(500.0).flagged == 1


def test_blitz_second_flag_keeps_the_first():
    clock = Clock("blitz")
    clock.start(0, 0.0)
    clock.stop(200.0)
    clock.start(1, 200.0)
    state = clock.state(400.0)
    assert state.flagged == 0
    assert state.players[0].flagged and state.players[1].flagged


# --- acts, hand-overs, pause ----------------------------------------------------------------------


def test_cube_hand_over_keeps_the_move_timer_without_bonus():
    clock = Clock("standard")
    clock.start(0, 0.0)
    clock.stop(4.0, completed_turn=False)  # player 0 doubles after 4 s
    state = clock.state(4.0)
    assert state.players[0].move_left == 11.0 and state.players[0].bank_left == 20.0
    assert state.active is None
    clock.start(1, 4.0)  # player 1 decides
    clock.stop(6.0, completed_turn=False)
    assert clock.state(6.0).players[1].bank_left == 20.0
    clock.start(0, 6.0, fresh=False)  # back to player 0: his timer goes on from 11 s
    assert clock.state(8.0).players[0].move_left == 9.0
    clock.start(0, 8.0)  # a fresh act (rolled, now moving) refills it
    assert clock.state(8.0).players[0].move_left == 15.0


def test_start_while_another_act_runs_ends_it_without_bonus():
    clock = Clock("standard")
    clock.start(0, 0.0)
    clock.start(1, 2.0)
    state = clock.state(3.0)
    assert state.active == 1
    assert state.players[0].move_left == 13.0 and state.players[0].bank_left == 20.0
    assert state.players[1].move_left == 14.0


def test_pause_and_resume():
    clock = Clock("standard")
    clock.start(0, 0.0)
    clock.pause(5.0)
    state = clock.state(100.0)
    assert state.paused and state.running is None and state.active == 0
    assert state.players[0].move_left == 10.0
    clock.resume(100.0)
    assert clock.state(103.0).players[0].move_left == 7.0
    assert clock.state(103.0).running == 0


def test_start_lifts_a_pause():
    clock = Clock("standard")
    clock.pause(0.0)
    clock.start(1, 10.0)
    assert clock.state(12.0).players[1].move_left == 13.0


def test_time_running_backwards_counts_as_no_time():
    clock = Clock("standard")
    clock.start(0, 10.0)
    assert clock.state(9.5).players[0].move_left == 15.0  # a rAF stamp before the event
    clock.stop(9.0)
    assert clock.state(9.0).players[0].bank_left == 25.0


def test_off_clock_accepts_everything_and_times_nothing():
    clock = Clock("off")
    clock.start(0, 0.0)
    clock.pause(1.0)
    clock.resume(2.0)
    clock.stop(1000.0)
    state = clock.state(5000.0)
    assert state.mode == "off" and state.active is None and state.flagged is None
    assert not any(p.running or p.flagged for p in state.players)
    assert Clock.from_dict(json.loads(json.dumps(clock.to_dict()))).state(0).mode == "off"


def test_custom_settings():
    clock = Clock("standard", move_time=10, bank_start=5, bank_bonus=2, bank_cap=6)
    clock.start(0, 0)
    clock.stop(5)
    assert clock.state(5).players[0].bank_left == 6.0  # 5 + 2 * 5/10, capped at 6


@pytest.mark.parametrize(
    "call",
    [
        lambda: Clock("rapid"),
        lambda: Clock("standard", move_time=0),
        lambda: Clock("standard", bank_cap=10),
        lambda: Clock("standard", speed=3),
        lambda: Clock("standard", move_time=True),
        lambda: Clock("standard").start(2, 0.0),
        lambda: Clock("standard").start(True, 0.0),
        lambda: Clock("standard").start(0, "now"),
        lambda: Clock("standard").start(0, math.nan),
        lambda: Clock("standard").state(math.inf),
    ],
)
def test_bad_input_raises_value_error(call):
    with pytest.raises(ValueError):
        call()


# --- saving -------------------------------------------------------------------------------------


def test_round_trip_resumes_exactly_where_it_was():
    clock = Clock("standard")
    clock.start(0, 0.0)
    clock.stop(3.0)
    clock.start(1, 3.0)
    saved = clock.to_dict(3.0 + 15.0 + 2.5)  # player 1 is 2.5 s into his bank
    text = json.dumps(saved)
    loaded = Clock.from_dict(json.loads(text))
    assert loaded.to_dict() == saved
    state = loaded.state(99999.0)
    assert state.paused and state.active == 1 and state.running is None
    assert state.players[1].move_left == 0.0 and state.players[1].bank_left == 17.5
    assert state.players[0].bank_left == 24.0
    loaded.resume(50.0)  # a new page, a new time base
    later = loaded.state(52.5)
    assert later.players[1].bank_left == 15.0 and later.players[1].warning is False
    assert later.running == 1


def test_round_trip_of_a_flagged_blitz_clock():
    clock = Clock("blitz")
    clock.start(0, 0.0)
    saved = clock.to_dict(150.0)
    loaded = Clock.from_dict(json.loads(json.dumps(saved)))
    assert loaded.to_dict() == saved
    assert loaded.state(0).flagged == 0 and loaded.state(0).claimable
    loaded.start(0, 10.0, fresh=False)  # plays on after the flag
    assert loaded.state(20.0).players[0].bank_left == 0.0


def test_to_dict_of_a_running_clock_needs_now():
    clock = Clock("standard")
    clock.start(0, 0.0)
    with pytest.raises(ValueError, match="running"):
        clock.to_dict()


def _saved() -> dict:
    clock = Clock("standard")
    clock.start(0, 0.0)
    return clock.to_dict(4.0)


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda d: "not a dict",
        lambda d: {k: v for k, v in d.items() if k != "bank"},
        lambda d: {**d, "extra": 1},
        lambda d: {**d, "format": 2},
        lambda d: {**d, "mode": "rapid"},
        lambda d: {**d, "settings": {**d["settings"], "move_time": -1}},
        lambda d: {**d, "settings": {"move_time": 15}},
        lambda d: {**d, "bank": [20.0]},
        lambda d: {**d, "bank": [20.0, "x"]},
        lambda d: {**d, "bank": [20.0, 500.0]},
        lambda d: {**d, "bank": [20.0, math.nan]},
        lambda d: {**d, "move_left": [16.0, 15.0]},
        lambda d: {**d, "move_left": [-1.0, 15.0]},
        lambda d: {**d, "flagged": [True, False]},  # flagged with a bank left
        lambda d: {**d, "flagged": [1, 0]},
        lambda d: {**d, "first_flag": 0},
        lambda d: {**d, "active": 2},
        lambda d: {**d, "active": True},
        lambda d: {**d, "bank": [0.0, 20.0], "flagged": [True, False], "first_flag": 0},  # active while over
    ],
)
def test_corrupt_saved_clock_raises_value_error(corrupt):
    with pytest.raises(ValueError):
        Clock.from_dict(corrupt(_saved()))


def test_saved_clock_loads_when_valid():
    assert Clock.from_dict(_saved()).state(0).players[0].move_left == 11.0


def test_saving_a_running_clock_changes_nothing():
    clock, fresh = Clock("standard"), Clock("standard")
    for c in (clock, fresh):
        c.start(0, 0.0)
    saved = clock.to_dict(30.0)  # the page saves late...
    assert saved["bank"][0] == pytest.approx(5.0)
    for c in (clock, fresh):
        c.stop(10.0)  # ...an act stamped earlier then ends, as if it had not been saved
    assert clock.state(10.0) == fresh.state(10.0) and clock.to_dict() == fresh.to_dict()
