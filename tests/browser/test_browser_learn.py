"""Lessons in headless Chromium: one whole lesson per variant passed by playing its tasks, a
step failed with a wrong move first and the reason read; the stars kept after a reload.
Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.lessons import attempt, courses, tries
from tests.browser.test_browser_play import wait_js

pytestmark = pytest.mark.browser


def pit(page: Any, number: int) -> Any:
    return page.locator(f".row-bottom .pit[data-pit='{number}']")


def test_every_lesson_is_passed_by_playing_it_and_a_wrong_try_says_why(still: Any) -> None:
    page = still.page
    for lesson in courses():
        page.goto(f"/learn#{lesson.variant}")
        wait_js(
            page, f"document.querySelector('#learn-title').textContent === '{lesson.rules.title}'"
        )
        for n, step in enumerate(lesson.steps):
            wait_js(page, "document.getElementById('step-title').textContent", timeout=10_000)
            assert step.title in page.locator("#step-title").inner_text()
            assert page.locator("#step-task").inner_text() == step.task
            if n == 0:  # a wrong try first: the move is shown, and why it missed
                wrong = next(p for p in tries(lesson, step) if p not in step.answer)
                pit(page, wrong).click()
                page.locator("#feedback").wait_for(state="visible")
                assert page.locator("#verdict").inner_text() == "Not quite."
                expected = attempt(lesson, step, wrong)
                assert page.locator("#why").inner_text() == expected.why
                assert page.locator("#said li").all_inner_texts() == expected.said
                if expected.after is not None:  # the board shows what the move did
                    counts = page.locator(".pit .count, .store .count").all_inner_texts()
                    assert sorted(map(int, counts)) == sorted(expected.after.board)
                page.locator("#btn-again").click()
                assert page.locator("#feedback").is_hidden()
            if n == len(lesson.steps) - 1:  # the last step by keyboard: digit N is pit N
                page.keyboard.press(str(step.answer[0] + 1))
            else:
                pit(page, step.answer[0]).click()
            wait_js(page, "!feedback.hidden && feedback.classList.contains('passed')")
            assert page.locator("#verdict").inner_text().startswith("★ Well done")
            if n + 1 < len(lesson.steps):
                page.locator("#btn-next").click()
        stars = page.locator("#learn-steps li.done").count()
        assert stars == len(lesson.steps), lesson.variant
        progress = page.locator(f"[data-progress='{lesson.variant}']").inner_text()
        assert progress == f"{len(lesson.steps)} / {len(lesson.steps)} steps"
    still.shot("learn-passed")
    page.reload()  # progress is kept for the device
    for lesson in courses():
        badge = page.locator(f"[data-progress='{lesson.variant}']").inner_text()
        assert badge.startswith(f"{len(lesson.steps)} /")


def test_a_step_opened_during_a_tries_animation_is_drawn_as_it_is(
    browser: Any, server: str
) -> None:
    from tests.browser.test_browser_play import Tab

    tab = Tab(browser, server, reduced_motion="no-preference")  # the sowing is animated
    try:
        page = tab.page
        kalah = courses()[0]
        page.goto("/learn#kalah")
        pit(page, 3).wait_for()
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        pit(page, 3).click()  # the first step's answer: D sows five seeds, slowly
        page.locator("#learn-steps li:nth-child(4) button").click()  # meanwhile: step 4
        page.wait_for_timeout(2500)  # the try's answer and animation are over by now
        counts = page.locator(".pit .count, .store .count").all_inner_texts()
        assert sorted(map(int, counts)) == sorted(kalah.steps[3].board)
        assert page.locator("#feedback").is_hidden()
        assert "The capture" in page.locator("#step-title").inner_text()
        assert page.locator("#learn-steps li.done").count() == 1  # the try still counted
        assert tab.errors == []
    finally:
        tab.close()
