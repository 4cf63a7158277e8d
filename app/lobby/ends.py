"""The lobby's start- and end-of-game hooks: a game between two devices that starts (both seats
taken) or ends moves the lobby's version on, so the pages that list the games being played (the
home page's room) are woken and show it or drop it, and the room's shared lists
(:meth:`app.lobby.service.Lobby.room`) are built again for the new version.

The games (a floor below) run them with every start and end hook (:mod:`app.games.starts`,
:mod:`app.games.ends`); the app registers them once it has the store (:func:`register`).
"""

from __future__ import annotations

from app.games import ends, starts
from app.games.model import Game
from app.lobby.store import LobbyStore
from app.store import GameStore
from app.store.sql import SQLStore

HOOK = "lobby-games"  # the start- and end-of-game hooks that tell the lobby


def announce(store: GameStore, game: Game) -> None:
    """A game between two devices started or ended: the lobby's version moves on."""
    if game.mode == "remote" and isinstance(store, SQLStore):
        store.run(LobbyStore(store).bump)


def register() -> None:
    """Tell the lobby of games' starts and ends (once however often called)."""
    starts.on_start(HOOK, announce)
    ends.on_end(HOOK, announce)
