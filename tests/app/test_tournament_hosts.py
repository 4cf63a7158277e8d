"""A round robin across two app hosts on one real PostgreSQL (tests/pg.py): one host is killed
with SIGKILL in the middle of a round; the other finishes the round and the tournament, each
pairing made once and each listed game existing once, however many requests race to settle."""

from __future__ import annotations

import signal
import threading
from collections import Counter
from typing import Any

import pytest

from tests.app.test_hosts import hosts, ok  # noqa: F401 (the two hosts fixture)
from tests.server import Server

pytestmark = pytest.mark.slow
NAMES = ["Ama", "Kofi", "Esi", "Yaw"]


def token_of(server: Server) -> str:
    """A new device's seat token (issued with an invite it makes)."""
    game = ok(server.request("POST", "/api/games", {"mode": "remote", "seat_token": True}), 201)
    return str(game["seat_token"])


def resign(server: Server, game_id: str, token: str) -> None:
    game = ok(server.request("GET", f"/api/games/{game_id}", token=token))
    body = {"version": game["version"]}
    ok(server.request("POST", f"/api/games/{game_id}/resign", body, token=token))


def loser_of(server: Server, tid: str, entry: dict[str, Any], tokens: dict[str, str]) -> str:
    """White resigns every game (so white's name is the loser)."""
    players = {
        p["id"]: p["name"] for p in ok(server.request("GET", f"/api/tournaments/{tid}"))["players"]
    }
    return players[entry["white"]]


def race_reads(server: Server, tid: str, token: str, n: int = 6) -> list[Any]:
    """``n`` reads of the tournament at once (each settles it)."""
    answers: list[Any] = []
    start = threading.Barrier(n)

    def read() -> None:
        start.wait()
        answers.append(ok(server.request("GET", f"/api/tournaments/{tid}", token=token)))

    threads = [threading.Thread(target=read) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_a_round_robin_survives_a_host_killed_mid_round(hosts: list[Server]) -> None:  # noqa: F811
    a, b = hosts
    tokens = {name: token_of(a) for name in NAMES}
    body = {"name": "Two hosts", "you": "Ama", "clock": {"minutes": 5, "increment": 0}}
    t = ok(a.request("POST", "/api/tournaments", body, token=tokens["Ama"]), 201)
    tid = t["id"]
    for i, name in enumerate(NAMES[1:]):
        host = (a, b)[i % 2]
        ok(host.request("POST", f"/api/tournaments/{tid}/join", {"name": name}, tokens[name]))
    ok(b.request("POST", f"/api/tournaments/{tid}/start", {}, token=tokens["Ama"]))
    t = ok(a.request("GET", f"/api/tournaments/{tid}"))
    first, second = t["games"]
    # The first game ends on host a; then host a is killed while the second is being played.
    resign(a, first["game"], tokens[loser_of(a, tid, first, tokens)])
    a.stop(signal.SIGKILL)
    resign(b, second["game"], tokens[loser_of(b, tid, second, tokens)])
    seen = race_reads(b, tid, tokens["Kofi"])
    assert {s["version"] for s in seen} == {seen[0]["version"]}  # every read saw the same
    for _ in range(2):  # rounds 2 and 3, on host b
        t = ok(b.request("GET", f"/api/tournaments/{tid}"))
        for entry in t["games"]:
            if entry["result"] == "playing":
                resign(b, entry["game"], tokens[loser_of(b, tid, entry, tokens)])
        race_reads(b, tid, tokens["Esi"])
    t = ok(b.request("GET", f"/api/tournaments/{tid}"))
    assert t["status"] == "finished"
    assert [g["round"] for g in t["games"]] == [1, 1, 2, 2, 3, 3]
    pairs = Counter(frozenset((g["white"], g["black"])) for g in t["games"])
    assert len(pairs) == 6 and set(pairs.values()) == {1}  # each pairing once
    assert [g["result"] for g in t["games"]] == ["0-1"] * 6
    for g in t["games"]:  # each game exists, once, and is over
        game = ok(b.request("GET", f"/api/games/{g['game']}"))
        assert game["status"] != "playing"
    # White lost every game: each player's points are their games with black.
    points = {s["name"]: s["points"] for s in t["standings"]}
    whites = Counter(g["white"] for g in t["games"])
    ids = {p["name"]: p["id"] for p in t["players"]}
    assert points == {n: 3 - whites[ids[n]] for n in NAMES}
