"""Oware moves and values from the endgame tables (``engine.solver.oware_table``).

Rule: where the seeds on the board are within the host's Oware table, every legal move gets the
bounds ``[lo, hi]`` of the final margin it leads to (stores included), read from the table at
the position after it (or the game's end, exactly, when the move ends it: by repetition too),
its ``lo`` checked one reply deeper through the real rules (:func:`reply_floor`).  The moves
keeping the best ``lo`` (the position's ``L``: the most the mover forces) are ordered by
progress (:func:`progress`): first a move leaving the layer (a capture or the end), then the
child whose value the table reached first (its sweep, then its rank).  That child always comes
before the position itself (``engine.solver.oware_table``), so a mover who plays the first one
every time forces ``lo`` and never passes a position twice: no repetition can cut the line,
whatever the opponent does.  Positions the mover met before while the guarantee was lower (a
search's moves in a lost position) can't come back either: the guarantee of every position on
the forced line is at least the current one.

The table decides the move whenever ``lo`` guarantees a win or a draw (the mover never turns
such a position worse), or when ``lo`` is at least every other move's ``hi`` (no move can do
better); the decision is exact when ``lo`` equals the best ``hi`` (the position's value,
whatever a repetition scores).  Otherwise (a loss the table can't rule out a swindle of) the
caller searches as before.
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


Progress = tuple[int, int]


def progress(state: State, move: int, table: ot.OwareTable) -> Progress:
    """How soon ``move`` reaches its value: ``(-1, 0)`` when it leaves the layer (a capture or
    the game's end), else the child's ``(sweep, rank)`` of the value its mover's ``lo`` reads
    (the opponent's U, or the mover's own L after an empty-row extra move)."""
    child = state.play(move)
    if child.to_move is None or child.on_rows < state.on_rows:
        return -1, 0
    b, p = child.board, child.to_move
    view = (*b[7 * p : 7 * p + 6], *b[7 - 7 * p : 13 - 7 * p])
    return table.order(view, 0 if p == state.to_move else 1)


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
    floors = {m: reply_floor(state, m, table, lo) for m, (lo, _) in bounds.items()}
    lo = max(floors.values())
    keep = {m: progress(state, m, table) for m in bounds if floors[m] == lo}
    first = min(keep.values())
    move = rng.choice([m for m, p in keep.items() if p == first])
    others = max((hi for m, (_, hi) in bounds.items() if m != move), default=lo)
    if not (lo >= others or result(lo) >= 0):
        return None
    top = max(hi for _, hi in bounds.values())
    return Decision(
        move,
        value=float(lo),
        pv=(move,),
        move_values={m: float(b[0]) for m, b in bounds.items()},
        exact=lo == top,
        extra={
            "solved": lo == top,
            "oware_table": table.seeds,
            "bounds": [lo, top],
            "progress": list(first),
        },
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
