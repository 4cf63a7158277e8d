"""The shipped puzzle set holds: every Kalah puzzle is proved by the solver (the named move is
the only move within the margin), a fixed sample of every other variant's re-checks at its
stated depth, the builder gives the same set again from the same seed, and the themes and the
verdict follow their rules on literal positions.

Solving all the Kalah puzzles takes about 10 s of CPU natively; with the pure-Python engine
(``MANCALA_PURE=1``) the solver takes some 60 times longer, so there a fixed sample of 12 is solved
(about 7 s of CPU).  The other variants' deep searches are as much slower there: the pure pass
re-checks 2 of each (the native pass 12), enough to run the pure searches through the check (that
they equal the native ones is tested on positions of their own).
"""

from __future__ import annotations

import inspect
import io
from functools import cache
from pathlib import Path

import pytest

from engine import get_variant, native
from engine.agents import Limit, make_agent
from engine.cli.puzzles import main as puzzles_main
from engine.cli.puzzles import spread
from engine.core import State
from engine.puzzles import Puzzle, check_puzzle, load_puzzles
from engine.puzzles.builder import PLANS, build
from engine.puzzles.checks import exact_chooser, solution_line, themes_of, verdict
from engine.record import GameRecord
from tests.engine.puzzle_checks import checked

OTHERS = [v for v in PLANS if v != "kalah"]
SAMPLE = 12 if native.solve is not None else 2  # see the module's docstring


def test_every_shipped_kalah_puzzle_is_proved_by_the_solver() -> None:
    puzzles = load_puzzles("kalah")
    assert len(puzzles) >= 1000
    assert all(p.exact and p.depth is None for p in puzzles)
    if native.solve is None:
        puzzles = spread(puzzles, 12)
    problems = [problem for p in puzzles if (problem := check_puzzle(p)) is not None]
    assert problems == []


