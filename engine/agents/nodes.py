"""What the agents' alpha-beta searches share: nodes, children, their order, keys, history.

A search node is a bare board list where the rules are board-only (``rules.board_only``), else
a :class:`State`.  Expanding a node gives ``(move, child, next player or None)`` for each legal
move (None: the game is over).  A transposition table maps a node's key to an entry
(:data:`engine.cutoff.Entry`).  The minimax agent's search (:mod:`engine.agents.alphabeta`) and
the analysis search (:mod:`engine.agents.analysis`) use these, and run their children through
the loop every search shares (:mod:`engine.cutoff`); the solver (:mod:`engine.solver.search`)
keys its table by store-free views instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.agents.kernels import kernel_for
from engine.core import Player, Rules, State

Node = Any
"""A board list (board-only rules) or a State."""
Child = tuple[int, Node, Player | None]
"""A move, the node it leads to and who moves there (None: the game is over)."""
Expand = Callable[[Node, Player], Iterable[Child]]
Key = Callable[[Node, Player], Any]


def has_history(rules: Rules) -> bool:
    """Whether the rules look at the game's history (Oware's and Adi's repetition rules): the
    searches below the root don't track it, so their values are not exact there."""
    return (
        type(rules).next_history is not Rules.next_history
        or type(rules).start_history is not Rules.start_history
    )


def bytes_key(board: Sequence[int], player: Player) -> bytes:
    """A board's key where no pit holds more than 255 seeds."""
    return bytes(board) + (b"1" if player else b"0")


def tuple_key(board: Sequence[int], player: Player) -> tuple[int, ...]:
    """A board's key for any number of seeds."""
    return (*board, player)


def board_key(rules: Rules) -> Key:
    """The cheapest board key for ``rules``: bytes where the game holds fewer than 256 seeds."""
    return bytes_key if rules.total_seeds < 256 else tuple_key


def state_key(state: State, player: Player) -> State:
    """A state as its own key: equal states have the same board, mover, history and extra."""
    return state


def position_key(state: State, player: Player) -> tuple[Any, ...]:
    """A state's position without its history (:meth:`State.key`), for a search that leaves
    the history out."""
    return state.key()


def state_children(state: State, player: Player) -> list[Child]:
    """Every child of a state, through the rules' ``State.play``."""
    out: list[Child] = []
    for move in state.legal_moves():
        child = state.play(move)
        out.append((move, child, child.to_move))
    return out


def expander(rules: Rules) -> Expand:
    """How a search over ``rules`` expands a node: the fastest kernel on board lists where the
    rules are board-only, else ``State.play``."""
    return kernel_for(rules) if rules.board_only else state_children


def root_children(state: State) -> list[Child]:
    """The root's children as search nodes (board lists where the rules are board-only): the
    root itself is played through ``State.play``, so its history rules are exact."""
    out: list[Child] = []
    for move in state.legal_moves():
        child = state.play(move)
        node = list(child.board) if state.rules.board_only else child
        out.append((move, node, child.to_move))
    return out


def ordered(children: Iterable[Child], player: Player, first: int) -> list[Child]:
    """The table's best move ``first``, then moves that keep the turn, then the rest in pit
    order."""
    front, extra, rest = [], [], []
    for child in children:
        if child[0] == first:
            front.append(child)
        elif child[2] == player:
            extra.append(child)
        else:
            rest.append(child)
    return front + extra + rest
