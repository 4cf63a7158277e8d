"""The lobby's version follows what the room lists (issue 34, the room at 64 players).

Rule: the lobby's version moves when a game between two devices starts (both seats taken: a
seek taken, an open seat joined, a tournament's pairing) or ends, as it does for every seek and
arrival; so a lobby long-poll wakes when a game starts, and the room's shared lists (the games
being played) are built once per version and shared by every reader, keyed by the version only.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.lobby import service as lobby_service
from tests.conftest import thread_app


@pytest.fixture
def patient(tmp_path: Path) -> Iterator[Flask]:
    """The app with long-polls of two minutes: one that answers sooner was woken."""
    yield from thread_app(tmp_path, 120.0)


@pytest.fixture
def kept_rooms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The room's lists not rebuilt for age during a test (a loaded machine's slow test)."""
    monkeypatch.setattr(lobby_service, "ROOM_SECONDS", 600.0)


def version(client: FlaskClient) -> int:
    found = client.get("/api/lobby")
    assert found.status_code == 200, found.get_data(as_text=True)
    return int(found.json["version"])  # type: ignore[index]


def open_game(host: FlaskClient) -> str:
    """A game between two devices made from the menu: its second seat open."""
    made = host.post("/api/games", json={"mode": "remote", "variant": "kalah"})
    assert made.status_code == 201, made.get_data(as_text=True)
    return str(made.json["id"])  # type: ignore[index]


def join(guest: FlaskClient, game_id: str) -> dict[str, Any]:
    joined = guest.post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200, joined.get_data(as_text=True)
    return joined.json  # type: ignore[return-value]


def resign(player: FlaskClient, game_id: str) -> None:
    seen = player.get(f"/api/games/{game_id}").json
    gave_up = player.post(
        f"/api/games/{game_id}/resign",
        json={"version": seen["version"]},  # type: ignore[index]
    )
    assert gave_up.status_code == 200, gave_up.get_data(as_text=True)


def listed(client: FlaskClient) -> list[str]:
    return [g["id"] for g in client.get("/api/lobby").json["games"]]  # type: ignore[index]


def test_a_game_that_starts_or_ends_moves_the_lobbys_version(app: Flask) -> None:
    host, guest, watcher = app.test_client(), app.test_client(), app.test_client()
    gid = open_game(host)
    before = version(watcher)
    join(guest, gid)  # both seats taken: the game is being played
    started = version(watcher)
    assert started > before
    assert gid in listed(watcher)
    resign(host, gid)
    assert version(watcher) > started
    assert gid not in listed(watcher)


def test_a_game_made_from_a_seek_moves_the_lobbys_version(app: Flask) -> None:
    ama, ben, watcher = app.test_client(), app.test_client(), app.test_client()
    for client in (ama, ben):
        assert client.post("/api/lobby/here").status_code == 200  # the cookie
        assert client.post("/api/lobby/here").json["in_room"]  # type: ignore[index]
    seek = ama.post("/api/lobby/seeks", json={}).json
    before = version(watcher)
    game = ben.post(f"/api/lobby/seeks/{seek['id']}/join", json={})  # type: ignore[index]
    assert game.status_code == 201, game.get_data(as_text=True)
    seen = watcher.get("/api/lobby").json
    assert seen["version"] > before  # type: ignore[index]
    assert game.json["id"] in [g["id"] for g in seen["games"]]  # type: ignore[index]


def test_a_lobby_long_poll_wakes_when_a_game_starts(patient: Flask) -> None:
    host, guest, watcher = patient.test_client(), patient.test_client(), patient.test_client()
    gid = open_game(host)
    seen = version(watcher)
    answers: list[dict[str, Any]] = []
    thread = threading.Thread(
        target=lambda: answers.append(watcher.get(f"/api/lobby?since={seen}").json),  # type: ignore[arg-type]
        daemon=True,
    )
    thread.start()
    time.sleep(0.2)  # the long-poll waits (it would be answered at once otherwise, as well)
    join(guest, gid)
    thread.join(timeout=60.0)  # its timeout is 120 s: an answer before it was a wake
    assert not thread.is_alive(), "the lobby's long-poll was not woken by the game's start"
    assert answers[0]["version"] > seen
    assert gid in [g["id"] for g in answers[0]["games"]]


def test_the_rooms_lists_are_built_once_per_version_for_many_readers(
    app: Flask, kept_rooms: None
) -> None:
    readers = [app.test_client() for _ in range(12)]
    host, guest = app.test_client(), app.test_client()
    gid = open_game(host)
    join(guest, gid)
    with app.app_context():
        from app.lobby.routes import get_lobby

        rooms = get_lobby().rooms
    first = {version(reader) for reader in readers}
    built = rooms.builds
    answers = [reader.get("/api/lobby").json for reader in readers * 3]
    assert {a["version"] for a in answers} == first and len(first) == 1  # type: ignore[index]
    assert rooms.builds == built  # 36 more reads of one version: nothing built again
    assert all(gid in [g["id"] for g in a["games"]] for a in answers)  # type: ignore[index]
    resign(host, gid)
    after = [reader.get("/api/lobby").json for reader in readers]
    assert rooms.builds == built + 1  # the game's end: one new version, built once
    assert all(gid not in [g["id"] for g in a["games"]] for a in after)  # type: ignore[index]


def test_a_room_is_read_again_after_its_age_under_one_version(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's moves do not move the lobby's version: its count of moves is read again once
    the room is ``ROOM_SECONDS`` old."""
    host, guest, watcher = app.test_client(), app.test_client(), app.test_client()
    gid = open_game(host)
    game = join(guest, gid)
    monkeypatch.setattr(lobby_service, "ROOM_SECONDS", 600.0)
    shown = watcher.get("/api/lobby").json
    mover = host if game["to_move"] == 0 else guest
    moved = mover.post(
        f"/api/games/{gid}/moves", json={"pit": game["legal_moves"][0], "version": game["version"]}
    )
    assert moved.status_code == 200, moved.get_data(as_text=True)
    same = watcher.get("/api/lobby").json
    assert same["version"] == shown["version"]  # type: ignore[index]
    assert [g["moves"] for g in same["games"]] == [0]  # type: ignore[index]
    monkeypatch.setattr(lobby_service, "ROOM_SECONDS", 0.0)
    fresh = watcher.get("/api/lobby").json
    assert [g["moves"] for g in fresh["games"]] == [1]  # type: ignore[index]


def test_the_rooms_lists_are_written_as_json_once_for_many_readers(
    app: Flask, kept_rooms: None
) -> None:
    readers = [app.test_client() for _ in range(6)]
    host, guest = app.test_client(), app.test_client()
    gid = open_game(host)
    join(guest, gid)
    first = readers[0].get("/api/lobby").json
    written: list[object] = []
    real = app.json.dumps

    def dumps(obj: object, **kwargs: Any) -> str:
        if isinstance(obj, dict) and "games" in obj:
            written.append(obj)
        return real(obj, **kwargs)

    app.json.dumps = dumps  # type: ignore[method-assign]
    answers = [reader.get("/api/lobby").json for reader in readers * 3]
    assert written == []  # the shared lists were written when the first reader came
    assert all(a == first | {"you": a["you"]} for a in answers)  # type: ignore[index,operator]
    assert all(gid in [g["id"] for g in a["games"]] for a in answers)  # type: ignore[index]
    assert len({a["you"]["tag"] for a in answers}) == 1  # type: ignore[index]
