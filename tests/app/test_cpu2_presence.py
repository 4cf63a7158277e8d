"""A game answer's presence (issue 34, item 7): the viewer's seats touched and the game's
presence read in one trip to the store, with the same answer as a touch then a read; on SQLite
and PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.app import test_stores

stores = test_stores.stores
store = test_stores.store


def counted_runs(store: Any, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    runs: list[int] = []
    real = store.run

    def run(work: Any) -> Any:
        runs.append(1)
        return real(work)

    monkeypatch.setattr(store, "run", run)
    return runs


def test_a_look_touches_and_reads_in_one_trip(store: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    store.create("g", {"mode": "remote"}, [])
    runs = counted_runs(store, monkeypatch)
    before = time.time()
    seen = store.look("g", [0])
    assert len(runs) == 1
    assert set(seen) == {0} and before <= seen[0] <= time.time()
    assert store.presence("g") == seen  # what a read alone finds


def test_a_look_within_the_interval_only_reads(
    stores: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, other = stores(), stores()  # two processes' stores on one database
    first.create("g", {"mode": "remote"}, [])
    at = first.look("g", [0])[0]
    assert set(other.look("g", [1])) == {0, 1}  # the other process's seat written
    runs = counted_runs(first, monkeypatch)
    again = first.look("g", [0])  # seat 0 written under 2 s ago: not again
    assert len(runs) == 1 and again[0] == at and set(again) == {0, 1}
    assert first.look("g", [0], every=0.0)[0] >= at  # due again: written anew


def test_a_look_with_no_seats_of_its_own_only_reads(store: Any) -> None:
    store.create("g", {"mode": "remote"}, [])
    assert store.look("g", []) == {}
    store.touch("g", [1])
    assert set(store.look("g", [])) == {1}
