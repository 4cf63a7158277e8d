"""The AI lab in Chromium: a short match drawn as it is played, each game opening in review."""

from __future__ import annotations

from typing import Any

from tests.browser.test_browser_play import Tab, wait_js

STATUS = "document.getElementById('lab-status').textContent"
LINKS = "document.querySelectorAll('#lab-games-list a')"


def test_a_short_lab_match_and_its_games(browser: Any, server: str) -> None:
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        tab = Tab(browser, server, viewport=viewport)
        page = tab.page
        page.goto("/lab")
        page.fill("#lab-a", "greedy")
        page.fill("#lab-b", "random")
        page.fill("#lab-games", "4")
        page.click("#lab-start")
        wait_js(
            page,
            "() => document.getElementById('lab-status').textContent.includes('4 of 4 games')",
            timeout=90_000,
        )
        status = page.inner_text("#lab-status")
        assert "Elo" in status and "wins–draws–losses" in status
        assert page.locator("#lab-chart circle").count() == 4
        assert page.locator("#lab-games-list a").count() == 4
        assert not page.is_disabled("#lab-start") and page.is_disabled("#lab-stop")
        tab.shot(f"lab-{viewport['width']}")
        page.fill("#lab-a", "minimax:depth=99")
        page.click("#lab-start")
        wait_js(page, f"() => {STATUS}.includes('depth must be')")
        assert "depth must be 1 to 8" in page.inner_text("#lab-status")
        page.locator("#lab-games-list a").first.click() if page.locator(
            "#lab-games-list a"
        ).count() else None
        assert tab.errors == [] or all("400" in e for e in tab.errors), tab.errors
        tab.context.close()
    tab = Tab(browser, server)
    tab.page.goto("/lab")
    tab.page.fill("#lab-a", "greedy")
    tab.page.fill("#lab-b", "random")
    tab.page.fill("#lab-games", "2")
    tab.page.click("#lab-start")
    wait_js(
        tab.page,
        "() => document.querySelectorAll('#lab-games-list a').length === 2",
        timeout=90_000,
    )
    with tab.context.expect_page() as opened:  # a new tab: the match stays (issue 35)
        tab.page.locator("#lab-games-list a").first.click()
    game = opened.value
    game.wait_for_url("**/game/*")
    wait_js(game, "() => document.querySelectorAll('.pit').length > 0")
    assert tab.errors == [], tab.errors
    tab.context.close()
