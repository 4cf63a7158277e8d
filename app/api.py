"""The JSON API under /api: variants, games, moves, hints, undo, resign, records.

Views parse the request, call :mod:`app.games`, write through the store and return JSON.  Every
error is a 4xx with the one error shape of :mod:`app.errors`; nothing is written on an error.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from app import games
from app.errors import APIError
from app.games import Game
from app.limits import client_address, limit
from app.seats import current_owner, ensure_owner
from app.store import CorruptGame, Row, StaleVersion, get_store
from app.thinking import get_thinker
from app.watch import get_watcher
from engine import variant_names
from engine.agents import ALGORITHMS, LEVELS
from engine.agents.levels import level_seconds

bp = Blueprint("api", __name__, url_prefix="/api")
log = logging.getLogger(__name__)


def variants_payload() -> list[dict[str, Any]]:
    """Every variant of the engine's registry with its rule options, for menus."""
    from engine import get_variant

    out = []
    for name in variant_names():
        rules = get_variant(name)
        out.append(
            {
                "name": name,
                "title": rules.title,
                "summary": rules.summary,
                "pits": rules.pits,
                "options": type(rules).option_specs(),
            }
        )
    return out


def body() -> dict[str, Any]:
    """The request's JSON object; an empty body is {}; 415 / 400 for anything else."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    if not request.is_json:
        raise APIError(415, "send JSON with 'Content-Type: application/json'")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise APIError(400, f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise APIError(400, "the body is nested too deeply") from None
    if not isinstance(data, dict):
        raise APIError(400, "the body must be a JSON object")
    return data


def load(game_id: str) -> Game:
    """The stored game replayed; 404 if there is none, 410 if its record is damaged.

    A damaged game (bad data in its row, or rules that changed since it was stored) reports
    the error on its own requests only; every other game plays on.
    """
    try:
        row = get_store().load(game_id)
    except CorruptGame as exc:
        log.error("damaged game: %s", exc)
        message = f"this game's stored record is damaged and can't be read: {exc}"
        raise APIError(410, message) from None
    if row is None:
        raise APIError(404, f"there is no game {game_id!r}")
    try:
        return Game.load(row.id, row.version, row.data, row.updated)
    except Exception as exc:  # noqa: BLE001 (any fault in a stored record stays in its game)
        log.error("game %s can't be replayed: %r", game_id, exc)
        raise APIError(410, f"this game can no longer be replayed: {exc!r}") from None


def replayable(rows: list[Row]) -> Iterator[Game]:
    """The listed games that replay; a damaged or outdated one is left out (and logged)."""
    for row in rows:
        try:
            game = Game.load(row.id, row.version, row.data, row.updated)
        except Exception:  # noqa: BLE001 (one bad game must not break a list)
            log.error("game %s left out of a list: it can't be replayed", row.id)
            continue
        yield game


def save(game: Game, data: dict[str, Any], add_owner: tuple[str, int] | None = None) -> Game:
    """Write the next version of ``game``; 409 if another request got there first."""
    try:
        row = get_store().save(game.id, game.version, data, add_owner)
    except StaleVersion:
        message = "the game changed while your request was on its way; reload it"
        raise APIError(409, message) from None
    saved = Game.load(row.id, row.version, row.data, row.updated)
    get_thinker().ensure(saved, client_address())
    return saved


def has_computer(seats: list[dict[str, Any]]) -> bool:
    return any(s["kind"] == "computer" for s in seats)


def computer_request(game: Game | None = None) -> None:
    """Before a request that may start a search (in ``game``, if it has a computer seat): the
    client's rate limit and room in the queue."""
    if game is None or has_computer(game.seats):
        limit("computer")
        get_thinker().admit(client_address())


def room_for_search(data: dict[str, Any]) -> None:
    """Before starting a game with a computer seat: 503/429 if the search queue has no room."""
    if has_computer(data["seats"]):
        get_thinker().admit(client_address())


CONNECTED_SECONDS = 5.0  # a seat seen this recently (by its long-poll) counts as connected
TOUCH_EVERY = 2.0


