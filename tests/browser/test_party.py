"""The LAN party's done-when test: five browser contexts, four players and a spectator, run a
four-player round robin with clocks to its end through the pages.

Ama creates the tournament on /tournaments (naming herself).  Kofi, Esi and Yaw arrive in the
room on the home page, take their names there, see who is here and Yaw's seek come and go
live, follow the room's link to the tournament and join; Ama starts it.  Every game is opened
from "Play your game", both players move on the board, and the game ends by the buttons people
use (resign twice, a draw offered and accepted), so its result is known beforehand and the
standings and the cross-table can be computed by hand.  The spectator watches the standings
live; Esi plays on a phone in dark mode, where the draw offered to her is accepted with its
button in view.
Then Kofi and Yaw play a quick rated game and leave it: its flag is settled unwatched, and the
room's page drops it live.  Last, a casual Swiss of the four and the computer: in round 1 the
computer has the bye, one game is drawn, and in the other white moves and black never comes, so
white wins by forfeit (seen as such, with the legend) without replaying; round 2's bye goes to
the player with no points and no bye yet.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_browser_flags import (
    answer,
    leaves_being_played,
    left_with_its_clock_running,
    post,
)
from tests.browser.test_browser_play import MOVES, Tab, wait_js

pytestmark = pytest.mark.browser

NAMES = ["Ama", "Kofi", "Esi", "Yaw"]
LEGAL = ".row-bottom .pit.legal"
# Berger for four (join order Ama, Kofi, Esi, Yaw): white first.  How each game ends: the
# player named resigns, or "draw" (offered by white, accepted by black).
ROUNDS = [
    [("Ama", "Yaw", "Yaw"), ("Kofi", "Esi", "draw")],
    [("Yaw", "Esi", "Yaw"), ("Ama", "Kofi", "draw")],
    [("Kofi", "Yaw", "Yaw"), ("Esi", "Ama", "Ama")],
]
# By hand: Esi ½+1+1 = 2½, Kofi ½+½+1 = 2, Ama 1+½+0 = 1½, Yaw 0.
# Sonneborn-Berger: Esi 2·½ + 0·1 + 1½·1 = 2½; Kofi 2½·½ + 1½·½ + 0·1 = 2; Ama 0·1 + 2·½ = 1.
# Buchholz: Esi 2+0+1½ = 3½; Kofi 2½+1½+0 = 4; Ama 0+2+2½ = 4½; Yaw 1½+2½+2 = 6.
STANDINGS = [
    ["1", "Esi", "2½", "2½", "3½", "2", "1", "0"],
    ["2", "Kofi", "2", "2", "4", "1", "2", "0"],
    ["3", "Ama", "1½", "1", "4½", "1", "1", "1"],
    ["4", "Yaw", "0", "0", "6", "0", "0", "3"],
]
CROSS = [
    ["1", "Esi", "", "½", "1", "1"],
    ["2", "Kofi", "½", "", "½", "1"],
    ["3", "Ama", "0", "½", "", "1"],
    ["4", "Yaw", "0", "0", "0", ""],
]


def shows(page: Any, element: str, text: str) -> None:
    """Wait until the element with id ``element`` shows ``text``."""
    wait_js(
        page,
        "([id, text]) => (document.getElementById(id)?.textContent || '').includes(text)",
        [element, text],
    )


def rows(page: Any, table: str) -> list[list[str]]:
    """The body rows of a table, each cell's text (without the viewer's "(you)")."""
    found = page.evaluate(
        "(sel) => [...document.querySelectorAll(sel + ' tbody tr')].map("
        "r => [...r.cells].map(c => c.textContent.trim()))",
        table,
    )
    return [[c.removesuffix(" (you)") for c in row] for row in found]


def open_my_game(tab: Tab, tournament: str) -> str:
    """From the tournament page, "Play your game" (or, paired while the page was open, taken
    to the game at once): the game's id."""
    from playwright.sync_api import Error as PlaywrightError

    page = tab.page
    if "/game/" not in page.url and not page.url.endswith(f"/tournaments/{tournament}"):
        page.goto(f"/tournaments/{tournament}")
    play = page.locator("#t-your-game:not([hidden]) #t-play")
    deadline = time.monotonic() + 30
    while "/game/" not in page.url:
        assert time.monotonic() < deadline, "neither taken to the game nor offered it"
        try:
            if play.count():
                play.click(timeout=2_000)
        except PlaywrightError:
            pass  # the page went to the game meanwhile
        time.sleep(0.1)
    page.wait_for_url(re.compile(r"/game/[\w-]+$"))
    page.wait_for_selector(".board .pit")
    return page.url.rsplit("/", 1)[1]


