"""The lobby's JSON API under /api/lobby, and quick messages at the table.

``GET /api/lobby[?since=V]`` (a long-poll with ``since``; a read: it writes nothing and mints
no cookie), ``POST /api/lobby/here`` (an open page's heartbeat: the room, with this device in
it) and ``POST /api/lobby/leave`` (the page closed), ``POST /api/lobby/seeks``,
``DELETE /api/lobby/seeks/<id>``, ``POST /api/lobby/seeks/<id>/join``,
``POST /api/lobby/challenges`` (``to``: a player's tag or name), ``POST
/api/lobby/challenges/<id>/accept`` and ``/decline``, ``GET|PUT /api/lobby/me`` (quick
messages on or off), ``POST /api/games/<id>/messages``.  Every refusal is a 4xx JSON error.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app
from flask.typing import ResponseReturnValue

from app.games.errors import N_, BadInput, NoGame
from app.games.service import Device, get_games
from app.lobby import messages
from app.lobby.caps import RoomLimits
from app.lobby.names import Names
from app.lobby.presence import Arrival
from app.lobby.service import Lobby
from app.lobby.shapes import Cancelled, DeclinedAnswer, Left, LobbyMe, Messages, SeekView
from app.store import get_store
from app.store.json_types import JSONObject
from app.store.sql import SQLStore
from app.web.api import created
from app.web.inputs import body, device
from app.web.inputs import since as seen_version
from app.web.limits import client_address, limit
from app.web.polls import long_poll
from app.web.seats import current_owner, ensure_owner

bp = Blueprint("lobby", __name__, url_prefix="/api")


def get_lobby() -> Lobby:
    """This app's lobby (made on first use)."""
    lobby: Lobby | None = current_app.extensions.get("mancala_lobby")
    if lobby is None:
        store = get_store()
        assert isinstance(store, SQLStore)
        limits = RoomLimits.of(current_app.config.get("ROOM_LIMITS"))
        lobby = Lobby(store, get_games(), Names(store), limits)
        current_app.extensions["mancala_lobby"] = lobby
    return lobby


def me() -> str:
    """This browser's device (its seat owner), minted if it has none yet (a write)."""
    return ensure_owner()


@bp.get("/lobby")
def look() -> ResponseReturnValue:
    since = seen_version()
    timeout = float(current_app.config["LONG_POLL_SECONDS"])
    with long_poll(since is not None):
        return room_answer(get_lobby().look(current_owner(), since, timeout, dumps))


@bp.post("/lobby/here")
def be_here() -> ResponseReturnValue:
    """An open page's heartbeat: this device is in the room; the answer is the room as it
    sees it.  Without a cookie, nothing is made but the cookie: the page beats again with it
    (told by ``in_room`` false and ``retry_after`` 0)."""
    no_fields(body())
    lobby = get_lobby()
    owner = current_owner()
    if owner is None:
        return room_answer(lobby.view_text(me(), dumps, Arrival(False, 0)))
    return room_answer(lobby.view_text(owner, dumps, lobby.beat(owner, client_address())))


def dumps(value: object) -> str:
    """An object as the app writes JSON (its keys sorted), compactly."""
    return str(current_app.json.dumps(value, separators=(",", ":")))


def room_answer(text: str) -> Response:
    """The room as JSON text (:meth:`Lobby.view_text`)."""
    return Response(text, mimetype="application/json")


@bp.post("/lobby/leave")
def leave() -> ResponseReturnValue:
    """The page closed (a beacon, without a body): this device leaves the room at once; its
    open seeks are hidden, and go if it does not come back within the presence window."""
    no_fields(body())
    owner = current_owner()
    left: Left = {"left": owner is not None and get_lobby().leave(owner)}
    return left


def seek_answer(seek_id: str) -> SeekView:
    lobby = get_lobby()
    found = lobby.store.seek(seek_id)
    if found is None:
        raise NoGame("the seek is gone")
    shown = lobby.names.of([found.device] + ([found.target] if found.target else []))
    return lobby.seek_view(found, found.device, shown)