def wait_for_change(
    game: Game, timeout: float, computer_done: bool = False, present: list[int] | None = None
) -> Game:
    """Block this request (only) until the game's version moves past ``game.version``.

    With ``computer_done``, wait on until it is no longer a computer's turn (its extra turns
    included), or until ``timeout``.  The seats in ``present`` are marked as seen while waiting.
    """
    store = get_store()
    watcher = get_watcher()
    end = time.monotonic() + timeout
    while (left := end - time.monotonic()) > 0:
        if present:
            store.touch(game.id, present)
        if game.computer_to_move() is not None:  # takes over a search whose worker died
            get_thinker().ensure(game, client_address())
        if watcher.wait(game.id, game.version, min(left, TOUCH_EVERY)) == game.version:
            continue
        newer = load(game.id)
        if newer.version == game.version:  # the watcher's news was older than this request
            continue
        game = newer
        if not computer_done or game.computer_to_move() is None:
            return game
    return game


def game_response(game: Game, status: int = 200) -> tuple[Response, int]:
    """The game from the viewer's side, with whether each human seat is connected now."""
    payload = games.view(game, current_owner_or_new())
    if game.data["mode"] == "remote":
        get_store().touch(game.id, payload["you"])
        seen = get_store().presence(game.id)
        now = time.time()
        for seat in payload["seats"]:
            last = seen.get(seat["seat"])
            seat["seen_ago"] = None if last is None else round(now - last, 1)
            seat["connected"] = last is not None and now - last < CONNECTED_SECONDS
    return jsonify(payload), status


def current_owner_or_new() -> str | None:
    from flask import g

    if g.get("new_seat_token"):
        return games.owner_hash(g.new_seat_token)
    return current_owner()


@bp.get("/variants")
def list_variants() -> Any:
    return {
        "variants": variants_payload(),
        "levels": list(LEVELS),
        "level_seconds": {level: level_seconds(level) for level in LEVELS},
        "algorithms": list(ALGORITHMS),
        "modes": games.MODES,
        "defaults": {
            "variant": "kalah",
            "level": games.DEFAULT_LEVEL,
            "algorithm": games.DEFAULT_ALGORITHM,
            "mode": "computer",
            "first": "me",
        },
    }


@bp.get("/games")
def your_games() -> Any:
    owner = current_owner()
    if owner is None:
        return {"games": []}
    found = [games.summary(game, owner) for game in replayable(get_store().games_of(owner))]
    return {"games": found}


@bp.post("/games")
def create_game() -> Any:
    params = body()
    owner = ensure_owner()
    data, held = games.new_game_data(params, owner)
    limit("create")
    room_for_search(data)
    return start_game(games.new_game_id(), data, [(owner, seat) for seat in held])


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> Any:
    game = load(game_id)
    get_thinker().ensure(game, client_address())
    mine = game.seats_of(current_owner()) if game.data["mode"] == "remote" else []
    since = request.args.get("since")
    if since is not None:
        try:
            seen = int(since)
        except ValueError:
            raise APIError(400, "'since' must be a version number") from None
        if seen == game.version:
            timeout = float(current_app.config["LONG_POLL_SECONDS"])
            game = wait_for_change(game, timeout, present=mine)
    return game_response(game)


def save_whatever_changed(
    game_id: str,
    change: Callable[[Game], tuple[dict[str, Any], tuple[str, int] | None]],
    versioned: bool = False,
) -> Game:
    """Load, ``change`` and save a game, again if another write landed in between (a computer
    move, a friend's move): for a change that does not depend on the position.  With
    ``versioned`` (the client named the version it saw) a race is a 409 instead."""
    for _ in range(20):
        game = load(game_id)
        data, add_owner = change(game)
        try:
            row = get_store().save(game.id, game.version, data, add_owner)
        except StaleVersion:
            if versioned:
                raise APIError(409, "the game changed meanwhile; reload it") from None
            continue
        saved = Game.load(row.id, row.version, row.data, row.updated)
        get_thinker().ensure(saved, client_address())
        return saved
    raise APIError(409, "the game is changing too fast; try again")


@bp.patch("/games/<game_id>")
def update_game(game_id: str) -> Any:
    params = body()

    def change(game: Game) -> tuple[dict[str, Any], None]:
        data = games.change_settings(game, current_owner(), params)
        if params.get("paused") is False:
            computer_request(game)
        return data, None

    return game_response(save_whatever_changed(game_id, change, versioned="version" in params))


