"""A match's games shown again, position by position (:class:`Replay`): what the board and the
panel show while the player looks back (or at a match that is not the one in play, an imported
``.mat``), and the move list. Pure Python, no browser imports; the match is never changed.

The cursor is ``(game, index)``: ``game`` a game's number (:attr:`GameRecord.number`), ``index``
the number of that game's steps done (:class:`tavli.coach.record.Step`: a play, a cube action, a
resignation), 0 being the game's start and ``len(steps)`` its last position. The board shows the
position after ``index`` steps with the last step's dice as played and a
:attr:`~web.view.view.ArrowKind.LAST` arrow for each checker it moved; given arrows of its own (a
reviewed decision: the play made, the best play), it shows the decision at ``index`` instead:
the position before step ``index``, that step's dice not yet played, and those arrows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from tavli.coach.record import STEP_KINDS, GameRecord, Step, StepKind, game_records
from tavli.events import GameStarted, ResignationAccepted, SetUp
from web.model.i18n import t
from web.view.moves import MoveEntry, MoveRow
from web.view.view import (
    Arrow,
    ArrowKind,
    BoardView,
    Control,
    DieView,
    PanelView,
    PlayerCard,
    play_arrows,
)

if TYPE_CHECKING:
    from tavli.match import Match
    from web.model.setup import ViewOptions

# The panel's controls in replay mode (``data-action``), first to last.
FIRST, BACK, FORWARD, LAST, LEAVE = "replay-first", "replay-back", "replay-forward", "replay-last", "replay-leave"

_WORDS = {StepKind.TAKE: "mv_takes", StepKind.DROP: "mv_drops", StepKind.RESIGN: "mv_resigns",
          StepKind.ACCEPT: "mv_accepts", StepKind.REFUSE: "mv_refuses"}


def step_text(step: Step) -> str:
    """A step as the move list writes it: a play as ``64: 24/18 13/9`` (the dice, then GNU
    Backgammon's notation), a cube action or a resignation in words of the page's language."""
    return _text(step.kind, step.dice, step.text, step.cube * 2)


def _text(kind: StepKind, dice: tuple[int, int] | None, notation: str, doubled: int) -> str:
    if kind is StepKind.PLAY:
        return (f"{dice[0]}{dice[1]}: " if dice is not None else "") + (notation or t("mv_no_move"))
    if kind is StepKind.DOUBLE:
        return t("mv_doubles", value=doubled)
    return t(_WORDS[kind])


def move_rows(record: GameRecord) -> tuple[MoveRow, ...]:
    """A game's steps as the move list's lines (:func:`rows_of`)."""
    return rows_of(MoveEntry(step.index, step.player, step_text(step)) for step in record.steps)


def live_moves(match: Match) -> tuple[int, tuple[MoveRow, ...]]:
    """The number of the game in progress and its move list, read from the end of the match's
    log (the same steps and indices as :func:`tavli.coach.record.game_records` gives, without
    replaying the match: cheap enough for every refresh)."""
    events: list[Any] = []
    number = 1
    for event in reversed(match.log):
        if isinstance(event, GameStarted):
            number = event.game
            break
        if isinstance(event, SetUp):
            number = match.game_number
            break
        events.append(event)
    entries: list[MoveEntry] = []
    for event in reversed(events):
        kind = STEP_KINDS.get(type(event))
        if kind is None or (isinstance(event, ResignationAccepted) and event.automatic):
            continue
        entries.append(MoveEntry(len(entries), event.player, _text(
            kind, getattr(event, "dice", None), getattr(event, "text", None) or "", getattr(event, "cube", 0))))
    return number, rows_of(entries)


def rows_of(entries: Iterable[MoveEntry]) -> tuple[MoveRow, ...]:
    """Steps as the move list's lines, GNU Backgammon's way: player 0's step on the left, player
    1's on the right; a new line when the player's cell is taken, or when player 0 acts after
    player 1 (so that the order reads left to right, top to bottom)."""
    rows: list[list[MoveEntry | None]] = []
    for entry in entries:
        row = rows[-1] if rows else None
        if row is None or row[entry.player] is not None or (entry.player == 0 and row[1] is not None):
            row = [None, None]
            rows.append(row)
        row[entry.player] = entry
    return tuple(MoveRow(n + 1, (r[0], r[1])) for n, r in enumerate(rows))


class Replay:
    """``match``'s games from its log (:func:`tavli.coach.record.game_records`), a cursor on one
    of their positions, and what the page shows there. ``bottom``: the match player drawn at
    the bottom. ``arrows``: a reviewed decision's arrows, shown at the cursor given (stepping
    away drops them)."""

    def __init__(self, match: Match, game: int | None = None, index: int | None = None, *, bottom: int = 0,
                 arrows: Sequence[Arrow] = (), records: Sequence[GameRecord] | None = None) -> None:
        self.match = match
        self.records: tuple[GameRecord, ...] = tuple(records if records is not None else game_records(match))
        if not self.records:
            raise ValueError("the match has no game to show")
        self.bottom = bottom
        self._pos = len(self.records) - 1
        self.index = 0
        self.goto(self.records[-1].number if game is None else game, index)
        self.arrows: tuple[Arrow, ...] = tuple(arrows)

    # --- the cursor ---------------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game shown."""
        return self.records[self._pos]

    @property
    def game(self) -> int:
        """The number of the game shown."""
        return self.record.number

    @property
    def total(self) -> int:
        """The steps of the game shown (its last position is after all of them)."""
        return len(self.record.steps)

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.total

    def goto(self, game: int, index: int | None = None) -> None:
        """Show game number ``game`` after ``index`` steps (clamped to the game; None: its last
        position). Unknown game: :class:`ValueError`, nothing changed."""
        found = [pos for pos, record in enumerate(self.records) if record.number == game]
        if not found:
            raise ValueError(f"no game {game} in this match")
        self._pos = found[0]
        record = self.records[self._pos]
        total = len(record.steps)
        self.index = total if index is None else max(0, min(total, index))
        self.arrows = ()

    def step(self, delta: int) -> bool:
        """Move ``delta`` steps within the game shown (clamped); False when it could not move."""
        index = max(0, min(self.total, self.index + delta))
        if index == self.index:
            return False
        self.goto(self.game, index)
        return True

    def games(self) -> tuple[GameRecord, ...]:
        """Every game of the match (for a game selector)."""
        return self.records

    # --- the board ----------------------------------------------------------------------------

    def _side(self, player: int) -> int:
        return 0 if player == self.bottom else 1

    def cube(self) -> tuple[int, int | None]:
        """The cube's value and owner (a player, None in the middle) at the cursor; a double
        offered and not yet answered has not changed it."""
        steps = self.record.steps
        if self.index < len(steps):
            step = steps[self.index]
            value, owner = step.context.cube, step.context.owner
        elif steps:
            step = steps[-1]
            value, owner = step.context.cube, step.context.owner
            if step.kind is StepKind.TAKE:
                return step.cube * 2, step.player
        else:
            return 1, None
        player = None if owner is None else (step.player if owner == "me" else 1 - step.player)
        return value, player

    def board_view(self, options: ViewOptions | None = None) -> BoardView:
        """The board at the cursor (see the module's docstring): the position, the dice, the cube
        and the arrows."""
        record = self.record
        steps = record.steps
        board: Any = record.start if self.index == 0 else steps[self.index - 1].after
        if self.bottom == 1:
            board = board.swap()
        dice: tuple[DieView, ...] = ()
        dice_side = None
        arrows = self.arrows
        if arrows:
            step = steps[self.index] if self.index < len(steps) else None
            if step is not None and step.kind is StepKind.PLAY and step.dice is not None:
                dice, dice_side = _dice(step.dice, used=False), self._side(step.player)
        elif self.index > 0:
            step = steps[self.index - 1]
            if step.kind is StepKind.PLAY and step.dice is not None:
                dice, dice_side = _dice(step.dice, used=True), self._side(step.player)
                arrows = play_arrows(self._side(step.player), step.variant, step.moves, ArrowKind.LAST)
        value, owner = self.cube()
        m = self.match
        return BoardView.of_position(
            board,
            bottom_player=self.bottom,
            dice=dice,
            dice_side=dice_side,
            cube=value,
            cube_owner=None if owner is None else self._side(owner),
            cube_shown=m.rules.cube and m.length != 1,
            basic=options.basic if options is not None else False,
            arrows=arrows,
        )

    # --- the panel ----------------------------------------------------------------------------

    def where(self) -> str:
        """Where the cursor is: "Game 2, move 14 of 40"."""
        return t("replay_where", game=self.game, n=self.index, total=self.total)

    def last_step(self) -> Step | None:
        """The step just done at the cursor (None at the game's start)."""
        return self.record.steps[self.index - 1] if self.index else None

    def status(self, names: tuple[str, str]) -> str:
        """The panel's status line: where the cursor is, and the step just done."""
        step = self.last_step()
        if step is None:
            return self.where()
        return f"{self.where()} · {names[step.player]} {step_text(step)}"

    def controls(self) -> tuple[Control, ...]:
        """First, back, forward, last and back to the game; each disabled, saying why, where it
        cannot go."""
        start, end = self.at_start, self.at_end
        return (
            Control(FIRST, "◀◀", enabled=not start, title=t("why_replay_start") if start else t("tip_replay_first")),
            Control(BACK, "◀", enabled=not start, title=t("why_replay_start") if start else t("tip_replay_back")),
            Control(FORWARD, "▶", enabled=not end, title=t("why_replay_end") if end else t("tip_replay_forward")),
            Control(LAST, "▶▶", enabled=not end, title=t("why_replay_end") if end else t("tip_replay_last")),
            Control(LEAVE, t("replay_leave"), title=t("tip_replay_leave"), primary=True),
        )

    def panel_view(self, names: tuple[str, str], phase: str) -> PanelView:
        """The panel in replay mode: the players' cards at the cursor (the score before the game
        shown), where the cursor is, the replay's controls and the menu (no resigning: that would
        be an action on the live match). ``phase``: the live match's page phase, unchanged."""
        view = self.board_view()
        pips = (view.pips(0), view.pips(1))
        step = self.last_step()
        scores = self.record.scores

        def card(player: int) -> PlayerCard:
            return PlayerCard(names[player], player, scores[player], pips[self._side(player)],
                              step is not None and step.player == player)

        m = self.match
        match_text = t("money") if m.length is None else t("match_to", n=m.length)
        if self.record.variant != "portes" or m.variant == "tavli":
            match_text = t(f"game_{self.record.variant}") + " · " + match_text
        menu = (
            Control("options", t("options"), title=t("tip_options")),
            Control("rules", t("rules"), title=t("tip_rules")),
            Control("new-match", t("new_match"), title=t("tip_new_match")),
            Control("moves", t("moves"), title=t("tip_moves")),
        )
        return PanelView(
            phase=phase,
            status=self.status(names),
            top=card(1 - self.bottom),
            bottom=card(self.bottom),
            match_text=match_text,
            controls=self.controls(),
            menu=menu,
            variant=self.record.variant,
        )

    def move_list(self) -> tuple[MoveRow, ...]:
        """The game shown as the move list's lines (:func:`move_rows`)."""
        return move_rows(self.record)


def _dice(dice: tuple[int, int], used: bool) -> tuple[DieView, ...]:
    a, b = dice
    return tuple(DieView(v, used) for v in ((a,) * 4 if a == b else (a, b)))
