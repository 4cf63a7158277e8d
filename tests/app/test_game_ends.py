"""The end-of-game hooks (app.games.ends): every finished game is passed to every hook, by the
write that ends it or by a later sweep; a hook that fails is called again at the next sweep;
a game whose hooks all ran is not swept again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import ends
from app.games.model import Game

SMALL = {"options": {"pits": 3, "seeds": 1}}


@pytest.fixture
def seen() -> Iterator[list[str]]:
    """The ids of the games a test hook was called for (the hook is removed after)."""
    calls: list[str] = []
    ends.on_end("test", lambda store, game: calls.append(game.id))
    yield calls
    ends.forget("test")


def test_a_resignation_runs_the_hooks_once(client: FlaskClient, seen: list[str]) -> None:
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    assert seen == []
    client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert seen == [game["id"]]
    client.get(f"/api/games/{game['id']}")
    store = client.application.extensions["mancala_store"]
    assert ends.sweep(store) == 0
    assert seen == [game["id"]]


def test_a_game_the_computer_ends_runs_the_hooks(app: Flask, seen: list[str]) -> None:
    client = app.test_client()
    game = client.post(
        "/api/games", json={"mode": "computer", "level": "beginner", "first": 0, **SMALL}
    ).get_json()
    while game["status"] != "over":  # each move waits for the computer's reply
        body = {"pit": game["legal_moves"][0], "version": game["version"], "wait": True}
        game = client.post(f"/api/games/{game['id']}/moves", json=body).get_json()
    assert seen.count(game["id"]) == 1


def test_a_failing_hook_is_called_again_at_the_next_sweep(
    client: FlaskClient, seen: list[str]
) -> None:
    failures = [RuntimeError("the first time")]

    def flaky(store: Any, game: Game) -> None:
        if failures:
            raise failures.pop()

    ends.on_end("flaky", flaky)
    try:
        game = client.post("/api/games", json={"mode": "local"}).get_json()
        over = client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
        assert over.status_code == 200  # the hook's failure is not the request's
        store = client.application.extensions["mancala_store"]
        assert not store.is_swept(game["id"])
        assert ends.sweep(store) == 1
        assert store.is_swept(game["id"])
        assert seen == [game["id"], game["id"]]  # the others run again too: they do it once
    finally:
        ends.forget("flaky")


def test_an_unfinished_game_is_no_ones_business(client: FlaskClient, seen: list[str]) -> None:
    client.post("/api/games", json={"mode": "local"})
    store = client.application.extensions["mancala_store"]
    assert ends.sweep(store) == 0
    assert seen == []


def test_a_game_that_ends_sweeps_one_its_host_left(client: FlaskClient, seen: list[str]) -> None:
    """A game written over by a host that died before its hooks: the next game to end anywhere
    takes care of it."""
    store = client.application.extensions["mancala_store"]
    left = client.post("/api/games", json={"mode": "local"}).get_json()
    row = store.load(left["id"])
    store.save(left["id"], row.version, dict(row.data, resigned=0))  # no hooks: the host died
    assert seen == []
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert sorted(seen) == sorted([game["id"], left["id"]])
    assert store.is_swept(left["id"])


@pytest.mark.parametrize("fails", ["is_swept", "mark_swept", "unswept_ends"])
def test_a_store_failing_after_the_end_is_written_does_not_fail_the_write(
    client: FlaskClient, seen: list[str], monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    from app.store import StoreBusy

    def busy(*args: Any, **kwargs: Any) -> Any:
        raise StoreBusy("the game store is busy just now")

    store = client.application.extensions["mancala_store"]
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    monkeypatch.setattr(store, fails, busy)
    over = client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert over.status_code == 200  # the resignation was written: it is answered as done
    assert over.get_json()["status"] == "over"
    monkeypatch.undo()
    ends.sweep(store)  # the maintenance job's sweep finishes what was put off
    assert store.is_swept(game["id"])
    assert game["id"] in seen


def test_a_store_failing_on_the_reload_after_the_hooks_answers_the_write(
    client: FlaskClient, seen: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.store import StoreBusy

    store = client.application.extensions["mancala_store"]
    game = client.post("/api/games", json={"mode": "local"}).get_json()
    load = store.load
    calls: list[str] = []

    def flaky_load(game_id: str) -> Any:
        calls.append(game_id)
        if len(calls) > 1:  # the resignation's own read works; the one after the hooks not
            raise StoreBusy("the game store is busy just now")
        return load(game_id)

    monkeypatch.setattr(store, "load", flaky_load)
    over = client.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert over.status_code == 200
    assert over.get_json()["status"] == "over"
    assert len(calls) == 2 and seen == [game["id"]]
