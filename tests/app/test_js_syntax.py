"""Every ES module under static/js parses: a cheap lint by Node.js's own parser (no npm
package), one process for all of them. Skipped where Node.js is not installed (the browser
tests load the modules anyway); under CI=true they fail instead (tests/app/js_tools.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.app.js_tools import ROOT, node

JS = sorted((ROOT / "static" / "js").glob("*.js"))
# Parse each file named on the command line as a module (never run it); list the failures.
PARSE = """
const vm = require("node:vm");
const fs = require("node:fs");
let bad = 0;
for (const file of process.argv.slice(1)) {
  try {
    new vm.SourceTextModule(fs.readFileSync(file, "utf8"), { identifier: file });
  } catch (err) {
    bad += 1;
    console.error(`${file}: ${err.message}`);
  }
}
process.exit(bad ? 1 : 0);
"""


def parse(paths: list[Path]) -> subprocess.CompletedProcess[str]:
    command = [node(), "--experimental-vm-modules", "--no-warnings", "-e", PARSE, "--"]
    return subprocess.run(
        command + [str(p) for p in paths], check=False, capture_output=True, text=True, timeout=60
    )


def test_every_module_parses() -> None:
    assert len(JS) > 10
    found = parse(JS)
    assert found.returncode == 0, found.stderr


def test_a_syntax_error_is_caught(tmp_path: Path) -> None:
    bad = tmp_path / "bad.js"
    bad.write_text("export const x = ;\n")
    found = parse([bad])
    assert found.returncode == 1 and "bad.js: Unexpected token" in found.stderr
