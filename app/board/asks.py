"""What a client sends to the analysis board: the body :func:`app.board.position.parse` reads,
as a TypedDict the API document is written from."""

from __future__ import annotations

from typing_extensions import TypedDict

from app.games.asks import Side, Variant
from app.store.json_types import JSONObject


class BoardAsk(TypedDict, total=False):
    """A position (or an exported game's record) and the moves played from it."""

    variant: Variant
    options: JSONObject
    board: list[int]
    """Seeds per pit and store, in the canonical layout (none: the variant's start)."""
    to_move: Side
    extra: list[int]
    """Toguz Kumalak: each player's tuzdyk as a board index, or -1."""
    moves: list[int]
    """Played from the position."""
    values: bool
    """Also each legal move's value (through the fair queue, rate-limited like hints)."""
    record: JSONObject | str
    """An exported game (text or JSON) instead of a position: its start and moves."""
