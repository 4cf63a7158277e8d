"""A tournament evening as people see it (issue 33): a paired player is taken to the game at once
with a sound, the game's page names its tournament and round, a no-show loses by forfeit (the
one who came sees "+/−" and its legend, without replaying), a removed player is told, the
director's pause is named apart from a player's break and stops the countdown, the lists are
live, and on a phone the cross-table scrolls with its names in view."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

# Every oscillator started (a sound played), with the page it played on, kept across pages.
SOUNDS = """
(() => {
  try { localStorage.setItem("mancala.sound", "on"); } catch (e) {}
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    const heard = JSON.parse(sessionStorage.getItem("heard") || "[]");
    heard.push(location.pathname);
    sessionStorage.setItem("heard", JSON.stringify(heard));
    return start.apply(this, args);
  };
})();
"""
CLOCK = {"minutes": 1, "increment": 0}
LEGAL = ".row-bottom .pit.legal"


def post(tab: Tab, path: str, body: dict[str, Any], status: int = 200) -> Any:
    r = tab.context.request.post(path, data=body)
    assert r.status == status, (path, r.status, r.text()[:300])
    return r.json()


def get(tab: Tab, path: str) -> Any:
    r = tab.context.request.get(path)
    assert r.status == 200, (path, r.status, r.text()[:300])
    return r.json()


def tournament(director: Tab, name: str, you: str | None, **body: Any) -> str:
    sent = {"name": name, "system": "round_robin", "variant": "kalah", **body}
    if you:
        sent["you"] = you
    return str(post(director, "/api/tournaments", sent, 201)["id"])


def test_a_no_show_forfeits_and_the_one_who_came_is_taken_there_and_wins(
    browser: Any, server: str
) -> None:
    efua, kojo = Tab(browser, server), Tab(browser, server)
    efua.context.add_init_script(SOUNDS)
    try:
        tid = tournament(efua, "No-show night", "Dede", clock=CLOCK)
        post(kojo, f"/api/tournaments/{tid}/join", {"name": "Kojo"})
        efua.page.goto("/")  # Dede waits in the room; Kojo never comes
        efua.page.locator("#lobby-tournaments a", has_text="No-show night").wait_for()
        post(efua, f"/api/tournaments/{tid}/start", {})
        # Paired with the room's page open: taken to the game at once, with a sound.
        efua.page.wait_for_url(re.compile(r"/game/[\w-]+$"), timeout=20_000)
        heard = efua.page.evaluate("JSON.parse(sessionStorage.getItem('heard') || '[]')")
        assert "/" in heard, heard
        # The game's page names its tournament and round, linked back.
        line = efua.page.locator("#game-tournament")
        line.wait_for()
        assert re.search(r"No-show night · round 1", line.text_content() or "")
        assert line.locator("a").get_attribute("href") == f"/tournaments/{tid}"
        efua.page.locator(LEGAL).first.click()  # Dede moves; Kojo's window runs (30 s)
        efua.page.goto(f"/tournaments/{tid}")
        result = efua.page.locator("#t-games .result")
        result.filter(has_text="+/−").wait_for(timeout=90_000)  # no replay: a forfeit win
        assert efua.page.locator("#t-games li").count() == 1
        legend = efua.page.locator("#t-legend")
        assert legend.is_visible() and "forfeit" in (legend.text_content() or "")
        assert "+" in (efua.page.locator("#t-cross tbody tr").first.text_content() or "")
        rows = efua.page.evaluate(
            "[...document.querySelectorAll('#t-standings tbody tr')]"
            ".map(r => [...r.cells].slice(0, 3).map(c => c.textContent.trim()))"
        )
        assert rows == [["1", "Dede (you)", "1"], ["2", "Kojo", "0"]]
        efua.shot("tournament-forfeit")
    finally:
        efua.context.close()
        kojo.context.close()


def test_a_removed_player_is_told_and_the_ready_notice_goes(browser: Any, server: str) -> None:
    abena, kwame, akosua = (Tab(browser, server) for _ in range(3))
    try:
        tid = tournament(abena, "Remove night", "Abena", clock=CLOCK)
        for tab, name in ((kwame, "Kwame"), (akosua, "Akosua")):
            post(tab, f"/api/tournaments/{tid}/join", {"name": name})
        post(abena, f"/api/tournaments/{tid}/start", {})  # round 1: Kwame - Akosua
        kwame.page.goto(f"/tournaments/{tid}")
        kwame.page.locator("#t-your-game:not([hidden])").wait_for()  # offered, not jumped to
        abena.page.goto(f"/tournaments/{tid}")
        abena.page.get_by_role("button", name="Remove Kwame").click()
        notice = kwame.page.locator("#t-notice:not([hidden])")
        notice.wait_for(timeout=20_000)
        assert "removed you" in (notice.text_content() or "")
        assert kwame.page.locator("#t-your-game").is_hidden()
        cell = kwame.page.locator("#t-standings td.t-gone")
        assert "removed by the director" in (cell.text_content() or "")
        kwame.shot("tournament-removed")
        post(abena, f"/api/tournaments/{tid}/end", {})
    finally:
        for tab in (abena, kwame, akosua):
            tab.context.close()


def test_the_directors_pause_is_named_apart_and_stops_the_countdown(
    browser: Any, server: str
) -> None:
    yaa, kwesi = Tab(browser, server), Tab(browser, server)
    try:
        tid = tournament(yaa, "Pause arena", "Yaa", system="arena", minutes=20)
        post(kwesi, f"/api/tournaments/{tid}/join", {"name": "Fiifi"})
        post(yaa, f"/api/tournaments/{tid}/start", {})
        page = yaa.page
        page.goto(f"/tournaments/{tid}")
        page.get_by_role("button", name="Take a break").wait_for()
        pause = page.get_by_role("button", name="Pause the tournament")
        assert pause.count() == 1
        assert page.get_by_role("button", name="Pause", exact=True).count() == 0
        pause.click()
        clock = page.locator("#t-clock")
        wait_js(page, "document.getElementById('t-clock').textContent.includes('(paused)')")
        first = clock.text_content()
        time.sleep(2.5)
        assert clock.text_content() == first  # the countdown stands still
        meta = page.locator("#t-meta").text_content() or ""
        assert "countdown is stopped" in meta and "games being played go on" in meta
        page.get_by_role("button", name="Resume the tournament").click()
        wait_js(page, "!document.getElementById('t-clock').textContent.includes('(paused)')")
        post(yaa, f"/api/tournaments/{tid}/end", {})
    finally:
        yaa.context.close()
        kwesi.context.close()


def test_a_new_tournament_shows_at_once_on_the_list_and_in_the_room(
    browser: Any, server: str
) -> None:
    nana, ekow, afua = (Tab(browser, server) for _ in range(3))
    try:
        nana.page.goto("/tournaments")
        nana.page.locator("#t-list").wait_for()
        ekow.page.goto("/")
        ekow.page.locator("#lobby-here").wait_for(state="attached")
        time.sleep(1.0)  # both pages are waiting on the list's version
        tid = tournament(afua, "Live arrival", None)
        nana.page.locator("#t-list a", has_text="Live arrival").wait_for(timeout=8_000)
        ekow.page.locator("#lobby-tournaments a", has_text="Live arrival").wait_for(timeout=8_000)
        post(afua, f"/api/tournaments/{tid}/end", {})
        nana.page.locator("#t-list li", has_text="finished").first.wait_for(timeout=8_000)
    finally:
        for tab in (nana, ekow, afua):
            tab.context.close()


def test_on_a_phone_the_cross_table_scrolls_with_its_names_in_view(
    browser: Any, server: str
) -> None:
    names = ["Akua Adwoa", "Kwaku", "Ekua", "Kofi Boateng", "Ama Serwaa", "Yaw Mensah", "Esi Owusu"]
    director = Tab(browser, server)
    joiners = [Tab(browser, server) for _ in names]
    phone = Tab(browser, server, viewport={"width": 390, "height": 844})
    try:
        tid = tournament(director, "Phone cross", "Adjoa Serwaa")
        for tab, name in zip(joiners, names, strict=True):
            post(tab, f"/api/tournaments/{tid}/join", {"name": name})
        page = phone.page
        page.goto(f"/tournaments/{tid}")
        wait_js(page, "document.querySelectorAll('#t-cross tbody tr').length === 8")
        scroll = "document.querySelector('#t-cross').parentElement"
        sizes = page.evaluate(
            f"(() => {{ const s = {scroll}; return [s.scrollWidth, s.clientWidth, "
            "document.documentElement.scrollWidth]; })()"
        )
        assert sizes[0] > sizes[1], sizes  # the table is wider than the screen: it scrolls
        assert sizes[2] <= 390, sizes  # and the page itself does not
        page.evaluate(f"{scroll}.scrollLeft = 10000")
        boxes = page.evaluate(
            f"(() => {{ const s = {scroll}.getBoundingClientRect();"
            " const name = document.querySelector('#t-cross tbody tr td.t-sticky')"
            ".getBoundingClientRect();"
            " const cells = document.querySelectorAll('#t-cross thead th');"
            " const last = cells[cells.length - 1].getBoundingClientRect();"
            " return [s.left, s.right, name.left, name.right, last.right]; })()"
        )
        left, right, name_left, name_right, last_right = boxes
        assert abs(name_left - left) < 2, boxes  # the names stay at the left edge
        assert name_right < last_right <= right + 1, boxes  # the last column is in view
        phone.shot("tournament-phone-cross")
        post(director, f"/api/tournaments/{tid}/end", {})
    finally:
        for tab in (director, *joiners, phone):
            tab.context.close()


def end_by_api(white: Tab, black: Tab, game: str, how: str) -> None:
    """End a game through the API: ``win`` (black resigns) or ``draw`` (offered, accepted)."""
    version = get(white, f"/api/games/{game}")["version"]
    if how == "win":
        post(black, f"/api/games/{game}/resign", {"version": version})
        return
    post(white, f"/api/games/{game}/draw", {"version": version})
    version = get(black, f"/api/games/{game}")["version"]
    post(black, f"/api/games/{game}/draw", {"version": version, "action": "accept"})


def test_a_swiss_bye_goes_to_the_lowest_without_one(browser: Any, server: str) -> None:
    # Five players, the computer among them (seeded last, so round 1's bye is its): after a
    # win and a draw in round 1 (1, 1 with the bye, ½, ½, 0), round 2's bye is the loser's.
    names = ["Adoma", "Kwadwo", "Afia", "Kobina"]
    tabs = {n: Tab(browser, server) for n in names}
    watcher = Tab(browser, server, viewport={"width": 1280, "height": 800})
    try:
        director = tabs["Adoma"]
        tid = tournament(director, "Swiss bye", "Adoma", system="swiss", rounds=2, clock=CLOCK)
        for n in names[1:]:
            post(tabs[n], f"/api/tournaments/{tid}/join", {"name": n})
        post(director, f"/api/tournaments/{tid}/computer", {"level": "beginner"})
        post(director, f"/api/tournaments/{tid}/start", {})
        watcher.page.goto(f"/tournaments/{tid}")
        t = get(watcher, f"/api/tournaments/{tid}")
        ids = {p["id"]: p["name"] for p in t["players"]}
        round1 = [g for g in t["games"] if g["round"] == 1]
        assert [ids[g["white"]] for g in round1 if g["black"] is None] == ["Computer (beginner)"]
        played = [g for g in round1 if g["black"]]
        for g, how in zip(played, ("win", "draw"), strict=True):
            end_by_api(tabs[ids[g["white"]]], tabs[ids[g["black"]]], g["game"], how)
        loser = ids[played[0]["black"]]
        bye = watcher.page.locator("#t-games li", has_text="Round 2").filter(has_text="(bye)")
        bye.wait_for(timeout=20_000)
        assert (bye.text_content() or "").count(loser) == 1, (loser, bye.text_content())
        watcher.shot("tournament-swiss-bye")
        post(director, f"/api/tournaments/{tid}/end", {})
    finally:
        for tab in (*tabs.values(), watcher):
            tab.context.close()
