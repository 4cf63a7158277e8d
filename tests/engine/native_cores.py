"""Helpers for the identity tests: the native core (built if stale) and a way to run the same
code once on each core."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

from engine import native
from engine.agents.kernels import kernel_spec
from engine.core import Rules, State
from engine.native import build
from tests.engine.variant_options import all_rule_sets


def native_core() -> ModuleType:
    """The compiled core, built first if missing or stale (a test failure if it can't be)."""
    build.build(quiet=True)
    core = native.load()
    assert core is not None, "the native core did not build: run `make native`"
    return core


@contextmanager
def using(core: ModuleType | None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run the block with ``core`` as the engine's native core (None: the pure fallback)."""
    with monkeypatch.context() as m:
        m.setattr(native, "core", core)
        yield


def on_both(
    core: ModuleType, monkeypatch: pytest.MonkeyPatch, call: Callable[[], Any]
) -> tuple[Any, Any]:
    """``call()`` on the native core, then on the pure fallback."""
    with using(core, monkeypatch):
        fast = call()
    with using(None, monkeypatch):
        slow = call()
    return fast, slow


def native_rule_sets() -> list[Rules]:
    """Every option set of every variant the native core plays."""
    return [r for r in all_rule_sets() if kernel_spec(r) is not None]


def random_positions(rules: Rules, count: int, seed: int) -> list[State]:
    """``count`` positions in play from random games (both first players), spread over the
    games' lengths."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = rules.initial_state(rng.randrange(2))
        stop = rng.randrange(60)
        for _ in range(stop):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and len(state.legal_moves()) > 1:
            found.append(state)
    return found
