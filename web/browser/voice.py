"""What a player who does not see the board hears and types (issue 15): the panel's typed move
field and "Read the position" (:mod:`web.view.voice` writes them), the R key, and the live
region (:class:`~web.browser.live.LiveRegion`) told what happened after each refresh (the
controller's :meth:`~web.control.controller.Controller.announcements`) and when a clock goes under
its warning threshold.

The panel is rewritten by ``innerHTML`` after every action: :meth:`Voice.keep` notes the field's
text, selection and focus before, :meth:`Voice.restore` puts them back after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document

from web.view.voice import FIELD_ID, read_key, voice_html

from .jsutil import listen, nil

if TYPE_CHECKING:
    from .page import BoardApp


@dataclass(frozen=True)
class Kept:
    """The move field as it was before the panel was drawn again."""

    value: str
    focused: bool
    start: int | None
    end: int | None


class Voice:
    """The typed moves, the read-out and the announcements of ``app``."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.error = ""  # the message about the last entry ("" = none)
        self.fresh = False  # the message not drawn yet (drawn once as an alert)
        self.error_at: tuple[int, int, int] | None = None  # the moment of the match it is about
        listen(app.panel, "submit", self.on_submit)

    # --- the panel ----------------------------------------------------------------------------

    def moment(self) -> tuple[int, int, int]:
        """Where the match stands: which match, its log's length, the moves made this turn."""
        m = self.app.ctl.match
        turn = m.turn
        return id(m), len(m.log), -1 if turn is None else len(turn.moves)

    def html(self) -> str:
        """The form and the button for the panel (a new message is an alert this once; it goes
        once the match has moved on)."""
        if self.error and self.moment() != self.error_at:
            self.error = ""
        shown = voice_html(self.app.ctl.options.screen_reader, self.error, self.fresh)
        self.fresh = False
        return shown

    def field(self) -> Any:
        el = document.getElementById(FIELD_ID)
        return None if nil(el) else el

    def keep(self) -> Kept | None:
        """The move field's text, focus and selection now (None: no field, or nothing in it)."""
        el = self.field()
        if el is None:
            return None
        focused = document.activeElement == el
        if not el.value and not focused:
            return None
        return Kept(str(el.value), focused, el.selectionStart, el.selectionEnd)

    def restore(self, kept: Kept | None) -> None:
        """The move field as :meth:`keep` found it, in the panel drawn again."""
        el = self.field()
        if kept is None or el is None:
            return
        el.value = kept.value
        if kept.focused:
            el.focus()
            if kept.start is not None and kept.end is not None:
                el.setSelectionRange(kept.start, kept.end)

    # --- typing a move ------------------------------------------------------------------------

    def on_submit(self, event: Any) -> None:
        """The form sent: the typed play made (the field emptied), or the message shown under the
        field and said, nothing changed."""
        form = event.target
        if nil(form) or form.dataset.form != "type-move":
            return
        event.preventDefault()
        app = self.app
        el = self.field()
        text = "" if el is None else str(el.value)
        if app.replay is not None:  # (a past position shown: the live match waits)
            return
        effects, error = app.ctl.typed_play(text)
        if error:
            self.error, self.fresh, self.error_at = error, True, self.moment()
            app.live.say(error)
            app.painter.draw_panel()
            return
        self.error = ""
        if el is not None:
            el.value = ""
        app.refresh(effects)

    # --- the read-out -------------------------------------------------------------------------

    def read(self) -> None:
        """Say the position and the pip counts."""
        self.app.live.say(self.app.ctl.position_text())

    def on_key(self, event: Any) -> bool:
        """The read-out's key (R), acted on; False for any other key, or while the person types
        or a dialog is open."""
        target = event.target
        typing = not nil(target) and (str(getattr(target, "tagName", "")).upper() in ("INPUT", "TEXTAREA", "SELECT")
                                      or bool(getattr(target, "isContentEditable", False)))
        modifiers = bool(event.ctrlKey or event.altKey or event.metaKey)
        if not read_key(str(event.key), str(event.code), modifiers, typing, bool(self.app.dialogs.dlg.open)):
            return False
        event.preventDefault()
        self.read()
        return True

    # --- the announcements --------------------------------------------------------------------

    def after_refresh(self) -> None:
        """Say what happened since the last refresh (the dice, the plays, the cube, the result)."""
        for text in self.app.ctl.announcements():
            self.app.live.say(text)

    def clock(self, state: Any) -> None:
        """Say a player's time gone under the warning threshold (once each time it does);
        ``state``: the clock as the page shows it now (a :class:`tavli.clock.ClockState`)."""
        for text in self.app.ctl.clock_announcements(state):
            self.app.live.say(text)
