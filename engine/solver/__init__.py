"""Exact play for Kalah: endgame tables and a solver (see ``solve``, ``table``, ``search``).

``prepare_tables(rules, folder)`` builds the endgame table a rule set's levels read (once per
host, before play); ``build.build_file`` the host's large table (resumable); ``book`` holds the
shipped opening books and ``exact`` the exact values the analysis reads from them and the
tables; ``cache.set_budget(nbytes)`` bounds what a process keeps, ``cache.held_bytes()``
reports it.

>>> from engine import get_variant
>>> from engine.solver import Solver
>>> Solver(get_variant("kalah", pits=3, seeds=2)).solve(get_variant("kalah", pits=3, seeds=2)
...     .initial_state()).value
4
"""

from __future__ import annotations

from engine.solver import cache
from engine.solver.rules import KalahSpec
from engine.solver.solve import Solution, Solver
from engine.solver.table import prepare as prepare_tables
from engine.solver.table import table_seeds

__all__ = ["KalahSpec", "Solution", "Solver", "cache", "prepare_tables", "table_seeds"]
