"""Issue 36: every message a person reads is in every language's catalog, translated, with its
placeholders; the request's language is chosen by the picker's cookie, else Accept-Language; the
scripts get the same catalogs as JSON, plurals by CLDR category."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from app.i18n.catalogs import catalog, po_path
from app.i18n.check import catalog_problems
from app.i18n.choose import COOKIE
from app.i18n.extract import extract
from app.i18n.languages import LANGUAGES, TRANSLATED
from app.i18n.refusals import REFUSALS


@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract()


def test_the_nine_languages() -> None:
    assert list(LANGUAGES) == ["en", "fr", "de", "es", "pt", "ru", "kk", "ms", "ar"]
    assert [code for code, lang in LANGUAGES.items() if lang.dir == "rtl"] == ["ar"]


def test_the_source_marks_the_pages_messages(template: Catalog) -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template}
    # one from each kind of source: a template, the server's Python, a script, a plural
    for expected in ("Play the computer", "There is nothing at this address.", "Waiting to start"):
        assert expected in ids
    assert "%(num)s move" in ids
    assert len(ids) > 200


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_has_every_message_translated(lang: str, template: Catalog) -> None:
    assert catalog_problems(po_path(lang), template) == []


def test_the_check_finds_a_missing_fuzzy_untranslated_or_misplaced_message(
    tmp_path: Path, template: Catalog
) -> None:
    po = po_path("fr").read_text(encoding="utf-8")
    broken = (
        po.replace('msgstr "Nouvelle partie"', 'msgstr ""', 1)
        .replace('msgstr "Erreur %(status)s"', 'msgstr "Erreur %(statut)s"', 1)
        .replace('msgid "Back to the menu"', '#, fuzzy\nmsgid "Back to the menu"', 1)
        .replace('msgid "Skip to content"', 'msgid "Skip to the content"', 1)
    )
    path = tmp_path / "messages.po"
    path.write_text(broken, encoding="utf-8")
    found = catalog_problems(path, template)
    assert "untranslated: 'New game'" in found
    assert any(p.startswith("placeholders differ: 'Error %(status)s'") for p in found)
    assert "fuzzy: 'Back to the menu'" in found
    assert "missing: 'Skip to content'" in found
    assert "no longer in the source: 'Skip to the content'" in found
    assert catalog_problems(tmp_path / "none.po", template) == [f"no catalog: {tmp_path}/none.po"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_scripts_plurals_cover_every_cldr_category(lang: str) -> None:
    categories = set(Locale.parse(lang).plural_form.tags) | {"other"}
    plurals = [v for v in catalog(lang).for_browser().values() if isinstance(v, dict)]
    assert plurals and all(set(forms) == categories for forms in plurals)


def test_russian_and_arabic_plurals_pick_the_right_form() -> None:
    ru, ar = catalog("ru"), catalog("ar")
    words = [ru.ngettext("%(num)s move", "%(num)s moves", n) % {"num": n} for n in (1, 3, 5, 21)]
    assert words == ["1 ход", "3 хода", "5 ходов", "21 ход"]
    forms = [ar.ngettext("%(num)s move", "%(num)s moves", n) % {"num": n} for n in (0, 1, 2, 5, 11)]
    assert forms == ["لا نقلات", "نقلة واحدة", "نقلتان", "5 نقلات", "11 نقلة"]
    browser = ar.for_browser()["%(num)s move"]
    assert (
        isinstance(browser, dict)
        and browser["two"] == "نقلتان"
        and browser["many"] == "%(num)s نقلة"
    )


def test_accept_language_chooses_the_page_language(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "de-CH, fr;q=0.8"}).get_data(as_text=True)
    assert '<html lang="de" dir="ltr">' in page and "Gegen den Computer spielen" in page
    page = client.get("/", headers={"Accept-Language": "ar-EG"}).get_data(as_text=True)
    assert '<html lang="ar" dir="rtl">' in page and "العب ضد الحاسوب" in page
    page = client.get("/", headers={"Accept-Language": "ja, zh"}).get_data(as_text=True)
    assert '<html lang="en" dir="ltr">' in page and "Play the computer" in page


def test_the_picker_keeps_the_choice_for_the_device(client: FlaskClient) -> None:
    answer = client.get("/language/kk?next=/tournaments")
    assert answer.status_code == 303 and answer.headers["Location"] == "/tournaments"
    cookie = answer.headers["Set-Cookie"]
    assert f"{COOKIE}=kk" in cookie and "Max-Age=" in cookie and "SameSite=Lax" in cookie
    page = client.get("/tournaments", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="kk"' in page and "Жаңа турнир" in page
    # every language is offered in its own name, the current one marked
    assert 'aria-current="true">Қазақша</a>' in page and ">العربية</a>" in page


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "\\\\evil", "x"])
def test_the_picker_goes_back_only_to_this_site(client: FlaskClient, target: str) -> None:
    answer = client.get("/language/fr", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_an_unknown_language_is_a_404_in_the_error_shape(client: FlaskClient) -> None:
    answer = client.get("/language/xx", headers={"Accept": "application/json"})
    assert answer.status_code == 404 and answer.json is not None
    assert answer.json["error"] == "Not Found" and "fr" in answer.json["message"]
    answer = client.get("/api/i18n/xx", headers={"Accept": "application/json"})
    assert answer.status_code == 404 and answer.json is not None and answer.json["status"] == 404


def test_the_scripts_catalog(client: FlaskClient) -> None:
    body = client.get("/api/i18n/ru").json
    assert body is not None and body["lang"] == "ru" and body["dir"] == "ltr"
    assert body["messages"]["Waiting to start"] == "Ожидает начала"
    assert body["messages"]["%(num)s player"] == {
        "one": "%(num)s игрок",
        "few": "%(num)s игрока",
        "many": "%(num)s игроков",
        "other": "%(num)s игроков",
    }
    english = client.get("/api/i18n/en").json
    assert english == {
        "lang": "en",
        "dir": "ltr",
        "messages": {},
        "numbers": {"decimal": ".", "group": ","},
    }


def test_the_scripts_catalog_gives_the_languages_number_signs(client: FlaskClient) -> None:
    """A browser without a language's number data writes its numbers with these (CLDR)."""
    signs = {lang: client.get(f"/api/i18n/{lang}").json["numbers"] for lang in ("kk", "de", "ar")}
    assert signs["kk"] == {"decimal": ",", "group": "\xa0"}
    assert signs["de"] == {"decimal": ",", "group": "."}
    assert signs["ar"] == {"decimal": ".", "group": ","}  # Latin digits, as the board's


