"""The page's one ``<dialog>``: every menu and question (``web.view.dialogs`` writes their HTML) shown
with ``showModal()``, ``<body data-dialog>`` naming the one open (a test hook). A dialog the person
opened (new match, options, rules, resign) comes first; else the match's question to a person (a
double to take or drop, a resignation to accept or refuse). The answers and the forms are read
back here and handed to the app or the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from web.model.setup import ONLINE

from . import keeping_answers, online_play
from .coach_ui import DIALOG_ACTIONS
from .jsutil import js_obj, nil

if TYPE_CHECKING:
    from .page import BoardApp

FOCUSED = ("cube", "answer", "notice", "resign-match", "resume", "io-replace", "records-clear")  # their first button takes the focus
REDRAWN = ("cube", "answer", "notice", "online")  # drawn again whenever their HTML changes (else kept, with its inputs)


class DialogHost:
    """``#dialog``, added to the page. ``user``: the dialog the person opened (a
    ``web.view.dialogs.Dialog``), else None; ``shown``: ``(kind, html)`` in the ``<dialog>`` now."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.user: Any = None
        self.shown: tuple[str, str] | None = None
        dlg = self.dlg = document.createElement("dialog")
        dlg.id = "dialog"
        dlg.setAttribute("aria-labelledby", "dialog-title")
        document.body.appendChild(dlg)

    def handlers(self) -> tuple[tuple[str, Any], ...]:
        """The dialog's event kinds and their handlers."""
        return (("click", self.on_click), ("change", self.on_change), ("cancel", self.on_cancel),
                ("close", self.on_close))

    @staticmethod
    def lang() -> str:
        from web.model.i18n import language

        return language()

    # --- which dialog -------------------------------------------------------------------------

    def wanted(self) -> Any:
        """The dialog to show now: one the person opened, else the match's question to a person
        (a double to take or drop, a resignation to accept or refuse), else None."""
        from web.view import dialogs

        if self.user is not None:
            return self.user
        if not self.app.started or self.app.replay is not None:  # (replay mode: asked on leaving)
            return None
        phase = self.app.ctl.page_phase()
        if phase == "cube":
            return dialogs.cube(self.app.ctl.cube_question(), self.app.coach.cube_dialog_advice(),
                                self.app.ctl.coach_allowed)
        if phase == "resign":
            return dialogs.answer(self.app.ctl.resign_answer())
        return None

    def sync(self) -> None:
        """Show the wanted dialog (or none)."""
        d = self.wanted()
        if d is None:
            self.shown = None
            document.body.dataset.dialog = ""
            if self.dlg.open:
                self.dlg.close()
                self.app.keys.focus_back()  # issue 15: the keyboard goes on where it played
            return
        if self.shown != (d.kind, d.html):
            if self.shown is None or self.shown[0] != d.kind or d.kind in REDRAWN:
                self.dlg.innerHTML = d.html
            self.shown = (d.kind, d.html)
        document.body.dataset.dialog = d.kind
        if not self.dlg.open:
            self.app.keys.remember()  # issue 15: the focus goes back there after
            self.dlg.showModal()
            first = self.dlg.querySelector("button.primary, input:checked, select, button")
            if not nil(first) and d.kind in FOCUSED:
                first.focus()

    def open(self, dialog: Any) -> None:
        """Open ``dialog`` (one the person asked for, or a notice)."""
        self.user = dialog
        self.shown = None
        self.sync()

    def close(self) -> None:
        """Close the person's dialog (the match's question, if any, shows then)."""
        self.user = None
        self.app.refresh()

    def reopen(self) -> None:
        """The dialog open now, drawn again (in another language)."""
        from web.view import dialogs

        d = self.user
        if d is None:
            return
        if d.kind == "options":
            self.user = dialogs.options(self.app.prefs)
        elif d.kind == "rules":
            self.user = dialogs.rules(self.lang(), self.app.ctl.match.game_variant)
        elif d.kind == "new-match":
            self.user = dialogs.new_match(self.app.new_match, d.cancellable)
        self.shown = None

    # --- its events ---------------------------------------------------------------------------

    def on_cancel(self, event: Any) -> None:
        """Escape: closes a dialog that may be cancelled; a question that must be answered stays."""
        event.preventDefault()
        d = self.wanted()
        if d is not None and d.cancellable and d is self.user:
            self.close()

    def on_close(self, event: Any) -> None:
        """The browser closed the dialog by itself (a second Escape): show it again if needed."""
        if self.wanted() is not None:
            self.shown = None
            self.sync()
        else:
            document.body.dataset.dialog = ""

    def form_values(self) -> dict[str, str]:
        """The new-match form's fields by ``name`` (a radio group: the checked one)."""
        out = {}
        for el in self.dlg.querySelectorAll("input[name], select[name]"):
            if el.type == "radio":
                if el.checked:
                    out[el.name] = str(el.value)
            else:
                out[el.name] = str(el.value)
        return out

    def option_values(self) -> dict[str, object]:
        """The options' fields by ``data-opt`` (a checkbox: whether it is checked)."""
        out: dict[str, object] = {}
        for el in self.dlg.querySelectorAll("[data-opt]"):
            out[el.dataset.opt] = bool(el.checked) if el.type == "checkbox" else str(el.value)
        return out

    def on_change(self, event: Any) -> None:
        from web.view import dialogs

        d = self.user
        if d is None:
            return
        if d.kind == "moves":
            from .replay_mode import on_change

            on_change(self.app, event)
        elif d.kind == "files":
            self.app.exchange.on_change(event)
        elif d.kind == "options":
            values = self.option_values()
            problem, shown = dialogs.relays_problem(values.get("relays")), self.dlg.querySelector("[data-relays-error]")
            if not nil(shown):  # issue 18: a relay list that cannot be used is said, and not kept
                shown.textContent, shown.hidden = problem, not problem
            self.app.set_prefs(dialogs.read_options(values, self.app.prefs))
        elif d.kind == "new-match" and (event.target.name == "game" or (event.target.name == "mode" and (
                self.form_values().get("mode") == ONLINE or not nil(self.dlg.querySelector("[data-action=invite]"))))):
            # What applies depends on the game: the screen is drawn again for it, focus kept.
            draft = dialogs.read_new_match(self.form_values(), self.app.new_match)
            self.user = dialogs.new_match(draft, d.cancellable)
            self.shown = None
            self.sync()
            select = self.dlg.querySelector("select[name=game]" if event.target.name == "game" else "input[name=mode]:checked")
            if not nil(select):
                select.focus()
        elif d.kind == "new-match" and event.target.name == "mode":
            pvp = self.form_values().get("mode") == "pvp"
            level = self.dlg.querySelector(".level")
            name1 = self.dlg.querySelector("input[name=name1]")
            for el, hide in ((level, pvp), (name1, not pvp)):
                if not nil(el):
                    el.hidden = hide

    def on_click(self, event: Any) -> None:
        link = event.target.closest("a[href^='#']")
        if not nil(link):  # the rules' contents: scroll within the dialog, leave the URL alone
            event.preventDefault()
            section = self.dlg.querySelector(link.getAttribute("href"))
            if not nil(section):
                section.scrollIntoView(js_obj({"block": "start"}))
            return
        button = event.target.closest("button[data-action]")
        if not nil(button) and str(button.dataset.action).startswith("replay-"):  # the move list's
            from .replay_mode import act

            self.user = None  # (the position shown, the dialog closed)
            act(self.app, str(button.dataset.action), button)
            self.sync()
            return
        if not nil(button) and button.dataset.action in DIALOG_ACTIONS:
            self.app.coach.dialog_act(button)
        elif not nil(button):
            self.act(button.dataset.action)

    def act(self, action: str) -> None:
        """A dialog's button: start, close, the keeping's answers, or an answer to the match."""
        from tavli.games.base import Outcome
        from web.view import dialogs, exchange, records

        app = self.app
        ctl = app.ctl
        if action == "start":
            app.start_match(dialogs.read_new_match(self.form_values(), app.new_match))
            return
        if action in ("cancel", "close"):
            self.close()
            return
        if action in keeping_answers.ACTIONS:
            keeping_answers.answer(app, action)
            return
        if action in exchange.ACTIONS:
            app.exchange.answer(action)
            return
        if action in records.ACTIONS:
            app.records.answer(action)
            return
        if action in online_play.ACTIONS:  # issue 18: the lobby, leaving an online match
            app.online.answer(action)
            return
        levels = {"resign-single": Outcome.SINGLE, "resign-gammon": Outcome.GAMMON,
                  "resign-backgammon": Outcome.BACKGAMMON}
        self.user = None
        if action in levels:
            app.refresh(ctl.offer_resign(levels[action]))
        elif action == "confirm":
            app.refresh(ctl.offer_resign())
        elif action == "resign-match":
            app.refresh(ctl.resign())
        else:
            handler = {"take": ctl.take, "drop": ctl.drop, "accept": ctl.accept, "refuse": ctl.refuse}.get(action)
            app.refresh(handler() if handler is not None else None)
