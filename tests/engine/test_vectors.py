"""Every game recorded by the independent reference engine replays exactly."""

from __future__ import annotations

import pytest

from engine import get_variant
from tests.conftest import load_vectors

FILES = ["kalah-6-4", "oware-6-4"]


@pytest.mark.parametrize("name", FILES)
def test_reference_games_replay_exactly(name: str) -> None:
    games = load_vectors(name)
    assert len(games) == 300
    for n, game in enumerate(games):
        state = get_variant(game["variant"]).initial_state()
        for i, (move, expected) in enumerate(zip(game["moves"], game["positions"], strict=True)):
            where = f"{name} game {n} before move {i}"
            assert list(state.board) == expected["board"], where
            assert state.to_move == expected["to_move"], where
            assert list(state.legal_moves()) == expected["legal"], where
            state = state.play(move)
        assert state.is_over, f"{name} game {n} should be over"
        assert list(state.scores) == game["final"]["scores"], f"{name} game {n}"
        returns = game["final"]["returns"]
        expected_winner = 0 if returns[0] > 0 else 1 if returns[1] > 0 else None
        assert state.winner == expected_winner, f"{name} game {n}"
