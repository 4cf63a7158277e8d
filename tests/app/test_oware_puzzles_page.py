"""The puzzles page and API say which check an Oware puzzle passed: "Exact" for those proved by
the endgame table (issue 37, item 4), in the request's language, and the two depths for the
searched ones; Oware's grand-slam theme is offered, with its count."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask.testing import FlaskClient

from app.learn.shipped import shipped_problems
from engine.puzzles import load_puzzles


def shown(client: FlaskClient, pid: str, lang: str = "en") -> dict[str, Any]:
    answer = client.get(f"/api/puzzles/{pid}", headers={"Accept-Language": lang})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return dict(answer.json or {})


def test_an_exact_oware_puzzle_says_it_is_exact(client: FlaskClient) -> None:
    exact = [p for p in load_puzzles("oware") if p.exact]
    assert len(exact) >= 100
    for puzzle in (exact[0], exact[-1]):
        got = shown(client, puzzle.id)
        assert got["exact"] is True
        assert got["proof"] == "Exact: solved to the end of the game."
        assert "with best play on both sides" in got["gain_text"]
        assert shown(client, puzzle.id, "fr")["proof"].startswith("Exact :")


def test_a_searched_oware_puzzle_still_names_its_two_depths(client: FlaskClient) -> None:
    searched = next(p for p in load_puzzles("oware") if not p.exact)
    got = shown(client, searched.id)
    assert got["exact"] is False
    assert got["proof"].startswith("Confirmed by the engine's search at depths 12 and 16")


def test_the_page_offers_oware_s_grand_slam_theme_with_its_count(client: FlaskClient) -> None:
    slams = [p for p in shipped_problems() if p.variant == "oware" and "grand-slam" in p.themes]
    assert slams
    page = client.get("/puzzles").get_data(as_text=True)
    found = re.search(r'data-themes="([^"]*)"', page)
    assert found is not None
    offered = json.loads(html.unescape(found.group(1)))
    assert ["grand-slam", len(slams)] in offered["oware"]
