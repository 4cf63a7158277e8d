"""Two players in separate browser contexts and a spectator, against gunicorn with 2 workers:
a whole short game with each move's delay to the other boards measured, a takeback, a reload
that keeps the seat, and a rematch where the other player moves first."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.test_browser_play import MOVES, Tab, wait_js

pytestmark = pytest.mark.browser

# Every change of the move list, as [Date.now(), number of moves], kept in window.seen.
SEEN = """
window.seen = [];
document.addEventListener("DOMContentLoaded", () => {
  const list = document.getElementById("moves");
  if (list) new MutationObserver(() => window.seen.push([Date.now(), list.children.length]))
    .observe(list, {childList: true});
});
"""
LEGAL = ".row-bottom .pit.legal"


def seen_at(tab: Tab, count: int, since_ms: float) -> float:
    """When ``tab`` first showed ``count`` moves after ``since_ms`` (epoch ms), waiting for it."""
    wait_js(
        tab.page, f"window.seen.some(([t, n]) => n === {count} && t >= {since_ms})", timeout=5000
    )
    events = tab.page.evaluate("window.seen")
    return float(min(t for t, n in events if n == count and t >= since_ms))


def test_two_players_and_a_spectator_over_the_lan(browser: Any, server: str) -> None:
    host, guest, spectator = (Tab(browser, server) for _ in range(3))
    for tab in (host, guest, spectator):
        tab.context.add_init_script(SEEN)
    try:
        created = host.context.request.post(
            f"{server}/api/games",
            data={"mode": "remote", "first": 0, "options": {"pits": 3, "seeds": 2}},
        )
        gid = created.json()["id"]
        host.page.goto(f"/game/{gid}")
        host.page.wait_for_selector("#share:not([hidden]) #invite-qr svg")
        invite = host.page.locator("#share-url").input_value()
        assert invite.endswith(f"/game/{gid}?invite=1")
        invite = re.sub(r"^https?://[^/]+", server, invite)
        guest.page.goto(invite)
        guest.page.get_by_role("button", name="Take the seat").click()
        host.page.wait_for_selector("#share", state="hidden")
        host.page.wait_for_selector("#presence:text('Opponent: connected')")
        spectator.page.goto(invite)  # the seat is taken: a third person watches
        spectator.page.wait_for_selector("#presence:text('Watching')")
        assert not spectator.page.locator("#btn-join").is_visible()
        assert not spectator.page.locator("#btn-resign").is_visible()
        spectator.shot("lan-spectator")

        delays: list[float] = []

        def move(player: Tab, others: list[Tab]) -> None:
            count = player.moves() + 1
            start = time.time() * 1000
            player.page.locator(LEGAL).first.click()
            for other in others:
                delays.append(seen_at(other, count, start) - start)

        # a takeback: the host moves, asks for it back, the guest accepts
        host.page.wait_for_selector(LEGAL)
        move(host, [guest, spectator])
        host.page.locator("#btn-undo").click()
        guest.page.wait_for_selector("#offer:not([hidden])")
        guest.page.get_by_role("button", name="Accept").click()
        for tab in (host, guest, spectator):
            wait_js(tab.page, f"document.querySelectorAll('{MOVES}').length === 0")

        # the whole game, with a reload of the guest after a few moves
        reloaded = False
        for _ in range(60):
            if host.page.evaluate("document.getElementById('over-dialog').open"):
                break
            if host.page.locator(LEGAL).count():
                move(host, [guest, spectator])
            elif guest.page.locator(LEGAL).count():
                move(guest, [host, spectator])
                if not reloaded:
                    reloaded = True
                    guest.page.reload()
                    guest.page.wait_for_selector(".board .pit")
                    assert not guest.page.locator("#btn-join").is_visible()
                    first = guest.page.locator(".row-bottom .pit").first
                    assert first.get_attribute("data-player") == "1"  # still seat 1
            else:
                time.sleep(0.05)
        else:
            pytest.fail("the game did not end")
        guest.page.wait_for_selector("#over-dialog[open]")
        wait_js(spectator.page, "document.getElementById('status').textContent.match(/won|Draw/)")
        print(f"\nlive moves: {len(delays)} deliveries, max {max(delays):.0f} ms")
        assert reloaded and max(delays) < 1000, delays

        # a rematch: offered by the host, accepted by the guest, who now moves first
        host.page.locator("#btn-again").click()
        guest.page.wait_for_selector("#offer:not([hidden])")
        host.page.wait_for_selector("#status:text('rematch offered')")
        guest.shot("lan-rematch-offer")
        guest.page.get_by_role("button", name="Accept").click()
        for tab in (guest, host, spectator):
            tab.page.wait_for_url(re.compile(r"/game/(?!" + re.escape(gid) + r")[\w-]+$"))
        guest.page.wait_for_selector(LEGAL)
        assert host.page.locator(LEGAL).count() == 0
        assert host.errors == [] and guest.errors == [] and spectator.errors == []
    finally:
        for tab in (host, guest, spectator):
            tab.close()
