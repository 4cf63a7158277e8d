"""The per-process cache of replayed records gives exactly what a fresh replay gives."""

from __future__ import annotations

import random

import pytest

from app.games.replay import replay
from engine import get_variant
from engine.record import GameRecord, RecordError


def random_moves(variant: str, seed: int) -> list[int]:
    rng = random.Random(seed)
    state = get_variant(variant).initial_state(0)
    moves = []
    while not state.is_over:
        pit = rng.choice(state.legal_moves())
        moves.append(pit)
        state = state.play(pit)
    return moves


@pytest.mark.parametrize("variant", ["kalah", "oware", "toguz_kumalak"])
def test_cached_and_one_move_extended_replays_equal_fresh_ones(variant: str) -> None:
    moves = random_moves(variant, 7)
    for n in [*range(0, len(moves), 3), *range(len(moves) + 1)]:  # 3 past, then 1 past
        fresh = GameRecord(get_variant(variant), 0, moves[:n])
        got = replay(variant, {}, 0, moves[:n])
        assert got.moves == fresh.moves and got.states == fresh.states
        assert got.records == fresh.records
    again = replay(variant, {}, 0, moves)
    assert again.states == GameRecord(get_variant(variant), 0, moves).states


def test_a_caller_changing_its_copy_changes_nothing_remembered() -> None:
    moves = random_moves("kalah", 3)[:10]
    first = replay("kalah", {}, 0, moves)
    first.pop()
    first.push(first.state.legal_moves()[0])
    second = replay("kalah", {}, 0, moves)
    assert (
        second.moves == moves and second.states == GameRecord(get_variant("kalah"), 0, moves).states
    )


def test_bad_moves_say_which_move_whether_remembered_or_not() -> None:
    moves = random_moves("kalah", 5)[:6]
    replay("kalah", {}, 0, moves)
    with pytest.raises(RecordError, match="move 7"):
        replay("kalah", {}, 0, [*moves, 99])  # a move past a remembered game
    with pytest.raises(RecordError, match="move 6"):
        replay("kalah", {}, 0, [*moves[:5], 99, 0])  # two past a remembered one
    with pytest.raises(RecordError, match="move 1"):
        replay("kalah", {}, 0, [99])
    with pytest.raises(RecordError, match="list"):
        replay("kalah", {}, 0, "C4")
