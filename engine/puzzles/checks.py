"""What makes a position a puzzle, and the check that re-verifies one.

Every legal first move gets a value in seeds for the mover: the final margin (mover's store
minus the opponent's, at the end of the game) under perfect play where the engine's solver
plays the rules (Kalah: :func:`exact_values`), else the value of an alpha-beta search of a
stated depth (:func:`depth_values`: store difference at the horizon, a finished game its
margin).  A position is a
puzzle when one move's value beats every other by at least :data:`MIN_MARGIN` seeds and gains
seeds for the mover (:func:`verdict`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.agents.alphabeta import make_searcher
from engine.agents.heuristics import final_value, make_evaluator
from engine.agents.nodes import root_children
from engine.core import MoveRecord, Rules, State
from engine.notation import move_text, parse_move
from engine.puzzles.model import APART, THEMES, Puzzle
from engine.solver import Solver
from engine.solver.rules import view

MIN_MARGIN = 3
"""Every other first move must end at least this many seeds worse for the mover."""
MIN_MOVES = 3
"""A puzzle offers at least this many legal first moves."""
WIN = 1000.0
"""What a finished game is worth in the depth search, beside its margin (a won line always
beats an unfinished one); :func:`seeds` takes it off again."""
LINE_TURNS = 3
"""A solution line's turns: the mover's, the engine's reply, the mover's again."""
RATING_DEPTH = 6
"""The deepest search that :func:`rating_of` asks for the best move."""

_solvers: dict[Rules, Solver] = {}


def solver_for(rules: Rules) -> Solver | None:
    """The engine's exact solver for ``rules`` (one per rule set and process, kept: its
    transposition table, 2**20 entries, and a small endgame table in memory), or None where
    it does not play them."""
    if rules not in _solvers:
        try:
            _solvers[rules] = Solver(rules)
        except ValueError:
            return None
    return _solvers[rules]


def lead(state: State) -> int:
    """The mover's store minus the opponent's, now."""
    assert state.to_move is not None
    mine, theirs = state.scores if state.to_move == 0 else state.scores[::-1]
    return mine - theirs


def seeds(value: float) -> float:
    """A depth-search value in seeds of margin: a finished game's :data:`WIN` taken off."""
    if value >= WIN / 2:
        return value - WIN
    if value <= -WIN / 2:
        return value + WIN
    return value


def exact_values(state: State) -> dict[int, int] | None:
    """Each legal move's exact final margin for the mover, or None where the solver does not
    play the rules."""
    solver = solver_for(state.rules)
    if solver is None:
        return None
    return dict(solver.solve(state).move_values)


def depth_values(state: State, depth: int) -> dict[int, float]:
    """Each legal move's value for the mover by an alpha-beta search of ``depth`` plies (the
    move itself is the first; store difference at the horizon; deepened one ply at a time on
    one table, moves in pit order, so the same position and depth always give the same
    values, natively or not).  Values in seeds, see :func:`seeds`."""
    return values_at(state, (depth,))[depth]


def values_at(state: State, depths: tuple[int, ...]) -> dict[int, dict[int, float]]:
    """:func:`depth_values` at each of ``depths``, from one deepening (each depth's values are
    those :func:`depth_values` gives at that depth alone)."""
    rules, me = state.rules, state.to_move
    assert me is not None
    core = make_searcher(rules, me, make_evaluator(rules, me, "diff"), WIN, True, True)
    children = root_children(state)
    values: dict[int, float] = {}
    found: dict[int, dict[int, float]] = {}
    for d in range(1, max(depths) + 1):
        for move, node, nxt in children:
            if nxt is None:
                board = node if rules.board_only else node.board
                values[move] = final_value(board, rules, me, WIN)
            else:
                value = core.alphabeta(node, nxt, d - 1, -float("inf"), float("inf"), None)
                assert value is not None  # no deadline
                values[move] = value
        if d in depths:
            found[d] = {move: seeds(value) for move, value in values.items()}
    return found


def best_of(values: dict[int, float] | dict[int, int]) -> int:
    """The best move (the lowest pit of equals)."""
    return max(sorted(values), key=lambda m: values[m])


@dataclass(frozen=True)
class Verdict:
    """A position's best move, what it gains and by how much it beats every other move."""

    best: int
    gain: float
    margin: float


def verdict(state: State, values: dict[int, float] | dict[int, int]) -> Verdict | None:
    """The puzzle in ``state`` given its moves' values, or None: fewer than :data:`MIN_MOVES`
    moves, a runner-up within :data:`MIN_MARGIN`, or no seeds gained."""
    if len(values) < MIN_MOVES:
        return None
    best = best_of(values)
    runner_up = max(v for m, v in values.items() if m != best)
    margin = values[best] - runner_up
    gain = values[best] - lead(state)
    if margin < MIN_MARGIN or gain <= 0:
        return None
    return Verdict(best, gain, margin)


def agreed(state: State, shallow: dict[int, float], deep: dict[int, float]) -> Verdict | None:
    """The puzzle two searches agree on, or None: each sees a puzzle (:func:`verdict`) with
    the same best move; its margin is the smaller of the two, its gain the deeper search's."""
    first, second = verdict(state, shallow), verdict(state, deep)
    if first is None or second is None or first.best != second.best:
        return None
    return Verdict(second.best, second.gain, min(first.margin, second.margin))


