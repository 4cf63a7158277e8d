"""Monte-Carlo tree search: UCT (UCB1 selection), random or cheap-policy playouts.

Each iteration walks down the tree choosing the child with the best UCB1 score

    win rate of the child for the player who chose it + c * sqrt(ln(parent visits) / visits),

adds one new child, plays the game out to the end, and credits the result (win 1, draw 1/2,
loss 0) to every node on the path, each from the point of view of the player who moved into it.
Every node records whose turn it is, so Kalah's extra turns need no special case.

The tree is kept between the moves of one game: on the next call the agent looks for the new
position a few plies down the old tree and keeps searching from there.  ``node_limit`` caps the
tree's size (playouts still run from the leaves once it is reached).
"""

from __future__ import annotations

import math
from typing import Any

from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.kernels import kernel_for
from engine.core import State

PLAYOUTS = ("random", "greedy")
MAX_PLAYOUT_PLIES = 400
"""A playout still going after this many plies (seeds can circle forever in Oware without the
repetition rule, which playouts don't track) ends as a repetition would: each banks their row."""


class _Node:
    """A position in the tree, reached by ``move`` from its parent."""

    __slots__ = ("move", "parent", "board", "to_move", "children", "untried", "visits", "wins")

    def __init__(self, move: int, parent: _Node | None, board: Any, to_move: int | None) -> None:
        self.move = move
        self.parent = parent
        self.board = board  # a board list, or a State for variants that need more than a board
        self.to_move = to_move
        self.children: list[_Node] = []
        self.untried: list[tuple[int, Any, int | None]] | None = None
        self.visits = 0
        self.wins = 0.0  # for the player who moved into this node


