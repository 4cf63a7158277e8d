"""Shared fixtures and helpers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from app import create_app

DATA = Path(__file__).parent / "data"


def load_vectors(name: str) -> list[dict]:
    """Games recorded by an independent reference engine (copied from shared/vectors)."""
    with open(DATA / f"{name}.jsonl") as f:
        return [json.loads(line) for line in f]


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    """The app on a fresh instance folder, searching in threads, with short long-polls."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": 0.3,
        }
    )
    yield app
    app.extensions["mancala_thinker"].shutdown()