def whose_turn(white: Tab, black: Tab, timeout: float = 15.0) -> Tab:
    """The player whose board has a playable pit (waiting for one)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for tab in (white, black):
            if tab.page.locator(LEGAL).count():
                return tab
        time.sleep(0.1)
    raise AssertionError("neither player has a playable pit")


def move_once_each(white: Tab, black: Tab) -> None:
    """Both players move on the board (whoever's turn it is, until each has moved once)."""
    moved: set[int] = set()
    while len(moved) < 2:
        tab = whose_turn(white, black)
        before = tab.moves()
        tab.page.locator(LEGAL).first.click()
        for each in (white, black):
            wait_js(each.page, f"document.querySelectorAll('{MOVES}').length > {before}")
        moved.add(id(tab))
        assert before < 20, "each player should have moved by now"


def end_game(white: Tab, black: Tab, how: str, tabs: dict[str, Tab], shot: bool = False) -> None:
    """End the game as planned, by the page's buttons; both see the game-over dialog."""
    if how == "draw":
        white.page.locator("#btn-draw:not([hidden])").click()
        black.page.locator("#offer:not([hidden])").wait_for()
        accept = black.page.get_by_role("button", name="Accept")
        box, size = accept.bounding_box(), black.page.viewport_size
        assert box is not None and size is not None  # in view as the page stands, on a phone too
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (box, size)
        accept.click()
    else:
        loser = tabs[how]
        loser.page.locator("#btn-resign").click()
        loser.page.locator("#btn-resign").click()  # "Really resign?": the second click
    for tab in (white, black):
        wait_js(tab.page, "document.getElementById('over-dialog').open")
        assert not tab.page.locator("#btn-again").is_visible()  # the tournament pairs
        if shot:
            tab.shot("party-game-over")
            shot = False
        tab.page.get_by_role("link", name="Back to the tournament").click()
        tab.page.wait_for_url(re.compile(r"/tournaments/[\w-]+$"))


def swiss_with_a_no_show_and_a_bye(tabs: dict[str, Tab], spectator: Tab) -> None:
    """A casual two-round Swiss of the four and the computer, followed on ``spectator``."""
    ama = tabs["Ama"]
    body = {"name": "Swiss night", "system": "swiss", "rounds": 2, "rated": False}
    tid = post(ama, "/api/tournaments", {**body, "you": "Ama", "clock": {"minutes": 3}}, 201)["id"]
    for name in NAMES[1:]:
        post(tabs[name], f"/api/tournaments/{tid}/join", {"name": name})
    post(ama, f"/api/tournaments/{tid}/computer", {"level": "beginner"})
    post(ama, f"/api/tournaments/{tid}/start", {})
    page = spectator.page
    page.goto(f"/tournaments/{tid}")
    t = answer(spectator.context.request.get(f"/api/tournaments/{tid}"))
    ids = {p["id"]: p["name"] for p in t["players"]}
    games = [g for g in t["games"] if g["round"] == 1]
    assert [ids[g["white"]] for g in games if g["black"] is None] == ["Computer (beginner)"]
    drawn, missed = [g for g in games if g["black"]]
    white, black = tabs[ids[drawn["white"]]], tabs[ids[drawn["black"]]]
    version = answer(white.context.request.get(f"/api/games/{drawn['game']}"))["version"]
    post(white, f"/api/games/{drawn['game']}/draw", {"version": version})
    version = answer(black.context.request.get(f"/api/games/{drawn['game']}"))["version"]
    post(black, f"/api/games/{drawn['game']}/draw", {"version": version, "action": "accept"})
    # White moves on the board; black never comes (their first-move window is 30 s).
    mover = tabs[ids[missed["white"]]]
    mover.page.goto(f"/game/{missed['game']}")
    mover.page.locator(LEGAL).first.click()
    wait_js(mover.page, f"document.querySelectorAll('{MOVES}').length > 0")
    forfeit = page.locator("#t-games li", has_text="Round 1").filter(has_text="+/−")
    forfeit.wait_for(timeout=90_000)  # won by forfeit, not replayed
    assert page.locator("#t-legend").is_visible()
    bye = page.locator("#t-games li", has_text="Round 2").filter(has_text="(bye)")
    bye.wait_for(timeout=20_000)
    assert ids[missed["black"]] in (bye.text_content() or "")  # the lowest without a bye
    assert page.locator("#t-games li", has_text="Round 1").count() == 3  # no replayed game
    spectator.shot("party-swiss-forfeit-bye")
    post(ama, f"/api/tournaments/{tid}/end", {})


def test_four_friends_play_a_round_robin_to_its_end(browser: Any, server: str) -> None:
    tabs = {name: Tab(browser, server) for name in NAMES if name != "Esi"}
    # Esi is on a phone in dark mode: offers reach her in view (her round-1 draw is accepted there).
    tabs["Esi"] = Tab(
        browser,
        server,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        color_scheme="dark",
    )
    spectator = Tab(browser, server, viewport={"width": 1280, "height": 800})
    try:
        ama = tabs["Ama"].page
        ama.goto("/tournaments")
        ama.fill("#c-name", "Friday party")
        ama.fill("#c-you", "Ama")
        ama.fill("#c-pits", "4")
        ama.fill("#c-seeds", "3")
        ama.fill("#c-clock", "3")
        ama.fill("#c-increment", "2")
        ama.get_by_role("button", name="Create").click()
        ama.wait_for_url(re.compile(r"/tournaments/[\w-]+$"))
        tid = ama.url.rsplit("/", 1)[1]
        shows(ama, "t-standings", "Ama (you)")

        spectator.page.goto(f"/tournaments/{tid}")
        # The others arrive in the room on the home page: each takes a name there, sees who is
        # here, and Yaw's open seek live, then follows the room's link to the tournament.
        for name in NAMES[1:]:
            page = tabs[name].page
            page.goto("/")
            page.wait_for_selector("#lobby-name:not([hidden])")  # a guest is asked for a name
            page.get_by_label(re.compile("Your name in the room")).fill(name)
            page.get_by_role("button", name="Take this name").click()
            page.wait_for_selector("#lobby-name", state="hidden")
            if name != NAMES[1]:  # who came before is here, by name
                page.wait_for_selector(f"#lobby-here li:has-text('{NAMES[1]}')")
        yaw = tabs["Yaw"].page
        yaw.select_option("#variant", "oware")
        yaw.get_by_role("button", name=re.compile("Wait in the room")).click()
        seek = "#lobby-seeks li:has-text('Yaw waits: Oware')"
        tabs["Kofi"].page.wait_for_selector(seek)  # seen live, without a reload
        yaw.locator(seek).get_by_role("button", name="Withdraw").click()
        tabs["Kofi"].page.wait_for_selector(seek, state="detached")  # and gone for everyone
        for name in NAMES[1:]:
            page = tabs[name].page
            page.locator("#lobby-tournaments a", has_text="Friday party").click()
            page.wait_for_url(re.compile(rf"/tournaments/{tid}$"))
            # the room's name, filled in (from /api/me, once the page has asked)
            wait_js(page, f"document.getElementById('t-join-name').value === {name!r}")
            page.get_by_role("button", name="Join").click()
            shows(page, "t-standings", f"{name} (you)")
        # The spectator's page follows without reloading; it may not join a round robin
        # that has started, but may before.
        wait_js(spectator.page, "document.querySelectorAll('#t-standings tbody tr').length === 4")
        shows(ama, "t-standings", "Yaw")
        ama.get_by_role("button", name="Start").click()
        wait_js(
            spectator.page, "/round 1 of 3/.test(document.getElementById('t-meta').textContent)"
        )
        tabs["Kofi"].shot("party-round1-kofi")
        home = spectator.context.new_page()  # the home page's room shows the running event
        home.goto("/")
        shows(home, "lobby-tournaments", "Friday party")
        home.close()

        played: list[tuple[str, bool, str]] = []  # each game, whether drawn, its winner
        for number, games in enumerate(ROUNDS, 1):
            for white_name, black_name, how in games:
                white, black = tabs[white_name], tabs[black_name]
                game = open_my_game(white, tid)
                assert open_my_game(black, tid) == game
                names = white.page.locator("#tag-bottom .name").text_content() or ""
                assert white_name in names
                move_once_each(white, black)
                end_game(white, black, how, tabs, shot=not played)
                played.append(
                    (game, how == "draw", white_name if how == black_name else black_name)
                )
            meta = f"round {min(number + 1, 3)} of 3" if number < 3 else "Finished"
            shows(spectator.page, "t-meta", meta)

        page = spectator.page
        wait_js(page, "document.querySelectorAll('#t-games .result').length === 6")
        assert rows(page, "#t-standings") == STANDINGS
        assert rows(page, "#t-cross") == CROSS
        results = page.evaluate(
            "[...document.querySelectorAll('#t-games li')].map(li => li.textContent.trim())"
        )
        assert len(results) == 6 and not any("playing" in r for r in results)
        # Every game is linked to its review.
        links = page.locator("#t-games a")
        assert links.count() == 6
        # Every game was rated: both ratings moved, the winner's up and the loser's down.
        for game, drawn, winner in played:
            seen = spectator.context.request.get(f"{server}/api/games/{game}").json()
            ratings = seen["ratings"]
            assert ratings["settled"] is True and ratings["title"] == "Kalah 4×3"
            names = [s["name"] for s in seen["seats"]]
            changes = {n: r["change"] for n, r in zip(names, ratings["seats"], strict=True)}
            if not drawn:
                loser = next(n for n in names if n != winner)
                assert changes[winner] > 0 > changes[loser], (game, changes)
        first = tabs["Esi"].context.request.get(f"{server}/api/games/{played[0][0]}").json()
        assert first["ratings"]["seats"][0]["before"] == 1500  # everyone started at 1500
        # Kofi and Yaw play a quick rated game (3 s a side) and both leave it: nobody opens it
        # again, yet it is lost on time within seconds, leaves "Being played" on the room's
        # page live, and both ratings move (in their Kalah 6×4 pool).
        room = spectator.context.new_page()
        room.goto("/")
        flag_at = left_with_its_clock_running(tabs["Kofi"], tabs["Yaw"], room, "Kofi vs Yaw")
        leaves_being_played(room, "Kofi vs Yaw", flag_at)
        room.close()
        for name, won in (("Kofi", True), ("Yaw", False)):
            player = tabs[name].context.request.get(f"{server}/api/players/{name}").json()
            assert player["current"] == []
            rating = next(r for r in player["ratings"] if r["pool"] == "kalah")
            assert rating["games"] == 1 and (rating["rating"] > 1500) == won, rating
        swiss_with_a_no_show_and_a_bye(tabs, spectator)
        for tab in tabs.values():
            assert [e for e in tab.errors if "429" not in e] == []
        spectator.shot("party-laptop-light")
        for scheme in ("light", "dark"):
            for size, (w, h) in {"laptop": (1280, 800), "phone": (390, 844)}.items():
                look = Tab(browser, server, viewport={"width": w, "height": h}, color_scheme=scheme)
                try:
                    look.page.goto(f"/tournaments/{tid}")
                    wait_js(
                        look.page, "document.querySelectorAll('#t-cross tbody tr').length === 4"
                    )
                    look.shot(f"party-{size}-{scheme}")
                finally:
                    look.context.close()
    finally:
        for tab in [*tabs.values(), spectator]:
            tab.context.close()
