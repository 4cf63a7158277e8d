"""Issue 35's walk, in Chromium: learn from your mistakes shows a whole line and why it wins,
with the truth about its check; the rest of the walk's defects, each as a person meets it."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_browser_pie import LOOKS, opened
from tests.browser.test_browser_play import MOVES, Tab, wait_js

pytestmark = pytest.mark.browser


def own_puzzle(page: Any) -> tuple[str, dict[str, Any]]:
    """A blunder (C2) in an analysed local game of this tab's device: the game's id and the
    move's analysis entry."""
    page.goto("/learn")  # any page: the API calls below share the tab's cookies
    api = page.request
    position = {"board": [1, 0, 2, 0, 3, 0, 12, 2, 3, 1, 4, 5, 2, 13], "to_move": 0}
    game = api.post("/api/games", data={"variant": "kalah", "mode": "local", "position": position})
    game = game.json()
    game = api.post(f"/api/games/{game['id']}/moves", data={"pit": 2, "version": game["version"]})
    game = game.json()
    assert api.post(f"/api/games/{game['id']}/analysis").ok
    deadline = time.monotonic() + 60
    while (analysis := api.get(f"/api/games/{game['id']}/analysis").json())["status"] != "done":
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.2)
    missed: dict[str, Any] = analysis["moves"][0]
    assert missed["tag"] in ("mistake", "blunder"), missed
    return str(game["id"]), missed


def test_a_mistakes_puzzle_plays_a_line_says_why_and_how_sure(still: Tab) -> None:
    page = still.page
    game, missed = own_puzzle(page)
    page.goto(f"/puzzles?game={game}")
    wait_js(page, "document.getElementById('pz-title').textContent === 'Your Kalah puzzle'")
    meta = page.locator("#pz-meta").inner_text()
    assert "from your game, turn 1 (you played C2" in meta, meta
    proof = page.locator("#pz-proof").inner_text()
    assert "depth 1" not in proof, proof  # was hard-coded for every estimate
    assert proof.startswith(("Exact: the game's analysis solved", "An estimate: the game's")), proof
    page.locator(f".row-bottom .pit[data-pit='{missed['best']}']").click()
    wait_js(page, "document.getElementById('pz-feedback').classList.contains('passed')")
    wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
    line = page.locator("#pz-last").inner_text().removeprefix("Solution: ").split()
    assert len(line) >= 2, line  # a line, not one move
    task = page.locator("#pz-task").inner_text()
    assert task.startswith("Solved. In the line, "), task
    assert "given away" in task and not re.search(r"\d\.\d", task), task  # whole seeds
    still.shot("walk-own-puzzle")


def test_the_pie_hint_is_gone_once_a_move_is_made(browser: Any, server: str) -> None:
    tab = opened(browser, server, "laptop-light")
    try:
        page = tab.page
        made = tab.context.request.post(
            "/api/games",
            data={
                "variant": "kalah",
                "options": {"pie": True},
                "mode": "computer",
                "level": "hard",
                "first": "computer",
            },
        )
        assert made.status == 201, made.text()
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector("#swap-offer:not([hidden])", timeout=60_000)
        page.locator("#btn-hint").click()
        wait_js(page, "document.getElementById('status').textContent.includes('Hint: swap')")
        before = tab.moves()
        page.locator(".row-bottom .pit.legal").first.click()  # sow instead of swapping
        wait_js(page, f"document.querySelectorAll('{MOVES}').length > {before}")
        page.wait_for_selector("#swap-offer[hidden]", state="attached")
        assert "swap sides" not in page.locator("#status").inner_text()
        tab.wait_turn_or_over()
        assert "swap sides" not in page.locator("#status").inner_text()
        assert tab.errors == []
    finally:
        tab.close()


def test_learn_and_puzzles_are_in_the_header(still: Tab) -> None:
    page = still.page
    page.goto("/")
    nav = page.locator(".site-header nav")
    assert nav.get_by_role("link", name="Learn", exact=True).get_attribute("href") == "/learn"
    assert nav.get_by_role("link", name="Puzzles", exact=True).get_attribute("href") == "/puzzles"


