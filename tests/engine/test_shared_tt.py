"""One transposition table shared by the solvers of several processes
(``engine.solver.exact_shared``): every position keeps its own exact values, a line sharing a
table another line filled does less work, and a torn or foreign entry reads as absent."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

from engine.core import State
from engine.solver.build import build_file
from engine.solver.exact import TT_BITS, Line, exact_values
from engine.solver.exact_shared import ENTRY_BYTES, SharedTable, attach
from engine.solver.native import solve_core
from engine.solver.rules import KalahSpec
from tests.engine.test_solver_line import game, no_books  # noqa: F401 (no_books: autouse)

pytestmark = pytest.mark.skipif(solve_core() is None, reason="a native solver shares a table")


@pytest.fixture
def tables(tmp_path: Path) -> str:
    folder = tmp_path / "tables"
    build_file(KalahSpec(5), 14, folder)
    return str(folder)


def alone(states: list[State], tables: str) -> list[dict[int, int]]:
    found = [exact_values(s, tables, 10**9) for s in states]
    assert all(f is not None for f in found)
    return [f.values for f in found if f is not None]


def line_values(states: list[State], tables: str, name: str | None) -> list[dict[int, int]]:
    line = Line(tables, name)
    found = [line.values(s, 10**9) for s in states]
    assert all(f is not None for f in found)
    return [f.values for f in found if f is not None]


def line_nodes(states: list[State], tables: str, name: str | None) -> int:
    line = Line(tables, name)
    return sum(f.nodes for f in (line.values(s, 10**9) for s in states) if f is not None)


def test_a_solver_refuses_a_shared_buffer_of_another_size_or_read_only() -> None:
    core = solve_core()
    assert core is not None
    with pytest.raises(ValueError):
        core.Solver(5, True, False, None, -1, 10, bytearray(ENTRY_BYTES << 9))
    with pytest.raises(ValueError):
        core.Solver(5, True, False, None, -1, 10, bytes(ENTRY_BYTES << 10))
    core.Solver(5, True, False, None, -1, 10, bytearray(ENTRY_BYTES << 10))


def test_lines_on_one_shared_table_keep_each_positions_values_with_less_work(
    tables: str,
) -> None:
    states = game(3, 16)
    expected = alone(states, tables)
    with SharedTable(TT_BITS) as shared:
        # a second line through the same positions finds the first one's work in the table
        assert line_values(states, tables, shared.name) == expected
        again = line_nodes(states, tables, shared.name)
    assert again < line_nodes(states, tables, None)


def test_foreign_or_torn_entries_in_a_shared_table_read_as_absent(tables: str) -> None:
    states = game(5, 14)
    expected = alone(states, tables)
    with SharedTable(TT_BITS) as shared:
        buffer = attach(shared.name)
        noise = random.Random(34).randbytes(len(buffer))
        buffer[:] = noise  # every slot a torn entry: its key words don't match its data
        assert line_values(states, tables, shared.name) == expected


def test_entries_torn_between_two_writers_read_as_absent(tables: str) -> None:
    states = game(9, 14)
    expected = alone(states, tables)
    with SharedTable(TT_BITS) as shared:
        assert line_values(states, tables, shared.name) == expected
        words = attach(shared.name).cast("Q")  # each entry: two key words, one data word
        data = [words[i] for i in range(2, len(words), 3)]
        held = [k for k, d in enumerate(data) if d]
        assert len(held) > 100
        for k, other in zip(held, held[1:] + held[:1], strict=True):
            words[3 * k + 2] = data[other]  # each entry's keys with another entry's bounds
        assert line_values(states, tables, shared.name) == expected


def solve_in_a_process(tables: str, name: str, seed: int) -> list[dict[int, int]]:
    """A line through a game's positions on the shared table ``name`` (in a worker)."""
    return line_values(game(seed, 16), tables, name)


def test_two_processes_solving_at_once_on_one_table_give_exact_values(tables: str) -> None:
    seeds = [3, 7, 3, 7]
    with (
        SharedTable(TT_BITS) as shared,
        ProcessPoolExecutor(2, mp_context=get_context("spawn")) as pool,
    ):
        answers = list(pool.map(solve_in_a_process, [tables] * 4, [shared.name] * 4, seeds))
    for seed, found in zip(seeds, answers, strict=True):
        assert found == alone(game(seed, 16), tables)
