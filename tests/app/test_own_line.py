"""Learn from your mistakes (issue 35, build 4): a player's own puzzle shows a real line (not
one move) with why it wins, its values in whole seeds, and the truth about its check: exact
where the analysis solved the position, else the depth the analysis actually searched."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from app.analysis.store import AnalysisStore, Kept
from app.learn.mistakes import own_problem
from app.learn.own_line import finish, signed, turn_of, whole
from app.store import get_store
from engine import get_variant
from tests.app.test_api import create, move


def analysed(app: Flask, client: FlaskClient, position: dict[str, Any], **params: Any) -> str:
    """A local game whose first move (A, pit 0) the analysis judged by ``position``; the id
    of the one own puzzle made from it."""
    game = create(client, mode="local", **params)
    game = move(client, game, 0).json
    with app.app_context():
        AnalysisStore(get_store()).save(game["id"], Kept([0], [position]))
    made = client.post("/api/puzzles/mistakes", json={"game": game["id"]}).json["made"]
    assert made == [f"m-{game['id']}-0"]
    return str(made[0])


def test_an_estimated_mistake_states_the_depth_searched_and_plays_a_whole_line(
    app: Flask, client: FlaskClient
) -> None:
    values = {"0": -4.4, "1": 0, "2": 3.6, "3": 0, "4": 0, "5": 1}  # A gave 8 seeds away
    exact = {k: False for k in values}
    position = {"values": values, "exact": exact, "best": 2, "value": 3.6, "depth": 11}
    made = analysed(app, client, position, variant="kalah")
    got = client.get("/api/puzzles/next?mine=1").json
    assert got["id"] == made
    assert "depth 1." not in got["proof"] and "depth 1 " not in got["proof"]
    assert got["proof"].startswith("An estimate: the game's analysis searched 11 plies deep here")
    assert got["task"] == "Find the move you missed (yours lost 8 seeds)."
    own = got["own"]
    assert own["turn"] == 1 and own["line_check"] == "depth 6"
    assert own["why"].startswith("In the line, C4+ ends in the store, so you move again")
    assert own["why"].endswith(
        "you finish about 4 seeds ahead; after A4, which you played, about 4 seeds behind: 8 "
        "seeds given away."
    )
    tried = client.post(f"/api/puzzles/{made}/try", json={"pit": 2}).json
    assert tried["solved"] is True
    line = [m["notation"] for m in tried["line"]]
    assert line[0] == "C4+" and len(line) >= 4  # the mover's turn, the reply, the mover again
    players = [m["player"] for m in tried["line"]]
    assert players[:2] == [0, 0] and 1 in players and players[-1] == 0


def test_an_exact_mistake_is_said_exact_and_its_line_keeps_the_solved_value(
    app: Flask, client: FlaskClient
) -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    state = rules.initial_state()
    from engine.puzzles.checks import exact_values

    solved = exact_values(state)
    assert solved is not None
    best = max(solved.values())
    values = {str(m): v for m, v in solved.items()}
    values["0"] = best - 5  # as if A were a mistake (the puzzle's data, not its line)
    position = {"values": values, "exact": {k: True for k in values}, "best": 1, "value": best}
    made = analysed(app, client, position, variant="kalah", options={"pits": 3, "seeds": 2})
    got = client.get("/api/puzzles/next?mine=1").json
    assert got["id"] == made and got["exact"] is True
    assert got["proof"] == (
        "Exact: the game's analysis solved this position to the end of the game. "
        "Every move of the line keeps the solved value."
    )
    assert got["own"]["line_check"] == "exact" and "about" not in got["own"]["why"]


def test_a_puzzle_kept_before_lines_says_its_depth_was_not_kept_not_depth_one() -> None:
    old = {
        "id": "m-g-0",
        "game": "g",
        "ply": 0,
        "variant": "kalah",
        "options": {},
        "board": [4] * 6 + [0] + [4] * 6 + [0],
        "extra": None,
        "to_move": 0,
        "good": [2],
        "best": "C4+",
        "played": "A4",
        "loss": 4.5,
        "tag": "mistake",
        "exact": False,
    }
    problem = own_problem(old)
    assert problem.depth is None and problem.solution == (("C4+",),)
    assert problem.own["check"] == (
        "An estimate of the game's analysis (its search depth was not kept)."
    )
    assert problem.own["loss"] == 5 and problem.margin == 5


def test_whole_seeds_and_turns() -> None:
    assert [whole(v) for v in (4.5, 4.4, -4.5, -0.4, 0)] == [5, 4, -5, 0, 0]
    said = [finish(v, "seeds", a) for v, a in ((3, ""), (-1.2, "about "), (0.3, ""))]
    assert said == ["3 seeds ahead", "about 1 seed behind", "level"]
    assert [signed(v) for v in (3.6, -2, 0.2)] == ["+4", "−2", "0"]
    game = get_variant("kalah").initial_state()
    records = []
    for pit in (2, 0, 0):  # C4+ (again), A, then the opponent's a
        game, rec = game.play_record(pit)
        records.append(rec)
    assert [turn_of(records, p) for p in range(3)] == [1, 1, 2]
