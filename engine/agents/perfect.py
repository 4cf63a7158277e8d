"""The Perfect level: exact play wherever the position can be solved in time.

Rule implemented: on Kalah (the rule sets ``engine.solver`` solves) the agent spends part of its
time solving the position exactly (the final margin both sides playing perfectly) and plays a
move that keeps that margin; the decision says ``exact=True``. The part is ``solve_share`` while
the seeds on the board are within its reach (``LARGE_SHARE`` with the host's large table), a
tenth beyond it; the reach starts at ``REACH``
seeds (``LARGE_REACH`` once it reads the host's large table), drops to 3 below a count whose
solve ran out of time and grows to 2 above one solved in a quarter of its time. When the solve
does not finish in time, or the variant has no solver, the fallback agent (the level's Master
search) plays with the time that is left and the decision is exact only if that search proved
its value. ``stronger``, when given, plays instead of ``fallback`` on the variants named in
``stronger_on`` (the Monte-Carlo Perfect level falls back on alpha-beta in Kalah and Oware,
where that search was measured the stronger: see docs/engine.md).  On the variants of
``ONE_FALLBACK_ON`` (Kalah, where a match found it not weaker; not Oware, where it was) the
fallback is the analysis's own search instead (``engine.agents.exact_first.estimate``): the
move is the best of the values the analysis shows.
In Oware the host's Oware table decides where the board's seeds are within it
(``engine.agents.oware_exact``); above it the Master search plays with the table at its leaves
(the level's ``oware_leaves``: ``engine.agents.minimax``).
Where the shipped opening book (``engine.solver.book``) holds every move's value, the agent plays
a best move by it without searching; where it holds the position's value only (its last ply),
the solver only looks for a move that keeps it.  Its solver reads the largest table in its
folder: the host's large table (``python -m engine tables build``) once it is there.
Solvers, endgame tables and their transposition tables are kept per rule set in the process's
byte cache (``engine.solver.cache``), so each move of a game reuses the last move's work.  The
agent never builds a table inside a move: it reads the one ``engine.solver.table.prepare`` put
in its ``tables`` folder, and solves without one until it is there.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import MappingProxyType

from engine import get_variant
from engine.agents import exact_first, oware_exact
from engine.agents.base import Agent, Deadline, Decision, Limit
from engine.agents.kernels import kernel_spec
from engine.core import Rules, State
from engine.solver import KalahSpec, Solver, cache
from engine.solver.book import book_for
from engine.solver.table import find, largest, native_built, table_seeds
from engine.texts import N_, Text

REACH = 36
"""Seeds on the board a first solve is expected to handle in a few seconds (6-pit Kalah)."""
LARGE_REACH = 48
"""The same with the host's large table (24 seeds on 6 pits): every 6x4 position off the book
gets half the time first.  Measured: the position two moves into Perfect against Perfect (47
seeds) in 2.3 s of CPU; a random game's positions, 44 seeds in 0.3 s, 45 in 2.2 s, 47 in 4.9 s,
one of 46 over 30 s (docs/engine.md)."""
LARGE_SHARE = 0.9
"""The share of its time the agent gives a solve within its reach once it reads the host's large
table (the rest to its Master search if the solve does not finish): off the book a 6x4 solve
takes 1-5 s of CPU, so half of 5 s was too little on a loaded machine (docs/engine.md)."""
BEYOND_SHARE = 0.1
"""The share of its time the agent tries a solve with beyond its reach."""
FALLBACK_SECONDS = 1.0
"""The planned seconds of the shared fallback's search when a move has no wall-time limit."""
FALLBACK_PLAN = 100.0
"""The shared fallback's plan, in times the wall time left: the analysis plans 200,000 nodes
a second, the native search runs millions, so a move's time, not its plan, stops it."""
ONE_FALLBACK_ON: tuple[str, ...] = ("kalah",)
"""The variants Perfect falls back on the analysis's search on (:meth:`PerfectAgent.
shared_fallback`) rather than its level's Master search: where a match found it not weaker
(docs/engine.md, "One fallback")."""
TT_BITS = 21
"""Transposition entries of an agent's solver (2**21 x 24 bytes: 48 MB per rule set)."""


