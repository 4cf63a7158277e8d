"""The JavaScript checks skip where their tools are missing only off CI: under ``CI=true`` they
fail, as the PostgreSQL and browser tests do (tests/app/js_tools.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app import js_tools
from tests.app.js_tools import ROOT

CHECKS = ["tests/app/test_js_checks.py", "tests/app/test_js_syntax.py"]


def run_checks(tmp_path: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    """The JS check tests in a pytest of their own, on a PATH without Node.js."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env["PATH"] = str(empty)  # no node there
    if ci:
        env["CI"] = "true"
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "--tb=no",
        "-p",
        "no:cacheprovider",
        "-rfs",
        *CHECKS,
    ]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=600
    )


def test_without_node_the_checks_fail_under_ci(tmp_path: Path) -> None:
    found = run_checks(tmp_path, ci=True)
    assert found.returncode == 1, found.stdout + found.stderr
    assert "5 failed" in found.stdout and "skipped" not in found.stdout, found.stdout
    assert found.stdout.count("CI=true: the JavaScript checks must run") == 5, found.stdout
    assert "Node.js is not installed" in found.stdout


def test_without_node_the_checks_skip_off_ci_saying_how_to_install_it(tmp_path: Path) -> None:
    found = run_checks(tmp_path, ci=False)
    assert found.returncode == 0, found.stdout + found.stderr
    assert "5 skipped" in found.stdout and "failed" not in found.stdout, found.stdout
    assert "apt-get install nodejs" in found.stdout


def test_without_npm_ci_the_tools_fail_under_ci_and_skip_off_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(js_tools, "BIN", tmp_path / "node_modules" / ".bin")
    monkeypatch.setattr(js_tools, "ROOT", tmp_path)
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true.*node_modules/.bin/tsc.*make lint"):
        js_tools.npm_tool("tsc")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="node_modules/.bin/biome.*npm ci"):
        js_tools.npm_tool("biome")
