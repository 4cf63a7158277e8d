"""A server moved to new hosts without its secret key: the seat tokens and cookies the old key
signed are refused on writes, saying why and how the host brings them back (copy the key);
with the key copied they work as before.  (The store here is shared by two apps on one
SQLite file: the old host and the new one.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app


def host_app(tmp_path: Path, name: str, key: str) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / name),
            "DATABASE": str(tmp_path / "shared.sqlite3"),
            "AI_EXECUTOR": "thread",
            "SECRET_KEY": key,
        }
    )


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[dict[str, Flask]]:
    made = {
        "old": host_app(tmp_path, "old", "the-old-key"),
        "new": host_app(tmp_path, "new", "a-new-key"),
        "copied": host_app(tmp_path, "copied", "the-old-key"),
    }
    yield made
    for app in made.values():
        app.extensions["mancala_computer"].shutdown()


def cookie_of(client: FlaskClient) -> str:
    found = client.get_cookie("mancala_player")
    assert found is not None
    return found.value


def move(client: FlaskClient, game: dict, **kwargs: object) -> object:
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    return client.post(f"/api/games/{game['id']}/moves", json=body, **kwargs)


def test_a_cookie_signed_with_the_old_key_is_refused_saying_to_copy_the_key(
    apps: dict[str, Flask],
) -> None:
    old = apps["old"].test_client()
    game = old.post("/api/games", json={"mode": "local"}).json
    cookie = cookie_of(old)

    new = apps["new"].test_client()
    new.set_cookie("mancala_player", cookie)
    assert new.get(f"/api/games/{game['id']}").json["you"] == []  # a spectator's view
    refused = move(new, game)
    assert refused.status_code == 401, refused.json
    message = refused.json["message"]
    assert "signed with another secret key" in message and "secret_key" in message
    assert "MANCALA_SECRET_KEY" in message
    assert new.get(f"/api/games/{game['id']}").json["version"] == game["version"]  # unchanged
    assert cookie_of(new) == cookie  # kept: the host may still copy the key
    assert new.get("/api/games").json["games"] == []

    fresh = new.post("/api/games", json={"mode": "local"})  # a new game: a new cookie
    assert fresh.status_code == 201 and fresh.json["you"] == [0, 1]
    assert cookie_of(new) != cookie
    assert move(new, fresh.json).status_code == 200

    copied = apps["copied"].test_client()  # the key copied: the old cookie holds its seats
    copied.set_cookie("mancala_player", cookie)
    assert copied.get(f"/api/games/{game['id']}").json["you"] == [0, 1]
    assert move(copied, game).status_code == 200


def test_a_bot_token_signed_with_the_old_key_is_refused(apps: dict[str, Flask]) -> None:
    old = apps["old"].test_client()
    game = old.post("/api/games", json={"mode": "local", "seat_token": True}).json
    bearer = {"Authorization": f"Bearer {game['seat_token']}"}
    new = apps["new"].test_client()
    refused = move(new, game, headers=bearer)
    assert (
        refused.status_code == 401 and "signed with another secret key" in refused.json["message"]
    )
    again = new.post("/api/games", json={"mode": "local"}, headers=bearer)
    assert again.status_code == 401  # a bot's header is its identity: no silent new one
    assert move(apps["copied"].test_client(), game, headers=bearer).status_code == 200
