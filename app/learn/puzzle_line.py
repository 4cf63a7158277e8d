"""Walking a puzzle's line: the solver plays every one of their own moves, the engine replies.

A try is stateless: the page sends the pits it has played so far in the line (``moves``, each
already accepted) and the pit it plays now.  :func:`walk` replays the accepted ones from the
puzzle's position, playing the line's replies between the solver's turns, to the position the
new pit is played in.

Which moves are accepted (the rule, :func:`on_line`): the first move must be one of the
puzzle's good moves; every later one of the solver's moves must be the line's own or a
*transposition*: a move after which the solver can still reach, with their own moves of that
turn, exactly a position the line's turn passes through or ends in (same board, same player to
move, same extras), found by trying the solver's own moves (at most :data:`SEARCH_LIMIT`
positions; the line's own move is on the line at once).  Such an alternative wins
exactly as much as the line, since the game goes on from the same position; an alternative
that is merely as good by a search is not accepted (it would leave the line the puzzle
proved).  A good first move that leaves the line (a player's own puzzle may have several)
finishes the puzzle at once.

A wrong move is answered by the reply that refutes it (:func:`refutation`): the opponent's
whole turn, each move the best of a search of :func:`reply_depth` plies (cheap enough to run
in a request; deterministic).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.games.errors import N_, BadInput
from engine.core import State
from engine.notation import parse_move
from engine.puzzles.checks import best_of, depth_values

REPLY_DEPTH = 8
"""The search depth of a refuting reply, where a variant is not listed in :data:`SHALLOW`."""
SHALLOW = {"toguz_kumalak": 4, "congkak": 5, "relay": 6}
"""Variants whose search is costly: their refuting reply's depth (about 0.1 s a reply on
average, under a second at worst, on this project's loaded machine)."""
SEARCH_LIMIT = 2000
"""The most positions a transposition search tries in one turn."""


def reply_depth(variant: str) -> int:
    """How deep the refuting reply is searched in ``variant``."""
    return SHALLOW.get(variant, REPLY_DEPTH)


def key(state: State) -> tuple[tuple[int, ...], int | None, tuple[int, ...]]:
    """What makes two positions the same: board, player to move, extras."""
    return (tuple(state.board), state.to_move, tuple(state.extra))


def play_turn(state: State, turn: Sequence[str]) -> State:
    """``state`` after the moves of ``turn`` (notation, as the line writes them)."""
    for text in turn:
        if state.to_move is None:
            break
        state = state.play(parse_move(text, state.rules.pits).pit)
    return state


Key = tuple[tuple[int, ...], int | None, tuple[int, ...]]


def line_path(state: State, turn: Sequence[str]) -> frozenset[Key]:
    """The positions the line's ``turn`` passes through from ``state``: after each of its
    moves, the last being where the turn ends."""
    found = []
    for text in turn:
        if state.to_move is None:
            break
        state = state.play(parse_move(text, state.rules.pits).pit)
        found.append(key(state))
    return frozenset(found)


def reaches(state: State, mover: int, path: frozenset[Key], left: list[int]) -> bool:
    """Whether ``state`` is on the line's ``path`` or the solver (``mover``), still to move,
    can reach it with their own moves (``left[0]``: positions the search may still try)."""
    if key(state) in path:
        return True
    if state.to_move != mover:
        return False
    for pit in state.legal_moves():
        if left[0] <= 0:
            return False
        left[0] -= 1
        if reaches(state.play(pit), mover, path, left):
            return True
    return False


def on_line(state: State, pit: int, path: frozenset[Key]) -> bool:
    """Whether ``pit``, played by the solver in ``state``, stays on the line's ``path`` of this
    turn: the line's own move, or a transposition back onto it (see the module's rule)."""
    mover = state.to_move
    assert mover is not None
    return reaches(state.play(pit), mover, path, [SEARCH_LIMIT])


@dataclass(frozen=True)
class Walk:
    """Where a try stands: the position the solver moves in now (``state``), the index of the
    solver's turn in the line (``turn``), where that turn began (``start``) and the positions
    the line's turn passes through (``path``, its end among them); ``done``: the line is over
    (nothing left to play)."""

    state: State
    turn: int
    start: State
    path: frozenset[Key]
    done: bool
    left_line: bool = False
    """The solver left the line with a good first move (an own puzzle's alternative)."""


def begin(state: State, solution: Sequence[Sequence[str]], turn: int) -> Walk:
    """The walk at the start of the solver's ``turn`` (done when the line has no such turn or
    the game is over)."""
    if turn >= len(solution) or state.to_move is None:
        return Walk(state, turn, state, frozenset(), True)
    return Walk(state, turn, state, line_path(state, solution[turn]), False)


@dataclass(frozen=True)
class Stepped:
    """A right move's outcome: the walk after it (and after the line's reply, if the turn
    ended), where the reply was played from and the reply's moves (none: the solver moves
    again, or the line ends with the solver's move)."""

    walk: Walk
    before_reply: State | None
    reply: tuple[str, ...]


def step(
    walk: Walk, pit: int, solution: Sequence[Sequence[str]], good: frozenset[int]
) -> Stepped | None:
    """The walk after the solver plays ``pit`` (legal); None when ``pit`` is wrong."""
    first = walk.turn == 0 and walk.state is walk.start
    if first and pit not in good:
        return None
    after = walk.state.play(pit)
    if not on_line(walk.state, pit, walk.path):
        if first:  # a good move of its own: the puzzle is solved, the line left
            return Stepped(Walk(after, walk.turn, walk.start, walk.path, True, True), None, ())
        return None
    if after.to_move == walk.state.to_move:
        return Stepped(Walk(after, walk.turn, walk.start, walk.path, False), None, ())
    turn = walk.turn + 1
    if turn >= len(solution) or after.to_move is None:
        return Stepped(Walk(after, turn, after, frozenset(), True), None, ())
    reply = tuple(solution[turn])
    return Stepped(begin(play_turn(after, reply), solution, turn + 1), after, reply)


def walk_to(
    state: State, solution: Sequence[Sequence[str]], good: frozenset[int], moves: Sequence[int]
) -> Walk:
    """Replay the accepted ``moves`` from the puzzle's position; BadInput when one of them is
    not a move the line accepts there (the page sends back only what it was told was right)."""
    walk = begin(state, solution, 0)
    for n, pit in enumerate(moves):
        if walk.done or walk.state.to_move is None or pit not in walk.state.legal_moves():
            raise BadInput(
                N_("'moves' is not a line of this puzzle (move %(n)s can't be played)"), n=n + 1
            )
        found = step(walk, pit, solution, good)
        if found is None:
            raise BadInput(
                N_("'moves' is not a line of this puzzle (move %(n)s is not on it)"), n=n + 1
            )
        walk = found.walk
    return walk


def refutation(state: State, solver: int) -> list[int]:
    """The opponent's reply to a wrong move of ``solver``, ``state`` being the position after
    it: their whole turn, each move the best by a search of :func:`reply_depth` plies (none
    when the solver still moves, or the game is over)."""
    opponent, depth = 1 - solver, reply_depth(state.rules.name)
    pits: list[int] = []
    while state.to_move == opponent and len(pits) < 30:
        pit = best_of(depth_values(state, depth))
        pits.append(pit)
        state = state.play(pit)
    return pits
