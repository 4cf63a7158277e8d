"""What a client sends to the lessons and puzzles: the bodies and queries
:mod:`app.learn.routes` parses, as TypedDicts the API document is written from."""

from __future__ import annotations

from typing import Literal, Required

from typing_extensions import TypedDict


class PitAsk(TypedDict):
    """A pit tried in a lesson step."""

    pit: int
    """The mover's pit, 0 first."""


class PuzzleTryAsk(TypedDict, total=False):
    """A pit tried after the line's moves already played."""

    pit: Required[int]
    """The mover's pit, 0 first."""
    moves: list[int]
    """The line's moves already played (the solver plays every one of their moves)."""


class MistakesAsk(TypedDict, total=False):
    """Puzzles from one analysed game of yours, or (no field) your recent games."""

    game: str
    """The game's id."""


class PuzzleQuery(TypedDict, total=False):
    """Which puzzle comes next."""

    variant: str
    """The variant (default kalah)."""
    theme: str
    """One theme only."""
    mine: Literal["1", "true"]
    """Your oldest own puzzle."""
    streak: int
    """Streak mode after this many solved in a row (untried only, harder as it grows)."""
