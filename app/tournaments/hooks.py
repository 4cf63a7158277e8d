"""What the tournaments hand the floors below: the rule for a rematch of a tournament game
(refused: the tournament pairs the next game by its own rules), and the finished tournament
games the lobby lists."""

from __future__ import annotations

from collections.abc import Callable

from app.games import Game
from app.games.errors import NotNow
from app.store.json_types import JSONObject
from app.store.tournaments import TournamentRow
from app.tournaments.view import result_text


def rematch_rule(game: Game) -> JSONObject | None:
    """None outside tournaments; a tournament game's rematch is refused, saying why."""
    tournament = game.data.get("tournament")
    if not isinstance(tournament, dict):
        return None
    raise NotNow(
        f"this game is part of the tournament {tournament.get('name', '')!r}: it pairs your "
        "next game itself (see its page)"
    )


def finished_source(recent: Callable[[], list[TournamentRow]]) -> Callable[[int], list[JSONObject]]:
    """The lobby's source of finished tournament games, newest first, from ``recent``."""

    def finished(limit: int) -> list[JSONObject]:
        found: list[tuple[float, JSONObject]] = []
        for row in recent():
            names = {p["id"]: p["name"] for p in row.data["players"]}
            for e in row.data["games"]:
                if e.get("score") is None or e.get("game") is None:
                    continue
                item: JSONObject = {
                    "id": e["game"],
                    "title": f"{names[e['white']]} – {names[e['black']]}",
                    "players": [names[e["white"]], names[e["black"]]],
                    "result": result_text(e),
                    "url": f"/game/{e['game']}",
                    "tournament": row.data["name"],
                    "tournament_url": f"/tournaments/{row.id}",
                }
                found.append((float(e.get("ended") or 0.0), item))
        found.sort(key=lambda t: -t[0])
        return [item for _, item in found[:limit]]

    return finished
