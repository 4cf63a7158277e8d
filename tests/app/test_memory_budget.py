"""One memory budget for the host's searches (issue 32, "Memory under everything at once").

The budget (``AI_MEMORY_MEGABYTES``) is split between the search processes of every server
worker by lane, each share sizing what its process keeps and what one job builds (the minimax
table, natively and in pure Python, the analysis's and the solvers' tables), and a process
holding more than its share after a job is replaced.  The whole server's growth under the
issue's mix is measured by ``python -m tools.computerbench --memory`` (docs/hosting.md).
"""

from __future__ import annotations

import mmap
from pathlib import Path

import pytest

from app.computer import memory, pages
from app.computer.lanes import BACKGROUND, PEOPLE, QUICK, slots
from app.computer.memory import MB, TABLE_RESERVE, MemoryBudget, sizes_for
from app.computer.pool import SearchPool, given_back
from app.computer.queue import FairQueue
from engine import get_variant
from engine.agents import alphabeta
from engine.agents.alphabeta import PySearcher, make_searcher
from engine.agents.heuristics import WIN, make_evaluator
from engine.native import core
from tests.app.hoarding import hoard

DEFAULT_LANES = tuple(slots(1, 1, 2))  # AI_QUICK_WORKERS, AI_WORKERS, AI_BACKGROUND_WORKERS


def test_the_shares_of_every_process_of_the_host_add_up_to_the_budget() -> None:
    budget = MemoryBudget(360 * MB, 2, DEFAULT_LANES)
    host = 2 * sum(budget.share(lane) for lane in DEFAULT_LANES)
    assert host + TABLE_RESERVE <= 360 * MB
    assert host > 0.95 * (360 * MB - TABLE_RESERVE)  # and the budget is used
    quick = budget.share(QUICK)
    assert abs(budget.share(PEOPLE) - 4 * quick) <= 4  # Perfect's solver is kept there
    assert abs(budget.share(BACKGROUND) - 2 * quick) <= 2
    more_workers = MemoryBudget(360 * MB, 4, DEFAULT_LANES)
    assert more_workers.share(PEOPLE) < budget.share(PEOPLE)  # one budget for the host


def test_a_share_sizes_what_is_kept_and_what_one_job_builds() -> None:
    people = sizes_for(MemoryBudget(360 * MB, 2, DEFAULT_LANES).share(PEOPLE))
    assert people.kept + people.search <= people.share
    assert 24 << people.perfect_bits <= people.kept  # Perfect's solver fits what is kept
    assert 24 << people.exact_bits <= people.share // 2
    assert 16 << people.solver_bits <= people.share // 2
    roomy = sizes_for(1 << 30)  # a large budget: the engine's own sizes, no larger
    assert (roomy.perfect_bits, roomy.exact_bits, roomy.solver_bits) == (21, 22, 20)


def remembered_sizes() -> dict[str, object]:
    """What the engine of the process running it is sized to (a job for a search process)."""
    from engine.agents import analysis, perfect
    from engine.solver import cache, exact

    return {
        "alphabeta": alphabeta.TABLE_BYTES,
        "analysis": analysis.TABLE_BYTES,
        "perfect_bits": perfect.TT_BITS,
        "exact_bits": exact.TT_BITS,
        "kept": cache.budget(),
    }


def test_a_search_process_is_sized_from_its_lanes_share() -> None:
    pool = SearchPool("process", 1, quick=0, background=1, memory_megabytes=300, servers=2)
    thinker = FairQueue(pool)
    try:
        assert pool.budget is not None
        job = thinker.submit("a", (), task=remembered_sizes, seconds=1.0, interactive=False)
        found = job.result(timeout=120)
        sizes = pool.budget.sizes(BACKGROUND)
        assert found == {
            "alphabeta": sizes.search,
            "analysis": sizes.search,
            "perfect_bits": sizes.perfect_bits,
            "exact_bits": sizes.exact_bits,
            "kept": sizes.kept,
        }
    finally:
        thinker.shutdown()


def test_a_process_over_its_share_after_a_job_is_replaced() -> None:
    # 110 MB for the host: 10 MB for the searches, each process its least share (8 MB).
    pool = SearchPool("process", 1, quick=0, background=0, memory_megabytes=110)
    thinker = FairQueue(pool)
    try:
        thinker.warm_up()
        [(_, first)] = thinker.pids()
        assert thinker.submit("a", (2,), task=hoard, seconds=1.0).result(timeout=120)
        [(_, still)] = thinker.pids()
        assert still == first  # within its share: kept
        assert thinker.submit("a", (40,), task=hoard, seconds=1.0).result(timeout=120)
        thinker.submit("a", (1,), task=hoard, seconds=1.0).result(timeout=120)
        [(_, second)] = thinker.pids()
        assert second != first and thinker.status()["replaced_for_memory"] == 1
        assert thinker.status()["memory_budget"]["megabytes"] == 110
    finally:
        thinker.shutdown()


