"""Whole-line puzzles in headless Chromium (issue 35, build 2): a line solved move by move (the
engine answering each turn), a wrong move refuted on the board then retried unrated, streak
mode, and the past tries with a missed one replayed; on a laptop (1280x800) and a phone
(390x844).  Screenshots go to test-artifacts/ (look at them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.notation import parse_move
from engine.puzzles import Puzzle, load_puzzles
from tests.browser.test_browser_play import Tab, wait_js
from tests.server import Server

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def named(page: Any, name: str) -> None:
    """Take a player's name for the page's device: only a named player's tries are rated."""
    page.goto("/learn")
    answer = page.request.put("/api/me", data={"name": name})
    assert answer.ok, answer.text()


def rating(page: Any) -> int:
    return int(page.locator("#pz-rating").inner_text().rstrip("?"))


def solver_moves(puzzle: Puzzle) -> list[tuple[int, str]]:
    """The solver's moves of the line (every other turn, from the first): pit and notation."""
    pits = puzzle.rules().pits
    return [
        (parse_move(text, pits).pit, text)
        for n, turn in enumerate(puzzle.solution)
        if n % 2 == 0
        for text in turn
    ]


def shipped(pid: str) -> Puzzle:
    variant = pid.split("-")[0]
    return next(p for p in load_puzzles(variant) if p.id == pid)


def click_pit(page: Any, pit: int) -> None:
    wait_js(page, f"document.querySelector(\".row-bottom .pit.legal[data-pit='{pit}']\")")
    page.locator(f".row-bottom .pit[data-pit='{pit}']").click()


def play_line(page: Any, puzzle: Puzzle) -> None:
    """Play the solver's moves of the line one by one, each after the engine's reply."""
    moves = solver_moves(puzzle)
    for k, (pit, _) in enumerate(moves):
        wait_js(page, f"document.getElementById('board').dataset.played === '{k}'")
        click_pit(page, pit)
    wait_js(page, "document.getElementById('pz-feedback').classList.contains('passed')")


def a_line_with_replies() -> Puzzle:
    """A Kalah puzzle whose line has two of the solver's turns or more (the engine answers)."""
    return next(p for p in load_puzzles("kalah") if p.to_move == 0 and 3 <= len(p.solution) <= 5)


def test_a_whole_line_is_solved_move_by_move(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=LAPTOP)
    try:
        page = tab.page
        named(page, "Line Solver")
        puzzle = a_line_with_replies()
        page.goto(f"/puzzles?id={puzzle.id}")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        assert (
            page.locator("#pz-gain")
            .inner_text()
            .startswith(
                f"Winning {puzzle.gain} seeds: you finish {puzzle.gain} seeds further ahead"
            )
        )
        assert (
            page.locator("#pz-notation")
            .inner_text()
            .startswith("How moves are written: the pit's letter (yours A–F")
        )
        moves = solver_moves(puzzle)
        first_pit, first_text = moves[0]
        click_pit(page, first_pit)
        wait_js(page, "document.getElementById('board').dataset.played === '1'")
        assert page.locator("#pz-verdict").inner_text() == f"✓ Right: {first_text}."
        if len(puzzle.solution[0]) == 1:  # the turn ended: the engine answered
            reply = " ".join(puzzle.solution[1])
            assert page.locator("#pz-said").inner_text() == f"The engine answers {reply}."
        assert rating(page) == 1500  # not counted before the line is over
        tab.shot("puzzle-line-midway")
        for k, (pit, _) in enumerate(moves[1:], 1):
            wait_js(page, f"document.getElementById('board').dataset.played === '{k}'")
            click_pit(page, pit)
        wait_js(page, "document.getElementById('pz-feedback').classList.contains('passed')")
        assert page.locator("#pz-verdict").inner_text().startswith("★ Solved")
        wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
        assert page.locator("#pz-task").inner_text().startswith("Solved. Line complete: ")
        assert rating(page) > 1500
        counts = page.locator(".pit .count, .store .count").all_inner_texts()
        assert sum(map(int, counts)) == sum(puzzle.board)
        tab.shot("puzzle-line-solved-laptop")
        assert tab.errors == []
    finally:
        tab.close()