@bp.post("/lobby/seeks")
def make_seek() -> ResponseReturnValue:
    sent = body()
    seek = get_lobby().offer(device_now(), sent)
    return seek_answer(seek.id), 201


@bp.delete("/lobby/seeks/<seek_id>")
def cancel_seek(seek_id: str) -> ResponseReturnValue:
    get_lobby().cancel(device_now(), seek_id)
    cancelled: Cancelled = {"cancelled": seek_id}
    return cancelled


@bp.post("/lobby/seeks/<seek_id>/join")
def take_seek(seek_id: str) -> ResponseReturnValue:
    no_fields(body())
    return created(get_lobby().take(device_now(), seek_id))


@bp.post("/lobby/challenges")
def challenge() -> ResponseReturnValue:
    sent = body()
    lobby = get_lobby()
    target = sent.pop("to", None)
    if not isinstance(target, str) or not 1 <= len(target) <= 40:
        raise BadInput("'to' must name the player to challenge (their name or tag)")
    found = lobby.store.device_of_tag(target) or lobby.names.device_of(target)
    if found is None:
        raise NoGame(N_("there is no player %(player)s in the lobby"), player=repr(target))
    seek = lobby.offer(device_now(), sent, target=found)
    return seek_answer(seek.id), 201


@bp.post("/lobby/challenges/<seek_id>/accept")
def accept(seek_id: str) -> ResponseReturnValue:
    no_fields(body())
    return created(get_lobby().take(device_now(), seek_id))


@bp.post("/lobby/challenges/<seek_id>/decline")
def decline(seek_id: str) -> ResponseReturnValue:
    no_fields(body())
    get_lobby().decline(device_now(), seek_id)
    declined: DeclinedAnswer = {"declined": seek_id}
    return declined


@bp.get("/lobby/me")
def read_me() -> ResponseReturnValue:
    return me_view(current_owner())  # a read mints nothing


@bp.put("/lobby/me")
def write_me() -> ResponseReturnValue:
    sent = body()
    if set(sent) != {"quiet"} or not isinstance(sent["quiet"], bool):
        raise BadInput('send {"quiet": true} to turn quick messages off, false to turn them on')
    owner = me()
    messages.set_quiet(get_games(), get_lobby().store, owner, sent["quiet"])  # told at its tables
    return me_view(owner)


def me_view(owner: str | None) -> LobbyMe:
    """This device's tag, name and whether its quick messages are off (nulls: no cookie)."""
    if owner is None:
        return {"tag": None, "name": None, "quiet": False}
    lobby = get_lobby()
    return {
        "tag": lobby.store_tag(owner),
        "name": lobby.names.of([owner])[owner],
        "quiet": owner in lobby.store.quiet([owner]),
    }


@bp.post("/games/<game_id>/messages")
def send_message(game_id: str) -> ResponseReturnValue:
    lobby = get_lobby()
    messages.send(get_games(), lobby.store, device(), game_id, body())
    return read_messages(game_id, None), 201


@bp.get("/games/<game_id>/messages")
def game_messages(game_id: str) -> ResponseReturnValue:
    since = seen_version()
    with long_poll(since is not None):
        return read_messages(game_id, since)


def read_messages(game_id: str, since: int | None) -> Messages:
    lobby = get_lobby()
    timeout = float(current_app.config["LONG_POLL_SECONDS"])
    return messages.read(
        get_games(), lobby.store, lobby.watcher, current_owner(), game_id, since, timeout
    )


def no_fields(sent: JSONObject) -> None:
    if sent:
        raise BadInput(
            N_("this request takes no fields (got %(field)s)"), field=repr(sorted(sent)[0])
        )


def device_now() -> Device:
    """The device asking, its player cookie minted if it has none yet."""
    return Device(ensure_owner(), client_address(), limit)
