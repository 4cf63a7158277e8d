"""Games between two devices: invites, spectators, presence, takebacks, rematches, seat security."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": 0.3,
        }
    )
    yield app
    app.extensions["mancala_thinker"].shutdown()


@pytest.fixture
def host(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def friend(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def watcher(app: Flask) -> FlaskClient:
    return app.test_client()


def remote(host: FlaskClient, friend: FlaskClient, **options: Any) -> dict[str, Any]:
    """A remote game (kalah 3x2 unless told) that ``friend`` has joined; the host's view."""
    created = host.post(
        "/api/games",
        json={"mode": "remote", "options": options or {"pits": 3, "seeds": 2}, "first": 0},
    )
    assert created.status_code == 201
    gid = created.json["id"]
    assert friend.post(f"/api/games/{gid}/join").status_code == 200
    return host.get(f"/api/games/{gid}").json  # type: ignore[no-any-return]


def error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json and response.json["status"] == status
    return response.json  # type: ignore[no-any-return]


def test_the_game_page_shows_the_invite_with_a_qr_code_and_a_spectator_link(
    host: FlaskClient,
) -> None:
    gid = host.post("/api/games", json={"mode": "remote"}).json["id"]
    page = host.get(f"/game/{gid}").get_data(as_text=True)
    assert f"/game/{gid}?invite=1" in page and f"/game/{gid}?watch=1" in page
    assert "<svg" in page and 'id="invite-qr"' in page


def test_a_third_person_opening_the_invite_watches_and_cannot_move(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    seen = watcher.get(f"/api/games/{gid}").json
    assert seen["you"] == [] and not seen["can_join"]
    assert [s["name"] for s in seen["seats"]] == ["Player 1", "Player 2"]
    error(watcher.post(f"/api/games/{gid}/join"), 409)
    error(watcher.post(f"/api/games/{gid}/moves", json={"pit": 0, "version": game["version"]}), 403)
    assert host.get(f"/api/games/{gid}").json["version"] == game["version"]


def test_the_home_page_lists_open_games_until_someone_joins(
    host: FlaskClient, friend: FlaskClient, watcher: FlaskClient
) -> None:
    gid = host.post("/api/games", json={"mode": "remote"}).json["id"]
    assert f"/game/{gid}?invite=1" in watcher.get("/").get_data(as_text=True)
    assert f"/game/{gid}?invite=1" not in host.get("/").get_data(as_text=True)  # your own
    friend.post(f"/api/games/{gid}/join")
    assert f"/game/{gid}?invite=1" not in watcher.get("/").get_data(as_text=True)


def test_the_opponent_shows_as_connected_while_its_board_is_open(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = remote(host, friend)
    gid = game["id"]
    seats = host.get(f"/api/games/{gid}").json["seats"]
    assert seats[0]["connected"]  # the host itself just polled
    friend.get(f"/api/games/{gid}?since={game['version']}")
    seats = host.get(f"/api/games/{gid}").json["seats"]
    assert seats[1]["connected"] and seats[1]["seen_ago"] < 5
