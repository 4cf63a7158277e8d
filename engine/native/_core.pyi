# Types of the compiled module engine/native/_core.c.
from collections.abc import Sequence

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

class Tree:
    rng_state: int
    nodes: int
    def __init__(
        self, spec: Spec, c: float, greedy: bool, node_limit: int, rng_state: int
    ) -> None: ...
    def start(self, board: Sequence[int], to_move: int, reuse: bool) -> int: ...
    def run(self, iterations: int | None, deadline: float | None) -> tuple[int, int]: ...
    def root_stats(self) -> list[tuple[int, int, float]]: ...
    def best_path(self, limit: int) -> list[int]: ...
    def forget(self) -> None: ...
