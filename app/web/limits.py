"""Per-client rate limits: token buckets kept by the store, shared by all workers (and hosts).

A client is a device: its network address.  Each action has a bucket of ``burst`` tokens that
refills at ``per_second``; a request takes one token, and with none left it is refused with
429 and the seconds until the next token.  Limits are generous for people and stop a script
(or a stuck page) from creating games or asking the computer without end.
"""

from __future__ import annotations

import math

from flask import current_app, request

from app.store import get_store
from app.web.errors import APIError

WHAT = {"create": "new games", "computer": "computer moves and hints", "name": "name changes"}


def client_address() -> str:
    """The requesting device (its address as the server sees it)."""
    return request.remote_addr or "unknown"


def limit(action: str) -> None:
    """429 with a Retry-After if this client has used up its ``action`` bucket."""
    rule = current_app.config["RATE_LIMITS"].get(action)
    if not rule:
        return
    burst, per_second = float(rule[0]), float(rule[1])
    key = f"{action}:{client_address()}"
    wait = get_store().take_token(key, burst, per_second)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise APIError(
            429,
            f"too many {WHAT.get(action, action)} from your device; try again in {seconds} s",
            seconds,
        )