@pytest.mark.parametrize("look", [LOOKS[0], LOOKS[3]])
def test_thinking_tells_one_number_story_and_is_kept_across_a_reload(
    browser: Any, server: str, look: str
) -> None:
    tab = opened(browser, server, look)
    try:
        page = tab.page
        tab.start_from_menu("Play the computer", level="medium")
        page.locator("#show-thinking").check()
        page.evaluate(
            """() => { window.thoughts = [];
            const info = document.getElementById('thinking-info');
            new MutationObserver(() => window.thoughts.push(info.textContent))
              .observe(info, {childList: true, characterData: true, subtree: true}); }"""
        )
        for _ in range(2):
            tab.wait_turn_or_over()
            tab.play()
        wait_js(page, "document.getElementById('thinking-info').textContent.includes('seeds')")
        tab.wait_turn_or_over()
        thoughts = [t for t in page.evaluate("window.thoughts") if t]
        assert not [t for t in thoughts if ", value " in t], thoughts  # the search's own scale
        page.reload()
        page.wait_for_selector(".board .pit")
        assert page.locator("#show-thinking").is_checked()
        wait_js(page, "document.getElementById('thinking-info').textContent.includes('seeds')")
        tab.shot(f"walk-thinking-{look}")
        page.locator("#show-thinking").uncheck()
        page.reload()
        page.wait_for_selector(".board .pit")
        assert not page.locator("#show-thinking").is_checked()
        assert tab.errors == []
    finally:
        tab.close()


def test_arrows_in_a_live_game_move_between_pits_not_into_review(still: Tab) -> None:
    page = still.page
    still.start_from_menu("Play the computer")
    still.play()
    assert still.wait_turn_or_over()
    page.locator("body").click(position={"x": 5, "y": 5})  # no pit has the focus
    page.keyboard.press("ArrowRight")
    assert not page.locator("#rv-banner").is_visible()  # not into review
    focused = page.evaluate("document.activeElement.classList.contains('pit')")
    assert focused, "the arrow gave a pit the focus"
    page.keyboard.press("ArrowRight")
    assert not page.locator("#rv-banner").is_visible()
    legal = page.locator(".row-bottom .pit.legal").first.get_attribute("data-pit")
    before = still.moves()
    page.keyboard.press(str(int(legal or 0) + 1))  # a number key plays, as it says
    wait_js(page, f"document.querySelectorAll('{MOVES}').length > {before}")


def test_review_tells_turns_in_the_banner_as_in_the_list(still: Tab) -> None:
    page = still.page
    still.start_from_menu("Play the computer")
    for _ in range(2):
        assert still.wait_turn_or_over()
        still.play()
    assert still.wait_turn_or_over()
    page.locator("#rv-prev").click()
    page.locator("#rv-banner").wait_for(state="visible")
    where = page.locator("#rv-where").inner_text()
    game = page.request.get(f"/api/games/{page.url.rsplit('/', 1)[1]}").json()
    moves = game["moves"]
    shown = moves[len(moves) - 2]
    turns = moves[-1]["turn"]
    assert where.startswith(
        f"Reviewing after {shown['turn']}. {shown['notation']} (turn {shown['turn']} of {turns})"
    ), where
    assert "move " not in where
    assert (
        page.locator("#status").inner_text()
        == f"Review: after {shown['turn']}. {shown['notation']}"
    )
    labels = page.locator("#rv-moves button.rv-move").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert all(label.startswith("Turn ") for label in labels), labels


def recorded_game(page: Any, plies: int) -> tuple[str, int]:
    """A local Kalah game of ``plies`` moves (or fewer where it ends) and its record's text."""
    api = page.request
    game = api.post("/api/games", data={"variant": "kalah", "mode": "local"}).json()
    for _ in range(plies):
        if game["status"] == "over":
            break
        pit = game["legal_moves"][-1]
        game = api.post(
            f"/api/games/{game['id']}/moves", data={"pit": pit, "version": game["version"]}
        ).json()
    record = api.get(f"/api/games/{game['id']}/record").text()
    return record, len(game["moves"])


