"""Saving the match in localStorage (``web.model.saves``): after every refresh of the page, every
:data:`SAVE_EVERY_S` while a clock runs (the time used), when the page is hidden or left. A write
the storage refuses is told once (the game goes on unsaved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .keeping_answers import holds_saves

if TYPE_CHECKING:
    from .page import BoardApp

SAVE_EVERY_S = 2.0  # while a clock runs, the match is saved this often
URL_KEY = "tavli.match.url"  # the query string the saved match was started with


class Saver:
    """Writes ``app``'s match, its new-match choices and its URL. Nothing is saved before the match
    has started (the first visit's new-match screen) nor while an unusable save is held."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.last = 0.0  # when the match was last saved (the app's clock)
        self.warned = False  # the player was told that a save failed (or that nothing is kept)

    def due(self, now: float) -> bool:
        """Whether a running clock's time should be saved again."""
        return now - self.last > SAVE_EVERY_S

    def save(self) -> None:
        """Keep the match in localStorage (a refused write is reported once)."""
        from web.model import saves
        from web.model.setup import ONLINE

        app = self.app
        if not app.started or app.store is None or holds_saves(app):
            return
        self.last = app.now()
        setup = app.ctl.setup if app.ctl.setup.mode == ONLINE else app.new_match  # (online: seat, names)
        ok = saves.save_match(app.store, app.ctl.match, setup)
        if ok:
            try:
                app.store[URL_KEY] = app.url
            except Exception:  # noqa: BLE001
                ok = False
        if not ok and not self.warned:
            from web.model.i18n import t

            self.warned = True
            app.toast.show(t("save_failed"))