@bp.post("/games/<game_id>/moves")
def play(game_id: str) -> Any:
    params = body()
    game = load(game_id)
    data = games.play_move(game, current_owner(), params)
    computer_request(game)
    saved = save(game, data)
    if params.get("wait") is True and saved.computer_to_move() is not None:
        seat = saved.computer_to_move() or {}
        timeout = 2 * level_seconds(seat.get("level", "master")) + 5.0
        saved = wait_for_change(saved, timeout, computer_done=True)
    return game_response(saved)


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Any:
    game = load(game_id)
    return game_response(save(game, games.undo(game, current_owner(), body())))


@bp.post("/games/<game_id>/resign")
def resign(game_id: str) -> Any:
    game = load(game_id)
    return game_response(save(game, games.resign(game, current_owner(), body())))


@bp.post("/games/<game_id>/join")
def join(game_id: str) -> Any:
    params = body()
    owner = ensure_owner()

    def change(game: Game) -> tuple[dict[str, Any], tuple[str, int]]:
        data, seat = games.join(game, owner, params)
        return data, (owner, seat)

    return game_response(save_whatever_changed(game_id, change))


@bp.post("/games/<game_id>/hint")
def hint(game_id: str) -> Any:
    params = body()
    game = load(game_id)
    mine = games.seats_held(game, current_owner())
    if game.to_move is None or game.to_move not in mine:
        raise APIError(409, "a hint is for your own turn")
    level = params.get("level", games.HINT_LEVEL)
    if level not in LEVELS:
        raise APIError(400, f"'level' must be one of {', '.join(LEVELS)}")
    computer_request()
    try:
        decision = get_thinker().hint(
            game, level, games.DEFAULT_ALGORITHM, level_seconds(level) + 10, client_address()
        )
    except Exception as exc:  # a timeout or a broken pool: say so, the game is unchanged
        raise APIError(503, f"the computer could not suggest a move just now ({exc!r})") from None
    return {"version": game.version, "player": game.to_move, **decision}


@bp.post("/games/<game_id>/takeback")
def takeback(game_id: str) -> Any:
    """A takeback request to the opponent of a game between two devices, or its answer."""
    game = load(game_id)
    return game_response(save(game, games.takeback(game, current_owner(), body())))


def start_game(game_id: str, data: dict[str, Any], owners: list[tuple[str, int]]) -> Any:
    """Store a new game with its seat owners, start the computer if it moves first: 201."""
    row = get_store().create(game_id, data, owners)
    game = Game.load(row.id, row.version, row.data, row.updated)
    get_thinker().ensure(game, client_address())
    response, status = game_response(game, 201)
    response.headers["Location"] = f"/game/{game.id}"
    return response, status


def remote_rematch(game: Game, params: dict[str, Any]) -> Any:
    """Offer a rematch (first move swaps) or answer one; accepting starts it (201)."""
    data, action = games.rematch_offer(game, current_owner(), params)
    if action != "accept":
        return game_response(save(game, data))
    limit("create")
    new_id = games.new_game_id()
    offer = dict(data["rematch"], game=new_id)
    save(game, dict(data, rematch=offer))  # first, so that of two accepts only one starts it
    new_data = games.rematch_data(game)
    owners = [(s["owner"], i) for i, s in enumerate(game.seats) if s["owner"]]
    return start_game(new_id, new_data, owners)


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Any:
    params = body()
    game = load(game_id)
    if game.data["mode"] == "remote":
        return remote_rematch(game, params)
    owner = ensure_owner()
    if game.data["mode"] != "watch":
        games.seats_held(game, owner)
    data, held = games.new_game_data(dict(game.data.get("settings", {})), owner)
    limit("create")
    room_for_search(data)
    return start_game(games.new_game_id(), data, [(owner, s) for s in held])


@bp.get("/games/<game_id>/record")
def export_record(game_id: str) -> Any:
    game = load(game_id)
    fmt = request.args.get("format", "json")
    if fmt == "text":
        return Response(game.record.to_text() + "\n", mimetype="text/plain")
    if fmt != "json":
        raise APIError(400, "'format' must be json or text")
    return game.record.to_dict()


@bp.get("/openapi.json")
def openapi() -> Any:
    from app.openapi import spec

    return spec()
