"""Minimax with alpha-beta pruning, iterative deepening and a transposition table.

The search asks every position whose turn it is (Kalah's extra turns mean the players do not
simply alternate): it maximises where the agent is to move and minimises elsewhere.  Finished
games get exact values (a win is worth far more than any heuristic), so forced wins are found.

Move ordering: the transposition table's best move first, then moves that keep the turn, then
the rest in pit order; after the first move of a node, principal variation search tries to prove
each other move no better with a null window.  Under a time limit the search deepens one ply at a
time and keeps the best move of the last depth it finished.

For variants whose moves depend on the board and mover alone (``rules.board_only``) the search
runs on bare board lists through a kernel of ``engine.agents.kernels`` (the variant's own rules,
or a fused kernel tested against them), without building a State per node.  Other variants are
searched through ``State.play``.  Below the root, Oware's repetition rule is not tracked (the
root's moves and children are exact).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.heuristics import WIN, final_value, make_evaluator
from engine.agents.kernels import kernel_for, leaf_best_for
from engine.core import State

EXACT, LOWER, UPPER = 0, 1, 2
NULL = 1e-6
"""Width of a null window (values differ by far more unless they are equal)."""
MAX_DEPTH = 64
TABLE_LIMIT = 1_500_000


class _Timeout(Exception):
    """The deadline passed in the middle of a depth."""


class MinimaxAgent(Agent):
    """Alpha-beta minimax.  ``heuristic`` picks the evaluation (see engine.agents.heuristics);
    ``weights`` gives a weighted heuristic's weights; ``noise`` is the chance of a random move
    (for the weakest level); ``ordering=False`` and ``table=False`` give plain alpha-beta
    (searching the depth limit directly, moves in pit order); ``exact_wins=False`` scores a
    finished game by its margin alone, as the reference benchmark does; ``leaf_kernel=False``
    evaluates every leaf on its board (the same values, slower; for tests)."""

    name = "minimax"

    def __init__(
        self,
        seed: int | None = None,
        limit: Limit | None = None,
        heuristic: str = "diff",
        weights: Sequence[float] | None = None,
        noise: float = 0.0,
        ordering: bool = True,
        table: bool = True,
        exact_wins: bool = True,
        leaf_kernel: bool = True,
    ) -> None:
        super().__init__(seed, limit)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise!r}")
        self.heuristic = heuristic
        self.weights = tuple(weights) if weights is not None else None
        self.noise = noise
        self.ordering = ordering
        self.use_table = table
        self.exact_wins = exact_wins
        self.leaf_kernel = leaf_kernel
        # Fail early on a bad heuristic name.
        from engine import get_variant

        make_evaluator(get_variant("kalah"), 0, heuristic, self.weights)

    def describe(self) -> str:
        return f"minimax({self.heuristic})"

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        decision = _Search(state, limit, clock, self).run()
        if self.noise and self.rng.random() < self.noise:
            # A deliberate slip: a random move, reported with what the search thought of it.
            move = self.rng.choice(state.legal_moves())
            decision.move, decision.pv = move, (move,)
            decision.value = decision.move_values.get(move)
            decision.extra["random"] = True
        return decision


class _Search:
    """One alpha-beta search from one root position."""

    def __init__(self, root: State, limit: Limit, clock: Deadline, agent: MinimaxAgent) -> None:
        self.root = root
        self.limit = limit
        self.clock = clock
        self.agent = agent
        rules = root.rules
        assert root.to_move is not None
        self.me: int = root.to_move
        me = self.me
        self.rules = rules
        self.evaluate = make_evaluator(rules, self.me, agent.heuristic, agent.weights)
        self.table: dict[Any, tuple[int, float, int, int]] = {}
        self.nodes = 0
        self.next_check = 1024
        self.expand: Callable[[Any, int], Iterable[tuple[int, Any, Any]]]
        self.key: Callable[[Any, int], Any]
        self.win = WIN if agent.exact_wins else 0.0
        win = self.win
        self.evaluate_node: Callable[[Any], float]
        self.final: Callable[[Any], float]
        if rules.board_only:
            self.expand = kernel_for(rules)
            self.key = _bytes_key if rules.total_seeds < 256 else _tuple_key
            self.evaluate_node = self.evaluate
            self.final = lambda board: final_value(board, rules, me, win)
        else:
            self.expand = _state_children
            self.key = _state_key
            self.evaluate_node = lambda state: self.evaluate(state.board)
            self.final = lambda state: final_value(state.board, rules, me, win)
        self.alphabeta = self._make_alphabeta()

    def _make_alphabeta(self) -> Callable[[Any, int, int, float, float], float]:
        """The recursive search as a closure over locals (the inner loop of every search)."""
        me, clock = self.me, self.clock
        expand, key_of = self.expand, self.key
        evaluate, final = self.evaluate_node, self.final
        # Parents of leaves under a stores-and-rows heuristic need only each move's totals.
        weights = getattr(self.evaluate, "totals_weights", None)
        leaf_best = (
            leaf_best_for(self.rules, weights, me, self.win)
            if weights and self.agent.leaf_kernel and self.rules.board_only
            else None
        )

        table = self.table if self.agent.use_table else None
        ordering = self.agent.ordering
        pvs = ordering and table is not None
        inf = float("inf")
        search = self

        def alphabeta(node: Any, player: int, depth: int, alpha: float, beta: float) -> float:
            """Value of ``node`` (``player`` to move) for the searching agent."""
            search.nodes += 1
            if search.nodes >= search.next_check:
                search.next_check = search.nodes + 1024
                if clock.expired():
                    raise _Timeout
            if depth == 0:
                return evaluate(node)
            first = -1
            if table is not None:
                key = key_of(node, player)
                entry = table.get(key)
                if entry is not None:
                    e_depth, e_value, e_flag, first = entry
                    if e_depth >= depth and (
                        e_flag == EXACT
                        or (e_flag == LOWER and e_value >= beta)
                        or (e_flag == UPPER and e_value <= alpha)
                    ):
                        return e_value
            if depth == 1 and leaf_best is not None:
                best, best_move, valued = leaf_best(node, player, alpha, beta)
                search.nodes += valued
                if table is not None:
                    flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
                    table[key] = (depth, best, flag, best_move)
                return best
            children = expand(node, player)
            if ordering and depth > 1:
                children = _ordered(children, player, first)
            alpha0, beta0 = alpha, beta
            best_move = -1
            if player == me:
                best = -inf
                for move, child, nxt in children:
                    if nxt is None:
                        search.nodes += 1
                        value = final(child)
                    elif depth == 1:  # a leaf: evaluate here rather than call the search
                        search.nodes += 1
                        value = evaluate(child)
                    elif pvs and best > -inf:
                        # Principal variation search: prove the move is no better with a null
                        # window, and search it properly only if it is.
                        value = alphabeta(child, nxt, depth - 1, alpha, alpha + NULL)
                        if alpha < value < beta:
                            value = alphabeta(child, nxt, depth - 1, value, beta)
                    else:
                        value = alphabeta(child, nxt, depth - 1, alpha, beta)
                    if value > best:
                        best, best_move = value, move
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
            else:
                best = inf
                for move, child, nxt in children:
                    if nxt is None:
                        search.nodes += 1
                        value = final(child)
                    elif depth == 1:  # a leaf: evaluate here rather than call the search
                        search.nodes += 1
                        value = evaluate(child)
                    elif pvs and best < inf:
                        value = alphabeta(child, nxt, depth - 1, beta - NULL, beta)
                        if alpha < value < beta:
                            value = alphabeta(child, nxt, depth - 1, alpha, value)
                    else:
                        value = alphabeta(child, nxt, depth - 1, alpha, beta)
                    if value < best:
                        best, best_move = value, move
                        if value < beta:
                            beta = value
                            if alpha >= beta:
                                break
            if table is not None:
                flag = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
                table[key] = (depth, best, flag, best_move)
            return best

        return alphabeta

    # -- iterative deepening at the root ----------------------------------------------------

    def run(self) -> Decision:
        root = self.root
        self.nodes = 1  # the root
        children = []
        for move in root.legal_moves():
            child = root.play(move)
            node = list(child.board) if self.rules.board_only else child
            children.append((move, node, child.to_move))
        max_depth = self.limit.depth or MAX_DEPTH
        if self.limit.depth is None and self.limit.seconds is None:
            max_depth = 6  # neither time nor depth given: a quick default
        order = [m for m, _, _ in children]
        best_move, best_value, reached = order[0], None, 0
        values: dict[int, float] = {}
        bounds: list[int] = []
        # Plain alpha-beta (no table, no ordering) searches the depth limit directly.
        plain = not (self.agent.ordering or self.agent.use_table) and self.limit.depth
        for depth in range(max_depth if plain else 1, max_depth + 1):
            try:
                best_move, best_value, values, bounds = self._root_iteration(children, depth, order)
            except _Timeout:
                break
            reached = depth
            order = sorted(values, key=lambda m: -values[m])
            if abs(best_value) >= WIN or self.clock.expired():
                break
            if len(self.table) > TABLE_LIMIT:
                self.table.clear()
        if reached == 0:
            # Not even depth 1 finished in time: take the move that banks the most.
            best_move = max(order, key=lambda m: root.play(m).scores[self.me])
        return Decision(
            best_move,
            value=best_value,
            depth=reached,
            nodes=self.nodes,
            pv=self._principal_variation(best_move, children),
            move_values=values,
            extra={"upper_bounds": bounds},
        )

    def _root_iteration(
        self, children: list[tuple[int, Any, Any]], depth: int, order: list[int]
    ) -> tuple[int, float, dict[int, float], list[int]]:
        """Search every root move to ``depth``; moves that fail low get an upper bound."""
        by_move = {m: (c, n) for m, c, n in children}
        alpha = -float("inf")
        values: dict[int, float] = {}
        bounds: list[int] = []
        best_move = order[0]
        for move in order:
            child, nxt = by_move[move]
            if nxt is None:
                self.nodes += 1
                value = self.final(child)
            else:
                value = self.alphabeta(child, nxt, depth - 1, alpha, float("inf"))
            values[move] = value
            if value > alpha:
                alpha, best_move = value, move
            elif move != order[0] and nxt is not None and depth > 1:
                bounds.append(move)  # searched with a window it failed below: at most this
        return best_move, alpha, values, bounds

    def _principal_variation(self, move: int, children: list[tuple[int, Any, Any]]) -> tuple:
        """The moves the search expects: the chosen move, then each table best move in turn."""
        pv = [move]
        _, node, player = next(c for c in children if c[0] == move)
        seen = set()
        while player is not None and len(pv) < 40:
            key = self.key(node, player)
            if key in seen or key not in self.table:
                break
            seen.add(key)
            best = self.table[key][3]
            step = next((c for c in self.expand(node, player) if c[0] == best), None)
            if step is None:
                break
            pv.append(best)
            _, node, player = step
        return tuple(pv)


def _ordered(
    children: Iterable[tuple[int, Any, Any]], player: int, first: int
) -> list[tuple[int, Any, Any]]:
    """The table's best move first, then moves that keep the turn, then the rest in pit order."""
    front, extra, rest = [], [], []
    for child in children:
        if child[0] == first:
            front.append(child)
        elif child[2] == player:
            extra.append(child)
        else:
            rest.append(child)
    return front + extra + rest


def _bytes_key(board: list[int], player: int) -> bytes:
    return bytes(board) + (b"1" if player else b"0")


def _tuple_key(board: list[int], player: int) -> tuple:
    return (*board, player)


def _state_key(state: State, player: int) -> State:
    return state


def _state_children(state: State, player: int) -> list[tuple[int, Any, Any]]:
    out = []
    for move in state.legal_moves():
        child = state.play(move)
        out.append((move, child, child.to_move))
    return out
