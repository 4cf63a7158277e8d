"""What the opponent asks reaches a phone where its player looks (issue 33, items 3, 4, 5, 15):
on 390x844 a draw offer, a takeback request and Abort sit under the board and the viewer's
clock, in view without scrolling (on the board standing on its end for nine pits too, and on a
laptop), a quick message shows by the sender's name tag, "Messages off" is seen live and says
it holds for all the device's games, and a capture of the viewer's pit reads "your a".
Screenshots (phone and laptop, light and dark) go to test-artifacts/."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.test_browser_play import MOVES, Tab, wait_js
from tests.browser.test_browser_seats import LAPTOP, PHONE, invite, sit

pytestmark = pytest.mark.browser

# Kalah 6x4 from Ana's seat 0: F, f, then A captures Ben's a (5 seeds) with her own F (1).
CAPTURE = [5, 5, 0]


def phone(browser: Any, server: str, **context: Any) -> Tab:
    return Tab(browser, server, viewport=PHONE, is_mobile=True, has_touch=True, **context)


def game_of(tab: Tab) -> str:
    return str(tab.page.url.split("/game/")[1].split("?")[0])


def post(tab: Tab, server: str, gid: str, path: str, **body: Any) -> dict[str, Any]:
    """A request of ``tab``'s device to the game (its cookie): the answer, which must be 2xx."""
    game = tab.context.request.get(f"{server}/api/games/{gid}").json()
    if path not in ("/messages",):
        body.setdefault("version", game["version"])
    answer = tab.context.request.post(f"{server}/api/games/{gid}{path}", data=body)
    assert answer.ok, answer.text()
    return dict(answer.json())


def fully_in_view(tab: Tab, selector: str) -> dict[str, float]:
    """The element's box, asserted inside the viewport as the page stands (no scrolling)."""
    locator = tab.page.locator(selector)
    locator.wait_for()
    box = locator.bounding_box()
    size = tab.page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)
    return dict(box)


def settled_box(locator: Any, seconds: float = 10.0) -> dict[str, float] | None:
    """The element's box once the page has stopped moving it: the same in two readings a
    quarter of a second apart (a notice that leaves after a move re-lays the page a moment
    later)."""
    box = locator.bounding_box()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.25)
        again = locator.bounding_box()
        if again == box:
            return dict(box) if box is not None else None
        box = again
    raise AssertionError(f"the element kept moving for {seconds} s: {box}")


def at_the_top(tab: Tab) -> None:
    """Look at the board, as a player does between moves (sitting down scrolled to the form)."""
    tab.page.evaluate("window.scrollTo(0, 0)")
    wait_js(tab.page, "window.scrollY === 0")


def test_offers_requests_and_messages_are_in_view_on_a_phone(browser: Any, server: str) -> None:
    host = Tab(browser, server, viewport=LAPTOP)
    guest = phone(browser, server)
    try:
        link = invite(host, server, clock={"minutes": 5, "increment": 3})
        sit(guest, link)
        page = guest.page
        gid = game_of(guest)
        at_the_top(guest)
        # Before both have moved, Abort is by the board.
        fully_in_view(guest, "#btn-abort:not([hidden])")
        guest.shot("phone-offers-abort-phone")

        # Ana captures Ben's a: his page says "your a", hers "your own F".
        post(host, server, gid, "/moves", pit=CAPTURE[0])
        wait_js(page, f"document.querySelectorAll('{MOVES}').length === 1")
        post(guest, server, gid, "/moves", pit=CAPTURE[1])
        post(host, server, gid, "/moves", pit=CAPTURE[2])
        wait_js(page, f"document.querySelectorAll('{MOVES}').length === 3")
        page.wait_for_selector("#last-move:text('took 6 from your a and their own F')")
        assert "(you)'s" not in str(page.locator("#last-move").text_content())
        wait_js(
            host.page,
            "document.getElementById('last-move').textContent.includes("
            '"took 6 from Ben\'s a and your own F")',
        )
        at_the_top(guest)

        # A quick message shows by Ana's name tag, by the board, whole.
        post(host, server, gid, "/messages", text="Good game")
        bubble = ".board-area .player-tag.top :text('Good game')"
        fully_in_view(guest, bubble)
        guest.shot("phone-offers-message-phone")
        assert page.locator("#quick-log li", has_text="Good game").count() == 1  # and the log

        # A takeback request: its Accept is in view; accepting it takes Ana's capture back.
        post(host, server, gid, "/takeback", action="request")
        page.wait_for_selector("#offer-text:text('asks to take back their last move')")
        fully_in_view(guest, "#btn-accept")
        assert page.evaluate("window.scrollY") == 0
        guest.shot("phone-offers-takeback-phone")
        page.locator("#btn-accept").tap()
        wait_js(page, f"document.querySelectorAll('{MOVES}').length === 2")
        page.wait_for_selector("#offer", state="hidden")

        # A draw offer: in view, and accepting it ends the game drawn.
        post(host, server, gid, "/draw", action="request")
        page.wait_for_selector("#offer-text:text('offers a draw')")
        fully_in_view(guest, "#btn-accept")
        fully_in_view(guest, "#btn-decline")
        assert page.evaluate("window.scrollY") == 0
        guest.shot("phone-offers-draw-phone")
        page.locator("#btn-accept").tap()
        for tab in (host, guest):
            tab.page.wait_for_selector("#over-dialog[open]")
            assert str(tab.page.locator("#over-result").text_content()).startswith("Draw agreed")
        assert host.errors == [] and guest.errors == [], (host.errors, guest.errors)
    finally:
        host.close()
        guest.close()


