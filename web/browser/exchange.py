"""The page's side of what goes in and out (:mod:`web.model.exchange`, dialogs in
:mod:`web.view.exchange`): the "Files" dialog's answers, the ``.mat`` download, the clipboard,
the file chooser, the pasted IDs, and the files the installed app is asked to open
(``window.launchQueue``, the manifest's ``file_handlers``).

* A ``.mat`` opened (chosen, or launched with the app) is shown for review: the replay of its
  first game (``BoardApp.show_replay``); the match in play goes on underneath, unchanged.
* A pasted XGID / Position ID (+ Match ID) becomes a new match for two players on this device
  at that position, after the player agreed to replace the match in progress (asked only when
  one is under way): the save is written over only then.
* Anything that cannot be read is said in the dialog (``.io-message[data-kind=error]``) and
  changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from .jsutil import js_obj, keep, nil, spawn

if TYPE_CHECKING:
    from .page import BoardApp


class Exchange:
    """The "Files" dialog of ``app``; ``pending``: a match read from pasted IDs waiting for the
    answer to "replace the match in progress?"."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.pending: Any = None
        self.held: Any = None  # a question that must be answered, put off while a file is reviewed

    def after_refresh(self) -> None:
        """A file reviewed over a question that must be answered (the installed app launched
        with it on a first visit: the new-match screen; a URL naming another match): once the
        review is left, the question comes back."""
        if self.held is not None and self.app.replay is None:
            held, self.held = self.held, None
            self.app.dialogs.open(held)

    # --- the dialog -----------------------------------------------------------------------------

    def open(self, pasted: str = "") -> None:
        from web.model.exchange import exports
        from web.view import exchange as V

        self.app.dialogs.open(V.files(exports(self.app.ctl.match), pasted))

    def say(self, kind: str, text: str, detail: str = "") -> None:
        """Show ``text`` (and the reader's ``detail``) in the dialog's message line."""
        from web.model.i18n import t

        el = self.app.dialogs.dlg.querySelector(".io-message")
        if nil(el):
            self.app.toast.show(text)
            return
        el.dataset.kind = kind
        el.textContent = ""
        strong = document.createElement("span")
        strong.textContent = text + (" " + t("io_unchanged") if kind == "error" else "")
        el.appendChild(strong)
        if detail:
            small = document.createElement("small")
            small.textContent = detail
            el.appendChild(small)
        el.scrollIntoView(js_obj({"block": "nearest"}))  # (below the fold on a phone held sideways)

    def problem(self, error: Any) -> None:
        from web.model.i18n import t

        self.say("error", t(error.key), error.detail)

    def answer(self, action: str) -> None:
        """A click on one of :data:`web.view.exchange.ACTIONS`."""
        if action == "files":
            self.open()
        elif action == "export-mat":
            self.export_mat()
        elif action.startswith("copy-"):
            spawn(self.copy(action.removeprefix("copy-")))
        elif action == "open-mat":
            chooser = self.app.dialogs.dlg.querySelector("input[data-io=mat-file]")
            if not nil(chooser):
                chooser.click()
        elif action == "import-id":
            self.import_ids()
        elif action == "import-replace" and self.pending is not None:
            match, self.pending = self.pending, None
            self.play_from(match)
        elif action == "records":
            self.app.records.open()

    def on_change(self, event: Any) -> None:
        """The file chooser's choice."""
        target = event.target
        if getattr(target, "dataset", None) is None or target.dataset.io != "mat-file":
            return
        files = target.files
        if nil(files) or int(files.length) == 0:
            return
        spawn(self.open_file(files.item(0)))
        target.value = ""  # the same file may be chosen again

    # --- out ------------------------------------------------------------------------------------

    def export_mat(self) -> None:
        from web.model.exchange import exports, mat_file_name, mat_text
        from web.model.i18n import t

        from .keeping_answers import download

        ctl = self.app.ctl
        ex = exports(ctl.match)
        if ex.mat_why:
            self.say("error", t(ex.mat_why))
            return
        now = window.Date.new()
        name = mat_file_name(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()),
                             int(now.getHours()), int(now.getMinutes()))
        download(mat_text(ctl.match, ctl.names), name, "text/plain")
        self.say("done", t("io_downloaded", name=name))

    async def copy(self, which: str) -> None:
        """Copy the ID in the field ``[data-id=which]``; when the browser refuses, the text is left
        selected in its field for the player to copy."""
        from web.model.i18n import t

        field = self.app.dialogs.dlg.querySelector(f"[data-id={which}]")
        if nil(field) or field.disabled:
            return
        text = str(field.value)
        label = t({"position-id": "io_position_id", "match-id": "io_match_id"}.get(which, "io_xgid"))
        try:
            clipboard = window.navigator.clipboard
            if nil(clipboard):
                raise RuntimeError("no clipboard")
            await clipboard.writeText(text)
        except Exception:  # noqa: BLE001 - refused (no permission, not focused, insecure context)
            field.focus()
            field.select()
            self.say("fallback", t("io_copy_fallback", what=label))
            return
        self.say("done", t("io_copied", what=label))

    # --- in -------------------------------------------------------------------------------------

    async def open_file(self, file: Any) -> None:
        """A ``.mat`` file (a ``File``) read and shown for review, or why not."""
        from web.model.exchange import MAX_MAT_BYTES, ImportProblem, mat_from_bytes
        from web.model.i18n import t

        try:
            size = int(file.size)
            if size > MAX_MAT_BYTES:
                raise ImportProblem("io_err_too_big", f"{size} bytes; at most {MAX_MAT_BYTES}")
            buffer = await file.arrayBuffer()
            data = window.Uint8Array.new(buffer).to_bytes()
            read = mat_from_bytes(data)
        except ImportProblem as error:
            self.show_problem(error)
            return
        except Exception as error:  # noqa: BLE001 - the browser could not read the file
            self.show_problem(ImportProblem("io_err_read", str(error)))
            return
        user = self.app.dialogs.user
        if user is not None and not user.cancellable:
            self.held = user
        self.app.dialogs.user = None
        self.app.dialogs.sync()
        names = read.names if all(read.names) else None
        self.app.show_replay(read.match, 1, 0, names=names)
        self.app.toast.show(t("io_reviewing", name=str(getattr(file, "name", "")) or ".mat"))

    def show_problem(self, error: Any) -> None:
        """A problem said in the Files dialog (opened for it when another dialog or none is up)."""
        if self.app.dialogs.user is None or self.app.dialogs.user.kind != "files":
            self.open()
        self.problem(error)

    def import_ids(self) -> None:
        from web.model import keeping
        from web.model.exchange import ImportProblem, match_from_ids
        from web.view import exchange as V

        from .app import crypto_die

        box = self.app.dialogs.dlg.querySelector("textarea[data-io=ids]")
        text = "" if nil(box) else str(box.value)
        try:
            from tavli import FunctionDice

            match = match_from_ids(text, dice=FunctionDice(crypto_die))
        except ImportProblem as error:
            self.problem(error)
            return
        live = self.app.ctl.match
        under_way = self.app.started and live.phase != "match-over" and any(
            event.type not in keeping.QUIET_EVENTS for event in live.log)
        if under_way:
            self.pending = match
            self.app.dialogs.open(V.replace_question())
            return
        self.play_from(match)

    def play_from(self, match: Any) -> None:
        """Play ``match`` (read from IDs) from now on: two players on this device, saved in place
        of the match in progress (unless an unusable save is held: nothing is saved then)."""
        from web.model.setup import MatchSetup

        setup = MatchSetup(mode="pvp", variant="portes", length=match.length, rules=match.rules.name)
        if self.app.replay is not None:
            self.app.leave_replay()
        self.app.started = True
        self.app.play_match(self.app.make_controller(setup, match), setup)


def listen_for_launches(app: BoardApp) -> None:
    """The installed app opened with ``.mat`` files (the manifest's ``file_handlers``): the first
    one is opened as if chosen in the Files dialog."""
    queue: Any = getattr(window, "launchQueue", None)
    if nil(queue) or not hasattr(queue, "setConsumer"):
        return

    def consume(params: Any) -> None:
        files: Any = getattr(params, "files", None)
        if nil(files) or int(files.length) == 0:
            return
        spawn(_open_handle(app, files[0]))

    try:
        queue.setConsumer(keep(consume))
    except Exception:  # noqa: BLE001 - a browser that refuses: the page works the same without it
        import sys
        import traceback

        traceback.print_exc(file=sys.stdout)


async def _open_handle(app: BoardApp, handle: Any) -> None:
    from web.model.exchange import ImportProblem

    try:
        file = await handle.getFile()
    except Exception as error:  # noqa: BLE001
        app.exchange.show_problem(ImportProblem("io_err_read", str(error)))
        return
    await app.exchange.open_file(file)
