"""The rating policy in a real browser: a rated game that changed no rating says why in the
end-of-game dialog (a resignation before both players moved), to both players."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser


def test_the_end_dialog_says_why_a_rated_game_was_not_rated(browser: Any, server: str) -> None:
    suffix = secrets.token_hex(2)
    ama, kofi = Tab(browser, server), Tab(browser, server)
    try:
        for tab, name in ((ama, f"Ama {suffix}"), (kofi, f"Kofi {suffix}")):
            answer = tab.context.request.put(f"{server}/api/me", data={"name": name})
            assert answer.status == 200, answer.text()
        sent = {"mode": "remote", "rated": True, "first": 0}
        game = ama.context.request.post(f"{server}/api/games", data=sent).json()
        game = kofi.context.request.post(f"{server}/api/games/{game['id']}/join", data={}).json()
        for tab in (ama, kofi):
            tab.page.goto(f"/game/{game['id']}")
            tab.page.wait_for_selector(".board .pit")
        resigned = kofi.context.request.post(
            f"{server}/api/games/{game['id']}/resign", data={"version": game["version"]}
        )
        assert resigned.status == 200, resigned.text()
        for tab in (ama, kofi):
            wait_js(tab.page, "document.getElementById('over-dialog').open")
            wait_js(tab.page, "document.getElementById('over-ratings').textContent.includes('Not')")
            line = tab.page.locator("#over-ratings").inner_text()
            assert line == "Not rated (Kalah 6×4): it ended before both players had moved"
            assert tab.page.locator("#over-ratings").is_visible()
        ama.page.screenshot(path=str(ARTIFACTS / "rating-policy-not-rated.png"))
        assert ama.errors == [] and kofi.errors == []
    finally:
        ama.close()
        kofi.close()
