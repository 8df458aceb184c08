"""A match's log walked again, decision by decision: :func:`game_records` replays every action of
:attr:`tavli.match.Match.log` into a fresh match and notes, before each one, what the player who
acted saw (the position from his side, the dice, the cube, the score: a
:class:`tavli.ai.context.MatchContext`). The coach's analysis, the move list and the replay of a
game all read these records; the match itself is never changed.

Only the decisions a player makes are kept (:class:`StepKind`): a play, a double, a take, a drop,
a resignation offered, accepted or refused. Rolls, clock events and the consequences the log
records for its readers (a game won, the match over) are not steps; the dice of a play are on
its step.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..ai.context import MatchContext
from ..clock import Clock
from ..events import (
    Doubled,
    Dropped,
    Event,
    GameScored,
    OpeningRoll,
    Played,
    ResignationAccepted,
    ResignationOffered,
    ResignationRefused,
    Resigned,
    Rolled,
    SetUp,
    Took,
    redo,
)
from ..games.base import Board
from ..games.notation import format_play
from ..scores import GameScore

if TYPE_CHECKING:
    from ..match import Match


class StepKind(enum.Enum):
    """What a player decided at a step."""

    PLAY = "play"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"  # a resignation offered (or, under Greek rules, made at once)
    ACCEPT = "accept"  # a resignation accepted
    REFUSE = "refuse"  # a resignation refused


@dataclass(frozen=True)
class Step:
    """One decision of one player, as he saw it before he made it.

    ``position``: the checkers from the actor's side (his in ``.player``; for a play he is on
    roll with ``dice``); ``board``: the same moment from player 0's side (for drawing);
    ``after``: player 0's side once the step is done. ``moves``: a play's single-die ``(from,
    to)`` hops in the actor's numbering; ``text``: a play's notation (``24/18 13/11``) or the
    cube action's words (``Doubles => 2``, ``Takes``, ``Drops``). ``number``: the game's turn
    count (1 for the first play of a game) at which it happened."""

    game: int  # 1, 2... the game of the match
    index: int  # 0, 1... this step within its game
    number: int
    kind: StepKind
    player: int
    variant: str
    position: Board
    board: Board
    after: Board
    context: MatchContext
    dice: tuple[int, int] | None = None
    moves: tuple[tuple[int, int], ...] = ()
    text: str = ""
    cube: int = 1  # the cube's value before the step
    level: int | None = None  # a resignation's level (1 single, 2 gammon, 3 backgammon)


@dataclass(frozen=True)
class GameRecord:
    """One game of the match: its steps in order, and how it ended (None while in progress).
    ``start``: player 0's side before the first play; ``opening``: the opening throw that
    decided who starts (player 0's die, player 1's) when the game had one."""

    number: int
    variant: str
    start: Board
    steps: tuple[Step, ...]
    result: GameScore | None = None
    opening: tuple[int, int] | None = None
    scores: tuple[int, int] = (0, 0)  # the score before this game


def game_records(match: Match) -> list[GameRecord]:
    """Every game of ``match`` so far (the one in progress last), from its log."""
    return list(_walk(match))


def _fresh(match: Match) -> Match:
    """A new match with ``match``'s settings and its log's dice, before any action."""
    from ..dice import FixedDice
    from ..match import Match

    dice = [d for event in match.log if isinstance(event, (OpeningRoll, Rolled)) for d in event.dice]
    clock = None if match.clock is None else Clock(
        match.clock.mode, move_time=match.clock.move_time, bank_start=match.clock.bank_start,
        bank_bonus=match.clock.bank_bonus, bank_cap=match.clock.bank_cap, warning_below=match.clock.warning_below,
    )
    return Match(
        match.length, match.rules, FixedDice(dice), clock=clock, games=match.max_games, variant=match.variant,
        options=dict(match.options),
    )


class _Game:
    def __init__(self, m: Match) -> None:
        self.number = m.game_number
        self.variant = m.game_variant
        self.start = m.position_for(0)
        self.scores = (m.scores[0], m.scores[1])
        self.steps: list[Step] = []
        self.opening: tuple[int, int] | None = None
        self.plays = 0
        self.done = False  # its result has been yielded

    def record(self, result: GameScore | None) -> GameRecord:
        return GameRecord(self.number, self.variant, self.start, tuple(self.steps), result, self.opening, self.scores)


STEP_KINDS: dict[type[Event], StepKind] = {  # the log events that are decisions, by kind
    Played: StepKind.PLAY, Doubled: StepKind.DOUBLE, Took: StepKind.TAKE, Dropped: StepKind.DROP,
    Resigned: StepKind.RESIGN, ResignationOffered: StepKind.RESIGN, ResignationAccepted: StepKind.ACCEPT,
    ResignationRefused: StepKind.REFUSE,
}


def _walk(match: Match) -> Iterator[GameRecord]:
    from ..formats.ids import decode_match_id
    from ..formats.matchio import setup
    from ..games.portes import Position

    m = _fresh(match)
    game = _Game(m)
    for event in match.log:
        if isinstance(event, SetUp):
            setup(m, Position.from_id(event.position), decode_match_id(event.match_id))
            game = _Game(m)
            continue
        if isinstance(event, GameScored):
            yield game.record(event.result)
            game.done = True
            continue
        if isinstance(event, OpeningRoll) and event.dice[0] != event.dice[1]:
            game.opening = (event.dice[0], event.dice[1])
        if m.game_number != game.number and not isinstance(event, GameScored):
            game = _Game(m)
        kind = STEP_KINDS.get(type(event))
        if kind is None or (isinstance(event, ResignationAccepted) and event.automatic):
            redo(m, event)
            if m.game_number != game.number:
                game = _Game(m)
            continue
        who: int = event.player  # type: ignore[attr-defined]
        before = m.position_for(who)
        board = m.position_for(0)
        context = MatchContext.of(m, who)
        cube = m.cube
        redo(m, event)
        step = _step(event, kind, game, before, board, m.position_for(0), context, cube)
        game.steps.append(step)
        if kind is StepKind.PLAY:
            game.plays += 1
    if not game.done:
        yield game.record(None)


def _step(event: Any, kind: StepKind, game: _Game, before: Board, board: Board, after: Board,
          context: MatchContext, cube: int) -> Step:
    base = {
        "game": game.number, "index": len(game.steps), "number": game.plays + (kind is StepKind.PLAY),
        "kind": kind, "player": event.player, "variant": game.variant, "position": before, "board": board,
        "after": after, "context": context, "cube": cube,
    }
    if isinstance(event, Played):
        text = event.text or format_play(before, event.moves)
        return Step(**base, dice=event.dice, moves=tuple(event.moves), text=text)
    if kind is StepKind.DOUBLE:
        return Step(**base, text=f"Doubles => {cube * 2}")
    if kind is StepKind.TAKE:
        return Step(**base, text="Takes")
    if kind is StepKind.DROP:
        return Step(**base, text="Drops")
    level = int(getattr(event, "level", 0) or 0) or None
    words = {StepKind.RESIGN: "Resigns", StepKind.ACCEPT: "Accepts", StepKind.REFUSE: "Rejects"}[kind]
    return Step(**base, text=words, level=level)
