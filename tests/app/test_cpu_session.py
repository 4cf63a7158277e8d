"""Issue 34 item 7: no request opens a Flask session (the app keeps nothing in one), so none
builds its signing serializer; pages and the API answer as before, with no session cookie."""

from __future__ import annotations

import pytest
from flask import Flask, session
from flask.sessions import NullSession, SecureCookieSessionInterface
from flask.testing import FlaskClient


def test_no_request_opens_a_session(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[object] = []
    real = SecureCookieSessionInterface.get_signing_serializer

    def counted(self: SecureCookieSessionInterface, app: Flask) -> object:
        built.append(app)
        return real(self, app)

    monkeypatch.setattr(SecureCookieSessionInterface, "get_signing_serializer", counted)
    game = client.post("/api/games", json={"mode": "local"})
    assert game.status_code == 201 and game.json is not None
    read = client.get(f"/api/games/{game.json['id']}")
    page = client.get(f"/game/{game.json['id']}")
    assert read.status_code == 200 and page.status_code == 200
    assert built == []
    for answer in (game, read, page):
        assert not any(
            c.startswith(app.config.get("SESSION_COOKIE_NAME", "session") + "=")
            for c in answer.headers.getlist("Set-Cookie")
        )
    with app.test_request_context("/"):
        assert isinstance(session._get_current_object(), NullSession)  # type: ignore[attr-defined]
        assert dict(session) == {}
