"""Tables past 24 seeds (issue 34 item 5, session 35): the 26- and 28-seed Kalah 6x4 tables
hold 2.7 G and 5.6 G views, so ranks pass 2**31 and 2**32 and margins pass 24. The native
rank equals the pure one there, the native build equals the pure one on boards of many seeds
(margins far past 24), and a table grown from a smaller one is the table built whole."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from engine import get_variant
from engine.solver import KalahSpec, Solver
from engine.solver import table as tables
from engine.solver.build import build_file
from engine.solver.native import solve_core

NATIVE = solve_core() is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="compares the native core with its twin")


def random_view(rng: random.Random, seeds: int, m: int) -> tuple[int, ...]:
    """A view of ``m`` pits holding exactly ``seeds`` seeds."""
    cuts = sorted(rng.randint(0, seeds) for _ in range(m - 1))
    return tuple(b - a for a, b in zip([0, *cuts], [*cuts, seeds], strict=True))


@needs_native
def test_ranks_past_two_to_the_32_are_the_pure_ranks() -> None:
    core = solve_core()
    assert core is not None
    rng = random.Random(35)
    m = 12
    for seeds in range(24, 41):
        first, last = (0,) * (m - 1) + (seeds,), (seeds,) + (0,) * (m - 1)
        assert core.rank(first) == tables.rank(first) == tables.count(seeds - 1, 6)
        assert core.rank(last) == tables.rank(last) == tables.count(seeds, 6) - 1
        for _ in range(50):
            b = random_view(rng, seeds, m)
            assert core.rank(b) == tables.rank(b)
    assert tables.count(26, 6) > 2**31 and tables.count(28, 6) > 2**32


@needs_native
@pytest.mark.parametrize(("pits", "seeds"), [(1, 60), (2, 34)])
def test_the_native_build_equals_the_pure_one_with_margins_past_24(pits: int, seeds: int) -> None:
    for empty_capture in (False, True):
        spec = KalahSpec(pits, True, empty_capture)
        native = tables.build(spec, seeds)
        assert native == tables.build_python(spec, seeds)
        values = [v - 256 if v > 127 else v for v in native]
        assert max(abs(v) for v in values) > 24  # the int8 values hold more than 24 seeds' margin
        assert tables.UNKNOWN not in native


@pytest.mark.parametrize("pure", [True] + ([False] if NATIVE else []))
def test_a_table_grown_from_a_smaller_one_past_24_seeds_is_the_whole_table(
    tmp_path: Path, pure: bool
) -> None:
    spec = KalahSpec(2)
    small = build_file(spec, 26, tmp_path / "small", pure=pure)
    grown_dir = tmp_path / "grown"
    grown_dir.mkdir()
    shutil.copy(small, grown_dir / small.name)
    grown = build_file(spec, 30, grown_dir, pure=pure, chunk=4099)
    whole = tables.build_python(spec, 30)
    assert grown.read_bytes() == whole
    assert whole[: small.stat().st_size] == small.read_bytes()  # each table a prefix of larger
    assert tables.largest(spec, grown_dir) == 30


@needs_native
def test_the_solver_reads_a_table_past_24_seeds_as_its_pure_twin(tmp_path: Path) -> None:
    rules = get_variant("kalah", pits=3, seeds=5)  # 30 seeds on the board
    state = rules.initial_state().play(2)
    native = Solver(rules, tmp_path, table_seeds=26).solve(state)  # builds the file natively
    pure = Solver(rules, tmp_path, table_seeds=26, pure=True).solve(state)  # reads that file
    assert native.value == pure.value
    assert dict(native.move_values) == dict(pure.move_values)


def test_growing_a_table_asks_for_the_whole_new_file_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A smaller table is copied into a new file of the larger one's full size: growing 24
    seeds to 28 on 6 pits needs 5.6 GB free, not the 4.3 GB of new views."""
    from collections import namedtuple

    from engine.cli import tables as command

    spec = KalahSpec(3)
    build_file(spec, 8, tmp_path)
    need = tables.count(10, 3)
    usage = namedtuple("usage", "total used free")
    free = need - tables.count(8, 3) + 1  # room for the new views, not for the new file
    monkeypatch.setattr(shutil, "disk_usage", lambda _: usage(10**12, 0, free))
    args = ["build", "kalah", "pits=3", "--seeds", "10", "--dir", str(tmp_path)]
    assert command.main(args) == 1
    assert "not enough free disk" in capsys.readouterr().out
    assert not list(tmp_path.glob("*.part*"))
    monkeypatch.setattr(shutil, "disk_usage", lambda _: usage(10**12, 0, need))
    assert command.main(args) == 0
    assert "continuing" in capsys.readouterr().out
    assert tables.largest(spec, tmp_path) == 10
