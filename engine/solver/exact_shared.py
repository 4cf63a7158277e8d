"""One transposition table shared by the solvers of several processes (issue 34, item 5).

Rule: a :class:`SharedTable` is a block of shared memory, made before the processes that use
it start (they find it by its name), of ``ENTRY_BYTES * 2**bits`` zeroed bytes; a native solver
given it (:func:`share`) keeps its transposition entries there in place of its own table, so a
position one process solved saves another process the same subtrees.  Entries are written
without locks: each holds a check word, and an entry torn by two writers reads as absent
(``engine/native/_solve.c``), so every value stays exact.  What differs is the work: how many
nodes a position needs depends on what the other processes stored before, so node counts (and
a node budget's verdict) are no longer the same on every load; the analysis of the app does
not use it.  The pure-Python twin keeps its own table (:func:`share` is then a no-op).
"""

from __future__ import annotations

from multiprocessing import shared_memory

from engine.solver import native
from engine.solver.solve import Solver

ENTRY_BYTES = 24
"""Bytes of one native transposition entry (three 64-bit words)."""
SHARED_BITS = 23
"""The bench's shared table: 2**23 entries (192 MB), the memory of two processes' own tables
(``engine.solver.exact.TT_BITS``); measured on plies 4-7 of its game on 2 processes: 110.6 M
nodes against 120.0 M with 2**22."""


class SharedTable:
    """A zeroed shared-memory block for a transposition table of ``2**bits`` entries (the
    maker unlinks it with :meth:`close`); processes attach to it by :attr:`name`."""

    def __init__(self, bits: int) -> None:
        self.bits = bits
        self.memory = shared_memory.SharedMemory(create=True, size=ENTRY_BYTES << bits)
        self.name = self.memory.name

    def close(self) -> None:
        """Detach and free the block (the maker's call, once its users are done)."""
        self.memory.close()
        self.memory.unlink()

    def __enter__(self) -> SharedTable:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


_attached: dict[str, shared_memory.SharedMemory] = {}
"""The blocks this process attached to, kept open while its solvers use them."""


def attach(name: str) -> memoryview:
    """The buffer of the shared block ``name`` (attached once a process)."""
    block = _attached.get(name)
    if block is None:
        # (a process the maker started shares its resource tracker: the maker's close unlinks)
        block = shared_memory.SharedMemory(name)
        _attached[name] = block
    buffer = block.buf
    assert buffer is not None
    return buffer


def share(solver: Solver, name: str | None) -> bool:
    """Give ``solver`` the shared transposition table ``name`` (its size the block's) in place
    of its own (native solvers only); whether it now shares one."""
    core = native.solve_core()
    if name is None or core is None or not solver.native:
        return False
    spec, table = solver.spec, solver.table
    values = None if table is None else table.values
    seeds = -1 if table is None else table.seeds
    buffer = attach(name)
    bits = (len(buffer) // ENTRY_BYTES).bit_length() - 1
    solver.core = core.Solver(
        spec.pits, spec.capture, spec.empty_capture, values, seeds, bits, buffer
    )
    return True
