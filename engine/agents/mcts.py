"""Monte-Carlo tree search: UCT (UCB1 selection), random or cheap-policy playouts.

The tree itself is :class:`engine.agents.tree.PyTree`, or its native twin where the native
core plays the variant (the same tree, move for move: see tests/engine/test_native.py).  Under
a time limit the search runs in slices and stops early once the most visited move can't change
(:func:`decided`).  The tree is kept between the moves of one game: on the next call the agent
looks for the new position a few plies down the old tree and keeps searching from there, with
only that position's subtree kept.  ``node_limit`` caps the tree's size (playouts still run
from the leaves once it is reached).
"""

from __future__ import annotations

from typing import Any

from engine import native
from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.kernels import kernel_spec
from engine.agents.tree import PyTree
from engine.core import Rules, State
from engine.native import TreeCore
from engine.solver.table import Table, ready

PLAYOUTS = ("random", "greedy")


def make_tree(
    rules: Rules,
    c: float,
    greedy: bool,
    node_limit: int,
    rng_state: int,
    endgame: Table | None = None,
) -> TreeCore:
    """A UCT tree for ``rules``: the native one where the native core plays them, else pure.
    ``endgame``: a Kalah endgame table of ``rules`` that ends playouts with exact results."""
    spec = kernel_spec(rules)
    if native.core is not None and spec is not None:
        values, seeds = (None, -1) if endgame is None else (endgame.values, endgame.seeds)
        return native.core.Tree(spec, c, greedy, node_limit, rng_state, values, seeds)
    return PyTree(rules, c, greedy, node_limit, rng_state, endgame)


class MCTSAgent(Agent):
    """UCT.  ``c`` is the exploration constant, ``playout`` "random" or "greedy" (a cheap policy
    that mostly takes the move banking the most seeds), ``node_limit`` caps the tree size,
    ``reuse`` keeps the tree between moves of one game, ``endgame`` ends a Kalah playout with
    its exact result once the endgame table (read from the folder ``tables``) holds it."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        limit: Limit | None = None,
        c: float = 1.4,
        playout: str = "random",
        node_limit: int = 200_000,
        reuse: bool = True,
        endgame: bool = False,
        tables: str | None = None,
    ) -> None:
        super().__init__(seed, limit)
        if playout not in PLAYOUTS:
            raise ValueError(f"unknown playout {playout!r} (playouts: {', '.join(PLAYOUTS)})")
        if c < 0:
            raise ValueError(f"c must be >= 0, not {c!r}")
        self.c = c
        self.playout_policy = playout
        self.node_limit = node_limit
        self.reuse = reuse
        self.endgame = bool(endgame)
        self.tables = tables
        self._rules: Rules | None = None
        self._table: Table | None = None
        self._tree: TreeCore | None = None
        self._rng_state = (self.rng.getrandbits(64) if seed is None else seed) & (2**64 - 1)

    def describe(self) -> str:
        return f"mcts({self.playout_policy})"

    def reset(self) -> None:
        if self._tree is not None:
            self._tree.forget()

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        rules = state.rules
        table = ready(rules, self.tables) if self.endgame else None
        if self._tree is None or self._rules != rules or table is not self._table:
            # a new rule set, or the folder's table is there now (or was dropped and re-read)
            if self._tree is not None:
                self._rng_state = self._tree.rng_state
            greedy = self.playout_policy == "greedy"
            self._tree = make_tree(rules, self.c, greedy, self.node_limit, self._rng_state, table)
            self._rules, self._table = rules, table
        tree = self._tree
        assert state.to_move is not None
        root = list(state.board) if rules.board_only else state
        reused = tree.start(root, state.to_move, self.reuse)
        iterations = limit.iterations
        if iterations is None and limit.seconds is None:
            iterations = 1000
        if limit.seconds is None or clock.end is None:
            done, max_depth = tree.run(iterations, None)
        else:
            done, max_depth = self._run_timed(tree, iterations, clock, len(state.legal_moves()))
        decision = self._decision(tree, done, max_depth)
        decision.extra["reused_visits"] = reused
        return decision

    def _run_timed(
        self, tree: Any, iterations: int | None, clock: Deadline, moves: int
    ) -> tuple[int, int]:
        """Search in slices of a tenth of the time until the time is up, the iterations are
        done, or the most visited move can't change (see :func:`decided`)."""
        assert clock.end is not None
        done = max_depth = 0
        budget = clock.end - clock.start
        while True:
            left = None if iterations is None else iterations - done
            end = min(clock.end, clock.start + clock.elapsed() + max(0.02, budget / 10))
            slice_done, slice_depth = tree.run(left, end)
            done, max_depth = done + slice_done, max(max_depth, slice_depth)
            if clock.expired() or (iterations is not None and done >= iterations):
                return done, max_depth
            rate = done / clock.elapsed() if clock.elapsed() > 0 else float("inf")
            visits = [v for _, v, _ in tree.root_stats()]
            if len(visits) == moves and decided(
                visits, rate * (clock.end - clock.elapsed() - clock.start)
            ):
                return done, max_depth

    def even_value(self, state: State, decision: Decision) -> float | None:
        """A win rate: an even game is worth one half."""
        return None if decision.value is None else 0.5

    def _decision(self, tree: Any, playouts: int, depth: int) -> Decision:
        """The most visited move, with visits and win rate for every move tried."""
        stats = tree.root_stats()
        move, _, _ = max(stats, key=lambda s: s[1])
        rates = {m: round(wins / visits, 4) for m, visits, wins in stats}
        return Decision(
            move,
            value=rates[move],
            depth=depth,
            nodes=playouts,
            pv=tuple(tree.best_path(30)),
            move_values=rates,
            extra={"visits": {str(m): v for m, v, _ in stats}, "tree_nodes": tree.nodes},
        )


def decided(visits: list[int], playouts_left: float) -> bool:
    """Whether the most visited root move stays the most visited whatever the remaining
    playouts do: its lead over the runner-up is more than the playouts the time left allows
    (estimated from the rate so far).  ``visits``: each root move's visits, every move tried.

    >>> decided([900, 40, 60], playouts_left=500)
    True
    >>> decided([900, 40, 600], playouts_left=500)
    False
    """
    if len(visits) < 2:
        return True
    first, second = sorted(visits, reverse=True)[:2]
    return first - second > playouts_left
