"""Who sits in each of the match's two seats (:class:`Seat`): a person at this device, the
computer, or a friend playing from another device (online). Pure Python, no browser imports.

A local seat takes the page's input (gestures, buttons, answers); the computer's seat is played
by :mod:`web.control.driver`; a remote seat takes no input at all: its actions come from the
peer through :mod:`web.control.online`.
"""

from __future__ import annotations

from enum import Enum

from web.model.setup import ONLINE


class Seat(Enum):
    """Who plays one seat of the match."""

    LOCAL = "local"
    COMPUTER = "computer"
    REMOTE = "remote"


def seats_for(mode: str, local_seat: int = 0) -> tuple[Seat, Seat]:
    """The seats of a match set up with opponent ``mode``: against the computer the person is
    player 0; two players on this device sit in both seats; online the person sits in
    ``local_seat`` (the host 0, the guest 1) and the friend in the other."""
    if mode == "pvp":
        return Seat.LOCAL, Seat.LOCAL
    if mode == ONLINE:
        return (Seat.LOCAL, Seat.REMOTE) if local_seat == 0 else (Seat.REMOTE, Seat.LOCAL)
    return Seat.LOCAL, Seat.COMPUTER
