"""One memory budget for the host's searches, shared by the lanes of every server worker.

Rule: the host's searches may hold at most ``AI_MEMORY_MEGABYTES`` beyond what their processes
hold when they start.  Of it, :data:`TABLE_RESERVE` is kept for the endgame tables' builds (one
at a time on the host: a rule set's table in memory, or the large table's pages its build keeps
mapped; a search keeps at most ``app.computer.pool.TABLE_PAGES`` of a table it read mapped
between jobs, inside its share); the rest is split between the
search processes of all the host's server workers (``WORKERS``, as gunicorn starts them) by
their lane's weight (:data:`WEIGHTS`: a people process, which keeps Perfect's solver between
moves, weighs most).  A process's share sizes everything it holds:

* half of it is what it keeps between jobs (``engine.solver.cache``: Perfect's solver and its
  transposition table),
* the other half caps what one job builds: the minimax agents' table (Expert to Perfect; in
  bytes, ``engine.agents.alphabeta.TABLE_BYTES``), the analysis search's table, its solver's
  table and the long solve's table,
* and a process holding more than its share after a job (Python keeps what it freed) is
  replaced before its next job.

The host's large table (2.71 GB on 6x4 where it fits, else 1.25-1.85 GB) is a file in the page
cache, like every table: the pages a process maps count in its memory only while it keeps them
(app.computer.pages).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from app.computer.lanes import Lane

MB = 1 << 20
DEFAULT_MEGABYTES = 360
TABLE_RESERVE = 132 * MB
"""What the budget keeps for endgame tables: a rule set's table being built
(``engine.solver.table.TABLE_BYTES``, 100 MB) and the pages the large table's build keeps
mapped (``app.computer.tables.LARGE_BUILD_PAGES``, 32 MB)."""
WEIGHTS = {"quick": 1, "people": 4, "background": 2}
"""Each lane's weight in the split (the quick lane runs Beginner to Hard: small tables)."""
LEAST_SHARE = 8 * MB
"""No process gets less (a search needs a table of some size)."""
SOLVER_ENTRY_BYTES = 24
"""A native solver's transposition entry (engine.agents.perfect: 2**21 entries, 48 MB)."""


@dataclass(frozen=True)
class Sizes:
    """What one search process may hold, in bytes: ``share`` in all, ``kept`` between jobs;
    the transposition tables of one job: ``search`` (the minimax agents' and the analysis
    search's), ``solver_bits`` (the analysis's solver), ``exact_bits`` (the long solve) and
    ``perfect_bits`` (Perfect's solver, kept)."""

    share: int
    kept: int
    search: int
    solver_bits: int
    exact_bits: int
    perfect_bits: int


def bits_for(nbytes: int, entry: int, most: int, least: int = 16) -> int:
    """The most table bits (2**bits entries of ``entry`` bytes) that fit ``nbytes``, between
    ``least`` and ``most``."""
    bits = least
    while bits < most and (entry << (bits + 1)) <= nbytes:
        bits += 1
    return bits


def sizes_for(share: int) -> Sizes:
    """A process's sizes from its share of the budget: half kept between jobs, half a job's."""
    share = max(LEAST_SHARE, share)
    half = share // 2
    return Sizes(
        share=share,
        kept=half,
        search=min(half, 32_000_000),
        solver_bits=bits_for(half, 16, 20),
        exact_bits=bits_for(half, SOLVER_ENTRY_BYTES, 22),
        perfect_bits=bits_for(half, SOLVER_ENTRY_BYTES, 21),
    )


@dataclass(frozen=True)
class MemoryBudget:
    """The host's budget (``total`` bytes) split between ``servers`` server workers, each
    with the processes of ``lanes``."""

    total: int
    servers: int
    lanes: tuple[Lane, ...]

    @property
    def searches(self) -> int:
        """The bytes for the searches: the total less the tables' reserve."""
        return max(0, self.total - TABLE_RESERVE)

    def share(self, lane: Lane) -> int:
        """The bytes one process of ``lane`` may hold beyond its start."""
        weights = sum(WEIGHTS.get(each.name, 1) for each in self.lanes) * max(1, self.servers)
        return max(LEAST_SHARE, self.searches * WEIGHTS.get(lane.name, 1) // max(1, weights))

    def sizes(self, lane: Lane) -> Sizes:
        return sizes_for(self.share(lane))

    def to_dict(self) -> dict[str, object]:
        """The budget as the health report shows it (MB)."""
        return {
            "megabytes": self.total // MB,
            "tables_megabytes": TABLE_RESERVE // MB,
            "server_workers": self.servers,
            "share_megabytes": {
                lane.name: round(self.share(lane) / MB, 1) for lane in dict.fromkeys(self.lanes)
            },
        }


def server_workers() -> int:
    """The server workers gunicorn starts on this host (``WORKERS``, as app.web.gunicorn_conf
    reads it; 2 by default)."""
    try:
        return max(1, int(os.environ.get("WORKERS", "2")))
    except ValueError:
        return 2


def apply(sizes: Sizes) -> None:
    """In a search process: size what the engine keeps and builds from ``sizes`` (the
    engine's per-process settings, read at each use)."""
    from engine.agents import alphabeta, analysis, perfect
    from engine.solver import cache, exact

    cache.set_budget(sizes.kept)
    alphabeta.TABLE_BYTES = sizes.search
    analysis.TABLE_BYTES = sizes.search
    analysis.SOLVER_TT_BITS = sizes.solver_bits
    exact.TT_BITS = sizes.exact_bits
    perfect.TT_BITS = sizes.perfect_bits
