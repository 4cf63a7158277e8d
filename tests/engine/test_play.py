"""Terminal play driven through standard input: menus, whole games, bad entries, save and resume."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import get_variant, variant_names
from engine.__main__ import main as engine_main
from engine.cli.play import SAVE_NAME, main
from engine.notation import pit_letter
from engine.record import GameRecord
from engine.variants import VARIANTS

SMALL = {"pits": "3", "seeds": "1"}


@pytest.fixture(autouse=True)
def save_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MANCALA_SAVE_DIR", str(tmp_path))
    return tmp_path


def setup_lines(mode: int, variant: str = "kalah", options: dict[str, str] = SMALL) -> list[str]:
    """Answers to the menus: mode, variant, then every option (Enter keeps the default)."""
    lines = [str(mode), str(variant_names().index(variant) + 1)]
    lines += [options.get(name, "") for name in VARIANTS[variant].options_spec]
    return lines


def first_legal_moves(rules_options: dict[str, int], prefix: tuple[int, ...] = ()) -> list[int]:
    """A whole game from ``prefix`` on, each player taking their first legal pit."""
    state = get_variant("kalah", **rules_options).initial_state()
    moves = list(prefix)
    for pit in prefix:
        state = state.play(pit)
    while not state.is_over:
        pit = state.legal_moves()[0]
        moves.append(pit)
        state = state.play(pit)
    return moves


def as_letters(moves: list[int], first: int = 0) -> list[str]:
    state = get_variant("kalah", pits=3, seeds=1).initial_state(first)
    letters = []
    for pit in moves:
        letters.append(pit_letter(state.to_move or 0, pit))
        state = state.play(pit)
    return letters


def run(lines: list[str], *argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), stdin=io.StringIO("".join(x + "\n" for x in lines)), stdout=out)
    return status, out.getvalue()


class Responder(io.StringIO):
    """Standard input that answers each prompt by looking at what was printed so far."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str | None]) -> None:
        super().__init__()
        self.out = out
        self.answer = answer
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.asked += 1
        if self.asked > 500:
            return ""
        reply = self.answer(self.out.getvalue())
        return "" if reply is None else reply + "\n"


def test_human_vs_human_whole_game_with_letters_and_numbers(save_dir: Path) -> None:
    moves = first_legal_moves({"pits": 3, "seeds": 1})
    letters = as_letters(moves)
    # Alternate letters and numbers (numbers count from 1).
    entries = [
        x if k % 2 else str(m + 1) for k, (m, x) in enumerate(zip(moves, letters, strict=True))
    ]
    status, out = run(setup_lines(1) + entries + ["n"])
    assert status == 0
    expected = GameRecord(get_variant("kalah", pits=3, seeds=1), 0, moves)
    assert f"Record: {expected.to_text()}" in out
    a, b = expected.state.scores
    assert "Game over:" in out and f"{a}-{b}" in out
    assert "Thanks for playing." in out
    assert not (save_dir / SAVE_NAME).exists()  # a finished game is not offered again


def test_board_is_drawn_with_player_one_on_top() -> None:
    status, out = run(setup_lines(1, options={"pits": "4", "seeds": "2"}))
    assert status == 0
    board = out[out.index("       d    c    b    a") :].splitlines()
    assert board[1].split() == ["[", "2][", "2][", "2][", "2]"]
    assert board[4].split()[:4] == ["A", "B", "C", "D"]
    assert "End of input: bye." in out


def test_bad_entry_lists_the_legal_moves() -> None:
    status, out = run(setup_lines(1) + ["x", "9", "Z", "?"])
    assert status == 0
    assert out.count("is not a legal move here. Legal moves: A (1), B (2), C (3)") == 3
    assert "Legal moves: A (1), B (2), C (3)" in out.split("'Z' is not")[1]


def test_empty_pit_is_not_accepted() -> None:
    # Kalah 3x1: player 0 plays A (its seed goes into B), player 1 plays a (into b);
    # A is now empty.
    status, out = run(setup_lines(1) + ["A", "a", "A"])
    assert status == 0
    assert "'A' is not a legal move here. Legal moves: B (2), C (3)" in out


def test_human_vs_computer_beginner_to_the_end() -> None:
    out = io.StringIO()
    lines = setup_lines(2)
    state = {"i": 0}

    def answer(printed: str) -> str | None:
        last = printed.splitlines()[-1]
        if state["i"] < len(lines):
            state["i"] += 1
            return lines[state["i"] - 1]
        if last.startswith("Level for the computer"):
            return ""
        if "Choose 1-" in last:  # level, then algorithm menus
            return "1"
        if "your move" in last:
            listed = re.findall(r"Legal moves: ([A-Za-z]) \(", printed.rsplit("player 0 to", 1)[-1])
            return listed[0] if listed else "?"
        if last.startswith("Play again?"):
            return "n"
        return None

    status = main([], stdin=Responder(out, answer), stdout=out)
    text = out.getvalue()
    assert status == 0, text
    assert "Level for the computer, player 1:" in text
    assert "player 1 (computer, Beginner, minimax)" in text
    assert re.search(r"Player 1 \(computer, Beginner, minimax\) is thinking", text)
    assert re.search(r"Player 1 plays [abc]\d+", text)  # the computer's move in notation
    assert "nodes" in text and "Game over:" in text and "Thanks for playing." in text
    record = GameRecord.from_text(text.split("Record: ")[1].splitlines()[0])
    assert record.state.is_over


