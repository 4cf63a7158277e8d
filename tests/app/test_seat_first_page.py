"""A browser's device token comes with the first page it loads, so the page's first writes,
sent side by side, all carry the same cookie: none mints one of its own that a neighbour's
cookie then replaces (the name taken, or the puzzle tried, under a token the browser drops)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from app.web.seats import issued

PAGES = ["/", "/learn", "/puzzles", "/tournaments", "/leaderboard", "/lab", "/analysis", "/rules"]


def cookie_of(client: FlaskClient) -> str | None:
    found = client.get_cookie("mancala_player")
    return None if found is None else found.value


def test_the_first_page_brings_a_signed_httponly_cookie(app: Flask) -> None:
    for path in PAGES:
        browser = app.test_client()
        page = browser.get(path)
        assert page.status_code == 200 and page.mimetype == "text/html"
        cookie = page.headers["Set-Cookie"]
        assert cookie.startswith("mancala_player=") and "HttpOnly" in cookie, path
        assert "SameSite=Lax" in cookie
        with app.app_context():
            assert issued(cookie_of(browser) or "")


def test_a_page_keeps_the_cookie_a_browser_has(app: Flask) -> None:
    browser = app.test_client()
    browser.get("/")
    token = cookie_of(browser)
    for path in PAGES:
        assert "Set-Cookie" not in browser.get(path).headers, path
    assert cookie_of(browser) == token


def test_a_cookie_signed_with_another_key_is_kept_by_a_page(app: Flask) -> None:
    """The host may still copy the old key back and honour it: a page does not replace it."""
    browser = app.test_client()
    other_key = "A" * 32 + "." + "B" * 22
    browser.set_cookie("mancala_player", other_key)
    assert "Set-Cookie" not in browser.get("/").headers
    assert cookie_of(browser) == other_key


def test_reads_of_the_api_still_mint_nothing(app: Flask) -> None:
    reader = app.test_client()
    for path in ["/api/lobby", "/api/me", "/api/games", "/api/variants"]:
        answer = reader.get(path)
        assert answer.status_code == 200 and "Set-Cookie" not in answer.headers, path
    assert cookie_of(reader) is None


def test_two_first_writes_side_by_side_count_for_one_device(app: Flask) -> None:
    """Two requests sent at once by a page just loaded: each leaves with the page's cookie (no
    Set-Cookie of its own), and both effects belong to the one device."""
    page = app.test_client()
    page.get("/")
    token = cookie_of(page)
    assert token is not None
    first, second = app.test_client(), app.test_client()  # two requests, neither sees the other's
    for tab in (first, second):
        tab.set_cookie("mancala_player", token)
    named = first.put("/api/me", json={"name": "Kofi"})
    game = second.post("/api/games", json={"mode": "local"})
    assert named.status_code == 200 and game.status_code == 201
    assert "Set-Cookie" not in named.headers and "Set-Cookie" not in game.headers
    me, created = page.get("/api/me").get_json(), game.get_json()
    assert me["name"] == "Kofi"
    assert created["you"] == [0, 1]
    assert page.get(f"/api/games/{created['id']}").get_json()["you"] == [0, 1]
