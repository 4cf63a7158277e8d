"""The AI lab: one game of a match a request, played a move at a time in the fair queue (each
move a background job of its own), kept for review."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine import get_variant
from engine.match import elo_estimate, game_opening, play_match

SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 2}}


def play(client: FlaskClient, **fields: Any) -> Any:
    return client.post("/api/lab/games", json={**SMALL, "games": 4, "game": 0, **fields})


def test_a_match_game_by_game_is_the_engine_match_and_each_game_opens_in_review(
    client: FlaskClient,
) -> None:
    tally = [0, 0, 0]
    answers = []
    for game in range(4):
        answer = play(client, a="greedy", b="random", game=game, seed=7, tally=tally)
        assert answer.status_code == 200, answer.json
        tally = answer.json["tally"]
        answers.append(answer.json)
    rules = get_variant("kalah", pits=3, seeds=2)
    expected = play_match(rules, "greedy", "random", 4, seed=7)
    assert [a["a_player"] for a in answers] == [g.a_player for g in expected.games] == [0, 1, 0, 1]
    outcomes = [a["outcome"] for a in answers]
    assert tally == [outcomes.count(o) for o in ("win", "draw", "loss")]
    elo = elo_estimate(*tally)
    assert answers[-1]["score"] == round(elo.score, 4) and answers[-1]["done"] is True
    kept = client.get(f"/api/games/{answers[1]['game_id']}").json
    assert kept["status"] == "over" and kept["mode"] == "watch"
    moves = [m["pit"] for m in kept["moves"]]
    opening = game_opening(rules, 1, 7)
    assert len(opening) == 2 and tuple(moves[:2]) == opening  # the engine match's opening
    state = rules.initial_state()
    for pit in moves:
        state = state.play(pit)
    assert state.is_over and list(state.scores) == answers[1]["scores"]
    again = play(client, a="greedy", b="random", game=1, seed=7, tally=answers[0]["tally"])
    replayed = client.get(f"/api/games/{again.json['game_id']}").json
    assert [m["pit"] for m in replayed["moves"]] == moves  # the same request, the same game
    assert kept["seats"][1]["name"] == "greedy" and kept["seats"][0]["name"] == "random"
    assert client.get(answers[1]["url"]).status_code == 200


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"a": "minimax:depth=40", "b": "random"}, "depth must be 1 to 8"),
        ({"a": "mcts:iterations=99999", "b": "random"}, "iterations must be 1 to 5000"),
        ({"a": "mcts:iterations=1,depth=90", "b": "random"}, "Agent A must be a level"),
        ({"a": "grandmaster", "b": "random"}, "Agent A: there is no level 'grandmaster'"),
        ({"a": "random", "b": "alphazero"}, "Agent B: there is no level 'alphazero'; an agent"),
        ({"a": "hard:algorithm=magic", "b": "random"}, "algorithm must be one of"),
        ({"a": "random", "b": 3}, "Agent B must be a level"),
        ({"a": "random", "b": "random", "games": 1000}, "'games' must be a whole number"),
        ({"a": "random", "b": "random", "game": 4}, "'game' must be a whole number"),
        ({"a": "random", "b": "random", "game": 1, "tally": [0, 0, 0]}, "'tally'"),
        ({"a": "random", "b": "random", "variant": "chess"}, "unknown variant"),
        ({"a": "random", "b": "random", "levels": ["x"]}, "unknown field 'levels'"),
    ],
)
def test_bad_lab_requests_say_what_was_wrong(
    client: FlaskClient, fields: dict[str, Any], words: str
) -> None:
    answer = play(client, **fields)
    assert answer.status_code == 400 and words in answer.json["message"], answer.json
    assert client.get("/api/games").json["games"] == []  # nothing was played or kept


def test_the_lab_page_and_its_settings(client: FlaskClient) -> None:
    page = client.get("/lab").get_data(as_text=True)
    assert 'id="lab-form"' in page and "js/lab.js" in page
    settings = client.get("/api/lab").json
    assert settings["max_games"] == 100 and "mcts-vs-random" in settings["presets"]
