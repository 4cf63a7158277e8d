"""``/api/games/{id}/analysis``: start a game's analysis (POST) and follow it (GET); the values
of one of its positions (``/analysis/position``).  Each route: its input, one use case of
:class:`app.analysis.service.Review`, the answer."""

from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from app.analysis.service import get_review
from app.web.inputs import body, device

bp = Blueprint("analysis", __name__, url_prefix="/api")


@bp.post("/games/<game_id>/analysis")
def start(game_id: str) -> ResponseReturnValue:
    """202 while the analysis runs (started now or before), 200 with it once it is done."""
    body()  # an empty body or a JSON object; nothing in it is read yet
    found = get_review().start(device(), game_id)
    return found, 200 if found["status"] == "done" else 202


@bp.get("/games/<game_id>/analysis")
def read(game_id: str) -> ResponseReturnValue:
    """The analysis so far: status, progress, each analysed move, the players' summary."""
    return get_review().read(device(), game_id)


@bp.post("/games/<game_id>/analysis/position")
def position(game_id: str) -> ResponseReturnValue:
    """Every legal move's value in the position before move ``ply`` (default: the current
    position), through the fair queue (see :meth:`app.analysis.service.Review.position`)."""
    return get_review().position(device(), game_id, body())
