"""The lobby's tables, their common part: the store they run on, and the versions long-polls
wait on (``lobby_versions``: the lobby's own, bumped by every change, and each game's quick
messages'), watched by the store's own watcher over them (``SQLStore.watcher_on``: SQLite's
commit counter on one machine, PostgreSQL's LISTEN/NOTIFY on channel ``mancala_lobby`` across
hosts).  The queries by job are beside it (:mod:`app.lobby.store` gathers them)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

from app.store.base import Watcher
from app.store.queries import Connection, versions_in
from app.store.schema import LOBBY_CHANNEL
from app.store.sql import SQLStore

T = TypeVar("T")

LOBBY = "lobby"  # the one version every lobby change bumps
MESSAGES = "messages:"  # + a game's id: the version of its quick messages (their count)
CHANNEL = LOBBY_CHANNEL  # PostgreSQL's NOTIFY channel: payload "<key> <version>"


@lru_cache(maxsize=16384)
def tag_of(device: str) -> str:
    """A device's public tag: 12 hex digits of a hash of its (secret-derived) owner hash
    (remembered: a room's reader asks for every player's at each look)."""
    return hashlib.sha256(f"lobby:{device}".encode()).hexdigest()[:12]


class LobbyQueries:
    """The lobby's queries on one SQL store (SQLite or PostgreSQL), through its dialect: what
    every job's share of them runs on."""

    def __init__(self, store: SQLStore) -> None:
        self.store = store

    def run(self, work: Callable[[Connection], T]) -> T:
        return self.store.run(work)

    def execute(self, db: Connection, text: str, **args: Any) -> Any:
        return self.store.execute(db, text, **args)

    # -- the version long-polls wait on -------------------------------------------------------

    def bump(self, db: Connection) -> None:
        """Note a change of the lobby (on an open connection): its version moves on."""
        self.execute(
            db,
            "INSERT INTO lobby_versions (key, version) VALUES (:key, 1) ON CONFLICT (key) "
            "DO UPDATE SET version = lobby_versions.version + 1",
            key=LOBBY,
        )

    def version(self) -> int:
        """The lobby's version now (0 before its first change)."""
        return self.version_of(LOBBY)

    def versions(self, db: Connection, keys: list[str]) -> dict[str, int]:
        """The versions of ``keys`` (on an open connection); one never changed is 0."""
        found = versions_in(self.store, db, "lobby_versions", "key", keys)
        return {key: found.get(key, 0) for key in keys}

    def version_of(self, key: str) -> int:
        """One key's version now (0 before its first change)."""
        return self.run(lambda db: self.versions(db, [key]))[key]

    def watcher(self) -> Watcher:
        """A long-poll watcher on the lobby's version, of this store's kind."""
        return self.store.watcher_on(CHANNEL, self.versions)

    def change(self, query: str, **args: Any) -> bool:
        """Run one write; if it changed a row, bump the lobby's version: whether it did."""
        return self.change_count(query, **args) > 0

    def change_count(self, query: str, **args: Any) -> int:
        def write(db: Connection) -> int:
            with self.store.dialect.transaction(db):
                count = int(self.execute(db, query, **args).rowcount)
                if count:
                    self.bump(db)
                return count

        return self.run(write)
