"""Issue 36: a player's own puzzle (made from their mistake) says why its line wins and how sure
it is in the reader's language: the store keeps message ids with their arguments, never English;
a puzzle kept before (its English stored) still reads, as it is. And the board's help has one
home (app.i18n.board_help) for the rules page and the lessons."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

import app.learn.lessons
import app.web.pages
from app.i18n.board_help import board_help_words
from app.learn.mistakes import own_problem
from app.store import get_store
from tests.app.test_own_line import analysed

VALUES = {"0": -4.4, "1": 0, "2": 3.6, "3": 0, "4": 0, "5": 1}  # A gave 8 seeds away
POSITION = {
    "values": VALUES,
    "exact": {k: False for k in VALUES},
    "best": 2,
    "value": 3.6,
    "depth": 11,
}
# The English of the why and the check: none may show in a translation.
ENGLISH = re.compile(
    r"In the line|With best play|which you played|given away|ends in the store|move again"
    r"|captures|\bahead\b|\bbehind\b|\bseeds?\b|An estimate|analysis|plies|later moves"
)


def own_in(client: FlaskClient, lang: str) -> dict[str, str]:
    got = client.get("/api/puzzles/next?mine=1", headers={"Accept-Language": lang}).json
    assert got is not None
    return {"why": got["own"]["why"], "check": got["own"]["check"], "proof": got["proof"]}


def test_the_store_keeps_ids_not_english(app: Flask, client: FlaskClient) -> None:
    analysed(app, client, POSITION, variant="kalah")
    with app.app_context():
        store = get_store()
        query = "SELECT data FROM own_puzzles"
        rows = store.run(lambda db: store.execute(db, query).fetchall())
    kept = [json.loads(str(row[0])) for row in rows]
    assert kept
    for data in kept:
        assert isinstance(data["why"], dict) and data["why"]["id"].startswith("In the line")
        assert data["why"]["args"]["best"] == "C4+" and data["why"]["args"]["played"] == "A4"
        assert isinstance(data["check"], dict) and data["check"]["args"]["depth"] == 6


@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "ru", "kk", "ms", "ar"])
def test_why_the_line_wins_is_said_in_the_readers_language(
    app: Flask, client: FlaskClient, lang: str
) -> None:
    analysed(app, client, POSITION, variant="kalah")
    english = own_in(client, "en")
    assert english["why"].startswith("In the line, C4+ ends in the store, so you move again")
    assert english["why"].endswith("about 4 seeds behind: 8 seeds given away.")
    said = own_in(client, lang)
    for key in ("why", "check"):
        assert ENGLISH.findall(said[key]) == [], (lang, key, said[key])
        assert said[key] != english[key]
    assert said["proof"] == said["check"]
    assert "C4+" in said["why"] and "A4" in said["why"]  # notation as a record writes it
    if lang == "ar":
        assert "\u2066C4+\u2069" in said["why"] and "\u2066A4\u2069" in said["why"]


def test_a_puzzle_kept_with_its_english_still_reads() -> None:
    old = {
        "id": "m-g-0",
        "game": "g",
        "ply": 0,
        "variant": "kalah",
        "options": {},
        "board": [4] * 6 + [0] + [4] * 6 + [0],
        "extra": None,
        "to_move": 0,
        "good": [2],
        "best": "C4+",
        "played": "A4",
        "loss": 4.5,
        "tag": "mistake",
        "exact": False,
        "depth": 9,
        "why": "In the line, C4+ ends in the store, so you move again. Kept in English.",
        "check": "An estimate: kept in English.",
        "line_check": "depth 6",
    }
    problem = own_problem(old)
    assert problem.own["why"] == old["why"] and problem.own["check"] == old["check"]


def test_the_board_help_has_one_home() -> None:
    """The rules page and the lessons say the board's help with the same function."""
    assert app.web.pages.board_help_words is board_help_words
    assert not hasattr(app.learn.lessons, "board_help")
    assert app.learn.lessons.board_help_words is board_help_words


def test_a_lessons_board_help_is_the_rules_pages_in_french(client: FlaskClient) -> None:
    course = client.get("/api/learn/kalah", headers={"Accept-Language": "fr"}).json
    assert course is not None
    rules = client.get("/rules", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert course["board_help"] and "counter-clockwise" not in course["board_help"]
    assert course["board_help"].replace("’", "&#39;")[:40] in rules.replace("’", "&#39;")