def solver_for(rules: Rules, tables: str | None, pure: bool = False) -> Solver | None:
    """The shared solver of ``rules`` reading the largest table in ``tables`` (the host's large
    table once ``python -m engine tables build`` or the app made it, else the rule set's table
    once prepared: ``engine.solver.table.ready``), None if not solvable.  Kept in the process's
    byte cache (``engine.solver.cache``), a new one once a larger table appears."""
    seeds = table_seeds(rules, pure)
    if seeds is None:
        return None
    large = None if tables is None else largest(KalahSpec.of(rules), tables)
    if large is not None and large >= seeds and native_built(pure):
        key = ("solver", rules, tables, pure, large)
        return cache.keep(key, lambda: Solver(rules, tables, large, TT_BITS, pure), _charge)
    have = tables is None or find(KalahSpec.of(rules), seeds, tables) is not None
    key = ("solver", rules, tables, pure, have)
    return cache.keep(key, lambda: Solver(rules, tables, None, TT_BITS, pure, build=False), _charge)


def one_fallback_plays(rules: Rules) -> bool:
    """Whether the shared fallback plays ``rules``: where the analysis's search has a fused
    kernel (Kalah and Oware, every option: native, or its pure twin), the rule sets measured."""
    return kernel_spec(rules) is not None


def _charge(solver: Solver) -> list[cache.Part]:
    table = [] if solver.table is None else [(solver.table, solver.table.held)]
    return [(solver, solver.tt_bytes), *table]


MENU_LINES = {  # (from an opening book, with this host's large table): the menu's line
    (True, True): N_(
        "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 from its opening book (to move "
        "%(plies)s), then with this host's large table wherever its solve is in time; elsewhere "
        "the analysis's search on Kalah and a Master search on the other games, up to 5 s a move."
    ),
    (True, False): N_(
        "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 from its opening book (to move "
        "%(plies)s), then once about %(seeds)s seeds are left; elsewhere the analysis's search "
        "on Kalah and a Master search on the other games, up to 5 s a move."
    ),
    (False, True): N_(
        "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 with this host's large table "
        "wherever its solve is in time; elsewhere the analysis's search on Kalah and a Master "
        "search on the other games, up to 5 s a move."
    ),
    (False, False): N_(
        "Perfect on Kalah up to 4x5, 5x3 and 6x3, and on 6x4 once about %(seeds)s seeds are "
        "left; elsewhere the analysis's search on Kalah and a Master search on the other "
        "games, up to 5 s a move."
    ),
}


def menu_line(tables: str | os.PathLike[str] | None) -> Text:
    """The Perfect level's line in the menu, for a host whose tables are in ``tables``: from
    where it is exact on Kalah 6x4 (the shipped book's plies, then the seeds its solves reach
    with the table there), and what it plays elsewhere (the one fallback on Kalah, see
    :data:`ONE_FALLBACK_ON`)."""
    rules = get_variant("kalah")
    spec, seeds = KalahSpec.of(rules), table_seeds(rules)
    book = book_for(rules)
    plies = 0 if book is None else book.depth(rules)
    found = None if tables is None or not Path(tables).is_dir() else largest(spec, tables)
    large = found is not None and seeds is not None and found > seeds
    args: dict[str, object] = {"plies": plies} if plies else {}
    if not large:
        args["seeds"] = REACH
    return Text(MENU_LINES[bool(plies), large], MappingProxyType(args))


