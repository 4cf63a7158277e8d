"""What the store keeps in columns about a game (:class:`app.store.base.Facts`), from its data:
lists and limits read these instead of every game's JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games.model import Game
from app.store.base import Facts


@dataclass
class _Row:
    id: str
    version: int
    data: dict[str, Any]
    updated: float = 0.0


def describe(data: dict[str, Any]) -> Facts:
    """The game's facts, its moves replayed (remembered, so this costs little after a read)."""
    game = Game.from_row(_Row("", 0, data))
    return Facts(
        mode=game.mode,
        device=data.get("device"),
        finished=game.over,
        open_seat=game.has_open_seat,
        running=game.computer_to_move() is not None,
        lab=data.get("lab") is not None,
    )
