"""``POST /api/board``: a position's legal moves, the board after each and, on request, the
engine's value of each; and ``GET /analysis``, the analysis board page."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue

from app.board.position import describe, parse
from app.board.service import get_board
from app.games import DEFAULT_LEVEL
from app.games.view import variants_payload
from app.web.inputs import body, device
from engine.agents import LEVELS

bp = Blueprint("board", __name__)


@bp.post("/api/board")
def position() -> ResponseReturnValue:
    """A position (or an exported game's record) and the moves played from it: its legal moves,
    the board after each with its sowing path, and with ``"values": true`` each legal move's
    value for the mover (seeds of final margin, exact where solved) from the computer's fair
    queue, as the asking device."""
    asked = parse(body())
    values = get_board().values(asked, device)
    answer = describe(asked.record, asked.start)
    if values is not None:
        answer["values"] = values
    return answer


@bp.get("/analysis")
def page() -> str:
    """The analysis board: set up or open a position, play it freely, see the engine's values."""
    return render_template(
        "analysis_board.html",
        variants=variants_payload(),
        levels=LEVELS,
        default_level=DEFAULT_LEVEL,
    )
