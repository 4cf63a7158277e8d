"""The solver and its endgame tables give the exact values that plain exhaustive search gives."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import get_variant
from engine.cli.solve import main as solve_main
from engine.core import Rules, State
from engine.solver import KalahSpec, Solver
from engine.solver import table as tables
from engine.solver.native import solve_core
from engine.solver.rules import view
from engine.solver.search import PySolver

# Both twins where the native core is built; the pure-Python one everywhere.
PURE = [True] + ([False] if solve_core() is not None else [])
NATIVE = solve_core() is not None


def exhaustive(state: State) -> int:
    """The final margin the mover forces, by plain minimax over ``State.play`` (no tables)."""
    assert state.to_move is not None
    return _margin(state.rules, state.board, state.to_move)


@cache
def _margin(rules: Rules, board: tuple[int, ...], player: int) -> int:
    s = rules.position(board, player)
    best = -1000
    for move in s.legal_moves():
        child = s.play(move)
        if child.is_over:
            a, b = child.scores
            v = a - b if player == 0 else b - a
        elif child.to_move == player:
            v = _margin(rules, child.board, player)
        else:
            v = -_margin(rules, child.board, 1 - player)
        best = max(best, v)
    return best


def random_positions(rules: Rules, count: int, seed: int) -> list[State]:
    """Positions from random games (the start included), none of them over."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = rules.initial_state(rng.choice((0, 1)))
        while not state.is_over and len(out) < count:
            out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return out


RULE_SETS = [
    {"pits": 3, "seeds": 2},
    {"pits": 3, "seeds": 3, "empty_capture": True},
    {"pits": 4, "seeds": 1},
    {"pits": 5, "seeds": 1, "empty_capture": True},
    {"pits": 3, "seeds": 3, "capture": False},
]


@pytest.mark.parametrize("options", RULE_SETS, ids=str)
def test_table_values_equal_exhaustive_search(options: dict) -> None:
    rules = get_variant("kalah", **options)
    spec = KalahSpec.of(rules)
    table = tables.Table(spec, 6, tables.build_python(spec, 6))
    checked = 0
    for state in random_positions(rules, 300, seed=5):
        b, lead = view(state)
        if sum(b) <= 6:
            assert lead + table.value(b) == exhaustive(state), state
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("options", RULE_SETS, ids=str)
@pytest.mark.parametrize("pure", PURE)
def test_solver_values_equal_exhaustive_search(options: dict, pure: bool) -> None:
    rules = get_variant("kalah", **options)
    solver = Solver(rules, table_seeds=4, pure=pure)
    for state in random_positions(rules, 12 if pure else 40, seed=11):
        solution = solver.solve(state)
        for move, value in solution.move_values.items():
            child = state.play(move)
            if child.is_over:
                a, b = child.scores
                expected = a - b if state.to_move == 0 else b - a
            elif child.to_move == state.to_move:
                expected = exhaustive(child)
            else:
                expected = -exhaustive(child)
            assert value == expected, (state, move)
        assert solution.value == exhaustive(state)


@pytest.mark.skipif(not NATIVE, reason="compares the native core with the pure-Python twin")
@pytest.mark.parametrize("pits,seeds", [(3, 7), (4, 6), (6, 4)])
def test_native_table_and_rank_equal_the_pure_twin(pits: int, seeds: int) -> None:
    core = solve_core()
    for empty_capture in (False, True):
        spec = KalahSpec(pits, True, empty_capture)
        assert tables.build(spec, seeds) == tables.build_python(spec, seeds)
    rng = random.Random(pits)
    for _ in range(200):
        b = tuple(rng.randrange(4) for _ in range(2 * pits))
        assert core.rank(b) == tables.rank(b)


def test_ranks_enumerate_each_table_in_order() -> None:
    for pits, seeds in ((3, 4), (4, 3)):
        views = [v for s in range(seeds + 1) for v in tables.compositions(s, 2 * pits)]
        assert [tables.rank(v) for v in views] == list(range(tables.count(seeds, pits)))


