"""The Oware leaves' tools (issue 37 item 2): the match's ``perfect-root`` opponent is Perfect
with the table at its root only; the bench searches with and without the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import native
from engine.agents.minimax import MinimaxAgent
from engine.agents.perfect import PerfectAgent
from engine.solver import oware_table as ot
from tools import oware_leaves_bench, oware_table_match


def test_the_root_only_opponent_reads_the_table_at_its_root_only(tmp_path: Path) -> None:
    for against, leaves in (("perfect-root", False), ("perfect", True)):
        agent = oware_table_match.opponent(against, 1, str(tmp_path))
        assert isinstance(agent, PerfectAgent) and isinstance(agent.fallback, MinimaxAgent)
        assert agent.fallback.oware_leaves is leaves
        assert agent.tables == (str(tmp_path) if leaves is False else None)


@pytest.mark.skipif(native.core is None, reason="native core not built")
def test_the_bench_reads_fewer_heuristic_leaves_with_the_table() -> None:
    table = ot.OwareTable(0, 6, ot.build(0, 6))
    states = oware_leaves_bench.positions(3, 7, 9, 6, seed=1)
    assert all(s.on_rows > 6 for s in states)
    with_table = oware_leaves_bench.run(states, 6, table)
    without = oware_leaves_bench.run(states, 6, None)
    assert with_table[1] < without[1]
