"""The value of every move of one position, in seeds of final margin, exact where solved.

:func:`evaluate` answers for the player to move: for each legal pit, the final margin (their
seeds minus the opponent's, stores included) they end with if both sides play on as well as the
search sees.  A value is *exact* when the search behind it reached the end of every line that
mattered (no depth horizon), so it is the solved game value; otherwise it is an estimate: at the
horizon a position counts as its store difference plus a share of the row difference, in seeds.

An evaluation is a search of a fixed size (:class:`Size`): so many nodes of the engine's solver
(:mod:`engine.solver`, for the Kalah rules it solves), then, if it did not finish, so many nodes
of this module's own search: an iterative-deepening alpha-beta on the margin (MTD(f) windows)
with a transposition table, which is exact whenever an iteration finds no horizon (small boards
and endgames).  Its nodes, children, keys and table entries are the ones the minimax agent's
search uses (:mod:`engine.agents.nodes`), and its children run through the loop every search
shares (:mod:`engine.cutoff`).  Both start from empty tables every time, so the same
position gets the same values on any machine and under any load.  A wall-time cap guards
against a machine far slower than planned: hitting it is the one case a value may differ (the
evaluation says so: ``capped``).  Variants with a history rule (Oware's repetition) are searched
without their history, so their values are never called exact.

The search below the root runs in the native core where it plays the rules (Kalah and Oware,
every option: ``engine.native._core.MarginSearcher``), else in pure Python
(:class:`PyMarginSearcher`, and always under ``MANCALA_PURE=1``): the two are twins, with the same
node budget, tree, node counts and values, so the native core changes how long an evaluation
takes, never what it finds.  The root (deepening, MTD(f) windows, exact moves) is this module's
Python in both cases.

Nothing is kept between evaluations: a searcher's table (at most one entry per node of its
budget) and a solver's table (:data:`SOLVER_TT_BITS`) live as long as one evaluation, so a
search process holds the analysis state of one position at a time (:func:`state_bytes`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import native
from engine.agents.kernels import kernel_spec
from engine.agents.nodes import (
    Child,
    Expand,
    Key,
    Node,
    board_key,
    expander,
    has_history,
    ordered,
    position_key,
    root_children,
)
from engine.core import Rules, State
from engine.cutoff import Entry, answers, best_of, store
from engine.native import MarginCore
from engine.solver import KalahSpec, Solver
from engine.solver import native as solver_native
from engine.solver.rules import deep_enough
from engine.solver.search import BUDGET_EVERY, Budgeted, BudgetSpent

ROW_SHARE = 0.5
"""At the horizon, seeds still on a row count this much for its owner (they are usually
banked by the row's owner at the end, but some will be captured or sown across)."""
SOLVED = 1 << 20  # a table entry's depth when its subtree reached no horizon
GUARD_EVERY = 4096
"""Nodes between two looks at the wall-time guard (a power of two)."""
TABLE_BYTES = 32_000_000
"""The most memory a searcher's table takes (then it only updates the entries it has)."""
BOARD_ENTRY_BYTES, STATE_ENTRY_BYTES = 200, 480
"""What one table entry costs, at most, keyed by a board or by a state (measured with
tracemalloc: Kalah and Oware about 180 bytes, Toguz Kumalak's states about 460)."""
MAX_DEPTH = 80
UNLIMITED = 10_000  # a depth no game reaches: a search to the end of every line
STEP = 0.5  # values are multiples of half a seed (ROW_SHARE)

# Planning rates, in nodes a second on an unloaded machine (measured, see tools/analysisbench.py):
# they turn seconds into a node budget, always the same one; nothing is timed to size a search.
FUSED_RATE = 200_000
"""This module's search on a variant with a fused kernel (Kalah, Oware)."""
BOARD_RATE = 100_000
"""This module's search on other board-only variants (the rules' own hooks)."""
STATE_RATE = 50_000
"""This module's search through ``State.play`` (variants that are not board-only)."""
SOLVER_RATE, PURE_SOLVER_RATE = 2_500_000, 100_000
"""The engine's solver: native, and its pure-Python twin (where the native core isn't built)."""
SOLVE_SHARE = 0.5
"""Where the solver plays, the share of the planned time it gets first."""
DEEPEN_SHARE = 0.4
"""Where values can be exact, the share of the search's nodes spent deepening before the
unsolved moves are searched to the end of the game."""
SOLVER_TT_BITS = 20
"""The solver's table: 2**20 entries of 16 bytes (16 MB), for one evaluation."""
SOLVER_EVERY = BUDGET_EVERY
"""How often (in nodes) the solver checks its budget."""
CAP_FACTOR, CAP_EXTRA = 10.0, 2.0
"""The wall-time guard: this many times the planned seconds, plus this many seconds (a machine
shared by a dozen busy processes runs a search about eight times slower than planned)."""


@dataclass
class Evaluation:
    """What a search found for the player to move in one position."""

    values: dict[int, float]
    """Each legal pit's final margin for the mover (in seeds)."""
    exact: dict[int, bool]
    """Whether each pit's value is solved."""
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    source: str = "search"
    """"solver" (engine.solver), "search" (this module) or "end" (the game is over)."""
    capped: bool = False
    """Whether the wall-time guard stopped it (the one case the values may differ)."""

    @property
    def best(self) -> int:
        """The best pit (the lowest of equals)."""
        return max(sorted(self.values), key=lambda m: self.values[m])

    @property
    def value(self) -> float:
        return self.values[self.best]

    @property
    def all_exact(self) -> bool:
        return bool(self.exact) and all(self.exact.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "values": {str(m): _round(v) for m, v in sorted(self.values.items())},
            "exact": {str(m): e for m, e in sorted(self.exact.items())},
            "best": self.best,
            "value": _round(self.value),
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "source": self.source,
            "capped": self.capped,
        }


def _round(value: float) -> float | int:
    """Whole seeds as ints, estimates to a tenth of a seed."""
    return int(value) if value == int(value) else round(value, 1)


Value = Callable[[Node, int], float]
"""A node's value for a player, in seeds."""


def margin_of(rules: Rules) -> Value:
    """A finished game's final margin for ``player``: their store minus the opponent's."""
    s0, s1 = rules.store0, rules.store1
    if rules.board_only:

        def margin(board: Node, player: int) -> float:
            m = float(board[s0] - board[s1])
            return -m if player else m

        return margin

    def state_margin(state: Node, player: int) -> float:
        m = state.board[s0] - state.board[s1]
        return float(-m if player else m)

    return state_margin


def estimate_of(rules: Rules, share: float = ROW_SHARE) -> Value:
    """The horizon's estimate for ``player``: the store difference plus ``share`` of the row
    difference."""
    s0, s1, n = rules.store0, rules.store1, rules.pits
    if rules.board_only:

        def estimate(board: Node, player: int) -> float:
            rows: int = sum(board[0:n]) - sum(board[n + 1 : s1])
            m = float(board[s0] - board[s1]) + share * rows
            return -m if player else m

        return estimate
    row0, row1 = tuple(rules.row(0)), tuple(rules.row(1))

    def state_estimate(state: Node, player: int) -> float:
        board = state.board
        rows: int = sum(board[i] for i in row0) - sum(board[i] for i in row1)
        m = float(board[s0] - board[s1]) + share * rows
        return -m if player else m

    return state_estimate


def make_margin_searcher(rules: Rules, table_limit: int) -> MarginCore:
    """The native analysis search where the native core plays ``rules`` (Kalah and Oware, every
    option), else :class:`PyMarginSearcher`: the same values and node counts either way."""
    spec = kernel_spec(rules)
    if native.core is not None and spec is not None:
        try:
            return native.core.MarginSearcher(spec, ROW_SHARE, table_limit)
        except ValueError:  # a rule set the native core does not know: the pure twin plays it
            pass
    return PyMarginSearcher(rules, ROW_SHARE, table_limit)


class PyMarginSearcher:
    """Alpha-beta on the final margin below the root, in pure Python: the twin of
    ``engine.native._core.MarginSearcher`` (same tree, node counts and values).  A node is
    worth its value for the player to move; the table takes at most ``table_limit`` keys."""

    def __init__(self, rules: Rules, share: float, table_limit: int) -> None:
        self.table: dict[Any, Entry] = {}
        self.table_limit = table_limit
        self.nodes = 0
        self.limit = 0  # the node budget
        self.deadline = math.inf  # the wall-time guard
        self.horizon = False
        self.capped = False
        self.expand: Expand = expander(rules)
        self.key: Key = board_key(rules) if rules.board_only else position_key
        self.margin: Value = margin_of(rules)
        self.estimate: Value = estimate_of(rules, share)

    def start(self, limit: int, deadline: float) -> None:
        """A new evaluation: a new table, no nodes spent, at most ``limit`` nodes, and the
        wall-time guard at ``deadline`` (a ``time.perf_counter()`` reading).  A search to the
        end of the game recurses once a ply (three frames: the search, the loop, the child), so
        Python may recurse as deep as the pure solver."""
        deep_enough()
        self.table = {}
        self.nodes, self.limit = 0, limit
        self.deadline, self.capped = deadline, False

    def search(
        self, node: Node, player: int, depth: int, alpha: float, beta: float
    ) -> float | None:
        """The value of ``node`` for ``player`` (to move), searched ``depth`` plies deep in the
        window (alpha, beta), or None once the budget or the guard is spent; ``horizon`` then
        says whether the search met the horizon."""
        self.horizon = False
        try:
            return self._search(node, player, depth, alpha, beta)
        except BudgetSpent:
            return None

    def table_size(self) -> int:
        return len(self.table)

    def _search(self, node: Node, player: int, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes >= self.limit:
            raise BudgetSpent
        if not self.nodes & (GUARD_EVERY - 1) and time.perf_counter() > self.deadline:
            self.capped = True
            raise BudgetSpent
        key = self.key(node, player)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            first = entry[3]
            if answers(entry, depth, alpha, beta):
                if entry[0] < SOLVED:
                    self.horizon = True
                return entry[1]
        if depth <= 0:
            self.horizon = True
            return self.estimate(node, player)
        outer = self.horizon
        self.horizon = False
        children = ordered(self.expand(node, player), player, first)
        best, move = best_of(children, self._child_value, player, depth, alpha, beta)
        stored = depth if self.horizon else SOLVED
        store(self.table, self.table_limit, key, stored, best, alpha, beta, move)
        self.horizon = self.horizon or outer
        return best

    def _child_value(
        self, child: Child, player: int, depth: int, alpha: float, beta: float, best: float
    ) -> float:
        """A child's value for ``player``, who moves at its parent (``depth`` plies deep)."""
        _, node, nxt = child
        if nxt is None:
            return self.margin(node, player)
        if nxt == player:
            return self._search(node, nxt, depth - 1, alpha, beta)
        return -self._search(node, nxt, depth - 1, -beta, -alpha)


class Searcher:
    """The analysis search of one rule set: every root move's value, deepening one ply at a time
    and closing in on each value with null windows (MTD(f)), on the search below the root that
    :func:`make_margin_searcher` gives (native or pure, the same values); each evaluation starts
    a new table of at most ``table_limit`` entries."""

    def __init__(self, rules: Rules, table_limit: int | None = None) -> None:
        self.rules = rules
        self.table_limit = table_limit_for(rules) if table_limit is None else table_limit
        self.core: MarginCore = make_margin_searcher(rules, self.table_limit)
        self.can_be_exact = not has_history(rules)
        self.margin: Value = margin_of(rules)
        self.estimate: Value = estimate_of(rules)

    def table_size(self) -> int:
        """The entries in the table of the last evaluation."""
        return self.core.table_size()

    def _solve_rest(
        self, children: list[Child], player: int, values: dict[int, float], exact: dict[int, bool]
    ) -> None:
        """Search the unsolved moves to the end of the game while the budget lasts; each one
        that finishes gets its exact value."""
        for move, node, nxt in sorted(children, key=lambda c: -values[c[0]]):
            if exact[move] or nxt is None:
                continue
            sign = 1 if nxt == player else -1
            try:
                value, horizon = self.mtdf(node, nxt, UNLIMITED, sign * values[move])
            except BudgetSpent:
                return
            if not horizon:
                values[move], exact[move] = sign * value, True

    def mtdf(self, node: Node, player: int, depth: int, guess: float) -> tuple[float, bool]:
        """The value of ``node`` by null-window searches closing in from ``guess`` (MTD(f)),
        and whether any of them met the horizon; values are whole or half seeds, so a window
        of half a seed decides each step.  :class:`BudgetSpent` once the budget is."""
        low, high = -float("inf"), float("inf")
        g = guess
        horizon = False
        while low < high:
            beta = g + STEP if g == low else g
            found = self.core.search(node, player, depth, beta - STEP, beta)
            if found is None:
                raise BudgetSpent
            g = found
            horizon = horizon or self.core.horizon
            if g < beta:
                high = g
            else:
                low = g
        return g, horizon

    def evaluate(
        self,
        state: State,
        seconds: float | None = None,
        nodes: int | None = None,
        cap: float | None = None,
        deepen_share: float = DEEPEN_SHARE,
        max_depth: int = MAX_DEPTH,
    ) -> Evaluation:
        """Every legal move's value for the mover, from a search of ``nodes`` nodes (default:
        what ``seconds`` plan for, :func:`search_rate`) on a new table: deepening one ply at a
        time for ``deepen_share`` of the nodes (or until solved; all of them where values can't
        be exact), then trying to solve the moves not yet solved with the rest.  A depth that
        does not finish is dropped (the moves it solved are kept).  ``cap`` seconds of wall
        time (default: :func:`guard` of the planned seconds) stop it early: then, and only then,
        the same position may get other values."""
        if nodes is None:
            if seconds is None:
                raise ValueError("give the search's nodes or seconds")
            nodes = max(1, int(seconds * search_rate(self.rules)))
        if cap is None:
            cap = guard(nodes / search_rate(self.rules))
        start = time.perf_counter()
        core = self.core
        core.start(nodes, start + cap)
        if not self.can_be_exact:
            deepen_share = 1.0
        player = state.to_move
        assert player is not None
        children = root_children(state)
        values: dict[int, float] = {}
        exact: dict[int, bool] = {}
        reached = 0
        for depth in range(1, max_depth + 1):
            found: dict[int, float] = {}
            solved: dict[int, bool] = {}
            try:
                for move, node, nxt in children:
                    if exact.get(move):
                        found[move], solved[move] = values[move], True
                        continue
                    horizon = False
                    if nxt is None:
                        value = self.margin(node, player)
                    else:
                        sign = 1 if nxt == player else -1
                        guess = sign * values.get(move, 0.0)
                        value, horizon = self.mtdf(node, nxt, depth - 1, guess)
                        value *= sign
                    found[move] = value
                    solved[move] = not horizon and self.can_be_exact
            except BudgetSpent:
                # Moves solved in the unfinished depth are kept: a solved value is final.
                for move, ok in solved.items():
                    if ok:
                        values[move], exact[move] = found[move], True
                break
            values, exact, reached = found, solved, depth
            if all(solved.values()) or (not self.can_be_exact and depth >= 40):
                break
            if core.nodes >= deepen_share * nodes:
                break
        if self.can_be_exact and values and not all(exact.values()):
            self._solve_rest(children, player, values, exact)
        for move, node, nxt in children:  # not even one ply: the position after the move
            if move not in values:
                values[move] = (
                    self.margin(node, player)
                    if nxt is None
                    else (1 if nxt == player else -1) * self.estimate(node, nxt)
                )
                exact[move] = nxt is None
        took = time.perf_counter() - start
        return Evaluation(values, exact, reached, core.nodes, took, "search", capped=core.capped)


def search_rate(rules: Rules) -> int:
    """The nodes a second this module's search plans for on ``rules``."""
    if not rules.board_only:
        return STATE_RATE
    return FUSED_RATE if kernel_spec(rules) is not None else BOARD_RATE


def table_limit_for(rules: Rules) -> int:
    """The most entries a searcher's table for ``rules`` takes (:data:`TABLE_BYTES`)."""
    return TABLE_BYTES // (BOARD_ENTRY_BYTES if rules.board_only else STATE_ENTRY_BYTES)


def guard(seconds: float) -> float:
    """The wall-time cap of a search planned to take ``seconds``."""
    return CAP_FACTOR * seconds + CAP_EXTRA


@dataclass(frozen=True)
class Size:
    """How much one evaluation searches: ``solver_nodes`` nodes of the solver (0: none), then
    ``nodes`` nodes of this module's search; ``seconds`` is what that is planned to take on an
    unloaded machine, ``cap`` the wall-time guard."""

    nodes: int
    solver_nodes: int
    seconds: float
    cap: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "nodes": self.nodes,
            "solver_nodes": self.solver_nodes,
            "seconds": self.seconds,
            "cap": self.cap,
        }


def size_for(rules: Rules, seconds: float, solve_share: float = SOLVE_SHARE) -> Size:
    """The search ``seconds`` plan for on ``rules``: where the solver plays, ``solve_share``
    of them as solver nodes, the rest as nodes of this module's search (fixed rates, so the
    same seconds always give the same search)."""
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, not {seconds!r}")
    solving = seconds * solve_share if solver_plays(rules) else 0.0
    nodes = max(1, int((seconds - solving) * search_rate(rules)))
    return Size(nodes, int(solving * solver_rate()), seconds, guard(seconds))


def peak_bytes(rules: Rules, size: Size) -> int:
    """The most memory an evaluation of ``size`` holds at once: the solver's table (dropped
    before the search starts) or the search's table (an entry at most per node), whichever is
    larger; both at most 32 MB."""
    solver = (1 << SOLVER_TT_BITS) * 16 if size.solver_nodes else 0
    each = BOARD_ENTRY_BYTES if rules.board_only else STATE_ENTRY_BYTES
    return max(solver, min(size.nodes, table_limit_for(rules)) * each)


def solver_plays(rules: Rules) -> bool:
    """Whether the engine's solver solves ``rules`` (Kalah, every board the menu offers)."""
    try:
        KalahSpec.of(rules)
    except ValueError:  # not rules it solves
        return False
    return rules.total_seeds <= 255  # the native solver's keys hold up to 255 seeds


def solver_rate() -> int:
    """The nodes a second the solver plans for: native, or its pure-Python twin."""
    return SOLVER_RATE if solver_native.solve_core() is not None else PURE_SOLVER_RATE


@dataclass
class _Solved:
    """What the solver did: its values if it finished, its nodes, its search's seconds (the
    endgame table's build not counted) and whether the cap stopped it."""

    found: Evaluation | None
    nodes: int = 0
    seconds: float = 0.0
    capped: bool = False


def solve(state: State, nodes: int, cap: float) -> _Solved:
    """The engine's solver on ``state`` with a new table, for at most ``nodes`` nodes (checked
    every :data:`SOLVER_EVERY`) and ``cap`` seconds.  Building the solver's endgame table (once
    a process for each rule set; about 0.3 s natively for Kalah 6x4) is not counted."""
    try:
        solver = Solver(state.rules, tt_bits=SOLVER_TT_BITS)
    except ValueError:  # not rules it solves: search instead
        return _Solved(None)
    core = solver.core = Budgeted(solver.core, nodes)
    start = time.perf_counter()
    try:
        solution = solver.solve(state, seconds=cap)
    except BudgetSpent:
        return _Solved(None, core.nodes, time.perf_counter() - start)
    except TimeoutError:
        return _Solved(None, core.nodes, time.perf_counter() - start, capped=True)
    values = {int(m): float(v) for m, v in solution.move_values.items()}
    took = time.perf_counter() - start
    found = Evaluation(values, dict.fromkeys(values, True), 0, core.nodes, took, "solver")
    return _Solved(found, core.nodes, took)


def evaluate(
    state: State,
    seconds: float | None = None,
    solve_share: float = SOLVE_SHARE,
    size: Size | None = None,
) -> Evaluation:
    """Every legal move's value for the player to move, from a search of ``size`` (default:
    :func:`size_for` ``seconds``): the solver's nodes first, where it plays; if it can't
    finish, this module's search.  The same position and size give the same values, whatever
    the load, unless the wall-time guard stops a search (``capped``)."""
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to evaluate")
    if size is None:
        if seconds is None:
            raise ValueError("give the evaluation's seconds or size")
        size = size_for(state.rules, seconds, solve_share)
    start = time.perf_counter()
    solved = _Solved(None)
    if size.solver_nodes:
        solved = solve(state, size.solver_nodes, size.cap)
        if solved.found is not None:
            return solved.found
    left = max(0.0, size.cap - solved.seconds)
    found = Searcher(state.rules).evaluate(state, nodes=size.nodes, cap=left)
    found.seconds = time.perf_counter() - start
    found.nodes += solved.nodes
    found.capped = found.capped or solved.capped
    return found
