"""``/api/games/{id}/analysis``: start a game's analysis (POST) and follow it (GET)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from app.analysis import check_reviewable, get_analyses
from app.games.errors import BadInput, NotNow, QueueFull
from app.games.service import get_games
from app.web.api import body, device

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
            analyses.queue.admit(asker.address, interactive=False)
    found, _ = analyses.start(game, asker.address)
    return found, 200 if found["status"] == "done" else 202


@bp.get("/games/<game_id>/analysis")
def read(game_id: str) -> Any:
    """The analysis so far: status, progress, each analysed move, the players' summary."""
    asker = device()
    game = get_games().load(game_id)
    check_reviewable(game)
    return get_analyses().read(game, asker.address)


@bp.post("/games/<game_id>/analysis/position")
def position(game_id: str) -> Any:
    """Every legal move's value (seeds of final margin for the mover, exact where solved) in
    the position before move ``ply`` (default: the current position), through the fair queue.

    Any position of a reviewable game; in a game between two devices still going on, only the
    current position and only for the player to move (what a hint would tell them)."""
    sent = body()
    asker = device()
    game = get_games().load(game_id)
    moves = len(game.record.moves)
    ply = sent.get("ply", moves)
    if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= moves:
        raise BadInput(f"'ply' must be a whole number from 0 to {moves}")
    if game.mode == "remote" and not game.over:
        mover = game.to_move
        if ply != moves or mover is None or mover not in game.seats_of(asker.owner):
            raise NotNow("in a game between two devices, only your own turn can be valued")
    state = game.record.states[ply]
    if state.to_move is None:
        raise NotNow("the game is over in that position: there is no move to value")
    asker.limit("computer")
    analyses = get_analyses()
    analyses.queue.admit(asker.address, interactive=False)
    try:
        found = analyses.position(game, ply, asker.address, timeout=30.0)
    except Exception as exc:  # noqa: BLE001 (a timeout or a broken pool: nothing changed)
        raise QueueFull(f"the computer could not value the position just now ({exc!r})") from None
    return {"ply": ply, "player": state.to_move, "version": game.version, **found}
