"""The value of every move of one position, in seeds of final margin, exact where solved.

:func:`evaluate` answers for the player to move: for each legal pit, the final margin (their
seeds minus the opponent's, stores included) they end with if both sides play on as well as the
search sees.  A value is *exact* when the search behind it reached the end of every line that
mattered (no depth horizon), so it is the solved game value; otherwise it is an estimate: at the
horizon a position counts as its store difference plus a share of the row difference, in seeds.

Exact values come from the engine's solver (``engine.solver``, Kalah) where it is installed and
finishes within the time budget, else from this module's own search: an iterative-deepening
alpha-beta on the margin with a transposition table, which is exact whenever an iteration finds
no horizon (small boards and endgames).  Variants with a history rule (Oware's repetition) are
searched without their history, so their values are never called exact.

Each search process keeps one searcher per rule set (per thread), so the positions of one game,
analysed in turn, reuse each other's work.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.agents.kernels import kernel_for
from engine.core import Rules, State

ROW_SHARE = 0.5
"""At the horizon, seeds still on a row count this much for its owner (they are usually
banked by the row's owner at the end, but some will be captured or sown across)."""
SOLVED = 1 << 20  # a table entry's depth when its subtree reached no horizon
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 2_000_000
MAX_DEPTH = 80
UNLIMITED = 10_000  # a depth no game reaches: a search to the end of every line
STEP = 0.5  # values are multiples of half a seed (ROW_SHARE)

Node = Any  # a board list (kernels) or a State
Child = tuple[int, Node, Any]


class _Timeout(Exception):
    pass


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
        }


def _round(value: float) -> float | int:
    """Whole seeds as ints, estimates to a tenth of a seed."""
    return int(value) if value == int(value) else round(value, 1)


def has_history(rules: Rules) -> bool:
    """Whether the rules keep a history that changes the game (repetition)."""
    return type(rules).start_history is not Rules.start_history


