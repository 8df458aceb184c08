"""The move list as HTML: a game's steps turn by turn, both players side by side (GNU Backgammon's
notation, cube actions in words), the position shown marked, a game selector for the match's
games. Shown in the panel where there is room (a wide screen), else in a dialog opened by the
menu's "Moves" button. Pure Python, no browser imports.

Hooks: ``.movelist[data-game]``; each entry a ``button[data-action="replay-goto"]`` with
``data-game`` and ``data-index`` (the steps done once it is played: a click shows that
position), ``.current`` (``aria-current``) on the position shown; the game's start is the first
entry (``data-index="0"``); the selector ``select[data-action="replay-game"]``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from web.model.i18n import t

if TYPE_CHECKING:
    from .dialogs import Dialog

GOTO, GAME = "replay-goto", "replay-game"


@dataclass(frozen=True)
class MoveEntry:
    """One step in the move list: clicking it shows the position after it (``index + 1`` steps)."""

    index: int  # the step's index in its game
    player: int
    text: str


@dataclass(frozen=True)
class MoveRow:
    """One line of the move list: a turn number and each player's step in it (None: none)."""

    number: int
    cells: tuple[MoveEntry | None, MoveEntry | None]


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _entry(game: int, index: int, text: str, current: bool, player: int | None = None) -> str:
    mark = ' current" aria-current="step' if current else ""
    who = "" if player is None else f' data-player="{player}"'
    return (f'<button type="button" class="mv{mark}" data-action="{GOTO}" data-game="{game}" '
            f'data-index="{index}"{who}>{_e(text)}</button>')


def moves_html(rows: Sequence[MoveRow], names: tuple[str, str], game: int, shown: int,
               games: Sequence[tuple[int, str]] = ()) -> str:
    """Game number ``game``'s move list (``rows``: :class:`MoveRow`), the
    position after ``shown`` steps marked; ``games``: ``(number, label)`` of the match's games for
    the selector (none with fewer than two)."""
    if len(games) > 1:
        options = "".join(f'<option value="{n}"{" selected" if n == game else ""}>{_e(label)}</option>'
                          for n, label in games)
        head = f'<select data-action="{GAME}" aria-label="{_e(t("mv_game_choice"))}">{options}</select>'
    else:
        head = f'<span class="mv-title">{_e(t("game_n", n=game))}</span>'
    body = [f'<tr><td colspan="3">{_entry(game, 0, t("mv_start"), shown == 0)}</td></tr>']
    for row in rows:
        cells = []
        for entry in row.cells:
            if entry is None:
                cells.append("<td></td>")
            else:
                done = entry.index + 1
                cells.append(f"<td>{_entry(game, done, entry.text, shown == done, entry.player)}</td>")
        body.append(f'<tr><th scope="row">{row.number}</th>{"".join(cells)}</tr>')
    return (f'<section class="movelist" data-game="{game}" aria-label="{_e(t("moves"))}">'
            f'<div class="mv-head">{head}</div>'
            '<div class="mv-scroll"><table class="mv-table">'
            f'<thead><tr><th></th><th scope="col">{_e(names[0])}</th><th scope="col">{_e(names[1])}</th></tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div></section>')


def moves_dialog(list_html: str) -> Dialog:
    """The move list in a dialog (phones: no room for it in the panel)."""
    from .dialogs import Dialog

    return Dialog("moves", f'<div class="dlg dlg-moves" data-dialog="moves">'
                           f'<h2 id="dialog-title">{_e(t("moves"))}</h2><div class="dlg-body">{list_html}</div>'
                           f'<div class="dlg-buttons"><button type="button" class="primary" data-action="close">'
                           f'{_e(t("close"))}</button></div></div>')
