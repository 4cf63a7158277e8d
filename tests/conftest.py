"""Shared fixtures and helpers."""

from __future__ import annotations

import json
from pathlib import Path

DATA = Path(__file__).parent / "data"


def load_vectors(name: str) -> list[dict]:
    """Games recorded by an independent reference engine (copied from shared/vectors)."""
    with open(DATA / f"{name}.jsonl") as f:
        return [json.loads(line) for line in f]
