"""The analysis of a match: every decision of each player, the equity it lost against the best
choice, and totals per game and per match (:func:`analyse_steps` -> :class:`MatchAnalysis`).

What is a decision (read from :func:`tavli.coach.record.game_records`):

* a **play** with more than one legal play for the roll (a forced play or a pass is not one);
* a **double** made, a **take** or a **drop** (Portes with the cube);
* a **no double**: a roll thrown while the roller could have doubled (the cube in play for him,
  not the opponent's, not his first play after the opening throw), counted only when it was
  close or wrong, as GNU Backgammon counts "close or actual" cube decisions: when doubling was
  right, or less than 0.16 worse than not doubling.

How each is judged (:mod:`tavli.coach.judge`, :mod:`tavli.coach.hints`,
:mod:`tavli.coach.cube_hint`): a play by 1-ply look-ahead on the play made and the best
:data:`CANDIDATES` play(s) by 0-ply; the best choice is the best of those by 1-ply; a play within
:data:`NEAR` (0.02) of the 0-ply best is compared with it at 0-ply (a near tie: no mark can come
of it, and it spares a look-ahead). A cube decision by the doubler's 1-ply chances before his roll through the cube
formulas of :mod:`tavli.ai.cube`. Equities and losses are normalised money equity (EMG: money
equity per unit of the cube; match play through the Kazaross-XG2 match equity table mapped so
that a single game at the current cube is worth 1), from the side of the player deciding;
Plakoto and Fevga are cubeless and valued in expected points by their nets. Resignations are not
judged.

Marks, by the equity lost (GNU Backgammon's default thresholds): **doubtful** from 0.04,
**error** from 0.08, **blunder** from 0.16.

Totals (:class:`Stats`): ``decisions`` (unforced plays and counted cube decisions), ``loss``
(summed), ``error_rate`` = 1000 x loss / decisions (millipoints lost per decision, as gnubg's
"error rate mEMG"), ``rating`` = 500 x loss / decisions (eXtreme Gammon's "performance
rating", PR), counts of marks, and ``luck``: for every roll a player threw, forced or not, the
0-ply value of the best play of that roll minus the roll-weighted mean over the 21 rolls (the
opening throw: over the 15 non-doubles), summed -- the measure of bench/strength.py, with our own
nets. The match's totals are the sums over the games analysed.

Speed: one roll table per turn serves the roller's luck, his cube decision, and the 1-ply value
of the previous play made (:mod:`tavli.coach.judge`); each other candidate costs one table.
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..ai.search import MARGIN, look_ahead_steps
from ..games.base import Play
from ..games.registry import game_kind
from .cube_hint import cube_equities_steps, doubler_context, may_double
from .hints import candidates
from .judge import Judge, Scale, judge_steps
from .record import GameRecord, Step, StepKind, game_records

if TYPE_CHECKING:
    from ..match import Match

CANDIDATES = 1  # plays by 0-ply given the 1-ply look-ahead, besides the play made
NEAR = 0.02  # a play made this close to the 0-ply best is compared with it at 0-ply
CLOSE = 0.16  # a no-double is counted when doubling was right or less than this much worse


class Mark(enum.Enum):
    """How bad a decision was, by the equity it lost (module docstring)."""

    NONE = ""
    DOUBTFUL = "doubtful"
    ERROR = "error"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, loss: float) -> Mark:
        for mark in (cls.BLUNDER, cls.ERROR, cls.DOUBTFUL):
            if loss >= THRESHOLDS[mark]:
                return mark
        return cls.NONE


THRESHOLDS = {Mark.DOUBTFUL: 0.04, Mark.ERROR: 0.08, Mark.BLUNDER: 0.16}


class DecisionKind(enum.Enum):
    """What was decided."""

    PLAY = "play"
    DOUBLE = "double"
    NO_DOUBLE = "no-double"
    TAKE = "take"
    DROP = "drop"

    @property
    def cube(self) -> bool:
        return self is not DecisionKind.PLAY


@dataclass(frozen=True)
class Choice:
    """One choice of a decision: its words (a play's notation, "Double", "Take"...), a play's
    single-die hops in the mover's numbering, its equity for the decider."""

    text: str
    equity: float
    moves: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "moves": [list(m) for m in self.moves], "equity": round(self.equity, 4)}


@dataclass(frozen=True)
class Decision:
    """One decision: where (``game``, ``index`` of its :class:`tavli.coach.record.Step`), who,
    what, the dice of a play, the choice made and the best, the equity lost (>= 0) and, for a
    play, the luck of its roll."""

    game: int
    index: int
    player: int
    kind: DecisionKind
    made: Choice
    best: Choice
    dice: tuple[int, int] | None = None
    luck: float | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best.equity - self.made.equity)

    @property
    def mark(self) -> Mark:
        return Mark.of(self.loss)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "index": self.index, "player": self.player, "kind": self.kind.value,
            "dice": list(self.dice) if self.dice else None, "made": self.made.to_dict(), "best": self.best.to_dict(),
            "loss": round(self.loss, 4), "mark": self.mark.value,
            "luck": None if self.luck is None else _rounded(self.luck),
        }


