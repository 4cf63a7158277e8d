""" "Messages off" at the table (issue 33, item 5): turned off or on from a game, it is seen at
once by the opponent (their long-poll wakes, so their buttons and note follow without a press or
a reload), and it is kept for the device: it holds in its next game too, as the page says."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import thread_app

WAKE_WAIT = 30.0  # far below the long-poll's 120 s: an answer by then was woken, not timed out


@pytest.fixture
def long_polls(tmp_path: Path) -> Iterator[Flask]:
    """The app with long-polls of 120 s: one that answers sooner was woken by a change."""
    yield from thread_app(tmp_path, 120.0)


def seated(ama: FlaskClient, ben: FlaskClient) -> str:
    """A game from Ama's seek that Ben joined: its id."""
    seek = ama.post("/api/lobby/seeks", json={"options": {"pits": 3, "seeds": 2}}).json
    return str(ben.post(f"/api/lobby/seeks/{seek['id']}/join").json["id"])


def clients(app: Flask) -> tuple[FlaskClient, FlaskClient]:
    ama, ben = app.test_client(), app.test_client()
    for client in (ama, ben):
        assert client.post("/api/lobby/here").status_code == 200  # in the room, with a cookie
    return ama, ben


def woken_by(app: Flask, watcher: FlaskClient, url: str, change: Any) -> dict[str, Any]:
    """What ``watcher``'s long-poll of ``url`` answers when ``change()`` runs meanwhile."""
    answers: list[dict[str, Any]] = []
    thread = threading.Thread(target=lambda: answers.append(watcher.get(url).json), daemon=True)
    thread.start()
    time.sleep(0.3)  # (the long-poll has begun: it read the game as it was)
    change()
    thread.join(WAKE_WAIT)
    assert not thread.is_alive(), "the opponent's long-poll was not woken by the change"
    return answers[0]


def test_messages_off_and_on_again_reach_the_opponent_at_once(long_polls: Flask) -> None:
    ama, ben = clients(long_polls)
    gid = seated(ama, ben)
    url = f"/api/games/{gid}/messages"
    before = ama.get(url).json
    assert before["can_send"] and not before["opponent_quiet"]

    def off() -> None:
        answer = ben.post(url, json={"quiet": True})
        assert answer.status_code == 201, answer.json
        assert answer.json["quiet"] and not answer.json["can_send"]

    told = woken_by(long_polls, ama, f"{url}?since={before['version']}", off)
    assert told["opponent_quiet"] and not told["can_send"] and told["version"] > before["version"]

    def on() -> None:
        assert ben.post(url, json={"quiet": False}).status_code == 201

    again = woken_by(long_polls, ama, f"{url}?since={told['version']}", on)
    assert again["can_send"] and not again["opponent_quiet"]
    assert again["messages"] == []  # the changes are no messages anyone reads


def test_messages_off_for_the_device_reaches_the_opponent_at_once_too(long_polls: Flask) -> None:
    ama, ben = clients(long_polls)
    gid = seated(ama, ben)
    url = f"/api/games/{gid}/messages"
    version = ama.get(url).json["version"]

    def off() -> None:
        assert ben.put("/api/lobby/me", json={"quiet": True}).json["quiet"] is True

    told = woken_by(long_polls, ama, f"{url}?since={version}", off)
    assert told["opponent_quiet"] and not told["can_send"]


def test_a_long_poll_begun_before_the_opponent_sat_down_sees_them_turn_messages_off(
    long_polls: Flask,
) -> None:
    ama, ben = clients(long_polls)
    made = ama.post("/api/games", json={"mode": "remote", "first": 0}).json
    url = f"/api/games/{made['id']}/messages"
    version = ama.get(url).json["version"]

    def sit_down_and_turn_off() -> None:
        assert ben.post(f"/api/games/{made['id']}/join", json={}).status_code == 200
        assert ben.post(url, json={"quiet": True}).status_code == 201

    told = woken_by(long_polls, ama, f"{url}?since={version}", sit_down_and_turn_off)
    assert told["opponent_quiet"] and not told["can_send"]


def test_messages_off_holds_for_all_the_devices_games(app: Flask) -> None:
    ama, ben = clients(app)
    first = seated(ama, ben)
    assert ben.post(f"/api/games/{first}/messages", json={"quiet": True}).status_code == 201
    assert ben.get("/api/lobby/me").json["quiet"] is True  # the device's setting
    second = seated(ama, ben)
    seen = ben.get(f"/api/games/{second}/messages").json
    assert seen["quiet"] and not seen["can_send"]
    assert ama.get(f"/api/games/{second}/messages").json["opponent_quiet"]


def test_the_setting_from_a_table_is_checked(app: Flask) -> None:
    ama, ben = clients(app)
    gid = seated(ama, ben)
    url = f"/api/games/{gid}/messages"
    for bad in ({"quiet": "yes"}, {"quiet": True, "text": "Oops"}, {"quiet": None}):
        refused = ama.post(url, json=bad)
        assert refused.status_code == 400, refused.json
        assert refused.json["status"] == 400 and refused.json["message"]
    refused = spectator(app).post(url, json={"quiet": True})
    assert refused.status_code in (401, 403), refused.json  # a spectator has no table here
    assert ama.post(url, json={"text": "~setting"}).status_code == 400  # never a message


def spectator(app: Flask) -> FlaskClient:
    """A device with a cookie and no seat in the game."""
    client = app.test_client()
    assert client.post("/api/lobby/here").status_code == 200
    return client
