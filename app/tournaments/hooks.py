"""What the tournaments hand the floors below: the rule for a rematch of a tournament game
(refused: the tournament pairs the next game by its own rules), and the finished tournament
games the lobby lists."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from app.games import Game
from app.games.errors import N_, NotNow
from app.store.json_types import JSONObject
from app.tournaments.store import TournamentRow, TournamentStore
from app.tournaments.view import result_text


def rematch_rule(game: Game) -> JSONObject | None:
    """None outside tournaments; a tournament game's rematch is refused, saying why."""
    tournament = game.data.get("tournament")
    if not isinstance(tournament, dict):
        return None
    raise NotNow(
        N_(
            "this game is part of the tournament %(name)s: it pairs your next game itself (see "
            "its page)"
        ),
        name=repr(tournament.get("name", "")),
    )


def finished_games(row: TournamentRow) -> list[tuple[float, JSONObject]]:
    """A tournament's finished games as the lobby lists them, each with when it ended."""
    names = {p["id"]: p["name"] for p in row.data["players"]}
    found: list[tuple[float, JSONObject]] = []
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
    return found


class FinishedSource:
    """The lobby's source of finished tournament games, newest first, from the tournaments
    changed last; each version of a tournament is read and listed once per process."""

    def __init__(self, store: Callable[[], TournamentStore], tournaments: int = 10) -> None:
        self.store = store
        self.tournaments = tournaments
        self.kept: dict[str, tuple[int, list[tuple[float, JSONObject]]]] = {}
        self.answer: tuple[Hashable, list[JSONObject]] | None = None  # the last, by versions
        self.lock = threading.Lock()

    def __call__(self, limit: int) -> list[JSONObject]:
        """The finished games, newest first, at most ``limit``: the same list (the same
        objects) while the latest tournaments' versions are the same, so that the lobby
        groups them once (:meth:`app.lobby.service.Lobby.finished_groups`)."""
        store = self.store()
        latest = store.latest(self.tournaments)
        key = (tuple(latest), limit)
        with self.lock:
            if self.answer is not None and self.answer[0] == key:
                return self.answer[1]
        found: list[tuple[float, JSONObject]] = []
        for tid, version in latest:
            with self.lock:
                kept = self.kept.get(tid)
            if kept is None or kept[0] != version:
                row = store.load(tid)
                if row is None:
                    continue
                kept = (row.version, finished_games(row))
                with self.lock:
                    self.kept[tid] = kept
            found.extend(kept[1])
        found.sort(key=lambda t: -t[0])
        answer = [item for _, item in found[:limit]]
        with self.lock:
            self.answer = (key, answer)
        return answer
