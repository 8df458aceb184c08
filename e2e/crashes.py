"""What is known about a crashed Chromium renderer: Chromium's word, crashpad's minidump, the kernel's log.

* ``RendererDeaths``: the browser's own report of each renderer that died (CDP's
  ``Target.targetCrashed``): a status ("crashed", "killed", "oom", ...) and an exit code, the
  signal's number for a crash.
* A renderer that dies of a signal it can catch (a segfault, a failed CHECK, V8's out-of-memory
  abort) leaves a minidump in Chromium's crash database; one killed from outside (SIGKILL, as the
  kernel's OOM killer does) leaves none, and the kernel's log may say who killed it.

All three go into the crash report, so that a crash seen only on another machine can be told
apart from the others.
"""

from __future__ import annotations

import os
import re
import signal
import struct
import subprocess
import time
from pathlib import Path

# Debian's chromium keeps its crash database here whatever the profile (--user-data-dir) is.
CRASH_DATABASE = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "chromium" / "Crash Reports"

DUMP_WAIT_S = 10.0  # how long a crash report waits for crashpad's dump
_EXCEPTION_STREAM = 6  # MINIDUMP_STREAM_TYPE ExceptionStream
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


def dumps_since(mtime: float, database: Path = CRASH_DATABASE) -> list[Path]:
    """The finished minidumps in ``database`` written at or after ``mtime`` (seconds since the
    epoch). Crashpad writes a dump under ``new/`` and renames it into ``pending/`` once it is whole
    (``completed/`` after an upload), so only those two are read."""
    found = []
    for folder in ("pending", "completed"):
        for dump in (database / folder).glob("*.dmp"):
            try:
                if dump.stat().st_mtime >= mtime:
                    found.append(dump)
            except OSError:
                continue  # crashpad moved it (pending -> completed) while we looked
    return sorted(found)


def wait_for_dumps(mtime: float, seconds: float, database: Path = CRASH_DATABASE) -> list[Path]:
    """``dumps_since(mtime)``, polled for up to ``seconds``: crashpad's handler, another process,
    may still be writing the dump when the browser reports the crash."""
    deadline = time.monotonic() + seconds
    while not (dumps := dumps_since(mtime, database)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return dumps


def describe_dump(data: bytes) -> str:
    """The signal, its si_code and the faulting address of a Linux minidump's exception stream."""
    if data[:4] != b"MDMP" or len(data) < 32:
        return "not a minidump"
    count, directory = struct.unpack_from("<II", data, 8)
    for i in range(count):
        offset = directory + 12 * i
        if offset + 12 > len(data):
            break
        kind, size, rva = struct.unpack_from("<III", data, offset)
        if kind == _EXCEPTION_STREAM and rva + 32 <= len(data):
            # thread id, alignment, then MINIDUMP_EXCEPTION: code (the signal on Linux), flags
            # (si_code), the chained record, the address.
            _tid, _pad, code, flags, _chained, address = struct.unpack_from("<IIIIQQ", data, rva)
            try:
                name = signal.Signals(code).name
            except ValueError:
                name = f"signal {code}"
            return f"{name} (si_code {flags}) at {address:#x}"
    return "a minidump with no exception stream"


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


def crash_report(started: float, started_uptime: float) -> str:
    """The minidumps written since ``started`` (epoch seconds) and what the kernel said about
    processes since ``started_uptime`` (seconds since boot)."""
    dumps = wait_for_dumps(started, DUMP_WAIT_S)
    if dumps:
        said = [f"minidump {d.name}: {describe_dump(d.read_bytes())}" for d in dumps]
    else:
        said = [f"no minidump within {DUMP_WAIT_S:.0f} s: the renderer was killed from outside (SIGKILL?)"]
    kernel = kernel_lines_since(started_uptime)
    if kernel is None:
        said.append("kernel: its log cannot be read here")
    else:
        said += [f"kernel: {line}" for line in kernel[-20:]] or ["kernel: nothing about processes"]
    return "\n".join(said)
