"""The hint in Chromium: the ring, the pit values and the line under the board name one move
(Kalah 6x4 against Hard, the first move, as reported).  Screenshots at 1280x800 and 390x844,
light and dark, go to test-artifacts/ (look at them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

SIZES = {
    "laptop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_hint_ring_values_and_text_name_one_move(
    browser: Any, server: str, size: str, scheme: str
) -> None:
    tab = Tab(browser, server, color_scheme=scheme, **SIZES[size])
    try:
        page = tab.page
        made = tab.context.request.post(
            "/api/games", data={"variant": "kalah", "mode": "computer", "level": "hard"}
        )
        assert made.status == 201, made.text()
        page.goto(f"/game/{made.json()['id']}")
        assert tab.wait_turn_or_over()
        page.keyboard.press("h")
        wait_js(page, "!document.getElementById('rv-values-note').hidden", timeout=30_000)
        ring = page.locator(".board .pit.hint")
        assert ring.count() == 1
        best = page.locator(".board .pit.best")
        assert best.count() == 1
        assert ring.get_attribute("data-pit") == best.get_attribute("data-pit")
        letter = "ABCDEF"[int(ring.get_attribute("data-pit") or -1)]
        said = page.locator("#thinking-info").inner_text()
        assert re.match(rf"Hint: best {letter}\b", said), (letter, said)
        shown = page.locator(".board .pit.valued .value").all_inner_texts()
        top = max(float(v.rstrip("✓").replace("−", "-")) for v in shown)
        ring_value = ring.locator(".value").inner_text().rstrip("✓").replace("−", "-")
        assert float(ring_value) == top, (shown, ring_value)
        tab.shot(f"hint-kalah-hard-{size}-{scheme}")
        assert tab.errors == [], tab.errors
    finally:
        tab.close()
