"""Slips a new user met on the pages, each played through in Chromium: Oware's result beside
the captures, Toguz Kumalak on a phone, the analysis board's errors and labels, the AI lab's
errors and games list, callouts clear of the counts, move words, Analyse from the result
dialog, the menu by mode, the invite's Copy button and arrow keys between pits.
Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_browser_reading import create

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
# An Oware game whose 30th move ends it: player 1 captured 3, player 2 captured 29, and the 16
# seeds left on the rows were banked (1 and 15): 4-44 (tests/app/test_play_rules.py).
OWARE = [0, 0, 1, 2, 1, 3, 2, 4, 1, 5, 0, 1, 4, 5, 3, 5, 4, 4, 2, 5, 4, 0, 0, 3, 3, 4, 5, 3, 4, 2]
# Adi: the second move (the computer's) captures 4 and sows 8 into the mover's opponent's hands.
ADI = [3, 3]
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def in_viewport(box: list[float], height: int) -> bool:
    return box[1] >= 0 and box[3] <= height


def open_game(tab: Tab, server: str, **params: Any) -> str:
    gid = create(tab, server, **params)
    tab.page.goto(f"/game/{gid}")
    tab.page.wait_for_selector(".board .pit")
    return gid


def close(tab: Tab) -> None:
    errors = list(tab.errors)
    tab.close()
    assert errors == [], f"console errors: {errors}"


# -- 5. Oware's result beside its captures ---------------------------------------------------


@pytest.mark.parametrize("viewport", [DESK, PHONE])
def test_oware_result_shows_captures_and_the_seeds_banked_from_the_rows(
    browser: Any, server: str, viewport: dict[str, int]
) -> None:
    tab = Tab(browser, server, viewport=viewport)
    try:
        record = {"variant": "oware", "first_player": 0, "moves": OWARE[:-1]}
        open_game(tab, server, mode="local", record=record)
        page = tab.page
        page.locator(f".pit.legal[data-index='{7 + OWARE[-1]}']").click()
        page.wait_for_selector("#over-dialog[open]")
        rows = page.locator("#over-score tr").evaluate_all(
            "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))"
        )
        assert rows == [
            ["", "Player 1", "Player 2"],
            ["Captured", "3", "29"],
            ["Left on their row", "+1", "+15"],
            ["Total", "4", "44"],
        ]
        assert page.locator("#over-result").inner_text() == "Player 2 won, 44–4"
        box = page.locator("#over-dialog").evaluate(BOX)
        assert in_viewport(box, viewport["height"]), box
        tab.shot(f"slips-oware-over-{viewport['width']}")
    finally:
        close(tab)


# -- 6. Toguz Kumalak on a phone: your kazan and name at the bottom --------------------------


@pytest.mark.parametrize("variant", ["toguz_kumalak", "kalah"])
def test_on_a_phone_your_store_and_name_are_at_the_bottom(
    browser: Any, server: str, variant: str
) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True)
    try:
        open_game(tab, server, mode="computer", variant=variant, level="beginner")
        page = tab.page
        mine = page.locator(".store[data-player='0']").evaluate(BOX)
        theirs = page.locator(".store[data-player='1']").evaluate(BOX)
        pits = page.locator(".board .pit").evaluate_all(f"els => els.map({BOX})")
        assert mine[1] >= max(p[3] for p in pits), "your store is not below the pits"
        assert theirs[3] <= min(p[1] for p in pits), "the opponent's store is not above the pits"
        you = page.locator("#tag-bottom").evaluate(BOX)
        board = page.locator("#board").evaluate(BOX)
        assert page.locator("#tag-bottom .name").inner_text() == "You"
        assert you[1] >= board[3], "your name is not below the board"
        assert page.locator("#tag-top").evaluate(BOX)[3] <= board[1]
        # Sowing stays counter-clockwise: your row runs towards your store.
        if variant == "toguz_kumalak":
            a, i, their_a = (
                page.locator(f".pit[data-index='{n}']").evaluate(BOX) for n in (0, 8, 10)
            )
            assert a[1] < i[1] and a[0] < their_a[0]  # down your column (the left), up theirs
        help_text = page.locator("#board-help-short").inner_text()
        assert "bottom" in help_text
        if variant == "toguz_kumalak":
            assert "left" in help_text, help_text  # the board on its end: your column
        tab.shot(f"slips-phone-{variant}")
    finally:
        close(tab)


# -- 8. The analysis board ------------------------------------------------------------------


def test_analysis_board_clears_an_old_error_and_labels_its_options(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server)
    try:
        _analysis_board(tab)
    finally:
        tab.errors[:] = [e for e in tab.errors if "400" not in e]  # the bad position's answer
        close(tab)


def _analysis_board(tab: Tab) -> None:
    page = tab.page
    page.goto("/analysis")
    page.wait_for_selector("#board .pit")
    page.locator("#ab-editor summary").click()
    wait_js(page, "document.querySelectorAll('#ab-grid input').length === 14")
    assert page.locator("label[for='ab-opt-pits']").inner_text() == "Pits per row"
    assert page.locator("label[for='ab-opt-end']").inner_text().startswith("When the game ends")
    ends = page.locator("#ab-opt-end option").all_inner_texts()
    assert ends == ["either row empty", "mover cannot move"]
    page.locator("#ab-grid input").first.fill("99")
    page.click("#ab-setup")
    wait_js(page, "document.getElementById('ab-form-error').textContent.length > 0")
    page.locator("#ab-import summary").click()
    page.fill("#ab-record", "kalah pits=6 seeds=4 first=0: C4+ F5")
    page.get_by_role("button", name="Open the record").click()
    wait_js(page, "document.querySelectorAll('#ab-moves li').length === 2")
    for box in ("ab-error", "ab-form-error", "ab-import-error"):
        assert page.locator(f"#{box}").text_content() == "", box
        assert not page.locator(f"#{box}").is_visible(), box
    tab.shot("slips-analysis-board")


# -- 9. The AI lab --------------------------------------------------------------------------


def test_lab_keeps_its_results_on_a_bad_agent_and_lists_games_whole(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server, viewport=PHONE)
    try:
        page = tab.page
        page.goto("/lab")
        page.fill("#lab-a", "greedy")
        page.fill("#lab-b", "random")
        page.fill("#lab-games", "10")
        page.click("#lab-start")
        wait_js(page, "document.querySelectorAll('#lab-games-list a').length === 10", None, 90_000)
        title = page.inner_text("#lab-chart-title")
        assert title == "greedy's running score against random"
        # Every game's label is whole: the list draws no numbers of its own to clip.
        texts = page.locator("#lab-games-list li").all_inner_texts()
        assert texts[9].startswith("Game 10: A ")
        marker = page.locator("#lab-games-list li").last.evaluate(
            "li => getComputedStyle(li).listStyleType"
        )
        assert marker == "none"
        list_box = page.locator("#lab-games-list").evaluate(BOX)
        first = page.locator("#lab-games-list a").last.evaluate(BOX)
        assert first[0] >= list_box[0]
        tab.shot("slips-lab-list")
        page.fill("#lab-a", "alphazero")
        page.click("#lab-start")
        wait_js(page, "document.getElementById('lab-status').textContent.includes('Agent A')")
        status = page.inner_text("#lab-status")
        assert "'a'" not in status and "alphazero" in status, status
        assert page.locator("#lab-games-list a").count() == 10
        assert page.locator("#lab-chart circle").count() == 10
        assert page.inner_text("#lab-chart-title") == title
        tab.shot("slips-lab-bad-agent")
        # A finished lab game opens (in a new tab: the match stays, issue 35) without the
        # controls of a game still being watched.
        with tab.context.expect_page() as opened:
            page.locator("#lab-games-list a").first.click()
        game = opened.value
        game.wait_for_url("**/game/*")
        game.wait_for_selector(".board .pit")
        wait_js(game, "document.getElementById('status').textContent.length > 1")
        assert not game.locator("#btn-pause").is_visible()
        assert not game.locator("#speed").is_visible()
        game.close()
    finally:
        tab.errors[:] = [e for e in tab.errors if "400" not in e]  # the bad agent's answer
        close(tab)


# -- 10. Callouts clear of counts and labels -------------------------------------------------


# Kalah, one screen: C ends in the store (extra turn); D, f, then C captures.  Toguz Kumalak:
# A, then the second player's b captures 2 (its callout by the top name, on a phone below the
# board on its end, used to cover the kazan's count).
# A long name's capture by the top name: a wide callout, on a phone beside the top store's count.
KALAH_CALLOUTS = ("kalah", ((2, "Extra turn"), (3, ""), (12, ""), (2, "captures")))
TOGUZ_CALLOUTS = ("toguz_kumalak", ((0, ""), (11, "captures")))
LONG_NAME = ("kalah", ((0, ""), (11, ""), (0, ""), (7, "captures")))


@pytest.mark.parametrize(
    ("viewport", "steps"),
    [
        (DESK, KALAH_CALLOUTS),
        (PHONE, KALAH_CALLOUTS),
        (PHONE, TOGUZ_CALLOUTS),
        (PHONE, LONG_NAME),
        (DESK, LONG_NAME),
    ],
)
def test_a_callout_covers_no_count_or_letter(
    browser: Any, server: str, viewport: dict[str, int], steps: tuple[str, Any]
) -> None:
    tab = Tab(browser, server, viewport=viewport, is_mobile=viewport is PHONE)
    try:
        variant, clicks = steps
        named = {"names": ["Ana", "Bartholomew Fitzgerald"]} if steps is LONG_NAME else {}
        open_game(tab, server, mode="local", variant=variant, **named)
        page = tab.page
        for index, words in clicks:
            page.locator(f".pit.legal[data-index='{index}']").click()
            if not words:
                continue
            wait_js(page, f"document.getElementById('callout').textContent.includes('{words}')")
            page.wait_for_selector("#callout.shown")
            callout = page.locator("#callout").evaluate(BOX)
            parts = page.locator(".board .count, .board .letter").evaluate_all(
                f"els => els.map({BOX})"
            )
            hidden = [p for p in parts if overlaps(callout, p)]
            assert hidden == [], f"{words}: the callout {callout} covers {hidden}"
            word = words.split()[0].lower()
            tab.shot(f"slips-callout-{variant}{len(named)}-{word}-{viewport['width']}")
            page.wait_for_selector(".board:not(.animating)")
    finally:
        close(tab)


# -- 11. Words ------------------------------------------------------------------------------


def test_the_computers_sown_captures_say_you_in_lower_case(still: Tab, server: str) -> None:
    open_game(still, server, mode="computer", record={"variant": "adi", "moves": ADI})
    page = still.page
    wait_js(page, "document.querySelectorAll('#moves li').length >= 2")
    words = page.locator("#moves li").nth(1).get_attribute("title") or ""
    assert ", you took 8" in words, words
    assert "You took" not in words


def test_the_menu_names_the_computers_methods(still: Tab) -> None:
    page = still.page
    page.goto("/")
    names = page.locator("#algorithm option").all_inner_texts()
    assert "Mcts" not in names
    assert any("Monte Carlo" in n for n in names), names


# -- 12. Analyse from the result dialog -----------------------------------------------------


@pytest.mark.parametrize("viewport", [DESK, PHONE])
def test_analyse_from_the_result_shows_the_status_and_the_graph(
    browser: Any, server: str, viewport: dict[str, int]
) -> None:
    tab = Tab(browser, server, viewport=viewport)
    try:
        open_game(tab, server, mode="computer", level="beginner", record=_short_kalah())
        page = tab.page
        wait_js(page, "document.getElementById('status').textContent.includes('–')")
        page.evaluate("document.getElementById('over-dialog').showModal()")
        page.click("#btn-analyse")
        page.wait_for_selector("#rv-graph svg", timeout=60_000)
        wait_js(
            page, "document.getElementById('rv-progress-text').textContent.startsWith('Analysed')"
        )
        page.wait_for_timeout(300)  # a smooth scroll, if any, settles
        height = viewport["height"]
        graph = page.locator("#rv-graph svg").evaluate(BOX)
        assert in_viewport(graph, height), f"the graph at {graph} is out of view"
        if viewport is DESK:
            status = page.locator("#status").evaluate(BOX)
            assert in_viewport(status, height), f"the status line at {status} is cut off"
        tab.shot(f"slips-analyse-{viewport['width']}")
    finally:
        close(tab)


def _short_kalah() -> dict[str, Any]:
    """A whole Kalah game (3 pits, 2 seeds) played greedily from a fixed seed."""
    from random import Random

    from engine import get_variant

    rng = Random(3)
    state = get_variant("kalah", pits=3, seeds=2).initial_state()
    moves = []
    while not state.is_over:
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    return {"variant": "kalah", "options": {"pits": 3, "seeds": 2}, "moves": moves}


# -- 13. The menu by mode, the Play button in view, the invite's Copy button ------------------


def test_the_menu_shows_each_modes_settings_with_its_own_button(still: Tab) -> None:
    page = still.page
    page.goto("/")
    computer = page.locator(".mode-card", has=page.locator("button[value=computer]"))
    friends = page.locator(".mode-card", has=page.locator("button[value=local]"))
    assert computer.locator("#level").count() == 1
    for field in ("#friend-name", "#clock-choice", "#allow-hints"):
        assert computer.locator(field).count() == 0, field
        assert friends.locator(field).count() == 1, field
    assert friends.locator("button[value=remote]").count() == 1
    assert friends.locator("#level").count() == 0
    still.shot("slips-home-1200")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_first_play_button_is_well_in_view(
    browser: Any, server: str, scheme: str
) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True, color_scheme=scheme)
    try:
        tab.page.goto("/")
        box = tab.page.get_by_role("button", name=re.compile("Play the computer")).evaluate(BOX)
        assert box[3] <= 0.8 * PHONE["height"], f"the Play button ends at {box[3]:.0f} px"
        tab.shot(f"slips-home-phone-{scheme}")
    finally:
        close(tab)


def test_the_invite_link_has_a_copy_button(browser: Any, server: str) -> None:
    tab = Tab(browser, server, permissions=["clipboard-read", "clipboard-write"])
    try:
        tab.start_from_menu("Play a friend on another device")
        page = tab.page
        link = page.locator("#share-url").input_value()
        page.get_by_role("button", name="Copy the invite link").click()
        wait_js(page, "document.getElementById('share-copied').textContent === 'Copied'")
        assert page.evaluate("navigator.clipboard.readText()") == link
        tab.shot("slips-invite-copy")
    finally:
        close(tab)


# -- 14. Arrow keys between pits ------------------------------------------------------------


def focused(tab: Tab) -> str | None:
    return tab.page.evaluate("document.activeElement.dataset.letter || null")  # type: ignore[no-any-return]


def test_arrow_keys_move_between_pits(still: Tab, server: str) -> None:
    open_game(still, server, mode="computer", level="beginner")
    page = still.page
    page.wait_for_selector(".row-bottom .pit.legal")
    page.locator(".pit[data-letter='A']").focus()
    page.keyboard.press("ArrowRight")
    assert focused(still) == "B"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused(still) == "D"
    page.keyboard.press("ArrowLeft")
    assert focused(still) == "C"
    page.keyboard.press("End")
    assert focused(still) == "F"
    page.keyboard.press("Home")
    assert focused(still) == "A"
    page.keyboard.press("ArrowLeft")  # the row's end: the focus stays
    assert focused(still) == "A"
    assert still.moves() == 0


def test_arrow_keys_follow_a_board_on_its_end(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True)
    try:
        open_game(tab, server, mode="computer", variant="toguz_kumalak", level="beginner")
        page = tab.page
        page.wait_for_selector(".board.vertical .row-bottom .pit.legal")
        page.locator(".pit[data-letter='A']").focus()
        page.keyboard.press("ArrowDown")
        assert focused(tab) == "B"
        page.keyboard.press("ArrowUp")
        assert focused(tab) == "A"
    finally:
        close(tab)
