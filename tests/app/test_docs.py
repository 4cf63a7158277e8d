"""The docs point at files that exist: every path the design page cites is in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_path_the_design_page_cites_exists() -> None:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"`((?:app|engine|static|templates|tests|tools|docs)/[\w./-]*)`", text))
    assert cited  # the page does cite paths
    missing = sorted(p for p in cited if not (ROOT / p.rstrip("/")).exists())
    assert missing == []