@pytest.mark.parametrize("pure", PURE)
@pytest.mark.parametrize(
    "pits,seeds,value", [(3, 3, 2), (4, 3, 6), (5, 2, 2), (4, 2, 6), (3, 2, 4)]
)
def test_published_values_of_small_boards(pits: int, seeds: int, value: int, pure: bool) -> None:
    rules = get_variant("kalah", pits=pits, seeds=seeds)
    assert Solver(rules, pure=pure).solve(rules.initial_state()).value == value


@pytest.mark.skipif(not NATIVE, reason="the pure-Python solver takes minutes on these")
@pytest.mark.parametrize("pits,seeds,value", [(4, 4, 2), (5, 3, 6), (6, 2, 6)])
def test_published_values_of_larger_boards(tmp_path, pits: int, seeds: int, value: int) -> None:
    rules = get_variant("kalah", pits=pits, seeds=seeds)
    solution = Solver(rules, tmp_path, table_seeds=10).solve(rules.initial_state())
    assert solution.value == value


def test_twins_search_the_same_values_on_every_window() -> None:
    """Fail-soft values agree wherever they are exact, and bound the same side otherwise."""
    rules = get_variant("kalah", pits=4, seeds=3)
    spec = KalahSpec.of(rules)
    table = tables.Table(spec, 4, tables.build_python(spec, 4))
    cores = [PySolver(spec, table)]
    if NATIVE:
        cores.append(solve_core().Solver(4, True, False, table.values, 4, 12))
    for state in random_positions(rules, 30, seed=2):
        b, _ = view(state)
        exact = Solver(rules, table_seeds=0, pure=True).value(b)
        for alpha, beta in ((-100, 100), (exact - 1, exact), (exact, exact + 1), (-3, 3)):
            for core in cores:
                v = core.search(b, alpha, beta)
                if alpha < v < beta:
                    assert v == exact
                elif v <= alpha:
                    assert exact <= v
                else:
                    assert exact >= v


def test_tables_are_cached_in_the_folder_named(tmp_path) -> None:
    rules = get_variant("kalah", pits=3, seeds=3)
    spec = KalahSpec.of(rules)
    first = tables.load(spec, 18, tmp_path, seeds=5)
    assert (tmp_path / tables.file_name(spec, 5)).stat().st_size == tables.count(5, 3)
    again = tables.load(spec, 18, tmp_path, seeds=5)  # read back, not built again
    assert bytes(again.values) == bytes(first.values) == tables.build_python(spec, 5)
    assert tables.load(spec, 18, tmp_path, seeds=4).values[:] == first.values[: tables.count(4, 3)]
    assert [p.name for p in tmp_path.iterdir()] == [tables.file_name(spec, 5)]  # a prefix of it


def test_unsupported_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="Kalah"):
        Solver(get_variant("oware"))
    with pytest.raises(ValueError, match="either row"):
        Solver(get_variant("kalah", end="mover_cannot_move"))


def test_solve_command_prints_the_value_and_each_move(tmp_path, capsys) -> None:
    code = solve_main(["kalah", "pits=3", "seeds=3", "--cache", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "value +2" in out
    assert "A (pit 0): +2  best" in out and "C (pit 2): -4" in out
    assert "100%" in out and " s" in out


@pytest.mark.parametrize("guess", [-20, 0, 2, 5, 30])
def test_a_guess_changes_the_searches_but_never_the_value(guess: int) -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    solution = Solver(rules, table_seeds=6).solve(rules.initial_state(), guess=guess)
    assert solution.value == 6
    assert max(solution.move_values.values()) == 6


def test_solve_command_can_print_the_value_alone(tmp_path, capsys) -> None:
    argv = ["kalah", "pits=3", "seeds=3", "--cache", str(tmp_path), "--value-only", "--guess", "2"]
    assert solve_main(argv) == 0
    out = capsys.readouterr().out
    assert "value +2" in out
    assert "(pit" not in out and "every move" not in out


def test_a_known_value_skips_finding_it_and_gives_the_same_best_move() -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    state = rules.initial_state().play(1)
    solver = Solver(rules)
    move, value = solver.best(state)
    assert Solver(rules).best(state, known=value) == (move, value)
    with pytest.raises(AssertionError, match="no move keeps"):
        Solver(rules).best(state, known=value + 1)  # a wrong value: no move keeps it