def peak_of_a_perfect_move() -> dict[str, int]:
    """A search process's job: its resident memory before a Perfect move on Kalah 6x4 off
    the book and at its peak (VmHWM), in bytes."""
    from app.computer import job

    def status(field: str) -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) * 1024
        return 0

    state, moves = get_variant("kalah").initial_state(), []
    for _ in range(6):  # past the opening book: each mover's first pit
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    before = status("VmRSS:")
    job.think("kalah", {}, 0, moves, "perfect", "minimax", 1)
    return {"before": before, "peak": status("VmHWM:")}


def test_a_perfect_move_stays_within_its_processs_share() -> None:
    """Perfect's search on 6x4 (its solver, then the Master search's table) filled a 3M-entry
    table: 289 MB at its peak in one process (measured), two such processes on a host.  Within
    its share of the default budget now (49 MB; 55 MB measured, with the interpreter's own
    growth: the slack)."""
    pool = SearchPool("process", 1, quick=1, background=2, memory_megabytes=360, servers=2)
    thinker = FairQueue(pool)
    try:
        assert pool.budget is not None
        found = thinker.submit("a", (), task=peak_of_a_perfect_move, seconds=10.0)  # people
        peak = found.result(timeout=300)
        assert peak["peak"] - peak["before"] <= pool.budget.share(PEOPLE) + 16 * MB, peak
    finally:
        thinker.shutdown()


@pytest.mark.skipif(core is None, reason="the native core is not built")
def test_native_and_pure_searchers_with_a_small_table_stay_twins() -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    board = list(rules.initial_state().board)
    evaluate = make_evaluator(rules, 0, "diff")
    for limit in (50, 1000):
        native = make_searcher(rules, 0, evaluate, WIN, True, True, table_limit=limit)
        assert not isinstance(native, PySearcher)
        pure = PySearcher(rules, 0, evaluate, WIN, True, True, table_limit=limit)
        for depth in (4, 8):
            inf = float("inf")
            assert native.alphabeta(board, 0, depth, -inf, inf, None) == pure.alphabeta(
                board, 0, depth, -inf, inf, None
            )
            assert native.nodes == pure.nodes
            assert native.table_size() == pure.table_size() <= limit
        if limit == 50:
            assert native.table_size() == limit  # full: it took no key past its limit


def test_a_table_budget_in_bytes_bounds_each_twins_entries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rules = get_variant("kalah")
    evaluate = make_evaluator(rules, 0, "diff")
    monkeypatch.setattr(alphabeta, "TABLE_BYTES", 800_000)
    searcher = make_searcher(rules, 0, evaluate, WIN, True, True)
    searcher.alphabeta(list(rules.initial_state().board), 0, 9, -WIN * 2, WIN * 2, None)
    each = (
        alphabeta.PY_BOARD_ENTRY_BYTES
        if isinstance(searcher, PySearcher)
        else alphabeta.NATIVE_ENTRY_BYTES
    )
    assert searcher.table_size() <= 800_000 // each


def test_a_job_gives_back_what_it_freed() -> None:
    before = given_back()
    block = bytearray(64 * MB)
    block[::4096] = b"x" * len(block[::4096])  # resident
    held = given_back()
    del block
    after = given_back()
    assert held - before >= 48 * MB and after - before < 16 * MB
    assert memory.server_workers() >= 1


def test_a_mapped_tables_pages_are_dropped_past_a_limit_and_keep_what_was_written(
    tmp_path: Path,
) -> None:
    """A table file mapped into a process (a search reading it, the large table's build
    writing it) counts in its memory while its pages stay mapped: dropped, they stay in the
    page cache, written values included."""
    path = tmp_path / "kalah-6-table.bin"
    path.write_bytes(bytes(16 * MB))
    with path.open("r+b") as f, mmap.mmap(f.fileno(), 16 * MB) as mapped:
        mapped[::4096] = b"\x07" * len(mapped[::4096])  # every page touched and written
        assert sum(rss for *_, rss in pages.mappings(str(tmp_path))) >= 15 * MB
        assert pages.drop(str(tmp_path), above=32 * MB) == 0  # under the limit: kept
        assert pages.drop(str(tmp_path)) >= 15 * MB
        assert sum(rss for *_, rss in pages.mappings(str(tmp_path))) < MB
        assert mapped[4096 * 100] == 7 and mapped[4096 * 100 + 1] == 0
    assert path.read_bytes()[::4096] == b"\x07" * 4096
