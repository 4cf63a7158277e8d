"""The large table's build (``python -m engine tables build``): the same bytes as the table
built in memory, in either twin; stopped anywhere and run again it continues where it stopped,
and only a complete table carries the name searches look for."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.tables import main as tables_main
from engine.solver import KalahSpec
from engine.solver import table as tables
from engine.solver.build import build_file, fill, part_name, plan
from engine.solver.native import solve_core

PURE = [True] + ([False] if solve_core() is not None else [])


class Stop(Exception):
    """Stands for a kill in the middle of a build."""


@pytest.mark.parametrize("pure", PURE)
@pytest.mark.parametrize(("pits", "seeds"), [(3, 8), (4, 7)])
def test_a_stopped_build_continues_and_ends_with_the_whole_table(
    tmp_path: Path, pits: int, seeds: int, pure: bool
) -> None:
    spec = KalahSpec(pits)
    whole = tables.build_python(spec, seeds)
    calls = 0

    def stop_after_two(at: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise Stop

    with pytest.raises(Stop):
        build_file(spec, seeds, tmp_path, stop_after_two, pure, chunk=97)
    assert tables.find(spec, seeds, tmp_path) is None  # no half table under the real name
    part = tmp_path / part_name(spec, seeds)
    assert plan(spec, seeds, tmp_path, pure).done == 2 * 97
    seen: list[int] = []
    path = build_file(spec, seeds, tmp_path, lambda at, total: seen.append(at), pure, chunk=97)
    assert seen[0] == 3 * 97  # continued after the two chunks built, not from the start
    assert path.read_bytes() == whole
    assert not part.exists()
    assert path == tmp_path / tables.file_name(spec, seeds)


@pytest.mark.parametrize("pure", PURE)
def test_filling_ranges_in_any_order_gives_the_table(pure: bool) -> None:
    spec = KalahSpec(3, empty_capture=True)
    whole = tables.build_python(spec, 9)
    values = bytearray([tables.UNKNOWN]) * len(whole)
    for start, stop in [(3000, 3100), (0, 10), (500, 4000), (0, len(whole))]:
        fill(spec, values, start, stop, pure)
    assert bytes(values) == whole


def test_the_command_prints_size_and_time_first_then_builds_and_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert tables_main(["build", "kalah", "pits=3", "--seeds", "9", "--dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Kalah p3: every position of up to 9 seeds, {tables.count(9, 3):,}")
    assert out[1].startswith("about ") and "Ctrl-C" in out[1]
    assert out[-1].startswith(f"built {tmp_path / 'kalah-p3-n9.v1.bin'}")
    assert tables_main(["build", "kalah", "pits=3", "--seeds", "9", "--dir", str(tmp_path)]) == 0
    assert "already built" in capsys.readouterr().out
    assert tables_main(["list", "--dir", str(tmp_path)]) == 0
    assert "kalah-p3-n9.v1.bin" in capsys.readouterr().out


def test_the_default_size_is_the_large_table() -> None:
    from engine import get_variant

    assert tables.large_seeds(get_variant("kalah", pits=6, seeds=4)) == 26
    assert tables.count(26, 6) <= tables.LARGE_TABLE_BYTES < tables.count(27, 6)


def test_the_largest_complete_table_in_a_folder_is_found(tmp_path: Path) -> None:
    spec = KalahSpec(3)
    assert tables.largest(spec, tmp_path) is None
    build_file(spec, 6, tmp_path)
    build_file(spec, 8, tmp_path)
    (tmp_path / tables.file_name(spec, 9)).write_bytes(b"\0" * 10)  # not a whole table
    assert tables.largest(spec, tmp_path) == 8
