"""The security headers and the cross-site rule in a real Chromium: the pages work under the
Content-Security-Policy with no violation, a hostile page on another origin can neither change
a game with a form (a site on the same host, which gets the seat cookie, included) nor frame a
page, and the app's own fetches pass."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from typing import Any
from urllib.request import urlopen

import pytest

from tests.browser.test_browser_play import Tab

pytestmark = pytest.mark.browser

# Every CSP violation the page sees, kept in window.violations.
VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.violations.push(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}`);
});
"""


class Browser(Tab):
    """A tab (its own cookies, console errors recorded) whose page also records every
    Content-Security-Policy violation."""

    def __init__(self, browser: Any, server: str) -> None:
        super().__init__(browser, server)
        self.server = server
        self.context.add_init_script(VIOLATIONS)  # runs on every navigation from now on

    def fetch(self, method: str, path: str, body: Any = None) -> Any:
        """A request made by the page's own script (same origin, with its cookie)."""
        return self.page.evaluate(
            """async ([method, path, body]) => {
                const init = {method, headers: {"Content-Type": "application/json"}};
                if (body !== null) init.body = JSON.stringify(body);
                const response = await fetch(path, init);
                return {status: response.status, body: await response.json()};
            }""",
            [method, path, body],
        )

    def clean(self) -> None:
        assert self.page.evaluate("window.violations") == []
        assert self.errors == []


@pytest.fixture
def tab(browser: Any, server: str) -> Iterator[Browser]:
    tab = Browser(browser, server)
    yield tab
    tab.context.close()


def stored(server: str, game_id: str) -> dict[str, Any]:
    with urlopen(f"{server}/api/games/{game_id}") as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def test_the_pages_work_under_the_policy(tab: Browser) -> None:
    page = tab.page
    response = page.goto("/")
    assert response is not None and response.status == 200
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert response.headers["x-frame-options"] == "DENY"
    # the home page never goes network-idle (the lobby's long-poll stays open): wait until the
    # lobby has drawn who is here, which takes its scripts and its first answer
    page.wait_for_selector("#lobby-here li")
    page.wait_for_load_state("load")
    tab.clean()

    created = tab.fetch("POST", "/api/games", {"mode": "remote", "variant": "kalah"})
    assert created["status"] == 201, created  # the app's own fetch passes the cross-site rule
    game = created["body"]
    page.goto(f"/game/{game['id']}")
    page.wait_for_selector("#share:not([hidden]) #invite-qr svg")  # the inline SVG QR code
    # (nobody moves before the friend sits down: a game on one screen takes the move)
    created = tab.fetch("POST", "/api/games", {"mode": "local", "variant": "kalah"})
    assert created["status"] == 201, created
    game = created["body"]
    page.goto(f"/game/{game['id']}")
    page.wait_for_selector(".board .pit.legal")
    page.locator(".row-bottom .pit.legal").first.click()
    # (a function, not an expression: the policy forbids the eval an expression would need)
    page.wait_for_function("() => document.querySelectorAll('#moves li').length > 0")
    assert stored(tab.server, game["id"])["version"] == 2
    page.goto("/rules")
    page.wait_for_load_state("networkidle")
    tab.clean()
    page.goto("/learn#kalah")  # a lesson's try, animated, and a puzzle
    page.locator(".row-bottom .pit.legal").first.click()
    page.wait_for_selector("#feedback:not([hidden])")
    page.goto("/puzzles")
    page.wait_for_selector(".row-bottom .pit.legal")
    page.wait_for_load_state("networkidle")
    tab.clean()


