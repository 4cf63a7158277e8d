"""The API contract: the OpenAPI document at /api/openapi.json, its paths, statuses and
request bodies from :mod:`app.web.openapi` and its answers' schemas written by pydantic from
the views' TypedDicts (:mod:`app.contract.shapes`, :mod:`app.contract.schemas`).

On the top floor: it reads every feature's shapes, as only create_app does besides it."""

from __future__ import annotations

import copy
from functools import cache

from flask import Blueprint
from flask.typing import ResponseReturnValue

from app.store.json_types import JSONObject
from app.web.openapi import spec

bp = Blueprint("contract", __name__, url_prefix="/api")


@cache
def _document() -> JSONObject:
    """Built on first use (pydantic is imported then, not when a worker starts)."""
    from app.contract.schemas import schemas

    found = spec()
    found["components"]["schemas"].update(schemas())
    return found


def document() -> JSONObject:
    """The whole OpenAPI document (a copy: built once per process)."""
    return copy.deepcopy(_document())


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """This description."""
    return _document()
