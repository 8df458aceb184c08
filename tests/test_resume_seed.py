"""A seeded match against the computer, saved during the computer's turn and resumed, plays on
exactly as the same match not interrupted (issue 12, item 21): the seed comes back from the save
and the computer's choices do not depend on how long the page has been open."""

from __future__ import annotations

import pytest

from tavli.ai.heuristic import BeginnerBot
from tavli.events import as_dicts
from tavli.formats import savefile
from tavli.match import Match
from web.control.controller import Controller
from web.model.setup import MatchSetup, ViewOptions

LEVEL = "intermediate"  # a level with noise: its choices use its random generator


def step(ctl: Controller, you: BeginnerBot) -> None:
    """One action: the computer's (through the controller, as the page does), or yours."""
    m = ctl.match
    if m.phase == "game-over":
        m.next_game()
    elif ctl.computer_to_act():
        ctl.computer_step()
    else:
        you.act(m, 0)
        ctl.apply_auto_roll()


def events(match: Match) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "t"} for e in as_dicts(match.log) if e["type"] not in ("pause", "resume")]


@pytest.mark.parametrize("variant, seed", [("portes", 9), ("plakoto", 4)])
def test_resumed_during_the_computers_turn_plays_as_not_interrupted(variant, seed) -> None:
    setup = MatchSetup(level=LEVEL, length=7, seed=seed, variant=variant)
    you = BeginnerBot()
    ctl = Controller(setup, ViewOptions())
    # Play until the computer is half-way through a play (one checker moved), a few turns in.
    while not (ctl.match.game.record and len(ctl.match.game.record) >= 6 and ctl.computer_to_act()
               and ctl.match.phase == "move" and ctl.match.turn.moves):
        step(ctl, you)
    saved = savefile.dumps(ctl.match)
    # The page resumes with the setup it kept, which has no seed (web.model.prefs does not
    # keep one): the match's own dice source says it.
    resumed = Controller(MatchSetup(level=LEVEL, length=7, variant=variant), ViewOptions(),
                         match=savefile.loads(saved))
    assert resumed.setup.seed == seed
    for each in (ctl, resumed):  # both to the end of the match
        for _ in range(5000):
            if each.match.phase == "match-over":
                break
            step(each, you)
    assert ctl.match.phase == "match-over"
    assert events(resumed.match) == events(ctl.match)
