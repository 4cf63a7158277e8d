"""Perfect in Oware searches over the Oware table's leaves (issue 37 item 2): the search (native,
and its pure twin) values a position within the table whose bounds decide the result by the
margin the searching player forces there, and a depth-limited one whose bounds don't by the
heuristic held within them (engine.agents.alphabeta); without a table, or from a root within
it, the search is today's."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from engine import get_variant, native
from engine.agents import Limit
from engine.agents.alphabeta import PySearcher, make_searcher
from engine.agents.heuristics import final_value, make_evaluator, margin_value
from engine.agents.kernels import kernel_spec
from engine.agents.levels import level_agent
from engine.agents.minimax import MinimaxAgent
from engine.agents.perfect import PerfectAgent
from engine.core import Rules, State
from engine.solver import oware_table as ot
from engine.solver.table import compositions

WIN = 1000.0
INF = float("inf")
SMALL = 10
"""The table the native and pure searches cross into (10 seeds: 1.8 MB, a second natively)."""
TINY = 4
"""The table of the plain-search comparison (built in a moment, native or pure)."""

native_only = pytest.mark.skipif(
    native.core is None or ot.oware_core() is None, reason="native core not built"
)


@pytest.fixture(scope="module")
def small() -> ot.OwareTable:
    return ot.OwareTable(0, SMALL, ot.build(0, SMALL))


@pytest.fixture(scope="module")
def tiny_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("oware-leaves")
    ot.build_file(0, TINY, folder)
    return str(folder)


def oware() -> Rules:
    return get_variant("oware")


def positions_above(seeds: int, count: int, seed: int) -> list[State]:
    """Positions of random games with a few seeds more than ``seeds`` on the board."""
    rules, rng = oware(), random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = rules.initial_state()
        goal = seeds + 1 + rng.randrange(4)
        while state.to_move is not None and state.on_rows > goal:
            state = state.play(rng.choice(state.legal_moves()))
        if state.to_move is not None and state.on_rows > seeds:
            found.append(state)
    return found


def plain_value(
    rules: Rules,
    table: ot.OwareTable,
    me: int,
    board: list[int],
    player: int,
    depth: int,
    evaluate: object,
) -> float:
    """Full-width minimax through the rules' own ``moves`` and ``apply`` (no pruning, no
    transposition table, no ordering): a board within ``table`` whose bounds for ``me`` (the
    stores plus the mover's [L, U], turned round where the opponent moves) agree on the result
    is worth the lower one, a depth-limited one the heuristic's value (held within its bounds
    where it has some)."""
    assert callable(evaluate)
    got = table.final_bounds(board, player)
    bounds = None if got is None else got if player == me else (-got[1], -got[0])
    if bounds is not None:
        lo, hi = bounds
        if (lo > 0) - (lo < 0) == (hi > 0) - (hi < 0):
            return margin_value(lo, WIN)
    if depth == 0:
        value: float = evaluate(board)
        return value if bounds is None else min(max(value, bounds[0]), bounds[1])
    values = []
    for move in rules.moves(board, player):
        child = list(board)
        nxt = rules.apply(child, player, move)
        if nxt is None:
            values.append(final_value(child, rules, me, WIN))
        else:
            values.append(plain_value(rules, table, me, child, nxt, depth - 1, evaluate))
    return max(values) if player == me else min(values)


@native_only
@pytest.mark.parametrize("depth", [2, 3, 5, 6])
def test_native_equals_pure_crossing_into_the_table(small: ot.OwareTable, depth: int) -> None:
    """Same value, node count and heuristic leaves, from either side, with and without the
    transposition table and ordering; and the table is read (fewer heuristic leaves)."""
    rules, read = oware(), 0
    for state in positions_above(SMALL, 8, seed=depth):
        board, player = list(state.board), state.to_move
        assert player is not None
        for me in (0, 1):
            evaluate = make_evaluator(rules, me, "tuned")
            for ordering, table in ((True, True), (False, False)):
                fast = make_searcher(
                    rules, me, evaluate, WIN, ordering, table, True, None, oware=small
                )
                assert type(fast).__name__ == "Searcher"
                slow = PySearcher(
                    rules, me, evaluate, WIN, ordering, table, True, None, None, small
                )
                a = fast.alphabeta(board, player, depth, -INF, INF, None)
                b = slow.alphabeta(board, player, depth, -INF, INF, None)
                assert (a, fast.nodes, fast.horizon) == (b, slow.nodes, slow.horizon)
                plain = make_searcher(rules, me, evaluate, WIN, ordering, table, True, None)
                plain.alphabeta(board, player, depth, -INF, INF, None)
                read += fast.horizon < plain.horizon
    assert read > 0


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_a_position_just_above_the_table_is_valued_as_a_plain_search(
    tiny_folder: str, depth: int
) -> None:
    """Every position of TINY + 1 seeds (stores 21 and 22, each side to move): the search's
    value equals a full-width minimax through the rules with the same leaf values."""
    rules = oware()
    table = ot.open_table(0, tiny_folder)
    assert table is not None
    checked = 0
    for view in compositions(TINY + 1, 12)[:: 9 if depth == 4 else 3]:
        for player in (0, 1):
            board = [*view[:6], 21, *view[6:], 22]
            if not rules.moves(board, player):
                continue
            me = checked % 2
            evaluate = make_evaluator(rules, me, "tuned")
            core = make_searcher(rules, me, evaluate, WIN, True, True, True, None, oware=table)
            found = core.alphabeta(board, player, depth, -INF, INF, None)
            assert found == plain_value(rules, table, me, board, player, depth, evaluate)
            checked += 1
    assert checked > 50


def test_a_proven_value_above_the_table_is_what_the_larger_table_forces(
    tiny_folder: str,
) -> None:
    """Where the search proves its value (no heuristic leaf: every line reaches a result the
    table decides, or the end, within the depth), the result is the one the TINY + 1 table
    gives (both bounds; the result only: the search stops at the majority end, the table plays
    on)."""
    rules = oware()
    table = ot.open_table(0, tiny_folder)
    larger = ot.OwareTable(0, TINY + 1, ot.build(0, TINY + 1))
    assert table is not None
    proven = 0
    for view in compositions(TINY + 1, 12)[::5]:
        board = [*view[:6], 21, *view[6:], 22]
        if not rules.moves(board, 0):
            continue
        evaluate = make_evaluator(rules, 0, "tuned")
        core = make_searcher(rules, 0, evaluate, WIN, True, True, True, None, oware=table)
        found = core.alphabeta(board, 0, 6, -INF, INF, None)
        assert found is not None
        if core.horizon:
            continue
        lo, hi = larger.final_bounds(board, 0)  # type: ignore[misc]
        result = (found > 0) - (found < 0)
        assert result == (lo > 0) - (lo < 0) == (hi > 0) - (hi < 0)
        proven += 1
    assert proven > 20


def decision_facts(agent: MinimaxAgent, state: State, depth: int) -> tuple[object, ...]:
    d = agent.choose(state, Limit(depth=depth))
    return d.move, d.value, d.nodes, d.depth, d.move_values


def test_without_a_table_the_search_is_todays(tmp_path: Path, tiny_folder: str) -> None:
    """No table in the folder, no folder, Kalah, or a root within the table: the same moves,
    values and node counts as the search that never reads an Oware table."""
    today = MinimaxAgent(seed=3, heuristic="tuned")
    cases: list[tuple[State, str | None]] = [
        (s, None) for s in positions_above(SMALL, 3, seed=11)
    ] + [(s, str(tmp_path)) for s in positions_above(SMALL, 3, seed=12)]
    cases.append((get_variant("kalah").initial_state(), tiny_folder))
    within = get_variant("oware").position([1, 0, 0, 0, 1, 0, 21, 0, 1, 0, 0, 1, 0, 23], 0)
    cases.append((within, tiny_folder))
    for state, folder in cases:
        leaves = MinimaxAgent(seed=3, heuristic="tuned", oware_leaves=True, tables=folder)
        assert decision_facts(leaves, state, 5) == decision_facts(today, state, 5)


def test_perfect_reads_the_hosts_table_at_its_search_leaves(tiny_folder: str) -> None:
    """The Perfect level's search gets the host's table: from a position above it, its value
    is the plain search's over the table's leaves, not today's (which never reads it)."""
    rules = oware()
    agent = level_agent("perfect", seed=1, tables=tiny_folder)
    assert isinstance(agent, PerfectAgent) and isinstance(agent.fallback, MinimaxAgent)
    assert agent.fallback.oware_leaves
    table = ot.open_table(0, tiny_folder)
    assert table is not None
    differs = 0
    for view in compositions(TINY + 2, 12)[::40]:
        board = [*view[:6], 20, *view[6:], 22]
        state = rules.position(board, 0)
        if len(state.legal_moves()) < 2:
            continue  # one move: played without a search
        got = agent.fallback.choose(state, Limit(depth=3))
        evaluate = make_evaluator(rules, 0, "tuned")
        assert got.value == plain_value(rules, table, 0, board, 0, 3, evaluate)
        before = MinimaxAgent(seed=1, heuristic="tuned").choose(state, Limit(depth=3))
        differs += before.value != got.value
    assert differs > 0


@native_only
def test_the_native_search_refuses_a_table_that_does_not_fit(small: ot.OwareTable) -> None:
    assert native.core is not None
    kalah, rules = get_variant("kalah"), oware()
    evaluate = make_evaluator(rules, 0, "tuned")
    weights: Sequence[float] = evaluate.feature_weights  # type: ignore[attr-defined]
    spec = kernel_spec(rules)
    assert spec is not None
    args = (0, WIN, 1, tuple(weights), False, True, True)
    with pytest.raises(ValueError, match="oware_seeds"):
        native.core.Searcher(spec, *args, None, -1, 0, small.values, SMALL - 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Oware"):
        make_searcher(
            kalah, 0, make_evaluator(kalah, 0, "diff"), WIN, True, True, True, None, oware=small
        )
