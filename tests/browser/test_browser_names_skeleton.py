"""Names in a real browser: the players page refuses a name that looks like a kept one (Cyrillic
letters for Latin) and one with an invisible character, saying why, and keeps the page usable."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser


def test_the_name_form_refuses_a_lookalike_and_an_invisible_name(browser: Any, server: str) -> None:
    suffix = secrets.token_hex(2)
    ama, mallory = Tab(browser, server), Tab(browser, server)
    try:
        taken = ama.context.request.put(f"{server}/api/me", data={"name": f"Ama {suffix}"})
        assert taken.status == 200, taken.text()
        page = mallory.page
        page.goto("/leaderboard")
        for typed, says in (
            (f"\u0410m\u0430 {suffix}", "looks the same"),  # Cyrillic A and a
            (f"Ama\u034f {suffix}", "visible characters"),  # a combining grapheme joiner
            ("Guest c962", "guest"),
        ):
            page.fill("#new-name", typed)
            page.locator("#name-form button, #name-form [type=submit]").first.click()
            wait_js(page, f"document.getElementById('name-error').textContent.includes({says!r})")
            assert says in page.locator("#name-error").inner_text()
            assert page.url.endswith("/leaderboard")
        page.screenshot(path=str(ARTIFACTS / "names-lookalike-refused.png"))
        me = mallory.context.request.get(f"{server}/api/me").json()
        assert me["name"] is None
        assert (
            ama.errors == []
            and [e for e in mallory.errors if "409" not in e and "400" not in e] == []
        )
    finally:
        ama.close()
        mallory.close()
