"""The request's seat owner worked out once per request (issue 34 item 7): a game's read and
move ask app.web.seats.current_owner once, a token the request mints asks again, and a refused
token is refused every time it is asked."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, g
from flask.testing import FlaskClient

from app.games.errors import BadToken
from app.web import inputs, seats


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = seats.current_owner

    def counted() -> Any:
        calls.append(1)
        return real()

    monkeypatch.setattr(inputs, "current_owner", counted)
    return calls


def test_a_game_read_and_move_ask_the_owner_once(
    host: FlaskClient, other: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = host.post("/api/games", json={"mode": "remote", "options": {"pits": 3}, "first": 0})
    gid = made.json["id"]  # type: ignore[index]
    assert other.post(f"/api/games/{gid}/join", json={}).status_code == 200
    calls = counting(monkeypatch)
    read = host.get(f"/api/games/{gid}").json
    assert read is not None and read["you"] == [0] and read["your_turn"] is True
    assert len(calls) == 1
    calls.clear()
    moved = host.post(f"/api/games/{gid}/moves", json={"pit": 0, "version": read["version"]})
    assert moved.status_code == 200 and moved.json["you"] == [0]  # type: ignore[index]
    assert len(calls) == 1
    calls.clear()
    seen = other.get(f"/api/games/{gid}").json
    assert seen is not None and seen["you"] == [1] and len(calls) == 1


def test_a_token_minted_in_the_request_is_asked_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.test_request_context("/api/games", method="POST"):
        assert inputs.owner() is None  # no token yet
        token = seats.ensure_owner()  # mints the new cookie's token
        assert inputs.owner() == seats.current_owner()  # as asked afresh
        assert inputs.viewer() == token  # the answer is drawn from the new token's side
    with app.test_request_context("/api/games", method="POST"):
        assert inputs.owner() is None
        g.issued_seat_token = seats.issue_token()  # a bot's token given in this answer
        assert inputs.owner() is None  # no token sent: the request's own owner stays none
        assert inputs.viewer() is not None  # the answer is drawn from the new token's side


def test_a_token_not_issued_here_is_refused_each_time(app: Flask) -> None:
    chosen = {"Authorization": "Bearer my-own-chosen-token"}
    with app.test_request_context("/api/games/x/moves", method="POST", headers=chosen):
        for _ in range(2):
            with pytest.raises(BadToken):
                inputs.owner()
    with app.test_request_context("/api/games/x", headers=chosen):
        assert inputs.owner() is None and inputs.owner() is None  # a read: a spectator


def test_a_cookie_signed_elsewhere_is_refused_until_the_request_mints_its_own(app: Flask) -> None:
    body = "a" * 32
    foreign = f"{body}.{seats.signed_with('another key', body)}"
    cookie = {"Cookie": f"{app.config['SEAT_COOKIE']}={foreign}"}
    with app.test_request_context("/api/games", method="POST", headers=cookie):
        with pytest.raises(BadToken):
            inputs.owner()
        minted = seats.ensure_owner()  # this browser starts afresh: a new cookie
        assert inputs.owner() is None  # asked again: no longer refused
        assert inputs.viewer() == minted
