"""The puzzles' API: the next puzzle by rating, a try judged by the engine and rated both ways
by Glicko-2 (first tries only), the solution line, the daily puzzle, puzzles made from a
player's mistakes, and bad input answered with a 4xx saying what."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.analysis.store import AnalysisStore, Kept
from app.learn import get_learn_store
from app.learn.mistakes import own_problem
from app.learn.puzzles import Problem, Puzzles, played_line, view
from app.learn.shipped import shipped_problems
from app.ratings.glicko2 import Rating, rate_game
from app.store import get_store
from engine.notation import parse_move
from engine.puzzles import load_puzzles
from tests.app.test_api import assert_error, create, move

# Test data: the app judges a try by ``good`` alone (the shipped set's good moves are proven by
# the engine's puzzle checks, tests/engine/test_puzzles_set.py).
CAPTURE = Problem(  # A ends in empty B, opposite e holds 5: A1x6
    id="t-capture",
    variant="kalah",
    options={},
    board=(1, 0, 2, 0, 3, 0, 12, 2, 3, 1, 4, 5, 2, 13),
    extra=None,
    to_move=0,
    good=frozenset({0}),
    solution=(("A1x6",), ("b3",)),
    gain=6,
    margin=3,
    exact=True,
    depth=None,
    themes=("capture",),
    rating=1500,
)
OPPOSITE = Problem(  # D ends in empty E with b's 6 opposite; A ends in B with e empty
    id="t-opposite",
    variant="kalah",
    options={},
    board=(1, 0, 0, 1, 0, 0, 15, 3, 6, 2, 1, 0, 4, 15),
    extra=None,
    to_move=0,
    good=frozenset({3}),
    solution=(("D1x7",),),
    gain=7,
    margin=5,
    exact=False,
    depth=12,
    themes=("capture",),
    rating=1700,
)


@pytest.fixture
def puzzles(app: Flask) -> Puzzles:
    with app.app_context():
        found = Puzzles(get_learn_store(), [CAPTURE, OPPOSITE], own_problem)
    app.extensions["mancala_puzzles"] = found
    return found


def test_the_next_puzzle_is_the_nearest_rating_not_yet_tried(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    got = client.get("/api/puzzles/next?variant=kalah").json
    assert got["id"] == "t-capture" and got["rating"] == 1500 and got["difficulty"] == "medium"
    assert got["task"] == "Find the move that wins 6 seeds."
    assert got["proof"] == "Exact: solved to the end of the game."
    assert got["board"] == list(CAPTURE.board) and got["legal_moves"] == [0, 2, 4]
    client.post("/api/puzzles/t-capture/try", json={"pit": 0})
    got = client.get("/api/puzzles/next?variant=kalah").json
    assert got["id"] == "t-opposite"
    assert got["proof"] == "Verified by the engine's search to depth 12."


def test_a_solve_moves_both_ratings_by_glicko2_and_plays_out_the_line(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    got = client.post("/api/puzzles/t-capture/try", json={"pit": 0}).json
    assert got["solved"] is True and got["played"] == "A1x6" and got["good"] == [0]
    me = rate_game(Rating(), Rating(1500, 200), 1.0)
    it = rate_game(Rating(1500, 200), Rating(), 0.0)
    ratings = got["ratings"]
    assert ratings["rated"] is True
    assert ratings["player"]["before"]["rating"] == 1500
    assert ratings["player"]["after"]["rating"] == round(me.r) > 1500
    assert ratings["puzzle"] == {"before": 1500, "after": round(it.r)}
    assert round(it.r) < 1500
    line = got["line"]
    assert [m["notation"] for m in line] == ["A1x6", "b3"]
    assert line[0]["before"] == list(CAPTURE.board)
    assert line[0]["board"] == [0, 0, 2, 0, 3, 0, 18, 2, 3, 1, 4, 0, 2, 13]
    assert line[1]["before"] == line[0]["board"] and line[1]["player"] == 1
    assert got["puzzle"]["rating"] == round(it.r) and got["puzzle"]["tries"] == 1
    again = client.post("/api/puzzles/t-capture/try", json={"pit": 0}).json
    assert again["solved"] is True and again["ratings"]["rated"] is False
    assert again["ratings"]["player"]["after"]["rating"] == round(me.r)
    assert client.get("/api/puzzles/me").json["rating"]["rating"] == round(me.r)


def test_a_miss_moves_the_ratings_the_other_way_and_shows_the_move(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    got = client.post("/api/puzzles/t-opposite/try", json={"pit": 0}).json
    assert got["solved"] is False and got["best"] == "D1x7"
    assert [m["notation"] for m in got["tried"]] == ["A1"]
    assert [m["notation"] for m in got["line"]] == ["D1x7"]
    ratings = got["ratings"]
    assert ratings["player"]["after"]["rating"] < 1500
    assert ratings["puzzle"]["after"] > ratings["puzzle"]["before"] == 1700
    me = client.get("/api/puzzles/me").json["rating"]
    assert me["tries"] == 1 and me["solved"] == 0 and me["provisional"] is True


def test_the_daily_puzzle_is_the_same_for_everyone(
    client: FlaskClient, other: FlaskClient, puzzles: Puzzles
) -> None:
    mine, theirs = client.get("/api/puzzles/daily").json, other.get("/api/puzzles/daily").json
    assert mine["puzzle"]["id"] == theirs["puzzle"]["id"] and mine["day"] == theirs["day"]
    assert mine["puzzle"]["id"] in {"t-capture", "t-opposite"}


def test_without_puzzles_the_daily_one_is_null(client: FlaskClient, app: Flask) -> None:
    with app.app_context():
        app.extensions["mancala_puzzles"] = Puzzles(get_learn_store(), [], own_problem)
    got = client.get("/api/puzzles/daily")
    assert got.status_code == 200 and got.json["puzzle"] is None


def test_bad_input_is_a_4xx_and_rates_nothing(client: FlaskClient, puzzles: Puzzles) -> None:
    assert_error(client.get("/api/puzzles/nope"), 404, "no puzzle 'nope'")
    assert_error(client.post("/api/puzzles/nope/try", json={"pit": 0}), 404, "no puzzle")
    assert_error(client.get("/api/puzzles/next?variant=chess"), 404, "no 'chess' puzzles")
    assert_error(client.get("/api/puzzles/next?mine=1"), 404, "no own puzzle")
    cases: list[tuple[Any, int, str]] = [
        ({"pit": "A"}, 400, "'pit'"),
        ({"pit": None}, 400, "'pit'"),
        ({"pit": 0, "move": 1}, 400, "unknown field 'move'"),
        ({"pit": 1}, 422, "empty"),
        ({"pit": 7}, 422, "0-5"),
    ]
    for sent, status, words in cases:
        assert_error(client.post("/api/puzzles/t-capture/try", json=sent), status, words)
    assert_error(client.post("/api/puzzles/t-capture/try", data="x"), 415, "JSON")
    assert_error(client.post("/api/puzzles/mistakes", json={"game": 5}), 400, "'game'")
    assert client.get("/api/puzzles/me").json["rating"]["tries"] == 0


def test_mistakes_of_an_analysed_game_become_the_players_own_puzzles(
    app: Flask, client: FlaskClient, other: FlaskClient, puzzles: Puzzles
) -> None:
    game = create(client, variant="kalah", mode="local")
    for pit in (0, 0):  # A4 (player 0), then a4 (player 1)
        game = move(client, game, pit).json
    values = {"0": -9, "1": 0, "2": 3, "3": 0, "4": 0, "5": 1}  # A lost 12 seeds against C
    exact = {k: True for k in values}
    first = {"values": values, "exact": exact, "best": 2, "value": 3, "depth": 9}
    second = {"values": {str(p): 0 for p in range(6)}, "exact": exact, "best": 0, "value": 0}
    with app.app_context():
        AnalysisStore(get_store()).save(game["id"], Kept([0, 0], [first, second]))
    assert other.post("/api/puzzles/mistakes", json={"game": game["id"]}).json == {"made": []}
    made = client.post("/api/puzzles/mistakes", json={"game": game["id"]}).json["made"]
    assert made == [f"m-{game['id']}-0"]  # a4 by player 1 lost nothing
    assert client.post("/api/puzzles/mistakes", json={}).json["made"] == made  # kept once
    own = client.get("/api/puzzles/me").json["own"]
    assert own == [
        {
            "id": made[0],
            "variant": "kalah",
            "title": "Kalah",
            "game": game["id"],
            "ply": 0,
            "played": "A4",
            "tag": "blunder",
            "loss": 12,
            "turn": 1,  # the line, why it wins and its check: tests/app/test_own_line.py
            "why": "In the line, C4+ ends in the store, so you move again; their b5+ ends in the"
            " store, so they move again. With best play after C4+ you finish 3 seeds ahead; after"
            " A4, which you played, 9 seeds behind: 12 seeds given away.",
            "line_check": "depth 6",  # the solver did not find the opening's moves in 0.5 s
            "check": "Exact: the game's analysis solved this position to the end of the game."
            " The line's later moves are the engine's search to depth 6.",
            "tried": False,
            "solved": None,
        }
    ]
    got = client.get("/api/puzzles/next?mine=1").json
    assert got["id"] == made[0] and got["board"] == [4] * 6 + [0] + [4] * 6 + [0]
    assert got["task"] == "Find the move you missed (yours lost 12 seeds)."
    tried = client.post(f"/api/puzzles/{made[0]}/try", json={"pit": 2}).json
    assert tried["solved"] is True and tried["ratings"]["rated"] is True
    assert other.get(f"/api/puzzles/{made[0]}").status_code == 404  # a player's own


def test_mistakes_need_a_seat_and_a_finished_analysis(
    client: FlaskClient, other: FlaskClient, puzzles: Puzzles
) -> None:
    game = create(client, variant="kalah", mode="local")
    game = move(client, game, 0).json
    assert_error(client.post("/api/puzzles/mistakes", json={"game": game["id"]}), 409, "analyse")
    create(other, variant="kalah", mode="local")  # other now holds a token
    assert_error(other.post("/api/puzzles/mistakes", json={"game": game["id"]}), 403, "player")
    assert_error(client.post("/api/puzzles/mistakes", json={"game": "nope"}), 404, "")


def test_the_shipped_set_is_served_with_its_one_good_move(client: FlaskClient) -> None:
    shipped = load_puzzles("kalah")
    assert shipped, "the engine ships Kalah puzzles"
    first = shipped[0]
    got = client.get(f"/api/puzzles/{first.id}").json
    assert got["board"] == list(first.board) and got["to_move"] == first.to_move
    assert got["rating"] == first.rating and got["exact"] == first.exact
    best = parse_move(first.best, 6).pit
    assert client.get("/api/puzzles/daily").json["puzzle"]["variant"] == "kalah"
    tried = client.post(f"/api/puzzles/{first.id}/try", json={"pit": best}).json
    assert tried["solved"] is True
    assert [[m["notation"] for m in tried["line"]]] == [[m for t in first.solution for m in t]]


def test_the_puzzles_page_offers_the_variants_that_have_puzzles(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    page = client.get("/puzzles").get_data(as_text=True)
    assert '<option value="kalah">Kalah (2)</option>' in page
    assert 'value="oware"' not in page


def test_every_shipped_puzzle_is_shown_and_its_line_played_out() -> None:
    problems = shipped_problems()
    assert {p.variant for p in problems} >= {"kalah", "oware"}
    for problem in problems:
        state = problem.state()
        shown = view(problem, None)
        assert shown["to_move"] == problem.to_move and shown["legal_moves"]
        assert problem.good <= set(shown["legal_moves"]) and len(problem.good) == 1
        line = played_line(state, problem.solution)
        assert [m["notation"] for m in line] == [m for turn in problem.solution for m in turn]
        json.dumps(shown)


def test_the_next_puzzle_may_be_of_a_theme(client: FlaskClient, app: Flask) -> None:
    chain = Problem(**{**CAPTURE.__dict__, "id": "t-chain", "themes": ("extra-turn-chain",)})
    with app.app_context():
        app.extensions["mancala_puzzles"] = Puzzles(
            get_learn_store(), [CAPTURE, OPPOSITE, chain], own_problem
        )
    assert client.get("/api/puzzles/next?theme=extra-turn-chain").json["id"] == "t-chain"
    assert client.get("/api/puzzles/next?theme=capture").json["id"] == "t-capture"
    assert_error(client.get("/api/puzzles/next?theme=tuzdyk"), 404, "theme 'tuzdyk'")
