"""Issue 36: the game page (templates/game.html) speaks the request's language: its buttons,
labels, end-of-game dialog and rules dialog come from the catalogs, its <main> is no longer
marked English, and the Arabic page is right to left while pit keys stay digits."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from app.games.errors import GAME_REFUSALS
from tests.app.test_i18n_catalogs import raised_literals

SMALL = {"variant": "kalah", "options": {"pits": 4, "seeds": 3}}


def page(client: FlaskClient, lang: str, *, pie: bool = False) -> str:
    options = {"pits": 4, "seeds": 3, "pie": True} if pie else SMALL["options"]
    body = {"mode": "computer", "level": "beginner", "first": 0, "variant": "kalah"}
    made = client.post("/api/games", json={**body, "options": options})
    assert made.status_code == 201, made.get_data(as_text=True)
    answer = client.get(f"/game/{made.get_json()['id']}", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Abandonner",
                "Partie terminée",
                "Rejouer",
                "Proposer la nulle",
                '"moves-title">Coups<',
            ],
        ),
        (
            "de",
            ["Aufgeben", "Partie beendet", "Noch einmal", "Remis anbieten", '"moves-title">Züge<'],
        ),
        ("kk", ["Берілу", "Ойын аяқталды", "Қайта ойнау", "Тең ойын ұсыну", "Жүрістер"]),
        ("ar", ["استسلم", "انتهت المباراة", "العب مجددًا", "اعرض التعادل", "النقلات"]),
    ],
)
def test_the_game_page_in_the_request_language(
    client: FlaskClient, lang: str, words: list[str]
) -> None:
    html = page(client, lang)
    for word in words:
        assert word in html, word
    english_parts = (
        ">Resign<",
        ">Game over<",
        ">Play again<",
        ">Offer a draw<",
        '"moves-title">Moves<',
    )
    for english in english_parts:
        assert english not in html, english


def test_the_game_page_is_not_marked_english(client: FlaskClient) -> None:
    """A converted page's main is read in the page's language (base.html's untranslated
    block is empty), and Arabic mirrors the page."""
    html = page(client, "ar")
    assert re.search(r'<html[^>]*lang="ar"[^>]*dir="rtl"', html)
    main = re.search(r"<main[^>]*>", html)
    assert main and 'lang="en"' not in main.group()


def test_the_rules_dialog_keys_stay_as_typed(client: FlaskClient) -> None:
    """Translated key help keeps the keys themselves: digits and letters a keyboard has."""
    html = page(client, "fr", pie=True)
    assert "Touches :" in html and "<kbd>u</kbd> reprendre" in html
    assert "La règle du gâteau" in html and "changer de camp (quand c'est proposé)" in html
    assert "<kbd>1</kbd>–<kbd>4</kbd> jouer une case" in html


def test_each_game_refusal_is_still_raised_with_that_text() -> None:
    assert set(GAME_REFUSALS) - raised_literals() == set()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "vous n'avez pas de place dans cette partie (vous la regardez)"),
        ("kk", "бұл ойында орныңыз жоқ (сіз көрерменсіз)"),
        ("ar", "ليس لك مقعد في هذه المباراة (أنت تشاهدها)"),
    ],
)
def test_a_game_refusal_is_said_in_the_request_language(
    client: FlaskClient, other: FlaskClient, lang: str, said: str
) -> None:
    """A watcher who tries to move is told why in their language; the code stays English."""
    body = {"mode": "computer", "level": "beginner", "first": 0, **SMALL}
    game = client.post("/api/games", json=body).get_json()
    move = {"pit": game["legal_moves"][0], "version": game["version"]}
    answer = other.post(
        f"/api/games/{game['id']}/moves", json=move, headers={"Accept-Language": lang}
    )
    assert answer.status_code == 403 and answer.json is not None, answer.get_data(as_text=True)
    assert answer.json["message"] == said
    assert answer.json["error"] == "Forbidden"
