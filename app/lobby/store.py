"""The lobby's shared state, on either SQL store: who is here, seeks and challenges.

The lobby owns these tables: its SQL is written once, by job (:mod:`app.lobby.store_base`,
``store_presence``, ``store_seeks``, ``store_table``; :class:`LobbyStore` gathers them), run
over the store's one SQL layer and its dialects (:mod:`app.store.sql`); the tables' DDL is
migrations 6 and 10 of the store's one schema (:mod:`app.store.schema`).  A device is the hash
of its seat token (what owns a game's seats); others see it by its ``tag``, a short public
name that can't be turned back into the hash.

- **Presence**: ``room_presence`` holds the devices whose home page beats, each with the
  address it beats from, when it arrived and whether its address lists it
  (:mod:`app.lobby.presence`); ``lobby_devices`` keeps each device's tag, when it was last here
  and whether it turned quick messages off.
- **Seeks**: an open game waiting for anyone (``target`` NULL), or a direct challenge to one
  device (``target`` its hash).  Taking one is one conditional UPDATE: of two takers, on any
  host, exactly one gets it.
- **At the table**: a game's quick messages (``quick_messages``), and what the lobby reads of
  the games' own tables (who looks at their game, the games being played).
- **Live**: every change bumps the lobby's version (``lobby_versions``); long-polls wait on it
  with the store's own watcher over it (``SQLStore.watcher_on``: SQLite's commit counter on one
  machine, PostgreSQL's LISTEN/NOTIFY on channel ``mancala_lobby`` across hosts).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.lobby.store_base import CHANNEL, LOBBY, MESSAGES, LobbyQueries, tag_of
from app.lobby.store_presence import Beat, Here, PresenceQueries, Present
from app.lobby.store_seeks import Seek, SeekCaps, SeekQueries
from app.lobby.store_table import TableQueries
from app.store.queries import Connection

__all__ = [
    "CHANNEL",
    "LOBBY",
    "MESSAGES",
    "Beat",
    "Here",
    "LobbyStore",
    "Look",
    "LobbyQueries",
    "Present",
    "Seek",
    "SeekCaps",
    "tag_of",
]


@dataclass(frozen=True)
class Look:
    """What one look at the room reads of the lobby's tables (:meth:`LobbyStore.look`)."""

    version: int  # the lobby's version, read first
    present: list[Present]  # who is here, the latest to arrive first
    seeks: list[tuple[Seek, str]]  # the open seeks to anyone, with their makers' addresses
    to_you: list[tuple[Seek, str]]  # the open challenges to the viewer
    mine: list[Seek]  # the viewer's own seeks, any state


class LobbyStore(PresenceQueries, SeekQueries, TableQueries):
    """The lobby's queries on one SQL store (SQLite or PostgreSQL), through its dialect: each
    job's (presence, seeks, at the table), and the upkeep that sweeps them all."""

    def look(self, since: float, scan: int, device: str | None) -> Look:
        """The room's version and what a look reads per request, in one trip to the store:
        who beat since ``since`` and their open seeks, and ``device``'s challenges and seeks
        (none without a device); ``scan`` rows at most of each list."""

        def read(db: Connection) -> Look:
            version = self.versions(db, [LOBBY])[LOBBY]
            present = self.present_in(db, since, scan)
            seeks = self.seeks_present_in(db, "s.target IS NULL", since, scan)
            if device is None:
                return Look(version, present, seeks, [], [])
            to_you = self.seeks_present_in(db, "s.target = :me", since, scan, me=device)
            return Look(version, present, seeks, to_you, self.made_by_in(db, device))

        return self.run(read)

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
