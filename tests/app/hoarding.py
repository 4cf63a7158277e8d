"""A job for a search process that keeps memory behind, in a module of its own: a process that
runs it imports only this (a test module would bring pytest and the app, megabytes of their own
that a small memory share would count against the job)."""

from __future__ import annotations

from typing import Any

HOARD: list[bytes] = []


def hoard(megabytes: int) -> dict[str, Any]:
    """A job that leaves ``megabytes`` behind in its process."""
    HOARD.append(b"x" * (megabytes << 20))
    return {"move": 0}
