"""The ratings' tables, written once for both SQL stores: the ratings feature owns them.

- ``ratings``: a device's Glicko-2 rating in one pool (``rating``, ``deviation``,
  ``volatility``) and its rated games there.
- ``rating_history``: one row per player and rated game: the rating before and after.
- ``settled``: the rated games whose ratings changed; written in the same transaction as the
  change, so a game's end changes ratings exactly once however many hosts see it.

The queries run over the store's one SQL layer and its dialects
(:class:`app.store.queries.Queries`), naming their parameters as :mod:`app.store.sql` does; the
tables' DDL is migration 5 of the store's one schema (:mod:`app.store.schema`).  Reached as
``RatingTables(store)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.store.queries import Connection, Queries


@dataclass(frozen=True)
class KeptRating:
    """A device's rating in one pool as kept: Glicko scale, and how many rated games."""

    device: str
    pool: str
    rating: float
    deviation: float
    volatility: float
    games: int
    updated: float


@dataclass(frozen=True)
class Change:
    """One player's rating change in one rated game (a row of ``rating_history``)."""

    device: str
    pool: str
    game_id: str
    before_rating: float
    before_deviation: float
    after_rating: float
    after_deviation: float
    at: float


@dataclass(frozen=True)
class NewRating:
    """A rating to write in :meth:`RatingTables.settle`: the device's new values in the pool,
    and what they were (for the history)."""

    device: str
    before: tuple[float, float, float]  # rating, deviation, volatility
    after: tuple[float, float, float]


HISTORY = (
    "device, pool, game_id, before_rating, before_deviation, after_rating, after_deviation, at"
)
RATING = "device, pool, rating, deviation, volatility, games, updated"


class Settling:
    """What a settlement reads inside its transaction: a device's kept rating in the game's
    pool (None: a newcomer) and how many rated games a pair played there since a time."""

    def __init__(self, tables: RatingTables, db: Connection, pool: str) -> None:
        self.tables, self.db, self.pool = tables, db, pool

    def rating(self, device: str) -> KeptRating | None:
        return self.tables.rating(self.db, device, self.pool)

    def pair_games(self, first: str, second: str, since: float) -> int:
        """The rated games (ratings changed) between ``first`` and ``second`` in the pool
        settled at ``since`` or later."""
        query = (
            "SELECT COUNT(*) FROM rating_history a JOIN rating_history b "
            "ON a.game_id = b.game_id WHERE a.device = :first AND b.device = :second "
            "AND a.pool = :pool AND a.at >= :since"
        )
        found = self.tables.store.execute(
            self.db, query, first=first, second=second, pool=self.pool, since=since
        ).fetchone()
        return int(found[0]) if found else 0


# What :meth:`RatingTables.settle` asks for a game's new ratings, given what the settlement
# reads (:class:`Settling`): the new ratings, none when the game does not count (see
# :mod:`app.ratings.settle` and :mod:`app.ratings.policy`).
Rater = Callable[[Settling], list[NewRating]]


