"""The opening book: exact values of every position of a Kalah game's first plies, made by the
solver ahead of time (``python -m engine book build``) and shipped in ``engine/data/books``.

Rule: a book holds views (``engine.solver.rules``: the mover's pits then the opponent's, no
stores) and each view's value, the final margin the mover forces from it on, both sides playing
perfectly.  A view's value does not depend on the stores nor on how the game started, so the
books of one rule spec (pits, capture, empty capture) are merged into one map; a position's
exact value is its view's value plus the mover's store lead, and a move's is read from the
view it leads to.  Every position within a book's ``plies`` moves (extra turns count as moves)
of its start is in it, so every move of a position fewer than ``plies`` moves in has its value
there.  Reading the shipped books is the engine reading its own package's data, never the
network or a folder someone names.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core import Rules, State
from engine.solver.rules import NEXT_OVER, NEXT_SAME, KalahSpec, View, play, view

BOOKS = Path(__file__).resolve().parents[1] / "data" / "books"
"""The folder of the shipped books (``kalah-<spec tag>-s<seeds>.json``)."""


def file_name(spec: KalahSpec, seeds: int) -> str:
    """The book of ``spec`` started with ``seeds`` seeds a pit."""
    return f"kalah-{spec.tag}-s{seeds}.json"


def key(b: View) -> str:
    return ",".join(map(str, b))


def unkey(text: str) -> View:
    return tuple(int(x) for x in text.split(","))


@dataclass
class Book:
    """The exact values of views of one rule spec, and how deep each start is covered."""

    spec: KalahSpec
    values: dict[View, int] = field(default_factory=dict)
    plies: dict[int, int] = field(default_factory=dict)
    """Seeds a pit at the start -> the plies of that game every position of which is here."""

    def view_value(self, b: View) -> int | None:
        return self.values.get(b)

    def value(self, state: State) -> int | None:
        """The exact final margin of ``state`` for its mover, None if the book lacks it."""
        b, lead = view(state)
        found = self.values.get(b)
        return None if found is None else found + lead

    def move_values(self, state: State) -> dict[int, int] | None:
        """Every legal move's exact final margin for the mover, None unless the book has
        every move's value."""
        b, lead = view(state)
        out: dict[int, int] = {}
        for move in state.legal_moves():
            found = self.after(b, move)
            if found is None:
                return None
            out[move] = found + lead
        return out

    def after(self, b: View, move: int) -> int | None:
        """The mover's margin from view ``b`` on after ``move``, if the book has it."""
        kind, gain, _, child = play(self.spec, b, move)
        if kind == NEXT_OVER:
            return gain
        found = self.values.get(child)
        if found is None:
            return None
        return gain + found if kind == NEXT_SAME else gain - found

    def depth(self, rules: Rules) -> int:
        """The plies of ``rules``' game the book covers whole from its start (0: none)."""
        return self.plies.get(rules.seeds, 0) if KalahSpec.of(rules) == self.spec else 0


def plies_views(rules: Rules, plies: int) -> Iterator[tuple[int, View]]:
    """Every view reached within ``plies`` moves of ``rules``' start (either player first:
    the views are the same), each once, with the fewest moves that reach it, shallow first."""
    for ply, b, _ in tree(rules, plies):
        yield ply, b


Link = tuple[View, int, int] | None
"""How a view was first reached: (its parent view, what followed the move, the seeds gained)."""


def tree(rules: Rules, plies: int) -> Iterator[tuple[int, View, Link]]:
    """:func:`plies_views` with the move that first reached each view (None for the start)."""
    spec = KalahSpec.of(rules)
    start, _ = view(rules.initial_state())
    seen = {start}
    level = [start]
    yield 0, start, None
    for ply in range(1, plies + 1):
        nxt: list[View] = []
        for b in level:
            for i in range(spec.pits):
                if not b[i]:
                    continue
                kind, gain, _, child = play(spec, b, i)
                if kind != NEXT_OVER and child not in seen:
                    seen.add(child)
                    nxt.append(child)
                    yield ply, child, (b, kind, gain)
        level = nxt


def guess(values: dict[View, int], link: Link) -> int:
    """A first guess at a view's value: what it is worth if the move that reached it was its
    parent's best (0 without a solved parent).  Only the solver's speed depends on it."""
    if link is None or link[0] not in values:
        return 0
    parent, kind, gain = link
    return values[parent] - gain if kind == NEXT_SAME else gain - values[parent]


def to_json(book: Book, seeds: int, about: dict[str, Any]) -> str:
    """The book file of the game started with ``seeds`` seeds a pit: ``about`` (command, time,
    table) and every value, one view a line."""
    head = {**about, "pits": book.spec.pits, "capture": book.spec.capture}
    head |= {"empty_capture": book.spec.empty_capture, "seeds": seeds}
    head["plies"] = book.plies.get(seeds, 0)
    lines = [f'  "{key(b)}": {v}' for b, v in book.values.items()]
    body = ",\n".join(lines)
    head_text = json.dumps(head, indent=2)[:-2]
    return f'{head_text},\n "values": {{\n{body}\n }}\n}}\n'


def read(path: Path) -> tuple[Book, dict[str, Any]]:
    """A book file: the book and what its head says (command, time, table)."""
    data = json.loads(path.read_text())
    spec = KalahSpec(int(data["pits"]), bool(data["capture"]), bool(data["empty_capture"]))
    values = {unkey(k): int(v) for k, v in data.pop("values").items()}
    return Book(spec, values, {int(data["seeds"]): int(data["plies"])}), data


@cache
def shipped(spec: KalahSpec) -> Book:
    """Every shipped book of ``spec`` merged (empty if none ships)."""
    merged = Book(spec)
    for path in sorted(BOOKS.glob(f"kalah-{spec.tag}-s*.json")):
        book, _ = read(path)
        if book.spec == spec:
            merged.values |= book.values
            merged.plies |= book.plies
    return merged


def book_for(rules: Rules) -> Book | None:
    """The shipped book of ``rules``' spec, None where the solver does not solve ``rules``."""
    try:
        spec = KalahSpec.of(rules)
    except ValueError:
        return None
    return shipped(spec)
