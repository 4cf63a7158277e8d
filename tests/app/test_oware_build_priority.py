"""A table build takes the CPU only when nothing else wants it (issue 37: the Oware table's
background build must not slow another device's game): niceness 19 and ``SCHED_IDLE``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.computer import tables

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling class")
def test_a_build_process_runs_in_the_idle_class_at_niceness_19() -> None:
    code = (
        "import os\n"
        "from app.computer.tables import background_priority\n"
        "background_priority()\n"
        "print(os.sched_getscheduler(0) == os.SCHED_IDLE, os.nice(0))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True", "19"]


def test_every_build_lowers_its_priority_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(tables, "background_priority", lambda: calls.append("priority"))
    monkeypatch.setattr(tables, "make", lambda *args: calls.append("make"))
    tables.build("oware", {}, str(tmp_path), 4)
    assert calls == ["priority", "make"]
