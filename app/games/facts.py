"""What the store keeps in columns about a game (:class:`app.store.base.Facts`), from its data:
lists and limits read these instead of every game's JSON."""

from __future__ import annotations

from dataclasses import dataclass

from app.games import clock
from app.games.model import Game
from app.store.base import Facts
from app.store.json_types import JSONObject


@dataclass
class _Row:
    id: str
    version: int
    data: JSONObject
    updated: float = 0.0


def describe(data: JSONObject) -> Facts:
    """The game's facts, its moves replayed (remembered, so this costs little after a read)."""
    return facts_of(Game.from_row(_Row("", 0, data)))


def facts_of(game: Game) -> Facts:
    """The facts of a game already replayed (its record the one its data's moves give): a
    move's save reads them from the state the move reached, with no second replay."""
    data = game.data
    return Facts(
        mode=game.mode,
        device=data.get("device"),
        finished=game.over,
        open_seat=game.has_open_seat,
        running=game.computer_to_move() is not None,
        lab=data.get("lab") is not None,
        deadline=None if game.over else clock.deadline(data.get("clock"), data.get("start_wait")),
    )
