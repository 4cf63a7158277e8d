"""Browser-test fixtures: the real app under gunicorn on a free port, and headless Chromium.

Chromium is Debian's ``/usr/bin/chromium`` driven by Playwright (never ``playwright install``).
Without it the tests skip on a developer's machine; under ``CI=true`` they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import Server

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing_browser() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} not found (install it: apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -r requirements-dev.txt)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Off CI, skip browser tests with a message when Chromium or Playwright is missing."""
    reason = _missing_browser()
    if reason is None or os.environ.get("CI") == "true":
        return  # under CI the server fixture fails loudly instead
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(pytest.mark.skip(reason=f"browser tests skipped: {reason}"))


def shared_server(instance: Path) -> Server:
    """``make run``'s server (``python -m app.web.serve``) on ``instance``, started, with the
    per-device and per-address limits raised as one address standing for many people needs.

    Every tab of every test comes from 127.0.0.1, one "device" to the per-device rate limits and
    caps (tested in tests/app/test_fairness.py and test_attacks_connections.py); here it stands
    for many people.  A closed tab's long-poll holds its place for up to 8 s, so tests that
    follow each other quickly (two tabs each, pages left and come back to) would otherwise meet
    a 429 the page retries, and its console line fails the test.  So do the address's limits on
    names and tournaments (every test's players take names and make tournaments from this one
    address; tested in tests/app/test_names_skeleton.py and test_tournament_evening.py).  The
    room's own limits stay as shipped: the room's browser tests flood it from other loopback
    addresses."""
    caps = {"CONNECTIONS": "512", "REQUESTS": "256", "LONG_POLLS": "128"}
    env = {f"MANCALA_{name}_PER_DEVICE": value for name, value in caps.items()}
    limits = '{"create": [500, 10], "computer": [2000, 50], "name": [2000, 50]}'
    env["MANCALA_TOURNAMENT_LIMITS"] = (
        '{"create_address": [500, 10], "create_device": [500, 10], "join_address": [2000, 50],'
        ' "join_device": [2000, 50], "open_per_address": 500, "open_per_device": 50,'
        ' "listed_per_address": 50, "listed_per_device": 5}'
    )
    return Server(instance, WORKERS="2", MANCALA_RATE_LIMITS=limits, **env).start()


def need_browser() -> None:
    """Skip (fail under CI) when the browser tests can't run here."""
    reason = _missing_browser()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run under CI: {reason}")
        pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server most browser tests share (one per test process), a fresh instance folder."""
    need_browser()
    instance = tmp_path_factory.mktemp("instance")
    ARTIFACTS.mkdir(exist_ok=True)
    server = shared_server(instance)
    try:
        yield server.url
    finally:
        server.stop()
        (ARTIFACTS / "server.log").write_text(server.log())


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def still(browser: object, server: str) -> Iterator[object]:
    """A tab without animations (reduced motion) that fails its test on any console error."""
    from tests.browser.test_browser_play import Tab

    tab = Tab(browser, server)
    yield tab
    errors = list(tab.errors)
    tab.close()
    assert errors == [], f"console errors: {errors}"
