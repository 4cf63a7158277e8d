"""How the pages look and fit (issue 16): a board that grows with the window, a phone layout
for every variant with the status in view, Toguz Kumalak's tuzdyks on the board with their
owner, the hint tag clear of other pits after a flip, the home page remembering its choices, no
raw JSON in the navigation, and a dark theme following the system. Screenshots go to
test-artifacts/ (look at them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_browser_reading import TOGUZ_WITH_TUZDYK, create

pytestmark = pytest.mark.browser

VARIANTS = ["kalah", "oware", "relay", "adi", "toguz_kumalak", "congkak"]
PHONE = {"width": 390, "height": 844}
# The boxes of the pits, the status line, both name tags, the line under the board and the board.
BOXES = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height};
  };
  const parts = ['status', 'tag-top', 'tag-bottom', 'last-move', 'board'];
  return {
    pits: [...document.querySelectorAll('.board .pit')].map(box),
    board: box(document.getElementById('board')),
    shown: parts.map((id) => [id, box(document.getElementById(id))]),
    scroll: document.scrollingElement.scrollWidth,
  };
}"""


def boxes(tab: Tab) -> dict[str, Any]:
    return dict(tab.page.evaluate(BOXES))


def in_view(found: dict[str, Any], height: int) -> list[str]:
    """The parts that are not wholly inside the first ``height`` pixels."""
    return [name for name, b in found["shown"] if b["y"] < 0 or b["y"] + b["h"] > height]


def open_game(tab: Tab, server: str, **params: Any) -> None:
    gid = create(tab, server, **params)
    tab.page.goto(f"/game/{gid}")
    tab.page.wait_for_selector(".board .pit")


@pytest.mark.parametrize(("width", "height", "smallest"), [(1920, 1080, 110), (1280, 800, 90)])
def test_the_board_grows_with_the_window(
    browser: Any, server: str, width: int, height: int, smallest: int
) -> None:
    tab = Tab(browser, server, viewport={"width": width, "height": height})
    try:
        tab.start_from_menu("Play the computer")
        assert tab.wait_turn_or_over()
        tab.shot(f"look-kalah-{width}")
        found = boxes(tab)
        sizes = [p["w"] for p in found["pits"]]
        assert min(sizes) >= smallest, f"pits of {min(sizes):.0f} px at {width}x{height}"
        assert found["board"]["h"] >= 2 * smallest
        assert in_view(found, height) == []
        assert tab.errors == []
    finally:
        tab.close()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_fits_a_phone_with_the_status_in_view(
    browser: Any, server: str, variant: str
) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True)
    try:
        open_game(tab, server, mode="computer", variant=variant, level="beginner")
        assert tab.wait_turn_or_over()
        tab.play()
        assert tab.wait_turn_or_over()
        tab.shot(f"look-phone-{variant}")
        found = boxes(tab)
        small = [(round(p["w"]), round(p["h"])) for p in found["pits"] if min(p["w"], p["h"]) < 44]
        assert small == [], f"pits under 44 px: {small}"
        assert found["scroll"] <= PHONE["width"], "the page scrolls sideways"
        assert in_view(found, PHONE["height"]) == [], found["shown"]
        assert found["board"]["w"] >= 0.6 * PHONE["width"], f"a {found['board']['w']:.0f} px column"
        assert tab.errors == []
    finally:
        tab.close()


def test_toguz_kumalak_shows_each_tuzdyk_on_the_board_with_its_owner(
    browser: Any, server: str
) -> None:
    tab = Tab(browser, server, viewport=PHONE, is_mobile=True)
    try:
        open_game(
            tab,
            server,
            mode="local",
            record={"variant": "toguz_kumalak", "first_player": 0, "moves": TOGUZ_WITH_TUZDYK},
        )
        page = tab.page
        game = page.evaluate(
            "fetch(document.getElementById('game').dataset.api).then(r => r.json())"
        )
        assert game["special_pits"] == [{"pit": 2, "owner": 1, "kind": "tuzdyk"}]
        pit = page.locator(".pit.special-tuzdyk")
        assert pit.count() == 1 and pit.get_attribute("data-index") == "2"
        assert pit.locator(".badge").inner_text() == "Player 2's tuzdyk"
        assert page.locator("#extra").inner_text() == (  # the colours explained (issue 35)
            "Player 2's tuzdyk: C (red tag). A tuzdyk (chequered, ★) stays empty: every stone "
            "sown into it goes to its owner's kazan."
        )
        tab.shot("look-phone-toguz-tuzdyk")
        assert tab.errors == []
    finally:
        tab.close()


