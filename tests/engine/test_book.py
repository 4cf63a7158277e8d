"""The opening book: the solver's exact values of every position of a game's first plies,
built by ``python -m engine book build`` (resumably), read by the Perfect level."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import get_variant
from engine.agents import Limit, make_agent
from engine.cli.book import main as book_main
from engine.cli.tables import main as tables_main
from engine.core import Rules, State
from engine.solver import KalahSpec, Solver, book
from engine.solver.rules import NEXT_OVER, NEXT_SAME, play
from tests.engine.test_solver import exhaustive

JUDGES: dict[Rules, Solver] = {}


def judge(state: State) -> int:
    """The exact final margin of ``state``'s mover: plain exhaustive search on 3 pits, else the
    solver searching to the end without an endgame table (another road than the book's)."""
    if state.rules.pits == 3:
        return exhaustive(state)
    solver = JUDGES.setdefault(state.rules, Solver(state.rules, table_seeds=0, tt_bits=22))
    return solver.solve(state, each_move=False).value


@pytest.fixture
def books(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A books folder of the test's own in place of the shipped one."""
    folder = tmp_path / "books"
    monkeypatch.setattr(book, "BOOKS", folder)
    book.shipped.cache_clear()
    yield folder
    book.shipped.cache_clear()


def build(tmp_path: Path, books: Path, options: list[str], plies: int, seeds: int) -> Path:
    tables = str(tmp_path / "tables")
    assert tables_main(["build", "kalah", *options, "--seeds", str(seeds), "--dir", tables]) == 0
    assert book_main(["build", "kalah", *options, "--plies", str(plies), "--tables", tables]) == 0
    (path,) = books.glob("*.json")
    return path


@pytest.mark.parametrize(("pits", "seeds", "plies"), [(3, 3, 6), (4, 3, 4)])
def test_a_books_values_are_the_exact_values(
    tmp_path: Path,
    books: Path,
    capsys: pytest.CaptureFixture[str],
    pits: int,
    seeds: int,
    plies: int,
) -> None:
    rules = get_variant("kalah", pits=pits, seeds=seeds)
    options = [f"pits={pits}", f"seeds={seeds}"]
    path = build(tmp_path, books, options, plies, 2 * pits)
    assert path.name == f"kalah-p{pits}-s{seeds}.json"
    found, about = book.read(path)
    assert about["plies"] == plies
    assert (
        about["command"] == f"python -m engine book build kalah {' '.join(options)} --plies {plies}"
    )
    views = {b for _, b in book.plies_views(rules, plies)}
    assert set(found.values) == views
    for b, value in found.values.items():
        stored = rules.total_seeds - sum(b)  # the view's value does not depend on the stores
        position = rules.position((*b[:pits], stored, *b[pits:], 0), 0)
        assert value + stored == judge(position), b
    assert "start value +" in capsys.readouterr().out


def test_a_book_build_keeps_what_the_file_holds_and_solves_the_rest(
    tmp_path: Path, books: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = build(tmp_path, books, ["pits=3", "seeds=3"], 2, 9)
    shallow = len(book.read(path)[0].values)
    tables = str(tmp_path / "tables")
    assert (
        book_main(["build", "kalah", "pits=3", "seeds=3", "--plies", "4", "--tables", tables]) == 0
    )
    out = capsys.readouterr().out
    assert f"{shallow:,} solved already" in out
    assert book.read(path)[1]["plies"] == 4


def test_every_move_of_a_position_inside_the_book_has_its_value(
    tmp_path: Path, books: Path
) -> None:
    rules = get_variant("kalah", pits=4, seeds=3)
    build(tmp_path, books, ["pits=4", "seeds=3"], 3, 8)
    found = book.book_for(rules)
    assert found is not None and found.depth(rules) == 3
    for state in positions_within(rules.initial_state(), 2):
        values = found.move_values(state)
        assert values is not None
        for move, value in values.items():
            assert value == margin_after(state, state.play(move)), (state, move)
    assert book.book_for(get_variant("oware")) is None


def test_perfect_plays_the_books_moves_and_keeps_every_value(tmp_path: Path, books: Path) -> None:
    """Random 4x3 games against Perfect with a book of 3 plies and a small table: every move
    it plays keeps the position's exact value, in the book or not."""
    rules = get_variant("kalah", pits=4, seeds=3)
    build(tmp_path, books, ["pits=4", "seeds=3"], 3, 6)
    rng = random.Random(5)
    from_book = 0
    for game in range(6):
        seat = game % 2
        perfect = make_agent(level="perfect", seed=game)
        perfect.tables = str(tmp_path / "tables")  # type: ignore[attr-defined]
        state = rules.initial_state()
        while not state.is_over:
            if state.to_move != seat:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            decision = perfect.choose(state, Limit(seconds=60.0))
            value = judge(state)
            if len(state.legal_moves()) > 1:  # a lone move is played without a search
                assert decision.exact and decision.value == value
            assert margin_after(state, state.play(decision.move)) == value
            from_book += bool(decision.extra.get("book"))
            state = state.play(decision.move)
    assert from_book >= 6  # the first move of each game at least


def margin_now(state: State, value: int) -> int:
    """The final margin of the mover of ``state`` whose view is worth ``value``."""
    b, n = state.board, state.rules.pits
    lead = b[n] - b[2 * n + 1]
    return value + (lead if state.to_move == 0 else -lead)


def margin_after(state: State, child: State) -> int:
    """The final margin for ``state``'s mover after the move that led to ``child``."""
    player = state.to_move
    assert player is not None
    if child.is_over:
        a, b = child.scores
        return a - b if player == 0 else b - a
    value = judge(child)
    return value if child.to_move == player else -value


def positions_within(state: State, plies: int) -> Iterator[State]:
    yield state
    if plies and not state.is_over:
        for move in state.legal_moves():
            yield from positions_within(state.play(move), plies - 1)


SHIPPED = KalahSpec(6)


def test_the_shipped_6x4_book_is_the_solver_s_consistent_and_starts_at_plus_8() -> None:
    """Every view of the shipped 6x4 book whose moves all lead into the book is worth the best
    of them (the values are one solver's, not a mix); the start is worth +8 (published)."""
    shipped = book.shipped(SHIPPED)
    rules = get_variant("kalah", pits=6, seeds=4)
    assert shipped.depth(rules) >= 1
    start = book.plies_views(rules, 0).__next__()[1]
    assert shipped.view_value(start) == 8
    checked = 0
    for b, value in shipped.values.items():
        values = [shipped.after(b, i) for i in range(6) if b[i]]
        if all(v is not None for v in values):
            assert value == max(v for v in values if v is not None), b
            checked += 1
    assert checked >= 1  # the start at least


def test_perfect_plays_the_shipped_books_best_moves_on_6x4() -> None:
    rules = get_variant("kalah", pits=6, seeds=4)
    shipped = book.shipped(SHIPPED)
    rng = random.Random(3)
    for game in range(10):
        perfect = make_agent(level="perfect", seed=game)
        state = rules.initial_state()
        while shipped.move_values(state) is not None:
            if state.to_move == game % 2:
                decision = perfect.choose(state, Limit(seconds=5.0))
                assert decision.exact and decision.extra["book"]
                values = shipped.move_values(state)
                assert values is not None and values[decision.move] == max(values.values())
                state = state.play(decision.move)
            else:
                state = state.play(rng.choice(state.legal_moves()))


def test_the_solver_s_rules_view_after_a_move() -> None:
    """``Book.after`` follows the solver's move rule (extra turn: the same mover's view)."""
    spec = KalahSpec(6)
    b = (4,) * 12
    kind, gain, _, child = play(spec, b, 2)
    assert kind == NEXT_SAME and gain == 1 and kind != NEXT_OVER
    shipped = book.Book(spec, {child: 7})
    assert shipped.after(b, 2) == 8


def test_a_book_stopped_while_extending_still_covers_what_it_covered(
    tmp_path: Path, books: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = build(tmp_path, books, ["pits=3", "seeds=3"], 2, 9)
    shallow = len(book.read(path)[0].values)
    from engine.cli import book as book_cli

    monkeypatch.setattr(book_cli, "SAVE_EVERY", 1e9)  # no save but the one when stopped
    calls = 0
    real = book_cli.Solver.value

    def stop_after_three(self: Solver, *args: object, **kwargs: object) -> int:
        nonlocal calls
        calls += 1
        if calls > 3:
            raise KeyboardInterrupt
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(book_cli.Solver, "value", stop_after_three)
    tables = str(tmp_path / "tables")
    stopped = book_main(["build", "kalah", "pits=3", "seeds=3", "--plies", "5", "--tables", tables])
    assert stopped == 130  # as Ctrl-C leaves it
    partial, about = book.read(path)
    assert about["plies"] == 2  # the two plies it had whole, not five
    assert len(partial.values) == shallow + 3  # what it solved is kept for the next run
