# Types of the compiled module engine/native/_solve.c (keep in step with what it parses).
from collections.abc import Callable, Sequence
from typing import final

from _typeshed import ReadableBuffer, WriteableBuffer

def build_table(pits: int, capture: bool, empty_capture: bool, max_seeds: int) -> bytes: ...
def fill_table(
    pits: int,
    capture: bool,
    empty_capture: bool,
    buffer: WriteableBuffer,
    start: int,
    stop: int,
) -> None: ...
def rank(board: Sequence[int]) -> int: ...
@final
class Solver:
    nodes: int
    tt_bytes: int
    def __init__(
        self,
        pits: int,
        capture: bool,
        empty_capture: bool,
        table: ReadableBuffer | None = None,
        table_seeds: int = -1,
        tt_bits: int = 20,
        shared: WriteableBuffer | None = None,
    ) -> None: ...
    def search(
        self,
        board: Sequence[int],
        alpha: int,
        beta: int,
        seconds: float | None = None,
        callback: Callable[[int], object] | None = None,
        every: int = 4194304,
    ) -> int: ...
    def clear(self) -> None: ...
