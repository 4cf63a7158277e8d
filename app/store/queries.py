"""What every family of SQL tables shares: a connection, the store's way to run queries on one,
ids named a few hundred at a time in ``IN (…)``, and the read of versioned rows a long-poll
watches.  It imports nothing else of the store, so the games' queries (:mod:`app.store.sql`)
and each feature's own tables (``app/<feature>/store.py``: lobby, players, ratings, …) both
build on it without importing each other."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeVar

from app.store.json_types import JSONObject

T = TypeVar("T")
Connection = Any  # a DB-API connection whose execute() answers a cursor (sqlite3, psycopg)
IDS_AT_ONCE = 500  # ids in one ``IN (…)``
# Reads the current versions of some keys on an open connection (what a long-poll watches).
Versions = Callable[[Connection, list[str]], dict[str, int]]


class Transactions(Protocol):
    """What such tables ask of the store's dialect: a write of several statements, the
    statement that locks a table till the write ends ("" where the database needs none), the
    clause that locks a SELECT's rows, and the driver's error for a unique key taken."""

    lock: str
    for_update: str  # after a SELECT in a transaction: lock its rows ("" where the file locks)
    unique: tuple[type[Exception], ...]  # the driver's error for a unique key taken

    def transaction(self, db: Connection) -> AbstractContextManager[Any]:
        """Several statements as one write: committed together, or rolled back on an error."""
        ...


class Queries(Protocol):
    """What a feature's family of tables (lobby, players, …) asks of an SQL store."""

    @property
    def dialect(self) -> Transactions:
        """The store's dialect."""
        ...

    def run(self, work: Callable[[Connection], T]) -> T:
        """``work`` on a connection of the store, as one transaction."""
        ...

    def execute(self, db: Connection, text: str, **args: Any) -> Any:
        """One query with named parameters, in the store's dialect."""
        ...

    def next_version(self, db: Connection, game_id: str) -> None:
        """Move a game to its next version on an open connection (its long-polls wake)."""
        ...


def among(ids: list[str]) -> Iterator[tuple[str, JSONObject]]:
    """``ids`` a few hundred at a time: the parameters that name them in ``IN (…)``, and their
    values."""
    for i in range(0, len(ids), IDS_AT_ONCE):
        chunk = {f"g{n}": gid for n, gid in enumerate(ids[i : i + IDS_AT_ONCE])}
        yield ", ".join(f":{name}" for name in chunk), chunk


def versions_in(
    store: Queries, db: Connection, table: str, key: str, keys: list[str]
) -> dict[str, int]:
    """The ``version`` of each row of ``table`` whose column ``key`` is one of ``keys`` (on an
    open connection): the rows that exist (what a long-poll's watcher reads, for the games and
    for a feature's versioned rows alike)."""
    found: dict[str, int] = {}
    for marks, chunk in among(keys):
        query = f"SELECT {key}, version FROM {table} WHERE {key} IN ({marks})"
        for name, version in store.execute(db, query, **chunk).fetchall():
            found[str(name)] = int(version)
    return found
