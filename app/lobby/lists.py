"""How the room's lists are cut to size: newest first, each maker a fair share, so that no
device or address can fill a list and a friend's new entry is seen at once however many others
came before it; finished tournament games grouped by their tournament."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from app.store.json_types import JSONObject

T = TypeVar("T")


def fair(items: Iterable[T], maker: Callable[[T], str], share: int, most: int) -> list[T]:
    """Of ``items`` (newest first), each maker's first ``share`` (its newest), at most
    ``most`` in all, in their order."""
    kept: list[T] = []
    counts: dict[str, int] = {}
    for item in items:
        if len(kept) >= most:
            break
        who = maker(item)
        if counts.get(who, 0) < share:
            counts[who] = counts.get(who, 0) + 1
            kept.append(item)
    return kept


def finished_groups(games: list[JSONObject], tournaments: int, share: int) -> list[JSONObject]:
    """Finished tournament games (newest first) grouped by tournament: the ``tournaments``
    with the newest games, each with its newest ``share`` games and how many more it has
    (``{"tournament", "url", "games", "more"}``, ``url`` the tournament's page)."""
    heads: dict[str, JSONObject] = {}
    kept: dict[str, list[JSONObject]] = {}
    more: dict[str, int] = {}
    for game in games:
        key = str(game.get("tournament_url") or game.get("tournament") or "")
        if key not in heads:
            if len(heads) >= tournaments:
                continue
            name = game.get("tournament") or "Tournament"
            heads[key] = {"tournament": name, "url": game.get("tournament_url")}
            kept[key], more[key] = [], 0
        if len(kept[key]) < share:
            kept[key].append(game)
        else:
            more[key] += 1
    return [dict(head, games=list(kept[key]), more=more[key]) for key, head in heads.items()]


def group_games(group: JSONObject) -> list[JSONObject]:
    """A group's games (as finished_groups made it)."""
    listed = group.get("games")
    return [g for g in listed if isinstance(g, dict)] if isinstance(listed, list) else []
