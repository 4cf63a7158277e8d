"""Quick messages at a game's table (``quick_messages``: each game's last few, numbered; the
number is also the version long-polls of the game's messages wait on), and what the lobby asks
the store of the games (which players look at their game, the games being played)."""

from __future__ import annotations

from app.lobby.store_base import MESSAGES, LobbyQueries
from app.store.json_types import JSONObject
from app.store.queries import Connection


class TableQueries(LobbyQueries):
    """Quick messages, and the games as the lobby lists them (see the module docstring)."""

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
        (the games' own presence, :meth:`app.store.base.GameStore.seen_since`)."""
        return self.store.seen_since(game_ids, since)

    def running_games(self, since: float, limit: int = 20) -> list[tuple[str, JSONObject]]:
        """Games between two devices, both seats taken, not over, changed since ``since``:
        (id, data), most recently changed first (:meth:`app.store.base.GameStore.playing`)."""
        return self.store.playing(since, limit)
