"""Whole-line puzzles (issue 35, build 2): the solver plays every one of their own moves, the
server answers each with the line's reply; a wrong move is refuted by a reply played out and
retried, unrated; a transposition reaching the line's position is accepted; the notation is the
solver's (their pits in capitals); past tries are listed per device; streak mode serves untried
puzzles, harder as the streak grows."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.games.errors import BadInput
from app.learn import get_learn_store
from app.learn.mistakes import own_problem
from app.learn.puzzle_line import begin, on_line, step, walk_to
from app.learn.puzzles import Problem, Puzzles, gain_text, seen
from engine import get_variant
from engine.notation import parse_move
from tests.app.test_api import assert_error

# kalah-6x4-0001 of the shipped set: A3, then the engine's f1+ e1, then B2 (the line).
LINE = Problem(
    id="t-line",
    variant="kalah",
    options={},
    board=(3, 1, 1, 0, 9, 0, 7, 0, 7, 0, 1, 1, 1, 17),
    extra=None,
    to_move=0,
    good=frozenset({0}),
    solution=(("A3",), ("f1+", "e1"), ("B2",)),
    gain=4,
    margin=4,
    exact=True,
    depth=None,
    themes=(),
    rating=1500,
)
# The same position seen from the other side: the solver is player 1 (their pits a-f).
MIRROR = Problem(
    id="t-mirror",
    variant="kalah",
    options={},
    board=(0, 7, 0, 1, 1, 1, 17, 3, 1, 1, 0, 9, 0, 7),
    extra=None,
    to_move=1,
    good=frozenset({0}),
    solution=(("a3",), ("F1+", "E1"), ("b2",)),
    gain=4,
    margin=4,
    exact=True,
    depth=None,
    themes=(),
    rating=1500,
)


@pytest.fixture
def puzzles(app: Flask) -> Puzzles:
    with app.app_context():
        found = Puzzles(get_learn_store(), [LINE, MIRROR], own_problem)
    app.extensions["mancala_puzzles"] = found
    return found


def got(answer: Any) -> Any:
    """An answer's JSON."""
    return answer.json


def tried(client: FlaskClient, pid: str, pit: int, moves: list[int], **more: Any) -> Any:
    answer = client.post(f"/api/puzzles/{pid}/try", json={"pit": pit, "moves": moves, **more})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return got(answer)


