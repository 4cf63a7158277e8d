"""A player's page in a real browser (issue 33, item 11): a Kalah 4×3 game and a Kalah 6×4 game
are named by their boards in the list and in the Game filter, which narrows the list to one
size; each game shows when it was played (in the device's own time and language), and a
tournament's game links to its tournament. Screenshots (laptop and phone, light and dark) go
to test-artifacts/."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def named(tab: Tab, server: str, name: str) -> None:
    answer = tab.context.request.put(f"{server}/api/me", data={"name": name})
    assert answer.status == 200, answer.text()


def resigned(a: Tab, b: Tab, server: str, **params: Any) -> None:
    """A game between a's and b's devices that b joined and resigned."""
    game = a.context.request.post(f"{server}/api/games", data={"mode": "remote", **params})
    game = b.context.request.post(f"{server}/api/games/{game.json()['id']}/join", data={})
    body = {"version": game.json()["version"]}
    answer = b.context.request.post(f"{server}/api/games/{game.json()['id']}/resign", data=body)
    assert answer.ok, answer.text()


def test_a_players_games_are_named_by_their_boards(browser: Any, server: str) -> None:
    suffix = secrets.token_hex(2)
    ama_name, kofi_name = f"Ama {suffix}", f"Kofi {suffix}"
    ama, kofi = Tab(browser, server), Tab(browser, server)
    try:
        named(ama, server, ama_name)
        named(kofi, server, kofi_name)
        resigned(ama, kofi, server, options={"pits": 4, "seeds": 3})
        resigned(ama, kofi, server)
        made = ama.context.request.post(
            f"{server}/api/tournaments",
            data={"name": f"Friday {suffix}", "system": "round_robin", "you": ama_name},
        )
        assert made.ok, made.text()
        tid = made.json()["id"]
        joined = kofi.context.request.post(
            f"{server}/api/tournaments/{tid}/join", data={"name": kofi_name}
        )
        assert joined.ok, joined.text()
        assert ama.context.request.post(f"{server}/api/tournaments/{tid}/start", data={}).ok
        gid = ama.context.request.get(f"{server}/api/tournaments/{tid}").json()["your_game"]
        version = kofi.context.request.get(f"{server}/api/games/{gid}").json()["version"]
        ended = kofi.context.request.post(
            f"{server}/api/games/{gid}/resign", data={"version": version}
        )
        assert ended.ok, ended.text()
    finally:
        ama.close()
        kofi.close()

    for scheme in ("light", "dark"):
        for size, viewport in SIZES.items():
            tab = Tab(browser, server, viewport=viewport, color_scheme=scheme)
            try:
                page = tab.page
                page.goto(f"/players/{ama_name}")
                rows = page.locator(".games-table tbody tr")
                assert rows.count() == 3
                names = [rows.nth(i).locator("th a").first.inner_text() for i in range(3)]
                assert sorted(names) == ["Kalah 4×3", "Kalah 6×4", "Kalah 6×4"], names
                options = page.locator("select[name=kind] option").all_inner_texts()
                assert options == ["Any", "Kalah 4×3", "Kalah 6×4"], options
                when = page.locator(".games-table time").first
                assert when.inner_text() and when.get_attribute("datetime")
                assert page.locator(".tournament-mark", has_text=f"Friday {suffix}").count() == 1
                tab.shot(f"player-page-sizes-{size}-{scheme}")
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"{size}: the page scrolls sideways"
                if size == "phone" and scheme == "light":
                    page.select_option("select[name=kind]", label="Kalah 4×3")
                    page.get_by_role("button", name="Show").click()
                    page.wait_for_url("**kind=kalah-4x3**")
                    assert rows.count() == 1
                    assert rows.first.locator("th a").first.inner_text() == "Kalah 4×3"
                    page.goto(f"/players/{ama_name}")
                    page.locator(".tournament-mark a").click()
                    page.wait_for_url(f"**/tournaments/{tid}")
                assert tab.errors == []
            finally:
                tab.close()
