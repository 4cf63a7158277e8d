"""Every search travels to a search process as one typed job (a frozen dataclass): the
computer's move and a level's hint (Think), an analysis step (Evaluate), a lab move (LabMove);
each knows its kind and budget, pickles to a real search process and answers there."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from app.analysis.step import Evaluate, evaluate_position
from app.computer import job as ai_job
from app.computer.job import Call, Think, as_job
from app.computer.pool import SearchPool
from app.computer.queue import FairQueue
from app.games.spec import GameSpec
from app.lab.job import LabMove, lab_move, move_budget
from engine.agents.levels import CONFIGS

START = {"board": [4, 4, 4, 4, 4, 5, 0, 4, 4, 4, 4, 4, 3, 0], "to_move": 1}
SPEC = GameSpec("kalah", {"pits": 6, "seeds": 4}, 1, (1, 3), START)
SMALL = GameSpec("kalah", {"pits": 3, "seeds": 2}, 0, (0,))


def test_each_kind_of_search_is_a_frozen_value_that_pickles() -> None:
    jobs = [
        Think(SPEC, "easy", "minimax", 7),
        Evaluate(SPEC, 0.1, 25.0, 3.0),
        LabMove(SPEC, "greedy", 1, 1.0),
    ]
    for job in jobs:
        assert dataclasses.is_dataclass(job)
        with pytest.raises(dataclasses.FrozenInstanceError):
            job.game = SMALL  # type: ignore[misc]
        assert pickle.loads(pickle.dumps(job)) == job


def test_a_job_knows_its_kind_and_budget() -> None:
    think = Think(SPEC, "master", "minimax", 1)
    assert think.kind == "think:master:minimax"
    assert think.budget == CONFIGS["minimax"]["master"].seconds
    unknown = Think(SPEC, "nobody", "minimax", 1)
    assert unknown.budget == max(c.seconds for by in CONFIGS.values() for c in by.values())
    step = Evaluate(SPEC, 0.35, 25.0, 40.0)
    assert (step.kind, step.budget) == ("evaluate_position", 25.35)
    lab = LabMove(SPEC, "greedy", 1, 0.5)
    assert (lab.kind, lab.budget) == ("lab_move", move_budget("greedy", 0.5))


def test_each_job_runs_its_function_on_the_specs_arguments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The typed job hands the game's spec on whole: variant, options, first, moves, start."""
    seen: list[tuple[object, ...]] = []

    def record(*args: object) -> dict[str, object]:
        seen.append(args)
        return {"move": 0}

    monkeypatch.setattr(ai_job, "think", record)
    Think(SPEC, "easy", "minimax", 7).run()
    assert seen[-1] == ("kalah", {"pits": 6, "seeds": 4}, 1, [1, 3], "easy", "minimax", 7, START)
    Think(SMALL, "easy", "minimax", 7).run()
    assert seen[-1] == ("kalah", {"pits": 3, "seeds": 2}, 0, [0], "easy", "minimax", 7)
    found = Evaluate(SMALL, 2.0).run()
    again = evaluate_position("kalah", {"pits": 3, "seeds": 2}, 0, [0], 2.0)
    assert {**found, "seconds": 0} == {**again, "seconds": 0}  # (all but the time it took)
    moved = LabMove(SMALL, "greedy", 1, 1.0).run()
    assert (
        moved["move"]
        == lab_move("kalah", {"pits": 3, "seeds": 2}, 0, [0], "greedy", 1, 1.0)["move"]
    )


def test_plain_arguments_become_a_typed_job() -> None:
    args = ("kalah", {"pits": 6, "seeds": 4}, 1, [1, 3], "easy", "minimax", 7, START)
    assert as_job(args) == Think(SPEC, "easy", "minimax", 7)
    assert as_job(args[:-1]) == Think(dataclasses.replace(SPEC, start=None), "easy", "minimax", 7)
    assert as_job((1.0,), task=abs) == Call(abs, (1.0,))  # type: ignore[arg-type]
    typed = Evaluate(SPEC, 1.0)
    assert as_job(typed) is typed


def test_the_queue_reads_a_jobs_kind_and_budget_not_its_arguments() -> None:
    """A job of any kind runs in a real search process; its budget is its own."""
    queue = FairQueue(SearchPool("process", workers=1, quick=0, background=0))
    try:
        think = queue.submit("a", Think(SMALL, "beginner", "minimax", 1))
        step = queue.submit("a", Evaluate(SMALL, 0.2), interactive=False)
        assert think.result(timeout=120)["move"] in (0, 1, 2)
        assert step.result(timeout=120)["best"] in (0, 1, 2)
        with queue.lock:
            assert {"think:beginner:minimax", "evaluate_position"} <= set(queue._took)
    finally:
        queue.shutdown()