class PerfectAgent(Agent):
    """Solve exactly within ``solve_share`` of the time, else play ``fallback``'s move.

    ``tables`` is the folder endgame tables are read from (the app's instance folder, filled by
    ``engine.solver.table.prepare``); None reads a small table kept in memory."""

    name = "perfect"

    def __init__(
        self,
        fallback: Agent,
        seed: int | None = None,
        limit: Limit | None = None,
        tables: str | os.PathLike[str] | None = None,
        solve_share: float = 0.5,
        pure: bool = False,
        stronger: Agent | None = None,
        stronger_on: tuple[str, ...] = (),
    ) -> None:
        super().__init__(seed, limit)
        if not 0.0 < solve_share <= 1.0:
            raise ValueError(f"solve_share must be in (0, 1], not {solve_share!r}")
        self.fallback = fallback
        self.stronger = stronger
        self.stronger_on = stronger_on
        self.tables = None if tables is None else os.fspath(tables)
        self.solve_share = solve_share
        self.pure = pure
        self.reach = REACH
        self.large = False
        self.last: tuple[int | None, int] | None = None  # (player, the exact value it found)
        # Oware's table moves (engine.agents.oware_exact.decide): among the moves keeping a
        # position's value, the one the table reached first, so a won or drawn ending is kept
        # and never repeats (docs/engine.md); False plays by search alone (measurements).
        self.oware_table_moves = True
        # On these variants, where no exact value is found, the analysis's search decides
        # (one_fallback_plays): the values the analysis shows (exact_first.estimate); elsewhere
        # ``fallback``'s (or ``stronger``'s) move.
        self.one_fallback_on = ONE_FALLBACK_ON
        self.fallback_seconds = FALLBACK_SECONDS

    def describe(self) -> str:
        return f"perfect({self.fallback.describe()})"

    def reset(self) -> None:
        self.last = None
        self.fallback.reset()
        if self.stronger is not None:
            self.stronger.reset()

    def search(self, state: State, limit: Limit, clock: Deadline) -> Decision:
        found = self.from_book(state)
        if found is None and self.oware_table_moves:
            found = oware_exact.decide(state, self.tables, self.rng)
        if found is not None:
            return found
        solver = solver_for(state.rules, self.tables, self.pure)
        regular = table_seeds(state.rules, self.pure) or 0
        if solver is not None and solver.table is not None and solver.table.seeds > regular:
            if not self.large:  # the host's large table: a first solve reaches further
                self.reach = max(self.reach, LARGE_REACH)
            self.large = True
        if solver is not None:
            seeds = state.on_rows
            within = max(self.solve_share, LARGE_SHARE) if self.large else self.solve_share
            share = within if seeds <= self.reach else BEYOND_SHARE
            seconds = None
            if clock.end is not None:
                seconds = max(0.0, (clock.end - clock.start) * share)
            order = list(state.legal_moves())
            self.rng.shuffle(order)  # any best move: vary the games
            first = solver.nodes
            try:
                known = book.value(state) if (book := book_for(state.rules)) else None
                move, value = solver.best(state, order, seconds, self.guess(state), known)
            except TimeoutError:
                self.reach = min(self.reach, seeds - 3)
            else:
                if seconds is None or clock.elapsed() < seconds / 4:
                    self.reach = max(self.reach, seeds + 2)
                self.last = (state.to_move, value)
                return Decision(
                    move,
                    value=float(value),
                    nodes=solver.nodes - first,
                    pv=(move,),
                    move_values={move: float(value)},
                    exact=True,
                    extra={"solved": True},
                )
        if state.rules.name in self.one_fallback_on and one_fallback_plays(state.rules):
            decision = self.shared_fallback(state, clock)
            decision.extra["solved"] = False
            return decision
        left = None if clock.end is None else max(0.01, clock.end - clock.elapsed() - clock.start)
        rest = Limit(left, limit.depth, limit.iterations) if left is not None else limit
        fallback = self.fallback
        if self.stronger is not None and state.rules.name in self.stronger_on:
            fallback = self.stronger
        decision = fallback.search(state, rest, Deadline(left))
        decision.extra["solved"] = False
        return decision

    def shared_fallback(self, state: State, clock: Deadline) -> Decision:
        """The analysis's fallback (:func:`engine.agents.exact_first.estimate`) played: the
        best of its values, from a search planned for :data:`FALLBACK_PLAN` times the time
        left and stopped when it is spent (the deepest search finished by then: the analysis's
        own ``capped`` answer); without a wall-time limit, a plan of ``fallback_seconds``
        (:data:`FALLBACK_SECONDS`), so the move is the one the analysis of that many seconds
        shows."""
        start = time.perf_counter()
        if clock.end is None:
            plan, cap = self.fallback_seconds, None
        else:
            cap = max(0.01, clock.end - start)
            plan = cap * FALLBACK_PLAN
        found = exact_first.estimate(state, self.tables, plan, cap, start, solver_tried=True)
        return exact_first.fallback_decision(found)

    def guess(self, state: State) -> int | None:
        """The final margin the mover of ``state`` most likely forces: the last exact value
        this agent found for that player (perfect replies keep it), else None."""
        if self.last is None or self.last[0] != state.to_move:
            return None
        return self.last[1]

    def from_book(self, state: State) -> Decision | None:
        """A best move by the opening book's exact values, if it holds every move's."""
        book = book_for(state.rules)
        values = None if book is None else book.move_values(state)
        if not values:
            return None
        value = max(values.values())
        move = self.rng.choice([m for m, v in values.items() if v == value])  # vary the games
        self.last = (state.to_move, value)
        return Decision(
            move,
            value=float(value),
            pv=(move,),
            move_values={m: float(v) for m, v in values.items()},
            exact=True,
            extra={"solved": True, "book": True},
        )
