"""A game's answers with the shared part kept per version (app.games.kept_views): the same as
built afresh, for every version and each viewer (seat owners, a stranger), bounded, and moved on
by a move."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import kept_views, view
from app.games.kept_views import Kept

NOW_FIELDS = ("server_time_ms", "clock", "start_wait", "expires")  # what depends on the time


def steady(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without what depends on the time of asking."""
    out = {k: v for k, v in answer.items() if k not in NOW_FIELDS}
    out["seats"] = [
        {k: v for k, v in s.items() if k not in ("seen_ago", "connected")} for s in out["seats"]
    ]
    return out


@pytest.fixture
def no_kept(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A switch: ``no_kept(True)`` makes every kept entry missing (each answer built afresh)."""
    state = {"off": False}
    real_get = Kept.get

    def get(self: Kept[Any], key: Any) -> Any:
        return None if state["off"] else real_get(self, key)

    monkeypatch.setattr(Kept, "get", get)

    def switch(off: bool) -> None:
        state["off"] = off

    yield switch


def decoded(response: Any) -> dict[str, Any]:
    """A JSON answer as a dict."""
    found: dict[str, Any] = json.loads(response.get_data(as_text=True))
    return found


def read(client: FlaskClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return json.loads(response.get_data(as_text=True))  # type: ignore[no-any-return]


def remote_game(host: FlaskClient, other: FlaskClient) -> dict[str, Any]:
    made = host.post(
        "/api/games", json={"mode": "remote", "variant": "kalah", "options": {"pits": 4}}
    )
    assert made.status_code == 201, made.json
    game = decoded(made)
    joined = other.post(f"/api/games/{game['id']}/join", json={})
    assert joined.status_code == 200, joined.json
    return decoded(joined)


def test_every_version_reads_the_same_with_and_without_kept_parts(
    app: Flask, host: FlaskClient, other: FlaskClient, no_kept: Any
) -> None:
    stranger = app.test_client()
    viewers = {"host": host, "other": other, "stranger": stranger}
    game = remote_game(host, other)
    seen_versions = []
    for _ in range(40):
        game_id = game["id"]
        fresh: dict[str, dict[str, Any]] = {}
        no_kept(True)
        for name, client in viewers.items():
            fresh[name] = steady(read(client, game_id))
        no_kept(False)
        for order in (["stranger", "other", "host"], ["host", "other", "stranger"]):
            for name in order:  # the kept part made by another viewer first, then reused
                assert steady(read(viewers[name], game_id)) == fresh[name], (name, game["version"])
        assert fresh["stranger"]["you"] == [] and fresh["stranger"]["can_join"] is False
        assert fresh["host"]["you"] != fresh["other"]["you"]
        seen_versions.append(fresh["host"]["version"])
        if fresh["host"]["status"] == "over":
            break
        mover = host if fresh["host"]["your_turn"] else other
        mine = fresh["host"] if mover is host else fresh["other"]
        answer = mover.post(
            f"/api/games/{game_id}/moves",
            json={"pit": mine["legal_moves"][0], "version": mine["version"]},
        )
        assert answer.status_code == 200, answer.json
        game = answer.json  # type: ignore[assignment]
        # the mover's answer is the same as its read of that version
        assert steady(game) == steady(read(mover, game_id))
    assert len(seen_versions) > 5 and seen_versions == sorted(set(seen_versions))


def test_a_move_moves_the_answer_on(host: FlaskClient, other: FlaskClient) -> None:
    game = remote_game(host, other)
    reads = {c: read(c, game["id"]) for c in (host, other)}
    mover = host if reads[host]["your_turn"] else other
    mine = before = reads[mover]
    pit = mine["legal_moves"][0]
    moved = decoded(
        mover.post(f"/api/games/{game['id']}/moves", json={"pit": pit, "version": mine["version"]})
    )
    for client in (host, other):
        after = read(client, game["id"])
        assert after["version"] == moved["version"] > before["version"]
        assert after["board"] == moved["board"] != before["board"]
        assert len(after["moves"]) == len(before["moves"]) + 1
        assert after["to_move"] == moved["to_move"]


def test_a_computer_games_decisions_read_the_same(client: FlaskClient, no_kept: Any) -> None:
    made = decoded(client.post("/api/games", json={"level": "beginner", "first": "computer"}))
    game_id = made["id"]
    for _ in range(50):
        game = decoded(client.get(f"/api/games/{game_id}?since={made['version']}"))
        if not game["thinking"]:
            break
        made = game
    no_kept(True)
    fresh = steady(read(client, game_id))
    no_kept(False)
    assert steady(read(client, game_id)) == fresh == steady(read(client, game_id))
    assert fresh["moves"] and fresh["moves"][0]["decision"] is not None


def test_kept_entries_stay_within_their_count_and_bytes() -> None:
    kept: Kept[str] = Kept(len, count=4, most_bytes=100)
    for i in range(50):
        kept.put(i, "x" * 10)
        assert len(kept) <= 4 and kept.bytes <= 100
    assert kept.get(49) == "x" * 10 and kept.get(0) is None
    for i in range(50):
        kept.put(("big", i), "y" * 40)
        assert len(kept) <= 4 and kept.bytes <= 100
    assert len(kept) == 2 and kept.bytes == 80
    kept.put("huge", "z" * 101)  # larger than the cap alone: not kept
    assert kept.get("huge") is None and kept.bytes <= 100
    kept.get(("big", 48))  # used: the other goes first
    kept.put("new", "w" * 40)
    assert kept.get(("big", 48)) is not None and kept.get(("big", 49)) is None


def test_the_process_caches_are_bounded(host: FlaskClient, other: FlaskClient) -> None:
    for cache in (kept_views.texts, view._shared_parts):
        assert cache.count <= kept_views.KEPT_COUNT
        assert cache.most_bytes <= kept_views.KEPT_BYTES
    for _ in range(3):
        game = remote_game(host, other)
        read(host, game["id"])
    for cache in (kept_views.texts, view._shared_parts):
        assert 0 < len(cache) <= cache.count and cache.bytes <= cache.most_bytes
