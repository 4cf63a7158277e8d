"""The room at 64 players: what every reader of one version sees alike is built once and shared.

A tournament's public part (standings, cross-table, games) is written as JSON once per version
and process, however many pages read it; each reader's own part is added per request.  The
lobby's costly lists (the games being played, the finished tournament games) are built once per
version of the lobby (and second), while who is here and who sits at a table stay exact per
request (tests/app/test_lobby.py holds it to that).  :class:`app.games.versioned.Versioned`
builds each key once, even for requests that ask at the same moment."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games.versioned import Versioned
from app.lobby import service as lobby_service
from app.tournaments.view import view


def make(client: FlaskClient, **body: object) -> dict[str, Any]:
    sent = {"name": "Friday", "system": "arena", "variant": "kalah", "you": "Ama", **body}
    r = client.post("/api/tournaments", json=sent)
    assert r.status_code == 201, r.get_json()
    return dict(r.get_json())


def counting_dumps(app: Flask, wanted: Callable[[object], bool]) -> list[int]:
    """Count the app's JSON writes of objects ``wanted`` picks, from now on."""
    calls: list[int] = []
    real = app.json.dumps

    def dumps(obj: object, **kwargs: Any) -> str:
        if wanted(obj):
            calls.append(1)
        return real(obj, **kwargs)

    app.json.dumps = dumps  # type: ignore[method-assign]
    return calls


def test_a_tournaments_standings_are_written_once_per_version_for_every_reader(
    app: Flask, client: FlaskClient
) -> None:
    t = make(client)
    readers = [app.test_client() for _ in range(6)]
    for n, reader in enumerate(readers[:3]):
        r = reader.post(f"/api/tournaments/{t['id']}/join", json={"name": f"Player {n}"})
        assert r.status_code == 200, r.get_json()
    version = readers[0].get(f"/api/tournaments/{t['id']}").get_json()["version"]
    written = counting_dumps(app, lambda obj: isinstance(obj, dict) and "standings" in obj)
    answers = [reader.get(f"/api/tournaments/{t['id']}").get_json() for reader in readers * 3]
    assert {a["version"] for a in answers} == {version}
    assert len(written) <= 1, len(written)
    # Each reader still sees its own part: who it is, what it may do.
    assert [a["you"] for a in answers[:6]] == ["p2", "p3", "p4", None, None, None]
    assert [a["can_join"] for a in answers[:6]] == [False] * 3 + [True] * 3


def test_the_shared_answer_is_the_view_itself(app: Flask, client: FlaskClient) -> None:
    t = make(client, minutes=5)
    assert client.post(f"/api/tournaments/{t['id']}/start", json={}).status_code in (200, 409)
    r = client.get(f"/api/tournaments/{t['id']}")
    assert r.status_code == 200 and r.mimetype == "application/json"
    sent = json.loads(r.get_data(as_text=True))
    with app.app_context():
        from app.tournaments.routes import get_tournaments

        row = get_tournaments().row(t["id"])
        owner = row.data["director"]
        expected = view(row, owner)
    assert set(sent) == set(expected)
    left = sent.pop("seconds_left"), expected.pop("seconds_left")
    assert sent == expected
    assert left[0] is None or abs(left[0] - left[1]) < 60


@pytest.fixture
def long_rooms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby's shared lists kept for a minute (so that a slow machine's test does not
    cross one of their second boundaries)."""
    monkeypatch.setattr(lobby_service, "ROOM_SECONDS", 60.0, raising=False)


def test_the_lobbys_games_are_read_once_per_version_for_every_reader(
    app: Flask, long_rooms: None
) -> None:
    readers = [app.test_client() for _ in range(8)]
    for reader in readers:
        assert reader.post("/api/lobby/here", json={}).status_code == 200
    with app.app_context():
        from app.lobby.routes import get_lobby

        lobby = get_lobby()
        reads: list[int] = []
        real = lobby.store.running_games

        def running_games(*args: Any, **kwargs: Any) -> Any:
            reads.append(1)
            return real(*args, **kwargs)

        lobby.store.running_games = running_games  # type: ignore[method-assign]
    versions = {reader.get("/api/lobby").get_json()["version"] for reader in readers * 2}
    assert len(reads) <= len(versions), (len(reads), versions)


def test_versioned_builds_a_key_once_for_requests_asking_at_once() -> None:
    kept: Versioned[int, str] = Versioned(2)
    started = threading.Barrier(8)
    builds: list[int] = []

    def build() -> str:
        builds.append(1)
        time.sleep(0.2)  # the others arrive while it builds
        return "v1"

    answers: list[str] = []

    def ask() -> None:
        started.wait()
        answers.append(kept.get(1, build))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == ["v1"] * 8 and len(builds) == 1 and kept.builds == 1
    kept.get(2, lambda: "v2")
    kept.get(3, lambda: "v3")  # at most two kept: the oldest made goes
    assert kept.peek(1) is None and kept.peek(3) == "v3"


def test_a_failed_build_is_not_kept_and_the_next_request_builds_again() -> None:
    kept: Versioned[int, str] = Versioned(4)

    def broken() -> str:
        raise RuntimeError("down")

    with pytest.raises(RuntimeError):
        kept.get(1, broken)
    assert kept.get(1, lambda: "v1") == "v1"
