"""Issue 36: a game's and a rating pool's title name the variant as the page's language does
("Awalé" in French, "Тоғызқұмалақ" in Kazakh); the board's size stays as written."""

from __future__ import annotations

import html

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.i18n.names import game_title


@pytest.mark.parametrize(
    ("lang", "title", "said"),
    [
        ("fr", "Oware", "Awalé"),
        ("fr", "Kalah 4×3", "Kalah 4×3"),
        ("kk", "Toguz Kumalak", "Тоғызқұмалақ"),
        ("ru", "Kalah 6×4 (empty capture)", "Калах 6×4 (empty capture)"),
        ("ar", "Oware", "أواري"),
        ("en", "Oware", "Oware"),
        ("fr", "Cup of Ana", "Cup of Ana"),  # not a variant's title: as written
    ],
)
def test_a_title_names_its_variant_in_the_language(
    app: Flask, lang: str, title: str, said: str
) -> None:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        assert game_title(title) == said


def test_your_games_on_the_home_page_say_awale_in_french(client: FlaskClient) -> None:
    made = client.post("/api/games", json={"mode": "local", "variant": "oware"})
    assert made.status_code in (200, 201), made.get_data(as_text=True)
    page = html.unescape(client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    yours = page.split('class="your-games', 1)[1].split("</ul>", 1)[0]
    assert "Awalé" in yours and "Oware" not in yours
