"""The front end's shared parts in Chromium (issue 34): a tournament's page and the list of
tournaments follow through follow.js, so a server that stops answering is said within seconds
(its watchdog) and the page catches up by itself once it answers; the analysis board draws its
values on the pits as the review does (each exact one marked ✓) and marks the best move the
server names."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

UNREACHABLE = "The server can't be reached. Check the connection."
SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 2}}
BOARD = [1, 0, 2, 3, 2, 1, 2, 1]


class Hang:
    """Every API request of ``page`` held unanswered (a server that hangs), until ``end``."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.held: list[Any] = []
        page.route("**/api/**", self.hold)

    def hold(self, route: Any) -> None:
        self.held.append(route)  # never answered while the hang lasts

    def end(self) -> None:
        self.page.unroute("**/api/**")
        for route in self.held:
            with contextlib.suppress(Exception):  # a request the page gave up on already
                route.abort()


def make(tab: Tab, name: str) -> str:
    r = tab.context.request.post(
        "/api/tournaments", data={"name": name, "system": "swiss", "variant": "kalah"}
    )
    assert r.status == 201, r.text()[:300]
    return str(r.json()["id"])


def join(tab: Tab, tid: str, name: str) -> None:
    r = tab.context.request.post(f"/api/tournaments/{tid}/join", data={"name": name})
    assert r.status == 200, r.text()[:300]


def test_a_tournament_page_says_a_hung_server_at_once_and_catches_up(
    browser: Any, server: str
) -> None:
    director, player = Tab(browser, server), Tab(browser, server)
    try:
        tid = make(director, "Watchdog cup")
        page = director.page
        page.goto(f"/tournaments/{tid}")
        wait_js(page, "document.getElementById('t-meta').textContent.startsWith('Swiss · ')")
        hang = Hang(page)
        # A long-poll of 8 s, then one that hangs: without the watchdog a minute went by unsaid.
        wait_js(
            page,
            f"document.getElementById('t-status').textContent === {UNREACHABLE!r}",
            timeout=30_000,
        )
        assert page.locator("#t-status.error").count() == 1
        join(player, tid, "Kweku Ansah")  # made while the page could not hear
        hang.end()
        wait_js(
            page,
            "document.getElementById('t-standings').textContent.includes('Kweku Ansah')",
            timeout=30_000,
        )
        wait_js(page, "document.getElementById('t-status').textContent === ''")
    finally:
        director.close()
        player.close()


def test_the_list_of_tournaments_says_a_hung_server_and_catches_up(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server)
    try:
        page = tab.page
        page.goto("/tournaments")
        page.locator("#t-list").wait_for()
        wait_js(page, "!document.getElementById('t-list').textContent.includes('Loading')")
        hang = Hang(page)
        wait_js(
            page,
            f"document.getElementById('t-list').textContent === {UNREACHABLE!r}",
            timeout=30_000,
        )
        make(tab, "Made while hung")
        hang.end()
        link = page.locator("#t-list a", has_text="Made while hung")
        link.wait_for(timeout=30_000)
        facts = link.locator("xpath=following-sibling::span").inner_text()
        assert facts.startswith("Swiss · Kalah 6×4 · no clock · "), facts
    finally:
        tab.close()


def test_the_analysis_board_marks_exact_values_and_the_servers_best_move(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server)
    try:
        page = tab.page
        asked = {**SMALL, "board": BOARD, "to_move": 0}
        page.goto(
            "/analysis?variant=kalah&options=%7B%22pits%22%3A3%2C%22seeds%22%3A2%7D"
            "&board=1,0,2,3,2,1,2,1&to_move=0"
        )
        wait_js(page, "document.querySelectorAll('#ab-values li').length > 0")
        found = tab.context.request.post("/api/board", data={**asked, "values": True}).json()
        values = found["values"]
        assert all(values["exact"].values())  # 12 seeds: solved
        valued = page.locator("#board .pit.valued")
        assert valued.count() == len(found["legal_moves"])
        # As the review draws them: each exact value on its pit marked ✓.
        assert page.locator("#board .pit.valued.exact").count() == valued.count()
        for text in valued.locator(".value").all_inner_texts():
            assert text.endswith("✓"), text
        best = page.locator("#board .pit.best")
        assert best.count() == 1
        assert best.get_attribute("data-pit") == str(values["best_move"])
        assert page.locator("#ab-values li.best").count() == 1
        tab.shot("front-analysis-board-values")
    finally:
        tab.close()
