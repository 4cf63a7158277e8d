"""Issue 34 item 7: settling a tournament reads only its games that may be over (over already,
or past their deadline, which a read then ends by time), asked of the store's fact columns in
one trip; the games in play are not each loaded and replayed on every settle."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games import Game
from app.games.facts import describe
from app.games.service import Games
from app.store import Store, get_store
from app.tournaments.model import Tournament
from app.tournaments.routes import get_tournaments

HUMANS = [{"kind": "human", "owner": "a"}, {"kind": "human", "owner": "b"}]


def data(**more: Any) -> dict[str, Any]:
    return {
        "variant": "kalah",
        "options": {},
        "first_player": 0,
        "moves": [],
        "mode": "remote",
        "seats": HUMANS,
        **more,
    }


def clock(since: float) -> dict[str, Any]:
    return {"remaining_ms": [60_000, 60_000], "increment_ms": 0, "running": 0, "since": since}


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """A fresh store of each kind, its games described as the app describes them."""
    if request.param == "sqlite":
        made: Any = Store(str(tmp_path / "db.sqlite3"), describe=describe)
    else:
        from app.store.postgres import PostgresStore

        made = PostgresStore(request.getfixturevalue("postgres_url"), 2, describe=describe)
    yield made
    made.close()


def test_the_store_names_the_games_that_may_be_over(store: Any) -> None:
    now = time.time()
    store.create("playing", data(), [])
    store.create("resigned", data(resigned=0), [])
    store.create("flag-due", data(clock=clock(now - 120)), [])  # its minute ran out
    store.create("clock-runs", data(clock=clock(now)), [])
    ids = ["playing", "resigned", "flag-due", "clock-runs", "not-made-yet"]
    assert store.may_be_over(ids, now) == {"resigned", "flag-due"}
    assert store.may_be_over(ids, now + 61) == {"resigned", "flag-due", "clock-runs"}
    assert store.may_be_over([], now) == set()
    many = [f"g{n}" for n in range(1200)] + ["resigned"]  # named a few hundred at a time
    assert store.may_be_over(many, now) == {"resigned"}


def test_a_settle_loads_only_the_games_that_may_be_over(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"name": "Load", "system": "round_robin", "variant": "kalah", "you": "P0"}
    r = client.post("/api/tournaments", json=body)
    assert r.status_code == 201, r.get_json()
    tid = r.get_json()["id"]
    for n in range(1, 6):
        r = app.test_client().post(f"/api/tournaments/{tid}/join", json={"name": f"P{n}"})
        assert r.status_code == 200, r.get_json()
    assert client.post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
    loaded: list[str] = []
    real = Games.load

    def counted(self: Games, game_id: str) -> Game:
        loaded.append(game_id)
        return real(self, game_id)

    with app.test_request_context():
        service = get_tournaments()
        t = Tournament.of(service.row(tid).data)
        games = [e.game for e in t.games if e.game is not None and e.score is None]
        assert len(games) == 3
        monkeypatch.setattr(Games, "load", counted)
        assert service.finished_games(t) == {}
        assert loaded == []  # three games in play: none read
        row = get_store().load(games[0])
        assert row is not None
        get_store().save(games[0], row.version, dict(row.data, resigned=0))
        over = service.finished_games(t)
        assert list(over) == [games[0]] and loaded == [games[0]]
