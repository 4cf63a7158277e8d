"""A puzzle's line played to where its seeds are won.

A puzzle "wins N seeds": with best play the mover finishes N seeds further ahead than now
(``gain``: the final margin minus the lead now).  Its line is the moves that show it: the
mover's first turn, the engine's reply, and so on, played until the mover's store lead has
grown by the gain (the seeds are *won*: in the mover's store), or the game ends, or the line
has :data:`MOST_TURNS` turns; it never ends on a turn of the engine's that does not end the
game (the mover has the last word).  Each move is the chooser's: the exact solver's where the
puzzle is exact, else a search of the line's depth (see :func:`line_chooser`).
"""

from __future__ import annotations

from engine.core import State
from engine.notation import move_text, parse_move
from engine.puzzles.checks import Chooser, best_of, depth_values, exact_chooser

MOST_TURNS = 9
"""The longest line: the mover's five turns and the engine's four replies."""


def line_chooser(exact: bool, depth: int | None) -> Chooser:
    """How the line's later moves are picked: the solver's best (exact puzzles), else the best
    of a search of ``depth`` plies, the same depth for every move (deterministic)."""
    if exact:
        return exact_chooser
    assert depth is not None

    def choose(state: State, _: int) -> int:
        return best_of(depth_values(state, depth))

    return choose


def gained(start: State, end: State, mover: int) -> int:
    """How much the mover's store lead grew from ``start`` to ``end``."""

    def lead(state: State) -> int:
        mine, theirs = state.scores if mover == 0 else state.scores[::-1]
        return mine - theirs

    return lead(end) - lead(start)


def won_line(
    state: State,
    known: tuple[tuple[str, ...], ...],
    gain: float,
    choose: Chooser,
    most: int = MOST_TURNS,
) -> tuple[tuple[str, ...], ...]:
    """The line from ``state``: the ``known`` turns' moves first (at least the first move;
    the builder's first turns), then the chooser's, played until ``gain`` seeds are won, the
    game ends, or ``most`` turns (odd: the mover's last) are played."""
    mover = state.to_move
    assert mover is not None and known and known[0]
    start = state
    moves = [m for turn in known for m in turn]
    line: list[tuple[str, ...]] = []
    played = 0
    while state.to_move is not None and len(line) < most:
        player, turn = state.to_move, []
        while state.to_move == player:
            if played < len(moves):
                pit = parse_move(moves[played], state.rules.pits).pit
            else:
                pit = choose(state, played)
            played += 1
            state, record = state.play_record(pit)
            assert record is not None
            turn.append(move_text(record))
        line.append(tuple(turn))
        if player == mover and gained(start, state, mover) >= gain:
            break
    return tuple(line)


def line_gain(state: State, solution: tuple[tuple[str, ...], ...]) -> int:
    """What a line wins for the mover: their store lead at its end minus now."""
    from engine.puzzles.model import replay_line

    mover = state.to_move
    assert mover is not None
    return gained(state, replay_line(state, solution), mover)
