"""The JSON API under /api: variants, games, moves, hints, undo, resign, records.

Every route reads as parse -> one use case (:mod:`app.games.service`) -> view
(:mod:`app.games.view`).  Every refusal is a 4xx with the one error shape of :mod:`app.web.errors`;
nothing is written on a refusal.
"""

from __future__ import annotations

import json
import secrets
from typing import NotRequired, cast

from flask import Blueprint, Response, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from typing_extensions import TypedDict

from app.games import DEFAULT_ALGORITHM, DEFAULT_LEVEL, MODES, Game
from app.games.errors import GameError
from app.games.fairplay import check_game, get_guard, key_of, rated_running
from app.games.kept_views import move_texts, texts
from app.games.liveness import serving
from app.games.params import new_game_data
from app.games.service import CONNECTED_SECONDS, get_games
from app.games.spec import GameSpec
from app.games.view import (
    DecisionView,
    GameLine,
    GameView,
    VariantView,
    own_part,
    shared_key,
    shared_part,
    summary,
    variants_payload,
    view,
)
from app.i18n.choose import current
from app.ratings.shown import GameRatings, game_ratings
from app.store import get_store
from app.store.json_types import JSONObject
from app.upkeep.maintenance import expires, get_upkeep, notice
from app.web.errors import APIError
from app.web.inputs import body, device, since, viewer
from app.web.polls import long_poll
from app.web.seats import current_owner, ensure_owner, issued_token, owner_for
from engine.agents import ALGORITHMS, LEVELS
from engine.agents.levels import level_seconds

bp = Blueprint("api", __name__, url_prefix="/api")


class GameAnswer(GameView):
    """The game as every game route answers it: the view, with a rated game's ratings and a
    bot's new seat token."""

    ratings: NotRequired[GameRatings | None]
    """a rated game only: {pool, title, settled, seats, reason?}; after and change null until
    the game's end is settled"""
    seat_token: NotRequired[str]
    """a bot's new seat token, given once: send it as 'Authorization: Bearer <token>'"""


class HintAnswer(DecisionView):
    """A hint: the decision for the player to move, with the game (between people a hint is
    counted in hints_used, a new version)."""

    version: int
    player: int | None
    game: GameView


class Defaults(TypedDict):
    """The menu's first choices."""

    variant: str
    level: str
    algorithm: str
    mode: str
    first: str


class VariantsAnswer(TypedDict):
    """The menu's choices: variants with their rule options, levels, algorithms, modes."""

    variants: list[VariantView]
    levels: list[str]
    level_seconds: dict[str, float]
    algorithms: list[str]
    modes: dict[str, str]
    """each mode and what it is"""
    defaults: Defaults


class GamesAnswer(TypedDict):
    """Your games (the games this browser holds a seat in), newest first."""

    games: list[GameLine]


class RecordResult(TypedDict):
    """A finished record's result."""

    scores: list[int]
    winner: int | None


class RecordExport(TypedDict):
    """A game's record as JSON (import it with POST /api/games {record})."""

    variant: str
    options: JSONObject
    first_player: int
    moves: list[int]
    notation: list[str]
    result: RecordResult | None
    start: NotRequired[JSONObject]
    """a position set up by hand the game started from"""


class Alive(TypedDict):
    """The server answers (``alive`` false, with a 503, when it is stopping)."""

    alive: bool


def game_view(game: Game) -> GameView:
    """The game from the viewer's side, with when it is deleted if nobody changes it, without
    the computer's thinking where it would help a rated game being played."""
    return without_thinking(game, view(game, viewer(), notice(game, get_upkeep())))


def without_thinking(game: Game, payload: GameView) -> GameView:
    """``payload`` with no decision (the computer's values of each pit) of a rated game going
    on, nor of a position a rated game going on is at or reaches in one move
    (:mod:`app.games.fairplay`; the move list is a shared copy: replaced, not changed)."""
    moves = payload["moves"]
    if not any(m["decision"] for m in moves):
        return payload
    if rated_running(game):
        hidden = set(range(len(moves)))
    else:
        keys = get_guard().keys()
        if not keys:
            return payload
        states, rules = game.record.states, game.record.rules
        hidden = {
            i for i, m in enumerate(moves) if m["decision"] and key_of(rules, states[i]) in keys
        }
    if hidden:
        payload["moves"] = [
            {**m, "decision": None} if i in hidden else m for i, m in enumerate(moves)
        ]
        payload["last_decision"] = next(
            (m["decision"] for m in reversed(payload["moves"]) if m["decision"]), None
        )
    return payload


