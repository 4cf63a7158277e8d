"""The room as people see it when someone leaves, when it is full, on a phone, and when one
device floods it (issue 33 items 6, 16, 17, 18; issue 32's lobby breaks).

Other people are *visitors*: a device on its own loopback address (127.0.0.N, as another
device of the LAN would be) whose open home page beats from a thread, as the page does; the
person watching is a real browser page.  Screenshots in test-artifacts/room-*.png.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
from itertools import count
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.test_browser_play import Tab, wait_js

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
_hosts = count(60)  # 127.0.0.60, .61, ...: one address per visitor


class Visitor:
    """Someone whose home page is open on another device: beats every few seconds."""

    def __init__(self, server: str, name: str | None = None, host: int | None = None) -> None:
        parts = urlsplit(server)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.source = f"127.0.0.{host or next(_hosts)}"
        self.cookie = ""
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None
        for _ in range(2):  # the first beat sets the cookie, the second counts
            status, _ = self.call("POST", "/api/lobby/here")
            assert status == 200
        if name:
            status, answer = self.call("PUT", "/api/me", {"name": name})
            assert status == 200, answer

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request from this device (its address, its cookie)."""
        connection = http.client.HTTPConnection(
            self.host, self.port, timeout=20, source_address=(self.source, 0)
        )
        headers = {"Accept": "application/json", "Host": f"{self.host}:{self.port}"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            sent = response.getheader("Set-Cookie")
            if sent:
                self.cookie = sent.split(";", 1)[0]
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()

    def beating(self) -> Visitor:
        """Keep the page open: a beat every 4 s until :meth:`leave` (or the test's end)."""

        def run() -> None:
            while not self.stop.wait(4.0):
                self.call("POST", "/api/lobby/here")

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        return self

    def leave(self, say_so: bool = True) -> None:
        """Close the page (with its beacon, or as a phone put away: without a word)."""
        self.stop.set()
        if self.thread:
            self.thread.join()
        if say_so:
            self.call("POST", "/api/lobby/leave")


def here_names(tab: Tab) -> list[str]:
    found = tab.page.eval_on_selector_all(
        "#lobby-here li .lobby-text", "els => els.map(e => e.textContent)"
    )
    return [str(n) for n in found]


def wait_here(tab: Tab, name: str, present: bool = True, timeout: float = 20.0) -> float:
    """Wait until ``name`` is (or is no longer) in the page's "Here now": the seconds it took."""
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        if any(n.startswith(name) for n in here_names(tab)) is present:
            return time.monotonic() - began
        time.sleep(0.2)
    raise AssertionError(f"{name} {'never came' if present else 'never left'}: {here_names(tab)}")


def test_a_closed_app_leaves_here_now_within_seconds(browser: Any, server: str) -> None:
    ama = Tab(browser, server, viewport=LAPTOP)
    ben, kofi = Tab(browser, server), Tab(browser, server)
    try:
        ama.page.goto("/")
        for tab, name in ((ben, "Benedicta"), (kofi, "Kwesi")):
            tab.page.goto("/")
            tab.page.wait_for_selector("#lobby-here li.lobby-you")  # its heartbeat was taken
            assert tab.context.request.put("/api/me", data={"name": name}).ok
            wait_here(ama, name)
        # Benedicta closes the tab: the page's beacon takes him out of the room at once.
        ben.page.close()
        took = wait_here(ama, "Benedicta", present=False, timeout=30)
        print(f"a closed tab left Here now after {took:.1f} s (its beacon)")
        assert took < 10, took
        # Kwesi's phone is put away: no beacon gets out (it goes off the network first), the
        # heartbeat stops.
        kofi.context.set_offline(True)
        kofi.page.close()
        took = wait_here(ama, "Kwesi", present=False, timeout=45)
        print(f"a page closed without its beacon left Here now after {took:.1f} s")
        assert took <= 35, took  # the presence window (20 s), a sweep, a long-poll: ~30 s
        assert ama.errors == [], ama.errors
    finally:
        for tab in (ama, ben, kofi):
            tab.close()


def test_here_now_shows_the_fifth_person_and_says_how_many_are_out_of_view(
    browser: Any, server: str
) -> None:
    people = [Visitor(server, f"Friend {i}").beating() for i in range(1, 14)]
    ama = Tab(browser, server, viewport=LAPTOP)
    try:
        ama.page.goto("/")
        for name in ("Friend 1", "Friend 13"):
            wait_here(ama, name)
        box = ama.page.locator("#lobby-here").bounding_box()
        rows = ama.page.locator("#lobby-here li")
        assert box is not None and rows.count() == 14
        fifth = rows.nth(4).bounding_box()
        assert fifth is not None and fifth["y"] + fifth["height"] <= box["y"] + box["height"]
        cue = ama.page.locator("#lobby-here-more")
        cue.wait_for()  # more people than the list shows: a line says how many and where
        bottom = box["y"] + box["height"] + 1
        tops = [rows.nth(i).bounding_box() for i in range(rows.count())]
        hidden = sum(1 for b in tops if b and b["y"] + b["height"] > bottom)
        assert hidden > 0 and cue.inner_text() == f"↓ {hidden} more below: scroll the list"
        ama.shot("room-full-laptop")
        ama.page.locator("#lobby-here").evaluate("el => el.scrollTo(0, el.scrollHeight)")
        wait_js(  # scrolled to the end: those out of view are above now
            ama.page,
            "() => /^↑ \\d+ more above: scroll the list$/"
            ".test(document.getElementById('lobby-here-more').textContent)",
        )
        ama.page.set_viewport_size(PHONE)
        ama.page.locator("#lobby").scroll_into_view_if_needed()
        ama.shot("room-full-phone")
        assert ama.errors == [], ama.errors
    finally:
        ama.close()
        for person in people:
            person.leave()


def test_an_empty_room_points_at_the_menu_where_it_is(browser: Any, server: str) -> None:
    for viewport, where in ((LAPTOP, "below"), (PHONE, "above")):
        tab = Tab(browser, server, viewport=viewport)
        try:
            tab.page.goto("/")
            note = tab.page.locator("#lobby-no-seeks")
            note.wait_for()
            assert re.search(rf"Choose a game {where} and press", note.inner_text())
            room = tab.page.locator("#lobby").bounding_box()
            menu = tab.page.locator("#new-game").bounding_box()
            assert room is not None and menu is not None
            assert (menu["y"] > room["y"]) is (where == "below")
            tab.shot(f"room-empty-{'laptop' if viewport is LAPTOP else 'phone'}")
            assert tab.errors == [], tab.errors
        finally:
            tab.close()


def test_a_flood_from_one_address_does_not_fill_the_room_and_a_friend_is_seen_at_once(
    browser: Any, server: str
) -> None:
    ama = Tab(browser, server, viewport=LAPTOP)
    flood: list[Visitor] = []
    try:
        ama.page.goto("/")
        ama.page.wait_for_selector("#lobby-here li.lobby-you")
        mallory = Visitor(server, host=59)
        mallory.cookie = ""
        for _ in range(40):  # reads without a cookie: nothing made, nobody woken
            assert mallory.call("GET", "/api/lobby")[0] == 200
        assert mallory.cookie == ""  # no cookie was minted
        for _ in range(25):  # and a new cookie for every beat, from the same address
            flood.append(Visitor(server, host=59))
        friend = Visitor(server, "Efua").beating()
        flood.append(friend)
        took = wait_here(ama, "Efua", timeout=20)
        guests = [n for n in here_names(ama) if n.startswith("Guest") and "(you)" not in n]
        assert len(guests) <= 6, guests  # one address keeps six in the room at most
        # Seeks from ten addresses, three each; Efua's, made after, is at the top of the list.
        for _ in range(10):
            maker = Visitor(server).beating()
            flood.append(maker)
            for _ in range(3):
                assert maker.call("POST", "/api/lobby/seeks", {"variant": "oware"})[0] == 201
        status, _ = friend.call("POST", "/api/lobby/seeks", {"variant": "kalah"})
        assert status == 201
        first = ama.page.locator("#lobby-seeks li").first
        first.filter(has_text="Efua waits: Kalah").wait_for(timeout=10_000)
        ama.shot("room-after-a-flood")
        assert took < 10, took
        assert ama.errors == [], ama.errors
    finally:
        ama.close()
        for visitor in flood:
            visitor.leave()


def play_out(players: list[Visitor], tid: str) -> None:
    """Each paired player resigns at once until the tournament is over."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        for player in players:
            status, t = player.call("GET", f"/api/tournaments/{tid}")
            assert status == 200, t
            if t["status"] == "finished":
                return
            game = t.get("your_game")
            if not game:
                continue
            status, g = player.call("GET", f"/api/games/{game}")
            if status == 200 and g["status"] == "playing":
                player.call("POST", f"/api/games/{game}/resign", {"version": g["version"]})
        time.sleep(0.2)
    raise AssertionError("the tournament did not finish")


def tournament(players: list[Visitor], name: str) -> str:
    """A round robin of ``players`` (the first directs), played out: its id."""
    first, *others = players
    body = {"name": name, "system": "round_robin", "variant": "kalah", "you": f"{name[:6]} 1"}
    status, t = first.call("POST", "/api/tournaments", body)
    assert status == 201, t
    for i, player in enumerate(others, 2):
        status, answer = player.call(
            "POST", f"/api/tournaments/{t['id']}/join", {"name": f"{name[:6]} {i}"}
        )
        assert status == 200, answer
    status, answer = first.call("POST", f"/api/tournaments/{t['id']}/start", {})
    assert status == 200, answer
    play_out(players, t["id"])
    return str(t["id"])


def test_finished_tournament_games_are_grouped_by_tournament_on_the_home_page(
    browser: Any, server: str
) -> None:
    spring = tournament([Visitor(server) for _ in range(5)], "Spring cup")  # 10 games
    summer = tournament([Visitor(server) for _ in range(2)], "Summer cup")  # 1 game
    ama = Tab(browser, server, viewport=LAPTOP)
    try:
        ama.page.goto("/")
        groups = ama.page.locator("#lobby-finished > li.lobby-group")
        groups.first.wait_for()
        titles = [groups.nth(i).locator(".lobby-group-title").inner_text() for i in range(2)]
        assert titles[:2] == ["Summer cup", "Spring cup"]  # the newest games' first
        spring_box = groups.filter(has_text="Spring cup")
        rows = spring_box.locator("ul li")
        assert rows.count() == 6  # its newest six, then a link to the rest
        for i in range(rows.count()):
            words = rows.nth(i).locator(".lobby-text").inner_text()
            assert re.fullmatch(r"Spring \d \S+ Spring \d", words), words  # names once each
            assert "cup" not in words
        more = spring_box.locator("a.lobby-more")
        assert more.inner_text() == "4 more games on its page"
        assert more.get_attribute("href") == f"/tournaments/{spring}"
        title = groups.filter(has_text="Summer cup").locator("a.lobby-group-title")
        assert title.get_attribute("href") == f"/tournaments/{summer}"
        ama.page.locator("#lobby-finished-box").scroll_into_view_if_needed()
        ama.shot("room-finished-games")
        assert ama.errors == [], ama.errors
    finally:
        ama.close()
