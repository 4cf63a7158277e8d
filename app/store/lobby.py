"""The lobby's shared state, on either SQL store: who is here, seeks and challenges.

Its SQL is written once, through the store's dialect (:mod:`app.store.sql`); its tables are in
SQLite's SCHEMA and PostgreSQL's migration 6.  A device is the hash of its seat token (what
owns a game's seats); others see it by its ``tag``, a short public name that can't be turned
back into the hash.

- **Presence**: ``lobby_devices`` keeps when each device last looked at the lobby (and whether
  it turned quick messages off).
- **Seeks**: an open game waiting for anyone (``target`` NULL), or a direct challenge to one
  device (``target`` its hash).  Taking one is one conditional UPDATE: of two takers, on any
  host, exactly one gets it.
- **Live**: every change bumps the lobby's version (``lobby_versions``); long-polls wait on it
  with :class:`LobbySQLiteWatcher` (one machine) or :class:`LobbyNotifyWatcher` (PostgreSQL's
  LISTEN/NOTIFY, every host).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from typing import Any, TypeVar

from app.store.base import Waiters, Watcher
from app.store.json_types import JSONObject
from app.store.sql import Connection, SQLStore, among

log = logging.getLogger(__name__)
T = TypeVar("T")

LOBBY = "lobby"  # the one version every lobby change bumps
MESSAGES = "messages:"  # + a game's id: the version of its quick messages (their count)
CHANNEL = "mancala_lobby"  # PostgreSQL's NOTIFY channel: payload "<key> <version>"

# PostgreSQL's migration 6 (SQLite's tables are in its SCHEMA): the lobby, and the trigger
# that NOTIFYs every host when its version (or a game's messages') moves on.  Each statement
# may run again on a database that has it (a migration applied anew leaves it as it is).
POSTGRES_MIGRATION = [
    """CREATE TABLE IF NOT EXISTS lobby_versions (
        key TEXT PRIMARY KEY,
        version INTEGER NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS lobby_devices (
        device TEXT PRIMARY KEY,
        tag TEXT NOT NULL UNIQUE,
        seen DOUBLE PRECISION NOT NULL,
        quiet INTEGER NOT NULL DEFAULT 0
    )""",
    "CREATE INDEX IF NOT EXISTS lobby_devices_seen ON lobby_devices (seen)",
    """CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        device TEXT NOT NULL,
        target TEXT,
        body TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        state TEXT NOT NULL DEFAULT 'open',
        game_id TEXT,
        taker TEXT,
        answered DOUBLE PRECISION
    )""",
    "CREATE INDEX IF NOT EXISTS seeks_by_device ON seeks (device)",
    "CREATE INDEX IF NOT EXISTS seeks_by_target ON seeks (target)",
    """CREATE TABLE IF NOT EXISTS quick_messages (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
    "CREATE INDEX IF NOT EXISTS quick_messages_at ON quick_messages (at)",
    f"""CREATE OR REPLACE FUNCTION mancala_lobby_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', NEW.key || ' ' || NEW.version);
        RETURN NEW;
    END $$""",
    "DROP TRIGGER IF EXISTS lobby_changed ON lobby_versions",
    """CREATE TRIGGER lobby_changed AFTER INSERT OR UPDATE ON lobby_versions
        FOR EACH ROW EXECUTE FUNCTION mancala_lobby_changed()""",
]

SEEK_COLUMNS = "id, device, target, body, created, state, game_id, taker, answered"


def tag_of(device: str) -> str:
    """A device's public tag: 12 hex digits of a hash of its (secret-derived) owner hash."""
    return hashlib.sha256(f"lobby:{device}".encode()).hexdigest()[:12]


@dataclass(frozen=True)
class Seek:
    """A game offered in the lobby: to anyone (``target`` None) or to one device (a
    challenge).  ``state``: open, taken (``game_id`` made, ``taker`` sat down) or declined."""

    id: str
    device: str
    target: str | None
    body: JSONObject
    created: float
    state: str
    game_id: str | None
    taker: str | None
    answered: float | None

    @classmethod
    def decode(cls, row: tuple[Any, ...]) -> Seek:
        try:
            body = json.loads(row[3])
        except (TypeError, ValueError):
            body = {}
        return cls(
            str(row[0]),
            str(row[1]),
            None if row[2] is None else str(row[2]),
            body if isinstance(body, dict) else {},
            float(row[4]),
            str(row[5]),
            None if row[6] is None else str(row[6]),
            None if row[7] is None else str(row[7]),
            None if row[8] is None else float(row[8]),
        )


@dataclass(frozen=True)
class Here:
    """A device seen in the lobby: its hash, public tag, when it was last seen."""

    device: str
    tag: str
    seen: float


