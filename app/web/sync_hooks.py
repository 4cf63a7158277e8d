"""Flask's coroutine check, once per function: Flask asks of every view and every before-,
after- and teardown-request hook, on every request, whether it is a coroutine function
(``Flask.ensure_sync``: eight checks a request here, about 1 µs each).  A function's answer
never changes, so this app remembers what ``ensure_sync`` gave for each function it was
handed (a coroutine function still gets Flask's wrapper, made once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar, cast

from flask import Flask

P = ParamSpec("P")
R = TypeVar("R")

MOST_KEPT = 4096  # functions remembered at most (an app has a few hundred views and hooks)


def init_app(app: Flask) -> None:
    """Make ``app.ensure_sync`` remember its answer per function (see the module docstring)."""
    real = app.ensure_sync
    known: dict[object, object] = {}

    def ensure_sync(func: Callable[P, R]) -> Callable[P, R]:
        try:
            found = known.get(func)
        except TypeError:  # a callable that can't be a key: asked each time
            return cast(Callable[P, R], real(func))
        if found is None:
            found = real(func)
            if len(known) < MOST_KEPT:
                known[func] = found
        return cast(Callable[P, R], found)

    app.ensure_sync = ensure_sync  # type: ignore[method-assign]
