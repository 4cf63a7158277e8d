"""Move notation and game records: round-trips, and clear errors for corrupt records."""

from __future__ import annotations

import json

import pytest

from engine import Ending, EndKind, Outcome, get_variant
from engine.notation import move_text, parse_move
from engine.record import GameRecord, RecordError


def test_move_text_shows_pit_sown_captures_and_extra_turn() -> None:
    kalah = get_variant("kalah")
    _, rec = kalah.initial_state().play_record(2)
    assert move_text(rec) == "C4+"
    board = [3, 1, 1, 0, 2, 0, 10, 4, 4, 5, 1, 1, 1, 15]
    _, rec = kalah.position(board, 0).play_record(0)
    assert move_text(rec) == "A3x6"
    assert rec.captures == [(9, 5), (3, 1)] and rec.sown == [1, 2, 3]
    _, rec = kalah.position(board, 1).play_record(3)
    assert move_text(rec) == "d1"


def test_move_record_reports_the_end_and_what_was_banked() -> None:
    board = [0, 0, 0, 0, 0, 1, 20, 3, 2, 1, 0, 0, 4, 17]
    _, rec = get_variant("kalah").position(board, 0).play_record(5)
    assert rec.ended and rec.banked == (0, 10) and rec.end_reason == "a row is empty"
    assert move_text(rec) == "F1"  # no extra-turn mark: the game is over


def test_parse_move_reads_letters_counts_and_marks() -> None:
    parsed = parse_move("d7x3", 6)
    assert (parsed.player, parsed.pit, parsed.sown, parsed.captured) == (1, 3, 7, 3)
    assert parse_move("B", 6).sown is None
    with pytest.raises(ValueError, match="pit G does not exist"):
        parse_move("G4", 6)
    with pytest.raises(ValueError, match="is not a move"):
        parse_move("4C", 6)


def test_record_json_and_text_forms() -> None:
    game = GameRecord(get_variant("kalah", pits=4, seeds=3), 1, [1, 0, 2])
    assert (
        game.to_text() == "kalah pits=4 seeds=3 capture=true empty_capture=false first=1: b3+ a3 C3"
    )
    data = json.loads(game.to_json())
    assert data["moves"] == [1, 0, 2] and data["first_player"] == 1 and data["result"] is None
    assert GameRecord.from_text(game.to_text()).state == game.state


def test_finished_record_carries_its_result() -> None:
    board_game = GameRecord(get_variant("kalah", pits=3, seeds=1))
    while not board_game.state.is_over:
        board_game.push(board_game.state.legal_moves()[0])
    text = board_game.to_text()
    assert text.endswith("{}-{}".format(*board_game.state.scores))
    assert GameRecord.from_text(text).result() == board_game.result()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("kalah first=0 C4+ D5", "found no ':'"),
        ("chess first=0: C4", "unknown variant 'chess'"),
        ("kalah pits=12 first=0: C4", "option 'pits' must be between 3 and 8"),
        ("kalah first=2: C4", "first='2': must be 0 or 1"),
        ("kalah first=0: C4+ C4", "move 2 'C4': move 2 is illegal for player 0: that pit is empty"),
        ("kalah first=0: C5", "move 1 'C5': the rules give 'C4\\+'"),
        ("kalah first=0: c4", "move 1 'c4': it is player 0's turn"),
        ("kalah first=0: C4+ F5 1-0", "result '1-0' does not match the replay"),
        ("kalah first=0: Q4", "move 1: 'Q4': pit Q does not exist"),
    ],
)
def test_corrupt_text_records_say_where_and_why(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_text(text)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[1, 2", "not JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"variant": "kalah", "moves": "2"}', "'moves' must be a list"),
        ('{"variant": "kalah", "moves": [2, 2]}', "move 2 \\(2\\): move 2 is illegal"),
        ('{"variant": "kalah", "moves": [9]}', "move 1 \\(9\\): .*pits are numbered 0-5"),
        ('{"variant": "kalah", "moves": [], "options": {"seeds": "4"}}', "'seeds' must be a whole"),
        ('{"variant": "kalah", "moves": [], "first_player": 3}', "'first_player' must be 0 or 1"),
        ('{"variant": "oware", "moves": [0], "result": {"scores": [1, 2]}}', "recorded result"),
    ],
)
def test_corrupt_json_records_say_where_and_why(data: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(data)


def test_undo_takes_back_the_last_move() -> None:
    game = GameRecord(get_variant("oware"), 0, [0, 1])
    assert game.pop() == 1 and game.moves == [0]
    assert game.state == get_variant("oware").initial_state().play(0)


@pytest.mark.parametrize("text", [":", "   :  ", "kalah pits=" + "9" * 5000 + ":"])
def test_a_record_without_a_variant_or_with_a_huge_option_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        GameRecord.from_text(text)


def test_a_finished_record_has_a_typed_outcome() -> None:
    record = GameRecord(get_variant("kalah", pits=3, seeds=1), 0)
    assert record.outcome is None
    for pit in (0, 0, 1, 2):
        record.push(pit)
    assert record.state.board == (0, 0, 0, 2, 0, 0, 0, 4)
    outcome = record.outcome
    assert outcome == Outcome(Ending(EndKind.ROW_EMPTY, "a row is empty"), 1, (2, 4))
    assert outcome.margin == 2
    assert record.records[-1].to_dict()["end_kind"] == "row_empty"
