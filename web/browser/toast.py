"""The toast: a short line at the foot of the page (``#toast``, a test hook) that says what just
happened (an answer to a double, a save that failed, the computer's data) and slides away."""

from __future__ import annotations

import asyncio

from pyscript import document

from .jsutil import spawn

TOAST_MS = 3200  # a message stays on screen this long


class Toast:
    """``#toast``, added to the page. A new message replaces the one shown and has its full time."""

    def __init__(self) -> None:
        el = self.el = document.createElement("div")
        el.id = "toast"
        el.className = "toast"
        el.setAttribute("role", "status")
        el.setAttribute("aria-live", "polite")
        document.body.appendChild(el)
        self.seq = 0

    def show(self, text: str) -> None:
        self.el.textContent = text
        self.el.classList.add("show")
        self.seq += 1
        spawn(self._hide(self.seq))

    async def _hide(self, seq: int) -> None:
        await asyncio.sleep(TOAST_MS / 1000)
        if self.seq == seq:
            self.el.classList.remove("show")
