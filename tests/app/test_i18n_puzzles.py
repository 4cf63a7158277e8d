"""Issue 36: the puzzle texts the server sends (task, proof, "wins N seeds", how moves are
written, difficulty, the game's name, why a try was not rated, what the line won) in the
request's language; plurals by CLDR; notation isolated in Arabic sentences; the engine's puzzle
set stays English (themes go out as ids, named by the page)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.learn.puzzles import UNRATED, amount
from engine.notation import parse_move
from engine.puzzles import THEMES, load_puzzles

LTR_ISOLATE, POP = "\u2066", "\u2069"


def a_puzzle(variant: str = "kalah") -> Any:
    """A shipped puzzle whose move wins seeds (it has a gain text)."""
    return next(p for p in load_puzzles(variant) if p.gain > 0 and p.to_move == 0)


def shown(client: FlaskClient, pid: str, lang: str) -> dict[str, Any]:
    answer = client.get(f"/api/puzzles/{pid}", headers={"Accept-Language": lang})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return dict(answer.json or {})


def whole(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value).replace(".", ",")


def test_a_puzzle_in_french(client: FlaskClient) -> None:
    puzzle = a_puzzle()
    got = shown(client, puzzle.id, "fr")
    gain = whole(puzzle.gain)
    assert got["task"] == f"Trouvez le coup qui gagne {gain} graines."
    assert got["gain_text"].startswith(f"Gagner {gain} graines : vous finissez avec {gain} graines")
    assert got["notation"].startswith("Comment les coups s'écrivent : la lettre de la case")
    assert got["proof"].startswith(("Exact :", "Vérifié", "Confirmé"))
    assert got["difficulty"] in {"facile", "moyen", "difficile", "très difficile"}
    assert set(got["themes"]) <= set(THEMES)  # ids: the page names them


def test_oware_is_called_awale_in_french(client: FlaskClient) -> None:
    got = shown(client, a_puzzle("oware").id, "fr")
    assert got["title"] == "Awalé"
    assert shown(client, a_puzzle("oware").id, "en")["title"] == "Oware"


@pytest.mark.parametrize(
    ("lang", "n", "word", "said"),
    [
        ("ru", 1, "seeds", "1 камень"),
        ("ru", 3, "seeds", "3 камня"),
        ("ru", 5, "seeds", "5 камней"),
        ("ru", 21, "seeds", "21 камень"),
        ("ar", 1, "seeds", "بذرة واحدة"),
        ("ar", 2, "seeds", "بذرتان"),
        ("ar", 4, "seeds", "4 بذور"),
        ("ar", 12, "seeds", "12 بذرة"),
        ("fr", 1, "stones", "1 pierre"),
        ("fr", 3.5, "seeds", "3,5 graines"),
        ("kk", 5, "stones", "5 құмалақ"),
        ("en", 1, "seeds", "1 seed"),
        ("en", 1.5, "seeds", "1.5 seeds"),
    ],
)
def test_amounts_take_their_language_plural(
    app: Flask, lang: str, n: float, word: str, said: str
) -> None:
    with app.test_request_context(headers={"Accept-Language": lang}):
        assert amount(n, word) == said


def test_arabic_keeps_notation_whole_and_left_to_right(client: FlaskClient) -> None:
    got = shown(client, a_puzzle().id, "ar")
    assert got["notation"].startswith("كيف تُكتب النقلات")
    assert (
        f"{LTR_ISOLATE}A–F{POP}" in got["notation"] and f"{LTR_ISOLATE}x5{POP}" in got["notation"]
    )
    assert got["letters"][0][0] == "A"  # the board's letters are notation: never translated
    english = shown(client, a_puzzle().id, "en")["notation"]
    assert LTR_ISOLATE not in english


def test_a_try_says_its_verdict_texts_in_the_request_language(client: FlaskClient) -> None:
    puzzle = a_puzzle()
    good = parse_move(puzzle.best, puzzle.rules().pits).pit
    wrong = next(p for p in puzzle.state().legal_moves() if p != good)
    lang = {"Accept-Language": "de"}
    first = client.post(f"/api/puzzles/{puzzle.id}/try", json={"pit": wrong}, headers=lang).json
    again = client.post(f"/api/puzzles/{puzzle.id}/try", json={"pit": wrong}, headers=lang).json
    assert first is not None and again is not None
    assert again["ratings"]["rated"] is False
    assert again["ratings"]["reason"] == "nur dein erster Versuch einer Aufgabe wird gewertet"
    assert again["puzzle"]["task"].startswith("Finde den Zug, der ")
    assert set(UNRATED.values()).isdisjoint({first["ratings"].get("reason")})


def test_the_line_complete_text_in_spanish(client: FlaskClient) -> None:
    puzzle = next(
        p for p in load_puzzles("kalah") if p.gain > 0 and [len(turn) for turn in p.solution] == [1]
    )
    pit = parse_move(puzzle.best, puzzle.rules().pits).pit
    got = client.post(
        f"/api/puzzles/{puzzle.id}/try", json={"pit": pit}, headers={"Accept-Language": "es"}
    ).json
    assert got is not None and got["done"] is True
    assert got["won_text"].startswith("Línea completa: ")
    assert "semillas" in got["won_text"] or "semilla" in got["won_text"]


def test_a_puzzle_refusal_is_said_in_the_request_language(client: FlaskClient) -> None:
    answer = client.get("/api/puzzles/no-such", headers={"Accept-Language": "fr"})
    assert answer.status_code == 404 and answer.json is not None
    assert answer.json["message"] == "il n'y a pas de problème 'no-such'"
    assert answer.json["error"] == "Not Found"  # the code stays English, for programs
    answer = client.get(
        "/api/puzzles/next?variant=kalah&theme=nothing", headers={"Accept-Language": "ru"}
    )
    assert answer.status_code == 404 and answer.json is not None
    assert answer.json["message"] == "задач по игре Калах на тему 'nothing' нет"


def test_the_page_is_drawn_in_the_request_language(client: FlaskClient) -> None:
    page = client.get("/puzzles", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "<h1>Problèmes</h1>" in page and "Voir la solution" in page
    select = page.split('id="pz-theme"')[1].split("</select>")[0]
    offered = re.findall(r'<option value="([\w-]+)">([^<]*)</option>', select)
    assert offered  # the first game's themes, before the script runs
    french = {"capture": "Prise", "endgame": "Finale", "extra-turn-chain": "Enchaînement"}
    for theme, text in offered:
        if theme in french:
            assert text.startswith(french[theme]), (theme, text)
    main = re.search(r"<main[^>]*>", page)
    assert main is not None and 'lang="en"' not in main.group()  # converted: not marked English
