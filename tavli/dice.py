"""Where dice come from.

In play the dice come from a cryptographic source (``secrets``); a seeded ``random.Random`` is used
only when a seed is given (tests, replays). The browser passes its own source built on
``crypto.getRandomValues``: anything with a ``die()`` method returning 1..6 will do.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]  # the 21 distinct rolls, low die first
ROLL_WEIGHTS = [1 / 36 if a == b else 2 / 36 for a, b in ROLLS]  # each one's chance


class DiceSource(Protocol):
    def die(self) -> int:
        """One fair die, 1..6."""
        ...


class SecureDice:
    """Dice from the operating system's cryptographic generator."""

    def die(self) -> int:
        import secrets  # here, not at the top: ~20 ms to import in the browser, which rolls otherwise

        return secrets.randbelow(6) + 1


class SeededDice:
    """Repeatable dice from a seeded generator, for tests and replays."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def die(self) -> int:
        return self._random.randint(1, 6)


class FunctionDice:
    """Dice from any function returning 1..6 (the browser's ``crypto.getRandomValues``)."""

    def __init__(self, die: Callable[[], int]) -> None:
        self._die = die

    def die(self) -> int:
        value = int(self._die())
        if not 1 <= value <= 6:
            raise ValueError(f"a die shows 1..6, the source gave {value}")
        return value


class FixedDice:
    """Dice given in advance, in order (tests, replays of recorded matches)."""

    def __init__(self, values: list[int]) -> None:
        self._values = list(values)

    @property
    def values(self) -> list[int]:
        """The dice still to come, in order."""
        return list(self._values)

    def die(self) -> int:
        if not self._values:
            raise ValueError("the fixed dice have run out")
        return self._values.pop(0)


def dice_source(seed: int | None = None) -> DiceSource:
    """A seeded source when ``seed`` is given, the cryptographic one otherwise."""
    return SecureDice() if seed is None else SeededDice(seed)


def roll(source: DiceSource) -> tuple[int, int]:
    return source.die(), source.die()
