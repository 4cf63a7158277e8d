"""Games between people in headless Chromium: the menu's clock and hints options, clocks that
run on both boards and survive a reload, a flag that ends the game, the series score across a
rematch, the hints line both players see.  Screenshots (1280x800 and 390x844) go to
test-artifacts/."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

LEGAL = ".row-bottom .pit.legal"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def clock_text(tab: Tab, where: str) -> str:
    return str(tab.page.locator(f"#tag-{where} .clock").text_content() or "")


def seconds(shown: str) -> float:
    """A clock's text ("2:59" or "9.8") in seconds."""
    if ":" in shown:
        minutes, secs = shown.split(":")
        return int(minutes) * 60 + int(secs)
    return float(shown)


def test_clock_hints_and_series_between_two_devices(browser: Any, server: str) -> None:
    host = Tab(browser, server, viewport=LAPTOP)
    guest = Tab(browser, server, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = host.page
        page.goto("/")
        page.fill("#player-name", "Ana")
        page.select_option("#clock-choice", "3+2")
        page.check("#allow-hints")
        host.shot("clocks-menu")
        page.get_by_role("button", name=re.compile("Play a friend on another device")).click()
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        page.wait_for_selector("#share:not([hidden])")
        assert clock_text(host, "bottom") == "3:00" and clock_text(host, "top") == "3:00"
        invite = re.sub(r"^https?://[^/]+", server, page.locator("#share-url").input_value())

        guest.page.goto(invite)
        guest.page.fill("#join-name", "Ben")
        guest.page.get_by_role("button", name="Take the seat").click()
        guest.page.wait_for_selector("#tag-bottom .clock")
        assert clock_text(guest, "bottom") == "3:00" and clock_text(guest, "top") == "3:00"
        for tab in (host, guest):
            wait_js(tab.page, "document.getElementById('hints-note').textContent.includes('none')")

        # Each clock starts after that player's first move: Ana's first move is free (she
        # earns the increment) and Ben's clock waits for his own first move.
        page.wait_for_selector(LEGAL)
        page.locator(LEGAL).first.click()
        guest.page.wait_for_selector(LEGAL)
        wait_js(guest.page, "document.querySelector('#tag-top .clock').textContent === '3:02'")
        assert guest.page.locator(".clock.running").count() == 0
        assert clock_text(guest, "bottom") == "3:00"
        # Ben's first move (free too) starts Ana's clock on both boards.
        guest.page.locator(LEGAL).first.click()
        host.page.wait_for_selector("#tag-bottom .clock.running")
        guest.page.wait_for_selector("#tag-top .clock.running")
        assert clock_text(host, "top") == "3:02"
        wait_js(host.page, "document.querySelector('#tag-bottom .clock').textContent !== '3:02'")
        # A reload shows the time that ran meanwhile, still running.
        time.sleep(1.2)
        guest.page.reload()
        guest.page.wait_for_selector("#tag-top .clock.running")
        left = seconds(clock_text(guest, "top"))
        assert 172 <= left <= 181, left
        host.shot("clocks-laptop")
        guest.shot("clocks-phone")

        # Ana asks for a hint: Ben is told.
        page.wait_for_selector(LEGAL)
        page.locator("#btn-hint").click()
        page.wait_for_selector(".pit.hint")
        wait_js(
            guest.page, "document.getElementById('hints-note').textContent.includes('Ana used 1')"
        )
        guest.shot("clocks-hint-told")

        # Ana resigns; the result reads from each side, and the rematch carries the series.
        page.locator("#btn-resign").click()
        page.locator("#btn-resign").click()
        page.wait_for_selector("#over-dialog[open]")
        assert page.locator("#over-result").text_content() == "You resigned: you lost"
        guest.page.wait_for_selector("#over-dialog[open]")
        assert guest.page.locator("#over-result").text_content() == "You won: Ana resigned"
        host.shot("clocks-over")
        page.locator("#btn-again").click()
        guest.page.wait_for_selector("#offer:not([hidden])")
        guest.page.get_by_role("button", name="Accept").click()
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        guest.page.wait_for_selector("#series:not([hidden])")
        page.wait_for_selector("#series:not([hidden])")
        wait_js(page, "document.getElementById('series').textContent === 'Series: You 0 – 1 Ben'")
        assert guest.page.locator("#series").text_content() == "Series: You 1 – 0 Ana"
        for tab in (guest, host):  # the new game's clock, once its first answer is drawn
            wait_js(tab.page, "document.querySelector('#tag-bottom .clock').textContent === '3:00'")
        host.shot("clocks-series-laptop")
        guest.shot("clocks-series-phone")
        assert host.errors == [] and guest.errors == []
    finally:
        host.close()
        guest.close()


def test_a_flag_ends_the_game_on_the_page(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=LAPTOP)
    try:
        created = tab.context.request.post(
            f"{server}/api/games",
            data={"mode": "local", "names": ["Ana", "Ben"], "clock": {"minutes": 0.05}},
        )
        gid = created.json()["id"]
        tab.page.goto(f"/game/{gid}")
        tab.page.wait_for_selector(LEGAL)
        assert clock_text(tab, "bottom") == "3.0"
        for _ in range(2):  # each player's first move is free
            moves = tab.moves()
            tab.page.locator(".pit.legal").first.click()
            wait_js(tab.page, f"document.querySelectorAll('#moves li').length > {moves}")
        tab.page.locator(".pit.legal").first.click()
        tab.page.wait_for_selector("#tag-top .clock.running")  # Ben's 3 s run out
        tab.page.wait_for_selector("#over-dialog[open]", timeout=15_000)
        assert tab.page.locator("#over-result").text_content() == "Ana won: Ben ran out of time"
        assert tab.page.locator("#over-reason").text_content() == "Ended: Ben ran out of time."
        assert clock_text(tab, "top") == "0.0"
        assert tab.page.locator("#tag-top .clock.out").count() == 1
        tab.shot("clocks-flag")
        assert tab.errors == []
    finally:
        tab.close()


def test_hints_are_off_by_default_for_a_friend_here(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = tab.page
        page.goto("/")
        page.evaluate("window.localStorage.removeItem('mancala.match')")
        page.reload()
        assert not page.locator("#allow-hints").is_checked()
        assert page.locator("#clock-choice").input_value() == ""
        page.get_by_role("button", name=re.compile("Play a friend here")).click()
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        page.wait_for_selector(LEGAL)
        assert not page.locator("#btn-hint").is_visible()
        assert page.locator("#hints-note").text_content() == "Hints: off in this game"
        assert page.locator(".clock").count() == 0
        tab.shot("clocks-none-phone")
        assert tab.errors == []
    finally:
        tab.close()
