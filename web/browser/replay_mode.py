"""Replay mode: the board and the panel show a position that is not the live one (a
:class:`web.control.replay.Replay` of the match in play, or of another match, an imported one),
while the live match waits underneath, unchanged: no board gesture or panel button reaches it, the
computer does not act (``Runner``) and its clock is paused (resumed on leaving if this paused it).
``<body data-replay="1">`` while shown (a test hook).

:func:`enter` and :func:`leave` are :meth:`BoardApp.show_replay` / :meth:`~BoardApp.leave_replay`;
:func:`draw` is the painter's in this mode; :func:`act` the panel's replay buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document

from tavli.events import GameStarted
from web.control import replay as R
from web.control.replay import Replay
from web.model.i18n import t
from web.view.moves import GAME, GOTO, moves_dialog, moves_html
from web.view.panel import clock_bars, clock_html, panel_html
from web.view.render import render_board
from web.view.view import Arrow

from .jsutil import js_obj, nil
from .keyboard import keep_focus, to_text_field

if TYPE_CHECKING:
    from tavli.match import Match

    from .page import BoardApp


@dataclass
class Shown:
    """What replay mode shows: the ``replay``, the players' ``names`` (None: the live match's, or
    "Player 1/2" for another, in the page's language at each drawing); ``live``: its match is the
    one in play; ``paused``: entering it paused the live match's clock (to resume on leaving)."""

    replay: Replay
    names: tuple[str, str] | None
    live: bool
    paused: bool


def enter(app: BoardApp, match: Match, game: int | None, index: int | None, arrows: Sequence[Arrow] = (),
          names: tuple[str, str] | None = None, bottom: int = 0) -> None:
    """Show ``match``'s game number ``game`` after ``index`` steps (None: the last game, its last
    position), ``bottom``'s side at the bottom; ``arrows``: a reviewed decision's (see
    :mod:`web.control.replay`). Already in replay mode: the new point is shown, the live match
    stays paused."""
    show(app, Replay(match, game, index, bottom=bottom, arrows=arrows), names)


def show(app: BoardApp, replay: Replay, names: tuple[str, str] | None = None) -> None:
    """Replay mode showing ``replay`` (entered if it was not)."""
    ctl = app.ctl
    live = replay.match is ctl.match
    shown = app.replay
    paused = shown.paused if shown is not None else _pause(app)
    app.replay = Shown(replay, names, live, paused)
    app.events.press = None
    app.painter.forget()
    document.body.dataset.replay = "1"
    app.refresh()


def names_of(app: BoardApp, shown: Shown) -> tuple[str, str]:
    """The players' names as replay mode shows them."""
    if shown.names is not None:
        return shown.names
    return app.ctl.names if shown.live else (t("player_n", n=1), t("player_n", n=2))


def _pause(app: BoardApp) -> bool:
    """Pause the live match's clock; whether it was running (else it stays as it is)."""
    m = app.ctl.match
    now = app.now()
    state = m.clock_state(now)
    if state is None or state.paused or m.phase == "match-over":
        return False
    m.pause(now)
    return True


def leave(app: BoardApp, redraw: bool = True) -> None:
    """Back to the live position: the clock runs again if entering paused it, the computer goes
    on. ``redraw`` False: the caller draws (another match is about to be shown)."""
    shown = app.replay
    if shown is None:
        return
    app.replay = None
    document.body.removeAttribute("data-replay")
    app.painter.forget()
    if redraw:
        if shown.paused:
            app.ctl.match.resume(app.now())
        app.refresh()


def draw(app: BoardApp, shown: Shown) -> None:
    """The replay's board into ``#board`` and its panel into ``#panel`` (the live match's phase
    stays on ``<body>``; its clocks show, paused, when the match shown is the live one)."""
    ctl = app.ctl
    replay = shown.replay
    app.host.innerHTML = render_board(replay.board_view(ctl.options), app.layout)
    view = replay.panel_view(names_of(app, shown), ctl.page_phase())
    document.body.dataset.phase = view.phase
    clocks = ""
    if shown.live and ctl.match.clock is not None:
        bars = clock_bars(ctl.match.clock_state(app.now()))
        clocks = clock_html(bars, ctl.names, (1 - replay.bottom, replay.bottom))
    keep_focus(app.panel, panel_html(view, clocks) + moves_section(app), app.host)
    scroll_moves(app)


