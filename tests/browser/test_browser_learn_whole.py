"""Learning the whole game in headless Chromium: the puzzles page offers only the themes a game
has puzzles of (with counts), a theme without puzzles leaves no puzzle to play, and every
variant's lesson says how the game is won and ends with the next steps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_play import wait_js

pytestmark = pytest.mark.browser


def _tries(page: Any) -> int:
    return int(page.request.get("/api/puzzles/me").json()["rating"]["tries"])


def test_themes_offered_are_those_a_game_has_puzzles_of_with_counts(still: Any) -> None:
    page = still.page
    page.goto("/puzzles?variant=toguz_kumalak")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    themes = page.locator("#pz-theme option").all_inner_texts()
    assert themes[0] == "Any" and any(t.startswith("Tuzdyk (") for t in themes), themes
    page.locator("#pz-theme").select_option("tuzdyk")
    wait_js(page, "/tuzdyk/.test(document.getElementById('pz-meta').textContent)")
    # Oware has no tuzdyk and no grand slam puzzle: neither is offered, the theme falls back
    # to Any and an Oware puzzle is shown (it said "No puzzle to show" over the last one).
    page.locator("#pz-variant").select_option("oware")
    wait_js(page, "document.getElementById('pz-title').textContent === 'Oware puzzle'")
    assert page.locator("#pz-theme").input_value() == ""
    offered = page.locator("#pz-theme option").evaluate_all("os => os.map(o => o.value)")
    assert "grand-slam" not in offered and "tuzdyk" not in offered and "capture" in offered
    capture = page.locator("#pz-theme option[value='capture']").inner_text()
    assert capture.startswith("Capture (") and int(capture[9:-1]) > 0
    assert page.locator(".row-bottom .pit.legal").count() > 0
    still.shot("puzzles-themes-oware")


def test_a_theme_without_puzzles_leaves_nothing_to_play(still: Any) -> None:
    page = still.page
    page.goto("/puzzles?variant=oware")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    before = _tries(page)
    # A theme with no Oware puzzle (as an old page, or a hand-made address, could still ask).
    page.evaluate(
        """() => {
        const select = document.getElementById('pz-theme');
        const option = document.createElement('option');
        option.value = 'grand-slam';
        option.textContent = 'Grand slam';
        select.append(option);
        select.value = 'grand-slam';
        select.dispatchEvent(new Event('change'));
    }"""
    )
    wait_js(page, "document.getElementById('pz-task').textContent === 'No puzzle to show.'")
    assert page.locator("#board .pit").count() == 0  # the last puzzle is gone from the board
    assert page.locator("#pz-proof").inner_text() == ""
    page.locator("#board").click()
    page.keyboard.press("1")
    page.wait_for_timeout(500)
    assert _tries(page) == before  # nothing was tried, nothing rated
    assert all("404" in e for e in still.errors), still.errors  # the empty theme's answer
    still.errors.clear()
    still.shot("puzzles-theme-empty")
