"""A cap on the long-polls one device holds open at once.

A long-poll (``GET /api/games/<id>?since=N``) holds a server thread while it waits.  A board
needs one; a device with many tabs open needs a few.  Beyond ``LONG_POLLS_PER_DEVICE`` waiting
at once in this server process (a device is its client address, as for the rate limits of
:mod:`app.web.limits`), the next one is refused with 429 before it waits, so that one device
cannot hold the threads every other device needs.  The count is per server process: with
``WORKERS=2`` a device can hold up to twice as many.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

LONG_POLLS_PER_DEVICE = 8  # default of the setting (MANCALA_LONG_POLLS_PER_DEVICE)

_lock = threading.Lock()
_open: Counter[str] = Counter()


@contextmanager
def long_poll(polls: bool = True) -> Iterator[None]:
    """Count this request (if it ``polls``: it has a ``since``) as one of its device's open
    long-polls while it runs; 429 (with Retry-After) if the device has its fill already."""
    if not polls:
        yield
        return
    from flask import current_app  # here: the server's worker class imports this module early

    from app.web.errors import APIError
    from app.web.limits import client_address

    device = client_address()
    cap = int(current_app.config.get("LONG_POLLS_PER_DEVICE", LONG_POLLS_PER_DEVICE))
    with _lock:
        if _open[device] >= cap:
            raise APIError(429, refusal(cap), 1)
        _open[device] += 1
    try:
        yield
    finally:
        with _lock:
            _open[device] -= 1
            if _open[device] <= 0:
                del _open[device]


def refusal(cap: int) -> str:
    """What a device beyond its cap of long-polls is told."""
    return f"your device has {cap} updates waiting already; close a tab or try again in 1 s"


def open_polls(device: str) -> int:
    """Long-polls ``device`` holds open in this process now."""
    with _lock:
        return _open[device]
