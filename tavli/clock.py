"""The game clock as a pure model: the caller passes the time in (seconds, floats).

The browser drives it from ``requestAnimationFrame``/``performance.now()``; tests pass a fake time.
Nothing here reads a clock or sleeps.

Modes
-----
``"standard"`` (seed 000): a 15 s *move timer* runs first, for rolling and for moving; when it is
spent the player's *time bank* runs. The bank starts at 20 s. Each completed turn adds a bonus
to the bank, capped at 120 s::

    bonus = bank_bonus * move_left / move_time      (standard: 5 s * unused fraction of 15 s)

where ``move_left`` is what remained of the move timer when the turn ended (0 once the bank was
running). A turn finished in 3 s leaves 12 s: bonus 5 * 12 / 15 = 4 s. When the bank is
draining and holds less than 5 s the player's state is ``warning`` (the page flashes and beeps).
At zero the player has *flagged* and loses the match: the clock stops.

``"blitz"`` (seed 003): 11 s per turn, then a 90 s reserve per player, with no bonus. At zero
the player has flagged: the opponent may claim the win (``ClockState.claimable``; counting it is
the Match's business) or play on. Play can go on: the flagged player's reserve stays at 0, his
move timer still runs every turn, and the clock keeps running.

``"off"``: no clock; every call is accepted and nothing is timed.

Acts
----
The clock runs for whoever must act: the roller and mover, or the player deciding on a double
or on a resignation offer. ``start(player, now)`` begins an act (the move timer starts full, or
with ``fresh=False`` it continues from where that player's last interrupted act left it);
``stop(now, completed_turn=True)`` ends the act and the turn (bank bonus in Standard);
``stop(now, completed_turn=False)`` ends an act that only hands over to the opponent (a cube or
resignation decision), without bonus. ``pause``/``resume`` freeze and restart the running act.

A ``now`` earlier than the last one counts as no time passed (a ``requestAnimationFrame`` stamp can
precede a ``performance.now()`` read in an event handler of the same frame).

Saving: ``to_dict(now)`` stores the time used, never wall-clock instants; ``Clock.from_dict``
gives a clock that is paused until ``resume(now)`` or ``start(player, now)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .options import CLOCK_MODES

__all__ = ["Clock", "ClockState", "PlayerTime", "MODES", "PRESETS"]

MODES = CLOCK_MODES

# move_time: the move timer; bank_start: the bank at the start; bank_bonus: the most a turn adds;
# bank_cap: the bank's ceiling; warning_below: a draining bank below this warns.
PRESETS: dict[str, dict[str, float]] = {
    "off": {"move_time": 0.0, "bank_start": 0.0, "bank_bonus": 0.0, "bank_cap": 0.0, "warning_below": 0.0},
    "standard": {"move_time": 15.0, "bank_start": 20.0, "bank_bonus": 5.0, "bank_cap": 120.0, "warning_below": 5.0},
    "blitz": {"move_time": 11.0, "bank_start": 90.0, "bank_bonus": 0.0, "bank_cap": 90.0, "warning_below": 5.0},
}

_FORMAT = 1


@dataclass(frozen=True, slots=True)
class PlayerTime:
    """One player's side of the clock at some instant."""

    move_left: float  # what remains of the move timer (full when it is not this player's act)
    bank_left: float  # the time bank (Blitz: the reserve)
    running: bool  # this player's act is being timed now (False while paused)
    in_bank: bool  # running, with the move timer spent: the bank is draining
    warning: bool  # in_bank with less than ``warning_below`` left, not yet flagged
    flagged: bool  # the bank reached zero


@dataclass(frozen=True, slots=True)
class ClockState:
    """What ``Clock.state(now)`` reports."""

    mode: str
    active: int | None  # whose act it is (also while paused); None between acts
    paused: bool
    players: tuple[PlayerTime, PlayerTime]
    flagged: int | None  # the first player to flag, or None
    claimable: bool  # Blitz: the opponent of ``flagged`` may claim the win
    match_lost: bool  # Standard: ``flagged`` has lost the match; the clock has stopped
    move_time: float  # full move timer, for drawing the bar
    bank_cap: float  # the bank's ceiling, for drawing the bar

    @property
    def running(self) -> int | None:
        """The player whose time is going down now, or None."""
        if self.active is None or self.paused or self.match_lost:
            return None
        return self.active