def evil_page(tab: Browser, origin: str, html: str) -> None:
    """Serve ``html`` as ``origin``/evil in this browser (no such server exists)."""
    tab.context.route(
        f"{origin}/evil",
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )
    tab.page.goto(f"{origin}/evil")


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",  # another site: Sec-Fetch-Site: cross-site, no cookie
        "http://127.0.0.1:1",  # another port of the same host: same-site, the cookie is sent
    ],
)
def test_a_form_on_another_origin_cannot_change_a_game(tab: Browser, origin: str) -> None:
    tab.page.goto("/")
    created = tab.fetch("POST", "/api/games", {"variant": "kalah", "level": "beginner"})
    game = created["body"]
    assert created["status"] == 201 and game["version"] == 1
    action = f"{tab.server}/api/games/{game['id']}"
    # An empty form: without the cross-site rule the rematch would start a game, as the victim.
    evil_page(
        tab,
        origin,
        f"""<!doctype html><title>win a prize</title>
        <form id="empty" method="post" action="{action}/rematch"><button>go</button></form>
        <form id="text" method="post" enctype="text/plain" action="{action}/moves">
          <input name='{{"pit": 2, "version": 1, "x": "' value='"}}'><button>go</button></form>""",
    )
    games_before = tab.context.request.get(f"{tab.server}/api/games").json()["games"]
    for form in ("empty", "text"):
        with tab.page.expect_navigation() as navigation:
            tab.page.click(f"#{form} button")
        response = navigation.value
        assert response is not None and response.status == 403, form
        assert "another" in json.loads(response.text())["message"]
        tab.page.goto(f"{origin}/evil")
    assert stored(tab.server, game["id"])["version"] == 1
    games_after = tab.context.request.get(f"{tab.server}/api/games").json()["games"]
    assert len(games_after) == len(games_before) == 1


def test_another_origin_cannot_frame_a_page(tab: Browser) -> None:
    evil_page(
        tab,
        "http://evil.example",
        f'<!doctype html><title>framed</title><iframe src="{tab.server}/"></iframe>',
    )
    frame = tab.page.frames[1]
    for _ in range(50):  # Chromium shows its error page in place of a refused frame
        if frame.url.startswith("chrome-error:"):
            break
        tab.page.wait_for_timeout(100)
    assert frame.url.startswith("chrome-error:"), frame.url
    assert frame.locator(".site-header").count() == 0  # nothing of the page is in the frame


# -- oversized requests against gunicorn itself -----------------------------------------------


def raw_request(
    server: str, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
) -> tuple[int, bytes, dict[str, str]]:
    """One request over a fresh connection; a body without Content-Length is sent chunked."""
    host, port = server.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.putrequest(method, path)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body and "Content-Length" not in (headers or {}):
            connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        if body and "Content-Length" in (headers or {}):
            connection.send(body)
        elif body:
            for start in range(0, len(body), 1 << 16):
                part = body[start : start + (1 << 16)]
                connection.send(b"%x\r\n%s\r\n" % (len(part), part))
            connection.send(b"0\r\n\r\n")
        response = connection.getresponse()
        return response.status, response.read(), {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


def test_gunicorn_refuses_oversized_requests_without_a_server_error(server: str) -> None:
    json_type = {"Content-Type": "application/json"}
    new = b'{"level": "beginner"}'
    status, data, _ = raw_request(
        server, "POST", "/api/games", new, {**json_type, "Content-Length": "21"}
    )
    assert status == 201, data
    game = json.loads(data)
    move = b'{"pit": 2, "version": 1, "pad": "' + b"x" * (1 << 20) + b'"}'
    sized = {**json_type, "Content-Length": str(len(move))}
    for headers in (sized, json_type):  # with Content-Length, and chunked
        status, data, answer_headers = raw_request(
            server, "POST", f"/api/games/{game['id']}/moves", move, headers
        )
        assert status == 413, data[:300]
        assert json.loads(data)["status"] == 413
        assert "content-security-policy" in answer_headers
    assert stored(server, game["id"])["version"] == 1
    path = f"/api/games/{game['id']}"
    long_line, _, _ = raw_request(server, "GET", f"{path}?since={'9' * 100_000}")
    long_header, _, _ = raw_request(server, "GET", path, headers={"X-Junk": "z" * 100_000})
    many, _, _ = raw_request(server, "GET", path, headers={f"X-J{i}": "1" for i in range(200)})
    assert 400 <= long_line < 500 and 400 <= long_header < 500 and 400 <= many < 500
    status, data, _ = raw_request(server, "GET", f"{path}?since={'x' * 4000}")  # fits the line
    assert status == 400 and json.loads(data)["status"] == 400
