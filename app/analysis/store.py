"""How an analysis is kept with its game: one small row per game in the game store
(:meth:`app.store.base.GameStore.save_analysis`), whichever database that is.

A row holds the moves that were analysed and, for each position before one of them, what the
search found (:meth:`engine.agents.analysis.Evaluation.to_dict`, or null while not done), with the
time of its last progress and who works on it.  It is written once per position.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass

from app.store.base import GameStore
from app.store.json_types import JSONObject


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
    """Reads and writes analyses through the game store."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def load(self, game_id: str) -> Kept | None:
        found = self.store.load_analysis(game_id)
        return None if found is None else Kept.from_json(*found)

    def save(self, game_id: str, kept: Kept) -> None:
        kept.updated = self.store.save_analysis(game_id, kept.to_json())
