"""Every level of every algorithm keeps its time limit from a cold process: no table is built,
no solver is allocated past the deadline, inside the first moves of a fresh search process.

Each case starts a fresh ``python`` (``tests/engine/cold_move.py``) and times its first two
``choose()`` calls (the start position, then a mid-game one) under a reduced limit of 0.3 s,
with a tables folder that has no table yet and with one that has the rule set's table.  The
assertion is on the process CPU time of each ``choose`` (limit + 50 ms): work done inside a
move (a table built, a search that misses its deadline) costs CPU time however loaded the
shared machine is, while the wall time of a search that stops on time stretches with the
load; the wall times are printed beside it.  The "has it" folder holds a table made small by
the size rule's budget (the 86 MB table of Kalah 6x4 takes half a minute to build); mapping
a table costs the same whatever its size.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents.levels import ALGORITHMS, LEVELS
from engine.solver import table as tables

LIMIT = 0.3
OVERRUN = 0.05
TABLE_BYTES = tables.count(10, 6)  # Kalah 6x4's table at 10 seeds: 0.6 MB
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def cold_moves(algorithm: str, level: str, variant: str, folder: Path) -> list[dict[str, float]]:
    command = [sys.executable, "-m", "tests.engine.cold_move", algorithm, level, variant]
    command += [str(LIMIT), str(folder), str(TABLE_BYTES)]
    done = subprocess.run(
        command, check=False, cwd=ROOT, capture_output=True, text=True, env=os.environ
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant", ["kalah", "oware"])
@pytest.mark.parametrize("prepared", [False, True], ids=["no table yet", "table there"])
def test_every_level_keeps_its_time_limit_from_a_cold_process(
    variant: str, prepared: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if prepared:
        monkeypatch.setattr(tables, "TABLE_BYTES", TABLE_BYTES)
        monkeypatch.setattr(tables, "PY_TABLE_BYTES", TABLE_BYTES)
        tables.prepare(get_variant(variant), tmp_path)  # None for Oware: no table to read
    cases = [(a, level) for a in ALGORITHMS for level in LEVELS]
    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda c: cold_moves(*c, variant, tmp_path), cases))
    if not prepared:
        assert list(tmp_path.iterdir()) == []  # no move built a table
    print(f"\n{variant}, {'table there' if prepared else 'no table yet'}, limit {LIMIT} s:")
    over = []
    for (algorithm, level), moves in zip(cases, results, strict=True):
        cells = "  ".join(f"cpu {m['cpu']:.3f} wall {m['wall']:.3f}" for m in moves)
        print(f"  {algorithm:12} {level:8}  {cells}")
        over += [(algorithm, level, m) for m in moves if m["cpu"] > LIMIT + OVERRUN]
    assert not over
