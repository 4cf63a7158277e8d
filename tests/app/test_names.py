"""Player names: validated on the server, kept verbatim in JSON, escaped in every page; and the
templates and scripts need nothing a strict Content-Security-Policy would block."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]
# Hostile names within the 24 characters a name may have.
SCRIPT = "<script>__xss=1</script>"
OTHER = "</b><svg onload=__xss=2>"
QUOTES = "\"'&amp;<i>"
LONG = '<script>alert(1)</script><img src=x onerror="window.__xss=1">'


def created(client: FlaskClient, **params: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=params)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.json  # type: ignore[no-any-return]


def bad(response: Any, words: str) -> None:
    assert response.status_code == 400, response.get_data(as_text=True)
    assert set(response.json) == {"error", "message", "status"}
    assert response.json["error"] == "Bad Request" and words in response.json["message"]


def names(game: dict[str, Any]) -> list[str]:
    return [s["name"] for s in game["seats"]]


# -- the API ---------------------------------------------------------------------------------------


def test_a_name_comes_back_verbatim_to_both_players(host: FlaskClient, friend: FlaskClient) -> None:
    game = created(host, mode="remote", name=SCRIPT, first=0)
    assert game["seats"][0]["player_name"] == SCRIPT
    assert names(game) == [f"{SCRIPT} (you)", "Waiting for a friend"]
    assert [s["open"] for s in game["seats"]] == [False, True]
    joined = friend.post(f"/api/games/{game['id']}/join", json={"name": f"  {OTHER}\t "}).json
    assert names(joined) == [SCRIPT, f"{OTHER} (you)"]
    assert [s["player_name"] for s in joined["seats"]] == [SCRIPT, OTHER]  # stripped
    assert names(host.get(f"/api/games/{game['id']}").json) == [f"{SCRIPT} (you)", OTHER]
    watcher = host.application.test_client()
    assert names(watcher.get(f"/api/games/{game['id']}").json) == [SCRIPT, OTHER]


def test_without_names_the_seats_keep_their_default_names(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = created(host, mode="remote", first=0)
    joined = friend.post(f"/api/games/{game['id']}/join").json
    assert names(joined) == ["Opponent", "You"]
    assert [s["player_name"] for s in joined["seats"]] == [None, None]
    assert names(created(host, mode="local")) == ["Player 1", "Player 2"]
    assert names(created(host, mode="computer", level="easy")) == ["You", "Computer (Easy)"]


def test_names_on_one_screen_and_against_the_computer(host: FlaskClient) -> None:
    local = created(host, mode="local", names=["Ana", None])
    assert names(local) == ["Ana", "Player 2"]
    assert names(created(host, mode="local", names=["Ana", "Bo"])) == ["Ana", "Bo"]
    assert names(created(host, mode="local", name="Ana")) == ["Ana", "Player 2"]
    computer = created(host, mode="computer", level="easy", name="Ana", first="computer")
    assert names(computer) == ["Ana (you)", "Computer (Easy)"]
    again = host.post(f"/api/games/{local['id']}/rematch").json
    assert names(again) == ["Ana", "Player 2"]  # a rematch keeps the names


def test_a_resignation_and_the_remote_rematch_name_the_players(
    host: FlaskClient, friend: FlaskClient
) -> None:
    game = created(host, mode="remote", name="Ana", first=0)
    gid = game["id"]
    version = friend.post(f"/api/games/{gid}/join", json={"name": "Bo"}).json["version"]
    over = friend.post(f"/api/games/{gid}/resign", json={"version": version}).json
    assert over["end_reason"] == "Bo (you) resigned"
    assert host.get(f"/api/games/{gid}").json["end_reason"] == "Bo resigned"
    offer = host.post(f"/api/games/{gid}/rematch", json={"version": over["version"]}).json
    new = friend.post(
        f"/api/games/{gid}/rematch", json={"version": offer["version"], "action": "accept"}
    ).json
    assert names(new) == ["Ana", "Bo (you)"]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (42, "must be a string"),
        (None, "must be a string"),
        (["Ana"], "must be a string"),
        ("", "1 to 24 characters"),
        ("   ", "1 to 24 characters"),
        ("x" * 25, "1 to 24 characters"),
        (LONG, "1 to 24 characters"),
        ("Ana\nBo", "control characters"),
        ("Ana\x00", "control characters"),
        ("Ana\x1b[31m", "control characters"),
        ("\u202eanA", "control characters"),
        ("Ana\u2028Bo", "control characters"),
        ("\u200b\u200c\u200d\u2060\ufeff", "visible character"),  # zero-width only
        ("\u200b \u200b", "visible character"),
        ("\u3164\u3164", "visible character"),  # Hangul fillers: letters that draw nothing
        ("\u2800", "visible character"),  # the blank Braille pattern
        ("\u00a0\u2003\u200b", "visible character"),
    ],
)
def test_a_bad_name_is_a_400_that_says_why(
    host: FlaskClient, friend: FlaskClient, value: Any, words: str
) -> None:
    bad(host.post("/api/games", json={"mode": "remote", "name": value}), words)
    if value is not None:  # null in "names" is the default name
        bad(host.post("/api/games", json={"mode": "local", "names": ["Ana", value]}), "names[1]")
    game = created(host, mode="remote")
    bad(friend.post(f"/api/games/{game['id']}/join", json={"name": value}), words)
    after = friend.get(f"/api/games/{game['id']}").json
    assert after["can_join"] and after["version"] == game["version"]  # nothing changed


def test_names_are_checked_for_their_shape_and_place(
    host: FlaskClient, friend: FlaskClient
) -> None:
    ok = created(host, mode="remote", name="x" * 24)
    assert ok["seats"][0]["player_name"] == "x" * 24
    assert created(host, mode="remote", name="Zoë 🌱 李")["seats"][0]["player_name"] == "Zoë 🌱 李"
    for shown in ("\u200bAna", "👩\u200d💻", "·"):  # one visible character is enough
        assert created(host, mode="remote", name=shown)["seats"][0]["player_name"] == shown
    bad(host.post("/api/games", json={"mode": "watch", "name": "Ana"}), "watching")
    bad(host.post("/api/games", json={"mode": "remote", "names": ["A", "B"]}), "one screen")
    bad(host.post("/api/games", json={"mode": "local", "names": ["A"]}), "list of two")
    bad(host.post("/api/games", json={"mode": "local", "names": "AB"}), "list of two")
    bad(host.post("/api/games", json={"mode": "local", "name": "A", "names": ["A", "B"]}), "either")
    bad(friend.post(f"/api/games/{ok['id']}/join", json={"nick": "Bo"}), "unknown field 'nick'")


def test_the_api_description_has_the_names(host: FlaskClient) -> None:
    spec = host.get("/api/openapi.json").json
    new_game = spec["components"]["schemas"]["NewGame"]["properties"]
    assert new_game["name"]["maxLength"] == 24 and new_game["names"]["maxItems"] == 2
    join = spec["paths"]["/api/games/{game_id}/join"]["post"]
    assert "name" in join["requestBody"]["content"]["application/json"]["schema"]["properties"]
    schemas = spec["components"]["schemas"]  # a game's seats: a $ref to the seat's schema
    seat_ref = schemas["GameAnswer"]["properties"]["seats"]["items"]["$ref"]
    seat = schemas[seat_ref.rsplit("/", 1)[-1]]["properties"]
    assert {"name", "player_name", "open"} <= set(seat)


# -- pages -----------------------------------------------------------------------------------------


def test_the_home_page_lists_names_as_text(
    host: FlaskClient, friend: FlaskClient, app: Flask
) -> None:
    game = created(host, mode="remote", name=SCRIPT)
    stranger = app.test_client()
    created(stranger, mode="computer", level="beginner")  # so that it has a seat cookie
    page = stranger.get("/").get_data(as_text=True)
    assert "Kalah with &lt;script&gt;__xss=1&lt;/script&gt;<" in page
    assert "<script>__" not in page
    friend.post(f"/api/games/{game['id']}/join", json={"name": QUOTES})
    mine = friend.get("/").get_data(as_text=True)
    assert "Kalah vs &lt;script&gt;__xss=1&lt;/script&gt;<" in mine and "<script>__" not in mine
    theirs = host.get("/").get_data(as_text=True)
    assert "Kalah vs &#34;&#39;&amp;amp;&lt;i&gt;<" in theirs and "<i>" not in theirs
    local = created(host, mode="local", names=[OTHER, "Bo"])
    listed = host.get("/").get_data(as_text=True)
    assert "Kalah: &lt;/b&gt;&lt;svg onload=__xss=2&gt; vs Bo<" in listed
    assert local["id"] in listed and "<svg onload" not in listed


def test_your_games_in_json_name_the_opponent(host: FlaskClient, friend: FlaskClient) -> None:
    game = created(host, mode="remote", name=SCRIPT)
    friend.post(f"/api/games/{game['id']}/join", json={"name": "Bo"})
    (mine,) = friend.get("/api/games").json["games"]
    assert mine["opponent"] == SCRIPT and mine["players"] == [SCRIPT, "Bo (you)"]


# -- CSP readiness ---------------------------------------------------------------------------------

INLINE = [
    (r"<script(?![^>]*\bsrc=)[^>]*>", "an inline script"),
    (r"<style", "an inline <style>"),
    (r"\sstyle=", "a style attribute"),
    (r"\son[a-z]+\s*=", "an inline event handler"),
    (r"javascript:", "a javascript: URL"),
]
SCRIPTING = [
    (r"\beval\(", "eval"),
    (r"new Function", "new Function"),
    (r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", "HTML from strings"),
    (r"setAttribute\(\s*[\"']style", "a style attribute"),
    (r"setTimeout\(\s*[\"'`]", "a string for setTimeout"),
]


def markup_problems(text: str, patterns: list[tuple[str, str]]) -> list[str]:
    return [what for pattern, what in patterns if re.search(pattern, text, re.IGNORECASE)]


def test_templates_and_scripts_need_no_inline_code_or_style() -> None:
    for path in sorted((ROOT / "templates").glob("*.html")):
        assert markup_problems(path.read_text(), INLINE) == [], path
    for path in sorted((ROOT / "static").rglob("*.js")):
        assert markup_problems(path.read_text(), SCRIPTING) == [], path
    for path in sorted((ROOT / "static").rglob("*.svg")):
        assert markup_problems(path.read_text(), INLINE) == [], path


def test_rendered_pages_with_qr_codes_have_no_inline_code_or_style(
    host: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.web.pages.urls", lambda port: [f"http://192.168.1.20:{port}/"])
    game = created(host, mode="remote", name=SCRIPT)
    pages = ["/", f"/game/{game['id']}", "/rules", "/no/such/page"]
    for url in pages:
        page = host.get(url, base_url="http://192.168.1.20:8123").get_data(as_text=True)
        assert markup_problems(page, INLINE) == [], url
    home = host.get("/", base_url="http://192.168.1.20:8123").get_data(as_text=True)
    assert 'class="qr"' in home  # the QR code was there to check
