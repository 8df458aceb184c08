"""The page: :class:`BoardApp` builds its parts, wires them to the page's events and holds what
they share (the controller of the match shown, its layout, the options, whether it has started).

Its parts, each in its module: the board's pointer events (``board_events``), the panel's buttons
(``actions``), the dialog (``dialog_host``), drawing (``refresh``), the clock (``clock_loop``),
saving (``persist``), the toast (``toast``), what plays by itself (``runner``) and the computer's
work in slices (``thinker``). Everything that can be decided without a browser is in
``web.control``, ``web.view.geometry``, ``web.view.render``, ``web.view.panel`` and ``web.view.anim``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.control.controller import Controller
from web.control.effects import Effects
from web.view import geometry as g
from web.view.view import Arrow

from .actions import on_panel_click
from .board_events import BoardEvents
from .clock_loop import ClockLoop
from .coach_ui import Coach
from .dialog_host import DialogHost
from .exchange import Exchange
from .jsutil import listen
from .keeping_answers import Keeping, holds_saves
from .keyboard import Keyboard
from .live import LiveRegion
from .online_play import OnlineUI
from .persist import Saver
from .records import RecordKeeper
from .refresh import Painter
from .runner import Runner
from .thinker import Thinker
from .toast import Toast
from .voice import Voice

if TYPE_CHECKING:
    from .replay_mode import Shown

REDUCED_MOTION = "(prefers-reduced-motion: reduce)"
MOVES_IN_PANEL = "(orientation: landscape) and (min-height: 600px)"  # web/style.css: the same


class BoardApp:
    """The board in ``#board``, the panel in ``#panel``, the phase on ``<body>``, one ``<dialog>``
    for every question and menu, the clock bars driven by ``requestAnimationFrame``, the match saved
    after every action and the options kept (``web.model.prefs``, ``web.model.saves``).

    ``make_controller(setup, match)``: a controller for a new match set up as ``setup`` (a
    :class:`web.model.setup.MatchSetup`), or for ``match`` (resumed). ``started``: False while the
    first visit's new-match screen waits (nothing is saved and nothing plays by itself then).
    """

    def __init__(self, make_controller: Callable[..., Controller], controller: Controller, *, store: Any = None,
                 prefs: Any = None, new_match: Any = None, sound: Any = None,
                 now: Callable[[], float] | None = None, started: bool = True, seed: int | None = None,
                 url: str = "") -> None:
        from web.model.prefs import Prefs
        from web.model.setup import MatchSetup

        self.make_controller = make_controller
        self.ctl = controller
        self.store = store
        self.prefs = prefs if prefs is not None else Prefs()
        self.new_match = new_match if new_match is not None else MatchSetup()
        self.sound = sound
        self.now = now if now is not None else (lambda: float(window.performance.now()) / 1000)
        self.started = started
        self.seed = seed
        self.url = url
        self.keeping: Keeping | None = None  # what the start left for the player to decide
        self.replay: Shown | None = None  # replay mode: the position shown instead of the live one
        self.portrait_query = window.matchMedia("(orientation: portrait)")
        self.moves_query = window.matchMedia(MOVES_IN_PANEL)  # room for the move list in the panel
        self.motion_query = window.matchMedia(REDUCED_MOTION)  # issue 15: no slides when asked
        self.layout = self._layout()
        self.host = document.getElementById("board")
        self.panel = document.getElementById("panel")
        self.dialogs = DialogHost(self)
        self.toast = Toast()
        self.live = LiveRegion()  # issue 15: what a screen reader announces
        self.voice = Voice(self)  # issue 15: typed moves, the read-out, the announcements
        self.painter = Painter(self)
        self.keys = Keyboard(self)  # issue 15: the board played by keyboard
        self.saver = Saver(self)
        self.clock = ClockLoop(self)
        self.thinker = Thinker(self)
        self.runner = Runner(self)
        self.coach = Coach(self)
        self.events = BoardEvents(self)
        self.exchange = Exchange(self)  # the Files dialog: .mat and IDs out and in
        self.records = RecordKeeper(self)  # the record of finished matches
        self.online = OnlineUI(self)  # issue 18: a match against a friend on another device
        self._wire()
        self.apply_view()

    def _wire(self) -> None:
        for kind, handler in (*self.events.handlers(), *self.keys.handlers()):
            listen(self.host, kind, handler)
        listen(self.panel, "click", lambda event: on_panel_click(self, event))
        listen(self.panel, "change", self.on_panel_change)
        listen(self.portrait_query, "change", self.on_orientation)
        listen(self.moves_query, "change", self.on_orientation)
        for kind, handler in self.dialogs.handlers():
            listen(self.dialogs.dlg, kind, handler)
        listen(document, "visibilitychange", self.on_visibility)
        listen(document, "keydown", self.on_key)
        for kind, handler in self.keys.document_handlers():
            listen(document, kind, handler)
        listen(window, "pagehide", lambda *_: self.saver.save())
        for kind, handler in self.thinker.handlers():
            listen(window, kind, handler)

    def _layout(self) -> g.Layout:
        return g.Layout(self.ctl.options.home_left, bool(self.portrait_query.matches))

    def on_orientation(self, event: Any) -> None:
        """The screen turned (or the window changed shape): re-lay the board, keep the game."""
        self.events.press = None
        self.layout = self._layout()
        self.refresh()

    def on_panel_change(self, event: Any) -> None:
        """A change in the panel: the move list's game selector."""
        from .replay_mode import on_change

        on_change(self, event)

    def on_key(self, event: Any) -> None:
        """A key: the board's and the page's (:class:`web.browser.keyboard.Keyboard`), the read-out's
        (:meth:`web.browser.voice.Voice.on_key`), else the replay's (:func:`web.browser.replay_mode.on_key`)."""
        from .replay_mode import on_key

        if not self.keys.on_key(event) and not self.voice.on_key(event):
            on_key(self, event)

    def animate(self) -> bool:
        """Whether checkers slide: the options allow it and the system does not ask for reduced
        motion (``prefers-reduced-motion: reduce``)."""
        return self.ctl.options.animate and not bool(self.motion_query.matches)

    def on_visibility(self, event: Any = None) -> None:
        """Against the computer the clock stops while the page is hidden; saved either way."""
        self.clock.visibility()
        self.saver.save()

    def refresh(self, effects: Effects | None = None) -> None:
        """Redraw the board and the panel from the controller; slide the checkers that moved; play
        the sounds; show the dialog the match asks for; save the match; go on with what plays by
        itself and with the clock."""
        effects = effects if effects is not None else self.ctl.effects()
        self.coach.sync()
        self.painter.draw(effects)
        if self.events.hover is not None:
            self.painter.highlight(self.events.hover)
        self.keys.draw()
        if effects.toast:
            self.toast.show(effects.toast)
        self.dialogs.sync()
        self.voice.after_refresh()
        self.saver.save()
        self.online.after_refresh()
        self.records.note()
        self.exchange.after_refresh()
        self.runner.schedule()
        self.clock.schedule()

    # --- options and language -----------------------------------------------------------------

    def apply_view(self) -> None:
        """The view options and the language on the page (classes, the document's language)."""
        from web.model.i18n import language, t

        opts = self.ctl.options
        document.body.classList.toggle("basic", opts.basic)
        document.body.classList.toggle("home-left", opts.home_left)
        document.documentElement.lang = language()
        document.title = t("title")
        self.keys.label()

    def set_prefs(self, prefs: Any) -> None:
        """New options from the menu: kept, and applied at once (mid-game)."""
        from web.model import i18n
        from web.model import prefs as P

        old = self.prefs
        self.prefs = prefs
        P.save(self.store, prefs)
        self.ctl.set_options(prefs.view)
        self.layout = self._layout()
        if self.sound is not None:
            self.sound.set_enabled(prefs.sound)
        if prefs.language != old.language:
            i18n.install(i18n.choose_language(prefs.language, list(window.navigator.languages)))
            self.ctl.note = ""
            self.dialogs.reopen()
        self.apply_view()
        self.painter.view = None
        self.refresh()

    # --- replay mode --------------------------------------------------------------------------

    def show_replay(self, match: Any, game: int, index: int, arrows: tuple[Arrow, ...] = (), *,
                    names: tuple[str, str] | None = None) -> None:
        """Show ``match`` (the live one or another, e.g. an imported ``.mat``) at game number
        ``game`` after ``index`` steps, player 0 at the bottom, with ``arrows`` (a reviewed
        decision's: that decision's position and dice, see :mod:`web.control.replay`) until the
        player steps away; ``names``: the players' (default: the live match's for it, else "Player
        1/2"). The live match waits, unchanged and paused (:mod:`web.browser.replay_mode`)."""
        from .replay_mode import enter

        enter(self, match, game, index, arrows, names)

    def leave_replay(self, redraw: bool = True) -> None:
        """Back to the live position (``redraw`` False: the caller draws, another match next)."""
        from .replay_mode import leave

        leave(self, redraw)

    # --- matches ------------------------------------------------------------------------------

    def open_new_match(self) -> None:
        """The new-match screen (it may be cancelled once a match has started, or when the match
        shown is a finished one: to look at it again, or analyse it)."""
        from web.view import dialogs

        self.dialogs.open(dialogs.new_match(self.new_match, self.started or self.ctl.match.phase == "match-over"))

    def start_match(self, nm: Any) -> None:
        """The new-match screen's Start: the choices kept, the old match forgotten, a new one; the
        browser asked to keep the site's storage (:func:`~web.browser.storage.request_persistence`)."""
        from web.model import prefs as P
        from web.model import saves

        from .storage import request_persistence

        request_persistence(document.body)
        self.prefs = replace(self.prefs, new_match=nm)
        P.save(self.store, self.prefs)
        if not holds_saves(self):  # (an unusable save the player has not given up stays)
            saves.clear_match(self.store)
        self.online.forget()
        self.started = True
        self.play_match(self.make_controller(nm.seeded(self.seed), None), nm)

    def play_match(self, controller: Controller, nm: Any) -> None:
        """Show and play ``controller``'s match (set up as ``nm``) from now on."""
        self.leave_replay(redraw=False)
        self.new_match = nm
        self.ctl = controller
        self.ctl.set_options(self.prefs.view)
        self.dialogs.user = None
        self.layout = self._layout()
        self.painter.forget()
        self.refresh()
        self.thinker.warm_up()
