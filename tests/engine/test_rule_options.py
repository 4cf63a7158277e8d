"""Rule options of Kalah and Oware, one test per option value: a literal position, one move, the
whole board compared; and options in records.

Boards are in the canonical layout [A..F, store0, a..f, store1]:

        f  e  d  c  b  a          player 1 (indices 12..7)
    s1                    s0
        A  B  C  D  E  F          player 0 (indices 0..5)
"""

from __future__ import annotations

import pytest

from engine import IllegalMove, get_variant
from engine.record import GameRecord


def play(rules, board: list[int], to_move: int, pit: int) -> tuple[list[int], int | None]:
    state = rules.position(board, to_move).play(pit)
    return list(state.board), state.to_move


# -- kalah: end ------------------------------------------------------------------------------

#     4  0  0  1  2  3
# 16                    20
#     0  0  0  0  0  2      F (2): s0, a; player 0's row is now empty
ROW_EMPTIED = [0, 0, 0, 0, 0, 2, 20, 3, 2, 1, 0, 0, 4, 16]


def test_kalah_end_either_row_empty_ends_when_a_row_empties() -> None:
    state = get_variant("kalah").position(ROW_EMPTIED, 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert state.is_over and state.winner == 1


def test_kalah_end_mover_cannot_move_goes_on_while_the_mover_has_seeds() -> None:
    rules = get_variant("kalah", end="mover_cannot_move")
    assert play(rules, ROW_EMPTIED, 0, 5) == ([0, 0, 0, 0, 0, 0, 21, 4, 2, 1, 0, 0, 4, 16], 1)


def test_kalah_end_mover_cannot_move_ends_when_the_player_to_move_has_no_seeds() -> None:
    #     4  0  0  1  2  4
    # 16                    21
    #     0  0  0  0  0  0      c (1): d; d was empty, C opposite is empty: no capture.
    #                           Player 0 is to move with no seeds: the game ends, player 1 banks
    rules = get_variant("kalah", end="mover_cannot_move")
    state = rules.position([0, 0, 0, 0, 0, 0, 21, 4, 2, 1, 0, 0, 4, 16], 1).play(2)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert state.is_over and state.winner == 1


def test_kalah_end_mover_cannot_move_after_an_extra_turn() -> None:
    #     0  0  0  0  0  1
    # 26                    20
    #     0  0  0  0  0  1      F (1): s0, move again, but player 0 has no seeds: the game ends
    rules = get_variant("kalah", end="mover_cannot_move")
    state = rules.position([0, 0, 0, 0, 0, 1, 20, 1, 0, 0, 0, 0, 0, 26], 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert state.is_over


# -- kalah: leftovers ------------------------------------------------------------------------


def test_kalah_leftovers_owner_banks_each_row() -> None:
    state = get_variant("kalah", leftovers="owner").position(ROW_EMPTIED, 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert state.scores == (21, 27) and state.winner == 1


def test_kalah_leftovers_none_count_for_nobody() -> None:
    rules = get_variant("kalah", leftovers="none")
    state, rec = rules.position(ROW_EMPTIED, 0).play_record(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 21, 4, 2, 1, 0, 0, 4, 16]
    assert state.is_over and state.scores == (21, 16) and state.winner == 0
    assert rec.ended and rec.banked == (0, 0)


# -- oware: grand_slam -----------------------------------------------------------------------

#     0  0  0  0  2  1
# 19                    20
#     4  0  0  0  0  2      F: a=2, b=3 would take all the opponent's seeds
GRAND_SLAM = [4, 0, 0, 0, 0, 2, 20, 1, 2, 0, 0, 0, 0, 19]


def test_oware_grand_slam_no_capture_captures_nothing() -> None:
    rules = get_variant("oware", grand_slam="no_capture")
    assert play(rules, GRAND_SLAM, 0, 5) == ([4, 0, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 19], 1)


def test_oware_grand_slam_capture_all_captures_them_all() -> None:
    # The opponent is left with nothing and A (4) can't reach them: the game ends, A is banked.
    rules = get_variant("oware", grand_slam="capture_all")
    state = rules.position(GRAND_SLAM, 0).play(5)
    assert list(state.board) == [0, 0, 0, 0, 0, 0, 29, 0, 0, 0, 0, 0, 0, 19]
    assert state.is_over and state.winner == 0


def test_oware_grand_slam_illegal_may_not_be_played() -> None:
    rules = get_variant("oware", grand_slam="illegal")
    state = rules.position(GRAND_SLAM, 0)
    assert state.legal_moves() == (0,)
    with pytest.raises(IllegalMove, match="grand slam"):
        state.play(5)
    assert play(rules, GRAND_SLAM, 0, 0) == ([0, 1, 1, 1, 1, 2, 20, 1, 2, 0, 0, 0, 0, 19], 1)


def test_oware_grand_slam_illegal_is_played_when_every_move_is_one() -> None:
    #     1  1  1  1  1  1
    # 20                    16
    #     0  0  0  0  0  6      F (6) is the only move, and makes a..f all 2s: a grand slam.
    #                           It is played and captures nothing
    rules = get_variant("oware", grand_slam="illegal")
    board = [0, 0, 0, 0, 0, 6, 16, 1, 1, 1, 1, 1, 1, 20]
    assert rules.position(board, 0).legal_moves() == (5,)
    assert play(rules, board, 0, 5) == ([0, 0, 0, 0, 0, 0, 16, 2, 2, 2, 2, 2, 2, 20], 1)


# -- options: validation, help and records ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("kalah", {"end": "sometimes"}, "'end' must be one of 'either_row_empty', 'mover_"),
        ("kalah", {"leftovers": 0}, "'leftovers' must be a str"),
        ("oware", {"grand_slam": "maybe"}, "'grand_slam' must be one of 'no_capture', 'ill"),
    ],
)
def test_bad_option_values_say_what_is_allowed(name, options, message) -> None:
    with pytest.raises(ValueError, match=message):
        get_variant(name, **options)


def test_every_option_has_a_line_of_help() -> None:
    for name in ("kalah", "oware"):
        for key, spec in get_variant(name).option_specs().items():
            assert spec["help"] and "\n" not in spec["help"], (name, key)
    assert get_variant("kalah").option_specs()["end"]["choices"] == [
        "either_row_empty",
        "mover_cannot_move",
    ]


def test_string_options_round_trip_through_text_and_json_records() -> None:
    rules = get_variant("kalah", pits=4, seeds=3, end="mover_cannot_move", leftovers="none")
    game = GameRecord(rules, 0, [1, 3, 0])
    text = game.to_text()
    assert text.startswith(
        "kalah pits=4 seeds=3 capture=true empty_capture=false end=mover_cannot_move "
        "leftovers=none first=0:"
    )
    for again in (GameRecord.from_text(text), GameRecord.from_json(game.to_json())):
        assert again.rules == rules and again.state == game.state
    oware = GameRecord(get_variant("oware", grand_slam="capture_all"), 1, [2])
    assert oware.to_text().startswith("oware grand_slam=capture_all first=1:")
    assert GameRecord.from_text(oware.to_text()).rules == oware.rules


def test_records_leave_out_new_options_at_their_default() -> None:
    # Records written before these options existed read the same.
    assert GameRecord(get_variant("oware")).to_text() == "oware first=0:"
    text = GameRecord(get_variant("kalah")).to_text()
    assert text == "kalah pits=6 seeds=4 capture=true empty_capture=false first=0:"
