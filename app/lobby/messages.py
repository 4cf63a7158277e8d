"""Quick messages at the table: between the two players of a game between two devices, only
these few words (:data:`QUICK`), at most :data:`BURST` at once and one every
:data:`EVERY_SECONDS` after that per device; a game keeps its last :data:`KEPT`.  A player
who turned messages off neither sends nor sees them (the sender is told).

"Messages off" is kept for the device, so it holds in all its games, this one and the next
(the page says so): it is one person's wish about chatter, like sound, not a word about one
opponent.  Turned off or on from a table (``POST /api/games/<id>/messages`` with
``{"quiet": ...}``) or for the device (``PUT /api/lobby/me``), it is seen live at the
device's tables: :func:`quiet_changed` wakes the opponents' long-polls.

Messages live beside the game, not in it: sending one does not change the game's version, so
it never makes the opponent's move, sent at the same moment, stale.  Each game's messages have
a version of their own (their count) that the board page long-polls, like the lobby's; a
change of "messages off" is a row of its own among them (:data:`SETTING`, never shown), so
that the version moves on.
"""

from __future__ import annotations

import math
import time

from app.games import changes
from app.games.errors import N_, BadInput, NotNow, TooManySearches
from app.games.service import Device, Games
from app.lobby.shapes import Messages
from app.lobby.store import MESSAGES, LobbyStore
from app.store.base import Watcher
from app.store.json_types import JSONObject

QUICK = ("Good game", "Well played", "Thanks", "Oops")
BURST = 3
EVERY_SECONDS = 5.0
KEPT = 20
SETTING = "~setting"  # a player's "messages off" changed: moves the version, never shown
TABLES_READ = 20  # the device's most recent games looked through for its tables in play


class TooManyMessages(TooManySearches):
    """Messages faster than the limit (429)."""


def text_of(body: JSONObject) -> str:
    """The message a request sends: one of QUICK."""
    unknown = sorted(set(body) - {"text"})
    if unknown:
        raise BadInput(
            N_("unknown field %(field)s (fields: text, or quiet alone)"), field=repr(unknown[0])
        )
    text = body.get("text")
    if text not in QUICK:
        raise BadInput(N_("'text' must be one of: %(texts)s"), texts=", ".join(QUICK))
    return str(text)


def quiet_of(body: JSONObject) -> bool:
    """The setting a request sends from the table: ``{"quiet": true}`` turns messages off."""
    if set(body) != {"quiet"} or not isinstance(body["quiet"], bool):
        raise BadInput('send {"quiet": true} to turn quick messages off, false to turn them on')
    return body["quiet"]


def send(games: Games, lobby: LobbyStore, device: Device, game_id: str, body: JSONObject) -> int:
    """Send a quick message to the opponent (``{"text": ...}``): its number.  Or, from a
    player's table, turn the device's messages off or on (``{"quiet": ...}``, for all its
    games, as ``PUT /api/lobby/me`` does), told at once at its tables: 0."""
    if "quiet" in body:
        off = quiet_of(body)
        changes.seats_held(games.load(game_id), device.owner)  # a player of this game
        set_quiet(games, lobby, str(device.owner), off)
        return 0
    text = text_of(body)
    game = games.load(game_id)
    seat = changes.one_seat(game, device.owner)
    opponent = game.seats[1 - seat].owner
    quiet = lobby.quiet([str(device.owner), str(opponent)])
    if device.owner in quiet:
        raise NotNow("you turned quick messages off; turn them on to send one")
    if opponent in quiet:
        raise NotNow("your opponent turned quick messages off")
    wait = lobby.store.take_token(f"message:{device.owner}", BURST, 1 / EVERY_SECONDS)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise TooManyMessages(N_("too many messages; wait %(seconds)s s"), seconds, seconds=seconds)
    return lobby.add_message(game_id, seat, text, time.time(), KEPT)


def set_quiet(games: Games, lobby: LobbyStore, owner: str, quiet: bool) -> None:
    """Turn ``owner``'s quick messages off (``quiet``) or on, in all its games; a change is
    told at its tables in play at once (:func:`quiet_changed`)."""
    changed = (owner in lobby.quiet([owner])) != quiet
    lobby.set_quiet(owner, quiet)
    if changed:
        quiet_changed(games, lobby, owner)


def quiet_changed(games: Games, lobby: LobbyStore, owner: str) -> int:
    """``owner`` turned messages off or on: tell each of its games in play between two devices
    (the opponent's page then shows it at once, not at its next long-poll round).  How many
    games were told; none past the device's message limit (they see it within a long-poll)."""
    if lobby.store.take_token(f"message-setting:{owner}", BURST, 1 / EVERY_SECONDS) > 0:
        return 0
    told = 0
    for game in games.games_of(owner, TABLES_READ):
        mine = game.seats_of(owner)
        if game.mode != "remote" or game.over or len(mine) != 1:
            continue
        if game.seats[1 - mine[0]].owner is None:
            continue  # nobody sits opposite yet
        lobby.add_message(game.id, mine[0], SETTING, time.time(), KEPT)
        told += 1
    return told


def read(
    games: Games,
    lobby: LobbyStore,
    watcher: Watcher,
    owner: str | None,
    game_id: str,
    since: int | None,
    timeout: float,
) -> Messages:
    """A game's messages as ``owner`` sees them (none if they turned messages off); with
    ``since`` equal to their version, once a new one comes (or at ``timeout``)."""
    game = games.load(game_id)  # 404 for no such game
    key = MESSAGES + game_id
    if since is not None and since == lobby.version_of(key):
        watcher.wait(key, since, timeout)
        game = games.load(game_id)  # as it is now: the opponent may have sat down meanwhile
    version = lobby.version_of(key)
    mine = game.seats_of(owner)
    player = len(mine) == 1 and game.mode == "remote"
    opponent = game.seats[1 - mine[0]].owner if player else None
    off = lobby.quiet([d for d in (owner, opponent) if d is not None])
    quiet = owner in off
    found = [] if quiet else [m for m in lobby.messages(game_id) if m[2] in QUICK]
    return {
        "version": version,
        "quiet": quiet,
        "opponent_quiet": opponent in off,
        "quick": list(QUICK),
        "can_send": player and not quiet and opponent not in off,
        "player": player,
        "messages": [
            {
                "n": n,
                "seat": seat,
                "text": text,
                "at": at,
                "yours": seat in mine,
                "by": game.seats[seat].name,  # the player's name on the board (None: none)
            }
            for n, seat, text, at in found
        ],
    }
