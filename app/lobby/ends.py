"""The lobby's end-of-game hook: a game between two devices that ends moves the lobby's version
on, so the pages that list it as being played (the home page's room) are woken and drop it.

The games (a floor below) run it with every end-of-game hook (:mod:`app.games.ends`); the app
registers it once it has the store (:func:`register`).
"""

from __future__ import annotations

from app.games import ends
from app.games.model import Game
from app.lobby.store import LobbyStore
from app.store import GameStore
from app.store.sql import SQLStore

HOOK = "lobby-games"  # the end-of-game hook that tells the lobby


def announce(store: GameStore, game: Game) -> None:
    """A game between two devices ended: the lobby's version moves on."""
    if game.mode == "remote" and isinstance(store, SQLStore):
        store.run(LobbyStore(store).bump)


def register() -> None:
    """Tell the lobby of games' ends (once however often called)."""
    ends.on_end(HOOK, announce)
