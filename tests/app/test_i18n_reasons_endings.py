"""Issue 36: an ending whose words carry a number ("a store holds 82", "player 1 has no seeds to
move") is made by the engine as a message id with its arguments (engine.core.Ending.of), its
English unchanged; the game's answer and the analysis board's send it as ``end_words`` and the
pages say it through the catalogs, which hold it in every language."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.i18n.catalogs import catalog
from engine import get_variant
from engine.record import GameRecord
from engine.texts import Text


def finished(variant: str, seed: int = 0) -> GameRecord:
    """A game of ``variant`` played to its end by seeded random moves."""
    rng = random.Random(seed)
    game = GameRecord(get_variant(variant))
    while not game.state.is_over:
        game.push(rng.choice(game.state.legal_moves()))
    return game


def test_the_engine_makes_a_counted_ending_as_an_id() -> None:
    game = finished("toguz_kumalak")
    last = game.records[-1]
    assert last.end_reason == "a store holds 82"  # the English, as before
    assert last.end_said == Text("a store holds %(count)s", {"count": 82})
    outcome = game.outcome
    assert outcome is not None and outcome.ending is not None
    assert outcome.ending.words == last.end_said and outcome.ending.text == "a store holds 82"
    assert GameRecord.from_text(game.to_text()).outcome == outcome  # a record read back: the same


def test_a_plain_ending_is_its_own_id() -> None:
    game = finished("kalah")
    last = game.records[-1]
    assert last.end_said is None and game.outcome is not None and game.outcome.ending is not None
    assert game.outcome.ending.words == Text(last.end_reason)


SAID = {
    "fr": ("un kazan contient 82", "le joueur 1 n'a plus de graines à jouer"),
    "kk": ("қазанда 82 бар", "1-ойыншының жүретін құмалағы жоқ"),
    "ar": ("في قازانٍ 82", "ليس لدى اللاعب 1 بذور ليحركها"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_counted_ending_said_in_french_kazakh_arabic(lang: str) -> None:
    store = finished("toguz_kumalak").records[-1].end_said
    no_seeds = Text("player %(player)s has no seeds to move", {"player": 1})
    assert store is not None
    assert (store.render(catalog(lang).gettext), no_seeds.render(catalog(lang).gettext)) == SAID[
        lang
    ]


@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "ru", "kk", "ms", "ar"])
def test_the_catalogs_say_every_counted_ending(lang: str) -> None:
    for message in (
        "a store holds %(count)s",
        "both stores hold %(count)s",
        "player %(player)s has no seeds to move",
        "player %(player)s cannot move",
    ):
        said = catalog(lang).gettext(message)
        assert said != message and ("%(count)s" in said or "%(player)s" in said), (lang, said)


def board_answer(client: FlaskClient, game: GameRecord) -> dict[str, Any]:
    answer = client.post("/api/board", json={"record": game.to_dict()})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.json or {}


def test_the_analysis_board_sends_the_ending_as_an_id(client: FlaskClient) -> None:
    answer = board_answer(client, finished("toguz_kumalak"))
    assert answer["over"] and answer["end_reason"] == "a store holds 82"
    assert answer["end_words"] == {"id": "a store holds %(count)s", "args": {"count": 82}}
    answer = board_answer(client, finished("congkak", 1))
    words = answer["end_words"]
    assert words["id"] == "player %(player)s has no seeds to move"
    assert answer["end_reason"] == words["id"] % words["args"]


def test_the_game_sends_the_rules_ending_as_an_id(app: Flask, client: FlaskClient) -> None:
    game = finished("toguz_kumalak")
    made = client.post(
        "/api/games",
        json={"variant": "toguz_kumalak", "mode": "local", "record": game.to_dict()},
    )
    assert made.status_code == 201, made.get_data(as_text=True)
    view = made.json or {}
    assert view["status"] == "over" and view["ended_by"] == "rules"
    assert view["end_reason"] == "a store holds 82"
    assert view["end_words"] == {"id": "a store holds %(count)s", "args": {"count": 82}}
    fr = client.get("/api/i18n/fr").json or {}
    said = fr.get("messages", fr).get("a store holds %(count)s")
    assert isinstance(said, str) and "%(count)s" in said and said != "a store holds %(count)s"
