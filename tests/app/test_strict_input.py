"""Bad input (issue 32, build 6): every number in a query or a path is parsed strictly (ASCII
digits only: ``"²".isdigit()`` is true and ``int("²")`` raises, ``int("٣")`` is 3), and every
refusal is the app's JSON error, never a 500."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.web.errors import APIError
from app.web.inputs import whole_number
from tests.app.test_api import assert_error, create

# Digits that str.isdigit (or int) takes but are not ASCII digits, and other junk int() reads.
NOT_ASCII = ["²", "¹", "٣", "३", "１", "𝟙", "⁰", "½"]
INT_READS = ["+1", " 1", "1 ", "1_0", "-1", "0x1", ""]


def urls(client: FlaskClient) -> list[str]:
    """Each endpoint that takes ``?since=``: a game, its quick messages, the lobby, a
    tournament."""
    game = create(client, mode="remote", variant="kalah")
    made = client.post("/api/tournaments", json={"name": "Evening", "system": "round_robin"})
    assert made.status_code == 201, made.json
    tid = made.json["id"]
    return [
        f"/api/games/{game['id']}",
        f"/api/games/{game['id']}/messages",
        "/api/lobby",
        f"/api/tournaments/{tid}",
    ]


@pytest.mark.parametrize("value", NOT_ASCII + INT_READS)
def test_since_takes_ascii_digits_only(client: FlaskClient, value: str) -> None:
    for url in urls(client):
        assert_error(client.get(f"{url}?since={quote(value)}"), 400, "since")


def test_since_in_ascii_digits_still_works(client: FlaskClient) -> None:
    for url in urls(client):
        answer = client.get(f"{url}?since=0")
        assert answer.status_code == 200, (url, answer.json)


def test_a_missing_game_is_a_404_before_its_since_is_read(client: FlaskClient) -> None:
    assert_error(client.get("/api/games/nope?since=²"), 404, "no game")


@pytest.mark.parametrize("value", NOT_ASCII + ["1" * 16, "x"])
def test_the_parser_refuses_what_int_would_misread(value: str) -> None:
    with pytest.raises(APIError) as refused:
        whole_number(value, "n")
    assert refused.value.status == 400 and "'n'" in refused.value.message


def test_the_parser_reads_ascii_digits() -> None:
    assert whole_number(None, "n") is None
    assert whole_number("0", "n") == 0 and whole_number("007", "n") == 7
    assert whole_number("9" * 15, "n") == 10**15 - 1


def test_a_host_header_with_a_strange_port_is_no_500(client: FlaskClient) -> None:
    for port in NOT_ASCII:
        answer = client.get("/", headers={"Host": f"127.0.0.1:{port}"})
        assert answer.status_code < 500, (port, answer.status_code)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(value=st.text(max_size=20), which=st.integers(min_value=0, max_value=3))
def test_any_since_is_a_200_or_a_json_400(client: FlaskClient, value: str, which: int) -> None:
    if not hasattr(client, "_strict_urls"):
        client._strict_urls = urls(client)  # type: ignore[attr-defined]
    url: str = client._strict_urls[which]  # type: ignore[attr-defined]
    answer = client.get(f"{url}?since={quote(value)}")
    ascii_digits = value.isascii() and value.isdigit() and len(value) <= 15
    if ascii_digits:
        assert answer.status_code in (200, 429), (value, answer.status_code)
        return
    body: Any = answer.json
    assert answer.status_code == 400, (value, answer.status_code)
    assert set(body) == {"error", "message", "status"} and body["status"] == 400


def test_gunicorns_own_refusals_are_in_the_apps_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    """An over-long request line never reaches the app: gunicorn answers it; each server worker
    has it answer in the app's JSON shape with the security headers (a real server:
    tests/tools/test_room_attacks.py)."""
    import gunicorn.util

    from app.web import gunicorn_conf
    from app.web.errors import server_error, write_server_error

    assert gunicorn_conf.limit_request_line == 8190  # gunicorn's largest
    monkeypatch.setattr(gunicorn.util, "write_error", gunicorn.util.write_error)
    gunicorn_conf.post_fork(None, None)
    assert gunicorn.util.write_error is write_server_error
    raw = server_error(414, "URI Too Long", "Request Line is too large (9000 > 8190)")
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0] == "HTTP/1.1 414 URI Too Long"
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert headers["Content-Type"] == "application/json"
    assert int(headers["Content-Length"]) == len(body)
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    found = json.loads(body)
    assert set(found) == {"error", "message", "status"} and found["status"] == 414
    assert "too long" in found["message"] and "8190" in found["message"]
