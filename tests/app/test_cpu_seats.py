"""Issue 34 item 7: a game's seats are built once per list of them in its data, not on every use
(a request asked for them a few dozen times); its end is read from its data as before."""

from __future__ import annotations

import pytest

from app.games.model import Game, Seat
from app.games.spec import GameSpec

HUMAN = {"kind": "human", "owner": "a"}
COMPUTER = {"kind": "computer", "level": "easy", "algorithm": "minimax"}


def game(**data: object) -> Game:
    full = {
        "variant": "kalah",
        "options": {},
        "first_player": 0,
        "moves": [],
        "mode": "computer",
        "seats": [HUMAN, COMPUTER],
        **data,
    }
    return Game("g", 1, full, GameSpec.of(full).replay())


def test_the_seats_are_built_once_per_list(monkeypatch: pytest.MonkeyPatch) -> None:
    built = []
    real = Seat.from_dict.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Seat], data: dict[str, object]) -> Seat:
        built.append(data)
        return real(cls, data)  # type: ignore[no-any-return]

    monkeypatch.setattr(Seat, "from_dict", classmethod(counted))
    found = game()
    for _ in range(20):
        assert found.seats == [Seat("human", "a"), Seat("computer", None, "easy", "minimax")]
        assert found.has_computer and not found.has_open_seat and found.seats_of("a") == [0]
    assert len(built) == 2  # two seats, built once
    mine = found.seats
    mine.reverse()  # a caller's own list: the game's seats stay
    assert found.seats[0].owner == "a"
    found.data = dict(found.data, seats=[HUMAN, {"kind": "human", "owner": None}])
    assert found.has_open_seat and len(built) == 4  # new data, new seats


def test_a_games_end_reads_as_before() -> None:
    assert game().ended_by is None and not game().over
    assert game(aborted={"by": 0}).ended_by == "aborted"
    assert game(aborted=True).ended_by is None  # only an object says how it was called off
    assert game(drawn=True).ended_by == "agreement"
    assert game(resigned=0).ended_by == "resignation" and game(resigned=1).winner() == 0
    assert game(flagged=1).ended_by == "time" and game(flagged=1).winner() == 0
    assert game(resigned=0, flagged=1).ended_by == "resignation"
    assert game(drawn=True, resigned=0).ended_by == "agreement"
