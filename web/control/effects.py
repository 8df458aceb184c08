"""What an action on the page brings about besides the new board (:class:`Effects`). Pure Python,
no browser imports."""

from __future__ import annotations

from dataclasses import dataclass, field

from web.view.view import Motion

BAR = 25


@dataclass(frozen=True)
class Effects:
    """After an action: the checkers that slide (``motions``, bottom numbering), the sounds to
    play (``"dice"``, ``"checker"``, ``"hit"``), an answer to a double or a resignation to show
    for a moment (``toast``, "" = none) and the status line's note."""

    motions: list[Motion] = field(default_factory=list)
    sounds: tuple[str, ...] = ()
    toast: str = ""
    note: str = ""


def sounds_of(motions: list[Motion], thrown: bool) -> tuple[str, ...]:
    """The sounds of an action: the dice when ``thrown``, then a checker set down, or a hit when
    one of the ``motions`` sends a checker to the bar."""
    sounds: tuple[str, ...] = ("dice",) if thrown else ()
    if motions:
        hit = any(m.end == BAR and m.start != BAR for m in motions)
        sounds += ("hit" if hit else "checker",)
    return sounds
