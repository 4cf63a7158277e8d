"""One analysis step as a plain function, run in a search process (no Flask here).

A step's ``seconds`` plan a search of a fixed size (:func:`engine.agents.analysis.size_for`: nodes
at fixed rates, not a wall-time deadline), so a position gets the same values on every load
short of the wall-time cap: a search still running at its ``cap`` (a machine far busier than
planned) stops itself with the deepest search it finished, marked ``capped`` (an estimate), well
before its process would be stopped; :func:`budget` says, before the job starts, what it will
search, how long that takes on an unloaded machine and the wall-time cap it can't pass.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from app.computer import job
from app.games.replay import replay
from app.games.spec import GameSpec
from app.store.json_types import JSONObject
from engine import get_variant
from engine.agents.analysis import Size, evaluate, peak_bytes, search_rate, size_for
from engine.agents.exact_first import evaluations, long_size
from engine.core import SWAP, State

QUICK_NODES = 2000
"""The nodes of :func:`quick_estimate`'s search (a few milliseconds)."""
QUICK_CAP = 1.0
"""And its wall-time guard, in seconds."""


@dataclass(frozen=True)
class Evaluate:
    """The search job of one position: every legal move's value in the position ``game``
    reaches, by a search of the size ``seconds`` plan for (at least ``solve_seconds`` of
    solver where the host's table is there), stopping itself at ``cap`` seconds of wall time
    (:func:`evaluate_position`)."""

    game: GameSpec
    seconds: float
    solve_seconds: float = 0.0
    cap: float | None = None

    kind = "evaluate_position"

    @property
    def budget(self) -> float:
        """The search's seconds plus the long solve's."""
        return self.seconds + self.solve_seconds

    def run(self) -> JSONObject:
        game = self.game
        return evaluate_position(
            game.variant,
            dict(game.options),
            game.first,
            list(game.moves),
            self.seconds,
            self.solve_seconds,
            game.start,
            self.cap,
        )


@dataclass(frozen=True)
class EvaluateLine:
    """The search job of a game's analysis: the positions of ``game`` before each of
    ``plies`` (the last first), valued as one line (:func:`evaluate_line`: one solver's
    transposition table kept from each to the next), each as :class:`Evaluate` would value it
    alone (its own ``seconds``, ``solve_seconds`` and wall-time ``cap``).  A time slice keeps
    it about as long as one position's job: once the positions done have used
    ``slice_seconds`` of planned work, or as much wall time (a loaded machine), it starts no
    other position; so it answers within the slice plus one position's cap, before the queue
    would stop it.  The answer names the plies done; the caller queues the rest."""

    game: GameSpec
    plies: tuple[int, ...]
    seconds: float
    solve_seconds: float = 0.0
    cap: float | None = None
    slice_seconds: float | None = None

    kind = "evaluate_line"

    @property
    def budget(self) -> float:
        """One position's search and long solve, plus the slice (or every position's)."""
        one = self.seconds + self.solve_seconds
        if self.slice_seconds is None:
            return one * max(1, len(self.plies))
        return one + self.slice_seconds

    def run(self) -> JSONObject:
        return evaluate_line(self)


def evaluate_line(line: EvaluateLine) -> JSONObject:
    """Value the positions of ``line`` (see :class:`EvaluateLine`) in its order:
    ``{"plies": [...], "positions": [...]}``, the plies done (a first part of its plies, at
    least one) and each one's values as :func:`evaluate_position` gives them."""
    game = line.game
    states = replay(game.variant, dict(game.options), game.first, list(game.moves), game.start)
    plies = list(line.plies)
    if not plies or min(plies) < 0 or max(plies) >= len(states.states):
        raise ValueError(f"plies {plies} are not positions of a game of {len(game.moves)} moves")
    deadline = None
    if line.slice_seconds is not None:  # each position started keeps its whole cap
        deadline = time.perf_counter() + line.slice_seconds
    positions = [states.states[p] for p in plies]
    found = evaluations(
        positions,
        job.TABLES,
        line.seconds,
        line.solve_seconds,
        line.cap,
        line.slice_seconds,
        deadline,
    )
    done = [_with_swap(s, f.to_dict()) for s, f in zip(positions, found, strict=False)]
    return {"plies": plies[: len(done)], "positions": done}


