"""A call run in a thread of its own, its Python frames starting on a stack of their own.

CPython 3.11 keeps a thread's frames in 16 KiB chunks and unmaps a chunk as soon as the frame at
its base returns: a deep pure-Python search that happens to recurse across a chunk's edge maps
and unmaps a chunk on nearly every call.  Under a pytest-xdist worker the frames beneath a test
put some searches right there: a Toguz Kumalak puzzle's check made 127,000 mmap/munmap calls in
8 s and took 38-44 s under ``-n 1`` instead of 7 s (most of it system time); in a fresh thread
the whole search fits in its first chunk.  Which tests it hits depends only on the depth of the
frames beneath them; tests/conftest.py runs the puzzle checks' tests this way (FRESH_THREAD).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def in_a_fresh_thread(call: Callable[[], T], name: str = "test") -> T:
    """``call()`` in a new thread, waited for; what it raises is raised here."""
    said: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            said.append(call())
        except BaseException as exc:  # raised again in the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=run, name=name)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return said[0]
