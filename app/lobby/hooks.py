"""What higher packages add to the lobby: the finished tournament games it lists.

The tournaments (a floor above) register a :data:`Source` with :func:`register_finished` (the
registry: :mod:`app.games.hooks`): given how many to list at most, it answers the finished
tournament games, newest first, each a JSON object the home page shows as is: ``{"id",
"title", "players": [name, name], "result", "url", "tournament"}`` (``url`` the game's review,
``tournament`` its event's name).
"""

from __future__ import annotations

from collections.abc import Callable

from app.games.hooks import Hooks
from app.store.json_types import JSONObject

Source = Callable[[int], list[JSONObject]]
SOURCES: Hooks[Source] = Hooks("finished tournament games")


def register_finished(source: Source) -> None:
    """List ``source``'s finished tournament games in the lobby (once however often given)."""
    SOURCES.add(source)


def unregister_finished(source: Source) -> None:
    """Stop listing ``source``'s games (tests)."""
    SOURCES.remove(source)


def finished_tournament_games(limit: int) -> list[JSONObject]:
    """Every registered source's finished games, at most ``limit``; a source that fails is
    left out (logged), so the lobby still shows."""
    ran = SOURCES.run(lambda source: source(limit), " (left out of the lobby)")
    return [game for games in ran.answers for game in games][:limit]