def budget(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: list[int],
    seconds: float,
    solve_seconds: float = 0.0,
    start: JSONObject | None = None,
    cap: float | None = None,
) -> JSONObject:
    """What :func:`evaluate_position` called with the same arguments will cost at most:
    ``nodes`` (this module's search) and ``solver_nodes`` (the solver's, first), the
    ``seconds`` they are planned to take on an unloaded machine, the ``cap`` in seconds no job
    passes, and the most memory it holds (``bytes``).  A ValueError for unknown rules."""
    rules = get_variant(variant, **options)
    size = size_for(rules, seconds)
    if size.solver_nodes and solve_seconds > 0:  # at most: the long solve, if the table is there
        size = long_size(size, solve_seconds)
    if cap is not None:
        size = replace(size, cap=min(size.cap, cap))
    return {**size.to_dict(), "bytes": peak_bytes(rules, size)}


def evaluate_position(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: list[int],
    seconds: float,
    solve_seconds: float = 0.0,
    start: JSONObject | None = None,
    cap: float | None = None,
) -> JSONObject:
    """Replay ``moves`` (from ``start``, a position set up by hand, if given) and value every
    legal move of the position they reach (for its mover), by a search of the size ``seconds``
    plan for (:func:`budget`): the same arguments always give the same values.  On Kalah the
    opening book's exact values come first, then the solver reading the largest table of the
    search process's tables folder (the host's large table once built) with the planned solver
    nodes (at least ``solve_seconds`` of them), the estimating search getting the rest
    (``engine.agents.exact_first``).  ``cap`` seconds of wall time (a loaded machine) stop the
    search before its process would be stopped: the deepest search finished by then is the
    answer, marked ``capped`` (an estimate)."""
    game = GameSpec(variant, options, first_player, tuple(moves), start)
    line = EvaluateLine(game, (len(moves),), seconds, solve_seconds, cap)
    found = evaluate_line(line)["positions"]
    assert isinstance(found, list) and isinstance(found[0], dict)
    return found[0]


def quick_estimate(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: list[int],
    start: JSONObject | None = None,
) -> JSONObject:
    """The position's values from a search of :data:`QUICK_NODES` nodes (a few milliseconds,
    no solver, no tables): the estimate a position gets when its own search could not finish
    (its process stopped under load), marked ``capped``."""
    state = replay(variant, options, first_player, moves, start).state
    size = Size(QUICK_NODES, 0, QUICK_NODES / search_rate(state.rules), QUICK_CAP)
    found = evaluate(state, size=size).to_dict()
    found["capped"] = True
    found["source"] = "estimate"
    return _with_swap(state, found)


def _with_swap(state: State, found: JSONObject) -> JSONObject:
    """``found`` with the pie rule's swap valued, where the mover may swap."""
    if state.can_swap:
        # The pie rule's swap hands the mover the opener's side: the position turned round, so
        # its value for the mover is the opener's, minus the best pit's.
        found["swap_value"] = -found["value"]
        found["swap_exact"] = bool(found["exact"][str(found["best"])])
    return found


def as_decision(found: JSONObject) -> JSONObject:
    """An evaluation (:func:`evaluate_position`'s answer) as an agent's decision (the shape
    ``Decision.to_dict`` gives): its best move, that move's value and every move's value, all
    from the one search, so a hint names the move its values rank first."""
    values = {str(m): v for m, v in found["values"].items()}
    move, value = found["best"], found["value"]
    if found.get("swap_value", value) > value:  # the pie rule: swapping sides is better
        move, value = SWAP, found["swap_value"]
    return {
        "move": move,
        "value": value,
        "depth": found["depth"],
        "nodes": found["nodes"],
        "pv": [move],
        "move_values": values,
        "seconds": found["seconds"],
        "agent": f"analysis ({found['source']})",
        "exact": bool(values) and all(found["exact"].values()),
        "exact_moves": dict(found["exact"]),
        "upper_bounds": [],
        "capped": found.get("capped", False),
    }
