"""An Oware puzzle proved exact by the endgame table, in headless Chromium (issue 37, item 4):
the page says it is exact, and its whole line, the table's, is solved move by move with the
engine answering each turn.  A puzzle no other browser test opens (only an address's first try
of a puzzle rates)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.puzzles import Puzzle, load_puzzles
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_puzzle_whole_lines import LAPTOP, named, play_line

pytestmark = pytest.mark.browser


def an_exact_line() -> Puzzle:
    """The last exact Oware puzzle of the first player with the engine answering in its line."""
    return [
        p for p in load_puzzles("oware") if p.exact and p.to_move == 0 and len(p.solution) >= 3
    ][-1]


def test_an_exact_oware_puzzle_says_so_and_its_line_is_solved(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=LAPTOP)
    try:
        page = tab.page
        named(page, "Oware Table Solver")
        puzzle = an_exact_line()
        page.goto(f"/puzzles?id={puzzle.id}")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        assert page.locator("#pz-proof").inner_text() == "Exact: solved to the end of the game."
        assert "with best play on both sides" in page.locator("#pz-gain").inner_text()
        play_line(page, puzzle)
        page.screenshot(path=str(ARTIFACTS / "oware-exact-puzzle.png"))
        assert tab.errors == [], f"console errors: {tab.errors}"
    finally:
        tab.close()
