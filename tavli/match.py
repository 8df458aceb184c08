"""A match: games between two players to a target score, or money play, as a checked state machine.

Players are numbered 0 and 1. A :class:`Match` moves through phases (``match.phase``):

* ``"opening"`` — a game is about to start: :meth:`Match.roll` throws the opening roll (one die
  each, ties thrown again); the higher die moves first with both dice.
* ``"roll"`` — the player on roll may :meth:`~Match.double`, :meth:`~Match.offer_resignation` or
  :meth:`~Match.roll`.
* ``"move"`` — he moves checkers one at a time (:meth:`~Match.move`, :meth:`~Match.undo`) and
  finishes with :meth:`~Match.end_turn`, or makes a whole play with :meth:`~Match.play`.
* ``"cube"`` — a double was offered: the opponent must :meth:`~Match.take` or :meth:`~Match.drop`.
* ``"resign"`` — a resignation was offered: the opponent must :meth:`~Match.accept_resignation` or
  :meth:`~Match.refuse_resignation`.
* ``"game-over"`` — the game is scored; :meth:`~Match.next_game` starts the next one.
* ``"match-over"`` — a player reached the target score (or resigned the match, or lost on time;
  in money play, the agreed number of games was played).

At any time before the end either player may :meth:`~Match.resign_match`, and a player whose
opponent ran out of reserve time on a clock that allows it may :meth:`~Match.claim_timeout`.

Every action is checked first: one that the rules do not allow now raises :class:`MatchError` (or
:class:`~tavli.turn.IllegalMove` for a checker move) and changes nothing. Everything that happens
is appended to ``match.log`` as plain JSON-ready dicts, so that a match can be replayed
(:meth:`Match.replay`), saved (:meth:`Match.to_json`) and exported.

Rules of scoring (see :mod:`tavli.rules` for the presets):

* A game counts its result (single 1, gammon 2, backgammon 3) times the cube. A dropped double
  loses the cube's value before the offer. The score never passes the target (the log keeps the
  real number of points).
* The cube starts in the middle at 1 (the board shows 64). Either player may double at the start
  of his turn before rolling while it is in the middle, afterwards only its owner; the taker owns
  it at twice the value; it stops at 64. There is no cube in a match to 1 point, in the Crawford
  game (the one game after a player first reaches one point short of the target), or for a
  player who set auto-roll.
* Resigning a round (International): at the start of his turn a player offers a single, a gammon
  or a backgammon; the highest is accepted at once; after a refusal he plays on or offers a higher
  level, and the offers start again at the next turn. Greek: resigning loses 2 points (times the
  cube) if the resigner has borne off nothing, otherwise 1, at once.
* Resigning the match, or running out of time on a clock where that loses the match, gives the
  opponent the match. In money play it ends the session and the game in progress counts as lost at
  the most it could still be worth.
* A win claimed on time counts as a gammon (2 points times the cube).

The game played (``variant``, chosen when the match is created, never changed):

* ``"portes"`` (the default): every game is Portes, as above; each game starts with the opening
  roll and its winner plays the two dice shown.
* ``"plakoto"`` or ``"fevga"``: every game is that game. ``"tavli"``: the Tavli match, Portes,
  Plakoto and Fevga in rotation (game 1 Portes, 2 Plakoto, 3 Fevga, 4 Portes...; a drawn game
  counts as played). ``match.game_variant`` names the game in play.
* In these matches the Greek scoring applies to every game, Portes included: no doubling cube
  (nor Crawford or Jacoby), a game counts 1, or 2 if the loser has borne off none (or for a
  Plakoto mother), no backgammon; resigning costs 2 if the resigner has borne off nothing,
  otherwise 1, at once. The rules given are made Greek to that end (only ``minimize_waste`` is
  kept from them; the default is :meth:`Rules.greek`).
* The first game starts with the opening roll (one die each, ties thrown again); its winner then
  rolls both dice (Greek practice, for the Portes games of a Tavli match too). Each later game is
  started by the winner of the game before (no opening roll: the match goes from ``"game-over"``
  straight to ``"roll"``); after a drawn game (Plakoto, both mothers pinned: 0 points each,
  ``result.winner`` None, reason ``"draw"``) the player who started the drawn game starts again.
* The rule options of Plakoto and Fevga (``options``, chosen with the variant, kept for every game
  of that variant, in a Tavli match too): ``mother_points`` (Plakoto: what a pinned mother wins,
  2 by default or 1, "a plain win"), ``first_checker`` (Fevga: ``"pass"``, the first checker must
  pass the opponent's starting point before a second leaves, or ``"quarter"``, reach his starting
  quarter) and ``prime`` (Fevga: ``"open"``, a prime that shuts the opponent out must be opened
  when it can, or ``"free"``); see :mod:`tavli.plakoto` and :mod:`tavli.fevga`. A Plakoto match
  takes ``mother_points``, a Fevga match the other two, a Tavli match all three, a Portes match
  none; anything else, or a value not listed, raises :class:`MatchError`. ``match.options`` holds
  every option of the match's games, the defaults filled in; ``match.game_options(name)`` those of
  one game.
* GNU Backgammon's Match ID, the XGID and ``.mat`` transcripts describe Portes matches only:
  for the other variants :meth:`Match.match_id`, :meth:`Match.xgid`, :meth:`Match.to_mat` raise
  :class:`MatchError`; :meth:`Match.position_id` gives the game's own position ID
  (:meth:`tavli.plakoto.PlakotoPosition.position_id`, :meth:`tavli.fevga.FevgaPosition.position_id`).
"""

from __future__ import annotations

