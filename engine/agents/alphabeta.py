"""The alpha-beta search below the root, in pure Python: the twin of the native core's.

:class:`PySearcher` and ``engine.native._core.Searcher`` have the same interface and search the
same tree (same values, node counts and table), so :func:`make_searcher` may hand either to the
minimax agent.  The search asks every position whose turn it is (Kalah's extra turns mean the
players do not simply alternate): it maximises where the agent ``me`` is to move and minimises
elsewhere.  A finished game is worth ``win`` plus the margin, and so is a Kalah position with
few enough seeds on the board for the endgame table given (``engine.solver.table``): its store
difference plus the table's exact value of the rest, scored as the game's end.  In Oware, a
position within the Oware table given (``engine.solver.oware_table``) whose bounds decide the
result (:func:`oware_decided`: a forced win, draw or loss whatever a repetition scores) is
scored the same way with the margin the searching player ``me`` forces there (the lower bound
for ``me``: exact where the bounds meet), at every node and every depth-limited leaf, and
counts as proven; a depth-limited leaf whose bounds leave the result open gets the heuristic
held within them (:func:`held`), and a node above the depth limit is searched on.

Move ordering: the table's best move first, then moves that keep the turn, then the rest in pit
order; after the first move of a node, principal variation search tries to prove each other
move no better with a null window.  A node's children run through the loop every search shares
(:func:`engine.cutoff.best_of`; where the opponent moves, on negated values).  ``horizon``
counts the heuristic values used (leaves cut by the depth limit, and table entries that rest on
them); a value whose subtree used none is proven (exact under the search's rules) and is stored
with depth :data:`PROVEN`, so it answers every later probe.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from engine import native
from engine.agents.heuristics import Evaluator, final_value, margin_value
from engine.agents.kernels import kernel_spec, leaf_best_for
from engine.agents.nodes import (
    Child,
    Expand,
    Key,
    Node,
    board_key,
    expander,
    ordered,
    state_key,
)
from engine.core import Rules
from engine.cutoff import Entry, answers, best_of, store
from engine.native import SearcherCore
from engine.solver.oware_table import OwareTable
from engine.solver.table import Table

PROVEN = 1_000_000
"""Depth stored with a proven value: deeper than any search, so every probe may use it."""
NULL = 1e-6
"""Width of a null window (values differ by far more unless they are equal)."""
TABLE_MAX_ENTRIES = 3 << 20
"""The most entries a search's transposition table holds: full, it still replaces entries but
takes no new key (natively 160 MB; engine/native/table.h has the same rule).  Read when a
searcher is made; ``make_searcher``'s ``table_limit`` overrides it for one searcher."""
TABLE_BYTES: int | None = None
"""When set (a process's memory budget), the most bytes a searcher's table takes: its entries
are that over what one costs (:data:`NATIVE_ENTRY_BYTES` natively, a board's or a state's in
pure Python), at most :data:`TABLE_MAX_ENTRIES`."""
NATIVE_ENTRY_BYTES = 80
"""A native entry's bytes at most: a 40-byte slot in a table at most 3/4 full, plus the old
table's slots while it doubles (engine/native/table.h)."""
PY_BOARD_ENTRY_BYTES, PY_STATE_ENTRY_BYTES = 200, 480
"""A pure-Python entry's bytes, keyed by a board or by a state (as the analysis measured)."""


class _Timeout(Exception):
    """The deadline passed in the middle of a search."""


