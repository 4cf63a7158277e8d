"""One alpha-beta step for every search (engine.cutoff): the loop over a node's children keeps
the first best child, raises alpha and cuts; a table entry is stored with its flag and the
table's size limit; and every search of the engine runs this loop."""

from __future__ import annotations

from engine import cutoff
from engine.agents import alphabeta, analysis, kernels
from engine.solver import search as solver_search


def test_the_loop_keeps_the_first_best_child_and_cuts_once_alpha_reaches_beta() -> None:
    children = list(enumerate([3.0, 7.0, 7.0, 9.0]))  # (move, value)
    calls: list[tuple[int, int, int, float, float]] = []  # (move, side, depth, alpha, best)

    def value(
        child: tuple[int, float], side: int, depth: int, alpha: float, beta: float, best: float
    ) -> float:
        calls.append((child[0], side, depth, alpha, best))
        return child[1]

    assert cutoff.best_of(children, value, 1, 4, 0.0, 8.0) == (9.0, 3)  # no cut: 9 >= 8 last
    # Each child saw the window as it stood (alpha raised by 3, then 7) and the best so far.
    assert calls == [(0, 1, 4, 0.0, -cutoff.INF), (1, 1, 4, 3.0, 3.0), (2, 1, 4, 7.0, 7.0),
                     (3, 1, 4, 7.0, 7.0)]  # fmt: skip
    calls.clear()
    assert cutoff.best_of(children, value, -1, 2, 0.0, 7.0) == (7.0, 1)  # 7 reaches beta: cut
    assert [c[0] for c in calls] == [0, 1]
    calls.clear()
    assert cutoff.best_of(children, value, 1, 1, 10.0, 20.0) == (9.0, 3)  # fail-soft: below alpha
    assert cutoff.best_of([], value, 1, 1, 0.0, 1.0) == (-cutoff.INF, -1)


def test_the_minimising_side_is_the_loop_on_negated_values() -> None:
    """min over children in (alpha, beta) == -max over negated children in (-beta, -alpha),
    with the same cut, as the minimax search and the last-ply kernel use it."""
    values = [5.0, 2.0, 4.0, -1.0, 0.0]

    def negated(
        child: tuple[int, float], side: int, depth: int, alpha: float, beta: float, best: float
    ) -> float:
        return side * child[1]

    for alpha, top in [(-9.0, 9.0), (1.0, 3.0), (2.5, 9.0), (-9.0, -2.0)]:
        best, move = cutoff.best_of(list(enumerate(values)), negated, -1, 1, -top, -alpha)
        lowest, at, beta = float("inf"), -1, top
        for pit, v in enumerate(values):
            if v < lowest:
                lowest, at = v, pit
                beta = min(beta, v)
                if alpha >= beta:
                    break
        assert (-best, move) == (lowest, at)


def test_a_table_entry_is_stored_with_its_flag_and_the_tables_limit() -> None:
    table: dict[object, cutoff.Entry] = {}
    cutoff.store(table, 2, "a", 3, 5.0, 5.0, 9.0, 1)  # failed low: at most 5
    cutoff.store(table, 2, "b", 3, 9.0, 5.0, 9.0, 2)  # failed high: at least 9
    assert table == {"a": (3, 5.0, cutoff.UPPER, 1), "b": (3, 9.0, cutoff.LOWER, 2)}
    cutoff.store(table, 2, "c", 3, 6.0, 5.0, 9.0, 0)  # full: no new key
    cutoff.store(table, 2, "a", 4, 6.0, 5.0, 9.0, 0)  # but the keys it has are updated
    assert table == {"a": (4, 6.0, cutoff.EXACT, 0), "b": (3, 9.0, cutoff.LOWER, 2)}


def test_every_search_runs_the_one_loop() -> None:
    """The minimax agent's search, its last-ply kernel, the analysis search and the solver."""
    for module in (alphabeta, kernels, analysis, solver_search):
        assert module.best_of is cutoff.best_of, module.__name__
    for module in (alphabeta, analysis):
        assert module.store is cutoff.store and module.answers is cutoff.answers
