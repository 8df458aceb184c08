"""A play typed in GNU notation (``8/5 6/5``, ``bar/22``, ``6/off``, ``24/20(2)``) by the person
on roll, in his own numbering (:class:`TypedMoves`), and the message for one that is refused
(:func:`notation_message`). Pure Python, no browser imports.
"""

from __future__ import annotations

from tavli.games.notation import NotationError, NotationFault, parse_play
from tavli.phase import Phase
from web.model.i18n import t

from .effects import Effects
from .table import Table


class TypedMoves(Table):
    """The typed move field's intent."""

    def typed_play(self, text: str) -> tuple[Effects, str | None]:
        """Play ``text`` (a whole play, or its beginning) from where the turn stands: the moves
        already made this turn stay, these are made after them; a complete play ends the turn as
        the person's own moves do. Returns the effects and ``None``; or, when the text is refused
        or it is not the person's move, unchanged effects and the message saying why (nothing
        changed)."""
        m = self.match
        if not self.human_moving():
            key = "typed_roll_first" if self.can_roll() and m.phase in (Phase.ROLL, Phase.OPENING) else "typed_not_now"
            return self.effects(), t(key)
        try:
            moves = parse_play(self.turn, text)
        except NotationError as error:
            return self.effects(), notation_message(error, self.turn.is_complete())
        self._last_click = None
        motions = self._apply(list(moves))
        return self.effects(motions + self._after_move()), None


def notation_message(error: NotationError, complete: bool = False) -> str:
    """What the person is told of typed notation that was refused (``complete``: the dice are
    all played, the turn waits to be finished)."""
    kind = error.kind
    if kind is NotationFault.MALFORMED:
        return t("typed_malformed", entry=error.entry) if error.entry else t("typed_empty")
    if kind is NotationFault.NO_BAR:
        return t("typed_no_bar", entry=error.entry)
    if kind is NotationFault.AMBIGUOUS:
        return t("typed_ambiguous", entry=error.entry, options=or_list(error.candidates))
    if complete or not error.dice:
        return t("typed_all_played", entry=error.entry)
    return t("typed_illegal", entry=error.entry, dice="-".join(map(str, error.dice)))


def or_list(items: tuple[str, ...] | list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the language in use."""
    if len(items) <= 1:
        return "".join(items)
    return t("typed_or", a=", ".join(items[:-1]), b=items[-1])
