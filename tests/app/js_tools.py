"""The JavaScript tools the front end's checks run: Node.js, and TypeScript and Biome from
``npm ci`` (which ``make lint`` runs first).

Rule: where a tool is missing, a test that needs it skips on a developer's machine, saying how
to install it; under ``CI=true`` it fails instead, since CI installs them (see ``.ci/run``), as
the PostgreSQL tests (``tests/pg.py``) and the browser tests do.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = ROOT / "node_modules" / ".bin"
NODE_INSTALL = "Install Node.js with `sudo apt-get install nodejs npm` (Debian, Ubuntu)."
NPM_INSTALL = "Install the project's JavaScript tools with `make lint` (it runs `npm ci`)."


def missing(reason: str) -> NoReturn:
    """Skip the test for ``reason``; under ``CI=true`` fail it instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true: the JavaScript checks must run, but {reason}")
    pytest.skip(f"the JavaScript checks are skipped: {reason}")


def node() -> str:
    """The path of Node.js (else skip, or fail under CI)."""
    found = shutil.which("node")
    if found is None:
        missing(f"Node.js is not installed. {NODE_INSTALL}")
    return found


def npm_tool(name: str) -> Path:
    """The path of ``name`` installed by ``npm ci`` (it runs on Node.js: both needed)."""
    node()
    found = BIN / name
    if not found.exists():
        missing(f"{found.relative_to(ROOT)} is not installed. {NPM_INSTALL}")
    return found
