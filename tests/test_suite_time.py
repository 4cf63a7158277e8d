"""What keeps `make test` short, checked: the processes each pass runs in, the long files the
scheduler puts first on a fresh clone, and the API document read once a process by the tests
that read it per example (app.contract.document copies the whole document on each call)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.xdist_units import KNOWN_LONG, PER_TEST

ROOT = Path(__file__).resolve().parents[1]


# What a `make test TEST_WORKERS=4` (or an exported TEST_WORKERS) running these tests would pass
# on to the make below: left out, so that it reads the Makefile's own defaults.
INHERITED = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "TEST_WORKERS", "PURE_WORKERS"}


def make_test_commands(*variables: str) -> list[str]:
    """The pytest commands `make test` would run (``make -n``: printed, not run)."""
    env = {k: v for k, v in os.environ.items() if k not in INHERITED}
    done = subprocess.run(
        ["make", "-n", "test", *variables],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in done.stdout.splitlines() if " -m pytest" in line]


def test_the_main_pass_runs_in_three_processes_and_the_pure_pass_in_two() -> None:
    main, pure = make_test_commands()
    assert "-n 3 --dist loadfile" in main and "MANCALA_PURE" not in main
    assert "MANCALA_PURE=1" in pure and "-n 2 --dist loadfile" in pure
    main, pure = make_test_commands("TEST_WORKERS=0")  # both in make's own process
    assert " -n " not in main and " -n " not in pure
    main, pure = make_test_commands("TEST_WORKERS=4", "PURE_WORKERS=4")
    assert "-n 4 --dist loadfile" in main and "-n 4 --dist loadfile" in pure


def test_every_file_known_to_be_long_is_there() -> None:
    for path in [*KNOWN_LONG, *PER_TEST]:
        assert (ROOT / path).is_file(), path


def test_the_fuzz_and_contract_request_tests_read_the_document_once() -> None:
    from tests.app import test_api_contract_requests, test_fuzz

    assert test_fuzz.spec() is test_fuzz.spec()
    document = test_api_contract_requests.document
    assert document() is document()
    assert document() == test_fuzz.spec()  # the same whole document