@cache
def searched(variant: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``variant`` that a search proves (Oware's within its endgame
    table are exact: tests/engine/test_oware_puzzles_exact.py)."""
    return tuple(p for p in load_puzzles(variant) if not (p.exact and variant == "oware"))


@pytest.mark.parametrize("variant", OTHERS)
def test_each_other_variant_ships_its_set_at_its_stated_depth(variant: str) -> None:
    assert len(load_puzzles(variant)) >= PLANS[variant].target
    assert all(not p.exact and p.depth == PLANS[variant].depth for p in searched(variant))
    assert len(spread(list(searched(variant)), SAMPLE)) == SAMPLE


# One test per puzzle of the sample: they are long (a Toguz Kumalak one up to 20 s natively)
# and scheduled one by one over the test processes (tests/xdist_units.py).
@pytest.mark.parametrize("index", range(SAMPLE))
@pytest.mark.parametrize("variant", OTHERS)
def test_a_sample_of_each_other_variant_holds_at_its_stated_depth(
    variant: str, index: int, puzzle_checks: Path
) -> None:
    puzzle = spread(list(searched(variant)), SAMPLE)[index]
    assert checked(puzzle, puzzle_checks) is None


@pytest.mark.parametrize(("variant", "count"), [("kalah", 20), ("oware", 6), ("congkak", 3)])
def test_the_builder_gives_the_shipped_set_again(variant: str, count: int) -> None:
    if native.solve is None and variant == "kalah":
        count = 4  # the pure-Python solver is slow
    assert build(variant, count, seed=1) == load_puzzles(variant)[:count]


def test_the_command_builds_and_checks_a_file(tmp_path: Path) -> None:
    said = io.StringIO()
    argv = ["build", "--variant", "kalah", "--count", "4", "--seed", "1", "--out", str(tmp_path)]
    assert puzzles_main(argv, said) == 0
    assert len(load_puzzles("kalah", tmp_path)) == 4
    assert "kalah: 4 puzzles in" in said.getvalue()
    check = ["check", "--variant", "kalah", "--folder", str(tmp_path)]
    assert puzzles_main(check, said) == 0
    assert "kalah: 4/4 puzzles hold" in said.getvalue()
    (tmp_path / "kalah.jsonl").write_text("{}\n")
    assert puzzles_main(check, said) == 1
    assert "kalah.jsonl:1: missing field 'id'" in said.getvalue()


def test_the_verdict_wants_one_move_clear_of_the_others_and_a_gain() -> None:
    state = get_variant("kalah").initial_state()  # stores 0-0: the gain is the value
    found = verdict(state, {0: 2, 1: 6, 2: 3, 3: -4})
    assert found is not None
    assert (found.best, found.gain, found.margin) == (1, 6, 3)
    assert verdict(state, {0: 2, 1: 6, 2: 4}) is None  # the runner-up is within 2
    assert verdict(state, {0: -8, 1: -2, 2: -9}) is None  # nothing gained
    assert verdict(state, {0: 2, 1: 9}) is None  # two moves only


def test_themes_of_a_kalah_line_with_extra_turns_and_a_capture() -> None:
    rules = get_variant("kalah")
    state = rules.position([6, 1, 3, 0, 0, 1, 10, 1, 0, 1, 3, 1, 1, 20], 0)
    line, records = solution_line(state, 5, exact_chooser, turns=1)
    assert line == (("F1+", "A6+", "F1+", "C4+", "F1+", "D2x2"),)
    assert themes_of(state, records) == ("extra-turn-chain", "capture")
    line, records = solution_line(state, 5, first_legal)
    assert line == (("F1+", "A6+", "B2"), ("a1x2",), ("C5",))
    assert themes_of(state, records) == ("extra-turn-chain",)


def first_legal(state: State, _: int) -> int:
    return state.legal_moves()[0]


def test_themes_of_oware_feeding_and_a_grand_slam() -> None:
    rules = get_variant("oware")
    # Player 1's row is empty: player 0 must feed (C-F reach it); F sows a-f.
    state = rules.position([4, 4, 4, 4, 4, 6, 6, 0, 0, 0, 0, 0, 0, 16], 0)
    assert state.legal_moves() == (2, 3, 4, 5)
    line, records = solution_line(state, 5, first_legal, turns=1)
    assert line == (("F6",),)
    assert themes_of(state, records) == ("feeding",)
    # E and F would each capture both of player 1's seeds: a grand slam, which captures nothing.
    slam = rules.position([0, 0, 0, 0, 3, 2, 20, 1, 1, 0, 0, 0, 0, 21], 0)
    line, records = solution_line(slam, 5, first_legal, turns=1)
    assert line == (("F2",),)
    assert slam.play(5).board == (0, 0, 0, 0, 3, 0, 20, 2, 2, 0, 0, 0, 0, 21)
    assert themes_of(slam, records) == ("grand-slam", "endgame")


def test_themes_of_a_toguz_kumalak_tuzdyk() -> None:
    rules = get_variant("toguz_kumalak")
    state = rules.position([9] * 8 + [2, 7, 2] + [9] * 8 + [7], 0)
    # I's two stones: one back into I, one into a, which makes 3: a's stones and a tuzdyk.
    after = state.play(8)
    assert after.board == (9,) * 8 + (1, 10, 0) + (9,) * 8 + (7,)
    assert after.extra == (10, -1)
    line, records = solution_line(state, 8, first_legal, turns=1)
    assert line == (("I2x3",),)
    assert themes_of(state, records) == ("capture", "tuzdyk")


def test_games_from_a_records_file_are_mined_first(tmp_path: Path) -> None:
    rules = get_variant("kalah")
    game = GameRecord(rules)
    agent = make_agent("minimax", seed=3)
    while not game.state.is_over:
        game.push(agent.choose(game.state, Limit(depth=2)).move)
    other = GameRecord(get_variant("kalah", pits=4), 0, [0, 1])  # another rule set: left out
    path = tmp_path / "games.txt"
    path.write_text(other.to_text() + "\n\n" + game.to_json() + "\n")
    out = tmp_path / "out"
    argv = ["build", "--variant", "kalah", "--count", "2", "--records", str(path)]
    assert puzzles_main([*argv, "--out", str(out)], io.StringIO()) == 0
    puzzles = load_puzzles("kalah", out)
    assert [p.origin.split(" ply ")[0] for p in puzzles] == [f"record {path}:3"] * 2
    for puzzle in puzzles:
        ply = int(puzzle.origin.split(" ply ")[1])
        assert puzzle.board == game.states[ply].board
        assert check_puzzle(puzzle) is None
    path.write_text("kalah first=0: C4+ Z9\n")
    said = io.StringIO()
    assert puzzles_main([*argv, "--out", str(out)], said) == 2
    assert said.getvalue().startswith(f"can't read the records: {path}:1: ")


def test_its_tests_run_on_a_roomy_stack() -> None:
    """Their deep searches run below the roomy frame (tests/roomy_stack.py)."""
    frame = inspect.currentframe()
    names = []
    while frame is not None:
        names.append(frame.f_code.co_name)
        frame = frame.f_back
    assert names[:3] == ["test_its_tests_run_on_a_roomy_stack", "<lambda>", "roomy"]
