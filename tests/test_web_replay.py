"""web.control.replay: a match's games shown again position by position, and the move list
(pure Python: the Replay reads the match and never changes it)."""

from __future__ import annotations

import pytest

from tavli import FixedDice, Match
from tavli.ai import make_player
from tavli.coach.record import StepKind, game_records
from tests.test_coach_record import played_match
from web.control.controller import Controller
from web.control.last_move import last_play
from web.control.replay import BACK, FIRST, FORWARD, LAST, LEAVE, Replay, live_moves, move_rows, step_text
from web.model.i18n import install
from web.model.setup import MatchSetup, ViewOptions
from web.view.view import Arrow, ArrowKind, BoardView, play_arrows


@pytest.fixture(autouse=True)
def english():
    install("en")
    yield
    install("en")


def played(variant: str = "portes", length: int = 5, seed: int = 3, turns: int | None = None) -> Match:
    """A match between two bots: whole (``turns`` None, tests.test_coach_record's), or after
    ``turns`` decisions."""
    if turns is None:
        return played_match(variant, length, seed)
    m = Match(length, variant=variant, seed=seed)
    bots = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
    while turns and not m.is_over():
        who = m.to_act
        if who is not None:
            bots[who].act(m, who)
            turns -= 1
        else:
            m.next_game() if m.phase == "game-over" else m.roll()
    return m


def counts(view: BoardView) -> dict[tuple[int, int], int]:
    return {(s, p): view.count_at(s, p) for s in (0, 1) for p in range(26) if view.count_at(s, p)}


@pytest.mark.parametrize("variant", ["portes", "plakoto", "fevga"])
def test_every_position_is_the_recorded_one_and_the_match_is_untouched(variant):
    m = played(variant, 3, seed=5)
    log = list(m.log)
    replay = Replay(m)
    for record in game_records(m):
        for index in range(len(record.steps) + 1):
            replay.goto(record.number, index)
            board = record.start if index == 0 else record.steps[index - 1].after
            assert counts(replay.board_view()) == counts(BoardView.of_position(board))
            assert replay.board_view().variant == record.variant
    assert m.log == log


def test_the_last_play_has_its_dice_played_and_its_arrows():
    m = played(turns=6)
    replay = Replay(m, 1, 3)
    step = replay.record.steps[2]
    assert step.kind is StepKind.PLAY
    view = replay.board_view()
    assert [d.value for d in view.dice][:2] == list(step.dice) and all(d.used for d in view.dice)
    side = 0 if step.player == 0 else 1
    assert view.dice_side == side
    assert view.arrows == play_arrows(side, "portes", step.moves, ArrowKind.LAST)
    assert all(a.kind is ArrowKind.LAST for a in view.arrows) and view.arrows


def test_the_start_has_no_dice_and_no_arrows():
    view = Replay(played(turns=4), 1, 0).board_view()
    assert view.dice == () and view.arrows == ()
    assert counts(view) == counts(BoardView.of_position(game_records(played(turns=4))[0].start))


def test_a_reviewed_decision_shows_the_position_before_with_its_dice_and_arrows():
    m = played(turns=6)
    record = game_records(m)[0]
    step = record.steps[2]
    made = play_arrows(step.player, "portes", step.moves, ArrowKind.MADE)
    replay = Replay(m, 1, 2, arrows=made)
    view = replay.board_view()
    assert counts(view) == counts(BoardView.of_position(step.board))
    assert [d.value for d in view.dice][:2] == list(step.dice) and not any(d.used for d in view.dice)
    assert view.arrows == made
    replay.step(1)  # stepping on drops them: the last play's arrows again
    assert replay.arrows == () and all(a.kind is ArrowKind.LAST for a in replay.board_view().arrows)


def test_the_top_player_at_the_bottom_sees_the_board_turned():
    m = played(turns=5)
    a, b = Replay(m, 1, 3).board_view(), Replay(m, 1, 3, bottom=1).board_view()
    assert (a.bottom, a.top) == (b.top, b.bottom)
    assert a.dice_side == 1 - b.dice_side


def test_stepping_is_clamped_to_the_game():
    m = played(turns=6)
    replay = Replay(m, 1, 0)
    assert replay.at_start and not replay.step(-1)
    assert replay.step(2) and replay.index == 2
    replay.goto(1, 10_000)
    assert replay.at_end and replay.index == replay.total
    assert not replay.step(1)
    with pytest.raises(ValueError):
        replay.goto(99, 0)
    assert replay.at_end  # unchanged


def test_a_replay_opens_on_the_last_games_last_position_by_default():
    m = played(length=3, seed=8)
    records = game_records(m)
    replay = Replay(m)
    assert replay.game == records[-1].number and replay.at_end


def test_controls_say_why_they_cannot_move():
    m = played(turns=4)
    replay = Replay(m, 1, 0)
    actions = {c.action: c for c in replay.controls()}
    assert list(actions) == [FIRST, BACK, FORWARD, LAST, LEAVE]
    assert not actions[FIRST].enabled and not actions[BACK].enabled and actions[BACK].title
    assert actions[FORWARD].enabled and actions[LAST].enabled and actions[LEAVE].enabled
    replay.goto(1)
    actions = {c.action: c for c in replay.controls()}
    assert not actions[FORWARD].enabled and not actions[LAST].enabled and actions[LAST].title


