"""Exact play for Kalah: endgame tables and a solver (see ``solve``, ``table``, ``search``).

>>> from engine import get_variant
>>> from engine.solver import Solver
>>> Solver(get_variant("kalah", pits=3, seeds=2)).solve(get_variant("kalah", pits=3, seeds=2)
...     .initial_state()).value
4
"""

from __future__ import annotations

from engine.solver.rules import KalahSpec
from engine.solver.solve import Solution, Solver

__all__ = ["KalahSpec", "Solution", "Solver"]