def test_the_analysis_board_keeps_an_imported_line_and_steps_along_it(still: Tab) -> None:
    page = still.page
    page.goto("/analysis")
    page.wait_for_selector("#board .pit.legal")
    for summary in ("#ab-editor summary", "#ab-import summary"):
        marker = page.evaluate(
            "s => getComputedStyle(document.querySelector(s), '::before').content", summary
        )
        assert marker == '"▸"', (summary, marker)  # the panels say they open
    record, total = recorded_game(page, 24)
    assert total >= 12
    page.locator("#ab-show-values").uncheck()  # (the line is under test, not the engine's values)
    page.click("#ab-import summary")
    page.fill("#ab-record", record)
    page.locator("#ab-import-form button[type=submit]").click()
    moves = "document.querySelectorAll('#ab-moves .ab-move').length"
    wait_js(page, f"{moves} === {total}")
    current = (
        "[...document.querySelectorAll('#ab-moves .ab-move')]"
        ".findIndex(b => b.getAttribute('aria-current'))"
    )
    page.locator("#ab-moves .ab-move").nth(4).click()  # the position after the fifth move
    wait_js(page, f"{current} === 4")
    assert page.evaluate(moves) == total  # the line is kept, not cut to 5 moves
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")  # steps on along the line
    wait_js(page, f"{current} === 5")
    page.keyboard.press("ArrowLeft")
    wait_js(page, f"{current} === 4")
    page.keyboard.press("End")
    wait_js(page, f"{current} === {total - 1}")
    assert page.evaluate(moves) == total
    still.shot("walk-analysis-line")


def test_the_analysis_board_help_follows_the_flip_and_an_empty_pit_answers(still: Tab) -> None:
    page = still.page
    # Kalah 3x2 after A2 (bottom): A is empty, the top row moves.
    page.goto("/analysis?variant=kalah&options=%7B%22pits%22%3A3%2C%22seeds%22%3A2%7D&moves=0")
    page.wait_for_selector("#board .pit.legal")
    wait_js(page, "document.getElementById('ab-moves').textContent.includes('A2')")
    assert "bottom one" in page.locator("#ab-help").inner_text()
    assert page.locator("#ab-status").inner_text() == "Player 2 (the top row) to move"
    page.click("#ab-flip")
    wait_js(page, "document.getElementById('ab-status').textContent.includes('bottom row')")
    assert page.locator("#ab-status").inner_text() == "Player 2 (the bottom row) to move"
    help_text = page.locator("#ab-help").inner_text()
    assert "bottom one" not in help_text and "player 2's row is at the bottom" in help_text
    page.click("#ab-flip")
    empty = page.locator("#board .pit[data-player='0'][data-pit='0']")
    empty.focus()
    page.keyboard.press("Enter")
    wait_js(page, "document.getElementById('ab-last').textContent.includes('Pit A')")
    said = page.locator("#ab-last").inner_text()
    assert said == "Pit A is not the mover's: it is player 2 (the top row)'s turn.", said
    page.goto("/analysis?variant=kalah&options=%7B%22pits%22%3A3%2C%22seeds%22%3A2%7D&moves=0,0")
    wait_js(page, "document.getElementById('ab-status').textContent.startsWith('Player 1')")
    page.locator("#board .pit[data-player='0'][data-pit='0']").focus()
    page.keyboard.press("Enter")
    wait_js(page, "document.getElementById('ab-last').textContent.includes('Pit A')")
    assert page.locator("#ab-last").inner_text() == "Pit A is empty: there is nothing to sow."


BOARD_IN_VIEW = (
    "(() => { const r = document.getElementById('board').getBoundingClientRect();"
    " return r.top >= 0 && r.bottom <= innerHeight; })()"
)


