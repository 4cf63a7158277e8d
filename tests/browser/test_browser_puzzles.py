"""Puzzles in headless Chromium: one solved (the rating goes up, the solution is played out),
one failed (the rating goes down, the move is shown), both the player's and the puzzle's rating
moving.  Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.notation import parse_move
from engine.puzzles import load_puzzles
from tests.browser.test_browser_play import wait_js

pytestmark = pytest.mark.browser


def rating(page: Any) -> int:
    return int(page.locator("#pz-rating").inner_text().rstrip("?"))


def test_a_puzzle_solved_and_one_failed_move_the_rating_both_ways(still: Any) -> None:
    page = still.page
    solved, failed = load_puzzles("kalah")[:2]
    page.goto(f"/puzzles?id={solved.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    assert page.locator("#pz-task").inner_text().startswith("Find the move")
    assert rating(page) == 1500
    best = parse_move(solved.best, 6).pit
    page.locator(f".row-bottom .pit[data-pit='{best}']").click()
    wait_js(page, "document.getElementById('pz-feedback').classList.contains('passed')")
    wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
    up = rating(page)
    assert up > 1500 and page.locator("#pz-change").inner_text().startswith("+")
    said = page.locator("#pz-said").inner_text()
    assert said.startswith(f"Your rating 1500 → {up}; the puzzle's {solved.rating} → ")
    assert int(said.split(" → ")[-1].rstrip(".")) < solved.rating  # the puzzle lost
    still.shot("puzzle-solved")

    page.goto(f"/puzzles?id={failed.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    good = parse_move(failed.best, 6).pit
    wrong = next(p for p in failed.state().legal_moves() if p != good)
    page.locator(f".row-bottom .pit[data-pit='{wrong}']").click()
    wait_js(page, "!document.getElementById('pz-feedback').hidden")
    assert page.locator("#pz-verdict").inner_text().startswith("Not this one")
    down = rating(page)
    assert down < up and page.locator("#pz-change").inner_text().startswith("−")
    said = page.locator("#pz-said").inner_text()
    assert f"the puzzle's {failed.rating} → " in said and f"The move was {failed.best}." in said
    puzzle_after = int(said.split("the puzzle's ")[1].split(" → ")[1].split(".")[0])
    assert puzzle_after > failed.rating  # the puzzle won
    page.locator("#pz-solution").click()
    wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
    still.shot("puzzle-failed")
