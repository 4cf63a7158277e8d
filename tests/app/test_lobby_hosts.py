"""The lobby across two app hosts on one PostgreSQL (real servers, tests/pg.py's real
PostgreSQL): a seek made on one host is seen live on the other and taken exactly once however
two takers race, on either host; quick messages cross hosts the same way."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from tests.app.test_hosts import hosts, ok  # noqa: F401 (the two hosts fixture)
from tests.server import Server

pytestmark = pytest.mark.slow


def player(server: Server) -> str:
    """A new player's seat token (issued by the server with an invite it makes)."""
    game = ok(server.request("POST", "/api/games", {"mode": "remote", "seat_token": True}), 201)
    return str(game["seat_token"])


def race(seek_id: str, takers: list[tuple[Server, str]]) -> list[tuple[int, Any]]:
    """Each taker (a host and a token) joins the seek at the same moment: their answers."""
    answers: list[tuple[int, Any]] = []
    start = threading.Barrier(len(takers))

    def take(server: Server, token: str) -> None:
        start.wait()
        answers.append(server.request("POST", f"/api/lobby/seeks/{seek_id}/join", {}, token))

    racers = [threading.Thread(target=take, args=taker) for taker in takers]
    for t in racers:
        t.start()
    for t in racers:
        t.join()
    return answers


def test_a_seek_made_on_one_host_is_seen_live_and_taken_once_on_the_other(
    hosts: list[Server],  # noqa: F811
) -> None:
    a, b = hosts
    ama, ben, cat = player(a), player(b), player(a)
    for token, server in ((ama, a), (ben, b), (cat, a)):
        ok(server.request("GET", "/api/lobby", token=token))
    version = ok(b.request("GET", "/api/lobby", token=ben))["version"]

    woke: list[tuple[float, Any]] = []

    def wait() -> None:
        found = ok(b.request("GET", f"/api/lobby?since={version}", token=ben))
        woke.append((time.monotonic(), found))

    waiting = threading.Thread(target=wait)
    waiting.start()
    time.sleep(0.5)
    made_at = time.monotonic()
    seek = ok(a.request("POST", "/api/lobby/seeks", {"variant": "oware"}, token=ama), 201)
    waiting.join()
    assert woke[0][0] - made_at < 2.0  # NOTIFY woke host b's long-poll, not its timeout
    assert [s["id"] for s in woke[0][1]["seeks"]] == [seek["id"]]

    games = []
    for round_ in range(4):  # two takers race, each on their own host, four times
        if round_:
            seek = ok(a.request("POST", "/api/lobby/seeks", {}, token=ama), 201)
        answers = race(seek["id"], [(b, ben), (a, cat)])
        assert sorted(status for status, _ in answers) == [201, 409], answers
        games.append(next(body["id"] for status, body in answers if status == 201))
        sent = ok(a.request("GET", "/api/lobby", token=ama))["go"]  # the maker is sent there
        assert sent == f"/game/{games[-1]}"
    mine = ok(b.request("GET", "/api/games", token=ama))["games"]
    assert {g["id"] for g in mine} >= set(games)
    assert len({g["id"] for g in mine} & set(games)) == 4  # one game per seek, no more
    assert ok(b.request("GET", "/api/lobby", token=cat))["seeks"] == []


def test_a_quick_message_sent_on_one_host_wakes_the_other(hosts: list[Server]) -> None:  # noqa: F811
    a, b = hosts
    ama, ben = player(a), player(b)
    ok(a.request("GET", "/api/lobby", token=ama))
    seek = ok(a.request("POST", "/api/lobby/seeks", {}, token=ama), 201)
    gid = ok(b.request("POST", f"/api/lobby/seeks/{seek['id']}/join", {}, token=ben), 201)["id"]
    url = f"/api/games/{gid}/messages"
    version = ok(b.request("GET", url, token=ben))["version"]
    woke: list[tuple[float, Any]] = []
    waiting = threading.Thread(
        target=lambda: woke.append(
            (time.monotonic(), ok(b.request("GET", f"{url}?since={version}", token=ben)))
        )
    )
    waiting.start()
    time.sleep(0.5)
    sent_at = time.monotonic()
    ok(a.request("POST", url, {"text": "Good game"}, token=ama), 201)
    waiting.join()
    assert woke[0][0] - sent_at < 2.0
    assert [(m["seat"], m["text"]) for m in woke[0][1]["messages"]] == [(0, "Good game")]