def check_start(sent: JSONObject) -> None:
    """Refuse (409) a new game set up at a position a rated game going on is at or reaches in
    one move: its hints and the computer's thinking would be that game's values."""
    if "position" not in sent and "record" not in sent:
        return
    try:
        record = GameSpec.of(new_game_data(sent, "")).replay()
    except (GameError, ValueError):
        return  # the use case says what is wrong with it
    get_guard().check(record.rules, record.state)


def game_response(game: Game, status: int = 200) -> tuple[Response, int]:
    """The game from the viewer's side; between two devices, with whether each seat is
    connected now.  The part every viewer of the version is sent goes out as JSON kept per
    version (:mod:`app.games.kept_views`), the viewer's own fields spliced in after it."""
    own = cast(GameAnswer, own_part(game, viewer(), notice(game, get_upkeep())))
    if game.data.get("rated"):  # before and, once it is over, after and the change per seat
        own["ratings"] = game_ratings(get_store(), game)
    if game.mode == "remote":
        seen = get_games().presence(game, own["you"])
        for seat in own["seats"]:
            ago = seen[seat["seat"]]
            seat["seen_ago"] = ago
            seat["connected"] = ago is not None and ago < CONNECTED_SECONDS
    token = issued_token()
    if token:  # a bot's new seat token, given once
        own["seat_token"] = token
    shared = shared_text(game)
    if shared is None:  # some decisions hidden, others not: the whole answer built here
        payload = without_thinking(game, cast(GameView, {**shared_part(game), **own}))
        return jsonify(payload), status
    text = f"{shared[:-1]},{current_app.json.dumps(own)[1:]}\n"
    mimetype = getattr(current_app.json, "mimetype", "application/json")
    return current_app.response_class(text, mimetype=mimetype), status


def shared_text(game: Game) -> str | None:
    """The shared part of a game's answer as JSON, kept per version: as it is, or with every
    decision hidden (a rated game going on); None when only some decisions are hidden (a
    position a rated game going on is at: :func:`without_thinking`) or the answer is indented."""
    provider = current_app.json
    compact = getattr(provider, "compact", None)
    if compact is False or (compact is None and current_app.debug):
        return None
    part = shared_part(game)
    moves = part["moves"]
    hidden = False
    if any(m["decision"] for m in moves):
        hidden = rated_running(game)  # every decision hidden
        if not hidden and without_thinking(game, cast(GameView, dict(part)))["moves"] is not moves:
            return None  # some hidden: not kept
    key = (*shared_key(game), hidden, current().code)

    def encoded() -> str:
        """The part as ``provider.dumps`` writes it, its move list's text extended from the
        game's last one (:class:`app.games.kept_views.MoveTexts`) and set in its place."""
        head = dict(part, moves=MOVES_HERE)
        if hidden:
            head["last_decision"] = None
        listed = move_texts.text(game.id, moves, hidden, provider, provider.dumps)
        return provider.dumps(head).replace(MOVES_HERE_TEXT, listed, 1)

    if game.version <= 0:
        return encoded()
    return texts.get_or_make(key, encoded)


MOVES_HERE = f"moves-{secrets.token_hex(16)}"
"""Where a shared part's move list goes in its text: a string no game holds (128 random bits)."""
MOVES_HERE_TEXT = json.dumps(MOVES_HERE)


def created(game: Game) -> tuple[Response, int]:
    """A new game's answer: 201, with its page as the Location."""
    response, status = game_response(game, 201)
    response.headers["Location"] = f"/game/{game.id}"
    return response, status


@bp.get("/variants")
def list_variants() -> ResponseReturnValue:
    found: VariantsAnswer = {
        "variants": variants_payload(),
        "levels": list(LEVELS),
        "level_seconds": {level: level_seconds(level) for level in LEVELS},
        "algorithms": list(ALGORITHMS),
        "modes": MODES,
        "defaults": {
            "variant": "kalah",
            "level": DEFAULT_LEVEL,
            "algorithm": DEFAULT_ALGORITHM,
            "mode": "computer",
            "first": "me",
        },
    }
    return found


