"""Learning the whole game in headless Chromium: the puzzles page offers only the themes a game
has puzzles of (with counts), a theme without puzzles leaves no puzzle to play, and every
variant's lesson says how the game is won and ends with the next steps."""

from __future__ import annotations

from typing import Any

import pytest

from engine.puzzles import THEMES, load_puzzles
from tests.browser.test_browser_play import wait_js

pytestmark = pytest.mark.browser


def _tries(page: Any) -> int:
    return int(page.request.get("/api/puzzles/me").json()["rating"]["tries"])


def test_themes_offered_are_those_a_game_has_puzzles_of_with_counts(still: Any) -> None:
    page = still.page
    page.goto("/puzzles?variant=toguz_kumalak")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    themes = page.locator("#pz-theme option").all_inner_texts()
    assert themes[0] == "Any" and any(t.startswith("Tuzdyk (") for t in themes), themes
    page.locator("#pz-theme").select_option("tuzdyk")
    wait_js(page, "/tuzdyk/.test(document.getElementById('pz-meta').textContent)")
    # Oware has no tuzdyk puzzle: it is not offered, the theme falls back to Any and an Oware
    # puzzle is shown (it said "No puzzle to show" over the last one); each theme offered has
    # puzzles, and says how many.
    page.locator("#pz-variant").select_option("oware")
    wait_js(page, "document.getElementById('pz-title').textContent === 'Oware puzzle'")
    assert page.locator("#pz-theme").input_value() == ""
    offered = page.locator("#pz-theme option").evaluate_all("os => os.map(o => o.value)")
    counted: dict[str, int] = {}
    for puzzle in load_puzzles("oware"):
        for theme in puzzle.themes:
            counted[theme] = counted.get(theme, 0) + 1
    assert offered == ["", *[t for t in THEMES if t in counted]] and "tuzdyk" not in offered
    for theme in offered[1:]:
        text = page.locator(f"#pz-theme option[value='{theme}']").inner_text()
        assert text.endswith(f" ({counted[theme]})"), text
    assert page.locator(".row-bottom .pit.legal").count() > 0
    still.shot("puzzles-themes-oware")


def test_a_theme_without_puzzles_leaves_nothing_to_play(still: Any) -> None:
    page = still.page
    page.goto("/puzzles?variant=oware")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    before = _tries(page)
    posted: list[str] = []  # any try sent (an unnamed device's try is not rated, but is sent)
    page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    # A theme with no Oware puzzle (as an old page, or a hand-made address, could still ask).
    page.evaluate(
        """() => {
        const select = document.getElementById('pz-theme');
        const option = document.createElement('option');
        option.value = 'tuzdyk';
        option.textContent = 'Tuzdyk';
        select.append(option);
        select.value = 'tuzdyk';
        select.dispatchEvent(new Event('change'));
    }"""
    )
    wait_js(page, "document.getElementById('pz-task').textContent === 'No puzzle to show.'")
    assert page.locator("#board .pit").count() == 0  # the last puzzle is gone from the board
    assert page.locator("#pz-proof").inner_text() == ""
    page.locator("#board").click()
    page.keyboard.press("1")
    page.wait_for_timeout(500)
    assert _tries(page) == before  # nothing was tried, nothing rated
    assert not [url for url in posted if "/try" in url]
    assert all("404" in e for e in still.errors), still.errors  # the empty theme's answer
    still.errors.clear()
    still.shot("puzzles-theme-empty")


# What each variant's lesson must say about winning, in the step a person reads.
HOW_TO_WIN = {
    "kalah": "25 of 48",
    "oware": "25, wins",
    "relay": "every seed is in a store",
    "adi": "most captured seeds wins",
    "toguz_kumalak": "holds 82",
    "congkak": "50 of 98",
}


def test_every_lesson_says_how_to_win_and_ends_with_what_next(still: Any) -> None:
    from engine.lessons import courses
    from tests.browser.test_browser_learn import pit

    page = still.page
    lessons = courses()
    assert {c.variant for c in lessons} == set(HOW_TO_WIN)
    for n, lesson in enumerate(lessons):
        page.goto(f"/learn#{lesson.variant}")
        wait_js(
            page, f"document.getElementById('learn-title').textContent === '{lesson.rules.title}'"
        )
        assert "goal" in page.locator("#learn-intro").inner_text().lower()
        keys = [s.key for s in lesson.steps]
        # The step on the end of the game says how it is won.
        end = lesson.step("end")
        page.locator("#learn-steps button[data-step='end']").click()
        wait_js(page, f"document.getElementById('step-title').textContent.endsWith('{end.title}')")
        idea = page.locator("#step-idea").inner_text()
        assert HOW_TO_WIN[lesson.variant] in idea, (lesson.variant, idea)
        # The last step shows the starting set-up; passing it offers what to do next.
        assert keys[-1] == "start"
        page.locator("#learn-steps button[data-step='start']").click()
        wait_js(page, "document.getElementById('step-title').textContent.includes('set-up')")
        start = lesson.rules.initial_state().board
        counts = page.locator(".pit .count, .store .count").all_inner_texts()
        assert sorted(map(int, counts)) == sorted(start)
        assert page.locator("#learn-next").is_hidden()
        pit(page, lesson.steps[-1].answer[0]).click()
        wait_js(page, "document.getElementById('feedback').classList.contains('passed')")
        wait_js(page, "!document.getElementById('learn-next').hidden")
        puzzles = page.locator("#next-puzzles")
        assert puzzles.get_attribute("href") == f"/puzzles?variant={lesson.variant}"
        assert (
            page.locator("#next-game").inner_text() == f"Play {lesson.rules.title} against Beginner"
        )
        following = page.locator("#next-lesson")
        if n + 1 < len(lessons):
            assert following.get_attribute("href") == f"#{lessons[n + 1].variant}"
            assert following.inner_text() == f"Next lesson: {lessons[n + 1].rules.title}"
        else:
            assert page.locator("#next-lesson-item").is_hidden()
    still.shot("learn-what-next")
    # The links lead where they say: the next lesson, then a game against Beginner.
    page.goto("/learn#kalah")
    wait_js(page, "document.getElementById('learn-title').textContent === 'Kalah'")
    page.locator("#learn-steps button[data-step='start']").click()
    pit(page, lessons[0].steps[-1].answer[0]).click()
    wait_js(page, "!document.getElementById('learn-next').hidden")
    page.locator("#next-lesson").click()
    wait_js(page, "document.getElementById('learn-title').textContent === 'Oware'")
    page.locator("#learn-steps button[data-step='start']").click()
    pit(page, lessons[1].steps[-1].answer[0]).click()
    wait_js(page, "!document.getElementById('learn-next').hidden")
    page.locator("#next-game").click()
    page.wait_for_url("**/game/**")
    game = page.url.rsplit("/game/", 1)[1].split("#")[0].split("?")[0]
    made = page.request.get(f"/api/games/{game}").json()
    assert made["variant"] == "oware"
    assert any(seat.get("level") == "beginner" for seat in made["seats"])
