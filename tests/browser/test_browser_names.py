"""Names people give themselves are shown as text: two browsers with hostile names play a game
between two devices, and a game on one screen is named from the menu.  Nothing they typed runs:
no dialog opens, no element is made from a name, ``window.__xss`` stays undefined."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

# Hostile names within the 24 characters a name may have.
HOST = "<svg onload=__xss=1>"
GUEST = "<iframe onload=__xss=2>"
SCRIPT = "<script>__xss=3</script>"
QUOTES = "\"'&amp;<b>Bo</b>"
# Elements that only a name turned into markup could have made.
INJECTED = "iframe, img, script:not([src]), [onload], [onerror], b"


class Guarded(Tab):
    """A tab that records every dialog (an alert would be one) and dismisses it."""

    def __init__(self, browser: Any, server: str) -> None:
        super().__init__(browser, server)
        self.dialogs: list[str] = []
        self.page.on("dialog", self.on_dialog)

    def on_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def text(self, selector: str) -> str:
        return str(self.page.locator(selector).inner_text())

    def wait_text(self, selector: str, text: str) -> None:
        """Wait until the element's text is exactly ``text`` (any characters in it)."""
        same = "([s, t]) => document.querySelector(s)?.textContent === t"
        wait_js(self.page, same, arg=[selector, text])

    def assert_nothing_ran(self) -> None:
        assert self.page.evaluate("typeof window.__xss") == "undefined"
        assert self.page.locator(INJECTED).count() == 0
        assert self.dialogs == []
        assert self.errors == []


def test_two_browsers_with_hostile_names_see_them_as_text(browser: Any, server: str) -> None:
    host, guest = Guarded(browser, server), Guarded(browser, server)
    try:
        host.page.goto("/")
        host.page.fill("#player-name", HOST)
        host.page.get_by_role("button", name=re.compile("Play a friend on another device")).click()
        host.page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        host.page.wait_for_selector("#share:not([hidden])")
        assert host.text("#tag-bottom .name") == f"{HOST} (you)"
        assert host.text("#tag-top .name") == "Waiting for a friend"

        # the guest finds the game in the menu's open games, under the host's name
        guest.page.goto("/")
        assert f"Kalah with {HOST}" in guest.text("#open-games")
        guest.page.get_by_role("link", name=re.compile(re.escape(f"Kalah with {HOST}"))).click()
        guest.page.fill("#join-name", f" {GUEST}")  # 24 characters: the most the box takes
        guest.shot("names-invite")
        guest.page.get_by_role("button", name="Take the seat").click()
        guest.page.wait_for_selector("#join", state="hidden")
        assert guest.text("#tag-bottom .name") == f"{GUEST} (you)"
        assert guest.text("#tag-top .name") == HOST
        guest.wait_text("#status", f"Waiting for {HOST}…")

        host.wait_text("#presence", f"{GUEST}: connected")
        host.wait_text("#status", "Your turn")
        assert host.text("#tag-top .name") == GUEST
        host.play()
        guest.page.wait_for_selector(".row-bottom .pit.legal")
        heard = "who => window.announced.some(t => t.startsWith(who))"
        wait_js(guest.page, heard, arg=f"{HOST} played ")
        host.shot("names-host")
        guest.shot("names-guest")

        # the names are remembered for the next game; the guest's menu lists the game by name
        assert guest.page.evaluate("localStorage.getItem('mancala.name')") == GUEST
        guest.page.goto("/")
        assert f"Kalah vs {HOST}" in guest.text(".your-games:not(.open-games)")
        assert guest.page.input_value("#player-name") == GUEST
        guest.page.go_back()
        guest.page.wait_for_selector(".row-bottom .pit.legal")
        guest.play()  # both have moved: the game can no longer be aborted, only resigned
        wait_js(host.page, heard, arg=f"{GUEST} played ")

        # the game-over dialog names both players
        host.page.get_by_role("button", name="Resign").click()
        host.page.get_by_role("button", name="Really resign?").click()
        for tab in (host, guest):
            tab.page.wait_for_selector("#over-dialog[open]")
        assert guest.text("#over-reason") == f"Ended: {HOST} resigned."
        assert guest.text("#over-players").startswith(f"{HOST} ")
        assert f" · {GUEST} (you) " in guest.text("#over-players")
        assert host.text("#over-reason") == f"Ended: {HOST} (you) resigned."
        guest.shot("names-over")
        for tab in (host, guest):
            tab.assert_nothing_ran()
    finally:
        host.close()
        guest.close()


def test_a_game_on_one_screen_named_from_the_menu(browser: Any, server: str) -> None:
    tab = Guarded(browser, server)
    try:
        page = tab.page
        page.goto("/")
        page.fill("#player-name", SCRIPT)
        page.fill("#friend-name", QUOTES)
        page.get_by_role("button", name=re.compile("Play a friend here")).click()
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        page.wait_for_selector(".row-bottom .pit.legal")
        assert tab.text("#tag-bottom .name") == SCRIPT
        assert tab.text("#tag-top .name") == QUOTES
        tab.wait_text("#status", f"{SCRIPT} to move")
        tab.play()
        tab.wait_text("#status", f"{QUOTES} to move")
        label = page.locator(".store-top").get_attribute("aria-label")
        assert label == f"{QUOTES}'s store: 0 seeds"
        page.goto("/")
        assert f"Kalah: {SCRIPT} vs {QUOTES}" in tab.text(".your-games:not(.open-games)")
        assert page.input_value("#friend-name") == QUOTES
        tab.shot("names-home")
        tab.assert_nothing_ran()
    finally:
        tab.close()
