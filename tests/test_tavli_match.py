"""Matches of Plakoto, Fevga and the Tavli match (Portes, Plakoto, Fevga in rotation), issue 7."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavli import FixedDice, Outcome, Position
from tavli.ai.context import MatchContext
from tavli.ai.heuristic import BeginnerBot
from tavli.cli import main, play_match
from tavli.events import as_dicts
from tavli.formats import matchio, savefile
from tavli.formats.savefile import from_document, to_document
from tavli.games.fevga import FevgaPosition
from tavli.games.plakoto import PlakotoPosition
from tavli.match import Match, MatchError
from tavli.matchsetup import ROTATION
from tavli.phase import PHASES
from tavli.scoring import Rules

P = PlakotoPosition.from_points
F = FevgaPosition.from_points


# --- helpers ------------------------------------------------------------------------------------


def resign(match: Match, loser: int) -> None:
    """``loser`` resigns the game at the start of his turn (Greek: at once); first legal plays
    until then."""
    for _ in range(500):
        if match.phase == "roll" and match.game.on_roll == loser:
            match.offer_resignation(player=loser)
            return
        if match.phase in ("opening", "roll"):
            match.roll()
        elif match.phase == "move":
            match.play(match.turn.plays[0])
        else:
            raise AssertionError(f"stuck at {match.phase}")
    raise AssertionError("never reached")


def at_position(match: Match, position, on_roll: int, dice=None) -> Match:
    """``match`` (at the start of a turn) with the checkers set to ``position`` seen from
    ``on_roll``, through a saved document (the public way)."""
    assert match.phase == "roll"
    document = to_document(match)
    seen_by_0 = position if on_roll == 0 else position.swap()
    document["state"]["position"] = seen_by_0.position_id()
    document["state"]["on_roll"] = on_roll
    return from_document(document, dice=dice)


def game_events(match: Match, number: int) -> list[dict]:
    """The log events of game ``number``."""
    out, current = [], 0
    for event in as_dicts(match.log):
        if event["type"] == "game":
            current = event["game"]
        elif current == number:
            out.append(event)
    return out


# --- the rotation and who starts ------------------------------------------------------------------


def test_the_tavli_match_rotates_portes_plakoto_fevga_and_the_winner_starts_the_next():
    match = Match(7, dice=FixedDice([3, 5] + [4, 2] * 40), variant="tavli")
    assert match.variant == "tavli" and match.rules.name == "greek" and not match.rules.cube
    # Game 1: Portes with the opening roll; its winner rolls both dice (Greek practice).
    assert match.game_variant == "portes" and match.phase == "opening" and match.rotation_index == 0
    assert isinstance(match.game.position, Position)
    assert match.roll() == (3, 5)
    assert match.phase == "roll" and match.on_roll == 1 and match.starter == 1 and match.rolled is None
    assert match.legal_actions() == ["resign", "roll", "resign-match"]
    assert match.roll() == (4, 2)
    assert match.phase == "move"
    resign(match, 0)  # player 0 resigns: player 1 wins game 1 (2 points: nothing borne off)
    assert match.scores == [0, 2] and match.result.winner == 1
    starters = [1]
    # (game, its position type, who starts it, who then resigns it)
    expected = [("plakoto", PlakotoPosition, 1, 1), ("fevga", FevgaPosition, 0, 0), ("portes", Position, 1, None)]
    for number, (name, kind, starter, loser) in enumerate(expected, 2):
        match.next_game()
        # No opening roll: the winner of the game before is on roll at once.
        assert match.game_number == number and match.game_variant == name == ROTATION[(number - 1) % 3]
        assert isinstance(match.game.position, kind) and match.game.position == kind.initial()
        assert match.phase == "roll" and match.on_roll == starter == match.starter
        assert match.game.opening_rolls == []
        assert not any(e["type"] == "opening" for e in game_events(match, number))
        starters.append(starter)
        if loser is not None:
            resign(match, loser)
    assert [r.winner for r in match.results] == [1, 0, 1]
    assert match.scores == [2, 4]
    assert starters == [1, 1, 0, 1]
    assert match.score_text() == "2-4 (to 7), game 4 (Portes)"


def test_after_a_loss_the_other_player_starts():
    match = Match(7, seed=4, variant="tavli")
    resign(match, 0)
    first_winner = match.result.winner
    assert first_winner == 1
    match.next_game()
    assert match.on_roll == first_winner
    resign(match, first_winner)  # the starter loses game 2
    match.next_game()
    assert match.game_variant == "fevga" and match.on_roll == 1 - first_winner


@pytest.mark.parametrize("name", ["plakoto", "fevga"])
def test_single_variant_matches_open_with_a_roll_then_winners_start(name):
    match = Match(5, dice=FixedDice([6, 2, 3, 1] + [5, 4] * 30), variant=name)
    assert match.game_variant == name and match.rules.name == "greek"
    match.roll()
    assert match.phase == "roll" and match.on_roll == 0
    match.roll()
    assert match.rolled == (3, 1)
    resign(match, 0)
    match.next_game()
    assert match.game_variant == name and match.phase == "roll" and match.on_roll == 1
    assert match.rotation_index == 0


def test_portes_matches_keep_the_opening_roll_every_game():
    match = Match(5, Rules.greek(), seed=2)
    match.roll()
    assert match.phase == "move"  # the opening dice are played
    resign(match, match.game.on_roll)
    match.next_game()
    assert match.phase == "opening" and match.game_variant == "portes"


def test_a_bad_variant_is_refused():
    with pytest.raises(MatchError, match="portes, plakoto, fevga, tavli"):
        Match(5, variant="chess")


# --- results --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, make", [("plakoto", P), ("fevga", F)])
@pytest.mark.parametrize("left, points, kind", [(14, 1, Outcome.SINGLE), (15, 2, Outcome.GAMMON)])
def test_one_and_two_point_results_count_in_the_match(name, make, left, points, kind):
    match = Match(5, seed=1, variant=name)
    match.roll()
    match = at_position(match, make({1: 1}, {6: left}), 1, dice=FixedDice([2, 1]))
    match.roll()
    match.play(match.turn.plays[0])
    assert match.phase == "game-over"
    result = match.result
    assert (result.winner, result.outcome, result.counted, result.points, result.reason) == (1, kind, kind, points, "bear-off")
    assert match.scores == [0, points]
    assert as_dicts(match.log)[-1] == {"type": "win", **result.to_dict(), "scores": [0, points]}


def test_a_plakoto_mother_win_counts_two():
    match = Match(5, seed=1, variant="plakoto")
    match.roll()
    match = at_position(match, P({3: 1, 10: 5}, {24: 1, 13: 14}), 0, dice=FixedDice([2, 1]))
    match.roll()
    match.play(next(p for p in match.turn.plays if (3, 1) in p.moves))
    assert match.result.reason == "mother" and match.result.points == 2 and match.scores == [2, 0]


def test_a_drawn_plakoto_game_scores_nothing_and_the_match_goes_on():
    # Tavli match, game 2 (Plakoto) started by player 1, the winner of game 1.
    match = Match(3, seed=5, variant="tavli")
    resign(match, 0)
    match.next_game()
    assert match.game_variant == "plakoto" and match.starter == 1
    drawn = P({3: 1, 24: 1, 13: 5}, {24: 1, 1: 1, 10: 5}, player_pinned={24})
    match = at_position(match, drawn, 0, dice=FixedDice([2, 1]))  # player 0 to make the last play
    match.roll()
    match.play(next(p for p in match.turn.plays if (3, 1) in p.moves))
    assert match.phase == "game-over"
    result = match.result
    assert result.is_draw and result.winner is None and result.points == 0 and result.reason == "draw"
    assert match.scores == [0, 2] and not match.is_over()
    assert as_dicts(match.log)[-1]["type"] == "draw" and as_dicts(match.log)[-1]["scores"] == [0, 2]
    assert match.legal_actions() == ["next-game", "resign-match"]
    # Saved and loaded at game-over, the draw and who starts next are kept.
    again = savefile.loads(savefile.dumps(match))
    assert again.result == result and again.next_starter() == 1
    match.next_game()
    assert match.game_variant == "fevga" and match.on_roll == 1  # the starter of the drawn game
    assert [r.points for r in match.results] == [2, 0]


def test_greek_resignation_in_plakoto_and_fevga():
    match = Match(5, Rules.international(), seed=6, variant="plakoto")
    assert match.rules == Rules.greek(minimize_waste=False)
    match.roll()
    roller = match.game.on_roll
    assert match.resign_options() == [Outcome.GAMMON]
    with pytest.raises(MatchError):
        match.offer_resignation(Outcome.SINGLE)
    match.offer_resignation()
    assert match.result.points == 2 and match.scores[1 - roller] == 2
    fevga = Match(5, seed=6, variant="fevga")
    fevga.roll()
    fevga = at_position(fevga, F({1: 3}, {1: 2, 18: 10}), 1)  # player 1 has borne off 2
    assert fevga.resign_options() == [Outcome.SINGLE]


@pytest.mark.parametrize("variant", ["plakoto", "fevga", "tavli"])
def test_the_cube_is_unavailable(variant):
    match = Match(5, Rules.international(), seed=3, variant=variant)
    assert not match.rules.cube and not match.rules.crawford and not match.rules.backgammons
    assert not match.cube_available(0) and not match.cube_available(1)
    match.roll()
    assert match.phase == "roll"
    assert not match.can_double() and "double" not in match.legal_actions()
    with pytest.raises(MatchError, match="no doubling cube in"):
        match.double()
    assert not MatchContext.of(match, match.on_roll).cube_available


# --- formats --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["plakoto", "fevga", "tavli"])
def test_gnu_ids_and_mat_are_for_portes_only(variant):
    match = Match(5, seed=3, variant=variant)
    match.roll()
    for action in (matchio.match_id, matchio.xgid, matchio.gnubg_id, matchio.to_mat, matchio.match_state):
        with pytest.raises(MatchError, match="Portes"):
            action(match)
    pid = matchio.position_id(match)  # the game's own position ID (GNU's for the Portes game of a Tavli match)
    seen = match.game.position_for(match.on_roll)
    if variant == "tavli":
        assert pid == seen.position_id()
    else:
        assert type(seen).from_id(pid) == seen and len(pid) == (16 if variant == "plakoto" else 14)


def _play_to_pin(match: Match, rng: random.Random) -> None:
    """Random legal moves until player 0 or 1 has a checker pinned, a turn in progress."""
    for _ in range(5000):
        if match.phase == "move" and match.turn.moves and not match.turn.is_complete():
            board = match.game.board
            if board.player_pinned or board.opponent_pinned:
                return
        actions = match.legal_actions()
        if match.phase in ("opening", "roll"):
            match.roll()
        elif match.phase == "move":
            if "move" in actions and (not match.turn.is_complete() or rng.random() < 0.3):
                match.move(rng.choice(match.turn.legal_moves()))
            else:
                match.end_turn()
        elif match.phase == "game-over":
            match.next_game()
        else:
            raise AssertionError(match.phase)
    raise AssertionError("no pin")


def _round_trip(match: Match) -> Match:
    text = savefile.dumps(match)
    copy_ = savefile.loads(text)
    assert savefile.dumps(copy_) == text
    assert copy_.variant == match.variant and copy_.game_variant == match.game_variant
    assert copy_.rotation_index == match.rotation_index and copy_.starter == match.starter
    assert copy_.phase == match.phase and copy_.scores == match.scores
    assert copy_.game.position == match.game.position and copy_.game.board == match.game.board
    return copy_


def _same_future(a: Match, b: Match, steps: int = 60) -> None:
    """Both matches go on identically (same dice, first legal moves)."""
    for _ in range(steps):
        if a.is_over():
            break
        assert a.legal_actions() == b.legal_actions()
        for m in (a, b):
            if m.phase in ("opening", "roll"):
                m.roll()
            elif m.phase == "move":
                m.play(m.turn.plays[-1])
            elif m.phase == "game-over":
                m.next_game()
        assert savefile.dumps(a) == savefile.dumps(b)


def test_json_round_trip_mid_plakoto_game_keeps_the_pins():
    match = Match(5, seed=11, variant="plakoto")
    _play_to_pin(match, random.Random(1))
    copy_ = _round_trip(match)
    assert copy_.game.board.player_pinned == match.game.board.player_pinned
    assert copy_.game.board.opponent_pinned == match.game.board.opponent_pinned
    assert copy_.turn.moves == match.turn.moves
    document = json.loads(savefile.dumps(match))
    assert document["variant"] == "plakoto" and document["state"]["game_variant"] == "plakoto"
    assert PlakotoPosition.from_id(document["state"]["position"]) == match.game.position_for(0)
    _same_future(match, copy_)


def test_json_round_trip_mid_fevga_game():
    match = Match(5, seed=12, variant="fevga")
    rng = random.Random(2)
    for _ in range(40):
        match.roll() if match.phase in ("opening", "roll") else match.play(rng.choice(match.turn.plays))
    match.roll() if match.phase == "roll" else None
    if match.phase == "move" and match.turn.legal_moves():
        match.move(match.turn.legal_moves()[0])
    copy_ = _round_trip(match)
    assert isinstance(copy_.game.position, FevgaPosition)
    _same_future(match, copy_)


@pytest.mark.parametrize("game", [1, 2, 3, 4])
def test_json_round_trip_in_each_game_of_a_tavli_match(game):
    match = Match(7, seed=13, variant="tavli")
    for _ in range(game - 1):
        resign(match, 0 if match.game_number % 2 else 1)
        match.next_game()
    assert match.game_variant == ROTATION[(game - 1) % 3]
    copy_ = _round_trip(match)  # at the start of the game
    assert copy_.on_roll == match.on_roll
    rng = random.Random(game)
    for _ in range(12):
        match.roll() if match.phase in ("opening", "roll") else match.play(rng.choice(match.turn.plays))
    if match.phase == "roll":
        match.roll()
    if match.phase == "move" and match.turn.legal_moves():
        match.move(match.turn.legal_moves()[0])
    copy_ = _round_trip(match)
    _same_future(match, copy_)


def test_a_saved_variant_that_does_not_fit_is_refused():
    match = Match(5, seed=14, variant="tavli")
    resign(match, 0)
    match.next_game()
    document = to_document(match)
    wrong = json.loads(json.dumps(document))
    wrong["state"]["game_variant"] = "fevga"
    with pytest.raises(ValueError, match="game in play"):
        from_document(wrong)
    old = json.loads(json.dumps(document))
    old["version"] = 1
    with pytest.raises(ValueError, match="version 1"):
        from_document(old)
    bad = json.loads(json.dumps(document))
    bad["state"]["position"] = Position.initial().position_id()
    with pytest.raises(ValueError, match="corrupt"):
        from_document(bad)


def test_replaying_the_log_of_a_tavli_match():
    match = Match(5, seed=21, variant="tavli")
    play_match(match, [BeginnerBot(), BeginnerBot()])
    again = Match.replay(match.log, 5, match.rules, variant="tavli")
    assert again.scores == match.scores and again.winner == match.winner
    assert [r.to_dict() for r in again.results] == [r.to_dict() for r in match.results]


def test_money_play_in_plakoto():
    match = Match(None, seed=22, variant="plakoto", games=2)
    play_match(match, [BeginnerBot(), BeginnerBot()])
    assert match.is_over() and match.game_number == 2
    assert sum(r.points for r in match.results) == sum(match.scores)


# --- the bot and the command line -----------------------------------------------------------------


@pytest.mark.parametrize("name, make", [("plakoto", P), ("fevga", F)])
def test_the_beginner_bot_chooses_plays_in_plakoto_and_fevga(name, make):
    bot = BeginnerBot()
    position = make({1: 2, 5: 1}, {6: 14})
    play = bot.choose_play(position, (5, 1))
    assert play in importlib.import_module(f"tavli.games.{name}").legal_plays(position, (5, 1))
    assert bot.resign_offer(position, MatchContext(rules=Rules.greek(), variant=name)) is None


def test_the_beginner_bot_pins_when_it_can():
    # A lone opposing checker on the bot's 20 (his 5): the bot's checker on 22 can pin it with the 2.
    position = P({22: 1, 24: 14}, {5: 1, 24: 14})
    play = BeginnerBot().choose_play(position, (2, 1))
    assert play.result.player_pinned  # the opponent (on roll after the play) is pinned


def test_the_cli_plays_a_whole_tavli_match(tmp_path, capsys):
    out = tmp_path / "tavli.json"
    assert main(["match", "--game", "tavli", "--length", "5", "--seed", "5", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "game 1 (portes)" in printed and "match to 5: player" in printed
    match = savefile.loads(out.read_text())
    assert match.is_over() and max(match.scores) == 5 and match.variant == "tavli"
    assert [match.variant_of(n) for n in range(1, 5)] == ["portes", "plakoto", "fevga", "portes"]
    assert main(["show", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "game: tavli" in shown and "position ID:" in shown and "GNU ID" not in shown


@pytest.mark.parametrize("game", ["plakoto", "fevga"])
def test_the_cli_plays_plakoto_and_fevga_and_refuses_mat(game, tmp_path, capsys):
    assert main(["match", "--game", game, "--length", "3", "--seed", "1", "--quiet"]) == 0
    assert "match to 3" in capsys.readouterr().out
    assert main(["match", "--game", game, "--mat", str(tmp_path / "x.mat")]) == 1
    assert "Portes" in capsys.readouterr().err


# --- a property -----------------------------------------------------------------------------------


def _random_action(match: Match, rng: random.Random) -> None:
    actions = match.legal_actions()
    actions.remove("resign-match")
    if rng.random() < 0.0002 or not actions:
        match.resign_match(rng.choice((0, 1)))
        return
    if "resign" in actions and rng.random() > 0.02:
        actions.remove("resign")
    action = rng.choice(actions)
    if action == "roll":
        match.roll()
    elif action == "move":
        match.move(rng.choice(match.turn.legal_moves()))
    elif action == "undo":
        if rng.random() < 0.3:
            match.undo()
    elif action == "end-turn":
        match.end_turn()
    elif action == "resign":
        match.offer_resignation()
    elif action == "next-game":
        match.next_game()
    else:
        raise AssertionError(f"unexpected action {action}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(length=st.sampled_from([1, 3, 5]), variant=st.sampled_from(["tavli", "plakoto", "fevga"]), seed=st.integers(0, 2**32))
def test_random_tavli_matches_stay_consistent(length, variant, seed):
    rng = random.Random(seed)
    match = Match(length, seed=seed, variant=variant)
    scores = [0, 0]
    game, borne = 1, (0, 0)
    expected_starter = None
    for step in range(5000):
        if match.is_over():
            break
        before_game = match.game_number
        previous = match.result
        previous_starter = match.starter
        _random_action(match, rng)
        assert match.phase in PHASES
        assert all(new >= old for new, old in zip(match.scores, scores)), "scores only grow"
        scores = list(match.scores)
        assert match.cube == 1 and match.cube_owner is None and "double" not in match.legal_actions()
        assert match.game_variant == match.variant_of(match.game_number)
        if variant == "tavli":
            assert match.game_variant == ROTATION[(match.game_number - 1) % 3]
        if match.game_number != before_game:  # a new game: the previous winner (or starter) is on roll
            expected_starter = previous.winner if previous.winner is not None else previous_starter
            assert match.phase == "roll" and match.on_roll == expected_starter == match.starter
        if match.game_number != game:
            game, borne = match.game_number, (0, 0)
        board = match.position_for(0)
        assert all(n >= 0 for n in board.player + board.opponent)
        assert all(sum(side) + off == 15 for side, off in zip((board.player, board.opponent), board.borne_off()))
        off = match.game.position_for(0).borne_off()
        assert off[0] >= borne[0] and off[1] >= borne[1], "checkers are conserved"
        borne = off
        assert max(match.scores) <= length
        assert (max(match.scores) == length) == match.is_over(), "the match ends exactly at the target"
        for result in match.results:
            assert result.points in ((0,) if result.winner is None else (1, 2)) or result.reason == "resign-match"
        if step % 150 == 0:
            text = savefile.dumps(match)
            assert savefile.dumps(savefile.loads(text)) == text
