"""The pie rule (option ``pie``, Kalah and Oware): after the opener's first turn the other player
may, as their first action, swap sides.  The swap turns the position round (each row with its
store goes to the other side) and the opener moves next; literal positions, whole boards.

Boards are in the canonical layout [A..F, store0, a..f, store1].
"""

from __future__ import annotations

import pytest

from engine import IllegalMove, get_variant
from engine.core import SWAP
from engine.notation import parse_move
from engine.record import GameRecord, RecordError

KALAH = get_variant("kalah", pie=True)
OWARE = get_variant("oware", pie=True)


def test_the_swap_turns_the_position_round_and_the_opener_moves() -> None:
    # C4+ then F5: player 0's first turn is over, player 1 may swap.
    offered = KALAH.initial_state().play(2).play(5)
    assert list(offered.board) == [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]
    assert offered.to_move == 1 and offered.can_swap
    swapped = offered.play(SWAP)
    #     0  5  5  0  4  4          the opened row and its store, now player 1's (the swapper's)
    #  2                     0
    #     5  5  5  5  4  4          player 0 (the opener) moves on from here
    assert list(swapped.board) == [5, 5, 5, 5, 4, 4, 0, 4, 4, 0, 5, 5, 0, 2]
    assert swapped.to_move == 0
    assert not swapped.can_swap and swapped.opener is None
    assert swapped.legal_moves() == (0, 1, 2, 3, 4, 5)


def test_the_swap_is_offered_only_as_the_second_players_first_action() -> None:
    start = KALAH.initial_state()
    assert start.opener == 0 and not start.can_swap
    with pytest.raises(IllegalMove, match="only the second player's first action"):
        start.play(SWAP)
    extra_turn = start.play(2)  # C4+: still the opener's first turn
    assert extra_turn.to_move == 0 and not extra_turn.can_swap
    with pytest.raises(IllegalMove, match="only the second player's first action"):
        extra_turn.play(SWAP)
    offered = extra_turn.play(5)
    assert offered.can_swap and SWAP not in offered.legal_moves()
    moved = offered.play(0)  # the second player sows instead: the offer is gone for good
    assert moved.opener is None and not moved.can_swap
    with pytest.raises(IllegalMove, match="only the second player's first action"):
        moved.play(SWAP)


def test_no_swap_without_the_option_or_from_a_position_after_the_start() -> None:
    plain = get_variant("kalah").initial_state().play(2).play(5)
    assert plain.opener is None and not plain.can_swap
    with pytest.raises(IllegalMove, match="the pie rule is off"):
        plain.play(SWAP)
    board = [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0]
    assert not KALAH.position(board, 1).can_swap and KALAH.position(board, 1).opener is None


def test_the_start_set_up_by_hand_is_the_start() -> None:
    # An analysis board or a game from a position replays from a literal board: the start's
    # opening offers the swap as the start does.
    by_hand = KALAH.position([4] * 6 + [0] + [4] * 6 + [0], 1)
    assert by_hand == KALAH.initial_state(first_player=1)
    assert by_hand.play(1).can_swap


def test_the_pie_rule_is_off_by_default_and_leaves_sowing_alone() -> None:
    assert get_variant("kalah").options["pie"] is False
    assert get_variant("oware").options["pie"] is False
    with_pie = KALAH.initial_state().play(3).play(9 - 7)
    without = get_variant("kalah").initial_state().play(3).play(9 - 7)
    assert with_pie.board == without.board and with_pie.to_move == without.to_move


def test_player_one_opening_offers_player_zero_the_swap() -> None:
    # first_player=1: b4 (pit 1) sows c d e f; player 0 may swap.
    offered = KALAH.initial_state(first_player=1).play(1)
    assert list(offered.board) == [4, 4, 4, 4, 4, 4, 0, 4, 0, 5, 5, 5, 5, 0]
    assert offered.to_move == 0 and offered.can_swap
    swapped = offered.play(SWAP)
    assert list(swapped.board) == [4, 0, 5, 5, 5, 5, 0, 4, 4, 4, 4, 4, 4, 0]
    assert swapped.to_move == 1


def test_oware_swap_turns_the_houses_round_and_keeps_repetition_exact() -> None:
    offered = OWARE.initial_state().play(0)  # A sows b c d e (houses 1-4)
    assert list(offered.board) == [0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert offered.to_move == 1 and offered.can_swap
    swapped = offered.play(SWAP)
    assert list(swapped.board) == [4, 4, 4, 4, 4, 4, 0, 0, 5, 5, 5, 5, 4, 0]
    assert swapped.to_move == 0
    # The positions seen so far, turned round with the board: the start and the opened one.
    start = tuple([4] * 6 + [0] + [4] * 6 + [0])
    assert swapped.history == frozenset({(start, 1), (swapped.board, 0)})


def test_records_round_trip_the_swap_as_text_and_json() -> None:
    game = GameRecord(KALAH, 0, [2, 5, SWAP, 0])
    text = game.to_text()
    assert text == (
        "kalah pits=6 seeds=4 capture=true empty_capture=false pie=true first=0: C4+ F5 swap A5"
    )
    again = GameRecord.from_text(text)
    assert again.moves == [2, 5, SWAP, 0] and again.state == game.state
    assert GameRecord.from_json(game.to_json()).state == game.state
    assert parse_move("swap", 6).pit == SWAP


def test_a_record_without_the_option_reads_as_before() -> None:
    game = GameRecord(get_variant("kalah"), 0, [2, 5])
    assert game.to_text() == "kalah pits=6 seeds=4 capture=true empty_capture=false first=0: C4+ F5"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("kalah pie=true first=0: C4+ swap", "move 2 'swap': swapping sides is illegal now"),
        ("kalah first=0: C4+ F5 swap", "move 3 'swap': swapping sides is illegal: the pie"),
        ("kalah pie=true first=0: C4+ F5 swap swap", "move 4 'swap': swapping sides is illegal"),
    ],
)
def test_a_swap_out_of_place_in_a_record_says_where(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_text(text)


def test_a_person_swaps_in_terminal_play(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.engine.test_play import run, setup_lines

    monkeypatch.setenv("MANCALA_SAVE_DIR", str(tmp_path))
    # Kalah 6x4 with the pie rule, two people: "swap" is refused at the opener's extra turn, is
    # offered after C F and taken, then refused again (the offer is gone); then A.
    options = {"pits": "6", "seeds": "4", "pie": "y"}
    status, out = run(setup_lines(1, options=options) + ["C", "swap", "F", "swap", "swap", "A"])
    assert status == 0
    assert "'swap' is not a legal move here" in out  # at the opener's extra turn
    assert "player 1 to move (or swap sides: the pie rule)" in out
    assert "Player 1, your move (a-f or 1-6, or swap): swap" in out
    assert "Player 1 swaps sides: the board turns round, and player 0 plays on" in out
    assert out.count("'swap' is not a legal move here") == 2
    assert "Player 0 plays A5." in out


def test_perft_is_the_same_on_the_native_core_with_the_pie_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The swap is never among legal_moves(): the native core's move generation needs no change.
    from engine.perft import perft, pure_perft
    from tests.engine.native_cores import native_core, on_both

    core = native_core()
    for rules in (KALAH, OWARE):
        for state in (rules.initial_state(), rules.initial_state().play(3)):
            fast, slow = on_both(core, monkeypatch, lambda s=state: perft(s, 5))
            assert fast == slow == pure_perft(state, 5)
