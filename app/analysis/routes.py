"""``/api/games/{id}/analysis``: start a game's analysis (POST) and follow it (GET)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from app.analysis import check_reviewable, get_analyses
from app.api import body, device
from app.games.errors import NotNow
from app.games.service import get_games

bp = Blueprint("analysis", __name__, url_prefix="/api")


@bp.post("/games/<game_id>/analysis")
def start(game_id: str) -> Any:
    """202 while the analysis runs (started now or before), 200 with it once it is done."""
    body()  # an empty body or a JSON object; nothing in it is read yet
    asker = device()
    game = get_games().load(game_id)
    check_reviewable(game)
    if not game.record.moves:
        raise NotNow("there is no move to analyse yet")
    analyses = get_analyses()
    kept, running = analyses.kept(game)
    if not (kept is not None and kept.moves == list(game.record.moves) and kept.complete):
        if not running:  # new work for the computer: the device's limit and room in the queue
            asker.limit("computer")
            analyses.queue.admit(asker.address)
    found, _ = analyses.start(game, asker.address)
    return found, 200 if found["status"] == "done" else 202


@bp.get("/games/<game_id>/analysis")
def read(game_id: str) -> Any:
    """The analysis so far: status, progress, each analysed move, the players' summary."""
    asker = device()
    game = get_games().load(game_id)
    check_reviewable(game)
    return get_analyses().read(game, asker.address)
