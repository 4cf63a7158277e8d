# Types of the compiled module engine/native/_core.c (keep in step with what it parses).
from collections.abc import Sequence
from typing import final

from _typeshed import ReadableBuffer

Spec = tuple[int, int, int, tuple[int, ...]]
Child = tuple[int, list[int], int | None]

def children(spec: Spec, board: Sequence[int], player: int) -> list[Child]: ...
def perft(
    spec: Spec,
    board: Sequence[int],
    player: int,
    depth: int,
    history: Sequence[tuple[Sequence[int], int]],
) -> int: ...
@final
class Searcher:
    nodes: int
    horizon: int
    def __init__(
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
    ) -> None: ...
    def alphabeta(
        self,
        board: Sequence[int],
        player: int,
        depth: int,
        alpha: float,
        beta: float,
        deadline: float | None,
    ) -> float | None: ...
    def table_move(self, board: Sequence[int], player: int) -> int | None: ...
    def table_size(self) -> int: ...
    def clear_table(self) -> None: ...
    def children(self, board: Sequence[int], player: int) -> list[Child]: ...

@final
class MarginSearcher:
    @property
    def nodes(self) -> int: ...
    @property
    def horizon(self) -> bool: ...
    @property
    def capped(self) -> bool: ...
    def __init__(self, spec: Spec, share: float, table_limit: int) -> None: ...
    def start(self, limit: int, deadline: float) -> None: ...
    def search(
        self, board: Sequence[int], player: int, depth: int, alpha: float, beta: float
    ) -> float | None: ...
    def table_size(self) -> int: ...

@final
class Tree:
    rng_state: int
    nodes: int
    def __init__(
        self,
        spec: Spec,
        c: float,
        greedy: bool,
        node_limit: int,
        rng_state: int,
        endgame: ReadableBuffer | None = None,
        endgame_seeds: int = -1,
    ) -> None: ...
    def start(self, board: Sequence[int], to_move: int, reuse: bool) -> int: ...
    def run(self, iterations: int | None, deadline: float | None) -> tuple[int, int]: ...
    def root_stats(self) -> list[tuple[int, int, float]]: ...
    def best_path(self, limit: int) -> list[int]: ...
    def forget(self) -> None: ...