Chooser = Callable[[State, int], int]
"""Picks the move in a line: (state, plies played so far in the line) -> pit."""


def exact_chooser(state: State, _: int) -> int:
    """The solver's move: the lowest pit that keeps the exact value."""
    solver = solver_for(state.rules)
    assert solver is not None
    return solver.best(state)[0]


def depth_chooser(depth: int) -> Chooser:
    """The depth search's best move, searching what is left of ``depth`` plies (at least 1)."""

    def choose(state: State, played: int) -> int:
        return best_of(depth_values(state, max(1, depth - played)))

    return choose


def solution_line(
    state: State, first: int, choose: Chooser, turns: int = LINE_TURNS
) -> tuple[tuple[tuple[str, ...], ...], list[MoveRecord]]:
    """The line from ``state`` starting with ``first``: ``turns`` whole turns (fewer if the
    game ends), each move chosen by ``choose``; the moves in notation and their records."""
    line: list[tuple[str, ...]] = []
    records: list[MoveRecord] = []
    move: int | None = first
    while state.to_move is not None and len(line) < turns:
        mover, turn = state.to_move, []
        while state.to_move == mover:
            pit = move if move is not None else choose(state, len(records))
            move = None
            state, record = state.play_record(pit)
            assert record is not None
            turn.append(move_text(record))
            records.append(record)
        line.append(tuple(turn))
    return tuple(line), records


def themes_of(state: State, records: list[MoveRecord]) -> tuple[str, ...]:
    """The themes of a solution line played from ``state`` (its moves' records, in order):

    * extra-turn-chain: the mover's first turn is two moves or more;
    * capture: one of the mover's moves captures;
    * starving: after one of the mover's moves the opponent's row is empty;
    * tuzdyk: one of the mover's moves makes a tuzdyk (Toguz Kumalak);
    * grand-slam: a first move would capture all the opponent's seeds, which the rules forbid
      or void (Oware);
    * endgame: a quarter of the seeds or fewer are on the rows, or the line ends the game;
    * feeding: the opponent's row is empty before one of the mover's moves (Oware: they must be
      fed).
    """
    rules = state.rules
    me = state.to_move
    assert me is not None
    found: set[str] = set()
    if 4 * state.on_rows <= rules.total_seeds:
        found.add("endgame")
    would = getattr(rules, "would_grand_slam", None)
    voided = rules.options.get("grand_slam") in ("no_capture", "illegal")
    if would is not None and voided and any(would(state.board, me, p) for p in state.legal_moves()):
        found.add("grand-slam")
    if len(records) > 1 and records[1].player == me and records[0].extra_turn:
        found.add("extra-turn-chain")
    current = state
    for record in records:
        theirs = [current.board[i] for i in rules.row(1 - me)]
        before_extra = current.extra
        current = current.play(record.pit)
        if record.player != me:
            continue
        if not any(theirs) and rules.name == "oware":
            found.add("feeding")
        if record.captures:
            found.add("capture")
        if not any(current.board[i] for i in rules.row(1 - me)) and not record.ended:
            found.add("starving")
        if current.extra != before_extra and rules.name == "toguz_kumalak":
            found.add("tuzdyk")
        if record.ended:
            found.add("endgame")
    return tuple(t for t in THEMES if t in found)


def rating_of(state: State, best: int, most: int = RATING_DEPTH) -> int:
    """A Glicko rating for the puzzle's difficulty: how deep a search must look to pick
    ``best`` (the first depth from which every depth up to ``most`` picks it; ``most + 1``
    if none) and how many moves there are to choose from:
    ``1000 + 150 * depth + 25 * moves``, kept within 800-2400."""
    found = most + 1
    for depth in range(most, 0, -1):
        if best_of(depth_values(state, depth)) != best:
            break
        found = depth
    score = 1000 + 150 * found + 25 * len(state.legal_moves())
    return max(800, min(2400, score))


def off_best_line(state: State, solution: tuple[tuple[str, ...], ...]) -> str | None:
    """The first move of an exact puzzle's line that gives away value (for whichever side plays
    it), or None when every move keeps the solved value of its position."""
    solver = solver_for(state.rules)
    assert solver is not None
    for turn in solution:
        for text in turn:
            if state.to_move is None:
                return None
            b, _ = view(state)
            pit = parse_move(text, state.rules.pits).pit
            if not solver.at_least(b, pit, solver.value(b)):
                return f"{text} in the solution gives away seeds: it is not a best move"
            state = state.play(pit)
    return None


def confirm_puzzle(puzzle: Puzzle, shallow: int, deep: int) -> Puzzle | None:
    """A searched puzzle re-verified at two depths (``deep - shallow`` at least
    :data:`APART`): with their depths, the smaller margin and the deeper gain, if both
    searches agree on its named move (:func:`agreed`); else None (it does not hold)."""
    assert not puzzle.exact and deep - shallow >= APART
    state = puzzle.state()
    both = values_at(state, (shallow, deep))
    found = agreed(state, both[shallow], both[deep])
    if found is None or move_text(state.play_record(found.best)[1]) != puzzle.best:
        return None
    return replace(
        puzzle,
        gain=_whole(found.gain),
        margin=_whole(found.margin),
        depth=deep,
        confirm=shallow,
    )


def _whole(value: float) -> int | float:
    """Whole numbers as ints (the JSON reads ``6``, not ``6.0``)."""
    return int(value) if float(value).is_integer() else value
