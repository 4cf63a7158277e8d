"""Perfect keeps a won or drawn Oware ending (issue 37): the table stores the sweep at which each
value was reached, and among the moves keeping the value Perfect plays the one reached first, so
it makes progress and no repetition cuts its line, whatever the opponent does."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents.levels import level_agent
from engine.agents.oware_exact import decide, move_bounds, progress, result
from engine.agents.perfect import PerfectAgent
from engine.core import State
from engine.solver import oware_table as ot
from engine.solver.table import compositions

SEEDS = 7 if ot.oware_core() is not None else 5
"""The table's size here (the pure pass builds a smaller one)."""


@lru_cache(maxsize=3)
def table(flag: int) -> ot.OwareTable:
    return ot.OwareTable(flag, SEEDS, ot.build(flag, SEEDS))


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("tables")
    (folder / ot.file_name(0, SEEDS)).write_bytes(table(0).values)
    return str(folder)


@pytest.mark.parametrize("flag", [0, 1, 2])
def test_a_move_keeping_L_reaches_it_before_the_position(flag: int) -> None:
    """Every position (not already lost by every seed) has a move keeping L that leaves the
    layer or whose child's value was reached before the position's L, by (sweep, rank)."""
    t = table(flag)
    checked = 0
    for n in range(1, SEEDS + 1):
        for view in compositions(n, 12):
            moves = ot.legal(view, flag)
            lo, _ = t.bounds(view)
            if not moves or lo == -n:
                continue
            here = t.order(view, 0)
            found = []
            for i in moves:
                ch = ot.play(view, i, flag)
                if ch.view is None:
                    v, later = ch.gain, (-1, 0)
                elif ch.swap:
                    v = ch.gain - t.bounds(ch.view)[1]
                    later = (-1, 0) if sum(ch.view) < n else t.order(ch.view, 1)
                else:
                    v = ch.gain + t.bounds(ch.view)[0]
                    later = (-1, 0) if sum(ch.view) < n else t.order(ch.view, 0)
                assert v <= lo
                if v == lo:
                    found.append(later)
            assert found and min(found) < here, (view, lo, here, found)
            checked += 1
    assert checked > 1000


def test_the_sweeps_are_stored_and_native_equals_pure() -> None:
    values = table(0).values
    assert len(values) == ot.nbytes(SEEDS) == 4 * ot.count(SEEDS)
    assert max(values[3 :: ot.ENTRY]) > 1  # the sweeps of U
    if ot.oware_core() is not None:  # the native evaluates only positions a child changed
        assert ot.build(1, 5, pure=True) == ot.build(1, 5)
        assert ot.build(0, 5, pure=True) == ot.build(0, 5)


def test_an_old_format_file_is_not_read_and_is_replaced(tmp_path: Path) -> None:
    old = tmp_path / "oware-no_capture-n4.v1.bin"
    old.write_bytes(bytes(2 * ot.count(4)))  # format 1: two bytes a position
    assert ot.largest(0, tmp_path) is None and ot.open_table(0, tmp_path) is None
    ot.build_file(0, 3, tmp_path)
    assert not old.exists()
    assert ot.largest(0, tmp_path) == 3


def test_perfect_plays_table_moves_in_the_app() -> None:
    agent = level_agent("perfect", seed=1)
    assert isinstance(agent, PerfectAgent) and agent.oware_table_moves


def starts(seeds: int, step: int) -> list[State]:
    """Positions of ``seeds`` seeds, even stores, the mover table-won or drawn."""
    rules = get_variant("oware")
    found = []
    for view in compositions(seeds, 12)[::step]:
        store = (48 - seeds) // 2
        board = [*view[:6], store, *view[6:], 48 - seeds - store]
        state = rules.position(board, 0)
        if state.to_move != 0:
            continue
        bounds = move_bounds(state, table(0))
        if bounds and result(max(lo for lo, _ in bounds.values())) >= 0:
            found.append(state)
    return found


def staller(state: State, rng: random.Random) -> int:
    """An opponent hoping to keep the game going: its best table hope (U), never a capture
    when another move hopes as much, then at random."""
    bounds = move_bounds(state, table(0))
    assert bounds is not None
    me = state.to_move
    assert me is not None

    def key(m: int) -> tuple[int, int, float]:
        keeps = state.play(m).board[7 * me + 6] == state.board[7 * me + 6]
        return bounds[m][1], int(keeps), rng.random()

    return max(bounds, key=key)


@pytest.mark.parametrize("opponent", ["staller", "random"])
def test_perfect_never_turns_a_won_or_drawn_ending_worse(tables: str, opponent: str) -> None:
    """From table-won/drawn positions Perfect (the table's moves) ends at least as well as the
    table promised, against an opponent stalling or playing at random (the real rules: the
    history since the last capture ends a game that repeats a position)."""
    rng = random.Random(37)
    games = 0
    for start in starts(SEEDS, 3 if SEEDS == 7 else 1)[:60]:
        state = start
        bounds = move_bounds(state, table(0))
        assert bounds is not None
        promised = result(max(lo for lo, _ in bounds.values()))
        plies = 0
        while state.to_move is not None:
            if state.to_move == 0:
                found = decide(state, tables, rng)
                assert found is not None  # won or drawn: the table decides
                move = found.move
            elif opponent == "staller":
                move = staller(state, rng)
            else:
                move = rng.choice(list(state.legal_moves()))
            state = state.play(move)
            plies += 1
        s = state.scores
        assert result(s[0] - s[1]) >= promised, (promised, s, plies)
        games += 1
    assert games >= 20


def test_a_decision_says_its_progress(tables: str) -> None:
    state = starts(SEEDS, 3 if SEEDS == 7 else 1)[0]
    found = decide(state, tables, random.Random(1))
    assert found is not None
    assert found.extra["progress"] == list(progress(state, found.move, table(0)))
