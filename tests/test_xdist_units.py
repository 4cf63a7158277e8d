"""The test run's units (tests/xdist_units.py): a split file's tests go to both processes, any
other file's to one; the longest units are handed out first."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.roomy_stack import LOCALS, ROOMY, on_a_roomy_stack
from tests.xdist_units import KNOWN_LONG, PER_TEST, UNKNOWN_SPLIT, order, unit_of

ROOT = Path(__file__).resolve().parents[1]
SPLIT = "tests/engine/test_puzzles_set.py"


def test_a_split_file_is_one_unit_a_test_and_any_other_file_one_unit() -> None:
    assert SPLIT in PER_TEST
    assert unit_of(f"{SPLIT}::test_x[oware-3]") == f"{SPLIT}::test_x[oware-3]"
    assert unit_of("tests/app/test_hosts.py::test_y[host-a-dies]") == "tests/app/test_hosts.py"
    assert unit_of("engine/solver/__init__.py::engine.solver") == "engine/solver/__init__.py"


def test_units_go_longest_first_by_their_known_times() -> None:
    listed = min(KNOWN_LONG, key=KNOWN_LONG.__getitem__)  # the shortest of the long files
    units = ["a.py", "b.py", f"{SPLIT}::t[1]", listed, "c.py"]
    tests = {u: [f"{u}::one", f"{u}::two"] if "::" not in u else [u] for u in units}
    # Nothing known: a split test counts UNKNOWN_SPLIT, a listed file its KNOWN_LONG seconds,
    # the others keep their order after them.
    assert 0 < KNOWN_LONG[listed] < UNKNOWN_SPLIT
    assert order(units, tests, {}) == [
        f"{SPLIT}::t[1]",
        listed,
        "a.py",
        "b.py",
        "c.py",
    ]
    # Times from an earlier run: a unit's is the sum of its tests'.
    seconds = {"a.py::one": 1.0, "b.py::one": 50.0, "b.py::two": 40.0, "c.py::two": 3.0}
    seconds |= {f"{SPLIT}::t[1]": 20.0, f"{listed}::one": 70.0}
    assert order(units, tests, seconds) == [
        "b.py",
        listed,
        f"{SPLIT}::t[1]",
        "c.py",
        "a.py",
    ]


def test_a_split_files_tests_run_in_both_processes() -> None:
    """Three quick tests of the split file under ``-n 2 --dist loadfile``: both processes run
    some (plain loadfile would give the whole file to one)."""
    command = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-v"]
    command += ["-p", "no:cacheprovider", SPLIT, "-k", "themes_of"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # a run of its own
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    workers = re.findall(r"\[(gw\d)\] \[\s*\d+%\] PASSED", done.stdout)
    assert len(workers) == 3, done.stdout
    assert set(workers) == {"gw0", "gw1"}, done.stdout


def test_a_roomy_stack_gives_back_the_result_or_raises_what_it_raised() -> None:
    assert ROOMY.__code__.co_nlocals == LOCALS + 1
    assert on_a_roomy_stack(lambda: sys._getframe(1).f_code.co_name) == "roomy"

    def fails() -> None:
        raise ValueError("said below the roomy frame")

    with pytest.raises(ValueError, match="said below the roomy frame"):
        on_a_roomy_stack(fails)
