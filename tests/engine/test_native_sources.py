"""A native module older than its C sources (a ``git pull`` without a rebuild) is not loaded:
the engine runs in pure Python and the command line says how to rebuild."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from engine import native
from engine.cli import main as cli
from engine.native import sources


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A native folder with one C module ``_fake`` built after its sources."""
    for name in ("_fake.c", "rules.h", "build.py"):
        (tmp_path / name).write_text("")
        os.utime(tmp_path / name, (1000, 1000))
    built = sources.target(tmp_path / "_fake.c")
    built.write_text("")
    os.utime(built, (2000, 2000))
    monkeypatch.setattr(sources, "HERE", tmp_path)
    monkeypatch.setattr(native, "HERE", tmp_path)
    return tmp_path


def test_a_module_built_after_its_sources_is_fresh(folder: Path) -> None:
    assert not sources.stale(folder / "_fake.c")
    assert sources.stale_modules() == []


@pytest.mark.parametrize("changed", ["_fake.c", "rules.h", "build.py"])
def test_a_newer_source_header_or_build_script_makes_it_stale(folder: Path, changed: str) -> None:
    os.utime(folder / changed, (3000, 3000))
    assert sources.stale(folder / "_fake.c")
    assert sources.stale_modules() == [sources.target(folder / "_fake.c").name]
    assert native.load("_fake") is None  # not imported: its arguments may have changed


def test_a_module_never_built_is_stale_but_not_listed(folder: Path) -> None:
    (folder / "_other.c").write_text("")
    assert sources.stale(folder / "_other.c")
    assert sources.stale_modules() == []


def test_the_command_line_says_how_to_rebuild_a_stale_module(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(native.PURE_SETTING, raising=False)
    err = io.StringIO()
    cli.warn_if_stale(err)
    assert err.getvalue() == ""
    os.utime(folder / "rules.h", (3000, 3000))
    cli.warn_if_stale(err)
    assert "runs in pure Python" in err.getvalue()
    assert "older than its C sources" in err.getvalue()
    assert "python -m engine.native.build" in err.getvalue()


def test_the_reason_for_pure_python_says_what_to_do(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(native, "core", object())
    assert native.pure_reason() is None
    monkeypatch.setattr(native, "core", None)
    monkeypatch.setenv(native.PURE_SETTING, "1")
    assert native.pure_reason() == "MANCALA_PURE=1 is set"
    monkeypatch.delenv(native.PURE_SETTING)
    assert "not built; make native says why" in str(native.pure_reason())
    os.utime(folder / "_fake.c", (3000, 3000))
    assert "rebuild it: python -m engine.native.build" in str(native.pure_reason())
