"""Issue 36: the rules page in the request's language. The engine's rules, summaries and option
help are English message ids (engine.texts.N_) the page translates; the board's help is worded
by the app; option names and values stay as a record writes them (isolated in Arabic)."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from app.games.view import board_help
from app.i18n.board_help import board_help_words
from app.i18n.catalogs import catalog
from engine import get_variant, variant_names
from engine.core import NOBODY_CAN_MOVE
from engine.variants.adi import CYCLE, LAST_FOUR, REPEAT

LANGS = ("fr", "de", "es", "pt", "ru", "kk", "ms", "ar")


def page_in(client: FlaskClient, lang: str) -> str:
    answer = client.get("/rules", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    return " ".join(html.unescape(answer.get_data(as_text=True)).split())


def engine_texts(name: str) -> list[str]:
    """Every text of a variant the rules page shows, in the engine's English."""
    rules = get_variant(name)
    kind = type(rules)
    return [rules.summary, *kind.rules_text(), *(o.help for o in kind.options_spec.values())]


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_is_said_in_the_page_language(client: FlaskClient, lang: str) -> None:
    page = page_in(client, lang)
    words = catalog(lang)
    for name in variant_names():
        for text in engine_texts(name):
            said = words.gettext(text)
            assert said != text, (lang, text)  # translated in the catalog
            assert " ".join(said.split()) in page, (lang, text)
            assert text not in page, (lang, text)  # and the English is gone
    assert page.count('href="#pie-rule"') == 2
    assert 'lang="en"' not in page.split("<main", 1)[1][:80]  # the main is in the page language


def test_the_rules_page_in_french(client: FlaskClient) -> None:
    page = page_in(client, "fr")
    assert "<h1>Règles</h1>" in page
    assert "<h2>Awalé</h2>" in page  # the variant keeps the name its players use
    assert "dernière graine dans votre grenier : vous rejouez ;" in page
    assert "La règle du gâteau (Kalah et Awalé)" in page
    assert "Apprendre Awalé pas à pas, sur un vrai plateau" in page
    assert "par défaut 6, de 3 à 8" in page  # Kalah's pits
    assert "<code>swap</code>" in page  # a record's notation stays as it is
    assert "Seeds are sown" not in page


def test_the_rules_page_in_kazakh_names_toguz_kumalak_its_own_way(client: FlaskClient) -> None:
    page = page_in(client, "kk")
    assert "<h2>Тоғызқұмалақ</h2>" in page
    assert "тұздық" in page and "қазан" in page


def test_arabic_isolates_the_option_names_and_values(client: FlaskClient) -> None:
    page = page_in(client, "ar")
    assert '<html lang="ar" dir="rtl"' in page
    assert "<strong><bdi>empty_capture</bdi></strong>" in page
    assert "الافتراضي <bdi>false</bdi>" in page
    assert '\u2066grand_slam="illegal"\u2069' in page  # code inside an Arabic sentence
    latin = set(re.findall(r"[A-Za-z]{3,}", re.sub(r"<[^>]*>", " ", page.split("<main", 1)[1])))
    code = {"empty", "capture", "True", "False", "true", "false", "mover", "cannot", "move"}
    code |= {"leftovers", "none", "grand", "slam", "illegal", "all", "pie", "swap", "end"}
    code |= {"owner", "either", "row", "pits", "seeds", "no", "main"}
    assert latin <= code, latin - code


@pytest.mark.parametrize("name", variant_names())
def test_the_board_help_says_what_the_game_page_says(name: str) -> None:
    """The rules page's board help is the game's, a whole sentence each for translation."""
    rules = get_variant(name)
    assert board_help_words(rules) == board_help(rules)  # outside a request: English


@pytest.mark.parametrize("lang", LANGS)
def test_how_a_game_ended_is_marked_and_translated(lang: str) -> None:
    """The engine's endings without numbers in them are message ids (the game page says
    "Ended: …" through the catalogs)."""
    words = catalog(lang)
    for text in (NOBODY_CAN_MOVE.text, CYCLE, LAST_FOUR, REPEAT, "a row is empty"):
        assert words.gettext(text) != text, (lang, text)


def test_the_game_page_rules_dialog_says_the_summary_in_french(client: FlaskClient) -> None:
    made = client.post("/api/games", json={"mode": "local", "variant": "oware"})
    assert made.status_code in (200, 201), made.get_data(as_text=True)
    game_id = (made.json or {})["id"]
    page = html.unescape(
        client.get(f"/game/{game_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    )
    summary = get_variant("oware").summary
    assert catalog("fr").gettext(summary) in page and summary not in page
