"""What is known about a crashed Chromium renderer: Chromium's word and the kernel's log.

* ``RendererDeaths``: the browser's own report of each renderer that died (CDP's
  ``Target.targetCrashed``): a status ("crashed", "killed", "oom", ...) and an exit code, the
  signal's number for a crash. A crash (a segfault, a failed CHECK, V8's out-of-memory abort)
  reads "crashed (exit code 11)" or similar; a kill from outside, "killed (exit code 9)".
* ``kernel_lines_since``: the kernel's log about processes, which says who killed one (the OOM
  killer) or where a process faulted.

Both go into the crash report, so that a crash seen only on another machine can be told apart
from the others.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_STAMP = re.compile(r"^\[\s*(\d+\.\d+)\]")
_KERNEL_WORDS = ("oom", "killed process", "segfault", "traps:", "general protection", "chromium")


class RendererDeaths:
    """Every ``Target.targetCrashed`` the browser sends, from the moment ``watch`` is called."""

    def __init__(self, session) -> None:
        self._session = session
        self.seen: list[dict] = []

    @classmethod
    def watch(cls, browser) -> RendererDeaths:
        session = browser.new_browser_cdp_session()
        deaths = cls(session)
        session.on("Target.targetCrashed", lambda event: deaths.seen.append(event))
        session.send("Target.setDiscoverTargets", {"discover": True})
        return deaths

    def since(self, count: int) -> list[str]:
        """The deaths after the first ``count``, as "status (exit code)"."""
        self._session.send("Target.getTargets")  # a round trip: every event sent before it is in
        return [f"{e.get('status')} (exit code {e.get('errorCode')})" for e in self.seen[count:]]


def uptime() -> float:
    """Seconds since the machine booted: the clock of the kernel's log (0.0 where unknown)."""
    try:
        return float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0


def kernel_lines_since(boot_seconds: float) -> list[str] | None:
    """The kernel's log lines stamped at or after ``boot_seconds`` that speak of processes (an OOM
    kill, a segfault, chromium), or None where the log cannot be read."""
    try:
        done = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    kept = []
    for line in done.stdout.splitlines():
        stamp = _STAMP.match(line)
        if stamp and float(stamp.group(1)) >= boot_seconds and any(w in line.lower() for w in _KERNEL_WORDS):
            kept.append(line)
    return kept


def kernel_report(started_uptime: float) -> str:
    """What the kernel said about processes since ``started_uptime`` (seconds since boot)."""
    kernel = kernel_lines_since(started_uptime)
    if kernel is None:
        return "kernel: its log cannot be read here"
    return "\n".join(f"kernel: {line}" for line in kernel[-20:]) or "kernel: nothing about processes"
