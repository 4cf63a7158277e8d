"""A call run on a roomy frame stack: a test's deep pure-Python searches at full speed wherever
the frames beneath it end.

CPython 3.11 keeps a thread's frames in chunks (16 KiB at first) and unmaps a chunk as soon as
the frame at its base returns: a deep search that happens to recurse across a chunk's edge maps
and unmaps a chunk on nearly every call.  Under a pytest-xdist worker the frames beneath a test
put some searches right there: a Toguz Kumalak puzzle's check made 127,000 mmap/munmap calls in
8 s and took 38-44 s under ``-n 1`` instead of 7 s, most of it system time; Oware's builder in
the pure pass 187 s.  :func:`on_a_roomy_stack` calls through a function whose frame holds 32,000
locals: it cannot fit the chunk in use, so CPython gives it a new 512 KiB chunk of which it uses
half, and every frame the call makes below it (the recursion limit's 1,000 frames included)
stays in that chunk.  tests/conftest.py runs the tests of its ROOMY_STACK files this way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
LOCALS = 32_000  # 8 bytes each: 250 KiB, so that CPython's chunk is 512 KiB


def _roomy() -> Callable[[Callable[[], Any]], Any]:
    """A function ``(call) -> call()`` whose frame has :data:`LOCALS` local variables (assigned
    in a branch never taken: a name assigned anywhere in a function is one of its locals)."""
    names = " = ".join(f"x{i}" for i in range(LOCALS))
    source = f"def roomy(call):\n    if call is None:\n        {names} = None\n    return call()\n"
    space: dict[str, Any] = {}
    exec(compile(source, "<roomy>", "exec"), space)  # noqa: S102 - our own literal source
    roomy: Callable[[Callable[[], Any]], Any] = space["roomy"]
    return roomy


ROOMY = _roomy()


def on_a_roomy_stack(call: Callable[[], T]) -> T:
    """``call()``, its frames in a chunk of their own with room for any recursion."""
    said: T = ROOMY(call)
    return said