def test_computer_vs_computer_and_play_again() -> None:
    lines = setup_lines(4) + ["1", "1", "1", "1"]  # Beginner minimax on both sides
    status, out = run(lines + ["y", "y", "n"])
    assert status == 0
    assert out.count("Game over:") == 2
    assert out.count("Play again?") == 2 and "Same settings?" in out


def test_save_after_every_move_and_resume(save_dir: Path) -> None:
    moves = first_legal_moves({"pits": 3, "seeds": 1})
    letters = as_letters(moves)
    status, out = run(setup_lines(1) + letters[:2])  # then the input ends
    assert status == 0 and "End of input" in out
    saved = json.loads((save_dir / SAVE_NAME).read_text())
    assert saved["game"]["moves"] == moves[:2]
    assert [p["kind"] for p in saved["players"]] == ["human", "human"]

    status, out = run(["y", *letters[2:], "n"])
    assert status == 0
    assert "A saved game was found: Kalah" in out and "2 moves played" in out
    expected = GameRecord(get_variant("kalah", pits=3, seeds=1), 0, moves)
    assert f"Record: {expected.to_text()}" in out
    assert not (save_dir / SAVE_NAME).exists()


def test_quit_keeps_the_save_and_declining_starts_afresh(save_dir: Path) -> None:
    status, out = run(setup_lines(1) + ["A", "quit"])
    assert status == 0 and "Game saved to" in out
    assert json.loads((save_dir / SAVE_NAME).read_text())["game"]["moves"] == [0]
    status, out = run(["n", *setup_lines(1)])
    assert "Who plays?" in out.split("Resume it?")[1]


def test_corrupt_save_is_reported_and_ignored(save_dir: Path) -> None:
    (save_dir / SAVE_NAME).write_text('{"version": 1, "players": [], "game": {}}')
    status, out = run(setup_lines(1))
    assert status == 0
    assert "could not be read" in out and "Who plays?" in out


def test_bad_option_value_is_asked_again() -> None:
    lines = ["1", str(variant_names().index("kalah") + 1), "99", "3", "1"]
    lines += [""] * (len(VARIANTS["kalah"].options_spec) - 2)
    status, out = run(lines)
    assert status == 0
    assert "option 'pits' must be between 3 and 8, not 99" in out
    assert "       c    b    a" in out


def test_oware_menu_and_board() -> None:
    status, out = run(setup_lines(1, "oware", {}) + ["D"])
    assert status == 0
    assert "Player 0 plays D4." in out


def test_perft_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main(["perft", "kalah", "4"]) == 0
    out = capsys.readouterr().out
    counts = [int(line.split()[1].replace(",", "")) for line in out.splitlines()[2:]]
    assert counts == [6, 35, 185, 942]


def test_engine_usage_and_dispatch(capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_main([]) == 2
    assert engine_main(["nosuch"]) == 2
    assert "play" in capsys.readouterr().out
    assert engine_main(["arena", "match", "greedy", "random", "--option", "pits=3",
                        "--games", "2", "--seed", "1"]) == 0  # fmt: skip
    assert "A wins" in capsys.readouterr().out


def test_undo_takes_back_to_the_humans_turn(save_dir: Path) -> None:
    # Human vs human: undo takes back one move.
    status, out = run(setup_lines(1) + ["B", "undo", "A", "undo", "undo", "undo"])
    assert status == 0
    assert "Took back B1." in out and "Took back A1." in out
    assert "There is no move to take back." in out
    assert json.loads((save_dir / SAVE_NAME).read_text())["game"]["moves"] == []


def test_undo_against_the_computer_takes_back_its_replies_too(save_dir: Path) -> None:
    lines = setup_lines(2, options={"pits": "4", "seeds": "3"}) + ["1", "1"]
    status, out = run(lines + ["A", "undo"])
    assert status == 0
    taken = out.split("Took back ")[1].split(".")[0].split()
    assert taken[0] == "A3" and len(taken) >= 2  # mine, then the computer's move(s)
    assert all(t[0].islower() for t in taken[1:])
    assert json.loads((save_dir / SAVE_NAME).read_text())["game"]["moves"] == []


def test_extra_turn_is_announced() -> None:
    # Kalah 3x1: c (player 1's last pit) sows its seed into the store.
    status, out = run(setup_lines(1) + ["A", "c"])
    assert status == 0
    assert "Player 1 plays c1+.\nPlayer 1 moves again." in out


def test_unwritable_save_dir_is_reported_once_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MANCALA_SAVE_DIR", str(blocker / "sub"))
    status, out = run(setup_lines(1) + ["A", "a", "B"])
    assert status == 0
    assert out.count("can't be saved") == 1
    assert "Player 0 plays B" in out
