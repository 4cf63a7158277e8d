"""A clock that runs out ends the game, watched or not (issue 33, item 1), as a person in the room
sees it: Esi has the home page open; Adjoa and Kwabena play a rated game with a 3 s clock on
their own devices and both leave it.  Nobody opens the game again, yet within seconds of the
flag it leaves "Being played" on Esi's page, without a reload, and Adjoa's player page shows the
win and her new rating instead of "Playing now".  Screenshots: test-artifacts/flags-*.png.
(The party test, tests/browser/test_party.py, plays the same after its round robin.)"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab

pytestmark = pytest.mark.browser

SHORT = {"minutes": 0.05, "increment": 0}  # 3 s a side


def answer(response: Any, status: int = 200) -> Any:
    assert response.status == status, response.text()
    return response.json()


def post(tab: Tab, path: str, body: dict[str, Any], status: int = 200) -> Any:
    return answer(tab.context.request.post(path, data=body), status)


def left_with_its_clock_running(white: Tab, black: Tab, room: Any, players: str) -> float:
    """``white`` and ``black`` (named players, on their own devices) start a rated game with a
    3 s clock; once ``room`` (a home page) lists it as being played (``players``: "A vs B"),
    each makes a first move and both leave it (no page holds it).  When the flag falls."""
    game = post(
        white, "/api/games", {"mode": "remote", "rated": True, "first": 0, "clock": SHORT}, 201
    )
    gid = game["id"]
    game = post(black, f"/api/games/{gid}/join", {})
    listed = room.locator("#lobby-games li", has_text=players)
    listed.wait_for(timeout=25_000)  # being played, seen live (within the first-move window)
    game = post(white, f"/api/games/{gid}/moves", {"pit": 0, "version": game["version"]})
    # c: an extra turn, so black's clock runs
    game = post(black, f"/api/games/{gid}/moves", {"pit": 2, "version": game["version"]})
    assert game["clock"]["running"] == 1 and game["status"] == "playing"
    return time.time() + game["clock"]["remaining_ms"][1] / 1000


def leaves_being_played(room: Any, players: str, flag_at: float) -> float:
    """Wait until ``room`` no longer lists the game, without a reload: seconds after the flag."""
    room.evaluate("window.__notReloaded = true")
    room.locator("#lobby-games li", has_text=players).wait_for(state="detached", timeout=60_000)
    assert room.evaluate("window.__notReloaded") is True
    return time.time() - flag_at


def test_a_game_left_with_its_clock_running_leaves_being_played_live(
    browser: Any, server: str
) -> None:
    esi, adjoa, kwabena = (Tab(browser, server) for _ in range(3))
    try:
        esi.page.goto("/")
        for tab, name in ((adjoa, "Adjoa"), (kwabena, "Kwabena")):
            # The device's cookie comes with the home page itself, so the name is taken under
            # the token the page's own requests carry.
            tab.page.goto("/")
            cookies = tab.context.cookies()
            assert any(c["name"] == "mancala_player" for c in cookies), "no device cookie"
            answer(tab.context.request.put("/api/me", data={"name": name}))
        flag_at = left_with_its_clock_running(adjoa, kwabena, esi.page, "Adjoa vs Kwabena")
        esi.shot("flags-being-played")
        gone_after = leaves_being_played(esi.page, "Adjoa vs Kwabena", flag_at)
        print(f"left 'Being played' {gone_after:.1f} s after the flag")  # the report's figure
        esi.shot("flags-gone")

        adjoa.page.goto("/players/Adjoa")
        adjoa.page.wait_for_selector("#record-title")
        assert adjoa.page.locator("#current-title").count() == 0  # not "Playing now"
        page = answer(adjoa.context.request.get("/api/players/Adjoa"))
        assert page["current"] == [] and page["ratings"][0]["rating"] > 1500
        adjoa.shot("flags-player-page")
    finally:
        errors = esi.errors + adjoa.errors + kwabena.errors
        for tab in (esi, adjoa, kwabena):
            tab.close()
    assert errors == [], f"console errors: {errors}"


def test_a_player_page_open_meanwhile_shows_the_flag_live(browser: Any, server: str) -> None:
    """Ekow has Kobby's player page open while Kobby plays: "Playing now" lists the game; the
    flag falls with nobody at the game, and the page, not reloaded, drops it and shows the
    loss with the new rating."""
    ekow, nana, kobby = (Tab(browser, server) for _ in range(3))
    try:
        ekow.page.goto("/")
        for tab, name in ((nana, "Nana Yaw"), (kobby, "Kobby")):
            tab.page.goto("/")
            answer(tab.context.request.put("/api/me", data={"name": name}))
        flag_at = left_with_its_clock_running(nana, kobby, ekow.page, "Nana Yaw vs Kobby")
        page = ekow.page
        page.goto("/players/Kobby")
        page.wait_for_selector("#current-title")  # "Playing now", the game in it
        assert "Nana Yaw" in (page.locator(".player-current").text_content() or "")
        page.evaluate("window.__notReloaded = true")
        page.locator("#current-title").wait_for(state="detached", timeout=60_000)
        print(f"the player page dropped 'Playing now' {time.time() - flag_at:.1f} s after the flag")
        row = page.locator(".games-table tbody tr", has_text="Nana Yaw")
        row.wait_for(timeout=10_000)
        assert "Lost" in (row.text_content() or "")
        assert page.evaluate("window.__notReloaded") is True
        ekow.shot("flags-player-page-live")
    finally:
        errors = ekow.errors + nana.errors + kobby.errors
        for tab in (ekow, nana, kobby):
            tab.close()
    assert errors == [], f"console errors: {errors}"
