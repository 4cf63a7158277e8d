"""A game's analysis as line jobs (issue 34, one search story): the runner sends the next
consecutive positions from the last back as one ``EvaluateLine`` job, valued on one solver
within a time slice; what a job did not reach is taken again; a stopped line's positions are
taken again alone; each position's values are its values alone, whatever the slice."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.analysis.runner import Budget, done_positions
from app.analysis.step import EvaluateLine, evaluate_line, evaluate_position
from app.computer.queue import wall_cap
from app.games.spec import GameSpec
from engine.agents.exact_first import take_line
from tests.app.test_analysis import finish, small_game

SPEC = GameSpec("kalah", {"pits": 3, "seeds": 3}, 0, (0, 2, 1, 0, 2), None)


def test_a_line_is_the_last_consecutive_positions_at_most_so_many() -> None:
    todo = [0, 1, 2, 3, 4, 5, 6]
    assert take_line(todo, 3) == (6, 5, 4) and todo == [0, 1, 2, 3]
    assert take_line(todo, 16) == (3, 2, 1, 0) and todo == []
    gap = [0, 1, 2, 7, 8]
    assert take_line(gap, 16) == (8, 7) and gap == [0, 1, 2]  # a line never jumps a gap


def test_a_position_of_a_stopped_line_is_taken_alone() -> None:
    todo = [0, 1, 2, 3, 4]
    assert take_line(todo, 16, {4}) == (4,)
    assert take_line(todo, 16, {2}) == (3,)
    assert take_line(todo, 16, {2}) == (2,)
    assert take_line(todo, 16, {2}) == (1, 0)


def test_a_line_job_is_budgeted_as_one_position_plus_its_slice() -> None:
    line = EvaluateLine(SPEC, (5, 4, 3), 0.35, 25.0, 40.0, 5.0)
    assert line.kind == "evaluate_line" and line.budget == pytest.approx(30.35)
    whole = EvaluateLine(SPEC, (5, 4, 3), 0.35, 25.0)
    assert whole.budget == pytest.approx(3 * 25.35)  # no slice: every position's


def test_a_line_answers_before_the_queue_would_stop_it() -> None:
    """Its last position starts within the slice (wall time at most) with its own cap."""
    budget = Budget()
    for seconds, solve in ((0.35, 25.0), (2.0, 0.0), (0.05, 0.0)):
        one = seconds + solve
        line = EvaluateLine(SPEC, (5, 4), seconds, solve, budget.cap_for(one), 5.0)
        assert line.cap is not None and 5.0 + line.cap < wall_cap(line.budget)


def test_each_position_of_a_line_has_its_values_alone() -> None:
    found = evaluate_line(EvaluateLine(SPEC, (5, 4, 3, 2, 1, 0), 2.0))
    assert found["plies"] == [5, 4, 3, 2, 1, 0]
    for ply, position in zip(found["plies"], found["positions"], strict=True):
        alone = evaluate_position("kalah", dict(SPEC.options), 0, list(SPEC.moves[:ply]), 2.0)
        assert position["values"] == alone["values"] and position["exact"] == alone["exact"]
        assert position["source"] == alone["source"]


def test_a_slice_ends_a_line_after_its_planned_work_at_least_one_position() -> None:
    none = evaluate_line(EvaluateLine(SPEC, (5, 4, 3), 2.0, 0.0, None, 0.0))
    assert none["plies"] == [5]  # at least one position, then the slice is spent
    two = evaluate_line(EvaluateLine(SPEC, (5, 4, 3), 2.0, 0.0, None, 3.0))
    again = evaluate_line(EvaluateLine(SPEC, (5, 4, 3), 2.0, 0.0, None, 3.0))
    assert two["plies"] == again["plies"]  # planned work, not wall time: the same split
    whole = evaluate_line(EvaluateLine(SPEC, (5, 4, 3), 2.0, 0.0, None, 1e9))
    assert whole["plies"] == [5, 4, 3]
    assert whole["positions"][: len(two["plies"])] == [
        {**p, "seconds": q["seconds"]}
        for p, q in zip(two["positions"], whole["positions"], strict=False)
    ]


def test_a_line_of_positions_the_game_does_not_have_is_refused() -> None:
    for plies in ((6,), (-1,), ()):
        with pytest.raises(ValueError):
            evaluate_line(EvaluateLine(SPEC, plies, 1.0))


def test_a_line_answer_must_name_the_first_plies_of_its_job() -> None:
    position: dict[str, Any] = {"values": {}}
    assert done_positions({"plies": [5, 4], "positions": [position, position]}, (5, 4, 3)) == {
        5: position,
        4: position,
    }
    bad: dict[str, Any]
    for bad in (
        {"plies": [], "positions": []},
        {"plies": [4], "positions": [position]},
        {"plies": [5, 4], "positions": [position]},
        {"values": {}},
    ):
        with pytest.raises(ValueError):
            done_positions(bad, (5, 4, 3))


def analysed(app: Flask, client: FlaskClient, line_seconds: float) -> tuple[Any, list[Any]]:
    """A small game analysed with lines of ``line_seconds``; its answer and the jobs sent."""
    analyses = app.extensions["mancala_analyses"]
    analyses.budget.line_seconds = line_seconds
    queue = app.extensions["mancala_computer"].queue
    jobs: list[Any] = []
    submit = queue.submit

    def spy(client_id: str, work: Any, task: Any = None, **how: Any) -> Any:
        jobs.append(work)
        return submit(client_id, work, task, **how)

    queue.submit = spy
    game = small_game(client, seed=4)
    url = f"/api/games/{game['id']}/analysis"
    client.post(url)
    found = finish(client, url)
    queue.submit = submit
    return found, jobs


def test_an_analysis_in_one_line_or_many_slices_gives_the_same_values(
    app: Flask, client: FlaskClient
) -> None:
    whole, few = analysed(app, client, 1e9)
    sliced, many = analysed(app, client, 0.0)
    moves = len(whole["moves"])
    assert moves > 3 and len(few) < len(many) == moves  # a slice of none: a position a job
    assert all(isinstance(job, EvaluateLine) for job in few + many)
    assert {job.slice_seconds for job in many} == {0.0}  # the budget's slice, sent whole
    assert [len(job.plies) > 1 for job in many].count(True) >= 1  # the rest taken again
    keys = ("ply", "values", "exact", "best", "tag")
    assert [{k: m.get(k) for k in keys} for m in sliced["moves"]] == [
        {k: m.get(k) for k in keys} for m in whole["moves"]
    ]
    assert sliced["done"] == whole["done"] == moves and sliced["capped"] == 0
