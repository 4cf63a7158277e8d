"""Oware endgame tables (engine.solver.oware_table): checked against plain searches through the
engine's own rules, under each grand-slam option, and native against pure."""

from __future__ import annotations

import sys
from functools import lru_cache
from itertools import product

import pytest

from engine import get_variant
from engine.core import Ending, Player, State
from engine.solver import oware_table as ot
from engine.solver.table import compositions
from engine.solver.table import rank as table_rank
from engine.variants.oware import Oware

native_only = pytest.mark.skipif(ot.oware_core() is None, reason="native core not built")


class NoMajority(Oware):
    """Oware without the majority end (the table's game: it never changes who wins)."""

    def game_over(self, board: list[int], next_player: Player) -> Ending | None:
        return None


def engine_board(view: tuple[int, ...], player: int) -> list[int]:
    """An engine board with ``view`` seen by ``player`` (stores: the rest of the 48 seeds)."""
    board = [0] * 14
    own, other = 7 * player, 7 * (1 - player)
    board[own : own + 6] = view[:6]
    board[other : other + 6] = view[6:]
    board[own + 6] = 48 - sum(view)
    return board


def plain_bounds(flag: int, seeds: int) -> dict[tuple[tuple[int, ...], int], tuple[int, int]]:
    """(L, U) of every (board, player) of up to ``seeds`` seeds, by iterating the horizon game
    (a game not over after k moves counts -n / +n for the player to move at the root) through
    the engine's own ``moves`` and ``apply`` until it stops changing: a plain search, with the
    engine's rules, each player's side kept (no view turned round)."""
    rules = NoMajority(grand_slam=ot.FLAGS[flag])
    edges: dict[tuple[tuple[int, ...], int], list[tuple[int, tuple[int, ...] | None, bool]]] = {}
    start: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
    for n in range(seeds + 1):
        for view in compositions(n, 12):
            for player in (0, 1):
                board = engine_board(view, player)
                key = (tuple(board[:6] + board[7:13]), player)
                out = []
                for pit in rules.moves(board, player):
                    after = list(board)
                    nxt = rules.apply(after, player, pit)
                    gain = (after[7 * player + 6] - board[7 * player + 6]) - (
                        after[7 - 7 * player + 6] - board[7 - 7 * player + 6]
                    )
                    rows = tuple(after[:6] + after[7:13])
                    out.append((gain, None if nxt is None else rows, nxt == player))
                edges[key] = out
                own = sum(view[:6]) - sum(view[6:])
                start[key] = (own, own) if not out else (-n, n)
    values = dict(start)
    while True:
        new = {}
        for (rows, player), out in edges.items():
            if not out:
                new[(rows, player)] = values[(rows, player)]
                continue
            lo = hi = -1000
            for gain, child, same in out:
                if child is None:
                    a = b = gain
                elif same:
                    cl, cu = values[(child, player)]
                    a, b = gain + cl, gain + cu
                else:
                    cl, cu = values[(child, 1 - player)]
                    a, b = gain - cu, gain - cl
                lo, hi = max(lo, a), max(hi, b)
            new[(rows, player)] = (lo, hi)
        if new == values:
            return values
        values = new


def view_of(rows: tuple[int, ...], player: int) -> tuple[int, ...]:
    return rows if player == 0 else (*rows[6:], *rows[:6])


@pytest.mark.parametrize(("flag", "seeds"), [(0, 6), (1, 5), (2, 5)])
def test_table_equals_a_plain_search_through_the_engines_rules(flag: int, seeds: int) -> None:
    table = ot.OwareTable(flag, seeds, ot.build(flag, seeds))
    plain = plain_bounds(flag, seeds)
    wrong = [(k, v) for k, v in plain.items() if table.bounds(view_of(*k)) != v]
    assert not wrong[:5]
    assert len(plain) == 2 * ot.count(seeds)


@pytest.mark.parametrize("flag", [0, 1, 2])
def test_native_equals_pure(flag: int) -> None:
    if ot.oware_core() is None:
        pytest.skip("native core not built")
    assert ot.build(flag, 4, pure=True) == ot.build(flag, 4)


def true_value(rules: Oware, state: State, memo: dict[State, int]) -> int:
    """The final margin for the player to move with the real repetition rule (the history is
    part of the state): a plain exhaustive search, no table."""
    if state.to_move is None:
        raise ValueError("over")
    found = memo.get(state)
    if found is not None:
        return found
    me = state.to_move
    best = -1000
    for pit in state.legal_moves():
        child = state.play(pit)
        if child.to_move is None:
            b = child.board
            v = (b[7 * me + 6] - state.board[7 * me + 6]) - (
                b[13 - 7 * me] - state.board[13 - 7 * me]
            )
        else:
            gain = (child.board[7 * me + 6] - state.board[7 * me + 6]) - (
                child.board[13 - 7 * me] - state.board[13 - 7 * me]
            )
            sub = true_value(rules, child, memo)
            v = gain + sub if child.to_move == me else gain - sub
        best = max(best, v)
    memo[state] = best
    return best


@pytest.mark.parametrize("flag", [0, 2])
def test_the_real_repetition_rule_stays_within_the_bounds(flag: int) -> None:
    """From a fresh history, the value under the engine's repetition rule (history kept in the
    state) is within [L, U], and equal where L == U: every position of up to 2 seeds."""
    sys.setrecursionlimit(20000)
    rules = NoMajority(grand_slam=ot.FLAGS[flag])
    table = ot.OwareTable(flag, 2, ot.build(flag, 2))
    memo: dict[State, int] = {}
    exact = 0
    for n in range(1, 3):
        for view in compositions(n, 12):
            state = rules.position(engine_board(view, 0), 0)
            if state.to_move != 0 or not state.legal_moves():
                continue
            lo, hi = table.bounds(view)
            v = true_value(rules, state, memo)
            assert lo <= v <= hi, (view, lo, v, hi)
            exact += lo == hi
    assert exact > 0


def test_rank_and_layout() -> None:
    assert ot.count(24) == 1_251_677_700
    assert ot.nbytes(2) == ot.ENTRY * 91 == 4 * 91  # L, U and their sweeps (format 2)
    if ot.oware_core() is not None:
        for view in product(range(3), repeat=4):
            full = (*view, 0, 1, 2, 0, 0, 0, 0, 1)
            assert ot.oware_core().rank(full) == table_rank(full)  # type: ignore[union-attr]


@lru_cache(maxsize=1)
def small_table() -> ot.OwareTable:
    return ot.OwareTable(0, 6, ot.build(0, 6))


def test_final_bounds_add_the_stores() -> None:
    table = small_table()
    rules = get_variant("oware")
    board = [0, 0, 0, 0, 0, 1, 20, 1, 0, 0, 0, 0, 0, 26]
    lo, hi = table.bounds((0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0))
    assert table.final_bounds(board, 0) == (lo - 6, hi - 6)
    assert table.final_bounds(rules.start_board(), 0) is None