import time as _time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .dice import DiceSource, FixedDice, dice_source
from .game import Game, GameError, Outcome
from .movegen import Move, Play
from .position import Position
from .rules import Rules
from .variants import VariantPlay

if TYPE_CHECKING:
    from .clock import Clock, ClockState
    from .ids import MatchState
    from .turn import Turn

MAX_LENGTH = 25
MAX_CUBE = 64

PHASES = ("opening", "roll", "move", "cube", "resign", "game-over", "match-over")

VARIANTS = ("portes", "plakoto", "fevga", "tavli")
ROTATION = ("portes", "plakoto", "fevga")  # the games of a Tavli match, in turn
VARIANT_TITLES = {"portes": "Portes", "plakoto": "Plakoto", "fevga": "Fevga", "tavli": "a Tavli match"}
# The rule options of the variants: name -> (the game it belongs to, its values, default first).
OPTIONS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "mother_points": ("plakoto", (2, 1)),
    "first_checker": ("fevga", ("pass", "quarter")),
    "prime": ("fevga", ("open", "free")),
}
_REASONS = {"borne off": "bear-off", "mother": "mother", "both mothers": "draw", "conceded": "resign"}

LEVEL_NAMES = {Outcome.SINGLE: "single", Outcome.GAMMON: "gammon", Outcome.BACKGAMMON: "backgammon"}


class MatchError(GameError):
    """An action that the match does not allow in its current state (nothing was changed)."""


@dataclass(frozen=True, slots=True)
class GameScore:
    """How a game ended: ``points`` is the real value (result counted times the cube), even when
    the score it adds is capped at the target."""

    winner: int | None  # None for a draw
    outcome: Outcome | None  # what happened on the board (or was resigned); None for a draw
    counted: Outcome | None  # what it counts as under the rules (Jacoby, no backgammons)
    cube: int
    points: int
    reason: str  # "bear-off", "mother", "draw", "drop", "resign", "timeout", "resign-match"

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "outcome": None if self.outcome is None else LEVEL_NAMES[self.outcome],
            "counted": None if self.counted is None else LEVEL_NAMES[self.counted],
            "cube": self.cube,
            "points": self.points,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameScore:
        if data["winner"] is None:
            if data["outcome"] is not None or data["counted"] is not None or int(data["points"]) != 0:
                raise MatchError("a drawn game has no outcome and scores 0")
            return cls(None, None, None, int(data["cube"]), 0, str(data["reason"]))
        return cls(
            int(data["winner"]),
            parse_level(data["outcome"]),
            parse_level(data["counted"]),
            int(data["cube"]),
            int(data["points"]),
            str(data["reason"]),
        )


def parse_level(level: Outcome | int | str) -> Outcome:
    """An :class:`Outcome` from itself, 1..3, or ``"single"``/``"gammon"``/``"backgammon"``."""
    if isinstance(level, str):
        for outcome, name in LEVEL_NAMES.items():
            if level.strip().lower() == name:
                return outcome
        raise MatchError(f"{level!r} is not single, gammon or backgammon")
    if isinstance(level, bool) or not isinstance(level, int) or level not in (1, 2, 3):
        raise MatchError(f"{level!r} is not single (1), gammon (2) or backgammon (3)")
    return Outcome(level)


