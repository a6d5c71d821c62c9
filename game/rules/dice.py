"""The engine's dice: a seeded, serialisable generator whose every roll is logged with its purpose."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK64 = (1 << 64) - 1


class DiceExhausted(Exception):
    """A fixed dice sequence ran out: the test did not pin enough dice."""


# (purpose, sides, value, need, model) -> None; the engine turns it into a DiceRolled event
RollSink = Callable[[str, int, int, str, str], None]


class Dice:
    """Seeded dice. The state is a single integer that lives in the game state."""

    def __init__(self, state: int) -> None:
        self.state = state & MASK64
        self.sink: RollSink | None = None

    def _next(self, sides: int) -> int:
        # one step of splitmix64: the state advances, and its mixed output scales to the sides
        state = self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (((z ^ (z >> 31)) * sides) >> 64) + 1

    def roll(self, purpose: str, sides: int = 6, need: str = "", model: str = "") -> int:
        """Roll one die of `sides` faces for a stated purpose; the roll is logged."""
        value = self._next(sides)
        if self.sink is not None:
            self.sink(purpose, sides, value, need, model)
        return value

    def rolls(self, n: int, purpose: str, sides: int = 6, need: str = "", model: str = "") -> list[int]:
        """Roll n dice for one purpose."""
        return [self.roll(purpose, sides, need, model) for _ in range(n)]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy (Fisher-Yates); shuffles are recorded by the caller as deck events."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._next(i + 1) - 1
            out[i], out[j] = out[j], out[i]
        return out

    def pick(self, n: int) -> int:
        """An unlogged index in range(n), for random choices that are reported by their own event."""
        return self._next(n) - 1


class FixedDice(Dice):
    """Dice that return a pinned sequence (for tests); shuffles keep order, picks take index 0."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(0)
        self.values = list(values)
        self.used = 0

    def _next(self, sides: int) -> int:
        raise AssertionError("FixedDice draws through roll(), shuffle() or pick()")

    def roll(self, purpose: str, sides: int = 6, need: str = "", model: str = "") -> int:
        """The next pinned value (checked against the die's faces)."""
        if self.used >= len(self.values):
            raise DiceExhausted(f"no pinned die left for: {purpose}")
        value = self.values[self.used]
        self.used += 1
        if not 1 <= value <= sides:
            raise ValueError(f"pinned value {value} is not a face of a d{sides} ({purpose})")
        if self.sink is not None:
            self.sink(purpose, sides, value, need, model)
        return value

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Keep the order, so tests know which card comes next."""
        return list(items)

    def pick(self, n: int) -> int:
        """Always the first choice."""
        return 0

    @property
    def remaining(self) -> int:
        """How many pinned values have not been used."""
        return len(self.values) - self.used
