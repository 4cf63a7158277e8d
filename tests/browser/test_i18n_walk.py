"""Issue 36's walk, in a real browser, in every one of the nine languages: home, a game against
the computer played to its end, a lesson's step, a puzzle and a tournament page, each at a
laptop's (1280x800) and a phone's (390x844) size. On every page nothing overflows or is clipped
(measured boxes), no catalog English is left where the language has its own (checked against
the catalog the page is served), nor the English sentences of the game, the lessons and the
puzzles; the page runs right to left in Arabic (its header mirrored) while every board keeps its
left-to-right geometry (your pit A left of your pit F, your store at the right).

Cheap by design: one browser context per language (the viewport resized between the sizes), the
shared server (a puzzle is only looked at, never tried: no rating moves; a tournament of its
own per language and size). Screenshots of every page in French, Kazakh and Arabic go to
test-artifacts/ (i18n-walk-*.png: look at them).

English still shown where a translation exists is listed in KNOWN_ENGLISH by page, so the test
names it and fails when it goes (the list only shrinks)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.puzzles import load_puzzles
from tests.browser.test_browser_i18n import (
    LANGS,
    LOOKED_AT,
    SIZES,
    english_left,
    fits,
    make_tournament,
)
from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_i18n_game import SMALL, status_english
from tests.browser.test_i18n_lessons import LESSONS, open_step
from tests.browser.test_i18n_lessons import english_sentences as lesson_english
from tests.browser.test_i18n_puzzles import english_sentences as puzzle_english

pytestmark = pytest.mark.browser

# Each language's lesson step (English walks Kalah's capture; the others, the lessons' test's).
STEPS = {"en": ("kalah", "capture"), **LESSONS}
# A puzzle only looked at (never tried, so no rating moves): from the end of the set, with the
# viewer to move.
PUZZLE = next(p for p in load_puzzles("kalah")[::-1] if p.to_move == 0)
# English left on a page where the language has its own words, by (language, page): none now.
KNOWN_ENGLISH: dict[tuple[str, str], list[str]] = {}


class Walk(Tab):
    """A tab asking for one language (Accept-Language) that notes what each page shows wrong,
    so that one walk names every page's faults at once."""

    def __init__(self, browser: Any, server: str, lang: str) -> None:
        super().__init__(browser, server, viewport=SIZES["laptop"], locale=lang)
        self.found: list[str] = []


def english_on(tab: Tab, lang: str, page: str) -> list[str]:
    """Catalog English on the page, and the page's own English sentences (the lesson's and the
    puzzle's, as their tests find them); those KNOWN_ENGLISH names for the page taken out."""
    found = english_left(tab, lang)
    if lang != "en" and page == "lesson":
        found += lesson_english(tab, lang)
    if lang != "en" and page == "puzzle":
        found += puzzle_english(tab, lang)
    if lang != "en" and page == "game":
        found += status_english(tab)
    known = KNOWN_ENGLISH.get((lang, page), [])
    missing = [k for k in known if k not in found]
    assert missing == [], f"{lang} {page}: now translated, take out of KNOWN_ENGLISH: {missing}"
    return [t for t in found if t not in known]


def x_of(tab: Tab, selector: str) -> float:
    box = tab.page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["x"])


def check(tab: Walk, lang: str, page: str, size: str) -> None:
    """The page as the walk asks: fits, speaks ``lang``, mirrored in Arabic, its board not."""
    p = tab.page
    assert p.evaluate("document.documentElement.lang") == lang, page
    rtl = lang == "ar"
    assert p.evaluate("document.documentElement.dir") == ("rtl" if rtl else "ltr"), page
    assert p.evaluate("document.querySelector('main').getAttribute('lang')") is None, page
    shown = fits(tab)
    if shown["bad"] or shown["wide"]:
        tab.found.append(f"{page} {size}: overflowing {shown}")
    english = english_on(tab, lang, page)
    if english:
        tab.found.append(f"{page} {size}: English {english}")
    if size == "laptop":  # the phone's header stacks: its order is not a side
        mirrored = x_of(tab, ".site-header .brand") > x_of(tab, ".site-header nav")
        assert mirrored == rtl, (lang, page)
    if p.locator("#board").count():
        board = "getComputedStyle(document.getElementById('board')).direction"
        assert p.evaluate(board) == "ltr", (lang, page)
        first, last = ".row-bottom .pit[data-pit='0']", ".row-bottom .pit[data-pit='1']"
        if p.locator(first).count() and p.locator(last).count() and size == "laptop":
            assert x_of(tab, first) < x_of(tab, last), (lang, page)  # sown left to right
    if lang in LOOKED_AT:
        tab.shot(f"i18n-walk-{page}-{lang}-{size}")


def home(tab: Walk, lang: str, size: str) -> None:
    page = tab.page
    page.goto("/")
    page.wait_for_selector("#lobby-here li")  # the room drawn by the scripts
    wait_js(page, "!document.getElementById('lobby-status').textContent.includes('…')")
    check(tab, lang, "home", size)


def game(tab: Walk, lang: str, size: str) -> None:
    """A small Kalah against the beginner computer, played to its end."""
    page = tab.page
    body = {"mode": "computer", "level": "beginner", "first": 0, "variant": "kalah"}
    made = tab.context.request.post("/api/games", data={**body, "options": SMALL})
    assert made.ok, made.text()[:300]
    page.goto(f"/game/{made.json()['id']}")
    page.wait_for_selector(".board .pit")
    turns = 0
    while tab.wait_turn_or_over():
        wait_js(page, "document.getElementById('status').innerText.trim().length > 0")
        if turns == 1:
            check(tab, lang, "game", size)
        tab.play("first" if turns % 2 else "last")
        turns += 1
        assert turns < 60, "the game did not end"
    wait_js(page, "document.getElementById('over-result').innerText.trim().length > 0")
    assert re.search(r"\d+–\d+", page.locator("#over-result").inner_text())  # left to right
    check(tab, lang, "game", size)
    page.locator("#over-dialog").evaluate("d => d.close()")
    check(tab, lang, "game", size)  # the finished game under the dialog


def lesson(tab: Walk, lang: str, size: str) -> None:
    variant, key = STEPS[lang]
    open_step(tab.page, variant, key)
    check(tab, lang, "lesson", size)


def puzzle(tab: Walk, lang: str, size: str) -> None:
    page = tab.page
    page.goto(f"/puzzles?id={PUZZLE.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    wait_js(page, "document.getElementById('pz-task').textContent.trim().length > 0")
    check(tab, lang, "puzzle", size)


def tournament(tab: Walk, lang: str, size: str) -> None:
    director = f"أمينة {size}" if lang == "ar" else f"Walker {lang} {size}"
    tid = make_tournament(tab, director)
    page = tab.page
    page.goto(f"/tournaments/{tid}")
    wait_js(page, "document.querySelectorAll('#t-standings tbody tr').length === 2")
    wait_js(page, "document.getElementById('t-meta').textContent.length > 0")
    check(tab, lang, "tournament", size)


@pytest.mark.parametrize("lang", LANGS)
def test_the_walk_in_every_language(browser: Any, server: str, lang: str) -> None:
    tab = Walk(browser, server, lang)
    try:
        for size in ("laptop", "phone"):
            tab.page.set_viewport_size(SIZES[size])
            for step in (home, game, lesson, puzzle, tournament):
                step(tab, lang, size)
        assert tab.found == [], "\n".join(tab.found)
        assert tab.errors == []
    finally:
        tab.close()
