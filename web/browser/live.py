"""The live region (``#live``, a test hook): what a screen reader says of the game as it happens.

A visually hidden ``role="log"`` list; :meth:`LiveRegion.say` appends a line (screen readers
read additions to a polite log as they come, and read a repeated text again because it is a new
line); only the last :data:`KEEP` lines stay in the page.
"""

from __future__ import annotations

from pyscript import document

KEEP = 30  # lines kept in #live


class LiveRegion:
    """``#live``, added to the page."""

    def __init__(self) -> None:
        el = self.el = document.createElement("div")
        el.id = "live"
        el.className = "sr-only"
        el.setAttribute("role", "log")
        el.setAttribute("aria-live", "polite")
        document.body.appendChild(el)

    def say(self, text: str) -> None:
        """Announce ``text`` (nothing for an empty text)."""
        if not text:
            return
        line = document.createElement("p")
        line.textContent = text
        self.el.appendChild(line)
        while self.el.childElementCount > KEEP:
            self.el.firstElementChild.remove()
