"""A position to start from, as a client sends it, checked by the engine (for the analysis
board and for a game created from a position); nothing here reads or writes the store."""

from __future__ import annotations

from app.games.errors import N_, BadInput
from app.store.json_types import JSONObject
from engine.core import Rules
from engine.position import playable_position


def start_position(rules: Rules, value: object) -> JSONObject:
    """A position to start from, ``{board, to_move[, extra]}``, checked by the engine; the
    same, as kept in a game's data (``extra`` only for variants that keep state beside it)."""
    if not isinstance(value, dict):
        raise BadInput("'position' must be an object {board, to_move[, extra]}")
    unknown = sorted(set(value) - {"board", "to_move", "extra"})
    if unknown:
        raise BadInput(
            N_("unknown position field %(field)s (fields: board, to_move, extra)"),
            field=repr(unknown[0]),
        )
    if "board" not in value or "to_move" not in value:
        raise BadInput("a position needs 'board' (seeds per pit and store) and 'to_move' (0 or 1)")
    board, to_move, extra = value["board"], value["to_move"], value.get("extra")
    if not isinstance(board, list):
        raise BadInput(N_("'board' must be a list of %(size)s seed counts"), size=rules.size)
    if extra is not None and not isinstance(extra, list):
        raise BadInput("'extra' must be a list (Toguz Kumalak: each player's tuzdyk or -1)")
    try:
        state = playable_position(rules, board, to_move, extra)
    except ValueError as exc:
        raise BadInput(N_("bad position: %(reason)s"), reason=str(exc)) from None
    start: JSONObject = {"board": list(state.board), "to_move": state.to_move}
    if state.extra:
        start["extra"] = list(state.extra)
    return start
