"""How ``pytest -n N --dist loadfile`` hands the tests to its processes here (tests/conftest.py
installs it): a file's tests go to one process as one unit (its module fixtures and servers
shared as when the file runs alone), but a file named in :data:`PER_TEST` is split, each of its
tests a unit of its own (long, independent tests: the puzzle checks), so that both processes
share them; and the longest units go first, so that the run does not end with one process
holding a long unit while the other waits.

A unit's length is the sum of its tests' times in earlier runs, kept in pytest's cache per pass
(native or ``MANCALA_PURE=1``); without a cache (a fresh clone, ``-p no:cacheprovider``) the
split files' tests go first, then the files of :data:`KNOWN_LONG`, then the others in the order
they were collected, as plain ``loadfile``.
Which process runs which unit never changes what a test checks.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import pytest
from xdist.remote import Producer
from xdist.scheduler import LoadFileScheduling
from xdist.workermanage import WorkerController

# Files whose tests are scheduled one by one: they share no module-scoped fixture or server.
PER_TEST = frozenset(
    {
        "tests/engine/test_puzzles_set.py",
    }
)
# The seconds a split file's test is taken to last when the cache knows nothing of it.
UNKNOWN_SPLIT = 60.0
# Without a cache (a fresh clone, as CI runs): the files known to be long, in seconds (each
# file's whole time in a fresh clone's `make test` of 2026-11-29, the files of 14 s or more;
# test_fuzz's since the API document is read once; two engine files for the pure pass, where
# they are long). Only the order matters: a long file left to the end of the collection order
# would end the run with one process busy and the others idle.
KNOWN_LONG: dict[str, float] = {
    "tests/browser/test_i18n_walk.py": 67,
    "tests/browser/test_party.py": 56,
    "tests/browser/test_browser_tournament_evening.py": 50,
    "tests/app/test_flags_unwatched.py": 48,
    "tests/app/test_attacks_connections.py": 47,
    "tests/browser/test_browser_room_safety.py": 41,
    "tests/browser/test_browser_i18n.py": 40,
    "tests/browser/test_browser_slips.py": 38,
    "tests/tools/test_loadbench.py": 38,
    "tests/engine/test_oware_tables.py": 38,
    "tests/app/test_hosts.py": 35,
    "tests/browser/test_browser_play.py": 32,
    "tests/browser/test_browser_reconnect.py": 31,
    "tests/browser/test_i18n_puzzles.py": 31,
    "tests/browser/test_i18n_review.py": 30,
    "tests/engine/test_bench.py": 29,
    "tests/app/test_fuzz.py": 27,
    "tests/browser/test_browser_lobby.py": 24,
    "tests/browser/test_browser_reading.py": 23,
    "tests/browser/test_browser_phone_offers.py": 21,
    "tests/browser/test_browser_walk.py": 21,
    "tests/app/test_tournament_evening.py": 20,
    "tests/browser/test_browser_pie.py": 20,
    "tests/browser/test_i18n_lessons.py": 20,
    "tests/app/test_faults.py": 19,
    "tests/browser/test_browser_look.py": 17,
    "tests/app/test_lobby_hosts.py": 17,
    "tests/app/test_operations.py": 16,
    "tests/browser/test_i18n_rules_lab.py": 15,
    "tests/browser/test_puzzle_whole_lines.py": 15,
    "tests/browser/test_i18n_game.py": 14,
}
CACHE_KEY = "mancala/test-seconds"


def unit_of(nodeid: str) -> str:
    """The unit a test is scheduled in: its file, or itself in a :data:`PER_TEST` file."""
    path = nodeid.split("::", 1)[0]
    return nodeid if path in PER_TEST else path


def cache_key() -> str:
    """The cache entry of this pass: the pure-Python pass's times differ from the native's."""
    return f"{CACHE_KEY}/{'pure' if os.environ.get('MANCALA_PURE') else 'native'}"


def order(
    units: list[str], tests: Mapping[str, list[str]], seconds: Mapping[str, float]
) -> list[str]:
    """``units`` longest first by the known ``seconds`` of their ``tests``; a unit nothing is
    known of counts :data:`UNKNOWN_SPLIT` if split, its :data:`KNOWN_LONG` seconds if listed,
    else 0 (ties keep the collection order)."""

    def length(unit: str) -> float:
        known = [seconds[t] for t in tests[unit] if t in seconds]
        if known:
            return sum(known)
        return UNKNOWN_SPLIT if "::" in unit else KNOWN_LONG.get(unit, 0.0)

    return sorted(units, key=lambda unit: -length(unit))


class SplitLongestFirst(LoadFileScheduling):
    """``loadfile``, with :data:`PER_TEST` files split per test and the longest units first."""

    def __init__(self, config: pytest.Config, log: Producer | None = None) -> None:
        super().__init__(config, log)
        cache = getattr(config, "cache", None)
        self.seconds: dict[str, float] = cache.get(cache_key(), {}) if cache else {}
        self.ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)

    def _assign_work_unit(self, node: WorkerController) -> None:
        """The first time (the work queue just built from the collection), order the queue."""
        if not self.ordered:
            self.ordered = True
            queue = dict(self.workqueue)
            tests = {unit: list(work) for unit, work in queue.items()}
            self.workqueue.clear()
            for unit in order(list(queue), tests, self.seconds):
                self.workqueue[unit] = queue[unit]
        super()._assign_work_unit(node)


class TimesKept:
    """Keeps each test's time (set-up, call and tear-down) in pytest's cache after a run, for
    the next run's order; runs in the controlling process only."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] = self.seconds.get(report.nodeid, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        cache = getattr(self.config, "cache", None)
        if cache is None or not self.seconds:
            return
        kept: dict[str, float] = cache.get(cache_key(), {})
        kept.update({nodeid: round(s, 3) for nodeid, s in self.seconds.items()})
        cache.set(cache_key(), kept)