@bp.get("/games")
def your_games() -> ResponseReturnValue:
    owner = current_owner()
    found: GamesAnswer = {"games": []}
    for game in get_games().games_of(owner):
        line = summary(game, owner)
        line["expires"] = expires(game, get_upkeep())  # as maintenance.listed adds it
        found["games"].append(line)
    return found


@bp.post("/games")
def create_game() -> ResponseReturnValue:
    sent = body()
    check_start(sent)
    owner = owner_for(sent)
    return created(get_games().create(device(), sent, owner))


@bp.get("/games/<game_id>")
def read_game(game_id: str) -> ResponseReturnValue:
    try:
        seen = since()  # strictly: ASCII digits (app.web.inputs)
    except APIError:
        get_games().load(game_id)  # no such game: its 404 first, as for any of its requests
        raise
    timeout = float(current_app.config["LONG_POLL_SECONDS"])
    with long_poll(seen is not None):  # app.web.polls: 429 beyond the device's cap
        game = get_games().read(device(), game_id, seen, timeout)
    return game_response(game)


@bp.patch("/games/<game_id>")
def update_game(game_id: str) -> ResponseReturnValue:
    return game_response(get_games().settings(device(), game_id, body()))


@bp.post("/games/<game_id>/moves")
def play(game_id: str) -> ResponseReturnValue:
    return game_response(get_games().play(device(), game_id, body()))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> ResponseReturnValue:
    return game_response(get_games().undo(device(), game_id, body()))


@bp.post("/games/<game_id>/resign")
def resign(game_id: str) -> ResponseReturnValue:
    return game_response(get_games().resign(device(), game_id, body()))


@bp.post("/games/<game_id>/join")
def join(game_id: str) -> ResponseReturnValue:
    sent = body()
    owner = owner_for(sent)
    return game_response(get_games().join(device(), game_id, sent, owner))


@bp.post("/games/<game_id>/hint")
def hint(game_id: str) -> ResponseReturnValue:
    sent = body()
    asked = get_games().load(game_id)
    check_game(asked)  # no engine in a rated game being played (app.games.fairplay)
    get_guard().check(asked.record.rules, asked.record.state)
    game, decision = get_games().hint(device(), game_id, sent)
    # Between people the hint is counted (a new version): the game comes along with it.
    return {
        "version": game.version,
        "player": game.to_move,
        **decision,
        "game": game_view(game),
    }


@bp.post("/games/<game_id>/abort")
def abort(game_id: str) -> ResponseReturnValue:
    """Call off a game between two devices before both players have moved: no result."""
    return game_response(get_games().abort(device(), game_id, body()))


@bp.post("/games/<game_id>/draw")
def draw(game_id: str) -> ResponseReturnValue:
    """A draw offer to the opponent of a game between two devices, or its answer."""
    return game_response(get_games().draw(device(), game_id, body()))


@bp.get("/alive")
def alive() -> ResponseReturnValue:
    """A page's quick check that the server answers (while its long-poll waits).  A worker told
    to stop (a restart) still answers on a kept-alive connection for a moment: it says 503,
    ``alive`` false, with ``X-Server-Stopping``, so the page reconnects now, not when the
    connection closes."""
    if not serving():
        stopping: Alive = {"alive": False}
        return stopping, 503, {"X-Server-Stopping": "1", "Retry-After": "1"}
    found: Alive = {"alive": True}
    return found


@bp.post("/games/<game_id>/takeback")
def takeback(game_id: str) -> ResponseReturnValue:
    """A takeback request to the opponent of a game between two devices, or its answer."""
    return game_response(get_games().takeback(device(), game_id, body()))


@bp.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> ResponseReturnValue:
    sent = body()
    game = get_games().rematch(device(), game_id, sent, ensure_owner())
    return created(game) if game.id != game_id else game_response(game)


@bp.get("/games/<game_id>/record")
def export_record(game_id: str) -> ResponseReturnValue:
    game = get_games().load(game_id)
    fmt = request.args.get("format", "json")
    if fmt == "text":
        return Response(game.record.to_text() + "\n", mimetype="text/plain")
    if fmt != "json":
        raise APIError(400, "'format' must be json or text")
    exported = cast(RecordExport, game.record.to_dict())  # the engine's JSON
    if game.data.get("start") is not None:  # a game from a position set up by hand
        exported["start"] = game.data["start"]
    return exported