@dataclass
class Stats:
    """One player's totals (module docstring)."""

    plays: int = 0
    cube: int = 0
    loss: float = 0.0
    doubtful: int = 0
    errors: int = 0
    blunders: int = 0
    luck: float = 0.0

    @property
    def decisions(self) -> int:
        return self.plays + self.cube

    @property
    def error_rate(self) -> float:
        """Millipoints (thousandths of normalised equity) lost per decision."""
        return 1000.0 * self.loss / self.decisions if self.decisions else 0.0

    @property
    def rating(self) -> float:
        """eXtreme Gammon's performance rating: 500 x the equity lost per decision."""
        return 500.0 * self.loss / self.decisions if self.decisions else 0.0

    def count(self, decision: Decision) -> None:
        if decision.kind.cube:
            self.cube += 1
        else:
            self.plays += 1
        self.loss += decision.loss
        mark = decision.mark
        self.doubtful += mark is Mark.DOUBTFUL
        self.errors += mark is Mark.ERROR
        self.blunders += mark is Mark.BLUNDER

    def __add__(self, other: Stats) -> Stats:
        return Stats(self.plays + other.plays, self.cube + other.cube, self.loss + other.loss,
                     self.doubtful + other.doubtful, self.errors + other.errors, self.blunders + other.blunders,
                     self.luck + other.luck)

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions, "plays": self.plays, "cube": self.cube, "loss": round(self.loss, 4),
            "error_rate": round(self.error_rate, 1), "rating": round(self.rating, 2), "doubtful": self.doubtful,
            "errors": self.errors, "blunders": self.blunders, "luck": _rounded(self.luck),
        }


@dataclass(frozen=True)
class GameAnalysis:
    """One game: its number and variant, each player's totals, its decisions in the order played."""

    number: int
    variant: str
    players: tuple[Stats, Stats]
    decisions: tuple[Decision, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "variant": self.variant, "players": [s.to_dict() for s in self.players],
                "decisions": [d.to_dict() for d in self.decisions]}


@dataclass(frozen=True)
class MatchAnalysis:
    """The games analysed and each player's totals over them."""

    games: tuple[GameAnalysis, ...]
    players: tuple[Stats, Stats] = field(init=False)

    def __post_init__(self) -> None:
        totals = (sum((g.players[0] for g in self.games), Stats()), sum((g.players[1] for g in self.games), Stats()))
        object.__setattr__(self, "players", totals)

    def mistakes(self, player: int | None = None) -> list[Decision]:
        """The marked decisions (of ``player``, or both), worst first."""
        marked = [d for g in self.games for d in g.decisions
                  if d.mark is not Mark.NONE and (player is None or d.player == player)]
        return sorted(marked, key=lambda d: -d.loss)

    def to_dict(self) -> dict[str, Any]:
        return {
            "thresholds": {mark.value: value for mark, value in THRESHOLDS.items()},
            "players": [s.to_dict() for s in self.players],
            "games": [g.to_dict() for g in self.games],
        }


def analyse_steps(match: Match, games: Sequence[int] | None = None) -> Generator[float | None, None, MatchAnalysis]:
    """The analysis of ``match``'s games numbered ``games`` (None: every game so far, the one in
    play as far as it went); ``ValueError`` for a number that is not a game of the match. Yields
    ``None`` between units of work and the share done (a float in [0, 1], never decreasing)."""
    records = game_records(match)
    if games is not None:
        known = {r.number for r in records}
        missing = [n for n in games if n not in known]
        if missing:
            raise ValueError(f"game {missing[0]} is not in the match (games 1 to {len(records)})")
        records = [r for r in records if r.number in set(games)]
    total = sum(len(r.steps) for r in records) or 1
    done = 0
    analysed = []
    for record in records:
        analysis = yield from _game_steps(record, done, total)
        done += len(record.steps)
        analysed.append(analysis)
        yield done / total
    yield 1.0
    return MatchAnalysis(tuple(analysed))


