"""The engine surface other tools depend on (docs/design.md), and option validation."""

from __future__ import annotations

import pytest

from engine import IllegalMove, get_variant, variant_names


def test_contract_surface() -> None:
    assert {"kalah", "oware"} <= set(variant_names())
    rules = get_variant("kalah", pits=6, seeds=4)
    state = rules.initial_state()
    assert state.board == (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
    assert state.to_move == 0 and state.legal_moves() == (0, 1, 2, 3, 4, 5)
    assert not state.is_over and state.scores == (0, 0) and state.winner is None
    assert rules.initial_state(first_player=1).to_move == 1
    nxt = state.play(0)
    assert nxt is not state and state.board[0] == 4 and nxt.board[0] == 0
    assert issubclass(IllegalMove, ValueError)


def test_states_are_immutable() -> None:
    state = get_variant("oware").initial_state()
    with pytest.raises(AttributeError):
        state.board = (0,) * 14  # type: ignore[misc]


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("mancala", {}, "unknown variant 'mancala' \\(variants: kalah, oware"),
        ("kalah", {"pits": 2}, "'pits' must be between 3 and 8, not 2"),
        ("kalah", {"pits": 9}, "'pits' must be between 3 and 8, not 9"),
        ("kalah", {"seeds": 0}, "'seeds' must be between 1 and 8, not 0"),
        ("kalah", {"seeds": "4"}, "'seeds' must be a whole number, not '4'"),
        ("kalah", {"pits": True}, "'pits' must be a whole number"),
        ("kalah", {"capture": "yes"}, "'capture' must be true or false"),
        ("kalah", {"stealing": False}, "unknown option 'stealing'"),
        ("oware", {"pits": 6}, "unknown option 'pits'"),
    ],
)
def test_bad_options_raise_a_clear_value_error(name, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        get_variant(name, **options)


def test_position_checks_literal_boards() -> None:
    kalah = get_variant("kalah")
    with pytest.raises(ValueError, match="has 14 entries, not 3"):
        kalah.position([1, 2, 3])
    with pytest.raises(ValueError, match="holds 47 seeds, not 48"):
        kalah.position([4] * 6 + [0] + [4] * 5 + [3, 0])


def test_game_over_state_refuses_moves() -> None:
    state = get_variant("kalah").position([0] * 6 + [24] + [0] * 6 + [24], None)
    assert state.is_over and state.winner is None
    with pytest.raises(IllegalMove, match="the game is over"):
        state.play(0)
