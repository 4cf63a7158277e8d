"""What the lessons and puzzles keep, in the game store's database (SQLite or PostgreSQL): the
steps a device has passed, puzzle ratings (each player's and each puzzle's), the first try of
each puzzle by each device and from each network address, and each device's own puzzles (made
from its mistakes).

The learn feature owns these tables: its queries are written once here, run over the store's one
SQL layer and its dialects (:class:`app.store.queries.Queries`); the tables' DDL is migrations
8 and 11 of the store's one schema (:mod:`app.store.schema`;
the first try from each address is what the puzzle policy rates).  A device is its seat
owner (the hash of its token, :func:`app.games.owner_hash`).  The rating arithmetic is not
here: :meth:`LearnStore.rate` hands the two ratings to the caller's function and writes back
what it answers, in one transaction.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from app.store.queries import Connection, Queries


@dataclass(frozen=True)
class Kept:
    """A puzzle rating as stored: Glicko rating, deviation, volatility; tries and solves."""

    r: float
    rd: float
    sigma: float
    tries: int = 0
    solved: int = 0


Rater = Callable[[Kept | None, Kept | None], tuple[Kept, Kept]]
"""(the player's rating, the puzzle's; None: none yet) -> both after the try."""

PLAYER = "SELECT r, rd, sigma, tries, solved FROM puzzle_players WHERE owner = :who"
PUZZLE = "SELECT r, rd, sigma, tries, solved FROM puzzle_ratings WHERE puzzle = :who"
SAVE_PLAYER = (
    "INSERT INTO puzzle_players (owner, r, rd, sigma, tries, solved, updated) "
    "VALUES (:who, :r, :rd, :sigma, :tries, :solved, :at) ON CONFLICT (owner) DO UPDATE SET "
    "r = excluded.r, rd = excluded.rd, sigma = excluded.sigma, tries = excluded.tries, "
    "solved = excluded.solved, updated = excluded.updated"
)
SAVE_PUZZLE = (
    "INSERT INTO puzzle_ratings (puzzle, r, rd, sigma, tries, solved, updated) "
    "VALUES (:who, :r, :rd, :sigma, :tries, :solved, :at) ON CONFLICT (puzzle) DO UPDATE SET "
    "r = excluded.r, rd = excluded.rd, sigma = excluded.sigma, tries = excluded.tries, "
    "solved = excluded.solved, updated = excluded.updated"
)


def _kept(row: tuple[float, float, float, int, int] | None) -> Kept | None:
    if row is None:
        return None
    return Kept(float(row[0]), float(row[1]), float(row[2]), int(row[3]), int(row[4]))


def _args(who: str, kept: Kept, at: float) -> dict[str, object]:
    return {
        "who": who,
        "r": kept.r,
        "rd": kept.rd,
        "sigma": kept.sigma,
        "tries": kept.tries,
        "solved": kept.solved,
        "at": at,
    }


class LearnStore:
    """Lesson progress, puzzle ratings, first tries and own puzzles, through the game store."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    # -- lessons --------------------------------------------------------------------------------

    def steps_done(self, owner: str) -> dict[str, list[str]]:
        """The steps ``owner`` has passed, by variant, in the order passed."""
        query = "SELECT variant, step FROM lesson_steps WHERE owner = :owner ORDER BY done, step"
        rows = self.store.run(lambda db: self.store.execute(db, query, owner=owner).fetchall())
        done: dict[str, list[str]] = {}
        for variant, step in rows:
            done.setdefault(str(variant), []).append(str(step))
        return done

    def pass_step(self, owner: str, variant: str, step: str) -> None:
        """Note that ``owner`` passed ``step`` of ``variant`` (once; again changes nothing)."""
        query = (
            "INSERT INTO lesson_steps (owner, variant, step, done) "
            "VALUES (:owner, :variant, :step, :at) ON CONFLICT DO NOTHING"
        )
        at = time.time()
        self.store.run(
            lambda db: self.store.execute(db, query, owner=owner, variant=variant, step=step, at=at)
        )

    # -- puzzle ratings -------------------------------------------------------------------------

    def player(self, owner: str) -> Kept | None:
        """``owner``'s puzzle rating, None before their first rated try."""
        return _kept(
            self.store.run(lambda db: self.store.execute(db, PLAYER, who=owner).fetchone())
        )

    def puzzle(self, puzzle: str) -> Kept | None:
        """A puzzle's rating as tries moved it, None while nobody has tried it."""
        return _kept(
            self.store.run(lambda db: self.store.execute(db, PUZZLE, who=puzzle).fetchone())
        )

    def puzzles(self, ids: list[str]) -> dict[str, Kept]:
        """The ratings kept for those puzzles (the others have none yet)."""
        if not ids:
            return {}
        names = {f"p{n}": pid for n, pid in enumerate(ids)}
        query = (
            "SELECT puzzle, r, rd, sigma, tries, solved FROM puzzle_ratings "
            f"WHERE puzzle IN ({', '.join(':' + n for n in names)})"
        )
        rows = self.store.run(lambda db: self.store.execute(db, query, **names).fetchall())
        found = {str(row[0]): _kept(row[1:]) for row in rows}
        return {pid: kept for pid, kept in found.items() if kept is not None}

    def tried(self, owner: str) -> dict[str, bool]:
        """Every puzzle ``owner`` has tried: whether the first try solved it."""
        query = "SELECT puzzle, solved FROM puzzle_tries WHERE owner = :owner"
        rows = self.store.run(lambda db: self.store.execute(db, query, owner=owner).fetchall())
        return {str(p): bool(s) for p, s in rows}

    def rate(
        self,
        owner: str,
        puzzle: str,
        solved: bool,
        rater: Rater,
        address: str | None = None,
        counts: bool = True,
    ) -> tuple[Kept | None, Kept | None, Kept, Kept] | None:
        """Count ``owner``'s first try of ``puzzle``: the two ratings before and after
        (``rater`` computes the after), written with the try in one transaction.  None, and
        no rating written, unless this is ``owner``'s first try, the first try of the puzzle
        from ``address`` (when given) and ``counts`` (the caller's policy: a named player);
        the try and the address's try are noted all the same (a try that is not rated still
        uses up the address's first try)."""
        lock = self.store.dialect.for_update
        at = time.time()

        def work(db: Connection) -> tuple[Kept | None, Kept | None, Kept, Kept] | None:
            with self.store.dialect.transaction(db):
                first = self.store.execute(
                    db,
                    "INSERT INTO puzzle_tries (owner, puzzle, solved, at) "
                    "VALUES (:owner, :puzzle, :solved, :at) ON CONFLICT DO NOTHING",
                    owner=owner,
                    puzzle=puzzle,
                    solved=int(solved),
                    at=at,
                ).rowcount
                from_address = address is None or (
                    self.store.execute(
                        db,
                        "INSERT INTO puzzle_addresses (address, puzzle, at) "
                        "VALUES (:address, :puzzle, :at) ON CONFLICT DO NOTHING",
                        address=address,
                        puzzle=puzzle,
                        at=at,
                    ).rowcount
                    == 1
                )
                if first != 1 or not from_address or not counts:
                    return None
                player = _kept(self.store.execute(db, PLAYER + lock, who=owner).fetchone())
                rated = _kept(self.store.execute(db, PUZZLE + lock, who=puzzle).fetchone())
                new_player, new_puzzle = rater(player, rated)
                self.store.execute(db, SAVE_PLAYER, **_args(owner, new_player, at))
                self.store.execute(db, SAVE_PUZZLE, **_args(puzzle, new_puzzle, at))
                return player, rated, new_player, new_puzzle

        return self.store.run(work)

    # -- own puzzles ----------------------------------------------------------------------------

    def save_own(self, owner: str, puzzles: list[tuple[str, str]]) -> int:
        """Keep ``(id, JSON text)`` puzzles for ``owner`` (one already kept stays as it is):
        how many were new."""
        query = (
            "INSERT INTO own_puzzles (owner, id, data, created) "
            "VALUES (:owner, :id, :data, :at) ON CONFLICT DO NOTHING"
        )
        at = time.time()

        def work(db: Connection) -> int:
            new = 0
            with self.store.dialect.transaction(db):
                for pid, data in puzzles:
                    found = self.store.execute(db, query, owner=owner, id=pid, data=data, at=at)
                    new += max(0, found.rowcount)
            return new

        return self.store.run(work) if puzzles else 0

    def own(self, owner: str) -> list[str]:
        """``owner``'s own puzzles as JSON text, oldest first."""
        query = "SELECT data FROM own_puzzles WHERE owner = :owner ORDER BY created, id"
        rows = self.store.run(lambda db: self.store.execute(db, query, owner=owner).fetchall())
        return [str(row[0]) for row in rows]
