"""Puzzles in headless Chromium: one solved (its whole line played, the rating goes up), one
failed (the rating goes down, the solution on request), both the player's and the puzzle's
rating moving.  Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engine.notation import parse_move
from engine.puzzles import load_puzzles
from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_puzzle_whole_lines import any_wrong, own_still, play_line  # noqa: F401

pytestmark = pytest.mark.browser


def named(page: Any, name: str) -> None:
    """Take a player's name for the page's device: only a named player's tries are rated."""
    answer = page.request.put("/api/me", data={"name": name})
    assert answer.ok, answer.text()


def rating(page: Any) -> int:
    return int(page.locator("#pz-rating").inner_text().rstrip("?"))


def test_a_puzzle_solved_and_one_failed_move_the_rating_both_ways(own_still: Any) -> None:  # noqa: F811
    # A server of its own: only a puzzle's first try from an address rates, and the other
    # browser tests' tabs open puzzles from the same 127.0.0.1 in whatever order they run.
    still = own_still
    page = still.page
    page.goto("/learn")  # any page: the request below shares the tab's cookies
    named(page, "Puzzle Solver")
    solved, failed = load_puzzles("kalah")[:2]
    page.goto(f"/puzzles?id={solved.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    assert page.locator("#pz-task").inner_text().startswith("Find the move")
    assert rating(page) == 1500
    play_line(page, solved)  # every one of the solver's moves, the engine answering each turn
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
    assert f"the puzzle's {failed.rating} → " in said
    puzzle_after = int(said.split("the puzzle's ")[1].split(" → ")[1].split(".")[0])
    assert puzzle_after > failed.rating  # the puzzle won
    page.locator("#pz-solution").click()  # (a retry is offered; the solution on request)
    wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
    assert page.locator("#pz-last").inner_text().startswith(f"Solution: {failed.best}")
    still.shot("puzzle-failed")


def test_a_blunder_in_an_analysed_game_becomes_a_puzzle_of_ones_own(still: Any) -> None:
    page = still.page
    page.goto("/learn")  # any page: the API calls below share the tab's cookies
    api = page.request
    position = {"board": [1, 0, 2, 0, 3, 0, 12, 2, 3, 1, 4, 5, 2, 13], "to_move": 0}
    game = api.post("/api/games", data={"variant": "kalah", "mode": "local", "position": position})
    game = game.json()
    game = api.post(f"/api/games/{game['id']}/moves", data={"pit": 2, "version": game["version"]})
    game = game.json()  # C2: a mistake or a blunder (E3, or A1x6, was better, by the analysis)
    assert api.post(f"/api/games/{game['id']}/analysis").ok
    deadline = time.monotonic() + 60
    while (analysis := api.get(f"/api/games/{game['id']}/analysis").json())["status"] != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.2)
    missed = analysis["moves"][0]
    assert missed["tag"] in ("mistake", "blunder"), missed
    page.goto(f"/game/{game['id']}#review")
    link = page.locator("#rv-mistakes")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_url(re.compile(r"/puzzles\?"))
    wait_js(page, "document.getElementById('pz-title').textContent === 'Your Kalah puzzle'")
    assert page.locator("#pz-task").inner_text().startswith("Find the move you missed (yours lost")
    assert f"you played C2, a {missed['tag']}" in page.locator("#pz-meta").inner_text()
    page.locator(f".row-bottom .pit[data-pit='{missed['best']}']").click()
    wait_js(page, "document.getElementById('pz-feedback').classList.contains('passed')")
    wait_js(page, "document.getElementById('pz-own').textContent.includes('★')")  # tried
    own = [f"Kalah: turn 1, you played C2 ({missed['tag']}) ★"]
    assert page.locator("#pz-own li").all_inner_texts() == own
    assert page.locator("#pz-mine").is_hidden()  # none of one's own left to try
    still.shot("puzzle-own")


def test_a_puzzle_opened_during_a_tries_animation_is_drawn_as_it_is(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server, reduced_motion="no-preference")  # the line is animated
    try:
        page = tab.page
        page.goto("/learn")
        named(page, "Puzzle Racer")
        first = load_puzzles("kalah")[2]
        page.goto(f"/puzzles?id={first.id}")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        # A wrong move: rated at once (a right first move of a longer line is not yet), and
        # refuted by a reply animated on the board.
        page.locator(f".row-bottom .pit[data-pit='{any_wrong(first)}']").click()
        page.locator("#pz-next").click()  # meanwhile: the next puzzle
        wait_js(page, f"!location.search.includes('{first.id}')")
        page.wait_for_timeout(3000)  # the try's answer and line are over by now
        shown = page.evaluate("new URLSearchParams(location.search).get('id')")
        board = page.request.get(f"/api/puzzles/{shown}").json()["board"]
        counts = page.locator(".pit .count, .store .count").all_inner_texts()
        assert sorted(map(int, counts)) == sorted(board)
        assert page.locator("#pz-feedback").is_hidden()
        assert int(page.locator("#pz-rating").inner_text().rstrip("?")) < 1500  # it counted
        assert tab.errors == []
    finally:
        tab.close()