def _game_steps(record: GameRecord, done: int, total: int) -> Generator[float | None, None, GameAnalysis]:
    """One game's analysis; ``done`` of the match's ``total`` steps came before it (progress)."""
    stats = (Stats(), Stats())
    decisions: list[Decision] = []
    judge: Judge | None = None
    for k, step in enumerate(record.steps):
        if judge is None:
            judge = yield from judge_steps(step.context)
        found: list[Decision] = []
        if step.kind is StepKind.PLAY:
            previous = record.steps[k - 1].kind if k else None
            if previous is not StepKind.TAKE and not _opening(record, step) and may_double(step.context):
                no_double = yield from _no_double_steps(judge, step)
                if no_double is not None:
                    found.append(no_double)
            luck, play = yield from _play_steps(judge, record, step)
            stats[step.player].luck += luck
            if play is not None:
                found.append(play)
        elif step.kind is StepKind.DOUBLE:
            found.append((yield from _double_steps(judge, step)))
        elif step.kind in (StepKind.TAKE, StepKind.DROP):
            found.append((yield from _answer_steps(judge, step)))
        for decision in found:
            stats[decision.player].count(decision)
            decisions.append(decision)
        yield (done + k + 1) / total
    return GameAnalysis(record.number, record.variant, stats, tuple(decisions))


def _opening(record: GameRecord, step: Step) -> bool:
    """The first play of a game begun with an opening throw that the winner plays (Portes)."""
    return step.number == 1 and record.opening is not None and game_kind(record.variant).play_opening


# --- plays ---------------------------------------------------------------------------------------


def _play_steps(judge: Judge, record: GameRecord, step: Step) -> Generator[None, None, tuple[float, Decision | None]]:
    """The luck of the step's roll, and the decision of its play (None when forced)."""
    assert step.dice is not None
    scale = Scale.of(step.context)
    table = yield from judge.table_steps(step.position, scale)
    luck = table.luck(step.dice, _opening(record, step))
    plays = judge.legal_plays(step.position, step.dice)
    if len(plays) <= 1:
        return luck, None
    made = _made(plays, step)
    ranked = judge.rank(plays, scale)
    yield
    made_0 = next(v for v, p in ranked if p is made)
    if ranked[0][0] - made_0 < NEAR and ranked[0][1] is not made:
        values = ranked  # a near tie at 0-ply: both judged there (module docstring)
    else:
        looked = [made] + [p for p in candidates(ranked, CANDIDATES, MARGIN, 1) if p is not made]
        values = yield from look_ahead_steps(looked, lambda p: judge.one_ply_steps(p.result, scale))
    made_value = next(v for v, p in values if p is made)
    best_value, best = values[0]
    made_choice = Choice(step.text, made_value, step.moves)
    best_choice = made_choice if best is made else Choice(str(best), best_value, best.moves)
    decision = Decision(step.game, step.index, step.player, DecisionKind.PLAY, made_choice, best_choice,
                        step.dice, luck)
    return luck, decision


def _made(plays: Sequence[Play[Any]], step: Step) -> Play[Any]:
    """The legal play that the step made (by the position it left)."""
    after = step.after if step.player == 0 else step.after.swap()
    result = after.swap()
    for play in plays:
        if play.result == result:
            return play
    raise ValueError(f"game {step.game}: the play {step.text!r} is not a legal play of {step.dice}")


# --- the cube ------------------------------------------------------------------------------------


def _no_double_steps(judge: Judge, step: Step) -> Generator[None, None, Decision | None]:
    """A roll thrown without doubling, when that was close or wrong (module docstring)."""
    eq = yield from cube_equities_steps(judge, step.position, step.context)
    if not eq.can_double:
        return None
    doubled = min(eq.double_take, eq.double_pass)
    if doubled - eq.no_double <= -CLOSE:
        return None
    made = Choice("No double", eq.no_double)
    best = Choice(_double_words(eq.take), doubled) if eq.double else made
    return Decision(step.game, step.index, step.player, DecisionKind.NO_DOUBLE, made, best)


def _double_steps(judge: Judge, step: Step) -> Generator[None, None, Decision]:
    eq = yield from cube_equities_steps(judge, step.position, step.context)
    doubled = min(eq.double_take, eq.double_pass)
    made = Choice("Double", doubled)
    best = Choice(_double_words(eq.take), doubled) if eq.double else Choice("No double", eq.no_double)
    return Decision(step.game, step.index, step.player, DecisionKind.DOUBLE, made, best)


def _answer_steps(judge: Judge, step: Step) -> Generator[None, None, Decision]:
    """A take or a drop, from the taker's side (the doubler's equities negated)."""
    eq = yield from cube_equities_steps(judge, step.position.swap(), doubler_context(step.context))
    take, drop = Choice("Take", -eq.double_take), Choice("Drop", -eq.double_pass)
    if step.kind is StepKind.TAKE:
        return Decision(step.game, step.index, step.player, DecisionKind.TAKE, take, max(take, drop, key=_equity))
    return Decision(step.game, step.index, step.player, DecisionKind.DROP, drop, max(drop, take, key=_equity))


def _rounded(x: float) -> float:
    return round(x, 4) + 0.0  # never -0.0


def _equity(choice: Choice) -> float:
    return choice.equity


def _double_words(take: bool) -> str:
    return "Double, take" if take else "Double, pass"
