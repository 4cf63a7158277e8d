"""Learning the whole game, the app's side: the puzzles page offers each game only the themes
it has puzzles of, with their counts."""

from __future__ import annotations

import html
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from app.learn import get_learn_store
from app.learn.mistakes import own_problem
from app.learn.puzzles import Problem, Puzzles
from tests.app.test_puzzles import CAPTURE, OPPOSITE


def test_the_puzzles_page_offers_only_the_themes_a_game_has_puzzles_of(
    client: FlaskClient, app: Flask
) -> None:
    chain = Problem(**{**CAPTURE.__dict__, "id": "t-chain", "themes": ("extra-turn-chain",)})
    oware = Problem(
        **{**OPPOSITE.__dict__, "id": "t-oware", "variant": "oware", "themes": ("capture",)}
    )
    oware = Problem(**{**oware.__dict__, "board": (4,) * 6 + (0,) + (4,) * 6 + (0,)})
    with app.app_context():
        puzzles = Puzzles(get_learn_store(), [CAPTURE, OPPOSITE, chain, oware], own_problem)
    app.extensions["mancala_puzzles"] = puzzles
    assert puzzles.theme_counts() == {
        "kalah": {"extra-turn-chain": 1, "capture": 2},
        "oware": {"capture": 1},
    }
    page = client.get("/puzzles").get_data(as_text=True)
    sent = re.search(r'data-themes="([^"]*)"', page)
    assert sent is not None
    assert json.loads(html.unescape(sent.group(1))) == {
        "kalah": [["extra-turn-chain", 1], ["capture", 2]],  # in the themes' order
        "oware": [["capture", 1]],
    }
    # The first game's themes are offered before the script runs, each with its count.
    select = page.split('id="pz-theme"')[1].split("</select>")[0]
    assert '<option value="capture">Capture (2)</option>' in select
    assert '<option value="extra-turn-chain">Extra turn chain (1)</option>' in select
    assert "tuzdyk" not in select.split(">", 1)[1] and "grand-slam" not in select


def test_the_page_states_how_each_shipped_answer_is_known(client: FlaskClient) -> None:
    kalah = client.get("/api/puzzles/next?variant=kalah").json
    assert kalah["exact"] is True
    assert kalah["proof"] == "Exact: solved to the end of the game."
    oware = client.get("/api/puzzles/next?variant=oware").json
    assert oware["exact"] is False and (oware["confirm"], oware["depth"]) == (12, 16)
    assert oware["proof"].startswith("Confirmed by the engine's search at depths 12 and 16: ")
    assert "same margin" in oware["proof"]
