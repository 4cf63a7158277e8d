"""The puzzle policy (app.learn.puzzles): only a named player's first try, when it is also the
first try of that puzzle from their network address, moves the ratings.  40 fresh cookies
missing a puzzle move nothing; a throwaway cookie can't learn an answer for another device of
its address to be rated on; each unrated try says why."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.learn import get_learn_store
from app.learn.mistakes import own_problem
from app.learn.puzzles import UNRATED, Puzzles
from app.learn.service import get_puzzles, trier
from tests.app.test_puzzles import CAPTURE, OPPOSITE


@pytest.fixture
def puzzles(app: Flask) -> Puzzles:
    """The app's puzzles with two test puzzles, tried under the app's own policy."""
    with app.app_context():
        found = Puzzles(get_learn_store(), [CAPTURE, OPPOSITE], own_problem, trier)
    app.extensions["mancala_puzzles"] = found
    return found


def device(app: Flask, address: str, name: str | None = None) -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    if name is not None:
        assert client.put("/api/me", json={"name": name}).status_code == 200
    return client


def attempt(client: FlaskClient, puzzle: str, pit: int) -> dict[str, Any]:
    answer = client.post(f"/api/puzzles/{puzzle}/try", json={"pit": pit})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["ratings"]  # type: ignore[no-any-return]


def puzzle_rating(app: Flask, puzzle: str) -> tuple[float, int] | None:
    with app.app_context():
        kept = get_learn_store().puzzle(puzzle)
    return None if kept is None else (kept.r, kept.tries)


def test_the_app_tries_puzzles_under_the_policy(app: Flask) -> None:
    with app.app_context():
        assert get_puzzles().trier is trier


def test_forty_fresh_cookies_missing_a_puzzle_move_nothing(app: Flask, puzzles: Puzzles) -> None:
    for i in range(40):  # one address, then forty
        for address in ("10.0.0.60", f"10.0.2.{i}"):
            ratings = attempt(device(app, address), "t-opposite", 0)  # a miss
            assert ratings["rated"] is False and ratings["reason"] == UNRATED["name"]
    assert puzzle_rating(app, "t-opposite") is None  # as shipped: 1700
    shown = app.test_client().get("/api/puzzles/t-opposite").get_json()
    assert shown["rating"] == 1700


def test_a_named_players_first_try_is_rated_once(app: Flask, puzzles: Puzzles) -> None:
    ama = device(app, "10.0.0.61", "Ama")
    first = attempt(ama, "t-capture", 0)
    assert first["rated"] is True and first["player"]["after"]["rating"] > 1500
    moved = puzzle_rating(app, "t-capture")
    assert moved is not None and moved[0] < 1500
    again = attempt(ama, "t-capture", 0)
    assert again["rated"] is False and again["reason"] == UNRATED["again"]
    assert puzzle_rating(app, "t-capture") == moved


def test_a_throwaway_cookie_cant_learn_the_answer_for_its_address(
    app: Flask, puzzles: Puzzles
) -> None:
    throwaway = device(app, "10.0.0.62")
    scout = attempt(throwaway, "t-capture", 2)  # a miss: it learns the answer (pit 0)
    assert scout["rated"] is False
    main = device(app, "10.0.0.62", "Mallory")
    solved = attempt(main, "t-capture", 0)
    assert solved["rated"] is False and solved["reason"] == UNRATED["address"]
    assert solved["player"]["after"] is None or solved["player"]["after"]["rating"] == 1500
    assert puzzle_rating(app, "t-capture") is None
    # A named throwaway is a player of its own, but its address's first try is used up too.
    named_scout = device(app, "10.0.0.63", "Scout")
    assert attempt(named_scout, "t-capture", 2)["rated"] is True  # its own first try counts
    assert attempt(device(app, "10.0.0.63", "Mallory 2"), "t-capture", 0)["rated"] is False
    # Another address's player is rated as usual.
    assert attempt(device(app, "10.0.0.64", "Kofi"), "t-capture", 0)["rated"] is True
