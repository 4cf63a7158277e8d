"""Flask's coroutine check once per view and hook (app.web.sync_hooks, issue 34 item 7): two
requests ask the coroutine check nothing the first did not, the answers the same; a
callable that can't be a dictionary key is still checked."""

from __future__ import annotations

import inspect

import flask.app
import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.web import sync_hooks


def test_the_check_is_made_once_per_function(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[object] = []
    real = inspect.iscoroutinefunction

    def counted(func: object) -> bool:
        asked.append(func)
        return real(func)

    monkeypatch.setattr(flask.app, "iscoroutinefunction", counted)  # as Flask imports it
    first = client.get("/api/alive")
    assert first.status_code == 200 and first.json == {"alive": True}
    after_first = len(asked)
    again = client.get("/api/alive")
    assert again.status_code == 200 and again.json == {"alive": True}
    assert after_first > 0 and len(asked) == after_first  # nothing asked again
    assert again.headers.get("X-Content-Type-Options") == first.headers.get(
        "X-Content-Type-Options"
    )  # the after-request hooks still run


def test_each_function_keeps_flasks_answer() -> None:
    app = Flask(__name__)
    sync_hooks.init_app(app)

    def plain() -> str:
        return "plain"

    async def waits() -> str:
        return "waited"

    assert app.ensure_sync(plain) is plain is app.ensure_sync(plain)
    try:
        wrapped = app.ensure_sync(waits)  # Flask's async wrapper (needs asgiref)
    except RuntimeError:
        return
    assert wrapped is not waits and app.ensure_sync(waits) is wrapped
    assert wrapped() == "waited"


def test_a_callable_that_is_no_key_is_checked_each_time() -> None:
    app = Flask(__name__)
    sync_hooks.init_app(app)

    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self) -> str:
            return "called"

    hook = Unhashable()
    assert app.ensure_sync(hook) is hook and app.ensure_sync(hook)() == "called"
