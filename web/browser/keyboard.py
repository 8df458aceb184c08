"""Playing by keyboard (issue 15): the board host ``#board`` takes the focus (``tabindex=0``,
``role="application"``, a translated label and key help) and, while it has it, the keys play.

* the arrow keys move a cursor over the points, the bar and the tray as the board is drawn
  (:mod:`web.view.cursor`), marked ``.cursor`` on that place and said in the live region;
* Enter or Space on a checker that may move picks it (its targets highlighted as a pointer's
  are, and said: ``Controller.targets_text``); on one of its targets puts it there
  (``Controller.drag``); on the picked checker again, or Escape, puts it back;
* Enter or Space with nothing picked: the roll when one is due, the end of the turn when the
  dice invite it, the next game after one, the new-match screen after the match;
* anywhere but a text field or an open dialog: Backspace or U takes back a move, D doubles
  (R is left to the read-out of the position).

Other keys go on to the replay's (:func:`web.browser.replay_mode.on_key`), and in replay mode
every key does. Focus is kept across redraws (:func:`keep_focus`: the panel is rewritten, the
board host stays) and after a dialog closes (:meth:`Keyboard.focus_back`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document

from web.model.i18n import t
from web.view.cursor import ARROW_KEYS, Cell, cell_of, place_text, step

from .jsutil import nil

if TYPE_CHECKING:
    from .page import BoardApp

PICK_KEYS = ("Enter", " ")
UNDO_KEYS = ("Backspace", "u", "U")
DOUBLE_KEYS = ("d", "D")


def to_text_field(event: Any) -> bool:
    """Whether the key goes to a text field (or comes with a modifier): not the page's."""
    if event.ctrlKey or event.altKey or event.metaKey:
        return True
    target = event.target
    tag = str(getattr(target, "tagName", "") or "").lower()
    return tag in ("input", "textarea", "select") or bool(getattr(target, "isContentEditable", False))


def _focus_key(el: Any) -> str | None:
    """A selector that finds ``el`` again in rewritten HTML: its id, else its ``data-action``
    (with its ``data-game``/``data-index``), ``data-opt`` or ``name``."""
    if nil(el):
        return None
    if el.id:
        return f"#{el.id}"
    data = el.dataset
    for attr in ("action", "opt"):
        value = getattr(data, attr, None)
        if value:
            extra = "".join(f'[data-{k}="{getattr(data, k)}"]' for k in ("game", "index") if getattr(data, k, None))
            return f'[data-{attr}="{value}"]{extra}'
    name = el.getAttribute("name")
    return f'[name="{name}"]' if name else None


def keep_focus(container: Any, html: str, fallback: Any = None) -> None:
    """Write ``html`` into ``container`` keeping the keyboard's focus: an element inside it that
    had the focus gives it to its twin in the new HTML (the same id, ``data-action``...); when
    it has none, or that one cannot take it (gone, disabled), ``fallback`` (the board) takes it."""
    active = document.activeElement
    inside = not nil(active) and not bool(active.isSameNode(container)) and bool(container.contains(active))
    key = _focus_key(active) if inside else None
    container.innerHTML = html
    if not inside:
        return
    twin: Any = container.querySelector(key) if key else None
    if twin is not None and not nil(twin) and not twin.disabled and not twin.hidden:
        twin.focus()
        if bool(twin.isSameNode(document.activeElement)):
            return
    if fallback is not None:
        fallback.focus()


