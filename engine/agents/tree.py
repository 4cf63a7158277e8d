"""The Monte-Carlo search tree (UCT) in pure Python: the twin of the native core's tree.

Each iteration walks down the tree choosing the child with the best UCB1 score

    win rate of the child for the player who chose it + c * sqrt(ln(parent visits) / visits),

adds one new child (the children of a node are made in an order shuffled once; once the tree
holds ``node_limit`` nodes only the root still grows), plays the game
out to the end, and credits the result (win 1, draw 1/2, loss 0) to every node on the path,
each from the point of view of the player who moved into it.  Every node records whose turn it
is, so Kalah's extra turns need no special case.  Random numbers come from
:class:`engine.agents.rng.SplitMix64`, as in the native tree, so a seeded search builds the
same tree in both.  Nodes hold bare boards where the rules are board-only, else States.
"""

from __future__ import annotations

import math
import time
from typing import Any

from engine.agents.kernels import kernel_for
from engine.agents.rng import SplitMix64
from engine.core import Rules, State
from engine.solver.table import Table

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
        self.untried: list[int] | None = None
        self.visits = 0
        self.wins = 0.0  # for the player who moved into this node


class PyTree:
    """A UCT tree over one rule set; the same interface as ``engine.native._core.Tree``."""

    def __init__(
        self,
        rules: Rules,
        c: float,
        greedy: bool,
        node_limit: int,
        rng_state: int,
        endgame: Table | None = None,
    ):
        self.rules = rules
        self.endgame = endgame if rules.board_only else None
        self.c = c
        self.greedy = greedy
        self.node_limit = node_limit
        self.rng = SplitMix64(rng_state)
        self.board_only = rules.board_only
        self.kernel = kernel_for(rules)
        self.root: _Node | None = None
        self.nodes = 0  # the nodes in the tree: the root and all below it

    @property
    def rng_state(self) -> int:
        return self.rng.state

    def forget(self) -> None:
        self.root = None

    def start(self, board: Any, to_move: int, reuse: bool) -> int:
        """Root the tree at ``board`` (a list, or a State): a node a few plies down the kept
        tree when ``reuse`` finds one (only its subtree is kept), else a new node.  Returns the
        root's visits kept."""
        found = self._find(board, to_move) if reuse and self.root is not None else None
        if found is not None:
            found.parent = None  # the rest of the old tree is dropped
            self.root = found
            self.nodes = _size(found)
            return found.visits
        self.nodes = 1
        self.root = _Node(-1, None, board, to_move)
        return 0

    def _find(self, board: Any, to_move: int, max_plies: int = 4) -> _Node | None:
        """A node of the kept tree, breadth first, at most ``max_plies`` down, for the position."""
        assert self.root is not None
        frontier = [self.root]
        for _ in range(max_plies + 1):
            nxt = []
            for node in frontier:
                if node.to_move == to_move and node.board == board:
                    return node
                nxt.extend(node.children)
            frontier = nxt
        return None

    def _moves(self, node: _Node) -> list[int]:
        if self.board_only:
            return self.rules.moves(node.board, node.to_move)  # type: ignore[arg-type]
        return list(node.board.legal_moves())

    def _child(self, node: _Node, move: int) -> _Node:
        if self.board_only:
            board = list(node.board)
            nxt = self.rules.apply(board, node.to_move, move)  # type: ignore[arg-type]
            return _Node(move, node, board, nxt)
        state = node.board.play(move)
        return _Node(move, node, state, state.to_move)

    def run(self, iterations: int | None, deadline: float | None) -> tuple[int, int]:
        """UCT iterations until ``iterations`` (None: no cap) or the ``deadline`` (a
        time.perf_counter() reading, checked every 16 iterations).  Returns the iterations done
        and the depth of the deepest node reached."""
        root = self.root
        assert root is not None
        rng, log, sqrt, c = self.rng, math.log, math.sqrt, self.c
        done = max_depth = 0
        while iterations is None or done < iterations:
            if deadline is not None and done and not done & 15 and time.perf_counter() >= deadline:
                break
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
            if node.to_move is not None and (self.nodes < self.node_limit or node is root):
                if node.untried is None:
                    node.untried = self._moves(node)
                    rng.shuffle(node.untried)
                if node.untried:
                    child = self._child(node, node.untried.pop())
                    node.children.append(child)
                    self.nodes += 1
                    node = child
                    depth += 1
            max_depth = max(max_depth, depth)
            s0, s1 = self._playout(node)
            while node.parent is not None:
                node.visits += 1
                mover = node.parent.to_move
                mine, theirs = (s0, s1) if mover == 0 else (s1, s0)
                node.wins += 1.0 if mine > theirs else 0.5 if s0 == s1 else 0.0
                node = node.parent
            node.visits += 1
            done += 1
        return done, max_depth

    def _playout(self, node: _Node) -> tuple[int, int]:
        """Play the game out from ``node``: random moves, or greedy ones (one time in five a
        random move, else the move leaving the most in the mover's store, a kept turn counting
        one more).  After MAX_PLAYOUT_PLIES each player banks their row.  A Kalah board the
        endgame table holds ends the playout with its exact result."""
        rules, rng = self.rules, self.rng
        if not self.board_only:
            state: State = node.board
            for _ in range(MAX_PLAYOUT_PLIES):
                if state.is_over:
                    return state.scores
                legal = state.legal_moves()
                state = state.play(legal[rng.below(len(legal))])
            return _banked(rules, list(state.board))
        board = list(node.board)
        player = node.to_move
        plies = 0
        exact = self.endgame.final_margin if self.endgame is not None else None
        if self.greedy:
            children = self.kernel
            while player is not None and plies < MAX_PLAYOUT_PLIES:
                margin = exact(board, player) if exact is not None else None
                if margin is not None:
                    return _exact_scores(player, margin)
                plies += 1
                options = list(children(board, player))
                if rng.random() < 0.2:
                    _, board, player = options[rng.below(len(options))]
                    continue
                store = rules.store(player)
                _, board, player = max(options, key=lambda o: o[1][store] + (o[2] == player))
        else:
            moves, apply = rules.moves, rules.apply
            while player is not None and plies < MAX_PLAYOUT_PLIES:
                margin = exact(board, player) if exact is not None else None
                if margin is not None:
                    return _exact_scores(player, margin)
                plies += 1
                pits = moves(board, player)
                player = apply(board, player, pits[rng.below(len(pits))])
        if player is not None:
            return _banked(rules, board)
        return board[rules.store0], board[rules.store1]

    def root_stats(self) -> list[tuple[int, int, float]]:
        """(move, visits, wins) for each child of the root, in the order they were made."""
        assert self.root is not None
        return [(ch.move, ch.visits, ch.wins) for ch in self.root.children]

    def best_path(self, limit: int) -> list[int]:
        """The most visited child's move at each node from the root down (at most ``limit``)."""
        path: list[int] = []
        node = self.root
        while node is not None and node.children and len(path) < limit:
            node = max(node.children, key=lambda ch: ch.visits)
            path.append(node.move)
        return path


def _size(node: _Node) -> int:
    """The number of nodes in ``node``'s subtree, itself included."""
    count, stack = 0, [node]
    while stack:
        count += 1
        stack.extend(stack.pop().children)
    return count


def _banked(rules: Rules, board: list[int]) -> tuple[int, int]:
    """Scores if each player banked the seeds on their own row now."""
    return (
        board[rules.store0] + sum(board[i] for i in rules.row(0)),
        board[rules.store1] + sum(board[i] for i in rules.row(1)),
    )


def _exact_scores(player: int, margin: int) -> tuple[int, int]:
    """Scores whose difference is ``player``'s final margin (only the difference counts)."""
    return (margin, 0) if player == 0 else (0, margin)