@pytest.mark.parametrize("look", [LOOKS[0], LOOKS[3]])
def test_a_lesson_keeps_the_board_in_view_after_a_try_and_a_next_step(
    browser: Any, server: str, look: str
) -> None:
    from engine.lessons import course

    kalah = course("kalah")
    first = kalah.steps[0]
    state = kalah.state(first)
    wrong = next(p for p in state.legal_moves() if p not in first.answer)
    tab = opened(browser, server, look)
    tab.context.clear_cookies()
    try:
        page = tab.page
        page.goto("/learn#kalah")
        page.wait_for_selector("#board .pit.legal")
        wait_js(page, "document.getElementById('step-title').textContent.startsWith('Step 1 ')")
        page.locator(f"#board .row-bottom .pit[data-pit='{wrong}']").click()
        page.wait_for_selector("#btn-again:not([hidden])")
        wait_js(page, BOARD_IN_VIEW)  # (it was 510 px above on a laptop, 800 on a phone)
        tab.shot(f"walk-learn-wrong-{look}")
        page.locator("#btn-again").click()
        wait_js(page, BOARD_IN_VIEW)
        page.locator(f"#board .row-bottom .pit[data-pit='{first.answer[0]}']").click()
        page.wait_for_selector("#btn-next:not([hidden])")
        wait_js(page, BOARD_IN_VIEW)
        page.locator("#btn-next").click()
        wait_js(page, "document.getElementById('step-title').textContent.startsWith('Step 2 ')")
        wait_js(page, BOARD_IN_VIEW)
        idea = page.locator("#step-idea").inner_text()
        assert "long pit on your right." not in idea and "the bar below the board" in idea, idea
        tab.shot(f"walk-learn-next-{look}")
        assert tab.errors == []
    finally:
        tab.close()


TOGUZ = [5, 12, 0, 3, 9, 1, 7, 2, 4, 60, 6, 1, 8, 0, 2, 9, 3, 2, 1, 27]  # tuzdyks d and C

CLEAR = """() => {
  const box = (e) => e.getBoundingClientRect();
  const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top
    || b.bottom <= a.top;
  const badges = [...document.querySelectorAll('.board .pit.special-tuzdyk')].map(
    (p) => apart(box(p.querySelector('.badge')), box(p.querySelector('.count'))));
  const seeds = [...document.querySelectorAll('.board .store')].map((s) => {
    const dots = box(s.querySelector('.dots'));
    return [...s.querySelectorAll('.seed')].every((i) => { const r = box(i);
      return r.width > 0 && r.left >= dots.left - 0.5 && r.right <= dots.right + 0.5
        && r.top >= dots.top - 0.5 && r.bottom <= dots.bottom + 0.5; });
  });
  return {badges, seeds};
}"""


@pytest.mark.parametrize("look", [LOOKS[0], LOOKS[3]])
def test_toguz_tuzdyk_tags_clear_of_counts_kazans_whole_and_colours_explained(
    browser: Any, server: str, look: str
) -> None:
    tab = opened(browser, server, look)
    try:
        page = tab.page
        position = {"board": TOGUZ, "to_move": 0, "extra": [13, 2]}
        made = tab.context.request.post(
            "/api/games", data={"variant": "toguz_kumalak", "mode": "local", "position": position}
        )
        assert made.status == 201, made.text()
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector(".board .pit.special-tuzdyk .badge")
        found = page.evaluate(CLEAR)
        assert found == {"badges": [True, True], "seeds": [True, True]}, found
        extra = page.locator("#extra").inner_text()
        assert extra == (
            "Player 1's tuzdyk: d (green tag) · Player 2's tuzdyk: C (red tag). A tuzdyk "
            "(chequered, ★) stays empty: every stone sown into it goes to its owner's kazan."
        ), extra
        tab.shot(f"walk-toguz-{look}")
        assert tab.errors == []
    finally:
        tab.close()


