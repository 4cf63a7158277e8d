"""The analysis board in Chromium: a position set up in the editor (a bad one refused with the
engine's words), moves played for both sides with the engine's values, one taken back, the
link reopening the same position in a new tab, and a game against the computer from there."""

from __future__ import annotations

import re
from typing import Any

from tests.browser.test_browser_play import Tab, wait_js

MOVES = "document.querySelectorAll('#ab-moves .ab-move').length"
VALUES = "document.querySelectorAll('#ab-values li').length"
COUNTS = (
    "[...document.querySelectorAll('#board .pit, #board .store')]"
    ".map(e => e.dataset.index + ':' + e.querySelector('.count').textContent).sort().join(' ')"
)
GOOD = {0: 1, 1: 0, 2: 2, 3: 3, 4: 2, 5: 1, 6: 2, 7: 1}  # Kalah 3x2: board index -> seeds


def set_up(page: Any, counts: dict[int, int]) -> None:
    for index, seeds in counts.items():
        page.fill(f"#ab-grid input[data-index='{index}']", str(seeds))


def test_set_up_play_take_back_link_and_play_the_computer(browser: Any, server: str) -> None:
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        tab = Tab(browser, server, viewport=viewport)
        page = tab.page
        page.goto("/analysis")
        page.wait_for_selector("#board .pit.legal")
        page.click("#ab-editor summary")
        # Typed as a person does: each option's change (on leaving the field) asks for its start.
        page.fill("#ab-opt-pits", "3")
        page.press("#ab-opt-pits", "Tab")
        page.fill("#ab-opt-seeds", "2")
        page.press("#ab-opt-seeds", "Tab")
        wait_js(page, "!document.getElementById('ab-grid').dataset.loading")
        wait_js(page, "document.querySelectorAll('#ab-grid input').length === 8")
        wait_js(page, "document.querySelector('#ab-grid input[data-index=\"0\"]').value === '2'")
        # A bad position: 13 seeds where the variant has 12; the engine says so, nothing changes.
        set_up(page, {**GOOD, 0: 2})
        page.click("#ab-setup")
        wait_js(page, "document.getElementById('ab-form-error').textContent.length > 0")
        assert "13 seeds, not 12" in page.inner_text("#ab-form-error")
        assert page.locator("#board .pit").count() == 12  # still the 6-pit board
        tab.shot(f"board-bad-{viewport['width']}")
        set_up(page, GOOD)
        page.select_option("#ab-to-move", "0")
        page.click("#ab-setup")
        wait_js(page, "document.querySelectorAll('#board .pit').length === 6")
        assert page.inner_text("#ab-form-error") == ""
        assert "bottom row" in page.inner_text("#ab-status")
        wait_js(page, f"{VALUES} > 0")
        assert "exact" in page.inner_text("#ab-values")  # 12 seeds: solved
        # Two moves, the second by whoever is to move then (either side can be played).
        for n in (1, 2):
            page.locator("#board .pit.legal").first.click()
            wait_js(page, f"{MOVES} === {n}")
        wait_js(
            page,
            f"{VALUES} > 0 || document.getElementById('ab-status').textContent.includes('over')",
        )
        assert page.locator("#board .pit.valued").count() >= 1 or "over" in page.inner_text(
            "#ab-status"
        )
        tab.shot(f"board-{viewport['width']}")
        page.click("#ab-back")
        wait_js(page, f"{MOVES} === 1")
        counts = page.evaluate(COUNTS)
        link = page.input_value("#ab-link")
        assert re.search(
            r"/analysis\?variant=kalah&options=.*&board=1%2C0%2C2%2C3%2C2%2C1%2C2%2C1&to_move=0&moves=\d$",
            link,
        ), link
        other = tab.context.new_page()
        other.goto(link)
        wait_js(other, f"{MOVES} === 1")
        assert other.evaluate(COUNTS) == counts
        other.close()
        page.select_option("#ab-level", "beginner")
        page.select_option("#ab-seat", "1" if viewport["width"] < 500 else "0")
        page.click("#ab-play")
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        page.wait_for_selector(".board .pit")
        wait_js(page, "document.querySelectorAll('.board .pit').length === 6")
        tab.shot(f"board-game-{viewport['width']}")
        if viewport["width"] > 500:  # the computer moved first: review it, analyse from there
            page.wait_for_selector("#rv-moves button[data-pos='1']")
            page.click("#rv-moves button[data-pos='1']")
            page.wait_for_selector("#rv-board", state="visible")
            shown = page.evaluate(COUNTS.replace("#board", ".board"))
            page.click("#rv-board")
            page.wait_for_url(re.compile(r"/analysis\?.*moves=\d$"))
            wait_js(page, f"{MOVES} === 1")
            assert page.evaluate(COUNTS) == shown
            tab.shot("board-from-review-1280")
        assert tab.errors == [] or all("400" in e for e in tab.errors), tab.errors
        tab.context.close()
