"""The front end's structure (issue 24): every module is type-checked (`// @ts-check`, run by
`make lint`), the pit index math lives in pits.js only, and the pages show the server's pit
letters as sent (no module makes a letter from a pit number)."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "static" / "js"
MODULES = sorted(JS.glob("*.js"))


def test_every_module_is_type_checked() -> None:
    unchecked = [p.name for p in MODULES if not p.read_text().startswith("// @ts-check\n")]
    assert len(MODULES) > 10 and unchecked == []


def test_the_pit_index_math_lives_in_pits_js_only() -> None:
    # "pits + 1" (a row and its store) is the layout's arithmetic: one module does it.
    found = [p.name for p in MODULES if re.search(r"pits \+ 1\b", p.read_text())]
    assert found == ["pits.js"]


def test_no_module_makes_a_pit_letter() -> None:
    found = [p.name for p in MODULES if "fromCharCode" in p.read_text()]
    assert found == []


def test_record_import_is_written_once() -> None:
    # Both the review and the analysis board read a pasted record through record.js.
    found = [p.name for p in MODULES if "JSON.parse(raw)" in p.read_text()]
    assert found == ["record.js"]
    users = [p.name for p in MODULES if 'from "./record.js"' in p.read_text()]
    assert sorted(users) == ["analysis-board.js", "review.js"]
