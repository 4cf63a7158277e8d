"""Hostile input, through Flask's test client: security headers on every kind of response,
cross-site writes refused (403), non-JSON write bodies refused (415), oversized requests refused
(413) or answered with a 4xx, and the game unchanged after each refusal."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.web.headers import CSP, HEADERS
from app.web.security import same_origin
from tests.app.test_api import create

UNSAFE = ("POST", "PATCH", "PUT", "DELETE")


def stored(app: Flask, game_id: str) -> tuple[int, dict[str, Any]]:
    row = app.extensions["mancala_store"].load(game_id)
    assert row is not None
    return row.version, row.data


def assert_error(response: Any, status: int, words: str = "") -> None:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.json
    assert set(body) == {"error", "message", "status"} and body["status"] == status
    assert words.lower() in body["message"].lower(), body["message"]


def assert_headers(response: Any) -> None:
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (name, response.headers.get(name))


def write_routes(app: Flask) -> list[tuple[str, str]]:
    """Every (method, path) of the app that changes state, with a placeholder game id."""
    found = []
    for rule in app.url_map.iter_rules():
        for method in sorted((rule.methods or set()) & set(UNSAFE)):
            found.append((method, rule.rule.replace("<game_id>", "{id}")))
    return found


# -- headers --------------------------------------------------------------------------------------


def test_the_policy_allows_no_inline_script_or_style_and_no_framing() -> None:
    rules = dict(part.split(" ", 1) for part in CSP.split("; "))
    assert rules["script-src"] == "'self'" and rules["style-src"] == "'self'"
    assert "unsafe" not in CSP and "*" not in CSP
    assert rules["frame-ancestors"] == "'none'" and rules["object-src"] == "'none'"
    assert HEADERS["X-Frame-Options"] == "DENY"


@pytest.mark.parametrize(
    "path",
    ["/", "/rules", "/api/variants", "/api/openapi.json", "/static/style.css", "/static/js/api.js"],
)
def test_every_page_api_answer_and_static_file_has_the_headers(
    client: FlaskClient, path: str
) -> None:
    with client.get(path) as response:
        assert response.status_code == 200
        assert_headers(response)


def test_errors_and_game_pages_have_the_headers_too(app: Flask, client: FlaskClient) -> None:
    game = create(client, mode="remote")
    assert_headers(client.get(f"/game/{game['id']}"))
    page_404 = client.get("/no/such/page")
    assert page_404.status_code == 404 and b"<html" in page_404.data
    assert_headers(page_404)
    api_404 = client.get("/api/games/nope")
    assert_error(api_404, 404)
    assert_headers(api_404)
    bad = client.post(f"/api/games/{game['id']}/moves", json={"pit": "x", "version": 1})
    assert_error(bad, 400)
    assert_headers(bad)
    assert_headers(client.post("/api/variants"))  # 405


def test_even_an_unexpected_server_error_has_the_headers(app: Flask) -> None:
    def broken() -> str:
        raise RuntimeError("boom")

    app.add_url_rule("/api/broken", view_func=broken)
    response = app.test_client().get("/api/broken")
    assert_error(response, 500, "went wrong")
    assert_headers(response)


def test_pages_have_no_inline_script_style_or_handlers(client: FlaskClient) -> None:
    """What the policy would block: inline <script>, style="" and on*="" attributes."""
    remote = create(client, mode="remote")  # its page has the invite QR code (inline SVG)
    computer = create(client)
    pages = ["/", "/rules", f"/game/{remote['id']}", f"/game/{computer['id']}", "/nope"]
    for path in pages:
        html = client.get(path).get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", html, re.I):
            assert re.search(r"\bsrc=", tag), f"inline script on {path}: {tag}"
        assert not re.search(r"<[^>]*\sstyle\s*=", html, re.I), f"style attribute on {path}"
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", html, re.I), f"event handler on {path}"
        assert "javascript:" not in html.lower()
    assert "<svg" in client.get(f"/game/{remote['id']}").get_data(as_text=True)


# -- cross-site writes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://localhost"},
        {"Origin": "http://evil.example"},
        {"Origin": "http://localhost:8080"},  # another port is another origin
        {"Origin": "http://localhost.evil.example"},
        {"Origin": "null"},  # a sandboxed frame or a file: page
        {"Origin": ""},
    ],
)
def test_a_cross_site_move_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, headers: dict[str, str]
) -> None:
    game = create(client, variant="kalah")
    before = stored(app, game["id"])
    response = client.post(
        f"/api/games/{game['id']}/moves", json={"pit": 2, "version": 1}, headers=headers
    )
    assert_error(response, 403, "another")
    assert_headers(response)
    assert stored(app, game["id"]) == before


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a bot, curl or an old client: no browser headers at all
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed in the address bar
        {"Origin": "http://localhost"},
        {"Origin": "http://LOCALHOST:80"},  # the default port, any case
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    ],
)
def test_same_origin_and_headerless_moves_are_allowed(
    app: Flask, client: FlaskClient, headers: dict[str, str]
) -> None:
    game = create(client, variant="kalah")
    response = client.post(
        f"/api/games/{game['id']}/moves", json={"pit": 2, "version": 1}, headers=headers
    )
    assert response.status_code == 200, response.json
    assert stored(app, game["id"])[0] == 2
    assert_headers(response)


def test_an_origin_is_compared_with_the_host_the_request_was_sent_to(app: Flask) -> None:
    client = app.test_client()
    lan = {"base_url": "http://192.168.1.20:8000"}
    game = client.post("/api/games", json={"level": "beginner"}, **lan).json
    ok = client.post(
        f"/api/games/{game['id']}/moves",
        json={"pit": 2, "version": 1},
        headers={"Origin": "http://192.168.1.20:8000"},
        **lan,
    )
    assert ok.status_code == 200, ok.json
    refused = client.post(
        f"/api/games/{game['id']}/moves",
        json={"pit": 0, "version": 2},
        headers={"Origin": "http://192.168.1.20:8001"},
        **lan,
    )
    assert_error(refused, 403)


def test_cross_site_reads_are_answered(client: FlaskClient) -> None:
    """Reads change nothing, so only writes are checked (and the cookie is SameSite=Lax)."""
    game = create(client)
    response = client.get(f"/api/games/{game['id']}", headers={"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 200


def test_every_write_route_refuses_a_cross_site_request(app: Flask, client: FlaskClient) -> None:
    game = create(client, mode="remote")
    before = stored(app, game["id"])
    routes = write_routes(app)
    assert ("POST", "/api/games") in routes and ("PATCH", "/api/games/{id}") in routes
    for method, path in routes + [("DELETE", "/api/games/{id}"), ("PUT", "/api/games/{id}")]:
        response = client.open(
            path.format(id=game["id"]),
            method=method,
            json={"version": game["version"]},
            headers={"Sec-Fetch-Site": "cross-site"},
        )
        assert_error(response, 403)
    assert stored(app, game["id"]) == before
    assert len(client.get("/api/games").json["games"]) == 1  # no game was created


def test_same_origin_checks_the_scheme_host_and_port() -> None:
    assert same_origin("https://example.com", "example.com", "https")
    assert same_origin("https://example.com:443", "Example.COM", "https")
    assert same_origin("http://[::1]:8000", "[::1]:8000", "http")
    assert not same_origin("https://example.com", "example.com:8443", "https")
    assert not same_origin("https://example.com.evil", "example.com", "https")
    assert not same_origin("ftp://example.com", "example.com", "http")
    assert not same_origin("example.com", "example.com", "http")
    assert not same_origin("http://[::1", "[::1]", "http")  # malformed: refused, not a 500


# -- bodies ---------------------------------------------------------------------------------------


NOT_JSON = [
    ("application/x-www-form-urlencoded", b"pit=2&version=1"),
    ("multipart/form-data; boundary=x", b'--x\r\nContent-Disposition: form-data; name="pit"\r\n'),
    ("text/plain", b'{"pit": 2, "version": 1}'),  # JSON in disguise: a "simple" cross-site post
    ("application/octet-stream", b"\x00\xff"),
    ("", b'{"pit": 2, "version": 1}'),
]


@pytest.mark.parametrize(("content_type", "data"), NOT_JSON)
def test_every_write_route_refuses_a_body_that_is_not_json(
    app: Flask, client: FlaskClient, content_type: str, data: bytes
) -> None:
    remote = create(client, mode="remote")
    computer = create(client)
    before = [stored(app, g["id"]) for g in (remote, computer)]
    for method, path in write_routes(app):
        for game in (remote, computer):
            response = client.open(
                path.format(id=game["id"]), method=method, data=data, content_type=content_type
            )
            assert_error(response, 415, "json")
    assert [stored(app, g["id"]) for g in (remote, computer)] == before
    assert len(client.get("/api/games").json["games"]) == 2


def test_an_empty_or_blank_body_of_another_type_is_no_body(app: Flask, client: FlaskClient) -> None:
    game = create(client, mode="remote")
    response = client.post(f"/api/games/{game['id']}/join", data=b"  ", content_type="text/plain")
    assert_error(response, 409, "already have a seat")  # got to the view: the body is not it


def test_a_megabyte_body_is_refused_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] == 256 * 1024
    game = create(client, variant="kalah")
    before = stored(app, game["id"])
    padding = "x" * (1 << 20)
    big = b'{"pit": 2, "version": 1, "pad": "' + padding.encode() + b'"}'
    response = client.post(
        f"/api/games/{game['id']}/moves", data=big, content_type="application/json"
    )
    assert_error(response, 413, "too large")
    assert_headers(response)
    assert stored(app, game["id"]) == before
    create_big = b'{"variant": "kalah", "pad": "' + padding.encode() + b'"}'
    response = client.post("/api/games", data=create_big, content_type="application/json")
    assert_error(response, 413, "too large")
    assert len(client.get("/api/games").json["games"]) == 1
    response = client.post("/api/games", data=b"x" * (1 << 20), content_type="text/plain")
    assert_error(response, 413)  # too large is said before the wrong type


class Unsized(io.RawIOBase):
    """A request body whose length the server learns only by reading it (chunked)."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        chunk = self.data.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)