def wrong_first(puzzle: Puzzle) -> int | None:
    """A wrong first move after which the engine is to move (so it answers), if any."""
    state = puzzle.state()
    best = parse_move(puzzle.best, state.rules.pits).pit
    return next((p for p in state.legal_moves() if p != best and state.play(p).to_move == 1), None)


def any_wrong(puzzle: Puzzle) -> int:
    """A wrong first move."""
    state = puzzle.state()
    best = parse_move(puzzle.best, state.rules.pits).pit
    return next(p for p in state.legal_moves() if p != best)


@pytest.mark.parametrize(("viewport", "name"), [(LAPTOP, "laptop"), (PHONE, "phone")])
def test_a_wrong_move_is_refuted_then_retried_unrated(
    browser: Any, server: str, viewport: dict[str, int], name: str
) -> None:
    tab = Tab(browser, server, viewport=viewport)
    try:
        page = tab.page
        named(page, f"Retrier {name}")
        # Each its own puzzle: only an address's first try of a puzzle is rated.
        candidates = [
            p for p in load_puzzles("kalah")[10:] if p.to_move == 0 and wrong_first(p) is not None
        ]
        puzzle = candidates[0 if name == "laptop" else 1]
        wrong = wrong_first(puzzle)
        assert wrong is not None
        page.goto(f"/puzzles?id={puzzle.id}")
        click_pit(page, wrong)
        wait_js(page, "document.getElementById('pz-verdict').textContent.startsWith('Not this')")
        said = page.locator("#pz-said").inner_text()
        assert said.startswith("Your rating 1500 → ") and "The engine answers " in said
        down = rating(page)
        assert down < 1500 and page.locator("#pz-change").inner_text().startswith("−")
        wait_js(page, "document.getElementById('pz-task').textContent.startsWith('Try again')")
        counts = page.locator(".pit .count, .store .count").all_inner_texts()
        assert sorted(map(int, counts)) == sorted(puzzle.board)  # the position before it, again
        tab.shot(f"puzzle-refuted-{name}")
        play_line(page, puzzle)
        assert page.locator("#pz-verdict").inner_text().startswith("Solved on a retry")
        assert (
            page.locator("#pz-said")
            .inner_text()
            .startswith("Not rated: only your first try of a puzzle is rated.")
        )
        assert rating(page) == down  # the retry moved nothing
        tab.shot(f"puzzle-retried-{name}")
        # The past tries list it as missed; replaying it opens it again.
        wait_js(page, "document.getElementById('pz-tries').textContent.includes('missed')")
        item = page.locator("#pz-tries li").first
        assert item.inner_text() == f"Kalah {puzzle.id} ✗ missed: replay"
        page.locator("#pz-next").click()
        wait_js(page, f"!location.search.includes('{puzzle.id}')")
        item.locator("a").click()
        wait_js(page, f"location.search.includes('{puzzle.id}')")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        assert page.locator("#pz-feedback").is_hidden()
        assert tab.errors == []
    finally:
        tab.close()


def test_streak_mode_counts_solves_in_a_row_until_a_miss(browser: Any, server: str) -> None:
    tab = Tab(browser, server, viewport=LAPTOP)
    try:
        page = tab.page
        named(page, "Streaker")
        page.goto("/puzzles")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        assert page.locator("#pz-streak-text").inner_text() == "Best streak: 0."
        before = page.evaluate("new URLSearchParams(location.search).get('id')")
        page.locator("#pz-streak").click()
        wait_js(page, f"new URLSearchParams(location.search).get('id') !== '{before}'")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        first = shipped(page.evaluate("new URLSearchParams(location.search).get('id')"))
        assert first.rating < 1300  # a streak starts easy
        play_line(page, first)
        wait_js(
            page, "document.getElementById('pz-streak-text').textContent.startsWith('Streak: 1')"
        )
        assert (
            page.locator("#pz-streak-text").inner_text().startswith("Streak: 1 in a row (best 1)")
        )
        page.locator("#pz-next").click()
        wait_js(page, f"!location.search.includes('{first.id}')")
        wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
        second = shipped(page.evaluate("new URLSearchParams(location.search).get('id')"))
        click_pit(page, any_wrong(second))
        wait_js(
            page, "document.getElementById('pz-streak-text').textContent.startsWith('Streak over')"
        )
        assert (
            page.locator("#pz-streak-text")
            .inner_text()
            .startswith("Streak over: 1 in a row (best 1)")
        )
        assert page.locator("#pz-streak").inner_text() == "Start a streak"
        tab.shot("puzzle-streak-over")
        page.reload()
        wait_js(page, "document.getElementById('pz-streak-text').textContent === 'Best streak: 1.'")
        assert tab.errors == []
    finally:
        tab.close()


