"""Oware moves and values from the endgame tables (``engine.solver.oware_table``).

Rule: where the seeds on the board are within the host's Oware table, every legal move gets the
bounds ``[lo, hi]`` of the final margin it leads to (stores included), read from the table at
the position after it (or the game's end, exactly, when the move ends it: by repetition too).
The mover plays for the result first: a move is ranked by the result its ``lo`` guarantees
(win, draw, loss: the majority end never changes it), then by ``lo``; ties prefer a capture (it
leaves the layer, so the forced line makes progress and no position repeats), then at random.
The table decides the move when that move's guarantee is at least every other move's ``hi``
(no move can do better) or when it guarantees a win; the decision is exact when, in addition,
its ``lo`` equals the best ``hi`` (the position's value, whatever a repetition scores).
Otherwise the caller searches as before.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable

from engine.agents.analysis import Evaluation
from engine.agents.base import Decision
from engine.core import State
from engine.solver import oware_table as ot

Bounds = tuple[int, int]


def result(margin: int) -> int:
    """+1 a win, 0 a draw, -1 a loss, by a final margin."""
    return (margin > 0) - (margin < 0)


def move_bounds(state: State, table: ot.OwareTable) -> dict[int, Bounds] | None:
    """The final margins ``[lo, hi]`` of every legal move of ``state`` for its mover; None
    if a position after a move is beyond the table."""
    me = state.to_move
    assert me is not None
    found: dict[int, Bounds] = {}
    for move in state.legal_moves():
        child = state.play(move)
        b = child.board
        if child.to_move is None:
            v = b[7 * me + 6] - b[13 - 7 * me]
            found[move] = (v, v)
            continue
        got = table.final_bounds(b, child.to_move)
        if got is None:
            return None
        lo, hi = got
        found[move] = (lo, hi) if child.to_move == me else (-hi, -lo)
    return found


def reply_floor(state: State, move: int, table: ot.OwareTable, lo: int) -> int:
    """``lo`` of ``move`` checked one reply deeper through the real rules: the least the mover
    keeps over the opponent's replies (a reply that repeats a position of the history ends the
    game there, which the table can't see)."""
    me = state.to_move
    child = state.play(move)
    if child.to_move is None or child.to_move == me:
        return lo
    worst = lo
    for reply in child.legal_moves():
        after = child.play(reply)
        b = after.board
        if after.to_move is None:
            v = b[7 * me + 6] - b[13 - 7 * me] if me is not None else 0
        else:
            got = table.final_bounds(b, after.to_move)
            if got is None:
                continue
            v = got[0] if after.to_move == me else -got[1]
        worst = min(worst, v)
    return worst


def table_for(state: State, tables: str | os.PathLike[str] | None) -> ot.OwareTable | None:
    """The host's Oware table if it reaches ``state``'s seeds, else None."""
    table = ot.for_rules(state.rules, tables)
    if table is None or state.to_move is None or state.on_rows > table.seeds:
        return None
    return table


def decide(
    state: State, tables: str | os.PathLike[str] | None, rng: random.Random
) -> Decision | None:
    """The table's move for ``state`` where it decides one (see the module's rule), else None."""
    table = table_for(state, tables)
    if table is None:
        return None
    bounds = move_bounds(state, table)
    if not bounds:
        return None
    me = state.to_move
    assert me is not None

    def captures(move: int) -> bool:
        after = state.play(move).board
        return after[7 * me + 6] > state.board[7 * me + 6]

    def key(move: int) -> tuple[int, int, int]:
        lo = reply_floor(state, move, table, bounds[move][0])
        return result(lo), lo, int(captures(move))

    keys = {m: key(m) for m in bounds}
    best_key = max(keys.values())
    move = rng.choice([m for m in bounds if keys[m] == best_key])
    lo = best_key[1]
    others = max((hi for m, (_, hi) in bounds.items() if m != move), default=lo)
    if not (lo >= others or result(lo) > 0):
        return None
    top = max(hi for _, hi in bounds.values())
    return Decision(
        move,
        value=float(lo),
        pv=(move,),
        move_values={m: float(b[0]) for m, b in bounds.items()},
        exact=lo == top,
        extra={"solved": lo == top, "oware_table": table.seeds, "bounds": [lo, top]},
    )


def position_bounds(state: State, tables: str | os.PathLike[str] | None) -> Bounds | None:
    """The final margin ``[lo, hi]`` of ``state`` for its mover, from its moves' (the history
    since the last capture is the state's, so a move that repeats is scored as it ends)."""
    table = table_for(state, tables)
    bounds = None if table is None else move_bounds(state, table)
    if not bounds:
        return None
    return max(lo for lo, _ in bounds.values()), max(hi for _, hi in bounds.values())


def table_first(
    state: State, tables: str | os.PathLike[str] | None, fallback: Callable[[], Evaluation]
) -> Evaluation:
    """The analysis's values of ``state`` where the Oware table reaches: every move whose
    bounds meet gets that value, exact (source ``"oware-table"``); the others the
    ``fallback`` estimate's, held within their bounds.  Beyond the table: ``fallback()``."""
    table = table_for(state, tables)
    bounds = None if table is None else move_bounds(state, table)
    if not bounds:
        return fallback()
    exact = {m: lo == hi for m, (lo, hi) in bounds.items()}
    if all(exact.values()):
        values = {m: float(lo) for m, (lo, _) in bounds.items()}
        return Evaluation(values, exact, source="oware-table")
    found = fallback()
    for m, (lo, hi) in bounds.items():
        if m in found.values:
            found.values[m] = float(lo) if exact[m] else min(max(found.values[m], lo), hi)
            found.exact[m] = found.exact.get(m, False) or exact[m]
    return found
