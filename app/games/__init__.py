"""Games as the app keeps them: the model (:mod:`.model`), what a client may send
(:mod:`.params`), the app's rules around the engine's (:mod:`.changes`), the use cases
(:mod:`.service`) and the JSON a browser is sent (:mod:`.view`)."""

from app.games.model import (
    DEFAULT_ALGORITHM,
    DEFAULT_LEVEL,
    HINT_LEVEL,
    MODES,
    Game,
    Seat,
    new_game_id,
    owner_hash,
)

__all__ = [
    "DEFAULT_ALGORITHM",
    "DEFAULT_LEVEL",
    "HINT_LEVEL",
    "MODES",
    "Game",
    "Seat",
    "new_game_id",
    "owner_hash",
]
