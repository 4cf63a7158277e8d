"""The native core: C twins of the searches' hot loops, built from ``engine/native/_*.c``.

``core`` is the compiled ``engine.native._core`` module (the minimax search, the analysis
search, the UCT tree and move generation) and ``solve`` the compiled ``engine.native._solve``
(the Kalah solver), each None where it is not built (a fresh clone before ``make native``), is
stale (older than its sources: see :mod:`.sources`), or where ``MANCALA_PURE=1`` is set;
callers then use the pure-Python twins, which give identical results.  Both load the same
way, typed by the protocols below (the stubs ``_core.pyi`` and ``_solve.pyi`` are checked
against them by mypy, and so are the pure twins where a factory returns either).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from engine.native.sources import HERE, stale, stale_modules

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

Spec = tuple[int, int, int, tuple[int, ...]]
"""A rule set for the native core: (family, pits, seeds, integer options)."""
Child = tuple[int, Any, int | None]
"""A move, the node it leads to (a board list, or a State in pure Python) and who moves next."""


class SearcherCore(Protocol):
    """Alpha-beta below the minimax agent's root: ``engine.native._core.Searcher`` or
    ``engine.agents.alphabeta.PySearcher``."""

    nodes: int
    horizon: int

    def alphabeta(
        self,
        node: Any,
        player: int,
        depth: int,
        alpha: float,
        beta: float,
        deadline: float | None,
    ) -> float | None: ...

    def table_move(self, node: Any, player: int) -> int | None: ...

    def table_size(self) -> int: ...

    def clear_table(self) -> None: ...

    def children(self, node: Any, player: int) -> list[Child]: ...


class MarginCore(Protocol):
    """The analysis search below its root (alpha-beta on the final margin, with a node
    budget): ``engine.native._core.MarginSearcher`` or
    ``engine.agents.analysis.PyMarginSearcher``."""

    @property
    def nodes(self) -> int: ...

    @property
    def horizon(self) -> bool: ...

    @property
    def capped(self) -> bool: ...

    def start(self, limit: int, deadline: float) -> None: ...

    def search(
        self, node: Any, player: int, depth: int, alpha: float, beta: float
    ) -> float | None: ...

    def table_size(self) -> int: ...


class TreeCore(Protocol):
    """The MCTS agent's UCT tree: ``engine.native._core.Tree`` or
    ``engine.agents.tree.PyTree``."""

    @property
    def nodes(self) -> int: ...

    @property
    def rng_state(self) -> int: ...

    def start(self, board: Any, to_move: int, reuse: bool) -> int: ...

    def run(self, iterations: int | None, deadline: float | None) -> tuple[int, int]: ...

    def root_stats(self) -> list[tuple[int, int, float]]: ...

    def best_path(self, limit: int) -> list[int]: ...

    def forget(self) -> None: ...


class SolverCore(Protocol):
    """The solver's search over store-free Kalah views: ``engine.native._solve.Solver`` or
    ``engine.solver.search.PySolver``."""

    @property
    def nodes(self) -> int: ...

    @property
    def tt_bytes(self) -> int: ...

    def search(
        self,
        board: Sequence[int],
        alpha: int,
        beta: int,
        seconds: float | None = None,
        callback: Callable[[int], object] | None = None,
        every: int = 1 << 22,
    ) -> int: ...

    def clear(self) -> None: ...


class CoreModule(Protocol):
    """What the engine uses of ``engine.native._core``."""

    def children(self, spec: Spec, board: Sequence[int], player: int) -> list[Child]: ...

    def perft(
        self,
        spec: Spec,
        board: Sequence[int],
        player: int,
        depth: int,
        history: Sequence[tuple[Sequence[int], int]],
    ) -> int: ...

    def Searcher(  # noqa: N802 (the module's class)
        self,
        spec: Spec,
        me: int,
        win: float,
        eval_kind: int,
        weights: tuple[float, float, float, float],
        distance: bool,
        ordering: bool,
        table: bool,
        endgame: ReadableBuffer | None = None,
        endgame_seeds: int = -1,
        table_limit: int = 0,
        oware: ReadableBuffer | None = None,
        oware_seeds: int = -1,
    ) -> SearcherCore: ...

    def MarginSearcher(  # noqa: N802 (the module's class)
        self, spec: Spec, share: float, table_limit: int
    ) -> MarginCore: ...

    def Tree(  # noqa: N802 (the module's class)
        self,
        spec: Spec,
        c: float,
        greedy: bool,
        node_limit: int,
        rng_state: int,
        endgame: ReadableBuffer | None = None,
        endgame_seeds: int = -1,
    ) -> TreeCore: ...


class SolveModule(Protocol):
    """What the engine uses of ``engine.native._solve``."""

    def build_table(
        self, pits: int, capture: bool, empty_capture: bool, max_seeds: int
    ) -> bytes: ...

    def fill_table(
        self,
        pits: int,
        capture: bool,
        empty_capture: bool,
        buffer: WriteableBuffer,
        start: int,
        stop: int,
    ) -> None: ...

    def rank(self, board: Sequence[int]) -> int: ...

    def Solver(  # noqa: N802 (the module's class)
        self,
        pits: int,
        capture: bool,
        empty_capture: bool,
        table: ReadableBuffer | None = None,
        table_seeds: int = -1,
        tt_bits: int = 20,
        shared: WriteableBuffer | None = None,
    ) -> SolverCore: ...


PURE_SETTING = "MANCALA_PURE"


def load(name: str = "_core") -> ModuleType | None:
    """The built module ``engine.native.<name>``, or None if it is not built or is stale (older
    than its C sources, as after a ``git pull`` without ``make native``: its functions may
    take other arguments than the Python code now passes)."""
    source = HERE / f"{name}.c"
    if source.exists() and stale(source):
        return None
    try:
        return importlib.import_module(f"engine.native.{name}")
    except ImportError:
        return None


def pure_forced() -> bool:
    """Whether the setting ``MANCALA_PURE=1`` asks for the pure-Python fallback."""
    return os.environ.get(PURE_SETTING, "") not in ("", "0")


def load_core() -> CoreModule | None:
    """``engine.native._core`` if it is built and fresh, else None."""
    if load("_core") is None:
        return None
    from engine.native import _core

    return _core


def load_solve() -> SolveModule | None:
    """``engine.native._solve`` if it is built and fresh, else None."""
    if load("_solve") is None:
        return None
    from engine.native import _solve

    return _solve


core: CoreModule | None = None if pure_forced() else load_core()
"""The native core the engine uses, or None for the pure-Python fallback."""
solve: SolveModule | None = None if pure_forced() else load_solve()
"""The native solver the engine uses, or None for the pure-Python fallback."""


def stale_reason() -> str | None:
    """What to do about built modules older than their sources (None: there are none)."""
    stale = stale_modules()
    if not stale:
        return None
    return (
        f"the native core is older than its C sources ({', '.join(stale)}); "
        "rebuild it: python -m engine.native.build"
    )


def pure_reason() -> str | None:
    """Why the engine runs in pure Python (None: it runs the native core), with what to do."""
    if core is not None:
        return None
    if pure_forced():
        return f"{PURE_SETTING}=1 is set"
    return stale_reason() or (
        "the native core is not built; make native says why (it needs gcc and Python's headers)"
    )