def test_a_second_players_puzzle_writes_their_pits_in_capitals(still: Any) -> None:
    page = still.page
    puzzle = next(p for p in load_puzzles("oware") if p.to_move == 1)
    page.goto(f"/puzzles?id={puzzle.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    mine = page.eval_on_selector_all(
        ".row-bottom .pit", "pits => pits.map(p => p.dataset.letter).sort()"
    )
    theirs = page.eval_on_selector_all(
        ".row-top .pit", "pits => pits.map(p => p.dataset.letter).sort()"
    )
    assert mine == ["A", "B", "C", "D", "E", "F"] and theirs == ["a", "b", "c", "d", "e", "f"]
    assert (
        "yours A–F from your left, your opponent's a–f" in page.locator("#pz-notation").inner_text()
    )
    pit, text = solver_moves(puzzle)[0]
    click_pit(page, pit)
    wait_js(
        page,
        "document.getElementById('pz-verdict').textContent.startsWith('✓')"
        " || document.getElementById('pz-feedback').classList.contains('passed')",
    )
    said = page.locator("#pz-verdict").inner_text()
    assert text.upper()[0] + text[1:] in said  # the engine's b7 is the player's B7


def bottom_letters(page: Any) -> list[str]:
    return sorted(
        page.eval_on_selector_all(".row-bottom .pit", "pits => pits.map(p => p.dataset.letter)")
    )


@pytest.fixture
def own_still(browser: Any, server: str, tmp_path: Path) -> Iterator[Any]:
    """A still tab on a server of its own (a fresh instance), failing its test on a console
    error: what the page lists depends only on what this test did there."""
    del server  # the shared server: asked for so that missing Chromium skips or fails alike
    own = Server(tmp_path / "instance", WORKERS="2").start()
    tab = Tab(browser, own.url)
    try:
        yield tab
        assert tab.errors == [], f"console errors: {tab.errors}"
    finally:
        tab.close()
        own.stop()


def past_tries_shown(page: Any, puzzle_id: str) -> None:
    """Wait until the page lists ``puzzle_id`` among the past tries; on a timeout, say what the
    list and the error line showed instead."""
    try:
        wait_js(
            page,
            "id => [...document.querySelectorAll('#pz-tries a')]"
            ".some(a => a.textContent.includes(id))",
            puzzle_id,
        )
    except Exception as exc:
        tries = page.locator("#pz-tries").inner_text()
        error = page.locator("#pz-error").inner_text()
        raise AssertionError(
            f"{puzzle_id} not in the past tries {tries!r} (error line {error!r})"
        ) from exc


def test_a_board_kept_from_a_first_players_puzzle_takes_the_second_players_letters(
    own_still: Any,
) -> None:
    page = own_still.page
    second = next(p for p in load_puzzles("kalah") if p.to_move == 1)
    first = next(p for p in load_puzzles("kalah")[30:] if p.to_move == 0)
    page.goto(f"/puzzles?id={second.id}")
    click_pit(page, any_wrong(second))  # tried: listed in the past tries
    wait_js(page, "document.getElementById('pz-tries').textContent.includes('missed')")
    page.goto(f"/puzzles?id={first.id}")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    assert bottom_letters(page) == ["A", "B", "C", "D", "E", "F"]
    past_tries_shown(page, second.id)
    page.locator("#pz-tries a", has_text=second.id).click()  # drawn on the same page
    wait_js(page, f"location.search.includes('{second.id}')")
    wait_js(page, "document.querySelector('.row-bottom .pit.legal')")
    assert bottom_letters(page) == ["A", "B", "C", "D", "E", "F"]  # it said a-f