class Keyboard:
    """The board's keys: the cursor's ``cell`` (None until the board first has the focus) and the
    ``picked`` place (bottom numbering) whose checker is carried."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.cell: Cell | None = None
        self.picked: int | None = None
        self.before_dialog: str | None = None  # what had the focus when the dialog opened
        self.active = False  # the board has the focus from the keyboard (not from a pointer)
        self.pointed = False  # a pointer was pressed since the last key
        host = app.host
        host.setAttribute("tabindex", "0")
        host.setAttribute("role", "application")
        help_text = self.help = document.createElement("p")  # the keys, said with the board's name
        help_text.id = "board-help"
        help_text.className = "sr-only"
        document.body.appendChild(help_text)
        host.setAttribute("aria-describedby", "board-help")

    def handlers(self) -> tuple[tuple[str, Any], ...]:
        """The board host's event kinds and their handlers."""
        return (("focus", self.on_focus),)

    def document_handlers(self) -> tuple[tuple[str, Any], ...]:
        """The document's event kinds and their handlers (the keys go through ``BoardApp.on_key``)."""
        return (("pointerdown", self.on_pointer),)

    def on_pointer(self, event: Any = None) -> None:
        """A pointer pressed on the page: the focus it gives the board is not the keyboard's (its
        keys stay the page's and the replay's, as before), nor is the focus moved for it."""
        self.pointed = True
        self.active = False

    def label(self) -> None:
        """The host's translated name and key help (again after a change of language)."""
        self.app.host.setAttribute("aria-label", t("board_label"))
        self.help.textContent = t("kb_board_help")

    def on_focus(self, event: Any = None) -> None:
        """The board has the focus: from the keyboard, its keys play and the cursor shows (where
        it was, else on a checker that can move, else on your 24-point)."""
        self.active = not self.pointed
        self.pointed = False
        if self.cell is None:
            ctl = self.app.ctl
            place = next((p for p in range(25, -1, -1) if ctl.movable(p)), 24)
            self.cell = cell_of(place)
        self.draw()

    def remember(self) -> None:
        """A dialog opens: note what has the focus in the panel (or the board), to go back to."""
        active = document.activeElement
        panel = self.app.panel
        inside = not nil(active) and bool(panel.contains(active)) and not bool(active.isSameNode(panel))
        self.before_dialog = _focus_key(active) if inside else None

    def focus_back(self) -> None:
        """A dialog closed and the focus fell to the page: back to what had it before (its twin
        in the panel drawn since), else to the board."""
        active = document.activeElement
        if self.pointed:
            return
        if not (nil(active) or bool(active.isSameNode(document.body)) or bool(self.app.dialogs.dlg.contains(active))):
            return
        key, self.before_dialog = self.before_dialog, None
        el = self.app.panel.querySelector(key) if key else None
        if el is not None and not nil(el) and not el.disabled:
            el.focus()
            if bool(el.isSameNode(document.activeElement)):
                return
        self.app.host.focus()

    def draw(self) -> None:
        """Mark the cursor's place (``.cursor``) and the picked checker's targets on the board as
        drawn now (after each redraw)."""
        app = self.app
        if self.picked is not None and (app.replay is not None or not app.ctl.movable(self.picked)):
            self.picked = None
        if self.picked is not None:
            app.painter.highlight(self.picked)
        svg = app.host.querySelector("svg")
        if nil(svg):
            return
        for el in svg.querySelectorAll(".cursor"):
            el.classList.remove("cursor")
        if self.cell is not None:
            el = svg.querySelector(f'.point[data-point="{self.cell.place}"], .bar[data-point="{self.cell.place}"], '
                                   f'.tray[data-point="{self.cell.place}"]')
            if not nil(el):
                el.classList.add("cursor")

    # --- the keys ---------------------------------------------------------------------------

    def on_key(self, event: Any) -> bool:
        """A key pressed anywhere on the page: True when it was the board's or the page's (the
        replay's keys are not asked then)."""
        app = self.app
        self.pointed = False
        if not app.started or app.replay is not None or to_text_field(event) or app.dialogs.shown is not None \
                or bool(app.dialogs.dlg.open):
            return False
        key = str(event.key)
        target = event.target
        on_board = self.active and not nil(target) and bool(target.isSameNode(app.host))
        if on_board and self.board_key(key):
            event.preventDefault()
            return True
        if key in UNDO_KEYS:
            app.refresh(app.ctl.undo())
        elif key in DOUBLE_KEYS:
            if not app.ctl.can_double():
                return False
            app.refresh(app.ctl.double())
        elif key in PICK_KEYS and (nil(target) or bool(target.isSameNode(document.body))) and self.dice_key():
            pass
        else:
            return False
        event.preventDefault()
        return True

    def board_key(self, key: str) -> bool:
        """A key on the focused board; False when it is not one of the board's."""
        direction = ARROW_KEYS.get(key)
        if direction is not None:
            if self.cell is None:
                self.on_focus()
            assert self.cell is not None
            self.cell = step(self.cell, direction, self.app.layout)
            self.draw()
            self.say_place()
            return True
        if key in PICK_KEYS:
            if self.cell is None:
                self.on_focus()
            return self.enter() or self.dice_key()
        if key == "Escape" and self.picked is not None:
            self.put_back()
            return True
        return False

    def say_place(self) -> None:
        """The place under the cursor, said (and whether the picked checker can go there)."""
        app = self.app
        if self.cell is None:
            return
        place = self.cell.place
        text = place_text(app.ctl.board_view(), place, app.ctl.names)
        if self.picked is not None and place in app.ctl.targets(self.picked):
            text = f"{text}; {t('kb_target')}"
        app.live.say(text)

    def enter(self) -> bool:
        """Enter on the cursor's place: pick its checker, put the picked one there or back."""
        app = self.app
        ctl = app.ctl
        assert self.cell is not None
        place = self.cell.place
        picked = self.picked
        if picked is not None:
            if place == picked:
                self.put_back()
                return True
            if place in ctl.targets(picked):
                self.picked = None
                app.painter.highlight(None)
                app.refresh(ctl.drag(picked, place))
                return True
        if ctl.movable(place):
            self.picked = place
            self.draw()
            app.live.say(ctl.targets_text(place))
            return True
        return picked is not None  # a place the picked checker cannot reach: nothing happens

    def put_back(self) -> None:
        """The picked checker stays where it is."""
        self.picked = None
        self.app.painter.highlight(None)
        self.draw()

    def dice_key(self) -> bool:
        """Space or Enter with nothing picked: roll, finish the turn, the next game, a new match;
        False when none is due."""
        app = self.app
        ctl = app.ctl
        phase = ctl.page_phase()
        turn = ctl.match.turn
        if ctl.can_roll() or (ctl.human_moving() and turn is not None and turn.is_complete()):
            app.refresh(ctl.dice_click())
        elif phase == "game-over":
            app.refresh(ctl.next_game())
        elif phase == "match-over":
            app.open_new_match()
        else:
            return False
        return True
