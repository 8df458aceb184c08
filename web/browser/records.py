"""The record of finished matches in localStorage (``tavli.records``: :mod:`web.model.records`):
a match is noted once when it ends (:meth:`RecordKeeper.note`, after every refresh; a reload on
the match's last screen finds it noted), the coach adds its error rates
(:func:`note_error_rates`), the "Record" dialog shows it and clears it (asked first).

A stored record that cannot be read is never written over: the player is told (once a visit,
when a match could not be noted; in the dialog) and may clear it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window

if TYPE_CHECKING:
    from .page import BoardApp


class RecordKeeper:
    """``app``'s record. ``seen``: the finished match last looked at (each is noted once)."""

    def __init__(self, app: BoardApp) -> None:
        self.app = app
        self.seen: Any = None
        self.warned = False

    def load(self) -> Any:
        from web.model import records as R

        store = self.app.store
        try:
            text = store.get(R.RECORDS_KEY) if store is not None else None
        except Exception:  # noqa: BLE001 - storage that refuses reads keeps nothing
            text = None
        return R.loads(text)

    def write(self, entries: tuple[Any, ...]) -> bool:
        """Store ``entries``; False (and a toast) when the storage refused."""
        from web.model import records as R
        from web.model.i18n import t

        store = self.app.store
        if store is None:
            return False
        try:
            store[R.RECORDS_KEY] = R.dumps(entries)
        except Exception:  # noqa: BLE001 - full, disabled
            self.app.toast.show(t("rec_save_failed"))
            return False
        return True

    def note(self) -> None:
        """Note the match in play if it has just ended (once: its key is looked for first)."""
        match = self.app.ctl.match
        if match.phase != "match-over" or self.seen is match:
            return
        from web.model import records as R
        from web.model.i18n import t

        self.seen = match
        loaded = self.load()
        if loaded.problem is not None:
            if not self.warned:
                self.warned = True
                self.app.toast.show(t("rec_not_noted"))
            return
        ctl = self.app.ctl
        iso = str(window.Date.new().toISOString())
        entry = R.entry_for(match, mode=ctl.setup.mode, level=ctl.setup.level, names=ctl.names,
                            date=iso[:16] + "Z", seat=ctl.setup.seat)
        if not R.noted(loaded.entries, entry.key):
            self.write(R.add(loaded.entries, entry))

    # --- the dialog ---------------------------------------------------------------------------

    def open(self) -> None:
        from web.view import records as V

        self.app.dialogs.open(V.records(self.load()))

    def answer(self, action: str) -> None:
        """``records-clear`` (asks), ``records-clear-confirm`` (clears)."""
        from web.model import records as R
        from web.view import records as V

        if action == "records-clear":
            loaded = self.load()
            self.app.dialogs.open(V.clear_question(len(loaded.entries)))
        elif action == "records-clear-confirm":
            store = self.app.store
            try:
                if store is not None:
                    del store[R.RECORDS_KEY]
            except Exception:  # noqa: BLE001
                pass
            self.warned = False
            self.open()


def note_error_rates(app: Any, match: Any, rates: tuple[float, float]) -> None:
    """The coach analysed ``match`` (finished): its entry gets both players' error rates
    (millipoints per decision). Nothing happens when the match is not in the record or the
    record cannot be read."""
    from web.model import records as R

    keeper: RecordKeeper = app.records
    loaded = keeper.load()
    if loaded.problem is not None:
        return
    key = R.match_key(match.log)
    if not R.noted(loaded.entries, key):
        return
    keeper.write(R.with_rates(loaded.entries, key, rates))
