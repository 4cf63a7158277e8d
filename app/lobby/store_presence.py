"""The lobby's presence: ``room_presence`` holds the devices whose home page beats, each with
the address it beats from, when it arrived and whether its address lists it
(:mod:`app.lobby.presence`); ``lobby_devices`` keeps each device's tag, when it was last here
and whether it turned quick messages off."""

from __future__ import annotations

from dataclasses import dataclass

from app.lobby.store_base import LobbyQueries, tag_of
from app.store.queries import Connection


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
class Beat:
    """What a heartbeat did: whether the device arrived (was not here before) and how many
    devices of its address it unlisted (the address's earliest arrivals)."""

    arrived: bool
    evicted: int = 0


class PresenceQueries(LobbyQueries):
    """Who is in the lobby (see the module docstring)."""

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
        return self.run(lambda db: self.present_in(db, since, limit))

    def present_in(self, db: Connection, since: float, limit: int = 400) -> list[Present]:
        """:meth:`present` on an open connection."""
        query = (
            "SELECT device, address, arrived, seen FROM room_presence WHERE seen >= :since "
            "AND listed = 1 ORDER BY arrived DESC, device LIMIT :limit"
        )
        rows = self.execute(db, query, since=since, limit=limit).fetchall()
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
