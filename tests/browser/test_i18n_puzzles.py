"""Issue 36 in a real browser: the puzzles page in each language but English at a laptop's and a
phone's size. A puzzle's whole line is solved and another puzzle missed with a wrong move;
after each, no catalog English is left on the page, no English sentence of the puzzle texts,
nothing overflows or is clipped (measured boxes); in Arabic the page runs right to left while the
board keeps its left-to-right geometry. Screenshots of French, Kazakh and Arabic go to
test-artifacts/ (i18n-puzzles-*.png: look at them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.notation import parse_move
from engine.puzzles import load_puzzles
from tests.browser.test_browser_i18n import (
    LOOKED_AT,
    check_layout,
    english_in_main,
    english_left,
    tab_in,
)
from tests.browser.test_browser_play import Tab, wait_js
from tests.browser.test_puzzle_whole_lines import play_line

pytestmark = pytest.mark.browser

# Beginnings of the puzzle texts in English (server and script): none may show in a translation.
ENGLISH = re.compile(
    r"Find the|Exact:|Verified by|Confirmed by|Winning \d|How moves are written|You play the"
    r"|Solved|Not this one|Your rating|The engine|Solution:|Line complete|Rated \d|themes:"
    r"|Streak|Best streak|Not rated|None yet|Try again|Back to the|\bseeds?\b|\bstones?\b"
    r"|Your past tries|Learn from|Puzzles of|Next puzzle|Show the solution"
)
# Latin words an Arabic page may show: notation is letters and digits (B3+, x5), at most 2
# letters in a word; the variant names the catalog keeps.
ARABIC_ALLOWED = frozenset({"kalah"})  # a puzzle's id (kalah-0007) is a name, as notation is
# Puzzles from the end of the set: the other browser tests try the first ones, and a puzzle is
# rated only for the first try from a network address (every tab here shares one).
LAST_FIRST = load_puzzles("kalah")[::-1]
SOLVED = next(p for p in LAST_FIRST if p.to_move == 0 and 3 <= len(p.solution) <= 5)
MISSED = next(p for p in LAST_FIRST if p.to_move == 0 and p.id != SOLVED.id)


def english_sentences(tab: Tab, lang: str) -> list[str]:
    """English puzzle texts left in the page's main (Arabic: any Latin word that is not
    notation)."""
    return english_in_main(tab, lang, ENGLISH, ARABIC_ALLOWED)


def check_page(tab: Tab, lang: str) -> None:
    """No English left, nothing overflowing; Arabic mirrored with its board not."""
    assert english_left(tab, lang) == []
    assert english_sentences(tab, lang) == []
    check_layout(tab, lang)


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("lang", ["fr", "de", "es", "pt", "ru", "kk", "ms", "ar"])
def test_a_puzzle_solved_and_one_missed_in_the_page_language(
    browser: Any, server: str, lang: str, size: str
) -> None:
    tab = tab_in(browser, server, lang, size)
    try:
        page = tab.page
        page.goto("/learn")  # any page: the request shares the tab's cookies
        named = page.request.put("/api/me", data={"name": f"Solver {lang} {size}"})
        assert named.ok, named.text()
        solved = SOLVED
        page.goto(f"/puzzles?id={solved.id}")
        assert page.evaluate("document.documentElement.lang") == lang
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        wait_js(page, "document.getElementById('pz-tries').children.length > 0")
        check_page(tab, lang)
        play_line(page, solved)  # each of the solver's moves, the engine answering
        wait_js(page, "document.getElementById('pz-tries').querySelector('a')")
        wait_js(page, "!document.getElementById('board').classList.contains('animating')")
        assert "★" in page.locator("#pz-verdict").inner_text()
        check_page(tab, lang)
        if lang in LOOKED_AT:
            tab.shot(f"i18n-puzzles-solved-{lang}-{size}")

        missed = MISSED
        page.goto(f"/puzzles?id={missed.id}")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        good = parse_move(missed.best, 6).pit
        wrong = next(p for p in missed.state().legal_moves() if p != good)
        page.locator(f".row-bottom .pit[data-pit='{wrong}']").click()
        wait_js(page, "!document.getElementById('pz-feedback').hidden")
        wait_js(page, "!document.getElementById('pz-solution').hidden")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")  # tried again
        assert page.locator("#pz-said").inner_text().strip()  # the ratings, in words
        check_page(tab, lang)
        if lang in LOOKED_AT:
            tab.shot(f"i18n-puzzles-missed-{lang}-{size}")
        assert tab.errors == []
    finally:
        tab.close()