class Clock:
    """See the module docstring. ``Clock("standard")``, ``Clock("blitz")`` or ``Clock("off")``;
    keyword arguments override the preset (``move_time``, ``bank_start``, ``bank_bonus``,
    ``bank_cap``, ``warning_below``)."""

    def __init__(self, mode: str = "standard", **settings: float) -> None:
        if mode not in MODES:
            raise ValueError(f"clock mode must be one of {', '.join(MODES)}, got {mode!r}")
        config = dict(PRESETS[mode])
        for key, value in settings.items():
            if key not in config:
                raise ValueError(f"unknown clock setting {key!r}; known: {', '.join(config)}")
            config[key] = _seconds(key, value)
        if mode != "off":
            if config["move_time"] <= 0:
                raise ValueError("move_time must be positive")
            if config["bank_cap"] < config["bank_start"]:
                raise ValueError("bank_cap must be at least bank_start")
        self.mode = mode
        self.move_time = config["move_time"]
        self.bank_start = config["bank_start"]
        self.bank_bonus = config["bank_bonus"]
        self.bank_cap = config["bank_cap"]
        self.warning_below = config["warning_below"]
        self._move_left = [self.move_time, self.move_time]
        self._bank = [self.bank_start, self.bank_start]
        self._flagged = [False, False]
        self._first_flag: int | None = None
        self._active: int | None = None
        self._paused = False
        self._since: float | None = None  # when the running stretch began; None: not running
        self._last: float | None = None  # the latest ``now`` seen

    # --- driving -----------------------------------------------------------------------------

    def start(self, player: int, now: float, *, fresh: bool = True) -> None:
        """``player`` must act from ``now``: his move timer starts full (``fresh``) or goes on from
        what his last interrupted act left. An act already running ends first, without bonus.
        Starting also lifts a pause. In Standard, after a flag, raises ``ValueError``."""
        _player(player)
        now = self._now(now)
        if self.mode == "off":
            return
        self._commit(now)
        if self._match_over():
            raise ValueError(f"player {self._first_flag} has run out of time: the match is over")
        if fresh:
            self._move_left[player] = self.move_time
        self._active = player
        self._paused = False
        self._since = now

    def stop(self, now: float, *, completed_turn: bool = True) -> None:
        """The act ends at ``now``. With ``completed_turn`` (the player rolled and moved, or his
        turn otherwise ended) Standard adds the bank bonus and the move timer is refilled; without
        it (a hand-over for a cube or resignation decision) the move timer keeps its remainder."""
        now = self._now(now)
        if self.mode == "off" or self._active is None:
            return
        self._commit(now)
        player = self._active
        if completed_turn:
            if not self._flagged[player] and self.bank_bonus:
                bonus = self.bank_bonus * self._move_left[player] / self.move_time
                self._bank[player] = min(self.bank_cap, self._bank[player] + bonus)
            self._move_left[player] = self.move_time
        self._active = None
        self._since = None
        self._paused = False

    def pause(self, now: float) -> None:
        """Freeze the running act (the tab is hidden in a game against the computer)."""
        now = self._now(now)
        if self.mode == "off":
            return
        self._commit(now)
        self._paused = True
        self._since = None

    def resume(self, now: float) -> None:
        """Let the act that was running go on from ``now``."""
        now = self._now(now)
        if self.mode == "off" or not self._paused:
            return
        self._paused = False
        if self._active is not None and not self._match_over():
            self._since = now

    # --- reading -----------------------------------------------------------------------------

    def state(self, now: float) -> ClockState:
        """The clock at ``now``; reading changes nothing."""
        now = _seconds("now", now)
        move_left, bank, flagged, first = self._projected(now)
        in_bank_player = None
        active = self._active
        over = self.mode == "standard" and first is not None
        if (
            active is not None and not self._paused and not over and self.mode != "off"
            and move_left[active] <= 0
        ):
            in_bank_player = active
        players = []
        for p in (0, 1):
            running = self.mode != "off" and active == p and not self._paused and not over
            in_bank = in_bank_player == p
            players.append(PlayerTime(
                move_left=move_left[p],
                bank_left=bank[p],
                running=running,
                in_bank=in_bank,
                warning=in_bank and not flagged[p] and bank[p] < self.warning_below,
                flagged=flagged[p],
            ))
        return ClockState(
            mode=self.mode,
            active=active if self.mode != "off" else None,
            paused=self._paused,
            players=(players[0], players[1]),
            flagged=first,
            claimable=self.mode == "blitz" and first is not None,
            match_lost=over,
            move_time=self.move_time,
            bank_cap=self.bank_cap,
        )

    # --- saving ------------------------------------------------------------------------------

    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """A JSON-ready snapshot of the time used. ``now`` is needed while an act is running.
        Writing changes nothing: the clock goes on as if it had not been saved (an online match's
        replica is saved at its own times while the peer's actions come stamped earlier)."""
        if now is not None:
            now = _seconds("now", now)
            if self._last is not None:
                now = max(now, self._last)
            move_left, bank, flagged, first = self._projected(now)
        elif self._since is not None:
            raise ValueError("the clock is running: to_dict needs the current time")
        else:
            move_left, bank, flagged, first = self._move_left, self._bank, self._flagged, self._first_flag
        return {
            "format": _FORMAT,
            "mode": self.mode,
            "settings": {
                "move_time": self.move_time,
                "bank_start": self.bank_start,
                "bank_bonus": self.bank_bonus,
                "bank_cap": self.bank_cap,
                "warning_below": self.warning_below,
            },
            "move_left": list(move_left),
            "bank": list(bank),
            "flagged": list(flagged),
            "first_flag": first,
            "active": self._active,
        }

    @classmethod
    def from_dict(cls, data: object) -> Clock:
        """Rebuild a clock saved by ``to_dict``; it is paused until ``resume``/``start``.
        Raises ``ValueError`` on anything that ``to_dict`` could not have written."""
        if not isinstance(data, dict):
            raise ValueError("a saved clock is a dict")
        expected = {"format", "mode", "settings", "move_left", "bank", "flagged", "first_flag", "active"}
        if set(data) != expected:
            missing, extra = expected - set(data), set(data) - expected
            raise ValueError(f"a saved clock has keys {sorted(expected)}; "
                             f"missing {sorted(missing)}, unknown {sorted(extra)}")
        if data["format"] != _FORMAT or isinstance(data["format"], bool):
            raise ValueError(f"unknown saved clock format {data['format']!r}")
        settings = data["settings"]
        if not isinstance(settings, dict) or set(settings) != set(PRESETS["standard"]):
            raise ValueError(f"a saved clock's settings are {sorted(PRESETS['standard'])}")
        if data["mode"] not in MODES:
            raise ValueError(f"unknown clock mode {data['mode']!r}")
        clock = cls(data["mode"], **settings)
        move_left = _pair("move_left", data["move_left"])
        bank = _pair("bank", data["bank"])
        flagged = data["flagged"]
        if not isinstance(flagged, list) or len(flagged) != 2 or not all(isinstance(f, bool) for f in flagged):
            raise ValueError("a saved clock's flagged is a list of two booleans")
        first, active = data["first_flag"], data["active"]
        for name, value in (("first_flag", first), ("active", active)):
            if value is not None and (value not in (0, 1) or isinstance(value, bool)):
                raise ValueError(f"a saved clock's {name} is 0, 1 or null, got {value!r}")
        for p in (0, 1):
            if not 0 <= move_left[p] <= clock.move_time:
                raise ValueError(f"player {p}'s move timer {move_left[p]} is outside 0..{clock.move_time}")
            if not 0 <= bank[p] <= max(clock.bank_cap, clock.bank_start):
                raise ValueError(f"player {p}'s bank {bank[p]} is outside 0..{clock.bank_cap}")
            if flagged[p] and bank[p] != 0:
                raise ValueError(f"player {p} has flagged with {bank[p]} s left in the bank")
        if (first is None) != (not any(flagged)) or (first is not None and not flagged[first]):
            raise ValueError("a saved clock's first_flag does not agree with flagged")
        if clock.mode == "off" and (any(flagged) or active is not None):
            raise ValueError("a clock that is off has no flag and no active player")
        if clock.mode == "standard" and first is not None and active is not None:
            raise ValueError("a Standard clock stops at the flag: no act can be active")
        clock._move_left = move_left
        clock._bank = bank
        clock._flagged = list(flagged)
        clock._first_flag = first
        clock._active = active
        clock._paused = clock.mode != "off"
        return clock

    # --- inside ------------------------------------------------------------------------------

    def _now(self, now: float) -> float:
        now = _seconds("now", now)
        if self._last is not None and now < self._last:
            now = self._last
        self._last = now
        return now

    def _match_over(self) -> bool:
        return self.mode == "standard" and self._first_flag is not None

    def _projected(self, now: float) -> tuple[list[float], list[float], list[bool], int | None]:
        move_left, bank, flagged = list(self._move_left), list(self._bank), list(self._flagged)
        first = self._first_flag
        if self._since is not None and self._active is not None:
            p = self._active
            elapsed = max(0.0, now - self._since)
            m, b, flag = self._consume(move_left[p], bank[p], flagged[p], elapsed)
            move_left[p], bank[p] = m, b
            if flag and not flagged[p]:
                flagged[p] = True
                if first is None:
                    first = p
        return move_left, bank, flagged, first

    def _consume(self, move_left: float, bank: float, flagged: bool, elapsed: float) -> tuple[float, float, bool]:
        if elapsed <= move_left:
            return move_left - elapsed, bank, flagged
        rest = elapsed - move_left
        if flagged or rest >= bank:
            return 0.0, 0.0, True
        return 0.0, bank - rest, False

    def _commit(self, now: float) -> None:
        if self._since is None or self._active is None:
            return
        self._move_left, self._bank, self._flagged, self._first_flag = self._projected(now)
        self._since = now
        if self._match_over():
            self._since = None  # Standard: the clock stops at the flag


def _seconds(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number of seconds, got {value!r}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    if name != "now" and value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")
    return value


def _player(player: object) -> None:
    if player not in (0, 1) or isinstance(player, bool):
        raise ValueError(f"player must be 0 or 1, got {player!r}")


def _pair(name: str, value: object) -> list[float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"a saved clock's {name} is a list of two numbers")
    return [_seconds(name, v) for v in value]
