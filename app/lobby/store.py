"""The lobby's shared state, on either SQL store: who is here, seeks and challenges.

The lobby owns these tables: its SQL is written once here, run over the store's one SQL layer
and its dialects (:mod:`app.store.sql`); the tables' DDL is migrations 6 and 10 of the store's
one schema (:mod:`app.store.schema`).  A device is the hash
of its seat token (what owns a game's seats); others see it by its ``tag``, a short public
name that can't be turned back into the hash.

- **Presence**: ``room_presence`` holds the devices whose home page beats, each with the
  address it beats from, when it arrived and whether its address lists it
  (:mod:`app.lobby.presence`); ``lobby_devices`` keeps each device's tag, when it was last here
  and whether it turned quick messages off.
- **Seeks**: an open game waiting for anyone (``target`` NULL), or a direct challenge to one
  device (``target`` its hash).  Taking one is one conditional UPDATE: of two takers, on any
  host, exactly one gets it.
- **Live**: every change bumps the lobby's version (``lobby_versions``); long-polls wait on it
  with the store's own watcher over it (``SQLStore.watcher_on``: SQLite's commit counter on one
  machine, PostgreSQL's LISTEN/NOTIFY on channel ``mancala_lobby`` across hosts).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from app.store.base import Watcher
from app.store.json_types import JSONObject
from app.store.queries import Connection, among, versions_in
from app.store.schema import LOBBY_CHANNEL
from app.store.sql import SQLStore

log = logging.getLogger(__name__)
T = TypeVar("T")

LOBBY = "lobby"  # the one version every lobby change bumps
MESSAGES = "messages:"  # + a game's id: the version of its quick messages (their count)
CHANNEL = LOBBY_CHANNEL  # PostgreSQL's NOTIFY channel: payload "<key> <version>"

SEEK_COLUMNS = "id, device, target, body, created, state, game_id, taker, answered"
SEEK_COLUMNS_OF = ", ".join(f"s.{c.strip()}" for c in SEEK_COLUMNS.split(","))  # in a join


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


@dataclass(frozen=True)
class Present:
    """A device with the room open: its hash, the address its heartbeat came from, when it
    arrived (its first beat of this stay) and when it last beat."""

    device: str
    address: str
    arrived: float
    seen: float

    @property
    def tag(self) -> str:
        return tag_of(self.device)


@dataclass(frozen=True)
class SeekCaps:
    """The most open seeks (to anyone) or challenges (to one player) a device and an address
    may have at once, and the most open challenges to one player from one device and from one
    address."""

    device: int
    address: int
    to_one_device: int = 1
    to_one_address: int = 2


@dataclass(frozen=True)
class Beat:
    """What a heartbeat did: whether the device arrived (was not here before) and how many
    devices of its address it unlisted (the address's earliest arrivals)."""

    arrived: bool
    evicted: int = 0


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
        found = versions_in(self.store, db, "lobby_versions", "key", keys)
        return {key: found.get(key, 0) for key in keys}

    def version_of(self, key: str) -> int:
        """One key's version now (0 before its first change)."""
        return self.run(lambda db: self.versions(db, [key]))[key]

    def watcher(self) -> Watcher:
        """A long-poll watcher on the lobby's version, of this store's kind."""
        return self.store.watcher_on(CHANNEL, self.versions)

    # -- presence -----------------------------------------------------------------------------

    def seen(self, device: str, now: float, here_seconds: float) -> None:
        """Note that ``device`` looks at the lobby at ``now``; one not seen in the last
        ``here_seconds`` arrives (the lobby changes)."""

        def write(db: Connection) -> None:
            found = self.execute(
                db, "SELECT seen FROM lobby_devices WHERE device = :device", device=device
            ).fetchone()
            self.note_seen(db, device, now)
            if found is None or float(found[0]) < now - here_seconds:
                self.bump(db)

        self.run(write)

    def beat(
        self, device: str, address: str, now: float, here_seconds: float, per_address: int
    ) -> Beat:
        """A heartbeat of ``device``'s open page from ``address`` at ``now``.  A device seen in
        the last ``here_seconds`` is still here (its row is refreshed); else it arrives.  An
        address lists at most ``per_address`` of its devices, its latest arrivals: an arrival
        beyond them unlists the address's earliest (still here for the caps by address,
        :meth:`add_capped`, but not shown, nor their seeks), listed again when there is room.
        The lobby's version is not moved here: the caller decides (:meth:`bump_now`)."""
        since = now - here_seconds

        def listed_at(db: Connection) -> list[str]:
            rows = self.execute(
                db,
                "SELECT device FROM room_presence WHERE address = :address AND listed = 1 "
                "AND seen >= :since ORDER BY arrived DESC, device",
                address=address,
                since=since,
            ).fetchall()
            return [str(r[0]) for r in rows]

        def write(db: Connection) -> Beat:
            with self.store.dialect.transaction(db):
                found = self.execute(
                    db,
                    "SELECT seen, listed FROM room_presence WHERE device = :device",
                    device=device,
                ).fetchone()
                if found is not None and float(found[0]) >= since:
                    listed = int(found[1]) or int(len(listed_at(db)) < per_address)
                    self.execute(
                        db,
                        "UPDATE room_presence SET seen = :at, address = :address, "
                        "listed = :listed WHERE device = :device",
                        at=now,
                        address=address,
                        listed=listed,
                        device=device,
                    )
                    self.note_seen(db, device, now)
                    return Beat(False)
                if self.store.dialect.lock:  # arrivals at one address, one at a time
                    self.execute(db, self.store.dialect.lock.format(table="room_presence"))
                self.execute(
                    db,
                    "DELETE FROM room_presence WHERE device = :device OR "
                    "(address = :address AND seen < :since)",
                    device=device,
                    address=address,
                    since=since,
                )
                evicted = listed_at(db)[max(0, per_address - 1) :]
                hide = "UPDATE room_presence SET listed = 0 WHERE device = :device"
                for gone in evicted:
                    self.execute(db, hide, device=gone)
                self.execute(
                    db,
                    "INSERT INTO room_presence (device, address, arrived, seen, listed) "
                    "VALUES (:device, :address, :at, :at, 1)",
                    device=device,
                    address=address,
                    at=now,
                )
                self.note_seen(db, device, now)
                return Beat(True, len(evicted))

        return self.run(write)

    def note_seen(self, db: Connection, device: str, now: float) -> None:
        """Keep ``device``'s public tag and when it was last here (on an open connection)."""
        self.execute(
            db,
            "INSERT INTO lobby_devices (device, tag, seen) VALUES (:device, :tag, :at) "
            "ON CONFLICT (device) DO UPDATE SET seen = excluded.seen",
            device=device,
            tag=tag_of(device),
            at=now,
        )

    def leave(self, device: str) -> bool:
        """``device``'s page closed: it is no longer here (the lobby changes).  Its open seeks
        are no longer listed, and go with the upkeep's :meth:`drop_gone` unless it comes back
        first (a page reloaded): whether it was here."""
        return self.change("DELETE FROM room_presence WHERE device = :device", device=device)

    def expire(self, before: float) -> int:
        """Delete the presence of devices whose page stopped beating before ``before`` (the
        lobby changes if any went): how many went."""
        query = "SELECT 1 FROM room_presence WHERE seen < :before LIMIT 1"
        if self.run(lambda db: self.execute(db, query, before=before).fetchone()) is None:
            return 0  # a read: no write lock taken while nobody left
        return self.change_count("DELETE FROM room_presence WHERE seen < :before", before=before)

    def bump_now(self) -> None:
        """Move the lobby's version on (someone arrived): long-polls wake."""
        self.run(lambda db: self.bump(db))

    def present(self, since: float, limit: int = 400) -> list[Present]:
        """The devices whose page beat since ``since``, the latest to arrive first."""
        query = (
            "SELECT device, address, arrived, seen FROM room_presence WHERE seen >= :since "
            "AND listed = 1 ORDER BY arrived DESC, device LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, since=since, limit=limit).fetchall())
        return [Present(str(d), str(a), float(r), float(s)) for d, a, r, s in rows]

    def is_present(self, device: str, since: float) -> bool:
        """Whether ``device``'s page beat since ``since``."""
        query = "SELECT 1 FROM room_presence WHERE device = :device AND seen >= :since"
        found = self.run(lambda db: self.execute(db, query, device=device, since=since).fetchone())
        return found is not None

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
        ``cap`` open ones of its kind: whether it was kept (:meth:`add_capped` with the
        device's cap alone)."""
        unbounded = 1 << 30
        caps = SeekCaps(cap, unbounded, unbounded, unbounded)
        return self.add_capped(seek_id, device, target, body, now, "", caps) is None

    def add_capped(
        self,
        seek_id: str,
        device: str,
        target: str | None,
        body: JSONObject,
        now: float,
        address: str,
        caps: SeekCaps,
    ) -> str | None:
        """Keep a new open seek (``target`` None) or challenge unless a cap is reached: None
        if kept, else which cap: "device" or "address" (open seeks, or challenges sent, of the
        maker's device or address; an address's are those of the devices whose presence came
        from it), "to_one_device" or "to_one_address" (open challenges to ``target``)."""
        kind = "s.target IS NULL" if target is None else "s.target IS NOT NULL"
        mine = "SELECT COUNT(*) FROM seeks s WHERE s.device = :device AND s.state = 'open'"
        ours = (
            "SELECT COUNT(*) FROM seeks s JOIN room_presence p ON p.device = s.device "
            "WHERE p.address = :address AND s.state = 'open'"
        )
        checks = [(f"{mine} AND {kind}", "device", caps.device)]
        checks.append((f"{ours} AND {kind}", "address", caps.address))
        if target is not None:
            checks.append((f"{mine} AND s.target = :target", "to_one_device", caps.to_one_device))
            checks.append((f"{ours} AND s.target = :target", "to_one_address", caps.to_one_address))
        text = json.dumps(body)

        def insert(db: Connection) -> str | None:
            with self.store.dialect.transaction(db):
                if self.store.dialect.lock:  # one maker at a time counts and adds
                    self.execute(db, self.store.dialect.lock.format(table="seeks"))
                for query, name, cap in checks:
                    found = self.execute(
                        db, query, device=device, address=address, target=target
                    ).fetchone()
                    if int(found[0]) >= cap:
                        return name
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
                return None

        return self.run(insert)

    def seeks_present(
        self, where: str, since: float, limit: int = 400, **args: Any
    ) -> list[tuple[Seek, str]]:
        """The open seeks a condition (on ``s``) picks whose maker's page beat since ``since``,
        newest first, each with the address its maker is here from."""
        query = (
            f"SELECT {SEEK_COLUMNS_OF}, p.address FROM seeks s "
            "JOIN room_presence p ON p.device = s.device "
            f"WHERE s.state = 'open' AND p.seen >= :since AND p.listed = 1 AND ({where}) "
            "ORDER BY s.created DESC, s.id LIMIT :limit"
        )
        rows = self.run(
            lambda db: self.execute(db, query, since=since, limit=limit, **args).fetchall()
        )
        return [(Seek.decode(r[:-1]), str(r[-1])) for r in rows]

    def made_by(self, device: str, limit: int = 50) -> list[Seek]:
        """The seeks ``device`` made, any state, newest first."""
        query = (
            f"SELECT {SEEK_COLUMNS} FROM seeks WHERE device = :device "
            "ORDER BY created DESC, id LIMIT :limit"
        )
        rows = self.run(lambda db: self.execute(db, query, device=device, limit=limit).fetchall())
        return [Seek.decode(r) for r in rows]

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

    def seats_seen(self, game_ids: list[str], since: float) -> set[tuple[str, int]]:
        """Of these games' seats, those whose player looked at the game since ``since``
        (the games' own presence, kept by every read of a game between two devices)."""
        found: set[tuple[str, int]] = set()

        def read(db: Connection) -> None:
            for marks, chunk in among(game_ids):
                query = (
                    f"SELECT game_id, seat FROM presence WHERE game_id IN ({marks}) "
                    "AND seen >= :since"
                )
                for gid, seat in self.execute(db, query, since=since, **chunk).fetchall():
                    found.add((str(gid), int(seat)))

        self.run(read)
        return found

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
