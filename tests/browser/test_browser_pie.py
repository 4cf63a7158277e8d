"""The pie rule in a real browser: turned on in the menu's rules, offered under the board at the
second player's first action only, taken with "Swap sides"; the board turns round.  Screenshots
(laptop and phone, light and dark) go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS
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
    look = getattr(tab, "look", None)
    if look is not None:
        shot = ARTIFACTS / f"pie-menu-{look}.png"
        page.locator("details.rule-options").screenshot(path=str(shot))
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
    page.goto("/rules#pie-rule")
    assert page.locator("#pie-rule h2").inner_text() == "The pie rule (Kalah and Oware)"
    page.locator("#pie-rule").screenshot(path=str(ARTIFACTS / f"pie-rules-{tab.look}.png"))  # type: ignore[attr-defined]


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
    assert said == (
        "Computer (Medium) swapped sides: Computer (Medium) takes over your opening, and you "
        "play on from the other row."
    )
    assert tab.counts() == TURNED
    assert not page.locator("#swap-offer").is_visible()  # the offer was the computer's, gone
    page.locator("#show-thinking").check()
    wait_js(page, "document.getElementById('thinking-info').textContent.length > 0")
    thinking = page.locator("#thinking-info").inner_text()
    assert thinking.startswith("Computer (Medium): best swap sides, value"), thinking
    assert thinking.endswith("the board turned round, so no pit shows a value."), thinking
    tab.shot("pie-computer-swapped")


def test_between_devices_the_swap_drops_the_openers_premove(browser: Any, server: str) -> None:
    from tests.browser.test_browser_seats import LAPTOP, PHONE, invite, pit, sit

    host = Tab(browser, server, viewport=LAPTOP)
    guest = Tab(browser, server, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        options = {"pits": 6, "seeds": 4, "pie": True}
        link = invite(host, server, options=options, clock={"minutes": 5, "increment": 0})
        sit(guest, link)
        host.page.wait_for_selector(".row-bottom .pit.legal")
        pit(host, 2).click()  # C4+
        wait_js(host.page, f"document.querySelectorAll('{MOVES}').length === 1")
        host.page.wait_for_selector(".row-bottom .pit.legal")
        pit(host, 5).click()  # F5: Ben may swap
        guest.page.wait_for_selector("#swap-offer:not([hidden])")
        assert not host.page.locator("#swap-offer").is_visible()  # the offer is Ben's
        assert "Ana's opening" in guest.page.locator("#swap-text").inner_text()
        pit(host, 0).click()  # Ana premoves A while Ben decides
        host.page.wait_for_selector(".pit.premove[data-index='0']")
        guest.shot("pie-offer-between-devices-phone")
        guest.page.get_by_role("button", name=re.compile("Swap sides")).click()
        wait_js(host.page, f"document.querySelectorAll('{MOVES}').length === 3")
        wait_js(host.page, "document.getElementById('status').textContent.includes('swapped')")
        said = host.page.locator("#status").inner_text()
        assert said == "Premove A dropped: your opponent swapped sides."
        assert host.counts() == TURNED == guest.counts()
        assert host.page.locator(".row-bottom .pit.legal").count() == 6  # Ana's turn, A unplayed
        wait_js(host.page, "document.getElementById('last-move').textContent.includes('Ben')")
        assert host.page.locator("#last-move").inner_text() == (
            "Ben swapped sides: Ben takes over your opening, and you play on from the other row."
        )
        host.shot("pie-swapped-between-devices-laptop")
        assert host.errors == [] and guest.errors == []
    finally:
        host.close()
        guest.close()


def test_the_analysis_board_offers_the_swap_and_values_it(laptop: Tab) -> None:
    page = laptop.page
    options = '{"pits":6,"seeds":4,"pie":true}'
    page.goto(f"/analysis?variant=kalah&options={options}&moves=2,5")
    page.wait_for_selector("#ab-swap-offer:not([hidden])")
    wait_js(page, "document.getElementById('ab-values').textContent.includes('swap sides')")
    assert laptop.counts() == OPENED
    best = page.locator("#ab-values li.best").inner_text()
    assert best.startswith("swap sides +") and best.endswith("← best"), best
    laptop.shot("pie-analysis-board-offer")
    page.locator("#ab-swap").click()
    wait_js(page, "document.getElementById('ab-last').textContent.includes('swapped sides')")
    assert page.locator("#ab-last").inner_text() == "Top row swapped sides: the board turned round"
    assert laptop.counts() == TURNED
    assert page.locator("#ab-swap-offer").is_hidden()
    assert "moves=2%2C5%2C-1" in page.locator("#ab-link").input_value()


def test_a_hint_at_the_offer_can_be_the_swap(laptop: Tab, server: str) -> None:
    page = laptop.page
    body = {"mode": "local", "first": 0, "variant": "kalah", "options": {"pie": True}}
    gid = laptop.context.request.post(f"{server}/api/games", data={**body, "hints": True})
    page.goto(f"/game/{gid.json()['id']}")
    page.wait_for_selector(".board .pit.legal")
    play_index(laptop, 2)
    wait_js(page, "!!document.querySelector('.board .pit.legal')")
    play_index(laptop, 5)
    page.wait_for_selector("#swap-offer:not([hidden])")
    page.keyboard.press("h")
    wait_js(page, "document.getElementById('status').textContent === 'Hint: swap sides.'")
    assert page.locator(".pit.hint").count() == 0  # no pit to mark
    page.keyboard.press("s")  # the key takes the swap
    wait_js(page, f"document.querySelectorAll('{MOVES}').length === 3")
    assert laptop.counts() == TURNED