class _CountingDice:
    """The match's dice: draws from the source and counts them (so a seeded match can be saved)."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.drawn = 0

    def die(self) -> int:
        value = self.source.die()
        self.drawn += 1
        return value


class Match:
    """A match to ``length`` points (1..25), or money play when ``length`` is None.

    ``dice``: where the dice come from (default: the cryptographic source, or a seeded one when
    ``seed`` is given). ``clock``: an optional :mod:`tavli.clock` model; it runs for whoever must
    act. ``time``: the function giving the time in seconds when an action is not passed ``now``
    (default ``time.monotonic``). ``games``: in money play, end the session after that many games.
    ``variant``: ``"portes"`` (default), ``"plakoto"``, ``"fevga"`` or ``"tavli"`` (the three in
    rotation); see the module's description. ``options``: the rule options of Plakoto and Fevga
    (``mother_points``, ``first_checker``, ``prime``), also described there.
    """

    def __init__(
        self,
        length: int | None = 1,
        rules: Rules | None = None,
        dice: DiceSource | None = None,
        *,
        seed: int | None = None,
        clock: Clock | None = None,
        time: Callable[[], float] | None = None,
        games: int | None = None,
        variant: str = "portes",
        options: dict[str, Any] | None = None,
    ) -> None:
        if not isinstance(variant, str) or variant.strip().lower() not in VARIANTS:
            raise MatchError(f"the game is one of {', '.join(VARIANTS)}, not {variant!r}")
        variant = variant.strip().lower()
        self.options = match_options(variant, options)
        if length is not None:
            if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_LENGTH:
                raise MatchError(f"a match is played to 1..{MAX_LENGTH} points, not {length!r}")
        if games is not None:
            if length is not None:
                raise MatchError("a number of games is only for money play (no target score)")
            if isinstance(games, bool) or not isinstance(games, int) or games < 1:
                raise MatchError(f"the number of games must be a positive whole number, not {games!r}")
        self.length = length
        self.variant = variant
        self.rules = _rules_for(variant, rules)
        self.max_games = games
        self.dice = _CountingDice(dice if dice is not None else dice_source(seed))
        self.clock = clock
        self._time = time if time is not None else _time.monotonic
        self.scores = [0, 0]
        self.game_number = 0
        self.crawford = False  # this game is the Crawford game
        self.crawford_played = False
        self.cube = 1
        self.cube_owner: int | None = None
        self.auto_roll = [False, False]
        self.resign_offer: Outcome | None = None  # pending offer (phase "resign")
        self.resign_refused: Outcome | None = None  # highest offer refused this turn
        self.result: GameScore | None = None  # how the current game ended
        self.results: list[GameScore] = []
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.flagged: int | None = None  # the player whose reserve ran out, while a claim is open
        self.flag_seen = False  # a flag fell earlier in the match
        self.starter: int | None = None  # who rolled first in this game (None before the opening roll)
        self.log: list[dict[str, Any]] = []
        self.game = self._make_game(1, None)
        self.phase = "opening"
        self._start_game(None)

    # --- views ------------------------------------------------------------------------------

    @property
    def money(self) -> bool:
        """True in money play (no target score)."""
        return self.length is None

    @property
    def game_variant(self) -> str:
        """The game in play: ``"portes"``, ``"plakoto"`` or ``"fevga"``."""
        return self.game.variant

    def game_options(self, name: str) -> dict[str, Any]:
        """The rule options of the game ``name`` ("portes", "plakoto", "fevga") in this match."""
        return {key: value for key, value in self.options.items() if OPTIONS[key][0] == name}

    def variant_of(self, number: int) -> str:
        """The game played as game ``number`` (1, 2...) of this match."""
        if self.variant != "tavli":
            return self.variant
        return ROTATION[(number - 1) % len(ROTATION)]

    @property
    def rotation_index(self) -> int:
        """In a Tavli match, the place of the game in play in :data:`ROTATION` (0 Portes,
        1 Plakoto, 2 Fevga); in any other match 0."""
        return (self.game_number - 1) % len(ROTATION) if self.variant == "tavli" else 0

    @property
    def on_roll(self) -> int | None:
        """The player whose turn it is (None before the opening roll)."""
        return None if self.phase == "opening" else self.game.on_roll

    @property
    def to_act(self) -> int | None:
        """Who must act now: the roller and mover, the player deciding on a double or on a
        resignation offer; None before the opening roll and once the game or match is over."""
        if self.phase in ("roll", "move"):
            return self.game.on_roll
        if self.phase in ("cube", "resign"):
            return 1 - self.game.on_roll
        return None

    @property
    def turn(self) -> Turn | None:
        """The :class:`~tavli.turn.Turn` being played (phase ``"move"``), else None."""
        return self.game.turn if self.phase == "move" else None

    @property
    def rolled(self) -> tuple[int, int] | None:
        """The dice of the turn being played."""
        return self.game.dice if self.phase == "move" else None

    def position_for(self, player: int) -> Position:
        """The checkers seen from ``player`` (his checkers in ``.player``), a turn in progress
        included."""
        _check_player(player)
        if self.game.turn is None:
            return self.game.position_for(player)
        board = self.game.turn.current
        return board if self.game.on_roll == player else board.swap()

    def needs(self, player: int) -> int | None:
        """Points ``player`` still needs to win the match (None in money play)."""
        return None if self.length is None else self.length - self.scores[player]

    def is_over(self) -> bool:
        return self.phase == "match-over"

    def cube_available(self, player: int) -> bool:
        """Whether the cube is in play for ``player`` in this game at all (rules, a match to 1, the
        Crawford game, auto-roll)."""
        return bool(
            self.rules.cube
            and self.variant == "portes"
            and self.length != 1
            and not self.crawford
            and not self.auto_roll[player]
        )

    def can_double(self) -> bool:
        """Whether the player on roll may offer the cube now."""
        if self.phase != "roll":
            return False
        player = self.game.on_roll
        return (
            self.cube_available(player)
            and self.cube < MAX_CUBE
            and self.cube_owner in (None, player)
        )

    def resign_options(self) -> list[Outcome]:
        """The resignations the player on roll may offer now, lowest first (Greek: the one
        resignation, valued by what he has borne off)."""
        if self.phase != "roll":
            return []
        if not self.rules.resign_offers:
            return [self._greek_resign_level(self.game.on_roll)]
        return [lv for lv in self.rules.resign_levels() if self.resign_refused is None or lv > self.resign_refused]

    def can_claim(self, player: int | None = None) -> bool:
        """Whether a win on time may be claimed now (by ``player``, if given)."""
        if self.flagged is None or self.phase in ("game-over", "match-over"):
            return False
        return player is None or player == 1 - self.flagged

    def legal_actions(self) -> list[str]:
        """The actions allowed now, by name: ``roll``, ``double``, ``resign`` (offer), ``move``,
        ``undo``, ``end-turn``, ``take``, ``drop``, ``accept``, ``refuse``, ``next-game``,
        ``claim-timeout`` (by the flagged player's opponent) and ``resign-match`` (either player)."""
        phase = self.phase
        actions: list[str] = []
        if phase == "opening":
            actions.append("roll")
        elif phase == "roll":
            if self.can_double():
                actions.append("double")
            if self.resign_options():
                actions.append("resign")
            actions.append("roll")
        elif phase == "move":
            turn = self.game.turn
            assert turn is not None
            if turn.legal_moves():
                actions.append("move")
            if turn.moves:
                actions.append("undo")
            if turn.is_complete():
                actions.append("end-turn")
        elif phase == "cube":
            actions += ["take", "drop"]
        elif phase == "resign":
            actions += ["accept", "refuse"]
        elif phase == "game-over":
            actions.append("next-game")
        if self.can_claim():
            actions.append("claim-timeout")
        if phase != "match-over":
            actions.append("resign-match")
        return actions

    def score_text(self) -> str:
        target = "money" if self.length is None else f"to {self.length}"
        text = f"{self.scores[0]}-{self.scores[1]} ({target}), game {self.game_number}"
        if self.variant != "portes":
            text += f" ({VARIANT_TITLES[self.game_variant]})"
        return text

    # --- actions: rolling and moving --------------------------------------------------------

    def roll(self, now: float | None = None, *, player: int | None = None) -> tuple[int, int]:
        """The opening roll (phase ``"opening"``: returns player 0's and player 1's die) or the
        roll of the player on roll (phase ``"roll"``). After the opening roll the winner plays
        the dice shown (Portes matches: phase ``"move"``) or rolls both dice (Plakoto, Fevga, a
        Tavli match: phase ``"roll"``)."""
        now = self._begin(now)
        if self.phase == "opening":
            self._require("opening")
            before = len(self.game.opening_rolls)
            pair = self.game.opening_roll()
            for a, b in self.game.opening_rolls[before:]:
                self._record("opening", now, dice=[a, b])
            self.starter = self.game.on_roll
            self.phase = "move" if self.game.phase == "move" else "roll"
            self._new_turn()
            self._clock_start(self.game.on_roll, now)
            return pair
        self._require("roll", player)
        dice = self.game.roll()
        self._record("roll", now, player=self.game.on_roll, dice=list(dice))
        self.phase = "move"
        return dice

    def move(self, move: Move | tuple[int, int], now: float | None = None, *, player: int | None = None) -> Move:
        """Move one checker (``(from, to)`` in the mover's numbering, 25 = bar, 0 = off)."""
        now = self._begin(now)
        self._require("move", player)
        return self.game.move(move)

    def undo(self, now: float | None = None, *, player: int | None = None) -> Move | None:
        """Take back the last checker moved this turn (None when there is none)."""
        now = self._begin(now)
        self._require("move", player)
        return self.game.undo()

    def end_turn(self, now: float | None = None, *, player: int | None = None) -> Play:
        """Finish the turn once its moves form a legal play (at once when no move is possible)."""
        now = self._begin(now)
        self._require("move", player)
        turn = self.game.turn
        assert turn is not None
        if not turn.is_complete():
            raise MatchError(f"dice remain to be played: {', '.join(map(str, turn.dice_left()))}")
        return self._finish_turn(now)

    def play(self, play: Play | Iterable[tuple[int, int]] | str, now: float | None = None, *, player: int | None = None) -> Play:
        """Make a whole play at once and end the turn: a :class:`~tavli.movegen.Play`, a list of
        ``(from, to)`` single-die moves, or notation such as ``"24/18 13/8"``."""
        now = self._begin(now)
        self._require("move", player)
        chosen = self.find_play(play)
        turn = self.game.turn
        assert turn is not None
        turn.reset()
        for step in chosen.steps:
            turn.apply(step)
        return self._finish_turn(now)

    def find_play(self, play: Play | Iterable[tuple[int, int]] | str) -> Play:
        """The legal play of the current roll that ``play`` describes; :class:`MatchError` if none."""
        if self.phase != "move":
            raise MatchError(f"no roll to play: the match is at '{self.phase}'")
        turn = self.game.turn
        assert turn is not None
        if isinstance(play, (Play, VariantPlay)):
            if play in turn.plays:
                return play
            if play.position == turn.position:
                for candidate in turn.plays:
                    if candidate.result == play.result:
                        return candidate
            raise MatchError(f"{play} is not a legal play of {self.game.dice[0]}-{self.game.dice[1]}")
        from .notation import parse_moves

        hops = sorted(parse_moves(play) if isinstance(play, str) else (tuple(m) for m in play))
        for candidate in turn.plays:
            if sorted(candidate.moves) == hops:
                return candidate
        for candidate in turn.plays:
            if _net(candidate.moves) == _net(hops):
                return candidate
        raise MatchError(f"{play!r} is not a legal play of {self.game.dice[0]}-{self.game.dice[1]}")

    # --- actions: the cube ------------------------------------------------------------------

    def double(self, now: float | None = None, *, player: int | None = None) -> int:
        """Offer the cube (phase ``"roll"``); returns the value offered."""
        now = self._begin(now)
        self._require("roll", player)
        doubler = self.game.on_roll
        if not self.can_double():
            raise MatchError(self._why_no_double(doubler))
        self.phase = "cube"
        self._record("double", now, player=doubler, cube=self.cube * 2)
        self._clock_start(1 - doubler, now)
        return self.cube * 2

    def take(self, now: float | None = None, *, player: int | None = None) -> int:
        """Accept the double: the cube doubles and the taker owns it; the doubler then rolls."""
        now = self._begin(now)
        self._require("cube", player)
        taker = 1 - self.game.on_roll
        self.cube *= 2
        self.cube_owner = taker
        self.phase = "roll"
        self._record("take", now, player=taker, cube=self.cube)
        self._clock_start(1 - taker, now, fresh=False)
        return self.cube

    def drop(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Refuse the double: the game ends and the dropper loses the cube's value before the offer."""
        now = self._begin(now)
        self._require("cube", player)
        dropper = 1 - self.game.on_roll
        self._record("drop", now, player=dropper)
        return self._end_game(1 - dropper, Outcome.SINGLE, "drop", now)

    # --- actions: resigning -----------------------------------------------------------------

    def offer_resignation(
        self, level: Outcome | int | str | None = None, now: float | None = None, *, player: int | None = None
    ) -> GameScore | None:
        """Resign the round at the start of the turn (phase ``"roll"``).

        International: offer ``level`` (single, gammon, backgammon) above any refused this turn; the
        highest level is accepted at once (returns the score), otherwise the opponent decides
        (phase ``"resign"``, returns None). Greek: the round ends at once, counted 2 if the resigner
        has borne off nothing, otherwise 1 (``level`` may be omitted)."""
        now = self._begin(now)
        self._require("roll", player)
        resigner = self.game.on_roll
        options = self.resign_options()
        if not self.rules.resign_offers:
            chosen = options[0]
            if level is not None and parse_level(level) != chosen:
                raise MatchError(f"resigning now counts as a {LEVEL_NAMES[chosen]}, it cannot be offered as another")
            self._record("resign", now, player=resigner, level=LEVEL_NAMES[chosen])
            return self._end_game(1 - resigner, chosen, "resign", now)
        if level is None:
            raise MatchError("say what you resign: single, gammon or backgammon")
        chosen = parse_level(level)
        if chosen not in options:
            if chosen not in self.rules.resign_levels():
                raise MatchError(f"a {LEVEL_NAMES[chosen]} cannot be offered under these rules")
            raise MatchError(
                f"a {LEVEL_NAMES[self.resign_refused]} was refused this turn: offer "
                + " or ".join(LEVEL_NAMES[o] for o in options)
            )
        self._record("resign-offer", now, player=resigner, level=LEVEL_NAMES[chosen])
        if chosen == self.rules.resign_levels()[-1]:
            self._record("resign-accept", now, player=1 - resigner, automatic=True)
            return self._end_game(1 - resigner, chosen, "resign", now)
        self.resign_offer = chosen
        self.phase = "resign"
        self._clock_start(1 - resigner, now)
        return None

    def accept_resignation(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Accept the resignation offered: the round ends at the level offered."""
        now = self._begin(now)
        self._require("resign", player)
        assert self.resign_offer is not None
        accepter = 1 - self.game.on_roll
        self._record("resign-accept", now, player=accepter)
        return self._end_game(accepter, self.resign_offer, "resign", now)

    def refuse_resignation(self, now: float | None = None, *, player: int | None = None) -> None:
        """Refuse it: the resigner plays on or offers a higher level this turn."""
        now = self._begin(now)
        self._require("resign", player)
        self._record("resign-refuse", now, player=1 - self.game.on_roll)
        self.resign_refused = self.resign_offer
        self.resign_offer = None
        self.phase = "roll"
        self._clock_start(self.game.on_roll, now, fresh=False)

    def resign_match(self, player: int, now: float | None = None) -> None:
        """``player`` resigns the whole match (the table's Resign button); his opponent wins it."""
        _check_player(player)
        now = self._begin(now)
        if self.phase == "match-over":
            raise MatchError("the match is already over")
        self._record("resign-match", now, player=player)
        self._forfeit(player, "resign-match", now)

    # --- actions: time ----------------------------------------------------------------------

    def update(self, now: float | None = None) -> None:
        """Let the clock catch up with ``now``: on a clock where running out loses the match, the
        match ends; on one where the opponent may claim, the claim becomes available."""
        self._begin(now)

    def clock_state(self, now: float | None = None) -> ClockState | None:
        """The clock's :class:`~tavli.clock.ClockState` at ``now`` (None without a clock)."""
        if self.clock is None:
            return None
        return self.clock.state(float(self._time()) if now is None else now)

    def pause(self, now: float | None = None) -> None:
        """Freeze the clock (the page is hidden in a game against the computer). It runs again
        at :meth:`resume`, or when the next player must act."""
        now = self._begin(now)
        if self.clock is not None and self.phase != "match-over" and not self.clock.state(now).paused:
            self.clock.pause(now)
            self._record("pause", now)

    def resume(self, now: float | None = None) -> None:
        """Let the clock run again after :meth:`pause`, or after loading a saved match (whose
        clock waits, paused, until this or the next hand-over)."""
        now = self._begin(now)
        if self.clock is not None and self.phase != "match-over" and self.clock.state(now).paused:
            self.clock.resume(now)
            self._record("resume", now)

    def claim_timeout(self, now: float | None = None, *, player: int | None = None) -> GameScore:
        """Claim the round won on time (the opponent's reserve ran out): it counts as a gammon."""
        now = self._begin(now)
        if not self.can_claim(player):
            if self.flagged is None:
                raise MatchError("no one has run out of time")
            if self.phase in ("game-over", "match-over"):
                raise MatchError("the game is over")
            raise MatchError(f"only player {1 - self.flagged} may claim the win on time")
        claimant = 1 - self.flagged
        self._record("claim", now, player=claimant)
        return self._end_game(claimant, Outcome.GAMMON, "timeout", now)

    # --- actions: between games and options -------------------------------------------------

    def next_game(self, now: float | None = None) -> None:
        """Start the next game (phase ``"game-over"`` to ``"opening"``; in Plakoto, Fevga and
        Tavli matches to ``"roll"``, the winner of the game before on roll, or after a draw the
        player who started it)."""
        now = self._begin(now)
        self._require("game-over")
        starter = self.next_starter()
        self.game = self._make_game(self.game_number + 1, starter)
        self.phase = "opening" if starter is None else "roll"
        self.starter = starter
        self._start_game(now)
        if starter is not None:
            self._clock_start(starter, now)

    def next_starter(self) -> int | None:
        """Who starts the next game: None when it starts with the opening roll (Portes
        matches), else the winner of the game just finished (after a draw, its starter)."""
        if self.variant == "portes" or self.result is None:
            return None
        if self.result.winner is not None:
            return self.result.winner
        return self.starter if self.starter is not None else 0

    def set_auto_roll(self, player: int, on: bool = True, now: float | None = None) -> None:
        """Set or clear ``player``'s auto-roll option (the board rolls for him at once; while it is
        set he cannot double)."""
        _check_player(player)
        now = self._begin(now)
        if self.phase == "match-over":
            raise MatchError("the match is over")
        if self.auto_roll[player] != bool(on):
            self.auto_roll[player] = bool(on)
            self._record("auto-roll", now, player=player, on=bool(on))

    # --- replay and formats -----------------------------------------------------------------

    @classmethod
    def replay(
        cls,
        log: Sequence[dict[str, Any]],
        length: int | None = 1,
        rules: Rules | None = None,
        *,
        clock: Clock | None = None,
        games: int | None = None,
        variant: str = "portes",
        options: dict[str, Any] | None = None,
    ) -> Match:
        """A new match made by doing again every action recorded in ``log`` (the dice as
        recorded, the time as recorded). Raises ``ValueError`` if the log does not replay."""
        dice = [d for event in log if event.get("type") in ("opening", "roll") for d in event["dice"]]
        match = cls(length, rules, FixedDice(dice), clock=clock, games=games, variant=variant, options=options)
        for event in log:
            match._redo(event)
        return match

    def _redo(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        now = event.get("t")
        who = event.get("player")
        if kind in ("game", "win", "draw", "match-over") or (kind == "resign-accept" and event.get("automatic")):
            return  # consequences, recorded for the reader
        if kind == "timeout":
            self.update(now)
        elif kind == "pause":
            self.pause(now)
        elif kind == "resume":
            self.resume(now)
        elif kind == "opening":
            if self.phase == "opening":
                self.roll(now)
        elif kind == "roll":
            self.roll(now, player=who)
        elif kind == "play":
            self.play([tuple(m) for m in event["moves"]], now, player=who)
        elif kind == "double":
            self.double(now, player=who)
        elif kind == "take":
            self.take(now, player=who)
        elif kind == "drop":
            self.drop(now, player=who)
        elif kind in ("resign-offer", "resign"):
            self.offer_resignation(event["level"], now, player=who)
        elif kind == "resign-accept":
            self.accept_resignation(now, player=who)
        elif kind == "resign-refuse":
            self.refuse_resignation(now, player=who)
        elif kind == "resign-match":
            self.resign_match(who, now)
        elif kind == "claim":
            self.claim_timeout(now, player=who)
        elif kind == "next-game":
            self.next_game(now)
        elif kind == "auto-roll":
            self.set_auto_roll(who, event["on"], now)
        elif kind == "concede":
            self._concede(who, parse_level(event["level"]), reason=event.get("reason", "resign"), now=now)
        elif kind == "setup":
            from . import ids as _ids
            from . import matchio

            matchio.setup(self, Position.from_gnubg_id(event["position"]), _ids.decode_match_id(event["match_id"]))
        else:
            raise MatchError(f"unknown event {kind!r} in the log")

    def match_state(self) -> MatchState:
        """The :class:`~tavli.ids.MatchState` (what a GNU Backgammon Match ID holds) now
        (Portes matches only: :class:`MatchError` otherwise)."""
        from . import matchio

        self._portes_only("a GNU Backgammon match state")
        return matchio.match_state(self)

    def match_id(self) -> str:
        """GNU Backgammon's 12-character Match ID of the match as it stands (Portes matches only:
        :class:`MatchError` otherwise)."""
        from . import matchio

        self._portes_only("a GNU Backgammon Match ID")
        return matchio.match_id(self)

    def position_id(self) -> str:
        """The Position ID of the checkers at the start of the turn, seen from the player on
        roll: GNU Backgammon's for Portes, the variant's own for Plakoto and Fevga."""
        from . import matchio

        if self.game.variant != "portes":
            return self.game.position_for(self.game.on_roll).position_id()
        return matchio.position_id(self)

    def gnubg_id(self) -> str:
        """``"PositionID:MatchID"``, as GNU Backgammon shows them together (Portes matches only)."""
        self._portes_only("a GNU Backgammon ID")
        return f"{self.position_id()}:{self.match_id()}"

    def xgid(self) -> str:
        """eXtreme Gammon's XGID of the match as it stands (Portes matches only)."""
        from . import matchio

        self._portes_only("an XGID")
        return matchio.xgid(self)

    @classmethod
    def from_gnubg_id(
        cls, ids: str, match_id: str | None = None, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any
    ) -> Match:
        """A match starting where ``"PositionID:MatchID"`` (or the two given apart) says: before
        the opening roll or in a game in play. ``ValueError`` with the reason otherwise."""
        from . import ids as _ids
        from . import matchio

        if match_id is None:
            position, state = matchio.decode_ids(ids)
        else:
            position, state = Position.from_gnubg_id(ids), _ids.decode_match_id(match_id)
        return matchio.from_ids(cls, position, state, rules, dice, **options)

    @classmethod
    def from_xgid(cls, text: str, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any) -> Match:
        """A match starting at the game in play an XGID describes; ``ValueError`` otherwise."""
        from . import matchio

        position, state = matchio.decode_xgid(text)
        return matchio.from_ids(cls, position, state, rules, dice, **options)

    def to_mat(self, names: tuple[str, str] = ("Player 0", "Player 1")) -> str:
        """The match's games as a Jellyfish ``.mat`` transcript (as GNU Backgammon exports;
        Portes matches only: :class:`MatchError` otherwise)."""
        from . import matchio

        self._portes_only("a .mat transcript")
        return matchio.to_mat(self, names)

    @classmethod
    def from_mat(cls, text: str, *, rules: Rules | None = None, dice: DiceSource | None = None, **options: Any) -> Match:
        """A match replayed from a ``.mat`` transcript (the rules from its tags unless given);
        ``ValueError`` naming the game and the reason when it does not replay."""
        from . import matchio

        return matchio.from_mat(cls, text, rules, dice, **options)

    def to_json(self, now: float | None = None, **dumps: Any) -> str:
        """The match as a versioned JSON document (see :mod:`tavli.savefile`); ``now`` is the
        time for a running clock (default: the match's time function)."""
        from .savefile import dumps as _dumps

        return _dumps(self, now, **dumps)

    @classmethod
    def from_json(cls, text: str, *, dice: DiceSource | None = None, time: Callable[[], float] | None = None) -> Match:
        """A match from :meth:`to_json`; ``ValueError`` with the reason for anything else."""
        from .savefile import loads

        return loads(text, dice=dice, time=time)

    def _concede(self, loser: int, level: Outcome, *, reason: str = "resign", now: float | None = None) -> GameScore:
        """The round ends with ``loser`` giving up ``level`` at any point of the game: only for
        transcripts of other programs, where a player may resign during a turn."""
        _check_player(loser)
        now = self._begin(now)
        if self.phase not in ("roll", "move", "cube", "resign"):
            raise MatchError(f"no game in play to resign: the match is at '{self.phase}'")
        level = parse_level(level)
        self._record("concede", now, player=loser, level=LEVEL_NAMES[level], reason=reason)
        return self._end_game(1 - loser, level, reason, now)

    # --- internals --------------------------------------------------------------------------

    def _portes_only(self, what: str) -> None:
        if self.variant != "portes":
            raise MatchError(f"{what} describes Portes (backgammon) matches only, not {VARIANT_TITLES[self.variant]}")

    def _make_game(self, number: int, starter: int | None) -> Game:
        """Game ``number``'s board: waiting for the opening roll (``starter`` None) or with
        ``starter`` on roll."""
        name = self.variant_of(number)
        return Game(
            self.dice,
            minimize_waste=self.rules.minimize_waste,
            variant=name,
            options=self.game_options(name),
            on_roll=starter,
            play_opening=self.variant == "portes",
        )

    def _begin(self, now: float | None) -> float | None:
        """Read the time and let the clock catch up with it (see :meth:`update`)."""
        if self.clock is None:
            return now
        if now is None:
            now = float(self._time())
        self._observe_clock(now)
        return now

    def _require(self, phase: str, player: int | None = None) -> None:
        if self.phase != phase:
            if self.phase == "match-over":
                if self.end_reason == "timeout" and self.winner is not None:
                    raise MatchError(f"the match is over: player {1 - self.winner} ran out of time")
                raise MatchError("the match is over")
            raise MatchError(f"cannot do that now: the match is at '{self.phase}', not '{phase}'")
        if player is not None:
            _check_player(player)
            if player != self.to_act and self.to_act is not None:
                raise MatchError(f"it is player {self.to_act}'s move, not player {player}'s")

    def _record(self, kind: str, now: float | None, **data: Any) -> None:
        event: dict[str, Any] = {"type": kind, **data}
        if now is not None:
            event["t"] = now
        self.log.append(event)

    def _start_game(self, now: float | None) -> None:
        self.game_number += 1
        self.cube = 1
        self.cube_owner = None
        self.result = None
        self._new_turn()
        self.crawford = False
        if (
            self.length is not None
            and self.length > 1
            and self.rules.cube
            and self.rules.crawford
            and not self.crawford_played
            and max(self.scores) == self.length - 1
        ):
            self.crawford = True
            self.crawford_played = True
        if self.game_number > 1:
            self._record("next-game", now)
        self._record("game", None, game=self.game_number, scores=list(self.scores), crawford=self.crawford)

    def _new_turn(self) -> None:
        self.resign_offer = None
        self.resign_refused = None

    def _finish_turn(self, now: float | None) -> Play:
        mover = self.game.on_roll
        dice = self.game.dice
        assert dice is not None
        play = self.game.end_turn()
        self._record("play", now, player=mover, dice=list(dice), moves=[list(m) for m in play.moves], text=str(play))
        self._clock_stop(now, completed_turn=True)
        if self.game.phase == "over":
            result = self.game.result
            assert result is not None
            if result.winner is None:
                self._score(GameScore(None, None, None, self.cube, 0, "draw"), now)
            else:
                assert result.outcome is not None
                self._end_game(result.winner, result.outcome, _REASONS.get(result.reason, "bear-off"), now)
            return play
        self.phase = "roll"
        self._new_turn()
        self._clock_start(self.game.on_roll, now)
        return play

    def _end_game(self, winner: int, outcome: Outcome, reason: str, now: float | None) -> GameScore:
        if self.game.phase != "over":
            self.game.concede(winner, outcome)
        if reason == "timeout":
            counted = Outcome.GAMMON  # a claimed win on time counts 2, whatever else applies
        else:
            counted = self.rules.counted(outcome, cube=self.cube, money=self.money)
        score = GameScore(winner, outcome, counted, self.cube, int(counted) * self.cube, reason)
        self._score(score, now)
        return score

    def _score(self, score: GameScore, now: float | None) -> None:
        self.result = score
        self.results.append(score)
        self.resign_offer = None
        self.flagged = None
        if score.winner is None:  # a draw: nobody scores
            total = 0
            self._record("draw", None, **score.to_dict(), scores=list(self.scores))
        else:
            total = self.scores[score.winner] + score.points
            if self.length is not None:
                total = min(total, self.length)
            self.scores[score.winner] = total
            self._record("win", None, **score.to_dict(), scores=list(self.scores))
        if self.length is not None and total >= self.length:
            self._finish_match(score.winner, score.reason, now)
        elif self.length is None and self.max_games is not None and self.game_number >= self.max_games:
            self._finish_match(self._money_leader(), "games", now)
        else:
            self.phase = "game-over"
            self._clock_stop(now)

    def _forfeit(self, loser: int, reason: str, now: float | None) -> None:
        winner = 1 - loser
        if self.length is not None:
            if self.phase != "game-over":  # a game in play is lost with the match
                points = self.length - self.scores[winner]
                score = GameScore(winner, Outcome.SINGLE, Outcome.SINGLE, self.cube, points, reason)
                self.game.concede(winner, Outcome.SINGLE)
                self.result = score
                self.results.append(score)
                self.scores[winner] = self.length
                self._record("win", None, **score.to_dict(), scores=list(self.scores))
            self.scores[winner] = self.length
            self._finish_match(winner, reason, now)
            return
        if self.phase != "game-over":
            top = self.rules.resign_levels()[-1]
            self.game.concede(winner, top)
            counted = self.rules.counted(top, cube=self.cube, money=True)
            score = GameScore(winner, top, counted, self.cube, int(counted) * self.cube, reason)
            self.scores[winner] += score.points
            self.result = score
            self.results.append(score)
            self._record("win", None, **score.to_dict(), scores=list(self.scores))
        self._finish_match(winner, reason, now)

    def _finish_match(self, winner: int | None, reason: str, now: float | None) -> None:
        self.winner = winner
        self.end_reason = reason
        self.phase = "match-over"
        self.resign_offer = None
        self.flagged = None
        self._record("match-over", None, winner=winner, scores=list(self.scores), reason=reason)
        self._clock_stop(now)

    def _money_leader(self) -> int | None:
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def _greek_resign_level(self, player: int) -> Outcome:
        borne_off = self.game.position_for(player).borne_off()[0]
        return Outcome.GAMMON if borne_off == 0 else Outcome.SINGLE

    def _why_no_double(self, player: int) -> str:
        if self.variant != "portes":
            return f"there is no doubling cube in {VARIANT_TITLES[self.variant]}"
        if not self.rules.cube:
            return "there is no doubling cube under these rules"
        if self.length == 1:
            return "there is no doubling in a match to 1 point"
        if self.crawford:
            return "no doubling in the Crawford game"
        if self.auto_roll[player]:
            return "a player with auto-roll set cannot double"
        if self.cube >= MAX_CUBE:
            return f"the cube is already at {MAX_CUBE}"
        return f"the cube belongs to player {self.cube_owner}"

    # --- the clock --------------------------------------------------------------------------

    def _clock_start(self, player: int, now: float | None, *, fresh: bool = True) -> None:
        """``player`` must act from ``now`` (his move timer full, or going on with ``fresh=False``
        when a decision he handed over comes back to him)."""
        if self.clock is not None and now is not None:
            self.clock.start(player, now, fresh=fresh)

    def _clock_stop(self, now: float | None, *, completed_turn: bool = False) -> None:
        if self.clock is not None and now is not None:
            self.clock.stop(now, completed_turn=completed_turn)

    def _observe_clock(self, now: float) -> None:
        """Act on a flag: on a clock where it loses the match (Standard) the match ends; on one
        where the opponent may claim (Blitz) the claim opens, for the rest of that game, and in a
        later game each time the flagged player runs over his time for a turn again."""
        if self.phase == "match-over":
            return
        state = self.clock.state(now)
        loser = state.flagged
        if loser is None:
            return
        if state.match_lost:
            self._record("timeout", now, player=loser)
            self._forfeit(loser, "timeout", now)
        elif state.claimable and self.flagged is None and self.phase not in ("opening", "game-over"):
            if not self.flag_seen or state.players[loser].in_bank:
                self.flag_seen = True
                self.flagged = loser
                self._record("timeout", now, player=loser)

    def __repr__(self) -> str:
        return f"<Match {self.score_text()} {self.phase}>"


def match_options(variant: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """Every rule option of ``variant``'s games (a Tavli match: all three; Portes: none), the
    defaults filled in and ``options`` over them; :class:`MatchError` for an option the match's
    games do not have or a value it does not take."""
    games = ROTATION if variant == "tavli" else (variant,)
    chosen = {key: values[0] for key, (game, values) in OPTIONS.items() if game in games}
    if options is None:
        return chosen
    if not isinstance(options, dict):
        raise MatchError(f"the options are a dict of name -> value, not {options!r}")
    for key, value in options.items():
        if key not in OPTIONS:
            raise MatchError(f"unknown option {key!r}: the options are {', '.join(OPTIONS)}")
        game, values = OPTIONS[key]
        if key not in chosen:
            raise MatchError(f"{key} is an option of {VARIANT_TITLES[game]}, not of {VARIANT_TITLES[variant]}")
        if isinstance(value, bool) or not isinstance(value, type(values[0])) or value not in values:
            raise MatchError(f"{key} is {' or '.join(map(repr, values))}, not {value!r}")
        chosen[key] = value
    return chosen


def _rules_for(variant: str, rules: Rules | None) -> Rules:
    """The rules of a match of ``variant``: as given for Portes (default International); for the
    others the Greek scoring, keeping only ``minimize_waste`` from ``rules``."""
    if variant == "portes":
        return rules if rules is not None else Rules.international()
    if rules is None:
        return Rules.greek()
    return Rules.greek(minimize_waste=rules.minimize_waste)


def _check_player(player: Any) -> None:
    if isinstance(player, bool) or player not in (0, 1):
        raise MatchError(f"players are 0 and 1, not {player!r}")


def _net(moves: Iterable[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """Where checkers started and where they ended, a point passed through left out (so that
    ``24/13`` describes 24/18 18/13)."""
    starts = Counter(a for a, _ in moves)
    ends = Counter(b for _, b in moves)
    through = starts & ends
    return sorted((starts - through).elements()), sorted((ends - through).elements())


__all__ = [
    "GameScore", "LEVEL_NAMES", "MAX_CUBE", "MAX_LENGTH", "Match", "MatchError", "OPTIONS", "PHASES", "ROTATION",
    "VARIANTS", "match_options", "parse_level",
]