def test_the_solver_plays_every_own_move_and_the_rating_moves_at_the_end(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    first = tried(client, "t-line", 0, [])
    assert first["solved"] is True and first["done"] is False and first["moves"] == [0]
    assert [m["notation"] for m in first["reply"]] == ["f1+", "e1"]  # the engine answers
    assert first["ratings"]["rated"] is False and first["ratings"]["pending"] is True
    after_reply = first["reply"][-1]["board"]
    assert first["position"]["board"] == after_reply and first["position"]["to_move"] == 0
    assert first["position"]["legal_moves"] == [1, 2, 3, 4]
    assert got(client.get("/api/puzzles/me"))["rating"]["tries"] == 0  # not counted yet
    last = tried(client, "t-line", 1, [0])
    assert last["solved"] is True and last["done"] is True and last["reply"] == []
    assert last["ratings"]["rated"] is True
    assert last["ratings"]["player"]["after"]["rating"] > 1500
    # What this short line put in the stores: nothing yet (the 4 come by the game's end; the
    # shipped lines go on to where their seeds are won, tests/engine/test_puzzle_lines.py).
    assert last["won"] == -1.0
    assert_error(
        client.post("/api/puzzles/t-line/try", json={"pit": 1, "moves": [0, 1]}), 400, "longer"
    )


def test_a_wrong_move_is_refuted_then_retried_unrated(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    wrong = tried(client, "t-line", 2, [0])  # C2 instead of B2
    assert wrong["solved"] is False and wrong["moves"] == [0]  # retried from before it
    assert wrong["position"]["board"] == wrong["refutation"][0]["before"]
    refuted = wrong["refutation"]
    assert refuted[0]["notation"] == "C2" and refuted[0]["player"] == 0
    assert [m["player"] for m in refuted[1:]] and all(m["player"] == 1 for m in refuted[1:])
    assert refuted[1]["before"] == refuted[0]["board"]
    assert wrong["ratings"]["rated"] is True  # the first wrong move is the miss
    assert wrong["ratings"]["player"]["after"]["rating"] < 1500
    retry = tried(client, "t-line", 1, [0])
    assert retry["done"] is True and retry["ratings"]["rated"] is False
    assert retry["ratings"]["reason"] == "only your first try of a puzzle is rated"
    past = got(client.get("/api/puzzles/tries"))["tries"]
    assert [(t["id"], t["solved"]) for t in past] == [("t-line", False)]


def test_moves_that_are_not_the_line_are_refused(client: FlaskClient, puzzles: Puzzles) -> None:
    for sent, words in (
        ({"pit": 1, "moves": [2]}, "not on it"),
        ({"pit": 1, "moves": [3]}, "can't be played"),
        ({"pit": 1, "moves": "0"}, "'moves' must be"),
        ({"pit": 1, "moves": [True]}, "'moves' must be"),
        ({"pit": 0, "streak": True}, "unknown field 'streak'"),
        ({"pit": 0, "moves": list(range(300))}, "longer"),
        ({"pit": 0, "moves": [0, 1]}, "longer than this puzzle's line"),
    ):
        assert_error(client.post("/api/puzzles/t-line/try", json=sent), 400, words)


def test_the_second_player_reads_their_pits_in_capitals(
    client: FlaskClient, puzzles: Puzzles
) -> None:
    shown = got(client.get("/api/puzzles/t-mirror"))
    assert shown["letters"][1] == ["A", "B", "C", "D", "E", "F"]
    assert shown["letters"][0] == ["a", "b", "c", "d", "e", "f"]
    assert shown["notation"].startswith("How moves are written: the pit's letter (yours A–F")
    first = tried(client, "t-mirror", 0, [])
    assert first["played"] == "A3" and first["best"] == "A3"
    assert [m["notation"] for m in first["reply"]] == ["f1+", "e1"]
    assert [m["notation"] for m in first["line"]] == ["A3", "f1+", "e1", "B2"]
    assert seen("d7x3", 1) == "D7x3" and seen("C4+", 1) == "c4+" and seen("C4+", 0) == "C4+"


def test_wins_n_seeds_is_said_in_words(puzzles: Puzzles) -> None:
    said = gain_text(LINE)
    assert said.startswith("Winning 4 seeds: you finish 4 seeds further ahead of your opponent")
    assert "at the end of the game" in said and "You trail by 10 now" in said
    assert said.endswith("so you finish 6 behind.")


def test_a_transposition_reaching_the_lines_position_is_accepted() -> None:
    # D3+ then B2 ends the game (the opponent's row is empty): D3+ F1+ B2 ends it in the same
    # final position, a transposition; D3+ A2 does not.
    rules = get_variant("kalah")
    state = rules.position([2, 2, 2, 3, 2, 0, 0, 0, 0, 1, 0, 0, 0, 36], 0, None)
    solution = (("D3+", "B2"),)
    walk = begin(state, solution, 0)
    after_d = step(walk, 3, solution, frozenset({3}))
    assert after_d is not None and not after_d.walk.done
    assert on_line(after_d.walk.state, 5, after_d.walk.path)  # F1+: still reaches it
    assert not on_line(after_d.walk.state, 0, after_d.walk.path)
    done = walk_to(state, solution, frozenset({3}), [3, 5, 1])
    assert done.done and done.state.to_move is None
    with pytest.raises(BadInput):
        walk_to(state, solution, frozenset({3}), [3, 0, 1])


def test_streak_mode_serves_untried_puzzles_harder_as_the_streak_grows(
    client: FlaskClient, app: Flask
) -> None:
    easy = Problem(**{**LINE.__dict__, "id": "t-easy", "rating": 900})
    hard = Problem(**{**MIRROR.__dict__, "id": "t-hard", "rating": 1500})
    with app.app_context():
        app.extensions["mancala_puzzles"] = Puzzles(get_learn_store(), [easy, hard], own_problem)
    assert got(client.get("/api/puzzles/next?variant=kalah&streak=0"))["id"] == "t-easy"
    assert got(client.get("/api/puzzles/next?variant=kalah&streak=10"))["id"] == "t-hard"
    tried(client, "t-easy", 2, [])  # a miss: tried
    assert got(client.get("/api/puzzles/next?variant=kalah&streak=0"))["id"] == "t-hard"
    tried(client, "t-hard", 1, [])
    assert_error(client.get("/api/puzzles/next?variant=kalah&streak=0"), 404, "every kalah")
    for bad in ("-1", "x", "1234567"):
        assert_error(client.get(f"/api/puzzles/next?streak={bad}"), 400, "'streak'")


def test_past_tries_are_listed_newest_first(client: FlaskClient, puzzles: Puzzles) -> None:
    assert got(client.get("/api/puzzles/tries")) == {"tries": []}
    tried(client, "t-mirror", 1, [])  # a miss
    tried(client, "t-line", 0, [])
    tried(client, "t-line", 1, [0])  # solved
    past = got(client.get("/api/puzzles/tries"))["tries"]
    assert [(t["id"], t["solved"], t["title"]) for t in past] == [
        ("t-line", True, "Kalah"),
        ("t-mirror", False, "Kalah"),
    ]


def test_every_shipped_line_is_accepted_move_by_move_to_its_end() -> None:
    from app.learn.shipped import shipped_problems

    for problem in shipped_problems():
        state = problem.state()
        pits = state.rules.pits
        mine = [
            parse_move(text, pits).pit
            for n, turn in enumerate(problem.solution)
            if n % 2 == 0
            for text in turn
        ]
        walk = walk_to(state, problem.solution, problem.good, mine[:-1])
        assert not walk.done, problem.id
        last = step(walk, mine[-1], problem.solution, problem.good)
        assert last is not None and last.walk.done, problem.id