def test_the_hint_tag_is_clear_of_other_pits_after_a_flip(still: Tab) -> None:
    tab = still
    page = tab.page
    tab.start_from_menu("Play the computer")
    page.keyboard.press("f")  # your row is now the top one
    page.wait_for_selector(".row-top .pit.legal")
    page.get_by_role("button", name=re.compile("Hint")).click()
    page.wait_for_selector(".pit.hint")
    tab.shot("look-hint-flipped")
    overlaps = page.evaluate(
        """() => {
          const pit = document.querySelector('.pit.hint');
          const tag = getComputedStyle(pit, '::before');
          const p = pit.getBoundingClientRect();
          const left = p.left + parseFloat(tag.left), top = p.top + parseFloat(tag.top);
          const right = left + parseFloat(tag.width), bottom = top + parseFloat(tag.height);
          const others = [...document.querySelectorAll('.board .pit')].filter((o) => o !== pit);
          return others.filter((o) => {
            const b = o.getBoundingClientRect();
            return left < b.right && right > b.left && top < b.bottom && bottom > b.top;
          }).map((o) => o.dataset.letter);
        }"""
    )
    assert overlaps == [], f"the hint tag covers {overlaps}"


def test_the_home_page_remembers_the_last_choices(still: Tab) -> None:
    tab = still
    page = tab.page
    page.goto("/")
    page.select_option("#variant", "oware")
    page.select_option("#level", "hard")
    page.check("input[name=first][value=random]")
    page.locator("summary", has_text="Rules").click()
    page.select_option("#oware-grand_slam", "illegal")
    page.reload()
    assert page.input_value("#variant") == "oware"
    assert page.input_value("#level") == "hard"
    assert page.is_checked("input[name=first][value=random]")
    assert page.input_value("#oware-grand_slam") == "illegal"
    assert page.locator(".variant-options[data-variant=oware]").is_visible() or not page.locator(
        "details.rule-options"
    ).evaluate("d => d.open")
    # Starting a game keeps them too, and the game has them.
    page.select_option("#variant", "kalah")
    page.select_option("#level", "easy")
    page.get_by_role("button", name=re.compile("Play the computer")).click()
    page.wait_for_url(re.compile(r"/game/[\w-]+$"))
    page.goto("/")
    assert page.input_value("#variant") == "kalah" and page.input_value("#level") == "easy"


def test_the_navigation_opens_pages_not_raw_json(still: Tab) -> None:
    tab = still
    page = tab.page
    page.goto("/")
    links = page.locator(".site-header a").evaluate_all("els => els.map(e => e.href)")
    assert links
    for href in links:
        response = page.request.get(href)
        assert response.ok and response.headers["content-type"].startswith("text/html"), href


def test_a_dark_theme_follows_the_system(browser: Any, server: str) -> None:
    tab = Tab(browser, server, color_scheme="dark")
    try:
        tab.start_from_menu("Play the computer")
        page = tab.page
        tab.shot("look-dark")

        def luminance(css: str) -> float:
            r, g, b = (int(x) for x in re.findall(r"\d+", css)[:3])
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

        body = page.evaluate("(s => [s.backgroundColor, s.color])(getComputedStyle(document.body))")
        panel = page.evaluate("getComputedStyle(document.querySelector('.panel')).backgroundColor")
        assert luminance(body[0]) < 0.15 and luminance(body[1]) > 0.75, body
        assert luminance(panel) < 0.2, panel
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        assert tab.errors == []
    finally:
        tab.close()
