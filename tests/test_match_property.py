"""Property: random matches played by random legal actions never reach an inconsistent state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavli.clock import Clock
from tavli.formats import savefile
from tavli.match import Match, MatchError
from tavli.matchsetup import MAX_CUBE
from tavli.phase import PHASES
from tavli.scoring import Rules

CUBES = {2**i for i in range(7)}


def act(match: Match, rng: random.Random, now: float | None) -> None:
    """One random action allowed now; an action the match says is allowed must succeed."""
    actions = match.legal_actions()
    if "resign-match" in actions and rng.random() > 0.001:
        actions.remove("resign-match")
    if not actions:
        return
    calm = [a for a in actions if a not in ("resign", "drop", "accept", "double")]
    action = rng.choice(calm if calm and rng.random() < 0.9 else actions)
    if action == "roll":
        match.roll(now)
    elif action == "move":
        match.move(rng.choice(match.turn.legal_moves()), now)
    elif action == "undo":
        match.undo(now)
    elif action == "end-turn":
        match.end_turn(now)
    elif action == "double":
        match.double(now)
    elif action == "take":
        match.take(now)
    elif action == "drop":
        match.drop(now)
    elif action == "resign":
        match.offer_resignation(rng.choice(match.resign_options()), now)
    elif action == "accept":
        match.accept_resignation(now)
    elif action == "refuse":
        match.refuse_resignation(now)
    elif action == "next-game":
        match.next_game(now)
    elif action == "claim-timeout":
        match.claim_timeout(now)
    elif action == "resign-match":
        match.resign_match(rng.choice((0, 1)), now)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    length=st.one_of(st.none(), st.sampled_from([1, 2, 3, 5])),
    preset=st.sampled_from(["international", "greek"]),
    cube=st.booleans(),
    backgammons=st.booleans(),
    clock=st.sampled_from([None, "standard", "blitz"]),
    seed=st.integers(0, 2**32),
)
def test_random_legal_play_keeps_the_match_consistent(length, preset, cube, backgammons, clock, seed):
    rules = Rules.preset(preset, cube=cube, backgammons=backgammons)
    rng = random.Random(seed)
    match = Match(length, rules, seed=seed, clock=Clock(clock) if clock else None, time=lambda: 0.0,
                  games=3 if length is None else None)
    now = 0.0 if clock else None
    scores = list(match.scores)
    game = match.game_number
    borne = (0, 0)
    crawford_games = set()
    for step in range(700):
        if match.is_over():
            break
        try:
            act(match, rng, now)
        except MatchError as error:  # only a flag falling between two actions may refuse one
            assert clock == "standard" and match.end_reason == "timeout", error
        if now is not None:
            now += 40.0 if rng.random() < 0.01 else rng.choice((0.2, 0.5, 1.0, 2.0, 3.0))
            match.update(now)

        assert match.phase in PHASES
        assert all(new >= old for new, old in zip(match.scores, scores)), "scores only grow"
        scores = list(match.scores)
        assert match.cube in CUBES and match.cube <= MAX_CUBE
        assert (match.cube_owner is None) == (match.cube == 1)
        if not rules.cube or length == 1:
            assert match.cube == 1
        if match.game_number != game:
            game, borne = match.game_number, (0, 0)
        position = match.position_for(0)  # a turn in progress included
        assert all(0 <= n for n in position.player + position.opponent)
        assert all(sum(side) + off == 15 for side, off in zip((position.player, position.opponent), position.borne_off()))
        off = match.game.position_for(0).borne_off()  # as the turn began: checkers only leave
        assert off[0] >= borne[0] and off[1] >= borne[1], "checkers are conserved"
        borne = off
        if match.crawford:
            crawford_games.add(match.game_number)
        assert len(crawford_games) <= 1
        if length is not None:
            assert max(match.scores) <= length
            assert (max(match.scores) == length) == match.is_over(), "the match ends exactly at the target"
        if match.is_over():
            assert match.legal_actions() == []
        else:
            assert "resign-match" in match.legal_actions()
        if match.phase in ("roll", "move", "cube", "resign"):
            assert match.to_act in (0, 1)
        if step % 50 == 0:
            text = savefile.dumps(match, now=now if now is not None else 0.0)
            assert savefile.dumps(savefile.loads(text), now=now if now is not None else 0.0) == text
