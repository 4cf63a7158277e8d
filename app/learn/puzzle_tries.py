"""A device's past puzzle tries, from the game store.

The past tries are the first tries the store keeps for the puzzle policy (``puzzle_tries``:
each puzzle once, whether that first try solved it, when): newest first, the failed ones to
replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.store.queries import Queries

PAST = 50
"""The most past tries listed."""


@dataclass(frozen=True)
class PastTry:
    """A puzzle tried: its id, whether the first try solved it, when (seconds since 1970)."""

    puzzle: str
    solved: bool
    at: float


class PuzzleTries:
    """Past tries over the game store."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    def past(self, owner: str, most: int = PAST) -> list[PastTry]:
        """``owner``'s tried puzzles, newest first (at most ``most``)."""
        query = (
            "SELECT puzzle, solved, at FROM puzzle_tries WHERE owner = :owner "
            "ORDER BY at DESC, puzzle LIMIT :most"
        )
        rows = self.store.run(
            lambda db: self.store.execute(db, query, owner=owner, most=most).fetchall()
        )
        return [PastTry(str(p), bool(s), float(a)) for p, s, a in rows]
