"""Issue 36 in a real browser: the rules page and the AI lab in French, Kazakh and Arabic at a
laptop's and a phone's size. No catalog English is left on either page, no English sentence of
the rules or the lab's lines, nothing overflows or is clipped (measured boxes); in Arabic the
page runs right to left while the lab's chart keeps its left-to-right geometry, and the only
Latin words are what a person types or reads as code (option names, agent specs, Elo, MCTS).
Screenshots go to test-artifacts/ (i18n-rules-*.png, i18n-lab-*.png: look at them)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_browser_i18n import english_left, fits, tab_in
from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

LANGS = ["fr", "kk", "ar"]
# The main's text without what is code: option names (strong > bdi) and code elements.
MAIN_TEXT = """() => {
  const main = document.querySelector('main').cloneNode(true);
  for (const el of main.querySelectorAll('strong > bdi, code, script, style')) el.remove();
  return main.textContent;
}"""
# Beginnings of the rules' and the lab's English: none may show in a translation.
ENGLISH = re.compile(
    r"counter-clockwise|\bseeds?\b|\bstones?\b|\bthe (?:game|mover|opponent|last)\b"
    r"|\bdefault\b|pie rule|Learn \w+ step|Your row|Playing game|running score|\bwon\b|\blost\b"
    r"|\bdrew\b|played (?:first|second)|Play the match|wins–draws|playouts|Stop\b"
)
# Latin words an Arabic page may show: option names and values, agent specs, Elo and MCTS
# (a formula's letters and pit letters are shorter than 3).
ARABIC_CODE = {
    *("empty_capture", "capture", "end", "leftovers", "grand_slam", "pie", "pits", "seeds"),
    *("True", "False", "true", "false", "mover_cannot_move", "either_row_empty", "owner"),
    *("none", "illegal", "capture_all", "no_capture", "swap", "log"),
    *("expert", "algorithm", "mcts", "random", "greedy", "iterations", "minimax", "depth"),
    *("Elo", "MCTS"),
}


# The server's refusal of a search too deep, in the page's language.
REFUSED = {
    "fr": "Agent A : la profondeur doit aller de 1 à 8",
    "kk": "A агенті: тереңдік 1 мен 8 аралығында болуы керек",
    "ar": "الوكيل A: يجب أن يكون العمق من 1 إلى 8",
}


def english_sentences(tab: Tab, lang: str) -> list[str]:
    """English rules or lab texts left in the page's main (Arabic: any Latin word not code)."""
    text = str(tab.page.evaluate(MAIN_TEXT))
    found = [m.group() for m in ENGLISH.finditer(text)]
    if lang == "ar":
        words = re.findall(r"[A-Za-z_]{3,}", text)
        found += [w for w in words if w not in ARABIC_CODE]
    return found


def check_page(tab: Tab, lang: str) -> None:
    """No English left, nothing overflowing; the page mirrored in Arabic; main in its language."""
    page = tab.page
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
    assert page.evaluate("document.querySelector('main').getAttribute('lang')") is None
    assert english_left(tab, lang) == []
    left = english_sentences(tab, lang)
    assert left == [], (left, tab.page.inner_text("main")[:3000])
    shown = fits(tab)
    assert shown["bad"] == [] and not shown["wide"], shown


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_in_the_page_language(
    browser: Any, server: str, lang: str, size: str
) -> None:
    tab = tab_in(browser, server, lang, size)
    try:
        page = tab.page
        page.goto("/rules")
        page.wait_for_selector("#rules-toguz_kumalak")
        check_page(tab, lang)
        h1 = page.locator("h1").bounding_box()
        assert h1 is not None
        width = page.evaluate("document.documentElement.clientWidth")
        if lang == "ar":  # mirrored: the title starts at the right
            assert h1["x"] + h1["width"] > width * 0.6, h1
        tab.shot(f"i18n-rules-{lang}-{size}")
        assert tab.errors == []
    finally:
        tab.close()


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_lab_match_in_the_page_language(browser: Any, server: str, lang: str, size: str) -> None:
    tab = tab_in(browser, server, lang, size)
    try:
        page = tab.page
        page.goto("/lab")
        wait_js(page, "document.querySelectorAll('#lab-chart text').length > 0")
        check_page(tab, lang)
        page.fill("#lab-a", "greedy")
        page.fill("#lab-b", "random")
        page.fill("#lab-games", "2")
        page.click("#lab-start")
        wait_js(page, "document.querySelectorAll('#lab-games-list a').length === 2", None, 90_000)
        wait_js(page, "!document.getElementById('lab-start').disabled", None, 30_000)
        status = page.inner_text("#lab-status")
        assert "Elo" in status or "Эло" in status, status
        assert page.locator("#lab-chart circle").count() == 2
        chart = page.evaluate("getComputedStyle(document.getElementById('lab-chart')).direction")
        assert chart == "ltr"  # the chart's axes and labels keep their geometry
        check_page(tab, lang)
        tab.shot(f"i18n-lab-{lang}-{size}")
        page.fill("#lab-a", "minimax:depth=99")  # a refusal, said by the server
        page.click("#lab-start")
        said = REFUSED[lang]
        wait_js(page, f"document.getElementById('lab-status').textContent === {said!r}")
        check_page(tab, lang)
        assert tab.errors == [] or all("400" in e for e in tab.errors), tab.errors
    finally:
        tab.close()
