"""Copying an SQLite store to PostgreSQL (app.upkeep.copy) brings its tournaments along, each
replacing only an older version of itself (a copy may be repeated)."""

from __future__ import annotations

from pathlib import Path

from app.store import Store
from app.store.postgres import PostgresStore
from app.tournaments.store import TournamentStore
from app.upkeep.copy import copy


def test_tournaments_are_copied_and_a_second_copy_brings_only_newer_ones(
    tmp_path: Path, postgres_url: str
) -> None:
    path = str(tmp_path / "mancala.sqlite3")
    old = TournamentStore(Store(path))
    old.create("t1", {"name": "Friday", "status": "open", "n": 1})
    old.create("t2", {"name": "Saturday", "status": "running", "n": 1})
    old.save("t2", 1, {"name": "Saturday", "status": "finished", "n": 2})

    done = copy(path, postgres_url)
    assert (done.tournaments, done.tournaments_copied) == (2, 2)
    assert "2 tournaments read: 2 copied" in str(done)
    pg = PostgresStore(postgres_url)
    try:
        new = TournamentStore(pg)
        for tid in ("t1", "t2"):
            a, b = old.load(tid), new.load(tid)
            assert a is not None and b is not None
            assert (a.version, a.data, a.created, a.updated) == (
                b.version,
                b.data,
                b.created,
                b.updated,
            )
        assert [r.id for r in new.recent()] == ["t1", "t2"]  # running or open first
        old.save("t1", 1, {"name": "Friday", "status": "running", "n": 2})
        new.save("t2", 2, {"name": "Saturday", "status": "finished", "n": 3})  # newer there
        again = copy(path, postgres_url)
        assert (again.tournaments, again.tournaments_copied) == (2, 1)
        assert new.load("t1").data["n"] == 2  # type: ignore[union-attr]
        assert new.load("t2").data["n"] == 3  # type: ignore[union-attr]
    finally:
        pg.close()
