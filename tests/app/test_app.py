"""The web app's pages: the menu, the board page, rules, errors, and that every asset is local."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from app import create_app
from engine import get_variant, variant_names

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "AI_EXECUTOR": "thread"})
    yield app
    app.extensions["mancala_computer"].shutdown()


def test_home_offers_the_doors_and_every_variant(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for door in ("Play the computer", "Play a friend here", "Play a friend on another device"):
        assert door in page
    assert "Watch computer vs computer" in page and "Your games" in page
    for name in variant_names():
        assert f'<option value="{name}"' in page
        assert f'data-variant="{name}"' in page
    selected = re.findall(r'<option value="(\w+)"[^>]*\bselected>', page)
    assert "medium" in selected and "hard" not in selected  # the default level, its note beside
    assert 'data-option="pits"' in page and 'type="module"' in page


def test_your_games_are_listed_on_the_home_page(client: FlaskClient) -> None:
    assert "Games you start appear here" in client.get("/").get_data(as_text=True)
    game = client.post("/api/games", json={"mode": "local", "variant": "oware"}).json
    page = client.get("/").get_data(as_text=True)
    assert f'href="/game/{game["id"]}"' in page and "Oware vs each other" in page


def test_board_page_loads_the_game_module(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"mode": "local"}).json
    page = client.get(f"/game/{game['id']}").get_data(as_text=True)
    assert f'data-game-id="{game["id"]}"' in page and 'id="board"' in page
    assert "js/game.js" in page and 'aria-live="polite"' in page
    assert escape(get_variant("kalah").summary) in page


def test_rules_page_has_every_variant(client: FlaskClient) -> None:
    page = client.get("/rules").get_data(as_text=True)
    for name in variant_names():
        assert escape(get_variant(name).summary) in page


def test_unknown_pages_are_proper_404_pages(client: FlaskClient) -> None:
    for path in ("/nothing", "/game/unknown-game", "/static/nope.js"):
        response = client.get(path)
        response.close()
        assert response.status_code == 404, path
        assert "Page not found" in response.get_data(as_text=True)


def test_every_asset_is_served_by_the_app(client: FlaskClient) -> None:
    """No CDN, no external font: every referenced script, style and module import is local."""
    game = client.post("/api/games", json={"mode": "local"}).json
    pages = [client.get(p).get_data(as_text=True) for p in ("/", f"/game/{game['id']}", "/rules")]
    refs = {r for page in pages for r in re.findall(r'(?:src|href)="(/static/[^"]+)"', page)}
    assert any(r.endswith(".css") for r in refs) and any(r.endswith(".js") for r in refs)
    for js in (ROOT / "static" / "js").glob("*.js"):
        for imported in re.findall(r'from "\./([^"]+)"', js.read_text()):
            refs.add(f"/static/js/{imported}")
    for ref in refs:
        response = client.get(ref)
        response.close()
        assert response.status_code == 200, ref
    for path in [*ROOT.joinpath("static").rglob("*"), *ROOT.joinpath("templates").rglob("*")]:
        if path.is_file() and path.suffix in (".js", ".css", ".html"):
            text = path.read_text()
            assert not re.search(r"(?:src|href|url\()=?[\"']?https?://", text), path
            assert "@import" not in text, path


def test_home_shows_the_lan_address_with_a_qr_code(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.web.pages.urls", lambda port: [f"http://192.168.1.20:{port}/"])
    page = client.get("/", base_url="http://192.168.1.20:8123").get_data(as_text=True)
    assert "<code>http://192.168.1.20:8123/</code>" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page and 'class="qr"' in page
    assert "QR code for http://192.168.1.20:8123/" in page
