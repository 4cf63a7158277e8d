"""Exact play for Kalah: endgame tables and a solver (see ``solve``, ``table``, ``search``).

>>> from engine import get_variant
>>> from engine.solver import Solver
>>> Solver(get_variant("kalah", pits=3, seeds=2)).solve(get_variant("kalah", pits=3, seeds=2)
...     .initial_state()).value
4
"""

from __future__ import annotations

import sys

from engine.solver.rules import KalahSpec
from engine.solver.solve import Solution, Solver

__all__ = ["KalahSpec", "Solution", "Solver"]

# The solver recurses once per move of the line it follows (and the table builder once per move
# of its deepest endgame): Python's limit is raised once, when the solver is imported, never in
# the middle of someone else's work (a search thread, a test).
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
