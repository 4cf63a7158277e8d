"""Per-client rate limits: token buckets in the store's ``limits`` table, shared by all workers.

A client is a device: its network address.  Each action has a bucket of ``burst`` tokens that
refills at ``per_second``; a request takes one token, and with none left it is refused with
429 and the seconds until the next token.  Limits are generous for people and stop a script
(or a stuck page) from creating games or asking the computer without end.
"""

from __future__ import annotations

import math
import sqlite3
import time

from flask import current_app, request

from app.errors import APIError
from app.store import get_store

WHAT = {"create": "new games", "computer": "computer moves and hints"}


def client_address() -> str:
    """The requesting device (its address as the server sees it)."""
    return request.remote_addr or "unknown"


def take(db: sqlite3.Connection, key: str, burst: float, per_second: float, now: float) -> float:
    """Take one token from ``key``'s bucket: 0.0 if taken, else seconds until one is there."""
    level = "MIN(?, tokens + (? - at) * ?)"
    taken = db.execute(  # one statement: a new bucket starts full, less this token
        "INSERT INTO limits (key, tokens, at) VALUES (?, ? - 1, ?) ON CONFLICT(key) DO UPDATE "
        f"SET tokens = {level} - 1, at = ? WHERE {level} >= 1",
        (key, burst, now, burst, now, per_second, now, burst, now, per_second),
    ).rowcount
    if taken:
        return 0.0
    tokens, at = db.execute("SELECT tokens, at FROM limits WHERE key = ?", (key,)).fetchone()
    have = min(burst, tokens + (now - at) * per_second)
    return (1 - have) / per_second if per_second > 0 else 3600.0


def limit(action: str) -> None:
    """429 with a Retry-After if this client has used up its ``action`` bucket."""
    rule = current_app.config["RATE_LIMITS"].get(action)
    if not rule:
        return
    burst, per_second = float(rule[0]), float(rule[1])
    key = f"{action}:{client_address()}"
    wait = get_store().run(lambda db: take(db, key, burst, per_second, time.time()))
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise APIError(
            429,
            f"too many {WHAT.get(action, action)} from your device; try again in {seconds} s",
            seconds,
        )