def test_where_and_status():
    m = played(turns=4)
    replay = Replay(m, 1, 2)
    assert replay.where() == f"Game 1, move 2 of {replay.total}"
    step = replay.record.steps[1]
    assert replay.status(("Ann", "Bob")).endswith(f"{('Ann', 'Bob')[step.player]} {step_text(step)}")
    install("el")
    assert replay.where().startswith("Παιχνίδι 1")


def test_panel_view_cards_follow_the_position():
    m = played(turns=4)
    replay = Replay(m, 1, 0)
    panel = replay.panel_view(("You", "Computer"), "roll")
    assert panel.phase == "roll" and panel.bottom.pips == 167 and panel.top.pips == 167
    assert {c.action for c in panel.menu} == {"options", "rules", "new-match", "moves"}  # no resigning


def test_the_cube_moves_when_a_double_is_taken():
    m = played("portes", 7, seed=3)
    record = game_records(m)[0]
    replay = Replay(m, record.number, 0)
    assert replay.cube() == (1, None)
    seen = 0
    for step in record.steps:
        replay.goto(record.number, step.index + 1)
        if step.kind is StepKind.DOUBLE:  # offered, not yet answered: the cube is as it was
            before = Replay(m, record.number, step.index).cube()
            assert replay.cube() == before and before[0] == step.cube
        if step.kind is StepKind.TAKE:
            seen += 1
            assert replay.cube() == (step.cube * 2, step.player)
            view = replay.board_view()
            assert view.cube == step.cube * 2 and view.cube_owner == (0 if step.player == 0 else 1)
    assert seen >= 2


def test_step_texts_in_the_pages_language():
    m = played("portes", 7, seed=3)
    record = game_records(m)[0]
    steps = {s.kind: s for s in record.steps}
    play = next(s for s in record.steps if s.kind is StepKind.PLAY and s.text)  # a play that moves
    assert step_text(play) == f"{play.dice[0]}{play.dice[1]}: {play.text}"
    assert step_text(steps[StepKind.DOUBLE]) == steps[StepKind.DOUBLE].text  # "Doubles => 2", gnubg's words
    assert step_text(steps[StepKind.TAKE]) == "Takes"
    install("el")
    assert step_text(steps[StepKind.TAKE]) == "Δέχεται"
    assert step_text(steps[StepKind.DOUBLE]).startswith("Διπλασιάζει => ")
    install("bg")
    assert step_text(steps[StepKind.TAKE]) == "Приема"


def test_move_rows_read_left_to_right_top_to_bottom():
    m = played("portes", 7, seed=3)
    record = game_records(m)[0]
    rows = move_rows(record)
    entries = [e for row in rows for e in row.cells if e is not None]
    assert [e.index for e in entries] == list(range(len(record.steps)))  # every step once, in order
    assert [row.number for row in rows] == list(range(1, len(rows) + 1))
    for row in rows:
        for col, entry in enumerate(row.cells):
            assert entry is None or entry.player == col
    # A new line only when needed: never two lines that could have been one.
    for a, b in zip(rows, rows[1:]):
        assert not (a.cells[1] is None and b.cells[0] is None)


# --- the last play on the live board (web.control.last_move) --------------------------------------


def _opened(dice: list[int], **setup) -> Controller:
    c = Controller(MatchSetup(level="beginner", length=3, **setup), ViewOptions(), dice=FixedDice(dice))
    c.roll()
    return c


def test_the_last_play_is_drawn_until_the_next_play_starts():
    c = _opened([3, 1, 5, 2, 4, 4, 6, 5])
    assert c.board_view().arrows == ()  # no one has played yet
    c.click(8)
    assert c.board_view().arrows == ()  # a play under way is not the last play
    c.click(6)  # 8/5 6/5: the turn ends
    assert c.board_view().arrows == (Arrow(0, 8, 5, ArrowKind.LAST), Arrow(0, 6, 5, ArrowKind.LAST))
    while c.computer_to_act() and c.match.turn is None:  # the computer rolls: still ours
        c.computer_step()
        assert {a.side for a in c.board_view().arrows} == {0}
    while c.computer_to_act():
        c.computer_step()
        if c.match.turn is not None and c.match.turn.moves:  # its play under way: none
            assert c.board_view().arrows == ()
    # Its play done: its checkers' ways, in bottom numbering (it sits at the top).
    play = last_play(c.match)
    assert play is not None and play.player == 1
    assert c.board_view().arrows == play_arrows(1, "portes", play.moves, ArrowKind.LAST)
    assert all(a.side == 1 for a in c.board_view().arrows)


def test_a_new_game_starts_without_arrows():
    assert last_play(Match(3, seed=1)) is None
    m = Match(None, seed=3)  # money play: a game never ends the session, whatever the cube reached
    bots = [make_player("intermediate", seed=1), make_player("intermediate", seed=2)]
    while m.phase != "game-over":
        who = m.to_act
        if who is None:
            m.roll()
        else:
            bots[who].act(m, who)
    assert last_play(m) is not None  # the game's last play stays while its result is shown
    m.next_game()
    assert last_play(m) is None


@pytest.mark.parametrize(("variant", "length", "seed", "turns"), [
    ("portes", 7, 3, 40), ("portes", 7, 3, None), ("plakoto", 3, 5, 30), ("fevga", 3, 5, 17), ("tavli", 5, 2, 120),
])
def test_the_live_move_list_read_from_the_log_is_the_records(variant, length, seed, turns):
    m = played(variant, length, seed=seed, turns=turns)
    last = game_records(m)[-1]
    assert live_moves(m) == (last.number, move_rows(last))
    assert live_moves(m)[1], "the game has steps"