class Searcher:
    """Alpha-beta on the final margin for one rule set; its table outlives a position."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.table: dict[Any, tuple[int, float, int, int]] = {}
        self.nodes = 0
        self.horizon = False
        self.deadline = 0.0
        self.can_be_exact = not has_history(rules)
        s0, s1 = rules.store0, rules.store1
        n = rules.pits
        share = ROW_SHARE
        self.expand: Callable[[Node, int], Iterable[Child]]
        self.key: Callable[[Node, int], Any]
        self.margin: Callable[[Node, int], float]
        self.estimate: Callable[[Node, int], float]
        if rules.board_only:
            self.expand = kernel_for(rules)
            small = rules.total_seeds < 256

            def key(board: Node, player: int) -> Any:
                return bytes(board) + (b"1" if player else b"0") if small else (*board, player)

            def margin(board: Node, player: int) -> float:
                m = float(board[s0] - board[s1])
                return -m if player else m

            def estimate(board: Node, player: int) -> float:
                rows: int = sum(board[0:n]) - sum(board[n + 1 : s1])
                m = float(board[s0] - board[s1]) + share * rows
                return -m if player else m

            self.key, self.margin, self.estimate = key, margin, estimate
        else:

            def children(state: Node, player: int) -> list[Child]:
                out = []
                for move in state.legal_moves():
                    child = state.play(move)
                    out.append((move, child, child.to_move))
                return out

            self.expand = children
            self.key = lambda state, player: state.key()
            self.margin = lambda state, player: self._state_margin(state.board, player)
            self.estimate = lambda state, player: self._state_estimate(state.board, player)

    def _state_margin(self, board: Any, player: int) -> float:
        r = self.rules
        m = board[r.store0] - board[r.store1]
        return float(-m if player else m)

    def _state_estimate(self, board: Any, player: int) -> float:
        r = self.rules
        rows: int = sum(board[i] for i in r.row(0)) - sum(board[i] for i in r.row(1))
        m = float(board[r.store0] - board[r.store1]) + ROW_SHARE * rows
        return -m if player else m

    def search(self, node: Node, player: int, depth: int, alpha: float, beta: float) -> float:
        """The value of ``node`` for ``player`` (to move), searched ``depth`` plies deep."""
        self.nodes += 1
        if not self.nodes & 4095 and time.perf_counter() > self.deadline:
            raise _Timeout
        key = self.key(node, player)
        entry = self.table.get(key)
        first = -1
        if entry is not None:
            e_depth, e_value, e_flag, first = entry
            if e_depth >= depth and (
                e_flag == EXACT
                or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)
            ):
                if e_depth < SOLVED:
                    self.horizon = True
                return e_value
        if depth <= 0:
            self.horizon = True
            return self.estimate(node, player)
        outer = self.horizon
        self.horizon = False
        children = list(self.expand(node, player))
        if len(children) > 1:  # the table's move first, then moves that keep the turn
            children.sort(key=lambda c: 0 if c[0] == first else 1 if c[2] == player else 2)
        alpha0 = alpha
        best, best_move = -float("inf"), -1
        for move, child, nxt in children:
            if nxt is None:
                value = self.margin(child, player)
            elif nxt == player:
                value = self.search(child, nxt, depth - 1, alpha, beta)
            else:
                value = -self.search(child, nxt, depth - 1, -beta, -alpha)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table[key] = (depth if self.horizon else SOLVED, best, flag, best_move)
        self.horizon = self.horizon or outer
        return best

    def _solve_rest(
        self, children: list[Child], player: int, values: dict[int, float], exact: dict[int, bool]
    ) -> None:
        """Search the unsolved moves to the end of the game until the deadline; each one that
        finishes gets its exact value."""
        for move, node, nxt in sorted(children, key=lambda c: -values[c[0]]):
            if exact[move] or nxt is None:
                continue
            sign = 1 if nxt == player else -1
            try:
                value = sign * self.mtdf(node, nxt, UNLIMITED, sign * values[move])
            except _Timeout:
                return
            if not self.horizon:
                values[move], exact[move] = value, True

    def mtdf(self, node: Node, player: int, depth: int, guess: float) -> float:
        """The value of ``node`` by null-window searches closing in from ``guess`` (MTD(f));
        values are whole or half seeds, so a window of half a seed decides each step."""
        low, high = -float("inf"), float("inf")
        g = guess
        horizon = False
        while low < high:
            beta = g + STEP if g == low else g
            self.horizon = False
            g = self.search(node, player, depth, beta - STEP, beta)
            horizon = horizon or self.horizon
            if g < beta:
                high = g
            else:
                low = g
        self.horizon = horizon
        return g

    def evaluate(
        self, state: State, seconds: float, deepen_share: float = 0.4, max_depth: int = MAX_DEPTH
    ) -> Evaluation:
        """Every legal move's value for the mover: deepening one ply at a time for
        ``deepen_share`` of the time (or until solved), then trying to solve the moves not yet
        solved with what is left (solved subtrees stay in the table for the next position)."""
        start = time.perf_counter()
        self.deadline = start + seconds
        self.nodes = 0
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        player = state.to_move
        assert player is not None
        children: list[Child] = []
        for move in state.legal_moves():
            child = state.play(move)
            node = list(child.board) if self.rules.board_only else child
            children.append((move, node, child.to_move))
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
                    self.horizon = False
                    if nxt is None:
                        value = self.margin(node, player)
                    else:
                        sign = 1 if nxt == player else -1
                        guess = sign * values.get(move, 0.0)
                        value = sign * self.mtdf(node, nxt, depth - 1, guess)
                    found[move] = value
                    solved[move] = not self.horizon and self.can_be_exact
            except _Timeout:
                # Moves solved in the unfinished depth are kept: a solved value is final.
                for move, ok in solved.items():
                    if ok:
                        values[move], exact[move] = found[move], True
                break
            values, exact, reached = found, solved, depth
            if all(solved.values()) or (not self.can_be_exact and depth >= 40):
                break
            if time.perf_counter() > start + deepen_share * seconds:
                break
        if self.can_be_exact and values and not all(exact.values()):
            self._solve_rest(children, player, values, exact)
        if not values:  # not even one ply in time: the position as it stands after each move
            for move, node, nxt in children:
                values[move] = (
                    self.margin(node, player)
                    if nxt is None
                    else (1 if nxt == player else -1) * self.estimate(node, nxt)
                )
                exact[move] = nxt is None
        return Evaluation(values, exact, reached, self.nodes, time.perf_counter() - start, "search")


_local = threading.local()


def searcher(rules: Rules) -> Searcher:
    """This thread's searcher for ``rules`` (kept for the next position of the same game)."""
    kept: dict[Rules, Searcher] | None = getattr(_local, "searchers", None)
    if kept is None:
        kept = _local.searchers = {}
    found = kept.get(rules)
    if found is None:
        if len(kept) > 4:
            kept.clear()
        found = kept[rules] = Searcher(rules)
    return found


@dataclass
class _Solvers:
    made: dict[Rules, Any] = field(default_factory=dict)


def _solver(rules: Rules) -> Any | None:
    """The engine's exact solver for ``rules``, if it is installed and handles them."""
    kept: _Solvers | None = getattr(_local, "solvers", None)
    if kept is None:
        kept = _local.solvers = _Solvers()
    if rules in kept.made:
        return kept.made[rules]
    try:
        from engine.solver import Solver  # type: ignore[import-not-found,unused-ignore]

        made: Any | None = Solver(rules)
    except Exception:  # noqa: BLE001 (not installed, or not these rules: search instead)
        made = None
    kept.made[rules] = made
    return made


def evaluate(state: State, seconds: float, solve_share: float = 0.5) -> Evaluation:
    """Every legal move's value for the player to move within about ``seconds``.

    The solver (when there is one for the rules) gets ``solve_share`` of the time first; if it
    can't finish, the search estimates with what is left.
    """
    if state.to_move is None:
        raise ValueError("the game is over: there is no move to evaluate")
    start = time.perf_counter()
    solver = _solver(state.rules)
    if solver is not None:
        try:
            solution = solver.solve(state, seconds=seconds * solve_share)
        except TimeoutError:
            pass
        else:
            values = {int(m): float(v) for m, v in solution.move_values.items()}
            return Evaluation(
                values,
                {m: True for m in values},
                0,
                int(solution.nodes),
                time.perf_counter() - start,
                "solver",
            )
    left = max(0.01, seconds - (time.perf_counter() - start))
    found = searcher(state.rules).evaluate(state, left)
    found.seconds = time.perf_counter() - start
    return found
