"""The puzzle model and its files: a puzzle round-trips through JSON, bad files are rejected
with the file, the line and what is wrong, and a literal puzzle is checked by the solver."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli.puzzles import write_puzzles
from engine.puzzles import (
    Puzzle,
    PuzzleDataError,
    check_puzzle,
    load_puzzles,
    puzzle_lines,
    read_puzzles,
)
from engine.puzzles.loader import DATA

KALAH_OPTIONS = {
    "pits": 6,
    "seeds": 4,
    "capture": True,
    "empty_capture": False,
    "end": "either_row_empty",
    "leftovers": "owner",
}


def literal() -> dict[str, Any]:
    """A Kalah puzzle written out by hand: player 0 plays F1 (an extra turn), A6 (another),
    F1 again, C4 (a fourth), F1 and D2 capturing 2; the solver says F1 wins 6 seeds from here
    (final margin -3 with a store lead of -9 now) and every other move is 4 seeds worse."""
    return {
        "id": "kalah-6x4-0002",
        "variant": "kalah",
        "options": dict(KALAH_OPTIONS),
        "board": [6, 1, 3, 0, 0, 1, 10, 1, 0, 1, 3, 1, 1, 20],
        "extra": None,
        "to_move": 0,
        "best": "F1+",
        "solution": [["F1+", "A6+", "F1+", "C4+", "F1+", "D2x2"], ["f1+", "d3+", "c1"], ["B2"]],
        "gain": 6,
        "margin": 4,
        "themes": ["extra-turn-chain", "capture"],
        "rating": 1700,
        "exact": True,
        "depth": None,
        "origin": "self-play beginner-medium seed 1 game 0 ply 19",
    }


def test_a_puzzle_round_trips_through_json() -> None:
    data = literal()
    puzzle = Puzzle.from_dict(json.loads(json.dumps(data)))
    assert puzzle.to_dict() == data
    assert puzzle.board == (6, 1, 3, 0, 0, 1, 10, 1, 0, 1, 3, 1, 1, 20)
    assert puzzle.solution[0] == ("F1+", "A6+", "F1+", "C4+", "F1+", "D2x2")
    assert puzzle.state().board == puzzle.board
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_options_left_out_take_their_defaults() -> None:
    """Options a file leaves out (one added to the rules after the file was built, say) are
    the rules' defaults: the puzzle loads, keeps what it was given, and is the same position."""
    full = Puzzle.from_dict(literal())
    short = Puzzle.from_dict({**literal(), "options": {"pits": 6}})
    assert short.options == {"pits": 6}
    assert short.rules() == full.rules()
    assert short.key() == full.key()
    assert check_puzzle(short) is None


def test_files_round_trip(tmp_path: Path) -> None:
    puzzle = Puzzle.from_dict(literal())
    assert write_puzzles(tmp_path / "kalah.jsonl", [puzzle]) == 1
    assert load_puzzles("kalah", tmp_path) == [puzzle]
    assert load_puzzles(folder=tmp_path) == [puzzle]
    assert load_puzzles("oware", tmp_path) == []


def test_the_literal_puzzle_is_proved_by_the_solver() -> None:
    assert check_puzzle(Puzzle.from_dict(literal())) is None


def test_a_wrong_best_move_or_margin_is_caught() -> None:
    wrong_gain = Puzzle.from_dict({**literal(), "gain": 8})
    assert "gains 6 seeds exactly, not 8" in (check_puzzle(wrong_gain) or "")
    wide = Puzzle.from_dict({**literal(), "margin": 6})
    assert "within 6" in (check_puzzle(wide) or "")
    # The reply c1 is legal but worth 4 seeds less to player 1 than f1+ (then d3+ c1).
    off = Puzzle.from_dict({**literal(), "solution": [literal()["solution"][0], ["c1"]]})
    assert check_puzzle(off) == (
        "kalah-6x4-0002: c1 in the solution gives away seeds: it is not a best move"
    )


BAD = [
    ({"board": [6, 1, 3]}, "bad position: a kalah board has 14 entries, not 3"),
    ({"board": [7, 1, 3, 0, 0, 1, 10, 1, 0, 1, 3, 1, 1, 20]}, "holds 49 seeds, not 48"),
    ({"to_move": 2}, "'to_move' must be 0 or 1, not 2"),
    ({"best": "A6"}, "the solution starts with 'F1+', not 'A6'"),
    ({"best": "F2+", "solution": [["F2+"]]}, "turn 1: 'F2+' is played as 'F1+'"),
    ({"solution": [["F1+"], ["f1+"]]}, "turn 1 stops before the player's turn is over"),
    ({"solution": []}, "'solution' must be a non-empty list of turns"),
    ({"themes": ["fork"]}, "unknown theme 'fork'"),
    ({"margin": 0}, "'margin' must be above 0, not 0"),
    ({"exact": False}, "'depth' must be a whole number >= 1 when not exact, not None"),
    ({"depth": 8}, "'depth' must be null for an exact puzzle"),
    ({"variant": "chess"}, "bad variant or options: unknown variant 'chess'"),
    ({"options": {"pits": 2}}, "bad variant or options: option 'pits' must be between 3 and 8"),
    ({"options": {"colour": 1}}, "bad variant or options: kalah: unknown option 'colour'"),
    ({"rating": "hard"}, "'rating' must be a whole number 400-3500, not 'hard'"),
    ({"colour": "red"}, "unknown field 'colour'"),
]


@pytest.mark.parametrize(("change", "message"), BAD)
def test_bad_puzzles_are_rejected_saying_why(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    good = literal()
    path = tmp_path / "kalah.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps({**good, **change}) + "\n")
    with pytest.raises(PuzzleDataError) as caught:
        read_puzzles(path)
    assert str(caught.value).startswith(f"{path}:2: ")
    assert message in str(caught.value)


def test_missing_fields_broken_lines_and_repeats_are_rejected(tmp_path: Path) -> None:
    path = tmp_path / "kalah.jsonl"
    good = literal()
    cases = [
        ("{not json\n", ":1: not JSON"),
        (json.dumps({k: v for k, v in good.items() if k != "gain"}) + "\n", "missing field 'gain'"),
        ("[1, 2]\n", ":1: a puzzle is a JSON object"),
        (json.dumps(good) + "\n" + json.dumps(good) + "\n", "id 'kalah-6x4-0002' is used twice"),
        (
            json.dumps(good) + "\n" + json.dumps({**good, "id": "kalah-6x4-0003"}) + "\n",
            "kalah-6x4-0003 repeats an earlier puzzle's position",
        ),
    ]
    for text, message in cases:
        path.write_text(text)
        with pytest.raises(PuzzleDataError, match=message.replace("(", r"\(")):
            read_puzzles(path)
    other = tmp_path / "oware.jsonl"
    other.write_text(json.dumps(good) + "\n")
    with pytest.raises(PuzzleDataError, match="a kalah puzzle in the oware file"):
        read_puzzles(other)


def test_the_shipped_set_loads() -> None:
    puzzles = load_puzzles("kalah")
    assert puzzles
    assert all(p.variant == "kalah" and p.exact for p in puzzles)
    assert len({p.id for p in puzzles}) == len(puzzles)


def test_every_shipped_file_round_trips_to_the_byte() -> None:
    for path in sorted(DATA.glob("*.jsonl")):
        assert puzzle_lines(read_puzzles(path)) == path.read_text(encoding="utf-8")
