"""Two app hosts on one PostgreSQL: two real servers (gunicorn, ``python -m app.web.serve``) on two
ports, each with its own instance folder, sharing only the database (tests/pg.py starts a real
PostgreSQL).  A game started on one is played on the other, a long-poll on one sees a move made
on the other within a second, and a host killed mid-search loses nothing: the other finishes."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.server import Server

pytestmark = pytest.mark.slow

REMOTE = {"mode": "remote", "first": 0, "seat_token": True}  # bots: the server issues tokens


def host_server(root: Path, name: str, url: str) -> Server:
    return Server(
        root / name,
        MANCALA_DATABASE_URL=url,
        MANCALA_SECRET_KEY="one-key-for-every-host",
        WORKERS="2",
        THREADS="16",
    )


@pytest.fixture
def hosts(tmp_path: Path, postgres_url: str) -> Iterator[list[Server]]:
    """Two app hosts on one fresh PostgreSQL database (stopped, or killed, after)."""
    servers = [host_server(tmp_path, name, postgres_url) for name in ("a", "b")]
    started: list[Server] = []
    try:
        for server in servers:
            started.append(server.start())
        yield servers
    finally:
        for server in started:
            server.stop(signal.SIGKILL)


def ok(answer: tuple[int, Any], status: int = 200) -> Any:
    assert answer[0] == status, answer
    return answer[1]


def move(server: Server, game: dict[str, Any], token: str) -> dict[str, Any]:
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    path = f"/api/games/{game['id']}/moves"
    return ok(server.request("POST", path, body, token=token))  # type: ignore[no-any-return]


def test_a_game_started_on_one_host_is_played_on_the_other(hosts: list[Server]) -> None:
    a, b = hosts
    assert [ok(s.request("GET", "/health"))["store"] for s in hosts] == ["postgresql"] * 2
    game = ok(a.request("POST", "/api/games", REMOTE), 201)
    gid, host = game["id"], game["seat_token"]
    joined = ok(b.request("POST", f"/api/games/{gid}/join", {"seat_token": True}))
    assert joined["you"] == [1]
    friend = joined["seat_token"]
    tokens = {0: host, 1: friend}
    turns = 0
    while game["status"] == "playing" and turns < 12:
        server = hosts[turns % 2]  # every move through the other host
        game = ok(server.request("GET", f"/api/games/{gid}", token=host))
        game = move(server, game, tokens[game["to_move"]])
        turns += 1
    seen = [ok(s.request("GET", f"/api/games/{gid}", token=host)) for s in hosts]
    assert seen[0]["version"] == seen[1]["version"] == game["version"]
    assert seen[0]["moves"] == seen[1]["moves"] and len(seen[0]["moves"]) == turns
    listed = ok(b.request("GET", "/api/games", token=host))  # the host's games, from host b
    assert gid in str(listed)


def test_a_long_poll_on_one_host_sees_a_move_made_on_the_other_within_a_second(
    hosts: list[Server],
) -> None:
    a, b = hosts
    game = ok(a.request("POST", "/api/games", REMOTE), 201)
    gid, host = game["id"], game["seat_token"]
    friend = ok(b.request("POST", f"/api/games/{gid}/join", {"seat_token": True}))["seat_token"]
    for round_ in range(4):
        waiter, mover = (a, b) if round_ % 2 == 0 else (b, a)
        game = ok(mover.request("GET", f"/api/games/{gid}", token=host))
        seen: dict[str, Any] = {}

        def long_poll(
            server: Server = waiter, version: int = game["version"], seen: dict[str, Any] = seen
        ) -> None:
            path = f"/api/games/{gid}?since={version}"
            seen["answer"] = server.request("GET", path, token=friend, timeout=20)
            seen["at"] = time.monotonic()

        thread = threading.Thread(target=long_poll)
        thread.start()
        time.sleep(0.5)  # the long-poll is waiting on the other host by now
        moved = move(mover, game, {0: host, 1: friend}[game["to_move"]])
        moved_at = time.monotonic()
        thread.join(timeout=20)
        assert seen["answer"][0] == 200 and seen["answer"][1]["version"] == moved["version"]
        took = seen["at"] - moved_at
        assert took < 1.0, f"the other host saw the move after {took:.2f} s"


def claim_of(url: str, game_id: str) -> tuple[Any, ...] | None:
    with psycopg.connect(url) as db:
        return db.execute(
            "SELECT version, think_version, think_pid FROM games WHERE id = %s", (game_id,)
        ).fetchone()


@pytest.mark.parametrize("doomed", [0, 1], ids=["host-a-dies", "host-b-dies"])
def test_a_host_killed_mid_search_loses_nothing_the_other_finishes_the_move(
    hosts: list[Server], postgres_url: str, doomed: int
) -> None:
    """kill -9 the whole host (master, workers, search processes) while its computer move is
    being searched: the other host takes the claim over at once and makes the move."""
    dying, living = hosts[doomed], hosts[1 - doomed]
    game = ok(dying.request("POST", "/api/games", {"level": "master", "seat_token": True}), 201)
    gid, host = game["id"], game["seat_token"]
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    game = ok(dying.request("POST", f"/api/games/{gid}/moves", body, token=host))
    assert game["thinking"]
    time.sleep(0.5)  # master searches for 3 s: it is mid-search now
    claim = claim_of(postgres_url, gid)
    assert claim is not None and claim[1] == claim[0] == game["version"]
    dying.stop(signal.SIGKILL)  # the whole host, at once
    killed = time.monotonic()
    while game["thinking"]:
        assert time.monotonic() - killed < 14, f"no move:\n{living.log()[-3000:]}"
        path = f"/api/games/{gid}?since={game['version']}"
        game = ok(living.request("GET", path, token=host, timeout=20))
    assert [m["player"] for m in game["moves"][:2]] == [0, 1]
    assert game["moves"][0]["pit"] == body["pit"]
    assert game["moves"][1]["decision"]["level"] == "master"
    game = move(living, game, host)  # and the game goes on, on the living host
    assert len(game["moves"]) >= 3