def act(app: BoardApp, action: str, button: Any = None) -> bool:
    """A button of the replay or the move list (``button``: its element, for an entry's
    ``data-game``/``data-index``), acted on; False when ``action`` is not one. In replay mode the
    live match's own buttons (roll, double...) do nothing: True for them too."""
    if action == "moves":
        app.dialogs.open(moves_dialog(list_html(app)))
        _scroll_to_current(app.dialogs.dlg)
        return True
    if action == GOTO:
        goto(app, int(button.dataset.game), int(button.dataset.index))
        return True
    shown = app.replay
    if shown is None:
        return False
    replay = shown.replay
    if action == R.LEAVE:
        leave(app)
    elif action in (R.FIRST, R.LAST):
        replay.goto(replay.game, 0 if action == R.FIRST else None)
        app.refresh()
    elif action in (R.BACK, R.FORWARD):
        if replay.step(-1 if action == R.BACK else 1):
            app.refresh()
    elif action not in ("options", "rules", "new-match"):
        return True
    else:
        return False
    return True


def goto(app: BoardApp, game: int, index: int) -> None:
    """Show game number ``game`` after ``index`` steps: of the match in replay mode, else of the
    live match (entering replay mode)."""
    shown = app.replay
    if shown is None:
        enter(app, app.ctl.match, game, index, bottom=app.ctl.bottom)
        return
    shown.replay.goto(game, index)
    app.refresh()


def on_change(app: BoardApp, event: Any) -> None:
    """The move list's game selector (in the panel or the dialog): that game from its start."""
    target = event.target
    if str(target.getAttribute("data-action") or "") != GAME:  # (other fields: no data-action)
        return
    goto(app, int(target.value), 0)
    if app.dialogs.user is not None and app.dialogs.user.kind == "moves":  # the dialog follows
        app.dialogs.open(moves_dialog(list_html(app)))


def list_html(app: BoardApp) -> str:
    """The move list of what is shown: the replay's game, else the live game (from the log's end,
    :func:`web.control.replay.live_moves`: cheap enough for every refresh)."""
    shown = app.replay
    if shown is not None:
        replay = shown.replay
        games = tuple((r.number, t("game_n", n=r.number)) for r in replay.games())
        return moves_html(replay.move_list(), names_of(app, shown), replay.game, replay.index, games)
    m = app.ctl.match
    number, rows = R.live_moves(m)
    done = sum(1 for row in rows for cell in row.cells if cell is not None)
    numbers = sorted({e.game for e in m.log if isinstance(e, GameStarted)} | {number})
    return moves_html(rows, app.ctl.names, number, done, tuple((n, t("game_n", n=n)) for n in numbers))


def moves_section(app: BoardApp) -> str:
    """The move list in the panel, where the page is wide and tall enough for it (else ""; the
    menu's "Moves" button opens it in a dialog)."""
    if not bool(app.moves_query.matches):
        return ""
    return list_html(app)


def scroll_moves(app: BoardApp) -> None:
    """The panel's move list shows its marked entry."""
    _scroll_to_current(app.panel)


def _scroll_to_current(container: Any) -> None:
    """The marked entry of the move list in ``container`` scrolled into its view."""
    current = container.querySelector(".movelist .current")
    if not nil(current):
        current.scrollIntoView(js_obj({"block": "nearest"}))


# --- the keyboard ---------------------------------------------------------------------------------

KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "Escape")  # the only keys taken (issue 15 adds its own)


def on_key(app: BoardApp, event: Any) -> None:
    """The replay's keys: ``ArrowLeft``/``ArrowRight`` a step back / forward through the game's
    positions (the first ``ArrowLeft`` enters replay mode from the live position; ``ArrowRight``
    past the live game's last position leaves it, past an earlier game's does nothing), ``Home``
    the game's start, ``End`` the live position (another match's: the game's last), ``Escape``
    back to the live position. Ignored while a dialog
    is open, in a text field, with a modifier, or before a match has started."""
    key = str(event.key)
    if key not in KEYS or not app.started or to_text_field(event) or app.dialogs.shown is not None \
            or bool(app.dialogs.dlg.open):
        return
    shown = app.replay
    if shown is None:
        if key not in ("ArrowLeft", "Home"):
            return
        replay = Replay(app.ctl.match, bottom=app.ctl.bottom)  # at the live game's last position
        if replay.at_start:
            return
        replay.goto(replay.game, replay.index - 1 if key == "ArrowLeft" else 0)
        show(app, replay)
        event.preventDefault()
        return
    replay = shown.replay
    live_end = replay.at_end and replay.game == replay.records[-1].number
    if key == "Escape" or (shown.live and (key == "End" or (key == "ArrowRight" and live_end))):
        leave(app)
    elif key in ("Home", "End"):
        replay.goto(replay.game, 0 if key == "Home" else None)
        app.refresh()
    elif replay.step(-1 if key == "ArrowLeft" else 1):
        app.refresh()
    event.preventDefault()
