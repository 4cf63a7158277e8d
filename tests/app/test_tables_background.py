"""Endgame tables are built in the background, before the searches that read them: a game of
a level that reads one asks for its rule set's table once, the build happens off the move, and
the search processes read the finished file."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import create_app
from app.computer import tables as tables_module
from app.computer.tables import TableBuilder, large_target
from engine import get_variant
from engine.solver import KalahSpec, table
from engine.solver.build import part_name
from engine.solver.table import UNKNOWN


def test_a_table_is_built_once_per_rule_set_and_only_where_one_is_read(tmp_path: Path) -> None:
    builder = TableBuilder(str(tmp_path), kind="thread")
    rules = get_variant("kalah", pits=4, seeds=3)
    assert table.ready(rules, str(tmp_path)) is None
    assert builder.want("kalah", {"pits": 4, "seeds": 3})
    assert builder.wait(60) and builder.built == 1
    assert table.ready(rules, str(tmp_path)) is not None
    assert not builder.want("kalah", {"pits": 4, "seeds": 3})  # asked already
    assert not builder.want("oware", {})  # no table for Oware
    fresh = TableBuilder(str(tmp_path), kind="thread")
    assert not fresh.want("kalah", {"seeds": 3, "pits": 4})  # the file is there already


def test_a_game_against_expert_asks_for_its_table_in_the_background(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "AI_BUILD_TABLES": True,
        }
    )
    computer = app.extensions["mancala_computer"]
    try:
        computer.tables = TableBuilder(str(tmp_path / "instance" / "tables"), kind="thread")
        body = {"level": "expert", "first": "computer", "options": {"pits": 3, "seeds": 3}}
        assert app.test_client().post("/api/games", json=body).status_code == 201
        assert computer.tables.wait(60) and computer.tables.built == 1
        folder = str(tmp_path / "instance" / "tables")
        assert table.ready(get_variant("kalah", pits=3, seeds=3), folder) is not None
    finally:
        computer.shutdown()


def test_the_default_kalah_then_gets_the_large_table_that_fits_the_machine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the default game's table, the host's large one (here a small stand-in), resumable:
    a build stopped halfway continues from where it stopped."""
    monkeypatch.setattr(table, "TABLE_BYTES", table.count(7, 6))
    monkeypatch.setattr(table, "PY_TABLE_BYTES", table.count(7, 6))
    monkeypatch.setattr(table, "LARGE_TABLE_BYTES", table.count(9, 6))
    assert large_target("kalah", {}, str(tmp_path)) == 9
    assert large_target("kalah", {"pits": 4}, str(tmp_path)) is None  # the default game only
    monkeypatch.setattr(tables_module, "RAM_SHARE", 10**12)  # a machine too small for it
    assert large_target("kalah", {}, str(tmp_path)) is None
    monkeypatch.undo()
    monkeypatch.setattr(table, "TABLE_BYTES", table.count(7, 6))
    monkeypatch.setattr(table, "PY_TABLE_BYTES", table.count(7, 6))
    monkeypatch.setattr(table, "LARGE_TABLE_BYTES", table.count(9, 6))
    spec = KalahSpec(6)
    part = tmp_path / part_name(spec, 9)
    part.write_bytes(
        table.build_python(spec, 8) + bytes([UNKNOWN]) * (table.count(9, 6) - table.count(8, 6))
    )
    builder = TableBuilder(str(tmp_path), kind="thread")
    assert builder.want("kalah", {})
    assert builder.wait(120) and builder.built == 2
    assert table.find(spec, 7, tmp_path) == tmp_path / table.file_name(spec, 7)
    large = tmp_path / table.file_name(spec, 9)
    assert large.read_bytes() == table.build(spec, 9)
    assert not part.exists()
    assert not TableBuilder(str(tmp_path), kind="thread").want("kalah", {})  # both are there


def test_a_mapped_table_does_not_count_against_a_search_process(tmp_path: Path) -> None:
    """The memory check replaces a search process holding too much of its own; a table mapped
    from its file is the host's page cache (one copy for every process), not the process's."""
    import mmap

    from app.computer.pool import resident_bytes

    size = 64 * 2**20
    path = tmp_path / "kalah-p6-n99.v1.bin"
    path.write_bytes(b"\1" * size)
    before = resident_bytes()
    with path.open("rb") as f, mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ) as m:
        assert sum(m[i] for i in range(0, size, 4096)) == size // 4096  # every page read
        assert resident_bytes() - before < size // 4
