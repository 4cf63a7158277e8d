"""The API contract: the OpenAPI document at /api/openapi.json, its paths, summaries and
statuses from :mod:`app.web.openapi` (which shape goes where, by name) and every schema written
by pydantic from the code's TypedDicts (:mod:`app.contract.shapes`, :mod:`app.contract.schemas`):
the answers the views build, the request bodies and queries beside their parsers, and the path
parameters from the paths themselves.

On the top floor: it reads every feature's shapes, as only create_app does besides it."""

from __future__ import annotations

import copy
from functools import cache

from flask import Blueprint
from flask.typing import ResponseReturnValue

from app.store.json_types import JSONObject
from app.web.openapi import QUERY_KEY, spec

bp = Blueprint("contract", __name__, url_prefix="/api")


@cache
def _document() -> JSONObject:
    """Built on first use (pydantic is imported then, not when a worker starts)."""
    from app.contract.schemas import asks, schemas

    found = copy.deepcopy(spec())  # its paths share module-level pieces: expand a copy
    components = found["components"]["schemas"]
    components.update(schemas())
    components.update(asks())
    for path, item in found["paths"].items():
        _expand(path, item, components)
    return found


def _expand(path: str, item: JSONObject, components: JSONObject) -> None:
    """One path's parameters from its ``{name}`` parts, each operation's query parameters
    from its ``x-query`` shape, and each request body's schema set in its operation (the
    readers of an operation see its fields there; the body's shape is a component too)."""
    from app.contract.schemas import path_parameters, queries

    if "{" in path:
        item["parameters"] = path_parameters(path)
    for method, operation in item.items():
        if method == "parameters":
            continue
        query = operation.pop(QUERY_KEY, None)
        if query is not None:
            operation["parameters"] = queries()[query]
        content = operation.get("requestBody", {}).get("content", {}).get("application/json")
        ref = content and content["schema"].get("$ref")
        if ref:
            content["schema"] = copy.deepcopy(components[ref.rsplit("/", 1)[-1]])


def document() -> JSONObject:
    """The whole OpenAPI document (a copy: built once per process)."""
    return copy.deepcopy(_document())


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    """This description."""
    return _document()
