"""Real games in headless Chromium against the app under gunicorn: menu, play, undo, hint,
reload, watch, phone layout, animation.  Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import ARTIFACTS

pytestmark = pytest.mark.browser

MOVES = "#moves li"
START = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]
# Every text the live region announces, kept in window.announced.
ANNOUNCEMENTS = """
window.announced = [];
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("live");
  if (live) new MutationObserver(() => live.textContent && window.announced.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
});
"""


def wait_js(page: Any, expression: str, arg: Any = None, timeout: float = 20_000) -> Any:
    """Wait until ``expression`` (or the function, given ``arg``) is truthy in ``page``.

    Polled from here: the app's Content-Security-Policy forbids eval, which Playwright's own
    ``wait_for_function`` needs in the page.
    """
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout / 1000
    while True:
        try:
            value = page.evaluate(expression, arg)
            if value:
                return value
        except Error as exc:  # a navigation replaced the page meanwhile: ask the new one
            if "context was destroyed" not in str(exc) and "navigation" not in str(exc):
                raise
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout / 1000:g} s in vain for: {expression}")
        time.sleep(0.02)


class Tab:
    """A page in its own browser context (own cookies) that records console errors."""

    def __init__(self, browser: Any, server: str, **context: Any) -> None:
        context.setdefault("reduced_motion", "reduce")
        context.setdefault("viewport", {"width": 1200, "height": 820})
        self.context = browser.new_context(base_url=server, **context)
        self.context.add_init_script(ANNOUNCEMENTS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    def moves(self) -> int:
        return self.page.locator(MOVES).count()

    def start_from_menu(self, door: str, variant: str = "kalah", level: str = "beginner") -> None:
        page = self.page
        page.goto("/")
        page.select_option("#variant", variant)
        page.select_option("#level", level)
        page.get_by_role("button", name=re.compile(door)).click()
        page.wait_for_url(re.compile(r"/game/[\w-]+$"))
        page.wait_for_selector(".board .pit")

    def wait_turn_or_over(self) -> bool:
        """Wait until a pit is playable (True) or the game-over dialog is open (False)."""
        wait_js(
            self.page,
            "!!document.querySelector('.row-bottom .pit.legal')"
            " || document.getElementById('over-dialog').open",
        )
        return not self.page.evaluate("document.getElementById('over-dialog').open")

    def play(self, pick: str = "first") -> None:
        """Click a playable pit and wait until the move is in the list."""
        before = self.moves()
        pits = self.page.locator(".row-bottom .pit.legal")
        (pits.first if pick == "first" else pits.last).click()
        wait_js(self.page, f"document.querySelectorAll('{MOVES}').length > {before}")

    def play_to_the_end(self, limit: int = 200) -> None:
        for n in range(limit):
            if not self.wait_turn_or_over():
                return
            self.play("first" if n % 2 else "last")
        pytest.fail("the game did not end")

    def announced(self) -> list[str]:
        return list(self.page.evaluate("window.announced"))

    def counts(self) -> list[int]:
        """The board on screen in the canonical layout (by each cell's board index)."""
        cells = self.page.locator(".board [data-index]").evaluate_all(
            "els => els.map(e => [+e.dataset.index, +e.querySelector('.count').textContent])"
        )
        board = [0] * len(cells)
        for index, count in cells:
            board[index] = count
        return board

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def tab(browser: Any, server: str) -> Iterator[Tab]:
    t = Tab(browser, server)
    yield t
    errors = list(t.errors)
    t.close()
    assert errors == [], f"console errors: {errors}"


def check_result_dialog(tab: Tab, total: int) -> None:
    dialog = tab.page.locator("#over-dialog")
    assert dialog.is_visible()
    result = tab.page.locator("#over-result").inner_text()
    assert re.match(r"^(You won|You lost|Draw), \d+–\d+$", result), result
    a, b = (int(x) for x in re.findall(r"\d+", result))
    assert a + b == total
    assert tab.page.locator("#over-moves").inner_text().strip()
    wait_js(tab.page, "window.announced.some(t => t.startsWith('Game over. '))")


def test_kalah_from_the_menu_to_the_end_and_again(tab: Tab) -> None:
    tab.start_from_menu("Play the computer")
    assert "mancala_player" not in tab.page.evaluate("document.cookie")  # HttpOnly
    assert any(c["name"] == "mancala_player" for c in tab.context.cookies())
    assert tab.counts() == START
    assert tab.page.locator(".row-bottom .pit.legal").count() == 6
    assert tab.page.locator(".row-top .pit.legal").count() == 0
    tab.shot("kalah-start")
    tab.play_to_the_end()
    tab.shot("kalah-over")
    check_result_dialog(tab, 48)
    said = tab.announced()
    assert any(t.startswith("You played") for t in said)
    assert any(t.startswith("Computer (Beginner) played") for t in said)
    first_url = tab.page.url
    tab.page.get_by_role("button", name="Play again").click()
    tab.page.wait_for_url(lambda url: url != first_url and "/game/" in url)
    tab.page.wait_for_selector(".row-bottom .pit.legal")
    # Play again alternates who starts (issue 16): the computer opened this game.
    game = tab.page.evaluate(
        "fetch(document.getElementById('game').dataset.api).then(r => r.json())"
    )
    assert game["first_player"] == 1 and game["moves"], game
    assert all(m["player"] == 1 for m in game["moves"]) and tab.moves() == len(game["moves"])


def test_oware_against_beginner_to_the_end(tab: Tab) -> None:
    tab.start_from_menu("Play the computer", variant="oware")
    assert "Oware" in tab.page.title()
    tab.play_to_the_end()
    tab.shot("oware-over")
    check_result_dialog(tab, 48)


def test_undo_hint_keys_and_reload_mid_game(tab: Tab) -> None:
    page = tab.page
    tab.start_from_menu("Play the computer")
    for _ in range(3):
        assert tab.wait_turn_or_over()
        tab.play()
    assert tab.wait_turn_or_over()
    played = tab.moves()
    page.get_by_role("button", name=re.compile("Hint")).click()
    page.wait_for_selector(".pit.hint")
    assert page.locator(".row-bottom .pit.hint.legal").count() == 1
    wait_js(page, "window.announced.some(t => t.startsWith('Hint: play'))")
    tab.shot("hint")
    page.keyboard.press("u")
    wait_js(page, f"document.querySelectorAll('{MOVES}').length < {played}")
    assert tab.wait_turn_or_over()
    after_undo = tab.moves()
    assert 0 < after_undo < played
    assert page.locator("#moves li.p0").count() >= 1
    board = tab.counts()
    page.reload()
    page.wait_for_selector(".row-bottom .pit.legal")
    assert tab.moves() == after_undo and tab.counts() == board
    legal = page.locator(".row-bottom .pit.legal").first.get_attribute("data-pit")
    assert legal is not None
    page.keyboard.press(str(int(legal) + 1))
    wait_js(page, f"document.querySelectorAll('{MOVES}').length > {after_undo}")
    assert tab.page.locator(MOVES).nth(after_undo).inner_text().startswith(chr(65 + int(legal)))
    home = tab.page
    home.goto("/")
    assert home.locator(".your-games:not(.open-games) li").count() >= 1


def test_watch_computer_vs_computer_with_pause_and_speed(tab: Tab) -> None:
    page = tab.page
    tab.start_from_menu("Watch computer vs computer")
    assert page.locator("#watch").is_visible() and page.locator(".pit.legal").count() == 0
    wait_js(page, f"document.querySelectorAll('{MOVES}').length >= 1")
    page.get_by_role("button", name="Pause").click()
    page.wait_for_selector("#status:text('Paused')")
    paused_at = tab.moves()
    page.wait_for_timeout(1500)
    assert tab.moves() == paused_at
    tab.shot("watch-paused")
    page.select_option("#speed", "0")
    page.get_by_role("button", name="Resume").click()
    page.wait_for_selector("#over-dialog[open]", timeout=90_000)
    assert tab.moves() > paused_at + 5
    result = page.locator("#over-result").inner_text()
    assert re.match(r"^(Computer [12] \(Beginner\) won|Draw), \d+–\d+$", result), result
    tab.shot("watch-over")


def test_sowing_is_animated_and_skippable(browser: Any, server: str) -> None:
    tab = Tab(browser, server, reduced_motion="no-preference")
    try:
        page = tab.page
        tab.start_from_menu("Play a friend here")
        page.locator(".row-bottom .pit.legal").nth(2).click()  # C: 4 seeds, last in the store
        # Mid-sowing, seeds are in hand: the board on screen holds fewer than all 48.
        wait_js(
            page,
            "document.querySelector('.board.animating') && [...document.querySelectorAll("
            "'.board .count')].reduce((a, e) => a + Number(e.textContent), 0) < 48",
        )
        tab.shot("animation-mid")
        page.wait_for_selector(".board:not(.animating)")
        wait_js(page, "window.announced.includes('Player 1 played C: 4 seeds, extra turn.')")
        assert page.locator("#callout").text_content() == "Extra turn for Player 1!"
        assert tab.counts() == [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]
        # a long sow, skipped with a click on the board
        page.locator(".row-bottom .pit.legal").nth(3).click()
        page.wait_for_selector(".board.animating")
        page.locator("#board").click(position={"x": 5, "y": 5})
        page.wait_for_selector(".board:not(.animating)", timeout=2000)
        assert page.locator(".row-top .pit.legal").count() > 0  # player 2's turn on one screen
        assert tab.errors == []
    finally:
        tab.close()


def test_phone_layout_keeps_pits_tappable(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport={"width": 360, "height": 740}, is_mobile=True)
    try:
        page = tab.page
        tab.start_from_menu("Play the computer")
        tab.shot("phone-game")
        widths = page.locator(".board .pit").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert len(widths) == 12 and min(widths) >= 44, widths
        scroll = page.evaluate("document.scrollingElement.scrollWidth")
        assert scroll <= 360, f"the page scrolls sideways: {scroll}px"
        tab.play()
        assert tab.wait_turn_or_over()
        tab.shot("phone-after-move")
        page.goto("/")
        tab.shot("phone-home")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        # nine pits a row don't fit across a phone: the board stands on its end instead
        tab.start_from_menu("Play the computer", variant="toguz_kumalak")
        assert page.locator(".board.vertical").count() == 1
        widths = page.locator(".board .pit").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert len(widths) == 18 and min(widths) >= 44, widths
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        tab.play()
        assert tab.wait_turn_or_over()
        tab.shot("phone-toguz")
        assert tab.errors == []
    finally:
        tab.close()


def test_unknown_page_is_a_404_page(browser: Any, server: str) -> None:
    tab = Tab(browser, server)
    try:
        response = tab.page.goto("/no/such/page")
        assert response is not None and response.status == 404
        assert tab.page.get_by_role("heading", name="Page not found").is_visible()
    finally:
        tab.close()


def test_a_friend_on_another_device_sees_each_move_without_reloading(
    browser: Any, server: str
) -> None:
    host, guest = Tab(browser, server), Tab(browser, server)
    try:
        host.start_from_menu("Play a friend on another device")
        assert host.page.locator("#share").is_visible()
        link = host.page.locator("#share-url").input_value()
        assert "/game/" in link
        guest.page.goto(link)
        guest.page.get_by_role("button", name="Take the seat").click()
        guest.page.wait_for_selector("#status:text('Waiting for opponent')")
        host.page.wait_for_selector("#share", state="hidden")
        host.play()
        # the guest sees it within a second, and its own row is at the bottom
        guest.page.wait_for_selector(".row-bottom .pit.legal", timeout=1500)
        assert guest.moves() == 1
        assert guest.page.locator(".row-bottom .pit").first.get_attribute("data-player") == "1"
        guest.play()
        wait_js(host.page, f"document.querySelectorAll('{MOVES}').length == 2")
        host.shot("lan-host")
        guest.shot("lan-guest")
        assert host.errors == [] and guest.errors == []
    finally:
        host.close()
        guest.close()


def test_keyboard_only_play(tab: Tab) -> None:
    page = tab.page
    tab.start_from_menu("Play the computer")
    page.keyboard.press("Tab")
    for _ in range(30):  # tab through header links and buttons to the first pit
        if page.evaluate("document.activeElement.classList.contains('pit')"):
            break
        page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.letter")
    assert focused == "A", "pit A is not reachable with Tab"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused pit shows no focus ring"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.letter") == "B"  # sowing order
    page.keyboard.press("Enter")
    wait_js(page, f"document.querySelectorAll('{MOVES}').length >= 1")
    assert page.locator(MOVES).first.inner_text().startswith("B")
    wait_js(page, "window.announced.some(t => t.startsWith('You played B: 4 seeds'))")
    assert any(t.startswith("You played B") for t in tab.announced())


def test_the_computers_thinking_on_request(tab: Tab) -> None:
    page = tab.page
    page.goto("/")
    page.check("input[name=first][value=computer]")
    page.select_option("#level", "easy")
    page.get_by_role("button", name=re.compile("Play the computer")).click()
    page.wait_for_selector(".row-bottom .pit.legal")
    assert tab.moves() >= 1 and page.locator(".pit.valued").count() == 0
    page.check("#show-thinking")
    page.wait_for_selector(".row-top .pit.valued")
    values = page.locator(".row-top .pit.valued .value").all_inner_texts()
    # the agent's own values, or the position's exact ones (marked ✓: the opening book knows
    # the start) in seeds with a true minus sign
    number = r"^≤?([+\-−]?\d+(\.\d)?|win|loss)✓?$"
    assert values and all(re.match(number, v) for v in values), values
    assert page.locator(".row-top .pit.best").count() == 1
    assert "Computer (Easy): best" in page.locator("#thinking-info").inner_text()
    tab.shot("thinking")
    page.uncheck("#show-thinking")
    assert page.locator(".pit.valued").count() == 0
