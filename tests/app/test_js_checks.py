"""The JavaScript checks `make lint` runs catch what they are for: TypeScript's check of the
JSDoc types (jsconfig.json) and Biome's linter (biome.json). Skipped until `npm ci` (which
`make lint` runs first) has installed them; under CI=true they fail instead
(tests/app/js_tools.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.app.js_tools import ROOT, npm_tool


def run(command: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=120, cwd=cwd
    )


def test_the_type_check_catches_a_wrong_type_an_untyped_parameter_and_a_null(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.js"
    bad.write_text(
        "// @ts-check\n"
        "/** @param {number} pits */\n"
        "export function row(pits) {\n  return pits.toUpperCase();\n}\n"
        "export function untyped(game) {\n  return game;\n}\n"
        "/** @param {string | null} name */\n"
        "export function size(name) {\n  return name.length;\n}\n"
    )
    config = tmp_path / "jsconfig.json"
    config.write_text(json.dumps({"extends": str(ROOT / "jsconfig.json"), "include": [str(bad)]}))
    found = run([str(npm_tool("tsc")), "-p", str(config)])
    assert found.returncode != 0
    assert "Property 'toUpperCase' does not exist on type 'number'" in found.stdout
    assert "Parameter 'game' implicitly has an 'any' type" in found.stdout
    assert "'name' is possibly 'null'" in found.stdout


def test_the_linter_catches_an_unused_variable(tmp_path: Path) -> None:
    # The project's rules, on a file in a folder of its own.
    config = json.loads((ROOT / "biome.json").read_text())
    config.pop("$schema", None)
    config["files"]["includes"] = ["*.js"]
    (tmp_path / "biome.json").write_text(json.dumps(config))
    (tmp_path / "bad.js").write_text(
        "// @ts-check\nexport function f() {\n  const unused = 1;\n  return 2;\n}\n"
    )
    found = run([str(npm_tool("biome")), "lint", "--error-on-warnings", "bad.js"], cwd=tmp_path)
    assert found.returncode != 0 and "noUnusedVariables" in found.stdout + found.stderr


def test_the_front_end_passes_both_checks() -> None:
    typed = run([str(npm_tool("tsc")), "-p", "jsconfig.json"])
    assert typed.returncode == 0, typed.stdout
    linted = run([str(npm_tool("biome")), "lint", "--error-on-warnings", "static/js"])
    assert linted.returncode == 0, linted.stdout + linted.stderr
