"""The room on the home page, in two browser contexts: one (Adwoa) waits in the room with the menu's
settings, the other sees the seek appear live (no reload) and joins with one click, both land
on the same game, and a quick message crosses the table.  Screenshots of the room and the
table at laptop and phone sizes, light and dark (test-artifacts/lobby-*.png)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
GAME_URL = re.compile(r"/game/[\w-]+$")


def named(tab: Tab, name: str) -> None:
    """Open the home page and take a player's name."""
    tab.page.goto("/")
    answer = tab.context.request.put("/api/me", data={"name": name})
    assert answer.ok, answer.text()


def test_a_seek_is_seen_live_and_joined_and_both_land_in_the_game(
    browser: Any, server: str
) -> None:
    ama, ben = Tab(browser, server), Tab(browser, server)
    try:
        named(ben, "Ben")
        ama.page.goto("/")
        ama.page.wait_for_selector("#lobby-name:not([hidden])")  # a guest is asked for a name
        ama.shot("lobby-guest-laptop-light")
        ama.page.get_by_label(re.compile("Your name in the room")).fill("Adwoa")
        ama.page.get_by_role("button", name="Take this name").click()
        ama.page.wait_for_selector("#lobby-name", state="hidden")
        ben.page.goto("/")
        ben.page.wait_for_selector("#lobby-here li:has-text('Adwoa')")  # who is here, live
        # A challenge: shown to Adwoa at once, declined, and Ben is told.
        ben.page.locator("#lobby-here li", has_text="Adwoa").get_by_role(
            "button", name="Challenge"
        ).click()
        offer = ama.page.locator("#lobby-challenges li", has_text="Ben challenges Adwoa: Kalah")
        offer.wait_for()
        ama.page.set_viewport_size(PHONE)
        ama.page.emulate_media(color_scheme="dark")
        ama.shot("lobby-challenge-phone-dark")
        ama.page.set_viewport_size({"width": 1200, "height": 820})
        ama.page.emulate_media(color_scheme="light")
        offer.get_by_role("button", name="Decline").click()
        ben.page.wait_for_selector("#lobby-challenges li:has-text('Adwoa declined your challenge')")
        ama.page.wait_for_selector("#lobby-challenges-box", state="hidden")

        ama.page.select_option("#variant", "oware")
        ama.page.select_option("#clock-choice", "5+3")
        ama.page.check("#rated")
        ama.page.get_by_role("button", name=re.compile("Wait in the room")).click()
        ama.page.wait_for_selector("#lobby-seeks li:has-text('Adwoa waits: Oware, 5+3, rated')")

        seek = ben.page.locator("#lobby-seeks li", has_text="Adwoa waits: Oware, 5+3, rated")
        seek.wait_for()  # on Ben's page without a reload
        for size, scheme in (
            (LAPTOP, "light"),
            (PHONE, "light"),
            (LAPTOP, "dark"),
            (PHONE, "dark"),
        ):
            ben.page.set_viewport_size(size)
            ben.page.emulate_media(color_scheme=scheme)
            ben.shot(f"lobby-home-{'phone' if size is PHONE else 'laptop'}-{scheme}")
        ben.page.set_viewport_size(LAPTOP)
        ben.page.emulate_media(color_scheme="light")

        join = seek.get_by_role("button", name="Join")
        join.focus()  # a long-poll that brings nothing new leaves the keyboard's focus alone
        with ben.page.expect_response(lambda r: "/api/lobby?since=" in r.url, timeout=20_000):
            pass
        assert ben.page.evaluate("document.activeElement.textContent") == "Join"
        # Someone arrives: the room is drawn again around the button, and the focus stays on it.
        here = ben.page.locator("#lobby-here li").count()
        carol = Tab(browser, server)
        try:
            carol.page.goto("/")
            ben.page.wait_for_function(  # (a function: the policy forbids eval)
                f"() => document.querySelectorAll('#lobby-here li').length > {here}",
                timeout=20_000,
            )
        finally:
            carol.context.close()
        assert ben.page.evaluate("document.activeElement.textContent") == "Join"
        join.click()
        ben.page.wait_for_url(GAME_URL)
        ama.page.wait_for_url(GAME_URL)  # sent to the game by the lobby's long-poll
        assert ama.page.url == ben.page.url
        for tab in (ama, ben):
            tab.page.wait_for_selector(".board .pit")
            tab.page.wait_for_selector("#quick:not([hidden])")

        ama.page.get_by_role("button", name="Good game").click()
        ben.page.wait_for_selector("#quick-log li:has-text('Adwoa: Good game')")
        ama.page.wait_for_selector("#quick-log li:has-text('You: Good game')")
        ben.page.get_by_role("button", name="Thanks").click()
        ama.page.wait_for_selector("#quick-log li:has-text('Ben: Thanks')")
        for size, scheme in ((LAPTOP, "light"), (PHONE, "dark")):
            ben.page.set_viewport_size(size)
            ben.page.emulate_media(color_scheme=scheme)
            ben.shot(f"lobby-table-{'phone' if size is PHONE else 'laptop'}-{scheme}")

        ben.page.check("#quick-off")  # messages off: none shown, none sent to Ben
        ben.page.wait_for_selector("#quick-log li", state="detached")
        ama.page.reload()
        ama.page.wait_for_selector("#quick-note:not([hidden])")
        assert ama.page.get_by_role("button", name="Oops").is_disabled()
        assert ama.errors == [] and ben.errors == [], (ama.errors, ben.errors)
    finally:
        ama.close()
        ben.close()


def test_a_game_without_two_devices_asks_for_its_messages_once(still: Tab) -> None:
    asked: list[str] = []
    still.page.on("request", lambda r: asked.append(r.url) if "/messages" in r.url else None)
    still.start_from_menu("Play the computer")
    still.page.wait_for_timeout(1500)  # a follower would have asked again by now
    assert len(asked) == 1 and "since" not in asked[0]
    assert still.page.locator("#quick").is_hidden()
