"""The rating policy (app.ratings.policy, docs/hosting.md "Rating policy"): two devices of one
person farming rated games as fast as the server allows, for 10 minutes of a fake clock, lift
no rating past 1700; a resignation before both players moved is not rated; one pair counts one
rated game a pool a day; and a game that did not count says why in its ratings."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.players import names
from app.ratings import policy
from app.ratings.store import RatingTables

Clock = list[float]


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """A fake clock the test moves on (every time.time() in the app reads it)."""
    now = [time.time()]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


def device(app: Flask, name: str, address: str = "10.0.0.50") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def ok(response: Any, clock: Clock) -> dict[str, Any] | None:
    """The answer's JSON, or None after waiting out a 429 on the fake clock."""
    if response.status_code == 429:
        clock[0] += float(response.headers["Retry-After"])
        return None
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()  # type: ignore[no-any-return]


def rated_game(a: FlaskClient, b: FlaskClient, clock: Clock) -> dict[str, Any] | None:
    """A rated Kalah game, a in seat 0, b joined (None if the server said wait)."""
    made = ok(a.post("/api/games", json={"mode": "remote", "rated": True, "first": 0}), clock)
    if made is None:
        return None
    return ok(b.post(f"/api/games/{made['id']}/join", json={}), clock)


def move(players: dict[int, FlaskClient], game: dict[str, Any]) -> dict[str, Any]:
    body = {"pit": game["legal_moves"][0], "version": game["version"]}
    answer = players[game["to_move"]].post(f"/api/games/{game['id']}/moves", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()  # type: ignore[no-any-return]


def both_move(players: dict[int, FlaskClient], game: dict[str, Any]) -> dict[str, Any]:
    """The game once each side made the least moves a resignation needs to count."""
    made = [0, 0]
    while min(made) < policy.MIN_MOVES and game["status"] == "playing":
        made[game["to_move"]] += 1
        game = move(players, game)
    return game


def resign(loser: FlaskClient, game: dict[str, Any]) -> dict[str, Any]:
    answer = loser.post(f"/api/games/{game['id']}/resign", json={"version": game["version"]})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()  # type: ignore[no-any-return]


def rating(app: Flask, name: str) -> float:
    store = app.extensions["mancala_store"]
    found = RatingTables(store).rating_in(names.device_of(store, name), "kalah")
    return 1500.0 if found is None else float(found.rating)


def test_two_devices_farming_for_ten_minutes_stay_under_1700(app: Flask, clock: Clock) -> None:
    """Each game: a rated seek made and taken, each side one move (the least that counts), the
    loser resigns; the fake clock moves on only when the server says wait (429)."""
    main, alt = device(app, "Farmer"), device(app, "Farmer alt")
    start, games, counted = clock[0], 0, 0
    while clock[0] - start < 600:
        game = rated_game(main, alt, clock)
        if game is None:
            continue
        over = resign(alt, both_move({0: main, 1: alt}, game))
        games += 1
        counted += over["ratings"]["settled"]
        clock[0] += 0.05  # the requests' own time
    assert games >= 100  # as fast as the server allows: its "create" limit is what holds it
    assert counted == 1
    assert 1500 < rating(app, "Farmer") <= 1700
    assert rating(app, "Farmer alt") < 1500


def test_resigning_at_move_zero_is_never_rated_and_says_why(app: Flask, clock: Clock) -> None:
    main, alt = device(app, "Ama"), device(app, "Kofi")
    for _ in range(5):
        game = rated_game(main, alt, clock)
        assert game is not None
        over = resign(alt, game)
        assert over["ratings"]["settled"] is False
        assert over["ratings"]["reason"] == policy.SHORT
        assert main.get(f"/api/games/{game['id']}").get_json()["ratings"]["reason"] == policy.SHORT
    assert rating(app, "Ama") == 1500.0


def test_one_pair_counts_once_a_day_in_a_pool_and_others_still_count(
    app: Flask, clock: Clock
) -> None:
    ama, kofi, esi = device(app, "Ama"), device(app, "Kofi"), device(app, "Esi")

    def played(a: FlaskClient, b: FlaskClient) -> dict[str, Any]:
        game = rated_game(a, b, clock)
        assert game is not None
        return resign(b, both_move({0: a, 1: b}, game))

    first = played(ama, kofi)
    assert first["ratings"]["settled"] is True and "reason" not in first["ratings"]
    after_first = rating(app, "Ama")
    clock[0] += 3600
    second = played(ama, kofi)
    assert second["ratings"]["settled"] is False
    assert second["ratings"]["reason"] == policy.PAIR
    assert rating(app, "Ama") == after_first
    assert played(ama, esi)["ratings"]["settled"] is True  # another opponent counts
    clock[0] += policy.PAIR_WINDOW
    assert played(ama, kofi)["ratings"]["settled"] is True  # a day later, the pair again


def test_an_aborted_rated_game_says_it_was_called_off(app: Flask, clock: Clock) -> None:
    ama, kofi = device(app, "Ama"), device(app, "Kofi")
    game = rated_game(ama, kofi, clock)
    assert game is not None
    aborted = ama.post(f"/api/games/{game['id']}/abort", json={"version": game["version"]})
    assert aborted.get_json()["ratings"]["reason"] == policy.ABORTED


def test_a_game_in_play_says_no_reason(app: Flask, clock: Clock) -> None:
    ama, kofi = device(app, "Ama"), device(app, "Kofi")
    game = rated_game(ama, kofi, clock)
    assert game is not None and "reason" not in game["ratings"]
