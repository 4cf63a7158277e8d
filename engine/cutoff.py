"""The alpha-beta step every search of the engine shares, written once: the loop over a node's
children, and the transposition-table entry a node leaves behind.

:func:`best_of` is fail-soft alpha-beta over one node's children, from the side that
maximises: each child is valued in the window as it stands, the best value is kept, alpha is
raised with it, and once alpha reaches beta the other children are cut.  A search whose side
minimises calls it on negated values and the mirrored window (``-beta``, ``-alpha``) and negates
the result, which is exact in floating point, so one loop serves both sides.  The minimax
agent's search (:mod:`engine.agents.alphabeta`), its last-ply kernel
(:mod:`engine.agents.kernels`), the analysis search (:mod:`engine.agents.analysis`) and the
solver (:mod:`engine.solver.search`) all run it; the native core's twins share the same step in
``engine/native/cutoff.h``.

A table entry is ``(depth, value, flag, best move)``: the flag says whether the value is EXACT,
a LOWER bound (the search failed high) or an UPPER bound (it failed low).  The agents' searches
keep such entries (:func:`store`, :func:`answers`); the solver keys its table by store-free
views and keeps a pair of bounds instead (a different table by nature, see docs/engine.md).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, TypeVar

EXACT, LOWER, UPPER = 0, 1, 2
"""A table entry's flag: its value is exact, at least (failed high) or at most (failed low)."""

Entry = tuple[int, float, int, int]
"""A table entry: the depth searched, the value, its flag and the best move (-1: none)."""

C = TypeVar("C", bound=tuple[Any, ...])
"""A child: a tuple whose first item is the move that leads to it."""
ChildValue = Callable[[C, int, int, float, float, float], float]
"""``(child, side, depth, alpha, beta, best)``: a child's value for the side that maximises at
the node (``side`` and ``depth`` are the node's, passed through), searched in the window
(``alpha``, ``beta``) as it stands; ``best`` is the best value so far (-inf before the first
child: principal variation search tries the later ones with a null window)."""

INF = float("inf")


def best_of(
    children: Iterable[C],
    value: ChildValue[C],
    side: int,
    depth: int,
    alpha: float,
    beta: float,
) -> tuple[float, int]:
    """The best value of ``children`` (in the order given) and its move, the first of equals:
    each child's ``value``, alpha raised by each better one, and no more children once alpha
    reaches ``beta`` (a cut).  ``(-inf, -1)`` without children."""
    best, move = -INF, -1
    for child in children:
        v = value(child, side, depth, alpha, beta, best)
        if v > best:
            best, move = v, child[0]
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best, move


def flag_of(best: float, alpha: float, beta: float) -> int:
    """The flag of a value ``best`` searched in the window (``alpha``, ``beta``)."""
    return UPPER if best <= alpha else LOWER if best >= beta else EXACT


def answers(entry: Entry, depth: int, alpha: float, beta: float) -> bool:
    """Whether a table entry settles a probe ``depth`` plies deep in (``alpha``, ``beta``): it
    was searched at least as deep, and its value is exact or a bound outside the window."""
    e_depth, value, flag, _ = entry
    return e_depth >= depth and (
        flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)
    )


def store(
    table: dict[Hashable, Entry],
    limit: int,
    key: Hashable,
    depth: int,
    best: float,
    alpha: float,
    beta: float,
    move: int,
) -> None:
    """Keep what a node found in ``table``: ``best`` (and its ``move``) searched ``depth`` deep
    in the window (``alpha``, ``beta``) the node was entered with, flagged by :func:`flag_of`.
    A table holding ``limit`` keys takes no new key but still updates the ones it has."""
    if len(table) < limit or key in table:
        table[key] = (depth, best, flag_of(best, alpha, beta), move)
