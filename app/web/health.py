"""``GET /health``: whether this server can serve games (a write to its store works and its
computer runs)."""

from __future__ import annotations

import os
import time
from typing import NotRequired

from flask import Blueprint
from flask.typing import ResponseReturnValue
from typing_extensions import TypedDict

from app.computer.moves import get_computer
from app.i18n.choose import gettext
from app.store import StoreError, get_store
from app.store.json_types import JSONObject

bp = Blueprint("health", __name__)


class Health(TypedDict):
    """Whether this server can serve games, with figures (503: why not, in message)."""

    status: str
    """ok, unavailable (the store) or stopping"""
    worker: int
    """the answering worker process's id"""
    uptime_seconds: float
    computer: JSONObject
    """the computer's queue: running, queued, workers, lanes, accepting, tables…"""
    store: str
    """sqlite or postgresql"""
    games: NotRequired[int]
    """the games stored"""
    message: NotRequired[str]


STARTED = time.time()


@bp.get("/health")
def health() -> ResponseReturnValue:
    """200 with figures when the store can be written and read; 503 saying why when not."""
    thinker = get_computer()
    computer = thinker.queue.status()
    if thinker.tables is not None:
        computer["tables"] = thinker.tables.status()
    body: Health = {
        "status": "ok",
        "worker": os.getpid(),
        "uptime_seconds": round(time.time() - STARTED, 1),
        "computer": computer,
        "store": get_store().kind,  # "sqlite" or "postgresql" (several hosts)
    }
    try:
        body["games"] = get_store().probe()
    except StoreError as exc:
        body["status"], body["message"] = "unavailable", gettext(exc.message)
        return body, 503, {"Retry-After": str(exc.retry_after)}
    if not computer["accepting"]:
        body["status"], body["message"] = "stopping", gettext("the server is shutting down")
        return body, 503
    return body, 200, {"Cache-Control": "no-store"}