def post_chunked(client: FlaskClient, path: str, data: bytes) -> Any:
    return client.post(
        path,
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={
            "wsgi.input": Unsized(data),
            "wsgi.input_terminated": True,  # as gunicorn says of a chunked body
            "CONTENT_LENGTH": "",
        },
    )


def test_a_chunked_body_over_the_limit_is_refused_too(app: Flask, client: FlaskClient) -> None:
    """Not cut at the limit and read as if whole: this one would be a valid move."""
    game = create(client, variant="kalah")
    before = stored(app, game["id"])
    move = b'{"pit": 2, "version": 1}'
    response = post_chunked(client, f"/api/games/{game['id']}/moves", move + b" " * (1 << 20))
    assert_error(response, 413, "too large")
    assert stored(app, game["id"]) == before
    response = post_chunked(client, f"/api/games/{game['id']}/moves", move + b" " * 1000)
    assert response.status_code == 200, response.json
    assert stored(app, game["id"])[0] == 2


def test_a_body_just_under_the_limit_reaches_the_view(client: FlaskClient) -> None:
    game = create(client, variant="kalah")
    data = b'{"pit": 2, "version": 1, "pad": "' + b"x" * (255 * 1024) + b'"}'
    response = client.post(
        f"/api/games/{game['id']}/moves", data=data, content_type="application/json"
    )
    assert response.status_code == 200, response.json  # extra fields of a move are ignored


