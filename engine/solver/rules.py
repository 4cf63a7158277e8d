"""Kalah moves on store-less boards seen by the player to move (the solver's view of a position).

A view is the mover's pits then the opponent's pits, ``2 * pits`` counts; mover pit ``i`` faces
opponent pit ``pits - 1 - i``.  Kalah (``engine/variants/kalah.py``, ending when either row is
empty, each side banking its own row) never looks at the stores, so a view's value (the margin
the mover can force from here on) plus the store difference is the game's final margin.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from engine.core import Rules, State

View = tuple[int, ...]
NEXT_OPPONENT, NEXT_SAME, NEXT_OVER = 0, 1, 2
"""What follows a move: the opponent moves (child seen by them), the mover moves again, or the
game is over (the rows were banked into the gain)."""


@dataclass(frozen=True)
class KalahSpec:
    """The rule options the solver implements: pits per row, capture and empty capture."""

    pits: int
    capture: bool = True
    empty_capture: bool = False

    @classmethod
    def of(cls, rules: Rules) -> KalahSpec:
        """The spec of ``rules``; ValueError for a variant or option the solver does not solve."""
        if rules.name != "kalah":
            raise ValueError(f"the solver solves Kalah, not {rules.name}")
        o = rules.options
        if o["end"] != "either_row_empty" or o["leftovers"] != "owner":
            raise ValueError("the solver solves Kalah ending when either row is empty (banked)")
        return cls(rules.pits, bool(o["capture"]), bool(o["empty_capture"]))

    @property
    def tag(self) -> str:
        """A short name for file names: ``p6``, ``p6-empty``, ``p6-nocap``."""
        if not self.capture:
            return f"p{self.pits}-nocap"
        return f"p{self.pits}-empty" if self.empty_capture else f"p{self.pits}"


def view(state: State) -> tuple[View, int]:
    """The mover's view of ``state`` and the mover's store lead."""
    player = state.to_move
    if player is None:
        raise ValueError("the game is over")
    n = state.rules.pits
    b = state.board
    mine, theirs = b[(n + 1) * player : (n + 1) * player + n], b[(n + 1) * (1 - player) :][:n]
    return mine + theirs, b[(n + 1) * player + n] - b[(n + 1) * (1 - player) + n]


def play(spec: KalahSpec, b: View, i: int) -> tuple[int, int, int, View]:
    """Play pit ``i`` (non-empty): (what follows, seeds the mover gains, seeds left on the board,
    the child view).  The child is seen by whoever moves next; after the end its rows are banked
    into the gain."""
    p = spec.pits
    m = 2 * p
    ring = m + 1  # own pits, own store (ring slot p), opponent pits
    c = list(b)
    n = c[i]
    c[i] = 0
    laps, rest = divmod(n, ring)
    gain = laps
    if laps:
        c = [x + laps for x in c]
    t = i
    for _ in range(rest):
        t = 0 if t + 1 == ring else t + 1
        if t == p:
            gain += 1
        else:
            c[t if t < p else t - 1] += 1
    last = (i + n) % ring
    if last < p and c[last] == 1 and spec.capture:
        opp = m - 1 - last
        if c[opp] or spec.empty_capture:
            gain += c[opp] + 1
            c[opp] = c[last] = 0
    own, theirs = sum(c[:p]), sum(c[p:])
    if own == 0 or theirs == 0:
        return NEXT_OVER, gain + own - theirs, own + theirs, tuple(c)
    if last == p:
        return NEXT_SAME, gain, own + theirs, tuple(c)
    return NEXT_OPPONENT, gain, own + theirs, tuple(c[p:] + c[:p])


def over_value(spec: KalahSpec, b: View) -> int | None:
    """The value of a view with an empty row (its banking), None while both rows hold seeds."""
    own, theirs = sum(b[: spec.pits]), sum(b[spec.pits :])
    return own - theirs if own == 0 or theirs == 0 else None


RECURSION = 10_000
"""How deep the pure-Python solver and table builder may recurse (once per move of the longest
line they follow)."""


def deep_enough() -> None:
    """Let Python recurse as deep as the pure solver needs: the limit is raised (never lowered)
    when a pure solver or table build starts, not as a side effect of importing the engine."""
    if sys.getrecursionlimit() < RECURSION:
        sys.setrecursionlimit(RECURSION)
