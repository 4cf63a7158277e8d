"""Issue 36 in a real browser: a lesson in every language but English at a laptop's and a phone's
size (each variant's lesson in one language or more). A step is tried with a wrong pit (the move
is shown, what it did and why it missed), then passed; after each, no catalog English is left on
the page, no English sentence of the lessons, nothing overflows or is clipped (measured boxes);
in Arabic the page runs right to left while the board keeps its left-to-right geometry.
Screenshots of French, Kazakh and Arabic go to test-artifacts/ (i18n-lesson-*.png: look at
them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.lessons import course, tries
from tests.browser.test_browser_i18n import (
    LOOKED_AT,
    check_layout,
    english_in_main,
    english_left,
    tab_in,
)
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

# Beginnings of the lessons' English (the engine's ids and the page's words): none may show in a
# translation.
ENGLISH = re.compile(
    r"\bThe last\b|\bYou sowed\b|\bYou captured\b|\bNothing was\b|\bThe game\b|\bYour\b"
    r"|\bseeds?\b|\bstones?\b|\bpits?\b|\bhouses?\b|\bstore\b|\bStep \d|\bsteps\b|Not quite"
    r"|Well done|Try again|Next step|Task\b|What next|Learn to play|\bcounter-clockwise\b"
)
# Each language's lesson: its own game where it has one (Awalé in French, Тоғызқұмалақ in
# Kazakh, Congkak in Malay), and a step whose wrong try says much (a capture, a tuzdyk, a lift).
LESSONS = {
    "fr": ("oware", "twos-and-threes"),
    "de": ("kalah", "capture"),
    "es": ("relay", "relay-to-store"),
    "pt": ("adi", "fours-on-the-way"),
    "ru": ("toguz_kumalak", "even"),
    "kk": ("toguz_kumalak", "tuzdyk"),
    "ms": ("congkak", "capture"),
    "ar": ("kalah", "no-capture"),
}


def english_sentences(tab: Tab, lang: str) -> list[str]:
    """English lesson texts left in the page's main (Arabic: any Latin word of 3 letters or
    more; pit letters are single)."""
    return english_in_main(tab, lang, ENGLISH)


def check_page(tab: Tab, lang: str) -> None:
    """No English left, nothing overflowing; Arabic mirrored with its board not."""
    assert english_left(tab, lang) == []
    assert english_sentences(tab, lang) == []
    check_layout(tab, lang)


def open_step(page: Any, variant: str, key: str) -> None:
    """Open ``variant``'s lesson at the step ``key`` (its button in the list of steps)."""
    page.goto(f"/learn#{variant}")
    wait_js(page, f"document.querySelector('#learn-steps button[data-step=\"{key}\"]')")
    page.locator(f'#learn-steps button[data-step="{key}"]').click()
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("lang", sorted(LESSONS))
def test_a_lesson_step_a_wrong_try_and_its_explanation_in_the_page_language(
    browser: Any, server: str, lang: str, size: str
) -> None:
    variant, key = LESSONS[lang]
    lesson = course(variant)
    step = lesson.step(key)
    tab = tab_in(browser, server, lang, size)
    try:
        page = tab.page
        open_step(page, variant, key)
        assert page.evaluate("document.documentElement.lang") == lang
        check_page(tab, lang)

        wrong = next(p for p in tries(lesson, step) if p not in step.answer)
        page.locator(f".row-bottom .pit[data-pit='{wrong}']").click()
        wait_js(page, "!document.getElementById('feedback').hidden", timeout=20_000)
        wait_js(page, "!document.getElementById('board').classList.contains('animating')")
        assert page.locator("#said li").count() >= 2  # the sowing and where it ended, at least
        assert page.locator("#why").inner_text().strip()
        check_page(tab, lang)
        if lang in LOOKED_AT:
            tab.shot(f"i18n-lesson-wrong-{lang}-{size}")

        page.locator("#btn-again").click()
        page.locator(f".row-bottom .pit[data-pit='{step.answer[0]}']").click()
        wait_js(page, "feedback.classList.contains('passed')", timeout=20_000)
        wait_js(page, "!document.getElementById('board').classList.contains('animating')")
        assert page.locator("#verdict").inner_text().startswith("★")
        check_page(tab, lang)
        if lang in LOOKED_AT:
            tab.shot(f"i18n-lesson-passed-{lang}-{size}")
        assert tab.errors == []
    finally:
        tab.close()