class MCTSAgent(Agent):
    """UCT.  ``c`` is the exploration constant, ``playout`` "random" or "greedy" (a cheap policy
    that mostly takes the move banking the most seeds), ``node_limit`` caps the tree size,
    ``reuse`` keeps the tree between moves of one game."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        limit: Limit | None = None,
        c: float = 1.4,
        playout: str = "random",
        node_limit: int = 200_000,
        reuse: bool = True,
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
        self._root: _Node | None = None
        self._rules: Any = None
        self._nodes = 0

    def describe(self) -> str:
        return f"mcts({self.playout_policy})"

    def reset(self) -> None:
        self._root = None

    # -- the tree -------------------------------------------------------------------------------

    def _start(self, state: State) -> _Node:
        """The root for ``state``: found in the kept tree when possible, else a new node."""
        rules = state.rules
        if self._rules != rules:
            self._root, self._rules = None, rules
            self._board_only = rules.board_only
            self._children = kernel_for(rules) if rules.board_only else None
        found = self._find(state) if self.reuse and self._root is not None else None
        if found is not None:
            found.parent = None
            return found
        self._nodes = 1
        board = list(state.board) if self._board_only else state
        return _Node(-1, None, board, state.to_move)

    def _find(self, state: State, max_plies: int = 4) -> _Node | None:
        """A node of the kept tree a few plies down whose position is ``state``'s."""
        frontier = [self._root]
        # A bare board where moves depend on the board alone, else the whole state (e.g. tuzdyks).
        target = (list(state.board) if self._board_only else state, state.to_move)
        for _ in range(max_plies + 1):
            nxt = []
            for node in frontier:
                assert node is not None
                if (node.board, node.to_move) == target:
                    return node
                nxt.extend(node.children)
            frontier = nxt
        return None

    def _expand_all(self, node: _Node) -> list[tuple[int, Any, int | None]]:
        if self._board_only:
            return list(self._children(node.board, node.to_move))
        return [(m, c, c.to_move) for m in node.board.legal_moves() for c in (node.board.play(m),)]

    # -- search ---------------------------------------------------------------------------------

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        root = self._start(state)
        reused = root.visits
        iterations = limit.iterations
        if iterations is None and limit.seconds is None:
            iterations = 1000
        rng = self.rng
        log = math.log
        sqrt = math.sqrt
        c = self.c
        done = 0
        max_depth = 0
        while iterations is None or done < iterations:
            if limit.seconds is not None and done and not done & 15 and clock.expired():
                break
            # Selection: follow UCB1 while the node is fully expanded.
            node = root
            depth = 0
            while node.untried == [] and node.children:
                log_n = log(node.visits)
                best, best_score = node.children[0], -1.0
                for child in node.children:
                    score = child.wins / child.visits + c * sqrt(log_n / child.visits)
                    if score > best_score:
                        best, best_score = child, score
                node = best
                depth += 1
            # Expansion: one new child, while the tree may grow.
            if node.to_move is not None and self._nodes < self.node_limit:
                if node.untried is None:
                    node.untried = self._expand_all(node)
                    rng.shuffle(node.untried)
                if node.untried:
                    move, board, to_move = node.untried.pop()
                    child = _Node(move, node, board, to_move)
                    node.children.append(child)
                    self._nodes += 1
                    node = child
                    depth += 1
            max_depth = max(max_depth, depth)
            # Playout and backpropagation.
            scores = self._playout(node)
            while node.parent is not None:
                node.visits += 1
                mover = node.parent.to_move
                node.wins += (
                    1.0
                    if scores[mover] > scores[1 - mover]
                    else (0.5 if scores[0] == scores[1] else 0.0)
                )
                node = node.parent
            node.visits += 1
            done += 1
        self._root = root
        decision = self._decision(root, done, max_depth)
        decision.extra["reused_visits"] = reused
        return decision

    def _playout(self, node: _Node) -> tuple[int, int]:
        """Play the game out from ``node`` by the playout policy; the final scores."""
        rules = self._rules
        if not self._board_only:
            state = node.board
            for _ in range(MAX_PLAYOUT_PLIES):
                if state.is_over:
                    return state.scores
                state = state.play(self.rng.choice(state.legal_moves()))
            return _banked(rules, list(state.board))
        board = node.board[:]
        player = node.to_move
        rng = self.rng
        plies = 0
        if self.playout_policy == "greedy":
            children = self._children
            while player is not None and plies < MAX_PLAYOUT_PLIES:
                plies += 1
                options = list(children(board, player))
                if rng.random() < 0.2:
                    _, board, player = rng.choice(options)
                    continue
                store = rules.store(player)
                _, board, nxt = max(options, key=lambda o: o[1][store] + (o[2] == player))
                player = nxt
        else:
            moves, apply = rules.moves, rules.apply
            while player is not None and plies < MAX_PLAYOUT_PLIES:
                plies += 1
                player = apply(board, player, rng.choice(moves(board, player)))
        return (
            _banked(rules, board)
            if player is not None
            else (board[rules.store0], board[rules.store1])
        )

    def _decision(self, root: _Node, playouts: int, depth: int) -> Decision:
        """The most visited move, with visits and win rate for every move tried."""
        best = max(root.children, key=lambda ch: ch.visits)
        rates = {ch.move: round(ch.wins / ch.visits, 4) for ch in root.children}
        visits = {str(ch.move): ch.visits for ch in root.children}
        pv = [best.move]
        node = best
        while node.children and len(pv) < 30:
            node = max(node.children, key=lambda ch: ch.visits)
            pv.append(node.move)
        return Decision(
            best.move,
            value=rates[best.move],
            depth=depth,
            nodes=playouts,
            pv=tuple(pv),
            move_values=rates,
            extra={"visits": visits, "tree_nodes": self._nodes},
        )


def _banked(rules: Any, board: list[int]) -> tuple[int, int]:
    """Scores if each player banked the seeds on their own row now."""
    return (
        board[rules.store0] + sum(board[i] for i in rules.row(0)),
        board[rules.store1] + sum(board[i] for i in rules.row(1)),
    )
