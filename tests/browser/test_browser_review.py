"""Review and analysis in Chromium (issue 15): a short game played to the end, stepped through
with the keyboard, analysed (progress, graph, tags, summary), a click on the graph, the record
exported as text and JSON and imported again into review; the game-over dialog's "Analyse"
lands on the move where the game turned.  Screenshots at 1280x800 and 390x844 go to
test-artifacts/ (look at them)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

SMALL = {"variant": "kalah", "options": {"pits": 3, "seeds": 3}}


@pytest.fixture
def laptop(browser: Any, server: str) -> Iterator[Tab]:
    t = Tab(browser, server, viewport={"width": 1280, "height": 800})
    yield t
    errors = list(t.errors)
    t.close()
    assert errors == [], f"console errors: {errors}"


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Tab]:
    t = Tab(browser, server, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield t
    errors = list(t.errors)
    t.close()
    assert errors == [], f"console errors: {errors}"


def new_game(tab: Tab, **params: Any) -> str:
    """A game against the computer (Beginner) on a small board, opened in the tab."""
    response = tab.context.request.post(
        "/api/games", data={**SMALL, "mode": "computer", "level": "beginner", **params}
    )
    assert response.status == 201, response.text()
    game_id = str(response.json()["id"])
    tab.page.goto(f"/game/{game_id}")
    tab.page.wait_for_selector(".board .pit")
    return game_id


def game_json(tab: Tab, game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = tab.context.request.get(f"/api/games/{game_id}").json()
    return data


def status(tab: Tab) -> str:
    return str(tab.page.locator("#status").inner_text())


def current_pos(tab: Tab) -> int | None:
    found = tab.page.locator("#rv-moves [aria-current='step']")
    return int(found.get_attribute("data-pos") or -1) if found.count() else None


def wait_analysed(tab: Tab) -> None:
    wait_js(tab.page, "!document.getElementById('rv-summary').hidden", timeout=90_000)


def test_review_analyse_graph_and_records(laptop: Tab) -> None:
    tab, page = laptop, laptop.page
    game_id = new_game(tab)
    tab.play_to_the_end()
    game = game_json(tab, game_id)
    moves = game["moves"]
    n = len(moves)
    assert n >= 3

    # The game-over dialog offers the review; the board then shows the last position.
    assert page.locator("#btn-review").is_visible() and page.locator("#btn-analyse").is_visible()
    page.locator("#btn-review").click()
    assert page.locator("#rv-banner").is_visible()
    assert status(tab) == f"Review: after {moves[-1]['turn']}. {moves[-1]['notation']}"
    assert tab.counts() == moves[-1]["board"]

    # One numbered line per turn, every move a button.
    turns = sorted({m["turn"] for m in moves})
    assert page.locator("#rv-moves > li").count() == len(turns)
    assert page.locator("#rv-moves button.rv-move").count() == n

    # The keyboard steps through the positions, each with its sowing marked.
    page.keyboard.press("Home")
    assert status(tab) == "Review: the start"
    assert tab.counts() == game["initial_board"]
    page.keyboard.press("ArrowRight")
    assert tab.counts() == moves[0]["board"]
    assert current_pos(tab) == 1
    sown = page.locator(".board .sown").count()
    assert sown == len(set(moves[0]["record"]["sown"]))
    assert page.locator(".board .pit.last").count() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert current_pos(tab) == 1
    page.keyboard.press("End")
    assert tab.counts() == moves[-1]["board"]
    tab.shot("review-laptop-stepping")

    # Analyse: progress, then the graph, tags in the move list and each player's summary.
    page.locator("#rv-analyse").click()
    wait_analysed(tab)
    assert "Analysed" in page.locator("#rv-progress-text").inner_text()
    analysis = tab.context.request.get(f"/api/games/{game_id}/analysis").json()
    assert analysis["status"] == "done" and analysis["done"] == n
    tagged = page.locator("#rv-moves button[class*='tag-']")
    assert tagged.count() == n
    for entry in analysis["moves"]:
        button = page.locator(f"#rv-moves button[data-pos='{entry['ply'] + 1}']")
        assert f"tag-{entry['tag']}" in (button.get_attribute("class") or "")
    assert page.locator("#rv-graph svg polyline").count() == 1
    rows = page.locator("#rv-summary tr").count()
    assert rows == 3  # a header and one row per player
    assert "loss" in (page.locator("#rv-help").text_content() or "")

    # A click on the graph goes to that position.
    page.locator("#rv-graph svg").scroll_into_view_if_needed()
    box = page.locator("#rv-graph svg").bounding_box()
    assert box is not None
    target = max(1, n // 2)
    x = box["x"] + box["width"] * (6 + (320 - 12) * target / n) / 320
    page.mouse.click(x, box["y"] + box["height"] / 2)
    assert current_pos(tab) == target
    assert tab.counts() == moves[target - 1]["board"]
    assert page.locator("#rv-graph .graph-now").count() == 1
    # The board shows the next move's values for every legal pit of the player to move.
    if target < n:
        valued = page.locator(".board .pit.valued").count()
        assert valued == len(analysis["moves"][target]["values"])
        assert page.locator("#rv-comment").inner_text().strip()
    tab.shot("review-laptop-analysed")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#rv-graph").scroll_into_view_if_needed()
    tab.shot("review-phone-analysed")
    page.set_viewport_size({"width": 1280, "height": 800})

    # Back to the live game in one click.
    page.locator("#rv-live").click()
    assert not page.locator("#rv-banner").is_visible()
    assert tab.counts() == game["board"]

    # Records out: text and JSON, from the page's links.
    text_url = page.locator("#rv-export-text").get_attribute("href")
    json_url = page.locator("#rv-export-json").get_attribute("href")
    assert text_url and json_url
    record_text = tab.context.request.get(text_url).text().strip()
    record = tab.context.request.get(json_url).json()
    assert record_text.startswith("kalah") and record["moves"] == [m["pit"] for m in moves]

    # Records in: the pasted text opens a new game in review, at the start.
    page.locator("#rv-import-box summary").click()
    page.locator("#rv-import-text").fill(record_text)
    page.locator("#rv-import button[type=submit]").click()
    page.wait_for_url(re.compile(rf"/game/(?!{re.escape(game_id)})[\w-]+#review$"))
    wait_js(page, "document.getElementById('status').textContent === 'Review: the start'")
    assert page.locator("#rv-moves button.rv-move").count() == n
    assert tab.counts() == game["initial_board"]
    page.keyboard.press("End")
    assert tab.counts() == moves[-1]["board"]

    # And an uploaded JSON file does the same; a bad one is refused with the server's reason.
    page.goto(f"/game/{game_id}")
    page.wait_for_selector(".board .pit")
    page.locator("#rv-import-box summary").click()
    page.locator("#rv-import-text").fill('{"variant": "kalah", "moves": [99]}')
    page.locator("#rv-import button[type=submit]").click()
    wait_js(page, "document.getElementById('rv-import-error').textContent.length > 0")
    assert "record" in page.locator("#rv-import-error").inner_text().lower()
    # (the browser logs the refused request itself: that 400 was the point)
    tab.errors[:] = [e for e in tab.errors if "status of 400" not in e]
    page.locator("#rv-import-text").fill("")
    page.locator("#rv-import-file").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}
    )
    page.locator("#rv-import button[type=submit]").click()
    page.wait_for_url(re.compile(r"#review$"))
    wait_js(page, "document.querySelectorAll('#rv-moves button.rv-move').length > 0")
    assert page.locator("#rv-moves button.rv-move").count() == n


def test_analyse_from_the_game_over_dialog_on_a_phone(phone: Tab) -> None:
    tab, page = phone, phone.page
    game_id = new_game(tab)
    tab.play_to_the_end()
    page.locator("#btn-analyse").click()  # one click ...
    wait_analysed(tab)
    analysis = tab.context.request.get(f"/api/games/{game_id}/analysis").json()
    worst = max(analysis["moves"], key=lambda m: m["loss"])
    if worst["loss"] > 0:  # ... and the board is at the move where the game turned
        moves = game_json(tab, game_id)["moves"]
        before = moves[worst["ply"] - 1] if worst["ply"] else None
        where = f"Review: after {before['turn']}. {before['notation']}" if before else ""
        wait_js(
            page,
            "w => document.getElementById('status').textContent === w",
            where or "Review: the start",
        )
        assert current_pos(tab) == (worst["ply"] or None)
        comment = page.locator("#rv-comment").inner_text()
        assert "better" in comment or "best is" in comment, comment
        assert page.locator(".board .pit.hint").count() == 1  # the better move, marked
    tab.shot("review-phone-turning-point")
    page.locator("#rv-live").click()
    assert not page.locator("#rv-banner").is_visible()


def test_hint_values_are_in_seeds_and_marked_exact(laptop: Tab) -> None:
    tab, page = laptop, laptop.page
    new_game(tab)
    assert tab.wait_turn_or_over()
    page.keyboard.press("h")
    wait_js(page, "!document.getElementById('rv-values-note').hidden", timeout=30_000)
    note = page.locator("#rv-values-note").inner_text()
    assert "all exact" in note, note  # a 3x3 board is solved
    values = page.locator(".board .pit.valued .value").all_inner_texts()
    assert values and all(v.endswith("✓") for v in values), values
    said = page.locator("#thinking-info").inner_text()
    assert said.startswith("Hint: best ") and "seeds (exact)" in said, said
    tab.shot("review-hint-exact")


def test_a_live_game_between_two_devices_is_reviewed_only_once_over(
    browser: Any, server: str
) -> None:
    host = Tab(browser, server)
    try:
        response = host.context.request.post("/api/games", data={**SMALL, "mode": "remote"})
        game_id = response.json()["id"]
        host.page.goto(f"/game/{game_id}")
        host.page.wait_for_selector(".board .pit")
        assert host.page.locator("#rv-note").is_visible()
        assert host.page.locator("#rv-analysis").is_hidden()
        host.page.keyboard.press("ArrowLeft")
        assert not host.page.locator("#rv-banner").is_visible()
        assert host.errors == []
    finally:
        host.close()
