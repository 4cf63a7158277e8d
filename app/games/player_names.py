"""The players' names table, written once for both SQL stores.

``players``: a name kept for a device (its seat owner hash); ``name_key`` (the name's
confusable skeleton, see :mod:`app.games.names`) is unique, so two devices never share a name,
nor two names that look the same.

The players (:mod:`app.players.names`) keep and change the names; the table sits on the games'
floor because the games (a seat shows its player's name) and the ratings (rated games are
between named players) read it too, and both are floors below the players.  The queries run
over the store's one SQL layer and its dialects (:class:`app.store.queries.Queries`); the
table's DDL is migration 5 of the store's one schema (:mod:`app.store.schema`).  Reached as
``PlayerNames(store)``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from app.store.queries import Connection, Queries, among


class NameTaken(Exception):
    """Another device holds this name (compared case-insensitively)."""


class PlayerNames:
    """The players' names on one SQL store (see the module docstring)."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    def _all(self, query: str, **args: Any) -> list[tuple[Any, ...]]:
        return self.store.run(lambda db: self.store.execute(db, query, **args).fetchall())

    def name_of(self, device: str) -> str | None:
        """The name kept for ``device``, or None."""
        found = self._all("SELECT name FROM players WHERE device = :device", device=device)
        return str(found[0][0]) if found else None

    def names_of(self, devices: Iterable[str]) -> dict[str, str]:
        """The names kept for those of ``devices`` that have one."""
        ids = sorted(set(devices))
        out: dict[str, str] = {}
        for marks, chunk in among(ids):
            query = f"SELECT device, name FROM players WHERE device IN ({marks})"
            out.update({str(d): str(n) for d, n in self._all(query, **chunk)})
        return out

    def device_of(self, key: str) -> tuple[str, str] | None:
        """The device holding the name whose folded form is ``key``, and the name as kept."""
        found = self._all("SELECT device, name FROM players WHERE name_key = :key", key=key)
        return (str(found[0][0]), str(found[0][1])) if found else None

    def set_name(self, device: str, name: str, key: str) -> None:
        """Keep ``name`` (folded ``key``) for ``device``, freeing its old name; NameTaken if
        another device holds the key (a race between two devices included: the key is unique)."""
        query = (
            "INSERT INTO players (device, name, name_key, created, updated) "
            "VALUES (:device, :name, :key, :at, :at) ON CONFLICT (device) DO UPDATE SET "
            "name = excluded.name, name_key = excluded.name_key, updated = excluded.updated"
        )
        unique = self.store.dialect.unique

        def write(db: Connection) -> bool:
            try:
                self.store.execute(db, query, device=device, name=name, key=key, at=time.time())
            except unique:
                return False
            return True

        if not self.store.run(write):
            raise NameTaken(name)

    def forget(self, device: str) -> None:
        """Release ``device``'s name (it has none afterwards)."""
        query = "DELETE FROM players WHERE device = :device"
        self.store.run(lambda db: self.store.execute(db, query, device=device))

    def rekey(self, key: Callable[[str], str | None]) -> list[str]:
        """Bring every kept name's ``name_key`` to ``key`` of it (None: the name breaks the
        rule now), in one transaction: of names that now share a key, the one taken first
        (its row's ``updated``, then its device) keeps it; the others, and names whose key is
        None, are released.  The devices released, none when every key is as kept."""

        def work(db: Connection) -> list[str]:
            with self.store.dialect.transaction(db):
                rows = self.store.execute(
                    db, "SELECT device, name, name_key, updated FROM players"
                ).fetchall()
                wanted = {str(r[0]): key(str(r[1])) for r in rows}
                if all(wanted[str(r[0])] == r[2] for r in rows):
                    return []
                holder: dict[str, str] = {}
                released: list[str] = []
                for device, _, _, _ in sorted(rows, key=lambda r: (float(r[3]), str(r[0]))):
                    new = wanted[str(device)]
                    if new is None or new in holder:
                        released.append(str(device))
                    else:
                        holder[new] = str(device)
                for device in released:
                    self.store.execute(
                        db, "DELETE FROM players WHERE device = :device", device=device
                    )
                old_keys = {str(r[0]): r[2] for r in rows}
                moved = [(d, k) for k, d in holder.items() if old_keys[d] != k]
                update = "UPDATE players SET name_key = :key WHERE device = :device"
                for device, _ in moved:  # out of the way first: one's new key may be another's old
                    self.store.execute(db, update, key=f"rekey {device}", device=device)
                for device, new in moved:
                    self.store.execute(db, update, key=new, device=device)
                return released

        return self.store.run(work)

    def named(self, limit: int = 1000) -> list[tuple[str, str]]:
        """(device, name) of the named players, by name."""
        query = "SELECT device, name FROM players ORDER BY name_key LIMIT :limit"
        return [(str(d), str(n)) for d, n in self._all(query, limit=limit)]