class RatingTables:
    """The ratings' queries on one SQL store (see the module docstring)."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    def _all(self, query: str, **args: Any) -> list[tuple[Any, ...]]:
        return self.store.run(lambda db: self.store.execute(db, query, **args).fetchall())

    def ratings_of(self, device: str) -> list[KeptRating]:
        """The device's rating in each pool it has played rated games in."""
        query = f"SELECT {RATING} FROM ratings WHERE device = :device ORDER BY pool"
        return [kept(r) for r in self._all(query, device=device)]

    def rating_in(self, device: str, pool: str) -> KeptRating | None:
        """The device's kept rating in ``pool`` (None: it has played no rated game there)."""
        return self.store.run(lambda db: self.rating(db, device, pool))

    def rating(self, db: Connection, device: str, pool: str) -> KeptRating | None:
        query = f"SELECT {RATING} FROM ratings WHERE device = :device AND pool = :pool"
        found = self.store.execute(db, query, device=device, pool=pool).fetchone()
        return None if found is None else kept(found)

    def pool(self, pool: str, limit: int = 200) -> list[KeptRating]:
        """The pool's ratings, highest first."""
        query = (
            f"SELECT {RATING} FROM ratings WHERE pool = :pool "
            "ORDER BY rating DESC, device LIMIT :limit"
        )
        return [kept(r) for r in self._all(query, pool=pool, limit=limit)]

    def pools(self) -> list[str]:
        """The pools that hold a rating."""
        return [str(r[0]) for r in self._all("SELECT DISTINCT pool FROM ratings ORDER BY pool")]

    def history(self, device: str, pool: str | None = None, limit: int = 500) -> list[Change]:
        """The device's rating changes (in one pool, or all), oldest first."""
        which = "" if pool is None else " AND pool = :pool"
        query = (
            f"SELECT {HISTORY} FROM rating_history WHERE device = :device{which} "
            "ORDER BY at DESC LIMIT :limit"
        )
        rows = self._all(query, device=device, pool=pool, limit=limit)
        return [change(r) for r in reversed(rows)]

    def changes_in(self, game_id: str) -> list[Change]:
        """The rating changes a game made (none if it was not rated, or not yet settled)."""
        query = f"SELECT {HISTORY} FROM rating_history WHERE game_id = :game"
        return [change(r) for r in self._all(query, game=game_id)]

    def is_settled(self, game_id: str) -> bool:
        found = self._all("SELECT 1 FROM settled WHERE game_id = :game", game=game_id)
        return bool(found)

    def settle(self, game_id: str, pool: str, rate: Rater) -> bool:
        """Change the ratings of a finished game's players once: in one transaction, claim the
        game in ``settled`` (a game already there: nothing is done, False), read the players'
        ratings, ask ``rate`` for the new ones (:class:`Settling` reads the kept ratings and
        the pair's games; none: the game does not count, claimed all the same), write them
        with their history rows and move the game to its next version (so that whoever waits
        on it is told).  True if this call claimed it.  Settlements take turns
        (the ratings table is held for the transaction): of two games of one player ending at
        once, the second is rated on the rating the first left."""
        claim = (
            "INSERT INTO settled (game_id, pool, at) VALUES (:game, :pool, :at) "
            "ON CONFLICT (game_id) DO NOTHING"
        )
        upsert = (
            f"INSERT INTO ratings ({RATING}) VALUES "
            "(:device, :pool, :rating, :deviation, :volatility, 1, :at) "
            "ON CONFLICT (device, pool) DO UPDATE SET rating = excluded.rating, "
            "deviation = excluded.deviation, volatility = excluded.volatility, "
            "games = ratings.games + 1, updated = excluded.updated"
        )
        history = (
            f"INSERT INTO rating_history ({HISTORY}) VALUES (:device, :pool, :game, "
            ":before_rating, :before_deviation, :after_rating, :after_deviation, :at) "
            "ON CONFLICT (device, game_id) DO NOTHING"
        )

        def write(db: Connection) -> bool:
            with self.store.dialect.transaction(db):
                if self.store.dialect.lock:  # one settlement at a time: each reads the last's
                    self.store.execute(db, self.store.dialect.lock.format(table="ratings"))
                now = time.time()  # once its turn came: the history's order is the chain's
                if self.store.execute(db, claim, game=game_id, pool=pool, at=now).rowcount != 1:
                    return False
                news = rate(Settling(self, db, pool))
                for new in news:
                    r, d, v = new.after
                    self.store.execute(
                        db,
                        upsert,
                        device=new.device,
                        pool=pool,
                        rating=r,
                        deviation=d,
                        volatility=v,
                        at=now,
                    )
                    self.store.execute(
                        db,
                        history,
                        device=new.device,
                        pool=pool,
                        game=game_id,
                        before_rating=new.before[0],
                        before_deviation=new.before[1],
                        after_rating=r,
                        after_deviation=d,
                        at=now,
                    )
                # A new version of the game: its players' long-polls wake to show the change.
                self.store.next_version(db, game_id)
                return True

        return self.store.run(write)


def kept(row: tuple[Any, ...]) -> KeptRating:
    return KeptRating(
        str(row[0]),
        str(row[1]),
        float(row[2]),
        float(row[3]),
        float(row[4]),
        int(row[5]),
        float(row[6]),
    )


def change(row: tuple[Any, ...]) -> Change:
    return Change(
        str(row[0]),
        str(row[1]),
        str(row[2]),
        float(row[3]),
        float(row[4]),
        float(row[5]),
        float(row[6]),
        float(row[7]),
    )
