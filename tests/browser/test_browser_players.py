"""Players in a real browser: a rated game's end shows both rating changes to both players,
and the player page and leaderboard draw (laptop and phone, light and dark)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def named(tab: Tab, server: str, name: str) -> None:
    answer = tab.context.request.put(f"{server}/api/me", data={"name": name})
    assert answer.status == 200, answer.text()


def test_a_rated_games_end_shows_the_rating_change_to_both(browser: Any, server: str) -> None:
    suffix = secrets.token_hex(2)
    ama_name, kofi_name = f"Ama {suffix}", f"Kofi {suffix}"
    ama, kofi = Tab(browser, server), Tab(browser, server)
    try:
        named(ama, server, ama_name)
        named(kofi, server, kofi_name)
        sent = {"mode": "remote", "rated": True, "first": 0}
        game = ama.context.request.post(f"{server}/api/games", data=sent).json()
        game = kofi.context.request.post(f"{server}/api/games/{game['id']}/join", data={}).json()
        for tab in (ama, kofi):
            tab.page.goto(f"/game/{game['id']}")
            tab.page.wait_for_selector(".board .pit")
            playing = tab.page.locator("#rated-note").inner_text()  # the ratings at stake
            assert playing == f"Rated, Kalah 6×4: {ama_name} 1500?, {kofi_name} 1500?"
        ama.page.screenshot(path=str(ARTIFACTS / "players-game-rated.png"))
        ama.wait_turn_or_over()
        ama.play()
        kofi.wait_turn_or_over()
        kofi.play()  # both have moved: no more an abort, a resignation
        kofi.page.locator("#btn-resign").click()
        kofi.page.locator("#btn-resign").click()  # "Really resign?"
        for tab in (ama, kofi):
            wait_js(tab.page, "document.getElementById('over-dialog').open")
            wait_js(tab.page, "document.getElementById('over-ratings').textContent.includes('→')")
        line = ama.page.locator("#over-ratings").inner_text()
        assert line.startswith("Rated, Kalah 6×4: ")
        assert f"{ama_name} 1500? → " in line and "(+" in line
        assert f"{kofi_name} 1500? → " in line and "(\u2212" in line
        assert kofi.page.locator("#over-ratings").inner_text() == line
        ama.page.screenshot(path=str(ARTIFACTS / "players-game-over.png"))
        assert ama.errors == [] and kofi.errors == []
    finally:
        ama.close()
        kofi.close()
    # The pages, in each size and scheme.
    for scheme in ("light", "dark"):
        for size, viewport in SIZES.items():
            tab = Tab(browser, server, viewport=viewport, color_scheme=scheme)
            try:
                tab.page.goto(f"/players/{ama_name}")
                tab.page.wait_for_selector(".rating-chart polyline")
                assert tab.page.locator("h1").inner_text().startswith(ama_name)
                tab.shot(f"players-page-{size}-{scheme}")
                tab.page.goto("/leaderboard")
                tab.page.wait_for_selector(f"a:text('{ama_name}')")
                tab.shot(f"players-leaderboard-{size}-{scheme}")
                width = tab.page.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"{size}: the page scrolls sideways"
                assert tab.errors == []
            finally:
                tab.close()


def test_a_name_is_taken_from_the_leaderboard_and_a_taken_one_is_refused(
    browser: Any, server: str
) -> None:
    name = f"Esi {secrets.token_hex(2)}"
    first, second = Tab(browser, server), Tab(browser, server)
    try:
        first.page.goto("/leaderboard")
        first.page.fill("#new-name", name)
        first.page.get_by_role("button", name="Take it").click()
        first.page.wait_for_url(f"**/players/{name.replace(' ', '%20')}")
        assert first.page.locator("h1").inner_text() == f"{name} (you)"
        second.page.goto("/leaderboard")
        second.page.fill("#new-name", name.upper())
        second.page.get_by_role("button", name="Take it").click()
        second.page.wait_for_selector("#name-error:text('taken')")
        assert second.page.url.endswith("/leaderboard")
        second.errors.clear()  # the 409 the page shows is logged by the browser too
        assert first.errors == []
    finally:
        first.close()
        second.close()
