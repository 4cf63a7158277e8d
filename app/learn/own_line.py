"""The line of a player's own puzzle and why it wins (issue 35, build 4).

A mistake's puzzle shows a real line, not one move: the best move, the opponent's best reply,
the mover's next turn (:data:`engine.puzzles.checks.LINE_TURNS` turns).  Where the analysis
solved the position the line is the solver's (each move keeps the exact value), as long as each
move is found within :data:`LINE_SECONDS`; else, and where the analysis only searched, each
move is a search's to :data:`LINE_DEPTH` plies at most (never deeper than the analysis looked).
Every value is said in whole seeds, with "about" where it is an estimate.
"""

from __future__ import annotations

from engine.core import MoveRecord, State
from engine.notation import move_text
from engine.puzzles.checks import best_of, depth_values, solution_line, solver_for

LINE_DEPTH = 6
"""The deepest search that picks a move of the line after the first (quick for every variant:
about 0.1 s a move for Toguz Kumalak natively)."""
LINE_SECONDS = 0.5
"""The solver's time for one move of an exact line, beyond which the line is searched."""


def whole(value: float) -> int:
    """A value in whole seeds (halves away from zero)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def signed(value: float) -> str:
    """A margin in whole seeds with its sign: +5, −3, 0."""
    n = whole(value)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def turn_of(records: list[MoveRecord], ply: int) -> int:
    """The turn number of the move at ``ply``, as the review's move list numbers turns (a turn
    is all of one player's moves in a row)."""
    turn = 0
    for i in range(ply + 1):
        if i == 0 or records[i - 1].player != records[i].player:
            turn += 1
    return turn


def own_line(
    state: State, first: int, exact: bool, depth: int | None
) -> tuple[tuple[tuple[str, ...], ...], str, list[MoveRecord]]:
    """The line from ``state`` starting with ``first``: its turns in move text, how its moves
    were chosen ("exact", or "depth N") and their records.  ``exact``: the analysis solved the
    position; ``depth``: the plies it searched (None: unknown)."""
    most = LINE_DEPTH if depth is None else max(1, min(depth, LINE_DEPTH))
    solver = solver_for(state.rules) if exact else None
    searched: list[bool] = []

    def choose(here: State, played: int) -> int:
        if solver is not None and not any(searched):
            try:
                return solver.best(here, seconds=LINE_SECONDS)[0]
            except TimeoutError:
                pass
        searched.append(True)
        return best_of(depth_values(here, max(1, most - played)))

    line, records = solution_line(state, first, choose)
    check = "exact" if solver is not None and not searched else f"depth {most}"
    return line, check, records


def events(records: list[MoveRecord], me: int, store: str, seeds: str) -> list[str]:
    """What the moves of the line do, in words: captures, another turn, the game's end."""
    said: list[str] = []
    for rec in records:
        name = move_text(rec) if rec.player == me else f"their {move_text(rec)}"
        if rec.captured:
            n = rec.captured
            said.append(f"{name} captures {n} {seeds if n != 1 else seeds.removesuffix('s')}")
        if rec.extra_turn and not rec.ended:
            again = "you move again" if rec.player == me else "they move again"
            said.append(f"{name} ends in the {store}, so {again}")
        if rec.ended:
            said.append(f"{name} ends the game")
    return said


def why_text(
    state: State,
    records: list[MoveRecord],
    played: str,
    played_value: float,
    best_value: float,
    exact: bool,
) -> str:
    """Why the best move wins, in words and whole seeds: what its line does, the final margin
    it keeps for the mover against the one the played move leads to."""
    rules, me = state.rules, state.to_move
    assert me is not None and records
    best = move_text(records[0])
    about = "" if exact else "about "
    happens = events(records, me, rules.store_word, rules.seed_word)
    line = "; ".join(happens) if happens else "it keeps your position together"
    lost = whole(best_value) - whole(played_value)
    seeds = rules.seed_word
    unit = seeds if abs(lost) != 1 else seeds.removesuffix("s")
    return (
        f"In the line, {line}. With best play after {best} you finish "
        f"{finish(best_value, seeds, about)}; after {played}, which you played, "
        f"{finish(played_value, seeds, about)}: {lost} {unit} given away."
    )


def finish(value: float, seeds: str, about: str) -> str:
    """A final margin in words: "3 seeds ahead", "about 1 seed behind", "level"."""
    n = whole(value)
    if n == 0:
        return f"{about}level"
    word = seeds if abs(n) != 1 else seeds.removesuffix("s")
    return f"{about}{abs(n)} {word} {'ahead' if n > 0 else 'behind'}"


def check_text(exact: bool, depth: int | None, line_check: str) -> str:
    """How sure the puzzle's answer is, as it was found: solved to the game's end by the
    analysis, or the depth its search actually reached; and how the line's moves were chosen."""
    if exact:
        first = "Exact: the game's analysis solved this position to the end of the game."
    elif depth is None:
        first = "An estimate of the game's analysis (its search depth was not kept)."
    else:
        first = (
            f"An estimate: the game's analysis searched {depth} plies deep here, "
            "not to the end of the game."
        )
    if not line_check:
        return first  # a puzzle kept before its line was
    if line_check == "exact":
        return f"{first} Every move of the line keeps the solved value."
    return f"{first} The line's later moves are the engine's search to {line_check}."
