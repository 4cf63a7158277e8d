"""Issue 36 in a real browser: the review after a game and the analysis board in French, Kazakh
and Arabic at a laptop's and a phone's size. A short game against the computer is played to its
end, opened in review from the end-of-game dialog, stepped through, analysed (progress, graph,
summary, a judged move's comment), then opened on the analysis board from a reviewed position.
On each: no English left (the catalog's English, and the review's and board's own English words
before issue 36), nothing overflowing or clipped (measured boxes), the Arabic page right to left
with its board left to right. Screenshots go to test-artifacts/ (i18n-review-*.png,
i18n-analysis-*.png: look at them).

Still English (the server's words, not the page's): the engine's reason a game ended on the
analysis board ("no seeds left...") where the catalogs lack it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_i18n import check_layout, english_left, tab_in
from tests.browser.test_browser_play import MOVES, Tab, wait_js

pytestmark = pytest.mark.browser

SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 3}}

# What review.js, review-analysis.js and review-values.js said in English before issue 36.
REVIEW_ENGLISH = re.compile(
    r"\bReview(?:ing)?\b|the start|best is|\bseeds?\b|\bPlayed\b|\bAnalys|\bexact\b|\bTurn\b"
    r"|\bMoves\b|\bLoss\b|\bBest\b|\bGood\b|\bahead\b|\bbetter\b|\blost\b|mistake|blunder"
    r"|inaccurac|Game record|Paste|choose a file|Back to the game|Turning point|How moves"
)
# What the analysis board said in English before issue 36.
BOARD_ENGLISH = re.compile(
    r"to move|\bBottom\b|\bTop\b|\brow\b|Values for|\bexact\b|\bestimate\b|\bbest\b|\bMoves\b"
    r"|Take back|Flip|\bLink\b|Set up|\bOpen\b|record|Play the computer|Loading|\bPit\b"
    r"|\bplayer\b|swap sides|\bengine\b|Game over|No move yet"
)

# The visible text of an element and the names its buttons and graph give (titles, labels).
SAID = """(selector) => {
  const root = document.querySelector(selector);
  const out = [root.innerText];
  for (const el of root.querySelectorAll('[title], [aria-label], abbr, caption, svg title')) {
    if (el.closest('[hidden]')) continue;
    const label = el.getAttribute('aria-label') || '';
    out.push(el.getAttribute('title') || '', label, el.textContent || '');
  }
  return out.join('\\n');
}"""


def start(tab: Tab) -> str:
    """A small Kalah against the beginner computer, opened in the tab."""
    made = tab.context.request.post(
        "/api/games", data={**SMALL, "mode": "computer", "level": "beginner", "first": 0}
    )
    assert made.ok, made.text()[:300]
    game_id = str(made.json()["id"])
    tab.page.goto(f"/game/{game_id}")
    tab.page.wait_for_selector(".board .pit")
    return game_id


def said(tab: Tab, selector: str) -> str:
    return str(tab.page.evaluate(SAID, selector))


REVIEW_TEXTS = """() => [...document.querySelectorAll('#review *, #status')]
  .flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3))
  .map((n) => n.textContent.trim())"""


def in_review(tab: Tab, texts: list[str]) -> list[str]:
    """``texts`` of the review panel and the status line (the game page above the review is
    tests/browser/test_i18n_game.py's)."""
    review = set(tab.page.evaluate(REVIEW_TEXTS))
    return [t for t in texts if t in review]


def english_words(tab: Tab, lang: str, pattern: re.Pattern[str], text: str) -> list[str]:
    """``pattern``'s English words in ``text`` (each with its surroundings), but those the
    language writes too (French "exact", "Analyse")."""
    answer = tab.context.request.get(f"/api/i18n/{lang}")
    assert answer.ok
    own = []
    for value in answer.json()["messages"].values():
        own += list(value.values()) if isinstance(value, dict) else [value]
    theirs = "\n".join(own)
    return [
        text[max(0, m.start() - 60) : m.end() + 60]
        for m in pattern.finditer(text)
        if not re.search(rf"\b{re.escape(m.group())}", theirs)
    ]


def review_and_analyse(tab: Tab, lang: str, size: str) -> None:
    page = tab.page
    game_id = start(tab)
    tab.play_to_the_end()
    page.locator("#btn-review").click()
    wait_js(page, "!document.getElementById('rv-banner').hidden")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    wait_js(page, "document.querySelector('#rv-moves [aria-current=step]') !== null")
    page.locator("#rv-analyse").click()
    wait_js(page, "!document.getElementById('rv-summary').hidden", timeout=120_000)
    analysis = tab.context.request.get(f"/api/games/{game_id}/analysis").json()
    assert analysis["status"] == "done"
    # A position whose next move was judged: the comment says what was best (and why not).
    page.keyboard.press("Home")
    wait_js(page, "!document.getElementById('rv-comment').hidden")
    page.locator("#review details.analysis-help summary").click()
    text = said(tab, "#review") + "\n" + page.locator("#status").inner_text()
    found = english_words(tab, lang, REVIEW_ENGLISH, text)
    assert found == [], (found, text)
    left = in_review(tab, english_left(tab, lang))
    assert left == [], left
    check_layout(tab, lang, fields_scroll=True)
    if lang == "ar":
        # Notation inside an Arabic sentence is isolated left to right (U+2066 ... U+2069).
        where = page.locator("#rv-comment").inner_text()
        assert "\u2066" in where and "\u2069" in where, where
    tab.shot(f"i18n-review-{lang}-{size}")


def analysis_board(tab: Tab, lang: str, size: str) -> None:
    page = tab.page
    page.keyboard.press("ArrowRight")
    href = page.locator("#rv-board").get_attribute("href")
    assert href and href.startswith("/analysis?"), href
    page.goto(href)
    wait_js(page, "document.querySelectorAll('#ab-moves li').length > 0")
    wait_js(page, "document.querySelector('#ab-values .ab-value-list, #ab-values p') !== null")
    wait_js(page, "!document.getElementById('ab-values').textContent.includes('…')", timeout=60_000)
    page.locator("#ab-editor summary").click()
    page.locator("#ab-import summary").click()
    text = said(tab, "main")
    found = english_words(tab, lang, BOARD_ENGLISH, text)
    assert found == [], (found, text)
    assert english_left(tab, lang) == [], english_left(tab, lang)
    # A refused pit says why in the page's language.
    mover = page.evaluate("document.querySelector('#ab-status').textContent")
    assert mover.strip(), mover
    check_layout(tab, lang, fields_scroll=True)
    tab.shot(f"i18n-analysis-{lang}-{size}")


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("lang", ["fr", "kk", "ar"])
def test_the_review_and_the_analysis_board_in_the_page_language(
    browser: Any, server: str, lang: str, size: str
) -> None:
    tab = tab_in(browser, server, lang, size)
    try:
        assert tab.page.evaluate("1") == 1
        review_and_analyse(tab, lang, size)
        analysis_board(tab, lang, size)
        assert tab.errors == []
    finally:
        tab.close()


# What text.js said in English on the game page before issue 36: tuzdyk lines and badges, pit
# labels for screen readers, the pie rule's offer and swap, the computer's thinking.
TUZDYK_ENGLISH = re.compile(
    r"Player \d|'s tuzdyk|Your tuzdyk|chequered|stays empty|red tag|green tag|\bPit [A-Za-z]\b"
    r"|'s kazan|Your kazan|\bstones?\b"
)
PIE_ENGLISH = re.compile(r"Pie rule|instead of sowing|swap sides|swapped sides|opening|plays on")
THINKING_ENGLISH = re.compile(r"\bbest\b|\bvalue\b|\bdepth\b|\bpositions?\b|Values are shown")
LABELS = "() => [...document.querySelectorAll('.board [aria-label]')].map((e) => e.ariaLabel)"


def play_index(tab: Tab, index: int) -> None:
    before = tab.moves()
    tab.page.locator(f".board .pit.legal[data-index='{index}']").click()
    wait_js(tab.page, f"document.querySelectorAll('{MOVES}').length > {before}")


@pytest.mark.parametrize("lang", ["fr", "kk", "ar"])
def test_the_game_pages_other_words_in_the_page_language(
    browser: Any, server: str, lang: str
) -> None:
    tab = tab_in(browser, server, lang, "laptop")
    page = tab.page
    try:
        # Toguz Kumalak with a tuzdyk: its badge, the line beside the board, the pits' labels.
        record = {"variant": "toguz_kumalak", "first_player": 0, "moves": [3, 3, 6, 7, 1, 0]}
        made = tab.context.request.post("/api/games", data={"mode": "local", "record": record})
        assert made.ok, made.text()[:300]
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector(".pit.special-tuzdyk .badge")
        text = "\n".join(
            [page.locator(".pit.special-tuzdyk .badge").inner_text(), page.inner_text("#extra")]
            + page.evaluate(LABELS)
        )
        found = english_words(tab, lang, TUZDYK_ENGLISH, text)
        assert found == [], (found, text)
        tab.shot(f"i18n-tuzdyk-{lang}")

        # Kalah with the pie rule between two players here: the offer, then the swap.
        body = {"mode": "local", "variant": "kalah", "options": {"pie": True}}
        made = tab.context.request.post("/api/games", data=body)
        assert made.ok, made.text()[:300]
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector(".board .pit.legal")
        play_index(tab, 2)  # C4+: the opener moves again
        play_index(tab, 5)  # F5: the opener's turn is over, the offer comes
        page.wait_for_selector("#swap-offer:not([hidden])")
        offer = page.inner_text("#swap-text")
        found = english_words(tab, lang, PIE_ENGLISH, offer)
        assert found == [] and offer.strip(), (found, offer)
        page.locator("#btn-swap").click()
        wait_js(page, "document.getElementById('last-move').textContent.trim().length > 0")
        wait_js(page, f"document.querySelectorAll('{MOVES}').length === 3")
        swapped = page.inner_text("#last-move")
        found = english_words(tab, lang, PIE_ENGLISH, swapped)
        assert found == [], (found, swapped)

        # The computer's thinking, asked for: its line above the board.
        body = {"mode": "computer", "level": "easy", "first": 1, "variant": "kalah"}
        made = tab.context.request.post("/api/games", data=body)
        assert made.ok, made.text()[:300]
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector(".row-bottom .pit.legal")
        page.check("#show-thinking")
        wait_js(page, "document.getElementById('thinking-info').textContent.trim().length > 0")
        wait_js(page, "!document.getElementById('thinking-info').textContent.includes('…')")
        thinking = page.inner_text("#thinking-info")
        found = english_words(tab, lang, THINKING_ENGLISH, thinking)
        assert found == [], (found, thinking)
        tab.shot(f"i18n-thinking-{lang}")
        assert tab.errors == []
    finally:
        tab.close()
