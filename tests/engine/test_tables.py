"""Endgame tables: their size is fixed by the rule set and the machine, they are built only by
the explicit prepare step (atomically), searches only read them, and what a process keeps of
solvers and tables stays within its byte budget."""

from __future__ import annotations

import mmap
import multiprocessing
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents import Limit, make_agent
from engine.agents.levels import level_agent
from engine.agents.perfect import solver_for
from engine.solver import KalahSpec, cache, prepare_tables, table_seeds
from engine.solver import table as tables
from engine.solver.native import solve_core

NATIVE = solve_core() is not None


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    """Each test starts with nothing kept and the default budget, and leaves it so."""
    cache.clear()
    yield
    cache.clear()
    cache.set_budget(cache.DEFAULT_BUDGET)


@pytest.fixture
def small_tables(monkeypatch: pytest.MonkeyPatch) -> int:
    """A table budget small enough for tests (the rule is the same at any budget)."""
    budget = tables.count(12, 3)
    monkeypatch.setattr(tables, "TABLE_BYTES", budget)
    monkeypatch.setattr(tables, "PY_TABLE_BYTES", budget)
    return budget


def test_a_rule_sets_table_size_is_the_largest_that_fits_the_budget() -> None:
    """6x4 natively: the 18-seed table (86 MB), since 19 seeds would take 141 MB."""
    rules = get_variant("kalah")
    if NATIVE:
        assert table_seeds(rules) == 18
        assert tables.count(18, 6) <= tables.TABLE_BYTES < tables.count(19, 6)
    assert tables.count(table_seeds(rules, pure=True), 6) <= tables.PY_TABLE_BYTES
    assert table_seeds(get_variant("kalah", pits=3, seeds=1)) == 6  # the whole game
    assert table_seeds(get_variant("oware")) is None


@pytest.mark.parametrize("first", ["small game first", "big game first"])
def test_the_order_of_games_does_not_change_the_tables(
    first: str, tmp_path: Path, small_tables: int
) -> None:
    """A seeds=1 game on 3 pits, then an 8-seed game (or the other way round): each rule set
    reads a table of its own size, the same bytes whichever came first."""
    tiny, big = get_variant("kalah", pits=3, seeds=1), get_variant("kalah", pits=3, seeds=8)
    order = [tiny, big] if first == "small game first" else [big, tiny]
    for rules in order:
        assert prepare_tables(rules, tmp_path) is not None
        level_agent("expert", tables=str(tmp_path)).choose(rules.initial_state(), Limit(depth=2))
    read = {rules: tables.ready(rules, tmp_path) for rules in (tiny, big)}
    assert read[tiny] is not None and read[big] is not None
    assert read[tiny].seeds == 6 and read[big].seeds == 12 == table_seeds(big)
    spec = KalahSpec.of(big)
    assert bytes(read[big].values) == tables.build_python(spec, 12)
    assert bytes(read[tiny].values) == tables.build_python(spec, 6)
    perfect = solver_for(big, str(tmp_path))
    assert perfect is not None and perfect.table is not None and perfect.table.seeds == 12


def test_searches_never_build_a_table_they_read_it_once_prepared(
    tmp_path: Path, small_tables: int
) -> None:
    rules = get_variant("kalah", pits=3, seeds=2)
    state = rules.position([0, 1, 2, 3, 1, 0, 1, 4], 0)  # 5 seeds on the board
    agent = make_agent("minimax", seed=1, heuristic="tuned", endgame=True, tables=str(tmp_path))
    before = agent.choose(state, Limit(depth=1))
    assert not before.exact  # no table: a 1-ply guess
    assert list(tmp_path.iterdir()) == []  # nothing was built or written
    assert solver_for(rules, str(tmp_path)).table is None  # type: ignore[union-attr]
    path = prepare_tables(rules, tmp_path)
    assert path is not None and path.stat().st_size == tables.count(table_seeds(rules), 3)
    after = agent.choose(state, Limit(depth=1))
    assert after.exact  # the table is read at the leaves now
    assert solver_for(rules, str(tmp_path)).table is not None  # type: ignore[union-attr]
    assert prepare_tables(rules, tmp_path) == path  # there already: nothing to do
    assert prepare_tables(get_variant("oware"), tmp_path) is None


