"""The computer bench's ``oware`` row (issue 37): the Oware table's background build, the app's
own, runs while the victim plays and is stopped, its folder removed, when the row ends; it is
not among the default rows (it writes the 24-seed table's 5 GB file)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tools import computerbench
from tools.computerbench import ALL, Bench, oware_build


def test_the_oware_row_is_named_and_not_run_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "oware" in ALL
    asked: list[list[str]] = []

    def run(rows: list[str], *_: object) -> int:
        asked.append(rows)
        return 0

    monkeypatch.setattr(computerbench, "run", run)
    computerbench.main([])
    computerbench.main(["--rows", "oware"])
    assert "oware" not in asked[0] and asked[1] == ["oware"]


def test_the_build_runs_until_the_row_ends_then_is_stopped_and_removed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen = tmp_path / "folder"
    script = (  # stands in for the build: notes its folder, then works until stopped
        "import sys, time, pathlib\n"
        f"pathlib.Path({str(seen)!r}).write_text(sys.argv[1])\n"
        "time.sleep(600)\n"
    )
    monkeypatch.setattr(computerbench, "OWARE_BUILD", script)
    bench = Bench("http://127.0.0.1:1", 0)
    threads = oware_build(bench)
    end = time.monotonic() + 60
    while not seen.exists() and time.monotonic() < end:
        time.sleep(0.1)
    folder = Path(seen.read_text())
    assert folder.is_dir() and all(t.is_alive() for t in threads)
    bench.stop.set()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    assert not folder.exists()


def test_the_row_says_how_far_the_build_got(tmp_path: Path) -> None:
    assert computerbench.oware_reached(tmp_path) == "nothing yet"
    (tmp_path / "oware-no_capture-n12.v2.bin").write_bytes(b"x" * 2_000_000)
    (tmp_path / "oware-no_capture-n12.v2.bin.json").write_text("{}")
    (tmp_path / "oware-no_capture-n24.v2.bin.part").write_bytes(b"")
    (tmp_path / "oware-no_capture-n24.v2.bin.part.json").write_text('{"layers": 15}\n')
    assert computerbench.oware_reached(tmp_path) == (
        "oware-no_capture-n12.v2.bin 2 MB, oware-no_capture-n24.v2.bin.part 0 MB, "
        'oware-no_capture-n24.v2.bin.part.json {"layers": 15}'
    )
