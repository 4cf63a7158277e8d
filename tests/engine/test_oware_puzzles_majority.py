"""The exact Oware puzzles hold in the real game too, not only in the table's: the table leaves
the majority end out (a player past 24 seeds ends the game, each banking their own row), which
can change margins.  Here a plain solver through the engine's own rules (``State.play``: the
majority end, feeding, passing, banking) values every position reachable from each of the
smallest shipped exact puzzles, with the repetition end bounded as the table bounds it (a game
that never leaves its seed count is worth the worst, then the best, margin for the mover), and
finds the named move exactly worth the stated gain, every other move at least the margin worse
and every move of the line keeping its position's value."""

from __future__ import annotations

from engine.core import EndKind, State
from engine.notation import parse_move
from engine.puzzles import Puzzle, load_puzzles
from engine.puzzles.checks import lead

SMALL = 5
"""Puzzles with at most this many seeds on the board: thousands of positions each."""

Key = tuple[tuple[int, ...], int]


def margin(state: State, player: int) -> int:
    """``player``'s stores minus the other's."""
    mine, theirs = state.scores if player == 0 else state.scores[::-1]
    return mine - theirs


class RealSolver:
    """Bounds ``(L, U)`` of the final margin (stores included) for the mover of every position
    reachable from a root, each seed count's positions iterated to their fixpoint."""

    def __init__(self, root: State) -> None:
        self.rules = root.rules
        self.moves: dict[Key, list[tuple[int, Key | None, int]]] = {}
        self.low: dict[Key, int] = {}
        self.high: dict[Key, int] = {}
        self._explore(root)
        layers: dict[int, list[Key]] = {}
        for key in self.moves:
            layers.setdefault(sum(key[0]) - key[0][6] - key[0][13], []).append(key)
        for seeds in sorted(layers):
            self._fill(layers[seeds], seeds)

    def state(self, key: Key) -> State:
        return self.rules.position(list(key[0]), key[1])

    def _explore(self, root: State) -> None:
        assert root.to_move is not None
        todo: list[Key] = [(tuple(root.board), root.to_move)]
        self.moves[todo[0]] = []
        while todo:
            key = todo.pop()
            state = self.state(key)
            found: list[tuple[int, Key | None, int]] = []
            for pit in state.legal_moves():
                child = state.play(pit)
                if child.to_move is None:  # the game's end: its margin, exactly
                    found.append((pit, None, margin(child, key[1])))
                    continue
                nxt = (tuple(child.board), child.to_move)
                found.append((pit, nxt, 0))
                if nxt not in self.moves:
                    self.moves[nxt] = []
                    todo.append(nxt)
            self.moves[key] = found

    def move_bounds(self, key: Key) -> dict[int, tuple[int, int]]:
        """Each move's ``(L, U)`` for the mover of ``key`` from its child's current bounds."""
        found = {}
        for pit, nxt, end in self.moves[key]:
            if nxt is None:
                found[pit] = (end, end)
            elif nxt[1] == key[1]:
                found[pit] = (self.low[nxt], self.high[nxt])
            else:
                found[pit] = (-self.high[nxt], -self.low[nxt])
        return found

    def _fill(self, layer: list[Key], seeds: int) -> None:
        for key in layer:
            stores = margin(self.state(key), key[1])
            self.low[key], self.high[key] = stores - seeds, stores + seeds
        changed = True
        while changed:
            changed = False
            for key in layer:
                bounds = self.move_bounds(key)
                lo = max(b[0] for b in bounds.values())
                hi = max(b[1] for b in bounds.values())
                if (lo, hi) != (self.low[key], self.high[key]):
                    self.low[key], self.high[key], changed = lo, hi, True


def holds(puzzle: Puzzle) -> str | None:
    """What the real-rules solver finds wrong with the puzzle's claims, None if nothing."""
    start = puzzle.state()
    solver = RealSolver(start)
    assert start.to_move is not None
    key: Key = (tuple(start.board), start.to_move)
    bounds = solver.move_bounds(key)
    best = parse_move(puzzle.best, 6).pit
    lo, hi = bounds[best]
    if (lo, hi) != (lead(start) + puzzle.gain,) * 2:
        return f"{puzzle.best} is worth {lo} to {hi}, not {lead(start) + puzzle.gain}"
    for pit, (_, u) in bounds.items():
        if pit != best and u > lo - puzzle.margin:
            return f"pit {pit} may be worth {u}, within {puzzle.margin} of {lo}"
    state = start
    for turn in puzzle.solution:
        for text in turn:
            if state.to_move is None:
                return f"{text} comes after the game's end"
            key = (tuple(state.board), state.to_move)
            pit = parse_move(text, 6).pit
            value = (solver.low[key], solver.high[key])
            if value[0] != value[1] or solver.move_bounds(key)[pit][0] != value[0]:
                return f"{text} does not keep its position's value {value}"
            state = state.play(pit)
    return None


def test_the_smallest_exact_oware_puzzles_hold_under_the_real_rules() -> None:
    small = [p for p in load_puzzles("oware") if p.exact and p.state().on_rows <= SMALL]
    assert len(small) >= 10
    assert [(p.id, said) for p in small if (said := holds(p)) is not None] == []


def test_the_real_solver_sees_the_majority_end() -> None:
    """Stores 24-19: any capture of the first player's ends the game by the majority, banking
    the rows, where the table's game would go on; the solver meets such ends."""
    puzzle = next(p for p in load_puzzles("oware") if p.exact and 24 in p.state().scores)
    solver = RealSolver(puzzle.state())
    kinds: set[EndKind | None] = set()
    for key, moves in solver.moves.items():
        for pit, nxt, _ in moves:
            if nxt is None:
                record = solver.state(key).play_record(pit)[1]
                assert record is not None
                kinds.add(record.end_kind)
    assert EndKind.MAJORITY in kinds
