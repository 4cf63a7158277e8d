"""What the lessons and puzzles keep, on both databases (SQLite and a real PostgreSQL): steps
passed once, a first try rated once with both ratings written together, own puzzles kept once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.learn.store import Kept, LearnStore
from app.store.sql import SQLStore
from app.store.sqlite import SQLiteStore


@pytest.fixture(params=["sqlite", "postgresql"])
def learn(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LearnStore]:
    store: SQLStore
    if request.param == "sqlite":
        store = SQLiteStore(str(tmp_path / "store.sqlite3"))
    else:
        from app.store.postgres import PostgresStore

        store = PostgresStore(request.getfixturevalue("postgres_url"))
    yield LearnStore(store)
    store.close()


def test_a_step_is_kept_once_per_device(learn: LearnStore) -> None:
    learn.pass_step("dev1", "kalah", "capture")
    learn.pass_step("dev1", "kalah", "capture")
    learn.pass_step("dev1", "oware", "run")
    learn.pass_step("dev2", "kalah", "sowing")
    assert learn.steps_done("dev1") == {"kalah": ["capture"], "oware": ["run"]}
    assert learn.steps_done("dev2") == {"kalah": ["sowing"]}
    assert learn.steps_done("nobody") == {}


def test_only_a_first_try_is_rated_and_both_ratings_are_written(learn: LearnStore) -> None:
    seen: list[Any] = []

    def rater(player: Kept | None, puzzle: Kept | None) -> tuple[Kept, Kept]:
        seen.append((player, puzzle))
        return Kept(1600.0, 300.0, 0.06, 1, 1), Kept(1400.0, 190.0, 0.06, 1, 1)

    first = learn.rate("dev1", "p1", True, rater)
    assert first == (None, None, Kept(1600.0, 300.0, 0.06, 1, 1), Kept(1400.0, 190.0, 0.06, 1, 1))
    assert learn.rate("dev1", "p1", False, rater) is None  # tried before: nothing changes
    assert seen == [(None, None)]
    assert learn.player("dev1") == Kept(1600.0, 300.0, 0.06, 1, 1)
    assert learn.puzzle("p1") == Kept(1400.0, 190.0, 0.06, 1, 1)
    assert learn.puzzles(["p1", "p2"]) == {"p1": Kept(1400.0, 190.0, 0.06, 1, 1)}
    assert learn.tried("dev1") == {"p1": True}
    learn.rate("dev2", "p1", False, rater)  # another device: it sees the puzzle as rated now
    assert seen[-1] == (None, Kept(1400.0, 190.0, 0.06, 1, 1))
    assert learn.tried("dev2") == {"p1": False}


def test_a_failed_rating_writes_nothing(learn: LearnStore) -> None:
    def broken(player: Kept | None, puzzle: Kept | None) -> tuple[Kept, Kept]:
        raise ValueError("no rating")

    with pytest.raises(ValueError, match="no rating"):
        learn.rate("dev1", "p1", True, broken)
    assert learn.tried("dev1") == {} and learn.player("dev1") is None


def test_own_puzzles_are_kept_once_oldest_first(learn: LearnStore) -> None:
    assert learn.save_own("dev1", [("m-1", '{"a": 1}'), ("m-2", '{"a": 2}')]) == 2
    assert learn.save_own("dev1", [("m-1", '{"a": 9}'), ("m-3", '{"a": 3}')]) == 1
    assert learn.own("dev1") == ['{"a": 1}', '{"a": 2}', '{"a": 3}']
    assert learn.own("dev2") == [] and learn.save_own("dev2", []) == 0
