"""A game page whose first read meets a busy server (503 with Retry-After: its store locked, or
429: a device's limit) tries again, as it does when the server can't be reached, and the game
shows; a game that is gone (404) is said at once."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

LEGAL = ".row-bottom .pit.legal"


def answer_busy(route: Any, status: int) -> None:
    """Answer ``route`` as a busy server does: ``status`` (503: the store locked; 429: a device's
    limit) with Retry-After and the API's JSON error."""
    body = {"error": "Busy", "message": "the store is busy", "status": status}
    route.fulfill(
        status=status,
        headers={"Retry-After": "1", "Content-Type": "application/json"},
        body=json.dumps(body),
    )


@pytest.mark.parametrize("status", [503, 429])
def test_a_busy_first_read_is_tried_again(browser: Any, server: str, status: int) -> None:
    tab = Tab(browser, server)
    try:
        made = tab.context.request.post("/api/games", data={"mode": "local"})
        gid = made.json()["id"]
        refused: list[str] = []

        def busy_once(route: Any) -> None:
            if not refused and "since=" not in route.request.url:
                refused.append(route.request.url)
                answer_busy(route, status)
            else:
                route.continue_()

        tab.page.route(f"**/api/games/{gid}*", busy_once)
        tab.page.goto(f"/game/{gid}")
        wait_js(tab.page, f"document.querySelectorAll('{LEGAL}').length > 0")
        assert len(refused) == 1
        assert [e for e in tab.errors if "Failed to load resource" not in e] == []
    finally:
        tab.close()
