"""The pie rule in a real browser: turned on in the menu's rules, offered under the board at the
second player's first action only, taken with "Swap sides"; the board turns round.  Screenshots
(laptop and phone, light and dark) go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.test_browser_play import MOVES, Tab, wait_js

pytestmark = pytest.mark.browser

OPENED = [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]  # after C4+ F5: the swap is offered
TURNED = [5, 5, 5, 5, 4, 4, 0, 4, 4, 0, 5, 5, 0, 2]  # after the swap: the opener moves


LOOKS = ["laptop-light", "laptop-dark", "phone-light", "phone-dark"]


def opened(browser: Any, server: str, look: str) -> Tab:
    phone = look.startswith("phone")
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    scheme = "dark" if look.endswith("dark") else "light"
    return Tab(browser, server, viewport=viewport, color_scheme=scheme, has_touch=phone)


@pytest.fixture(params=LOOKS)
def tab(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Tab]:
    t = opened(browser, server, request.param)
    t.look = request.param  # type: ignore[attr-defined]
    yield t
    errors = list(t.errors)
    t.close()
    assert errors == [], f"console errors: {errors}"


@pytest.fixture
def laptop(browser: Any, server: str) -> Iterator[Tab]:
    t = opened(browser, server, "laptop-light")
    yield t
    errors = list(t.errors)
    t.close()
    assert errors == [], f"console errors: {errors}"


def start_with_pie(tab: Tab, door: str, level: str = "medium") -> None:
    page = tab.page
    page.goto("/")
    page.select_option("#variant", "kalah")
    page.select_option("#level", level)
    page.locator("details.rule-options summary").click()
    page.locator("#kalah-pie").check()
    page.get_by_role("button", name=re.compile(door)).click()
    page.wait_for_url(re.compile(r"/game/[\w-]+$"))
    page.wait_for_selector(".board .pit.legal")


def play_index(tab: Tab, index: int) -> None:
    before = tab.moves()
    tab.page.locator(f".board .pit.legal[data-index='{index}']").click()
    wait_js(tab.page, f"document.querySelectorAll('{MOVES}').length > {before}")


def test_a_friend_here_takes_the_swap_through_the_button(tab: Tab) -> None:
    page = tab.page
    start_with_pie(tab, "Play a friend here")
    offer = page.locator("#swap-offer")
    assert not offer.is_visible()
    play_index(tab, 2)  # C4+: the opener moves again, no offer yet
    wait_js(page, "!!document.querySelector('.board .pit.legal')")
    assert not offer.is_visible()
    play_index(tab, 5)  # F5: the opener's first turn is over
    page.wait_for_selector("#swap-offer:not([hidden])")
    assert tab.counts() == OPENED
    assert "Pie rule" in page.locator("#swap-text").inner_text()
    tab.shot(f"pie-offer-{tab.look}")  # type: ignore[attr-defined]
    page.get_by_role("button", name=re.compile("Swap sides")).click()
    wait_js(page, f"document.querySelectorAll('{MOVES}').length === 3")
    page.wait_for_selector("#swap-offer[hidden]", state="attached")
    wait_js(page, "document.getElementById('last-move').textContent.includes('swapped sides')")
    assert tab.counts() == TURNED
    assert page.locator(MOVES).last.inner_text().strip().endswith("swap")
    tab.shot(f"pie-swapped-{tab.look}")  # type: ignore[attr-defined]


def test_the_computer_swaps_after_a_strong_opening(laptop: Tab) -> None:
    tab = laptop
    page = tab.page
    start_with_pie(tab, "Play the computer")
    play_index(tab, 2)
    wait_js(page, "!!document.querySelector('.row-bottom .pit.legal')")
    play_index(tab, 5)
    wait_js(page, f"document.querySelectorAll('{MOVES}').length === 3", timeout=30_000)
    wait_js(page, "!!document.querySelector('.row-bottom .pit.legal')")
    said = page.locator("#last-move").inner_text()
    assert said.startswith("Computer (Medium) swapped sides: Computer (Medium) takes over your")
    assert tab.counts() == TURNED
    assert not page.locator("#swap-offer").is_visible()  # the offer was the computer's, gone
    tab.shot("pie-computer-swapped")