def make_searcher(
    rules: Rules,
    me: int,
    evaluate: Evaluator,
    win: float,
    ordering: bool,
    table: bool,
    leaf_kernel: bool = True,
    endgame: Table | None = None,
    table_limit: int | None = None,
    oware: OwareTable | None = None,
) -> SearcherCore:
    """The native searcher where the native core plays ``rules`` with this evaluation, else
    :class:`PySearcher` (the same results either way).  ``endgame``: a Kalah endgame table of
    ``rules`` to value positions with few seeds exactly; ``table_limit``: the most entries of
    its transposition table (default :data:`TABLE_MAX_ENTRIES`); ``oware``: the Oware table of
    ``rules``' grand-slam option to value positions within it (:func:`oware_bounds`)."""
    limit = TABLE_MAX_ENTRIES if table_limit is None else max(1, int(table_limit))
    spec = kernel_spec(rules)
    totals = getattr(evaluate, "totals_weights", None)
    features = getattr(evaluate, "feature_weights", None)
    weights: Sequence[float] | None = totals or features
    is_native = native.core is not None and spec is not None and weights is not None
    if table_limit is None and TABLE_BYTES is not None:
        each = NATIVE_ENTRY_BYTES if is_native else PY_BOARD_ENTRY_BYTES
        if not is_native and not rules.board_only:
            each = PY_STATE_ENTRY_BYTES
        limit = max(1, min(TABLE_MAX_ENTRIES, TABLE_BYTES // each))
    if native.core is not None and spec is not None and weights is not None:
        a, b, c, d = (float(w) for w in weights)
        return native.core.Searcher(
            spec,
            me,
            win,
            0 if totals else 1,
            (a, b, c, d),
            rules.has_stores_on_path,
            ordering,
            table,
            None if endgame is None else endgame.values,
            -1 if endgame is None else endgame.seeds,
            limit,
            None if oware is None else oware.values,
            -1 if oware is None else oware.seeds,
        )
    return PySearcher(rules, me, evaluate, win, ordering, table, leaf_kernel, endgame, limit, oware)


def endgame_scorer(
    table: Table, me: int, win: float
) -> Callable[[Sequence[int], int], float | None]:
    """The exact value for ``me`` of a board (``player`` to move) whose pits hold at most
    ``table.seeds`` seeds, scored as a finished game; None for a board with more."""

    def score(board: Sequence[int], player: int) -> float | None:
        margin = table.final_margin(board, player)
        if margin is None:
            return None
        return margin_value(margin if player == me else -margin, win)

    return score


def oware_bounds(
    table: OwareTable, me: int
) -> Callable[[Sequence[int], int], tuple[int, int] | None]:
    """The bounds ``(lo, hi)`` of the final margin for ``me`` of an Oware board (``player`` to
    move) whose houses hold at most ``table.seeds`` seeds: the stores' difference plus the
    mover's ``[L, U]``, turned round where the opponent moves; None beyond the table.  The
    native twin is search.h's ``oware_bounds``."""

    def bounds(board: Sequence[int], player: int) -> tuple[int, int] | None:
        got = table.final_bounds(board, player)
        if got is None:
            return None
        return got if player == me else (-got[1], -got[0])

    return bounds


def oware_decided(lo: int, hi: int) -> bool:
    """Whether Oware bounds decide the result (both a win, both a draw or both a loss): then
    the history can't change who wins, only the margin where they are apart."""
    return (lo > 0) - (lo < 0) == (hi > 0) - (hi < 0)


def held(value: float, lo: int, hi: int) -> float:
    """A heuristic ``value`` held within the bounds ``[lo, hi]`` (as search.h's oware_held)."""
    return float(min(max(value, lo), hi))


class PySearcher:
    """Alpha-beta with a transposition table (a dict) for one player, in pure Python."""

    def __init__(
        self,
        rules: Rules,
        me: int,
        evaluate: Evaluator,
        win: float,
        ordering: bool,
        table: bool,
        leaf_kernel: bool = True,
        endgame: Table | None = None,
        table_limit: int | None = None,
        oware: OwareTable | None = None,
    ) -> None:
        self.rules = rules
        self.table_limit = TABLE_MAX_ENTRIES if table_limit is None else table_limit
        self.nodes = 0
        self.horizon = 0
        self.next_check = 1024
        self.deadline: float | None = None
        self.table: dict[Any, Entry] = {}
        self.use_table = table
        self.expand: Expand = expander(rules)
        self.key: Key
        if rules.board_only:
            self.key = board_key(rules)
            evaluate_node: Callable[[Node], float] = evaluate

            def final(node: Node) -> float:
                return final_value(node, rules, me, win)
        else:
            self.key = state_key

            def evaluate_node(node: Node) -> float:
                return evaluate(node.board)

            def final(node: Node) -> float:
                return final_value(node.board, rules, me, win)

        weights = getattr(evaluate, "totals_weights", None)
        # The leaf kernel values a node's children without probing: not with an Oware table.
        leaf_best = (
            leaf_best_for(rules, weights, me, win)
            if weights and leaf_kernel and rules.board_only and oware is None
            else None
        )
        exact = bounded = None
        if endgame is not None and rules.board_only:
            exact = endgame_scorer(endgame, me, win)
        if oware is not None and rules.board_only:
            bounded = oware_bounds(oware, me)
        self._search = self._make(
            me, evaluate_node, final, leaf_best, ordering, exact, bounded, win
        )

    def alphabeta(
        self,
        node: Node,
        player: int,
        depth: int,
        alpha: float,
        beta: float,
        deadline: float | None,
    ) -> float | None:
        """The value of ``node`` (``player`` to move) for ``me`` searched ``depth`` plies in the
        window (alpha, beta); None if the ``deadline`` (a time.perf_counter() reading) passed."""
        self.deadline = deadline
        try:
            return self._search(node, player, depth, alpha, beta)
        except _Timeout:
            return None

    def table_move(self, node: Node, player: int) -> int | None:
        entry = self.table.get(self.key(node, player))
        return None if entry is None else entry[3]

    def table_size(self) -> int:
        return len(self.table)

    def clear_table(self) -> None:
        self.table.clear()

    def children(self, node: Node, player: int) -> list[Child]:
        return list(self.expand(node, player))

    def _make(
        self,
        me: int,
        evaluate: Callable[[Node], float],
        final: Callable[[Node], float],
        leaf_best: Any,
        ordering: bool,
        exact: Callable[[Node, int], float | None] | None,
        bounded: Callable[[Node, int], tuple[int, int] | None] | None = None,
        win: float = 0.0,
    ) -> Callable[[Node, int, int, float, float], float]:
        """The recursive search as a closure over locals (the inner loop of every search).
        ``exact`` values a node before it is searched (Kalah's table), ``bounded`` gives the
        Oware table's bounds for ``me`` (None where they don't know the node)."""
        expand, key_of = self.expand, self.key
        table = self.table if self.use_table else None
        limit = self.table_limit
        pvs = ordering and table is not None
        inf = float("inf")
        search = self
        clock = time.perf_counter

        def alphabeta(node: Node, player: int, depth: int, alpha: float, beta: float) -> float:
            search.nodes += 1
            if search.nodes >= search.next_check:
                search.next_check = search.nodes + 1024
                if search.deadline is not None and clock() >= search.deadline:
                    raise _Timeout
            if exact is not None:
                known = exact(node, player)
                if known is not None:
                    return known
            bounds = None if bounded is None else bounded(node, player)
            if bounds is not None and oware_decided(*bounds):
                return margin_value(bounds[0], win)
            if depth == 0:
                search.horizon += 1
                if bounds is not None:
                    return held(evaluate(node), *bounds)
                return evaluate(node)
            first = -1
            key: Any = None  # the node's table key, when there is a table
            if table is not None:
                key = key_of(node, player)
                entry = table.get(key)
                if entry is not None:
                    first = entry[3]
                    if answers(entry, depth, alpha, beta):
                        if entry[0] < PROVEN:
                            search.horizon += 1
                        return entry[1]
            h0 = search.horizon
            if depth == 1 and leaf_best is not None:
                best, best_move, valued, guessed = leaf_best(node, player, alpha, beta)
                search.nodes += valued
                search.horizon += guessed
                if table is not None:
                    stored = depth if guessed else PROVEN
                    store(table, limit, key, stored, best, alpha, beta, best_move)
                return best  # type: ignore[no-any-return]
            children = expand(node, player)
            if ordering and depth > 1:
                children = ordered(children, player, first)
            # The opponent minimises: the shared loop maximises their negated values.
            if player == me:
                best, move = best_of(children, child_value, 1, depth, alpha, beta)
            else:
                best, move = best_of(children, child_value, -1, depth, -beta, -alpha)
                best = -best
            if table is not None:
                stored = depth if search.horizon != h0 else PROVEN
                store(table, limit, key, stored, best, alpha, beta, move)
            return best

        def child_value(
            child: Child, sign: int, depth: int, alpha: float, beta: float, best: float
        ) -> float:
            """A child's value for ``me`` times ``sign`` (1 where ``me`` moves at the parent,
            -1 where the opponent does), in the window (alpha, beta) of those values."""
            _, node, nxt = child
            if nxt is None:
                search.nodes += 1
                return sign * final(node)
            if depth == 1:  # a leaf: evaluate here rather than call the search
                search.nodes += 1
                bounds = None if bounded is None else bounded(node, nxt)
                if bounds is not None and oware_decided(*bounds):
                    return sign * margin_value(bounds[0], win)
                search.horizon += 1
                if bounds is not None:
                    return sign * held(evaluate(node), *bounds)
                return sign * evaluate(node)
            if pvs and best > -inf:
                # Principal variation search: prove the move is no better with a null window,
                # and search it properly only if it is.
                value = sign * below(node, nxt, depth - 1, sign, alpha, alpha + NULL)
                if alpha < value < beta:
                    value = sign * below(node, nxt, depth - 1, sign, value, beta)
                return value
            return sign * below(node, nxt, depth - 1, sign, alpha, beta)

        def below(node: Node, player: int, depth: int, sign: int, lo: float, hi: float) -> float:
            """The search of a child in the window (lo, hi) of values times ``sign``."""
            if sign > 0:
                return alphabeta(node, player, depth, lo, hi)
            return alphabeta(node, player, depth, -hi, -lo)

        return alphabeta
