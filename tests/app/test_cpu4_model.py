"""A game's ending and seats worked out once per data and position (issue 34 item 7): asked a few
dozen times a request, Game.ended_by reads its data once, and a game given new data or a record
moved on (a move that ends it, a takeback) is read anew, never the old answer."""

from __future__ import annotations

from typing import Any

from app.games.model import Game
from app.games.spec import GameSpec


class CountedData(dict[str, Any]):
    """A game's data that counts the reads of its keys."""

    reads = 0

    def get(self, key: str, default: Any = None) -> Any:
        CountedData.reads += 1
        return super().get(key, default)


def kalah(moves: list[int], **more: Any) -> dict[str, Any]:
    return {
        "variant": "kalah",
        "options": {"pits": 3, "seeds": 1},
        "first_player": 0,
        "moves": moves,
        "mode": "remote",
        "seats": [{"kind": "human", "owner": "a"}, {"kind": "human", "owner": None}],
    } | more


def game(data: dict[str, Any]) -> Game:
    return Game("g", 1, data, GameSpec.of(data).replay(), 1.0)


def ending_line() -> list[int]:
    """Moves of Kalah 3x1 up to its end (the first legal pit each time)."""
    moves: list[int] = []
    while not (state := GameSpec.of(kalah(moves)).replay().state).is_over:
        moves.append(list(state.legal_moves())[0])
    return moves


def test_the_ending_is_read_once_per_data_and_position() -> None:
    data = CountedData(kalah([]))
    g = game(data)
    CountedData.reads = 0
    answers = {g.ended_by for _ in range(20)} | {g.over for _ in range(20)}
    assert answers == {None, False}
    assert 0 < CountedData.reads <= 4  # one reading of its four keys


def ended(g: Game) -> str | None:
    """The game's ending as asked now (a call: no narrowing by an earlier assert)."""
    return g.ended_by


def over(g: Game) -> bool:
    return g.over


def mover(g: Game) -> int | None:
    return g.to_move


def test_new_data_or_a_moved_record_is_read_anew() -> None:
    line = ending_line()
    g = game(kalah(line[:-1]))
    assert ended(g) is None and mover(g) is not None
    g.record.push(line[-1])  # the last move, pushed in place: the game is over
    assert ended(g) == "rules" and over(g) and mover(g) is None
    g.record.pop()  # taken back
    assert ended(g) is None and not over(g)
    g.data = dict(g.data, resigned=1)
    assert ended(g) == "resignation" and g.winner() == 0
    g.data = dict(g.data, resigned=None, flagged=0)
    assert ended(g) == "time"
    g.data = dict(g.data, flagged=None, drawn=True)
    assert ended(g) == "agreement"
    g.data = dict(g.data, drawn=False, aborted={"by": 0})
    assert ended(g) == "aborted"
    g.data = kalah(line[:-1])
    assert ended(g) is None


def open_seat(g: Game) -> bool:
    return g.has_open_seat


def waiting(g: Game) -> bool:
    return g.waiting_for_seat


def test_the_seats_follow_new_data() -> None:
    g = game(kalah([]))
    assert open_seat(g) and waiting(g) and g.seats_of("a") == [0]
    seats = [{"kind": "human", "owner": "a"}, {"kind": "human", "owner": "b"}]
    g.data = dict(g.data, seats=seats)
    assert not open_seat(g) and not waiting(g) and g.seats_of("b") == [1]
    g.data = dict(g.data, seats=[seats[0], {"kind": "computer", "level": "easy"}])
    assert g.has_computer and g.seats_of("b") == []
    mine = g.seats
    mine[0] = mine[1]  # a list of its own: the game's seats stay
    assert g.seats[0].kind == "human"
