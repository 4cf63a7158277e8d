"""Shared fixtures and helpers."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app

DATA = Path(__file__).parent / "data"
# Servers the tests start build no endgame tables in the background (half a minute of a core
# each); tests/app/test_tables_background.py turns it on for itself.
os.environ.setdefault("MANCALA_AI_BUILD_TABLES", "false")
# the PostgreSQL server fixtures (postgres, postgres_url); every JSON answer of the test client
# checked against the API document (tests/api_contract.py)
pytest_plugins = ["tests.pg", "tests.api_contract"]


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` as tests/xdist_units.py tells: long independent tests split, the
    longest units first."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.xdist_units import SplitLongestFirst

    return SplitLongestFirst(config, log)


# The tests that run deep pure-Python searches in their own process, each on a roomy frame
# stack: the engine's.
ROOMY_STACK = "tests/engine/"


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """The tests under ROOMY_STACK run on a roomy frame stack (tests/roomy_stack.py: CPython
    3.11's frame chunks, unmapped and mapped again by a deep search at their edge)."""
    if not pyfuncitem.nodeid.startswith(ROOMY_STACK):
        return None
    from tests.roomy_stack import on_a_roomy_stack

    function = pyfuncitem.obj
    arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    on_a_roomy_stack(lambda: function(**arguments))
    return True


def pytest_configure(config: pytest.Config) -> None:
    """The controlling process keeps the tests' times for the next run's order."""
    if not hasattr(config, "workerinput"):
        from tests.xdist_units import TimesKept

        config.pluginmanager.register(TimesKept(config), "mancala-test-times")


def load_vectors(name: str) -> list[dict]:
    """Games recorded by an independent reference engine (tests/data; format in docs/design.md)."""
    with (DATA / f"{name}.jsonl").open() as f:
        return [json.loads(line) for line in f]


def thread_app(tmp_path: Path, long_poll: float) -> Iterator[Flask]:
    """The app on a fresh instance folder, searching in threads, with long-polls of
    ``long_poll`` seconds; its searches stopped after the test."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": long_poll,
        }
    )
    yield app
    app.extensions["mancala_computer"].shutdown()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app with short long-polls."""
    yield from thread_app(tmp_path, 0.3)


@pytest.fixture
def slow_polls(tmp_path: Path) -> Iterator[Flask]:
    """The app with long-polls of 5 s, to see one end early (a clock or a first-move window
    running out)."""
    yield from thread_app(tmp_path, 5.0)


# Browsers: each test client keeps its own cookies, so each holds its own seats.


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def other(app: Flask) -> FlaskClient:
    """A second browser."""
    return app.test_client()


@pytest.fixture
def host(app: Flask) -> FlaskClient:
    """The browser that starts a game between two devices."""
    return app.test_client()


@pytest.fixture
def friend(app: Flask) -> FlaskClient:
    """The browser that joins it."""
    return app.test_client()


@pytest.fixture(scope="session")
def puzzle_checks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where this run keeps its shipped puzzles' checks, each done once
    (tests/engine/puzzle_checks.py)."""
    from tests.engine.puzzle_checks import run_folder

    return run_folder(tmp_path_factory)
