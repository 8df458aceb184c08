"""The controller between the board and the match: one object for the page (:class:`Controller`),
made of its jobs. Pure Python, no browser imports (the browser layer calls it).

* :mod:`web.control.table`: the match, who plays it, who sits where (the state they share);
* :mod:`web.control.gestures`: the person's intents (board gestures, buttons, answers), each
  returning :class:`~web.control.effects.Effects`;
* :mod:`web.control.driver`: what happens by itself (passes, automatic roll and bear-off) and the
  computer's turn, one visible action per call;
* :mod:`web.control.present`: the view data (board, panel, the questions' dialogs) and texts;
* :mod:`web.control.typed`: a play typed in move notation (issue 15);
* :mod:`web.control.narration`: what the screen reader is told (issue 15).

Plakoto and Fevga (a match of one of them, or the Tavli rotation) go through the same intents.
"""

from __future__ import annotations

from .driver import Driver
from .narration import Narrator
from .present import Presenter
from .typed import TypedMoves


class Controller(Driver, Narrator, Presenter, TypedMoves):
    """One match on this page: who plays, the view options, every intent and automatic step, and
    what to show."""