def test_errors_speak_the_request_language_with_a_stable_code(client: FlaskClient) -> None:
    answer = client.get("/api/no-such-thing", headers={"Accept-Language": "fr"})
    assert answer.status_code == 404 and answer.json == {
        "error": "Not Found",
        "message": "Il n’y a rien à cette adresse.",
        "status": 404,
    }
    page = client.get("/no-such-page", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Página no encontrada" in page and "No hay nada en esta dirección." in page


def test_an_unexpected_error_is_said_in_the_request_language(app: Flask) -> None:
    headers = {"Accept-Language": "ru", "Accept": "application/json"}
    with app.test_request_context("/api/games", headers=headers):
        answer = app.make_response(app.handle_user_exception(RuntimeError("boom")))
    assert answer.status_code == 500 and answer.json is not None
    assert answer.json["message"] == "На сервере что-то пошло не так; партия не изменилась."


def raised_literals() -> set[str]:
    """Every message the app's code raises as a plain string literal."""
    found = set()
    for path in (Path(__file__).resolve().parents[2] / "app").rglob("*.py"):
        if "i18n" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                found |= {
                    a.value
                    for a in node.exc.args
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                }
    return found


def test_each_listed_refusal_is_still_raised_with_that_text() -> None:
    assert set(REFUSALS) - raised_literals() == set()


def test_a_refusal_is_sent_in_the_request_language(client: FlaskClient) -> None:
    answer = client.put("/api/me", json={"name": "a  b"}, headers={"Accept-Language": "de"})
    assert answer.status_code == 400 and answer.json is not None
    assert answer.json["error"] == "Bad Request"
    assert answer.json["message"] == "'name' darf zwischen Wörtern nur einzelne Leerzeichen haben"


def test_a_page_not_translated_yet_is_marked_english(app: Flask, client: FlaskClient) -> None:
    """Every page is converted now: a page written tomorrow that extends base.html without
    emptying its untranslated block stands for one."""
    arabic = {"Accept-Language": "ar"}
    page = '{% extends "base.html" %}{% block main %}Not yet{% endblock %}'
    with app.test_request_context("/", headers=arabic):
        untranslated = render_template_string(page)
    assert '<html lang="ar" dir="rtl">' in untranslated
    assert '<main id="main" lang="en" dir="ltr">' in untranslated
    rules = client.get("/rules", headers=arabic).get_data(as_text=True)
    assert '<html lang="ar" dir="rtl">' in rules and '<main id="main">' in rules
    home = client.get("/", headers=arabic).get_data(as_text=True)
    assert '<main id="main">' in home
    english = client.get("/rules").get_data(as_text=True)
    assert '<main id="main">' in english


def test_a_record_exported_in_one_language_imports_in_another(client: FlaskClient) -> None:
    arabic, kazakh = {"Accept-Language": "ar"}, {"Accept-Language": "kk"}
    game = client.post("/api/games", json={"mode": "local", "variant": "oware"}, headers=arabic)
    assert game.status_code == 201 and game.json is not None
    body = game.json
    for _ in range(6):
        pit = body["legal_moves"][-1]
        answer = client.post(
            f"/api/games/{body['id']}/moves",
            json={"pit": pit, "version": body["version"]},
            headers=arabic,
        )
        assert answer.status_code == 200 and answer.json is not None
        body = answer.json
    url = f"/api/games/{body['id']}/record?format=text"
    text = client.get(url, headers=arabic).get_data(as_text=True)
    assert text == client.get(url, headers=kazakh).get_data(as_text=True) and text.isascii()
    copy = client.post("/api/games", json={"mode": "local", "record": text}, headers=kazakh).json
    assert copy is not None and copy["board"] == body["board"]
    assert copy["to_move"] == body["to_move"]