def test_a_board_on_its_end_keeps_the_offer_in_view_and_a_laptop_too(
    browser: Any, server: str
) -> None:
    host = Tab(browser, server, viewport=LAPTOP, color_scheme="dark")
    guest = phone(browser, server, color_scheme="dark")
    try:
        link = invite(host, server, variant="toguz_kumalak", clock={"minutes": 5, "increment": 3})
        sit(guest, link)
        page = guest.page
        gid = game_of(guest)
        page.wait_for_selector(".board.vertical")  # nine pits stand the board on its end
        at_the_top(guest)
        fully_in_view(guest, "#btn-abort:not([hidden])")
        guest.shot("phone-offers-abort-standing-phone-dark")
        post(host, server, gid, "/moves", pit=0)
        wait_js(page, f"document.querySelectorAll('{MOVES}').length === 1")
        post(guest, server, gid, "/moves", pit=0)
        page.wait_for_selector("#btn-abort", state="hidden")
        at_the_top(guest)
        last_pit = page.locator(".row-bottom .pit").last
        before = settled_box(last_pit)

        post(host, server, gid, "/draw", action="request")
        page.wait_for_selector("#offer-text:text('offers a draw')")
        fully_in_view(guest, "#btn-accept")
        fully_in_view(guest, "#btn-decline")
        assert last_pit.bounding_box() == before  # the pits did not move under a finger
        guest.shot("phone-offers-draw-standing-phone-dark")
        page.locator("#btn-decline").tap()
        page.wait_for_selector("#offer", state="hidden")

        # Ben offers; on Ana's laptop the offer is under the board too, and she accepts.
        post(guest, server, gid, "/draw", action="request")
        host.page.wait_for_selector("#offer-text:text('Ben offers a draw.')")
        fully_in_view(host, "#btn-accept")
        host.shot("phone-offers-draw-laptop-dark")
        host.page.locator("#btn-accept").click()
        for tab in (host, guest):
            tab.page.wait_for_selector("#over-dialog[open]")
        assert host.errors == [] and guest.errors == [], (host.errors, guest.errors)
    finally:
        host.close()
        guest.close()


def test_messages_off_is_seen_live_and_says_it_holds_for_every_game(
    browser: Any, server: str
) -> None:
    host = Tab(browser, server, viewport=LAPTOP)
    guest = phone(browser, server)
    try:
        link = invite(host, server)
        sit(guest, link)
        page = guest.page
        host.page.wait_for_selector("#quick:not([hidden])")
        page.wait_for_selector("#quick:not([hidden])")  # followed from the seat taken, no reload
        label = str(page.locator("label:has(#quick-off)").text_content())
        assert "all your games on this device" in label, label

        page.locator("#quick-off").check()
        page.wait_for_selector("#quick-own-note:not([hidden])")
        # Ana's buttons follow without her pressing one or reloading.
        host.page.wait_for_selector("#quick-note:not([hidden])")
        wait_js(
            host.page,
            "[...document.querySelectorAll('#quick-buttons button')].every(b => b.disabled)",
        )
        guest.shot("phone-offers-messages-off-phone")

        # The next game between them starts with messages off, and says so.
        again = invite(host, server)
        sit(guest, again)
        page.wait_for_selector("#quick-own-note:not([hidden])")
        assert page.locator("#quick-off").is_checked()
        host.page.wait_for_selector("#quick-note:not([hidden])")

        page.locator("#quick-off").uncheck()  # and on again, seen live too
        host.page.wait_for_selector("#quick-note", state="hidden")
        wait_js(
            host.page,
            "[...document.querySelectorAll('#quick-buttons button')].every(b => !b.disabled)",
        )
        assert page.locator("#quick-own-note").is_hidden()
        assert host.errors == [] and guest.errors == [], (host.errors, guest.errors)
    finally:
        host.close()
        guest.close()


def test_the_result_table_keeps_each_name_whole_on_a_phone(browser: Any, server: str) -> None:
    # Kalah 4x3 played to its end, the last seed banked: the game-over dialog splits the score
    # by name. A short name beside a long one was broken mid-word ("Ya / w").
    record = {
        "variant": "kalah",
        "options": {"pits": 4, "seeds": 3},
        "first_player": 0,
        "moves": [3, 3, 1, 2, 2, 0, 1, 3, 3],
    }
    tab = phone(browser, server)
    try:
        body = {"mode": "local", "record": record, "names": ["Akosua Mensah-Bonsu", "Yaw"]}
        made = tab.context.request.post(f"{server}/api/games", data=body)
        assert made.ok, made.text()
        tab.page.goto(f"/game/{made.json()['id']}")
        tab.page.locator(".board .pit.legal[data-index='7']").tap()  # the last move ends it
        tab.page.wait_for_selector("#over-score:not([hidden])")
        lines = tab.page.locator("#over-score th[scope=col]").evaluate_all(
            """cells => cells.map(cell => {
                const range = document.createRange();
                range.selectNodeContents(cell);
                const tops = [...range.getClientRects()].map(r => r.top);
                return [cell.textContent, new Set(tops).size];
            })"""
        )
        whole = [name for name, count in lines if " " not in name and count > 1]
        assert whole == [], f"broken mid-word: {lines}"
        tab.shot("phone-offers-result-table-phone")
        assert tab.errors == []
    finally:
        tab.close()
