"""The lobby's seeks: an open game waiting for anyone (``target`` NULL), or a direct challenge
to one device (``target`` its hash).  Taking one is one conditional UPDATE: of two takers, on
any host, exactly one gets it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.lobby.store_base import LobbyQueries
from app.store.json_types import JSONObject
from app.store.queries import Connection

SEEK_COLUMNS = "id, device, target, body, created, state, game_id, taker, answered"
SEEK_COLUMNS_OF = ", ".join(f"s.{c.strip()}" for c in SEEK_COLUMNS.split(","))  # in a join


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
class SeekCaps:
    """The most open seeks (to anyone) or challenges (to one player) a device and an address
    may have at once, and the most open challenges to one player from one device and from one
    address."""

    device: int
    address: int
    to_one_device: int = 1
    to_one_address: int = 2


class SeekQueries(LobbyQueries):
    """Seeks and challenges (see the module docstring)."""

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
        return self.run(lambda db: self.seeks_present_in(db, where, since, limit, **args))

    def seeks_present_in(
        self, db: Connection, where: str, since: float, limit: int = 400, **args: Any
    ) -> list[tuple[Seek, str]]:
        """:meth:`seeks_present` on an open connection."""
        query = (
            f"SELECT {SEEK_COLUMNS_OF}, p.address FROM seeks s "
            "JOIN room_presence p ON p.device = s.device "
            f"WHERE s.state = 'open' AND p.seen >= :since AND p.listed = 1 AND ({where}) "
            "ORDER BY s.created DESC, s.id LIMIT :limit"
        )
        rows = self.execute(db, query, since=since, limit=limit, **args).fetchall()
        return [(Seek.decode(r[:-1]), str(r[-1])) for r in rows]

    def made_by(self, device: str, limit: int = 50) -> list[Seek]:
        """The seeks ``device`` made, any state, newest first."""
        return self.run(lambda db: self.made_by_in(db, device, limit))

    def made_by_in(self, db: Connection, device: str, limit: int = 50) -> list[Seek]:
        """:meth:`made_by` on an open connection."""
        query = (
            f"SELECT {SEEK_COLUMNS} FROM seeks WHERE device = :device "
            "ORDER BY created DESC, id LIMIT :limit"
        )
        rows = self.execute(db, query, device=device, limit=limit).fetchall()
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
