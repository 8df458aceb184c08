"""The page's side of :mod:`web.keeping`: what the start found (an unusable save, a URL naming
another match), the answers to the notice and the question, and the download of a save.

:class:`Keeping` hangs on :class:`web.browser.page.BoardApp` as ``app.keeping``; the dialogs' actions
:data:`ACTIONS` come here (:func:`answer`):

* ``download-save``: the unusable save's text, as stored, to a file (a ``blob:`` download);
* ``discard-save``: the player gives a held save up; the match is saved from now on;
* ``continue-saved``: keep the match in progress (the address bar then names it, so that a
  reload does not ask again);
* ``start-url``: play the match the URL names instead (the one in progress is saved over).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from web.model import keeping as K

if TYPE_CHECKING:
    from .page import BoardApp

ACTIONS = ("download-save", "discard-save", "continue-saved", "start-url")


@dataclass
class Keeping:
    """What the start left for the player to decide. ``unreadable``: the save the notice is
    about; ``url_setup``: the URL's match (a :class:`web.model.setup.MatchSetup`) waiting for the
    answer to the question, and ``continue_query``: the address if the player keeps his match."""

    stamp: Any = 0
    unreadable: K.Unreadable | None = None
    url_setup: Any = None
    continue_query: str = ""

    @property
    def holds_saves(self) -> bool:
        """Nothing may be saved: an unusable save lies under the match's key until the player
        discards it."""
        return self.unreadable is not None and self.unreadable.held


def holds_saves(app: Any) -> bool:
    keeping = getattr(app, "keeping", None)
    return keeping is not None and keeping.holds_saves


def download(text: str, name: str, kind: str = "application/json") -> None:
    """Offer ``text`` as a file called ``name`` (of MIME type ``kind``)."""
    from js import URL, Blob, Object
    from pyodide.ffi import create_once_callable, to_js

    blob = Blob.new(to_js([text]), to_js({"type": kind}, dict_converter=Object.fromEntries))
    url = URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 60_000)


def answer(app: BoardApp, action: str) -> None:
    """A click on one of :data:`ACTIONS` in the notice or the question."""
    keeping = app.keeping
    if keeping is None:
        return
    found = keeping.unreadable
    if action == "download-save" and found is not None:
        download(found.text, K.download_name(keeping.stamp))
    elif action == "discard-save" and found is not None:
        K.discard(app.store, found)
        keeping.unreadable = None
        app.dialogs.close()  # the refresh saves the match in play
    elif action == "continue-saved":
        keeping.url_setup = None
        window.history.replaceState(None, "", keeping.continue_query or window.location.pathname)
        app.url = keeping.continue_query
        app.ctl.match.resume(app.now())
        app.started = True
        app.dialogs.close()
        app.thinker.warm_up()
    elif action == "start-url" and keeping.url_setup is not None:

        setup, keeping.url_setup = keeping.url_setup, None
        app.started = True
        app.play_match(app.make_controller(setup, None), setup.fitted())
