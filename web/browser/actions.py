"""The page's buttons outside the dialog: the panel's ``[data-action]`` (roll, double, undo,
done, next game, claim, resign, the menus) and the result's overlay on the board or in the status
line's place (``[data-overlay]``: the next game, a new match)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .coach_ui import PANEL_ACTIONS
from .jsutil import js_obj, nil

if TYPE_CHECKING:
    from .page import BoardApp


def overlay_click(app: BoardApp, event: Any) -> bool:
    """A click on the result's overlay, acted on; False when ``event`` is not on one."""
    target = event.target
    overlay: Any = target.closest("[data-overlay]") if hasattr(target, "closest") else None
    if nil(overlay):
        return False
    if overlay.dataset.overlay == "next-game":
        app.refresh(app.ctl.next_game())
    elif overlay.dataset.overlay == "new-match":
        app.open_new_match()
    return True


def on_panel_click(app: BoardApp, event: Any) -> None:
    """A click in ``#panel``: its button's action."""
    from web.view import dialogs

    if overlay_click(app, event):  # the result in place of the status line
        return
    button = event.target.closest("button[data-action]")
    if nil(button) or button.disabled:
        return
    action = button.dataset.action
    ctl = app.ctl
    if app.replay is not None or action.startswith("replay-") or action == "moves":
        from .replay_mode import act

        if act(app, action, button):
            return
    if action == "new-match":
        if not app.online.leave_question():  # (online: leaving resigns the match, asked first)
            app.open_new_match()
    elif action == "options":
        app.dialogs.open(dialogs.options(app.prefs))
    elif action == "rules":
        app.dialogs.open(dialogs.rules(app.dialogs.lang(), ctl.match.game_variant))
        current = app.dialogs.dlg.querySelector("[data-current]")
        if not nil(current):
            current.scrollIntoView(js_obj({"block": "start"}))
    elif action == "resign":
        if ctl.resign_levels():
            app.dialogs.open(dialogs.resign(ctl.resign_choice()))
    elif action == "resign-match":
        app.dialogs.open(dialogs.resign_match(ctl.resign_match_question()))
    elif action == "read-position":  # issue 15
        app.voice.read()
    elif action == "online-claim":
        app.online.answer(action)
    elif action in PANEL_ACTIONS:
        app.coach.act(action)
    else:
        handler = {
            "roll": ctl.roll, "double": ctl.double, "undo": ctl.undo, "done": ctl.done,
            "next-game": ctl.next_game, "claim": ctl.claim,
        }.get(action)
        if handler is not None:
            app.refresh(handler())
