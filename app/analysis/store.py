"""How an analysis is kept with its game: one small row per game (table ``analyses``) in the
game store's database, whichever that is.  The analyses own the table: its queries are here,
written once over the store's one SQL layer and its dialects (:class:`app.store.queries.Queries`);
its DDL is in the store's one schema (:mod:`app.store.schema`), and a game expired goes with
its row (:data:`app.store.sql.PER_GAME`).

A row holds the moves that were analysed and, for each position before one of them, what the
search found (:meth:`engine.agents.analysis.Evaluation.to_dict`, or null while not done), with the
time of its last progress and who works on it.  It is written once per position.
"""

from __future__ import annotations

import json
import os
import socket
import time
from dataclasses import dataclass

from app.store.json_types import JSONObject
from app.store.queries import Queries


def runner_id() -> str:
    """Who works on an analysis: this host and process."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class Kept:
    """One game's analysis as stored."""

    moves: list[int]
    positions: list[JSONObject | None]
    updated: float = 0.0
    runner: str = ""  # the host:process working on it ("" once it stopped)
    error: str | None = None

    @property
    def done(self) -> int:
        return sum(1 for p in self.positions if p is not None)

    @property
    def complete(self) -> bool:
        return self.done == len(self.positions)

    def to_json(self) -> str:
        return json.dumps(
            {
                "moves": self.moves,
                "positions": self.positions,
                "runner": self.runner,
                "error": self.error,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str, updated: float) -> Kept | None:
        try:
            data = json.loads(text)
            moves = [int(m) for m in data["moves"]]
            positions = list(data["positions"])
            if len(positions) != len(moves):
                return None
            return cls(moves, positions, updated, str(data.get("runner") or ""), data.get("error"))
        except (ValueError, TypeError, KeyError):
            return None  # a damaged row is as good as none: the analysis is made again


class AnalysisStore:
    """Reads and writes analyses in the game store's database."""

    def __init__(self, store: Queries) -> None:
        self.store = store

    def load(self, game_id: str) -> Kept | None:
        found = self.load_row(game_id)
        return None if found is None else Kept.from_json(*found)

    def save(self, game_id: str, kept: Kept) -> None:
        kept.updated = self.save_row(game_id, kept.to_json())

    def load_row(self, game_id: str) -> tuple[str, float] | None:
        """A game's kept analysis as its JSON text, and when it was last written; or None."""
        query = "SELECT data, updated FROM analyses WHERE game_id = :game"
        found = self.store.run(lambda db: self.store.execute(db, query, game=game_id).fetchone())
        return None if found is None else (str(found[0]), float(found[1]))

    def save_row(self, game_id: str, data: str) -> float:
        """Keep (replace) a game's analysis as the JSON text ``data``: when it was written."""
        now = time.time()
        query = (
            "INSERT INTO analyses (game_id, data, updated) VALUES (:game, :data, :at) "
            "ON CONFLICT (game_id) DO UPDATE SET data = excluded.data, updated = excluded.updated"
        )
        self.store.run(lambda db: self.store.execute(db, query, game=game_id, data=data, at=now))
        return now