APART_FROM_TAGS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const c = box(document.getElementById('callout'));
  const apart = (b) => c.right <= b.left || b.right <= c.left || c.bottom <= b.top
    || b.bottom <= c.top;
  return [...document.querySelectorAll('.player-tag .name, .player-tag .score')]
    .filter((e) => e.offsetParent).map((e) => [e.textContent, apart(box(e))]);
}"""


@pytest.mark.parametrize("look", [LOOKS[0], LOOKS[3]])
def test_a_callout_never_covers_a_name_or_a_score(browser: Any, server: str, look: str) -> None:
    tab = opened(browser, server, look)
    try:
        page = tab.page
        made = tab.context.request.post("/api/games", data={"variant": "kalah", "mode": "local"})
        page.goto(f"/game/{made.json()['id']}")
        page.wait_for_selector(".row-bottom .pit.legal")
        page.locator(".row-bottom .pit[data-pit='2']").click()  # C4+: an extra turn
        page.wait_for_selector("#callout.shown")
        assert page.locator("#callout").inner_text() == "Extra turn for Player 1!"
        found = page.evaluate(APART_FROM_TAGS)
        assert len(found) == 4 and all(ok for _, ok in found), found
        tab.shot(f"walk-callout-{look}")
        assert tab.errors == []
    finally:
        tab.close()


def test_a_lab_game_opens_in_a_new_tab_and_the_match_stays(still: Tab) -> None:
    page = still.page
    page.goto("/lab")
    page.fill("#lab-a", "greedy")
    page.fill("#lab-b", "random")
    page.fill("#lab-games", "2")
    page.click("#lab-start")
    wait_js(page, "document.getElementById('lab-status').textContent.includes('2 of 2 games')")
    link = page.locator("#lab-games-list a").first
    assert link.get_attribute("target") == "_blank"
    with still.context.expect_page() as opened_page:
        link.click()
    game = opened_page.value
    game.wait_for_url(re.compile(r"/game/"))
    game.close()
    assert page.locator("#lab-chart circle").count() == 2  # the match and its chart stayed
    assert page.locator("#lab-games-list a").count() == 2


def test_show_the_solution_plays_it_where_a_phone_can_see_it(browser: Any, server: str) -> None:
    from engine.notation import parse_move
    from engine.puzzles import load_puzzles

    puzzle = load_puzzles("kalah")[0]
    state = puzzle.state()
    best = parse_move(puzzle.best, state.rules.pits).pit
    wrong = next(p for p in state.legal_moves() if p != best)
    tab = opened(browser, server, "phone-dark")
    try:
        page = tab.page
        page.goto(f"/puzzles?id={puzzle.id}")
        page.wait_for_selector("#board .row-bottom .pit.legal")
        page.locator(f"#board .row-bottom .pit[data-pit='{wrong}']").click()
        page.locator("#pz-solution").wait_for(state="visible", timeout=60_000)
        page.locator("#pz-solution").click()
        wait_js(page, BOARD_IN_VIEW)  # while it plays (it was 390 px above the screen)
        wait_js(page, "document.getElementById('pz-last').textContent.startsWith('Solution')")
        tab.shot("walk-solution-phone-dark")
        assert tab.errors == []
    finally:
        tab.close()


def test_the_computers_values_go_once_the_position_moves_on(still: Tab) -> None:
    page = still.page
    still.start_from_menu("Play the computer", level="medium")
    page.locator("#show-thinking").check()
    page.evaluate(
        """() => { window.seen = [];
        const list = document.getElementById('moves');
        new MutationObserver(() => {
          const moves = [...document.querySelectorAll('#moves li')];
          window.seen.push([moves.length,
            document.querySelectorAll('.board .pit.valued').length,
            document.getElementById('thinking-info').textContent]);
        }).observe(list, {childList: true, subtree: true}); }"""
    )
    for _ in range(3):
        assert still.wait_turn_or_over()
        still.play()
    assert still.wait_turn_or_over()
    game = page.request.get(f"/api/games/{page.url.rsplit('/', 1)[1]}").json()
    mine = {m["ply"] + 1 for m in game["moves"] if m["player"] == 0}
    seen = page.evaluate("window.seen")
    after_mine = [s for s in seen if s[0] in mine]
    assert after_mine, seen
    stale = [s for s in after_mine if s[1] > 0]
    assert stale == [], stale  # the computer's values of an older position, still drawn