@pytest.mark.parametrize(
    "query",
    [
        "since=" + "9" * 100_000,
        "since=" + "x" * 100_000,
        "since=-" + "1" * 5000,
        "since=1e999",
        "since=%00",
        "since=%ff%fe",
    ],
)
def test_a_huge_or_junk_query_string_is_a_400(client: FlaskClient, query: str) -> None:
    game = create(client)
    assert_error(client.get(f"/api/games/{game['id']}?{query}"), 400, "since")


def test_a_huge_format_or_game_id_is_a_4xx(client: FlaskClient) -> None:
    game = create(client)
    assert_error(client.get(f"/api/games/{game['id']}/record?format={'x' * 100_000}"), 400)
    assert_error(client.get("/api/games/" + "x" * 100_000), 404)
    assert_error(client.post("/api/games/" + "é" * 10_000 + "/moves", json={}), 404)


@pytest.mark.parametrize(
    "header", ["Cookie", "Authorization", "X-Seat-Token", "Origin", "Sec-Fetch-Site", "X-Junk"]
)
def test_a_huge_header_is_no_server_error(app: Flask, client: FlaskClient, header: str) -> None:
    game = create(client, variant="kalah")
    before = stored(app, game["id"])
    value = ("Bearer " if header == "Authorization" else "") + "z" * 200_000
    if header == "Cookie":
        value = f"{app.config['SEAT_COOKIE']}={'z' * 200_000}"
    fresh = app.test_client()  # no seat cookie of its own
    response = fresh.post(
        f"/api/games/{game['id']}/moves", json={"pit": 2, "version": 1}, headers={header: value}
    )
    assert 400 <= response.status_code < 500, response.status_code
    assert set(response.json) == {"error", "message", "status"}
    assert stored(app, game["id"]) == before
    assert fresh.get(f"/api/games/{game['id']}", headers={header: value}).status_code == 200


def test_a_doubled_slash_is_not_redirected(app: Flask) -> None:
    """A junk id ending in "/" makes "//" in the path: a 404, never a redirect of a write."""
    client = app.test_client()
    response = client.post("/api/games/0//hint", json={})
    assert response.status_code == 404 and response.json["status"] == 404
