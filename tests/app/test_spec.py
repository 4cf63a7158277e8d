"""A game travels to a search as one GameSpec: the job arguments it builds line up with each
search job's parameters, and a stored game's spec replays to the game's own record."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from app.analysis.step import evaluate_position
from app.board.position import Asked, parse
from app.board.service import Board
from app.computer.job import Think, think
from app.computer.moves import search_job, seed
from app.games.model import Game
from app.games.spec import GameSpec
from app.lab.job import lab_move
from engine.record import RecordError

START = {"board": [4, 4, 4, 4, 4, 5, 0, 4, 4, 4, 4, 4, 3, 0], "to_move": 1}
DATA: dict[str, Any] = {
    "variant": "kalah",
    "options": {"pits": 6, "seeds": 4},
    "first_player": 1,
    "moves": [1, 3],
    "start": START,
}


class Row:
    id, version, updated = "g1", 3, 0.0
    data = DATA


def test_a_stored_games_spec_is_its_record_and_start() -> None:
    spec = GameSpec.of(DATA)
    assert spec == GameSpec("kalah", {"pits": 6, "seeds": 4}, 1, (1, 3), START)
    assert spec.upto(1) == GameSpec("kalah", {"pits": 6, "seeds": 4}, 1, (1,), START)
    game = Game.from_row(Row())
    assert game.spec == spec
    assert game.record.moves == [1, 3] and game.record.states == spec.replay().states


def test_a_spec_of_moves_that_are_no_list_is_a_bad_record() -> None:
    with pytest.raises(RecordError, match="moves must be a list, not str"):
        GameSpec.of({**DATA, "moves": "13"})


def test_job_arguments_are_built_in_one_place_start_last() -> None:
    spec = GameSpec.of(DATA)
    options = {"pits": 6, "seeds": 4}
    assert spec.job(0.5) == ("kalah", options, 1, [1, 3], 0.5, START)
    assert GameSpec("oware", {}, 0, (2,)).job("a", 7) == ("oware", {}, 0, [2], "a", 7)
    job = search_job(Game.from_row(Row()), "easy", "minimax")
    assert job == Think(spec, "easy", "minimax", seed("g1", 2))


@pytest.mark.parametrize(
    ("job", "extra"),
    [
        (think, ("easy", "minimax", 5)),
        (evaluate_position, (0.1, 25.0)),
        (lab_move, ("greedy", 1, 1.0)),
    ],
)
def test_each_search_job_takes_a_specs_arguments(job: Any, extra: tuple[Any, ...]) -> None:
    spec = GameSpec("kalah", {}, 0, (2,)) if job is lab_move else GameSpec.of(DATA)
    bound = inspect.signature(job).bind(*spec.job(*extra)).arguments
    assert (bound["variant"], bound["options"], bound["first_player"], bound["moves"]) == (
        spec.variant,
        dict(spec.options),
        spec.first,
        list(spec.moves),
    )
    assert bound.get("start") == spec.start


def test_the_board_values_nothing_and_reads_no_device_unless_asked() -> None:
    asked = parse({"variant": "kalah", "moves": [2]})
    assert isinstance(asked, Asked) and asked.values is False
    assert (asked.spec.variant, asked.spec.first, asked.spec.moves) == ("kalah", 0, (2,))
    assert asked.start == {"board": [4] * 6 + [0] + [4] * 6 + [0], "to_move": 0}

    def no_device() -> Any:
        raise AssertionError("the device was read")

    assert Board(analyses=None).values(asked, no_device) is None  # type: ignore[arg-type]
