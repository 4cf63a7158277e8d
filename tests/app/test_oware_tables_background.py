"""The host builds Oware's endgame tables in the background (app.computer.tables)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.computer import tables
from app.computer.tables import TableBuilder
from engine.solver import oware_table


def test_oware_asks_for_its_small_table_then_the_large_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "oware_target", lambda folder: 20)
    builder = TableBuilder(str(tmp_path))
    queued: list[tuple[str, object, int | None]] = []
    monkeypatch.setattr(builder, "_run", lambda: queued.extend(builder._todo))
    assert builder.want("oware", {})
    assert builder.wait(10)
    assert queued == [("oware", {}, 12), ("oware", {}, 20)]
    assert not builder.want("oware", {})  # asked already


def test_a_built_oware_table_is_reported_and_not_asked_for_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "oware_target", lambda folder: 4)
    monkeypatch.setattr(tables, "OWARE_FIRST_SEEDS", 3)
    assert TableBuilder(str(tmp_path)).status()["oware_seeds"] == -1
    tables.make("oware", {}, str(tmp_path), 4)
    assert oware_table.largest(0, tmp_path) == 4
    builder = TableBuilder(str(tmp_path))
    assert not builder.want("oware", {})  # 4 seeds, the host's size, are there
    assert builder.status()["oware_seeds"] == 4


def test_the_host_fits_its_large_oware_table(tmp_path: Path) -> None:
    seeds = tables.oware_target(str(tmp_path))
    assert 0 <= seeds <= 24
    assert oware_table.nbytes(seeds) <= oware_table.LARGE_BYTES
