"""Every JSON answer a test sees through Flask's test client is checked against the OpenAPI
document (/api/openapi.json, app.contract.document): its path and method are described, its
status is one the operation lists, and its body validates against that status's schema
(jsonschema, JSON Schema 2020-12 as OpenAPI 3.1 uses). A mismatch fails the test."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

BASE = "urn:mancala-api"


@cache
def document() -> dict[str, Any]:
    from app.contract import document as whole

    return whole()


@cache
def routes() -> list[tuple[re.Pattern[str], str]]:
    """Each described path as a pattern: a {parameter} is one path segment, then (a second
    pass, for Flask's path converter: /api/players/<path:name>) any text."""
    found = []
    for segment in ("[^/]+", ".+"):
        paths = sorted(document()["paths"], key=lambda p: p.count("{"))  # literal ones first
        for path in paths:
            pattern = re.sub(r"\\\{[^/]+?\\\}", segment, re.escape(path))
            found.append((re.compile(f"^{pattern}$"), path))
    return found


@cache
def validator(pointer: str) -> Draft202012Validator:
    """A validator for the schema at ``pointer`` in the document (its $refs resolved there)."""
    registry: Registry[Any] = Registry().with_resource(
        BASE, Resource.from_contents(document(), default_specification=DRAFT202012)
    )
    return Draft202012Validator({"$ref": f"{BASE}#{pointer}"}, registry=registry)


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def mismatch(method: str, path: str, status: int, body: object) -> str | None:
    """Why an answer does not match the document (None when it does)."""
    described = next((p for pattern, p in routes() if pattern.match(path)), None)
    operation = None if described is None else document()["paths"][described].get(method.lower())
    if operation is None:  # a page, or no such path or method: a refusal in the one error shape
        if status >= 400:
            errors = list(validator("/components/schemas/Error").iter_errors(body))
            return None if not errors else f"{method} {path} {status}: {errors[0].message}"
        return f"{method} {path}: the document describes no such path and method"
    responses = operation["responses"]
    key = str(status) if str(status) in responses else "default"
    if key not in responses:
        return f"{method} {described}: status {status} is not one the document lists"
    content = responses[key].get("content", {}).get("application/json")
    if content is None or "schema" not in content:
        return f"{method} {described} {status}: the document gives no JSON schema"
    pointer = "/".join(
        ["", "paths", _escape(described), method.lower(), "responses", key]
        + ["content", "application~1json", "schema"]
    )
    assert described is not None
    errors = sorted(validator(pointer).iter_errors(body), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    said = "; ".join(
        f"at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:300]}"
        for e in errors[:5]
    )
    return f"{method} {described} {status} does not match the document: {said}"


def check(response: TestResponse, wrong_ones: list[str]) -> None:
    """Fail the test when a JSON answer does not match the document (an answer a thread of
    the test read fails it at its end)."""
    if response.mimetype != "application/json":
        return
    request = response.request
    try:
        body = response.get_json()
    except Exception:  # noqa: BLE001 (a body that is no JSON: the test's own asserts say)
        return
    wrong = mismatch(request.method, request.path, response.status_code, body)
    if wrong is None:
        return
    if threading.current_thread() is threading.main_thread():
        pytest.fail(wrong, pytrace=False)
    wrong_ones.append(wrong)  # a thread's: failed at the test's end


@pytest.fixture(autouse=True)
def api_contract(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Check every JSON answer of Flask's test client against the API document."""
    original: Callable[..., TestResponse] = FlaskClient.open
    wrong_ones: list[str] = []

    def checked(self: FlaskClient, *args: Any, **kwargs: Any) -> TestResponse:
        response = original(self, *args, **kwargs)
        check(response, wrong_ones)
        return response

    monkeypatch.setattr(FlaskClient, "open", checked)
    yield
    if wrong_ones:
        pytest.fail("\n".join(dict.fromkeys(wrong_ones)), pytrace=False)