class LobbyStore:
    """The lobby's queries on one SQL store (SQLite or PostgreSQL), through its dialect."""

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
        found: dict[str, int] = {}
        for marks, chunk in among(keys):
            query = f"SELECT key, version FROM lobby_versions WHERE key IN ({marks})"
            for key, version in self.execute(db, query, **chunk).fetchall():
                found[str(key)] = int(version)
        return {key: found.get(key, 0) for key in keys}

    def version_of(self, key: str) -> int:
        """One key's version now (0 before its first change)."""
        return self.run(lambda db: self.versions(db, [key]))[key]

    def watcher(self) -> Watcher:
        """A long-poll watcher on the lobby's version, of this store's kind."""
        if self.store.kind == "postgresql":
            return LobbyNotifyWatcher(self)
        return LobbySQLiteWatcher(self)

    # -- presence -----------------------------------------------------------------------------

    def seen(self, device: str, now: float, here_seconds: float) -> None:
        """Note that ``device`` looks at the lobby at ``now``; one not seen in the last
        ``here_seconds`` arrives (the lobby changes)."""

        def write(db: Connection) -> None:
            found = self.execute(
                db, "SELECT seen FROM lobby_devices WHERE device = :device", device=device
            ).fetchone()
            self.execute(
                db,
                "INSERT INTO lobby_devices (device, tag, seen) VALUES (:device, :tag, :at) "
                "ON CONFLICT (device) DO UPDATE SET seen = excluded.seen",
                device=device,
                tag=tag_of(device),
                at=now,
            )
            if found is None or float(found[0]) < now - here_seconds:
                self.bump(db)

        self.run(write)

    def here(self, since: float, limit: int = 200) -> list[Here]:
        """The devices seen since ``since``, most recently seen first."""
        query = (
            "SELECT device, tag, seen FROM lobby_devices WHERE seen >= :since "
            "ORDER BY seen DESC LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, since=since, limit=limit).fetchall())
        return [Here(str(d), str(t), float(s)) for d, t, s in rows]

    def device_of_tag(self, tag: str) -> str | None:
        """The device with this public tag, if it was ever in the lobby."""
        query = "SELECT device FROM lobby_devices WHERE tag = :tag"
        found = self.run(lambda db: self.execute(db, query, tag=tag).fetchone())
        return None if found is None else str(found[0])

    def last_seen(self, device: str) -> float | None:
        """When ``device`` last looked at the lobby (None: never)."""
        query = "SELECT seen FROM lobby_devices WHERE device = :device"
        found = self.run(lambda db: self.execute(db, query, device=device).fetchone())
        return None if found is None else float(found[0])

    def quiet(self, devices: list[str]) -> set[str]:
        """Of ``devices``, those that turned quick messages off."""
        query = "SELECT quiet FROM lobby_devices WHERE device = :device"

        def read(db: Connection) -> set[str]:
            found = (
                (d, self.execute(db, query, device=d).fetchone()) for d in dict.fromkeys(devices)
            )
            return {d for d, row in found if row is not None and int(row[0])}

        return self.run(read)

    def set_quiet(self, device: str, quiet: bool) -> None:
        """Turn ``device``'s quick messages off (``quiet``) or on (a device new to the lobby
        is kept as never seen there: turning messages off at a table is not being here)."""
        self.run(
            lambda db: self.execute(
                db,
                "INSERT INTO lobby_devices (device, tag, seen, quiet) "
                "VALUES (:device, :tag, 0, :quiet) "
                "ON CONFLICT (device) DO UPDATE SET quiet = excluded.quiet",
                device=device,
                tag=tag_of(device),
                quiet=int(quiet),
            )
        )

    def forget(self, before: float) -> int:
        """Forget devices not seen since ``before`` and seeks made or answered before then:
        how many rows went (the lobby's upkeep: nothing grows without end)."""

        def sweep(db: Connection) -> int:
            gone = self.execute(
                db,
                "DELETE FROM seeks WHERE created < :before AND "
                "(answered IS NULL OR answered < :before)",
                before=before,
            ).rowcount
            gone += self.execute(
                db, "DELETE FROM lobby_devices WHERE seen < :before AND quiet = 0", before=before
            ).rowcount
            gone += self.execute(
                db, "DELETE FROM quick_messages WHERE at < :before", before=before
            ).rowcount
            gone += self.execute(
                db,
                "DELETE FROM lobby_versions WHERE key <> :lobby AND key NOT IN "
                "(SELECT DISTINCT :prefix || game_id FROM quick_messages)",
                lobby=LOBBY,
                prefix=MESSAGES,
            ).rowcount
            return int(gone)

        return self.run(sweep)

    # -- seeks and challenges -----------------------------------------------------------------

    def add_seek(
        self,
        seek_id: str,
        device: str,
        target: str | None,
        body: JSONObject,
        now: float,
        cap: int,
    ) -> bool:
        """Keep a new open seek (or a challenge to ``target``) unless ``device`` already has
        ``cap`` open ones: whether it was kept."""
        text = json.dumps(body)

        def insert(db: Connection) -> bool:
            with self.store.dialect.transaction(db):
                found = self.execute(
                    db,
                    "SELECT COUNT(*) FROM seeks WHERE device = :device AND state = 'open'",
                    device=device,
                ).fetchone()
                if int(found[0]) >= cap:
                    return False
                self.execute(
                    db,
                    f"INSERT INTO seeks ({SEEK_COLUMNS}) VALUES (:id, :device, :target, :body, "
                    ":at, 'open', NULL, NULL, NULL)",
                    id=seek_id,
                    device=device,
                    target=target,
                    body=text,
                    at=now,
                )
                self.bump(db)
                return True

        return self.run(insert)

    def seek(self, seek_id: str) -> Seek | None:
        query = f"SELECT {SEEK_COLUMNS} FROM seeks WHERE id = :id"
        found = self.run(lambda db: self.execute(db, query, id=seek_id).fetchone())
        return None if found is None else Seek.decode(found)

    def seeks(self, where: str, limit: int = 100, **args: Any) -> list[Seek]:
        """The seeks a condition picks, oldest first."""
        query = f"SELECT {SEEK_COLUMNS} FROM seeks WHERE {where} ORDER BY created LIMIT :limit"
        rows = self.run(lambda db: self.execute(db, query, limit=limit, **args).fetchall())
        return [Seek.decode(r) for r in rows]

    def open_seeks(self, limit: int = 100) -> list[Seek]:
        """Seeks to anyone still waiting, oldest first."""
        return self.seeks("target IS NULL AND state = 'open'", limit)

    def involving(self, device: str, limit: int = 100) -> list[Seek]:
        """The seeks ``device`` made (any state) and the open challenges to it."""
        return self.seeks(
            "device = :device OR (target = :device AND state = 'open')", limit, device=device
        )

    def take(self, seek_id: str, taker: str, game_id: str, now: float) -> bool:
        """Take an open seek for the game ``game_id``: True for exactly one taker."""
        return self.change(
            "UPDATE seeks SET state = 'taken', taker = :taker, game_id = :game, answered = :at "
            "WHERE id = :id AND state = 'open'",
            id=seek_id,
            taker=taker,
            game=game_id,
            at=now,
        )

    def untake(self, seek_id: str, game_id: str) -> bool:
        """Open a taken seek again (its game could not be made)."""
        return self.change(
            "UPDATE seeks SET state = 'open', taker = NULL, game_id = NULL, answered = NULL "
            "WHERE id = :id AND game_id = :game",
            id=seek_id,
            game=game_id,
        )

    def withdraw_open(self, devices: list[str]) -> int:
        """Withdraw every open seek (not challenge) of ``devices``: they sat down to a game."""
        gone = 0
        for device in devices:
            gone += self.change_count(
                "DELETE FROM seeks WHERE device = :device AND target IS NULL AND state = 'open'",
                device=device,
            )
        return gone

    def decline(self, seek_id: str, target: str, now: float) -> bool:
        """Decline an open challenge to ``target``."""
        return self.change(
            "UPDATE seeks SET state = 'declined', answered = :at "
            "WHERE id = :id AND target = :target AND state = 'open'",
            id=seek_id,
            target=target,
            at=now,
        )

    def cancel(self, seek_id: str, device: str) -> bool:
        """Withdraw ``device``'s own open seek or challenge."""
        return self.change(
            "DELETE FROM seeks WHERE id = :id AND device = :device AND state = 'open'",
            id=seek_id,
            device=device,
        )

    def delivered(self, seek_ids: list[str], device: str) -> None:
        """Forget answered seeks of ``device`` once it was told (sent to its game, or told
        that its challenge was declined)."""
        query = "DELETE FROM seeks WHERE id = :id AND device = :device AND state <> 'open'"

        def forget(db: Connection) -> None:
            for seek_id in seek_ids:
                self.execute(db, query, id=seek_id, device=device)

        self.run(forget)

    def drop_gone(self, since: float) -> int:
        """Delete open seeks whose maker was not seen since ``since`` (it left the lobby)."""
        return self.change_count(
            "DELETE FROM seeks WHERE state = 'open' AND device NOT IN "
            "(SELECT device FROM lobby_devices WHERE seen >= :since)",
            since=since,
        )

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

    # -- quick messages at the table ----------------------------------------------------------

    def add_message(self, game_id: str, seat: int, text: str, now: float, kept: int) -> int:
        """Add a quick message to a game's (keeping its last ``kept``): its number, which is
        also the version of the game's messages that long-polls wait on."""

        def insert(db: Connection) -> int:
            with self.store.dialect.transaction(db):
                found = self.execute(
                    db, "SELECT MAX(seq) FROM quick_messages WHERE game_id = :game", game=game_id
                ).fetchone()
                seq = int(found[0] or 0) + 1
                self.execute(
                    db,
                    "INSERT INTO quick_messages (game_id, seq, seat, text, at) "
                    "VALUES (:game, :seq, :seat, :words, :at)",
                    game=game_id,
                    seq=seq,
                    seat=seat,
                    words=text,
                    at=now,
                )
                self.execute(
                    db,
                    "DELETE FROM quick_messages WHERE game_id = :game AND seq <= :old",
                    game=game_id,
                    old=seq - kept,
                )
                self.execute(
                    db,
                    "INSERT INTO lobby_versions (key, version) VALUES (:key, :seq) "
                    "ON CONFLICT (key) DO UPDATE SET version = excluded.version",
                    key=MESSAGES + game_id,
                    seq=seq,
                )
                return seq

        return self.run(insert)

    def messages(self, game_id: str) -> list[tuple[int, int, str, float]]:
        """A game's kept quick messages, oldest first: (number, seat, text, time)."""
        query = "SELECT seq, seat, text, at FROM quick_messages WHERE game_id = :game ORDER BY seq"
        rows = self.run(lambda db: self.execute(db, query, game=game_id).fetchall())
        return [(int(q), int(s), str(t), float(a)) for q, s, t, a in rows]

    def running_games(self, since: float, limit: int = 20) -> list[tuple[str, JSONObject]]:
        """Games between two devices, both seats taken, not over, changed since ``since``:
        (id, data), most recently changed first (by the games' fact columns, not replays)."""
        query = (
            "SELECT id, data FROM games WHERE mode = 'remote' AND open_seat = 0 AND "
            "finished = 0 AND updated >= :since ORDER BY updated DESC LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, since=since, limit=limit).fetchall())
        out = []
        for game_id, text in rows:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict):
                out.append((str(game_id), data))
        return out


# -- long-polls on the lobby's version ---------------------------------------------------------


class LobbySQLiteWatcher(Waiters):
    """On SQLite: while anyone waits, a thread asks every ``interval`` seconds whether anything
    was committed (``PRAGMA data_version``) and only then reads the lobby's version."""

    def __init__(self, lobby: LobbyStore, interval: float = 0.05) -> None:
        super().__init__(interval)
        self.lobby = lobby

    def _run(self) -> None:
        from app.store.sqlite import SQLiteStore

        store = self.lobby.store
        assert isinstance(store, SQLiteStore)
        idle_since = time.monotonic()
        last_change = None
        try:
            with closing(store.open()) as db:
                while (waiting := self._waiting(idle_since)) is not None:
                    keys, fresh = waiting
                    if keys:
                        idle_since = time.monotonic()
                        change = db.execute("PRAGMA data_version").fetchone()[0]
                        if fresh or change != last_change:
                            last_change = change
                            read = self._next_read()
                            self._wake(read, keys, self.lobby.versions(db, keys))
                    time.sleep(self.interval)
        except Exception:  # noqa: BLE001 (the next request starts the thread again)
            log.exception("the lobby's watcher stopped; the next request starts it again")
            self._stopped()


class LobbyNotifyWatcher(Waiters):
    """On PostgreSQL: LISTEN for the lobby's NOTIFY (from any host) while anyone waits; a
    newcomer's version is read once LISTEN is in place, so no change slips between."""

    def __init__(self, lobby: LobbyStore, interval: float = 0.1) -> None:
        super().__init__(interval)
        self.lobby = lobby

    def _run(self) -> None:
        from app.store.postgres import PostgresStore, parse

        store = self.lobby.store
        assert isinstance(store, PostgresStore)
        idle_since = time.monotonic()
        try:
            with store.connect(application_name="mancala-lobby") as db:
                db.execute(f"LISTEN {CHANNEL}")
                while (waiting := self._waiting(idle_since)) is not None:
                    keys, fresh = waiting
                    if keys:
                        idle_since = time.monotonic()
                    if fresh:
                        read = self._next_read()
                        self._wake(read, keys, self.lobby.versions(db, keys))
                    changed: dict[str, int] = {}
                    for note in db.notifies(timeout=self.interval):
                        found = parse(note.payload)
                        if found is not None:
                            changed[found[0]] = max(found[1], changed.get(found[0], 0))
                    if changed:
                        self._wake(self._next_read(), list(changed), changed)
        except Exception:  # noqa: BLE001 (the next request starts the thread again)
            log.exception("the lobby's listener stopped; the next request starts it again")
            self._stopped()
