"""SplitMix64: the random numbers the Monte-Carlo search draws, the same in both cores.

The native core (engine/native/mcts.h) has the same three functions, so a seeded search makes
the same playouts whichever core runs it.

>>> hex(SplitMix64(1).next())  # the published first output for seed 1
'0x910a2dec89025cc1'
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1


class SplitMix64:
    """A 64-bit state stepped by a constant and mixed (Steele, Lea and Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n - 1`` (the next number modulo ``n``)."""
        return self.next() % n

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of the next number."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end: swap each item ``i`` with one drawn from ``0 .. i``."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