def test_without_a_folder_searches_read_a_small_table_kept_in_memory() -> None:
    rules = get_variant("kalah")
    table = tables.ready(rules, None)
    assert table is not None and table.nbytes <= tables.MEMORY_POSITIONS
    assert tables.ready(rules, None, pure=True).values == table.values  # type: ignore[union-attr]


def _prepare(folder: str) -> str:
    path = prepare_tables(get_variant("kalah", pits=3, seeds=3), folder)
    return str(path)


def test_processes_racing_to_prepare_one_table_both_end_with_it(tmp_path: Path) -> None:
    """Written to a temporary file and renamed: both racers see one complete table, and no
    temporary file is left behind."""
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        paths = pool.map(_prepare, [str(tmp_path)] * 4)
    rules = get_variant("kalah", pits=3, seeds=3)
    seeds = table_seeds(rules)
    assert seeds is not None
    assert len(set(paths)) == 1
    assert [p.name for p in tmp_path.iterdir()] == [Path(paths[0]).name]
    assert Path(paths[0]).stat().st_size == tables.count(seeds, 3)
    assert bytes(tables.ready(rules, tmp_path).values) == tables.build(KalahSpec.of(rules), seeds)  # type: ignore[union-attr]


def test_tables_are_mapped_read_only_from_their_files(tmp_path: Path, small_tables: int) -> None:
    """Every process of a host maps the same file: one copy in memory, which no search can
    write to."""
    rules = get_variant("kalah", pits=3, seeds=2)
    prepare_tables(rules, tmp_path)
    table = tables.ready(rules, tmp_path)
    assert table is not None and isinstance(table.values, mmap.mmap)
    with pytest.raises(TypeError):
        table.values[0] = 1
    assert tables.ready(rules, tmp_path) is table  # kept: mapped once per process


def test_the_cache_drops_the_least_recently_used_to_fit_its_budget() -> None:
    cache.set_budget(100)
    a, b, c = object(), object(), object()
    cache.keep("a", lambda: a, lambda x: [(x, 40)])
    cache.keep("b", lambda: b, lambda x: [(x, 40)])
    assert cache.held_bytes() == 80
    assert cache.kept("a") is a  # now the most recently used
    cache.keep("c", lambda: c, lambda x: [(x, 40)])
    assert cache.kept("b") is None and cache.kept("a") is a and cache.kept("c") is c
    assert cache.held_bytes() == 80
    huge = object()
    assert cache.keep("huge", lambda: huge, lambda x: [(x, 500)]) is huge  # handed out...
    assert cache.kept("huge") is None and cache.held_bytes() == 80  # ...not kept
    shared = object()
    cache.keep("d", lambda: object(), lambda x: [(x, 10), (shared, 30)])
    cache.keep("e", lambda: object(), lambda x: [(x, 10), (shared, 30)])
    assert cache.held_bytes() <= 100  # the shared part counted once
    cache.set_budget(0)
    assert cache.held_bytes() == 0


ALL_KALAH = [
    {"pits": p, "seeds": s, **capture}
    for p in range(3, 9)
    for s in range(1, 9)
    for capture in ({}, {"empty_capture": True}, {"capture": False})
]


def test_flooding_every_kalah_rule_set_keeps_the_held_bytes_under_the_budget(
    tmp_path: Path, small_tables: int
) -> None:
    """Every Kalah option set the menu offers, each read by the Perfect level's solver and the
    Expert level's table, in one process: the bytes held never pass the budget."""
    budget = 120 * 2**20  # two 48 MB solvers and their tables, not three
    cache.set_budget(budget)
    most = 0
    for i, options in enumerate(ALL_KALAH):
        rules = get_variant("kalah", **options)
        folder = str(tmp_path) if i % 2 else None  # half from a folder, half in memory
        if folder is not None:
            prepare_tables(rules, folder)
        solver = solver_for(rules, folder)
        assert solver is not None
        assert tables.ready(rules, folder) is not None
        most = max(most, cache.held_bytes())
        assert cache.held_bytes() <= budget
    assert most > budget // 2  # the cache was used, not bypassed
