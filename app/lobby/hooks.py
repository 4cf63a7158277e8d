"""What higher packages add to the lobby: the finished tournament games it lists.

The tournaments (a floor above) register a :data:`Source` with :func:`register_finished`:
given how many to list at most, it answers the finished tournament games, newest first, each a
JSON object the home page shows as is: ``{"id", "title", "players": [name, name], "result",
"url", "tournament"}`` (``url`` the game's review, ``tournament`` its event's name).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from app.store.json_types import JSONObject

log = logging.getLogger(__name__)
Source = Callable[[int], list[JSONObject]]
_sources: list[Source] = []


def register_finished(source: Source) -> None:
    """List ``source``'s finished tournament games in the lobby (once however often given)."""
    if source not in _sources:
        _sources.append(source)


def unregister_finished(source: Source) -> None:
    """Stop listing ``source``'s games (tests)."""
    if source in _sources:
        _sources.remove(source)


def finished_tournament_games(limit: int) -> list[JSONObject]:
    """Every registered source's finished games, at most ``limit``; a source that fails is
    left out (logged), so the lobby still shows."""
    found: list[JSONObject] = []
    for source in list(_sources):
        try:
            found.extend(source(limit))
        except Exception:  # noqa: BLE001 (one broken source must not break the lobby)
            log.exception("a source of finished tournament games failed")
    return found[:limit]
