"""Minimax with alpha-beta pruning, iterative deepening and a transposition table.

The search below the root is :mod:`engine.agents.alphabeta` (pure Python, or its native twin
where the native core plays the variant: same tree, same values).  This module searches the
root: one ply at a time deeper, keeping the best move of the last depth it finished, until

* the depth limit;
* the value is proven: no line of the search was cut by the depth limit, so deeper searches
  would find the same (a proven win keeps being deepened until its margin is exact too);
* the time limit;
* or, under a time limit, the best move has been the same for :data:`STABLE_DEPTHS` depths
  and the next depth is predicted to take longer than the time left (a depth that does not
  finish is thrown away, so it could not change the move; the prediction is the last depth's
  time times its growth over the one before, clamped to [:data:`MIN_GROWTH`,
  :data:`MAX_GROWTH`]).

For variants whose moves depend on the board and mover alone (``rules.board_only``) the search
runs on bare board lists; other variants are searched through ``State.play``.  Below the root,
Oware's repetition rule is not tracked (the root's moves and children are exact), so only a
variant without history rules reports a proven value as exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.agents.alphabeta import make_searcher
from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.heuristics import ONE_SIDED, final_value, make_evaluator
from engine.agents.nodes import Child, has_history, root_children
from engine.core import State
from engine.solver.oware_table import for_rules
from engine.solver.table import ready

MAX_DEPTH = 64
TABLE_LIMIT = 1_500_000
STABLE_DEPTHS = 5
"""Depths in a row with the same best move before the search may stop early."""
MIN_GROWTH, MAX_GROWTH = 1.5, 4.0
"""The least and most a depth is predicted to cost, as a multiple of the depth before it (the
ratio of two short depths' times says little: it is clamped)."""


class MinimaxAgent(Agent):
    """Alpha-beta minimax.  ``heuristic`` picks the evaluation (see engine.agents.heuristics);
    ``weights`` gives a weighted heuristic's weights; ``noise`` is the chance of a random move
    (for the weakest level); ``ordering=False`` and ``table=False`` give plain alpha-beta
    (searching the depth limit directly, moves in pit order); ``exact_wins=False`` scores a
    finished game by its margin alone, as the reference benchmark does; ``leaf_kernel=False``
    evaluates every leaf on its board (the same values, slower; for tests); ``early_stop=False``
    thinks until the time limit even when the move has settled; ``endgame=True`` values Kalah
    positions with few seeds on the board exactly from an endgame table (the one the solver
    uses, read from the folder ``tables`` once prepared, see engine.solver.table.ready);
    ``oware_leaves=True`` values Oware positions within the host's Oware table (the largest in
    ``tables``, engine.solver.oware_table) from it below a root beyond it: the margin the agent
    forces where the table's bounds decide the result, the heuristic held within them at a leaf
    where they don't (engine.agents.alphabeta); a root within
    it is the table's to decide (engine.agents.oware_exact), so where the search still plays
    there (a loss the table can't rule out a swindle of) it searches without the table."""

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
        early_stop: bool = True,
        endgame: bool = False,
        tables: str | None = None,
        oware_leaves: bool = False,
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
        self.early_stop = bool(early_stop)
        self.endgame = bool(endgame)
        self.tables = tables
        self.oware_leaves = bool(oware_leaves)
        # Fail early on a bad heuristic name.
        from engine import get_variant

        make_evaluator(get_variant("kalah"), 0, heuristic, self.weights)

    def describe(self) -> str:
        return f"minimax({self.heuristic})"

    def even_value(self, state: State, decision: Decision) -> float | None:
        """0 on the zero-sum heuristics; None on one that counts the mover's own seeds alone."""
        if decision.value is None or (self.weights is None and self.heuristic in ONE_SIDED):
            return None
        return 0.0

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        decision = _Search(state, limit, clock, self).run()
        if self.noise and self.rng.random() < self.noise:
            # A deliberate slip: a random move, reported with what the search thought of it.
            move = self.rng.choice(state.legal_moves())
            decision.move, decision.pv = move, (move,)
            decision.value = decision.move_values.get(move)
            decision.exact = False
            decision.extra["random"] = True
        return decision


def settled(bests: Sequence[int], times: Sequence[float], left: float) -> bool:
    """Whether deepening further can't change the move: the best move of each of the last
    STABLE_DEPTHS depths (``bests``, one a depth) is the same, and the next depth is predicted
    to take longer than the ``left`` seconds (an unfinished depth is thrown away).  The
    prediction is the last depth's time (``times``, one a depth) times its growth over the
    depth before, kept between MIN_GROWTH and MAX_GROWTH.

    >>> settled([2, 5, 5, 5, 5, 5], [0.01, 0.02, 0.05, 0.1, 0.3, 0.6], left=1.0)
    True
    >>> settled([2, 5, 5, 5, 5, 5], [0.01, 0.02, 0.05, 0.1, 0.3, 0.6], left=1.5)
    False
    >>> settled([5, 5, 5, 5, 2], [0.01, 0.02, 0.05, 0.1, 0.3], left=0.1)
    False
    """
    if len(bests) < STABLE_DEPTHS or len(set(bests[-STABLE_DEPTHS:])) != 1:
        return False
    growth = times[-1] / times[-2] if times[-2] > 0 else MAX_GROWTH
    growth = min(MAX_GROWTH, max(MIN_GROWTH, growth))
    return times[-1] * growth > left


class _Search:
    """Iterative deepening from one root position."""

    def __init__(self, root: State, limit: Limit, clock: Deadline, agent: MinimaxAgent) -> None:
        self.root = root
        self.limit = limit
        self.clock = clock
        self.agent = agent
        rules = root.rules
        assert root.to_move is not None
        self.me: int = root.to_move
        self.rules = rules
        self.win = 1000.0 if agent.exact_wins else 0.0
        evaluate = make_evaluator(rules, self.me, agent.heuristic, agent.weights)
        endgame = ready(rules, agent.tables) if agent.endgame else None
        oware = for_rules(rules, agent.tables) if agent.oware_leaves else None
        if oware is not None and root.on_rows <= oware.seeds:
            oware = None  # the root is the table's (see MinimaxAgent)
        self.core = make_searcher(
            rules,
            self.me,
            evaluate,
            self.win,
            agent.ordering,
            agent.use_table,
            agent.leaf_kernel,
            endgame,
            oware=oware,
        )

    def final(self, node: Any) -> float:
        board = node if self.rules.board_only else node.board
        return final_value(board, self.rules, self.me, self.win)

    def run(self) -> Decision:
        root, core, clock = self.root, self.core, self.clock
        core.nodes = 1  # the root
        children = root_children(root)
        max_depth = self.limit.depth or MAX_DEPTH
        if self.limit.depth is None and self.limit.seconds is None:
            max_depth = 6  # neither time nor depth given: a quick default
        order = [m for m, _, _ in children]
        best_move, best_value, reached, proven = order[0], None, 0, False
        values: dict[int, float] = {}
        bounds: list[int] = []
        bests: list[int] = []
        times: list[float] = []
        early = False
        # Plain alpha-beta (no table, no ordering) searches the depth limit directly.
        plain = not (self.agent.ordering or self.agent.use_table) and self.limit.depth
        for depth in range(max_depth if plain else 1, max_depth + 1):
            started = clock.elapsed()
            result = self._root_iteration(children, depth, order)
            if result is None:
                break
            best_move, best_value, values, bounds, proven = result
            reached = depth
            bests.append(best_move)
            times.append(clock.elapsed() - started)
            order = sorted(values, key=lambda m: -values[m])
            if proven or clock.expired():
                break
            if self._settled(bests, times):
                early = True
                break
            if core.table_size() > TABLE_LIMIT:
                core.clear_table()
        if reached == 0:
            # Not even depth 1 finished in time: take the move that banks the most.
            best_move = max(order, key=lambda m: root.play(m).scores[self.me])
        extra: dict[str, Any] = {"upper_bounds": bounds}
        if early:
            extra["stopped_early"] = True
        return Decision(
            best_move,
            value=best_value,
            depth=reached,
            nodes=core.nodes,
            pv=self._principal_variation(best_move, children),
            move_values=values,
            extra=extra,
            exact=proven and not has_history(self.rules),
        )

    def _settled(self, bests: list[int], times: list[float]) -> bool:
        """Whether to stop before the next depth (see :func:`settled`)."""
        if not self.agent.early_stop or self.clock.end is None:
            return False
        return settled(bests, times, self.clock.end - self.clock.start - self.clock.elapsed())

    def _root_iteration(
        self, children: list[Child], depth: int, order: list[int]
    ) -> tuple[int, float, dict[int, float], list[int], bool] | None:
        """Search every root move to ``depth``; moves that fail low get an upper bound.  None if
        the time ran out; else the best move, its value, each move's value, the bounded moves
        and whether the result is proven."""
        core = self.core
        by_move = {m: (c, n) for m, c, n in children}
        alpha = -float("inf")
        values: dict[int, float] = {}
        bounds: list[int] = []
        best_move = order[0]
        horizon = core.horizon
        for move in order:
            child, nxt = by_move[move]
            if nxt is None:
                core.nodes += 1
                value = self.final(child)
            else:
                found = core.alphabeta(child, nxt, depth - 1, alpha, float("inf"), self.clock.end)
                if found is None:
                    return None
                value = found
            values[move] = value
            if value > alpha:
                alpha, best_move = value, move
            elif move != order[0] and nxt is not None and depth > 1:
                bounds.append(move)  # searched with a window it failed below: at most this
        return best_move, alpha, values, bounds, core.horizon == horizon

    def _principal_variation(self, move: int, children: list[Child]) -> tuple[int, ...]:
        """The moves the search expects: the chosen move, then each table best move in turn."""
        pv = [move]
        _, node, player = next(c for c in children if c[0] == move)
        seen = set()
        while player is not None and len(pv) < 40:
            key = (tuple(node) if self.rules.board_only else node, player)
            best = self.core.table_move(node, player)
            if key in seen or best is None:
                break
            seen.add(key)
            step = next((c for c in self.core.children(node, player) if c[0] == best), None)
            if step is None:
                break
            pv.append(best)
            _, node, player = step
        return tuple(pv)
