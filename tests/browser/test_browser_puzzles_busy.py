"""The puzzles page's reads (the puzzle, the past tries, the device's rating) meet a busy server
(503 with Retry-After: its store locked; 429: a device's limit) and try again, as a game page's
first read does: the puzzle and the list of past tries show; nothing is left empty."""

from __future__ import annotations

from typing import Any

import pytest

from engine.puzzles import load_puzzles
from tests.browser.test_browser_first_read import answer_busy
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("status", [503, 429])
def test_busy_puzzle_reads_are_tried_again(browser: Any, server: str, status: int) -> None:
    puzzle = load_puzzles("kalah")[0]
    tab = Tab(browser, server)
    try:
        refused: list[str] = []

        def busy_once(route: Any) -> None:
            path = route.request.url.split("?")[0]
            if route.request.method == "GET" and path not in refused:
                refused.append(path)
                answer_busy(route, status)
            else:
                route.continue_()

        tab.page.route("**/api/puzzles/**", busy_once)
        tab.page.goto(f"/puzzles?id={puzzle.id}")
        wait_js(tab.page, "document.querySelector('.row-bottom .pit.legal')")
        wait_js(tab.page, "document.getElementById('pz-tries').children.length > 0")
        wait_js(tab.page, "document.getElementById('pz-own').children.length > 0")
        assert sorted(p.rsplit("/", 1)[1] for p in refused) == sorted([puzzle.id, "me", "tries"])
        assert tab.page.locator("#pz-error").inner_text().strip() == ""
        assert [e for e in tab.errors if "Failed to load resource" not in e] == []
    finally:
        tab.close()
