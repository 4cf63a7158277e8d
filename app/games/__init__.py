"""Games as the app keeps them: the model (:mod:`.model`), what a client may send
(:mod:`.params`, :mod:`.start`), the app's rules around the engine's (:mod:`.changes`,
:mod:`.clock`), the use cases (:mod:`.service`), the JSON a browser is sent (:mod:`.view`), and a
game as a search needs it (:mod:`.spec`), replayed (:mod:`.replay`).  Nothing here knows the
computer, the web or the pages: the use cases are given the computer player and the analyses
(:class:`.service.Player`, :class:`.service.Analyst`)."""

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
