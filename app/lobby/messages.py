"""Quick messages at the table: between the two players of a game between two devices, only
these few words (:data:`QUICK`), at most :data:`BURST` at once and one every
:data:`EVERY_SECONDS` after that per device; a game keeps its last :data:`KEPT`.  A player
who turned messages off neither sends nor sees them (the sender is told).

Messages live beside the game, not in it: sending one does not change the game's version, so
it never makes the opponent's move, sent at the same moment, stale.  Each game's messages have
a version of their own (their count) that the board page long-polls, like the lobby's.
"""

from __future__ import annotations

import math
import time

from app.games import changes
from app.games.errors import BadInput, NotNow, TooManySearches
from app.games.service import Device, Games
from app.store.base import Watcher
from app.store.json_types import JSONObject
from app.store.lobby import MESSAGES, LobbyStore

QUICK = ("Good game", "Well played", "Thanks", "Oops")
BURST = 3
EVERY_SECONDS = 5.0
KEPT = 20


class TooManyMessages(TooManySearches):
    """Messages faster than the limit (429)."""


def text_of(body: JSONObject) -> str:
    """The message a request sends: one of QUICK."""
    unknown = sorted(set(body) - {"text"})
    if unknown:
        raise BadInput(f"unknown field {unknown[0]!r} (fields: text)")
    text = body.get("text")
    if text not in QUICK:
        raise BadInput(f"'text' must be one of: {', '.join(QUICK)}")
    return str(text)


def send(games: Games, lobby: LobbyStore, device: Device, game_id: str, body: JSONObject) -> int:
    """Send a quick message to the opponent: its number."""
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
        raise TooManyMessages(f"too many messages; wait {seconds} s", seconds)
    return lobby.add_message(game_id, seat, text, time.time(), KEPT)


def read(
    games: Games,
    lobby: LobbyStore,
    watcher: Watcher,
    owner: str | None,
    game_id: str,
    since: int | None,
    timeout: float,
) -> JSONObject:
    """A game's messages as ``owner`` sees them (none if they turned messages off); with
    ``since`` equal to their version, once a new one comes (or at ``timeout``)."""
    game = games.load(game_id)  # 404 for no such game
    key = MESSAGES + game_id
    if since is not None and since == lobby.version_of(key):
        watcher.wait(key, since, timeout)
    version = lobby.version_of(key)
    mine = game.seats_of(owner)
    player = len(mine) == 1 and game.mode == "remote"
    opponent = game.seats[1 - mine[0]].owner if player else None
    off = lobby.quiet([d for d in (owner, opponent) if d is not None])
    quiet = owner in off
    found = [] if quiet else lobby.messages(game_id)
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
