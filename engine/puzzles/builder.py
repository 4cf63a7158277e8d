"""Mining puzzles from seeded self-play: the same seed always gives the same puzzle set.

Games are played between depth-limited minimax players of four strengths (no clock anywhere,
so the games and the puzzles do not depend on the machine or its load), each game after a
short random opening.  Every position of a game whose mover has a choice is a candidate:
deduplicated (same variant, board, state beside the board and mover), then valued move by move
(:mod:`engine.puzzles.checks`: exact by the solver in Kalah, else a search of the variant's
stated depth confirmed by one at least 4 plies shallower, screened first by a shallower search
where the deep one is slow), and kept when one move beats all the others at both depths.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.agents import Limit, make_agent
from engine.agents.base import Agent
from engine.core import Rules, State
from engine.notation import move_text
from engine.puzzles.checks import (
    RATING_DEPTH,
    Chooser,
    Verdict,
    agreed,
    depth_chooser,
    depth_values,
    exact_chooser,
    exact_values,
    rating_of,
    solution_line,
    themes_of,
    values_at,
    verdict,
)
from engine.puzzles.lines import line_chooser, won_line
from engine.puzzles.model import APART, Puzzle
from engine.record import GameRecord
from engine.variants import get_variant


@dataclass(frozen=True)
class Player:
    """A self-play strength: minimax at a fixed depth (``noise``: the share of random moves)."""

    depth: int
    heuristic: str = "diff"
    noise: float = 0.0


PLAYERS = {
    "beginner": Player(1, "store", 0.5),
    "easy": Player(2, "store"),
    "medium": Player(3),
    "hard": Player(5),
}
PAIRS = (
    ("beginner", "medium"),
    ("easy", "hard"),
    ("medium", "medium"),
    ("hard", "easy"),
    ("medium", "hard"),
    ("hard", "hard"),
    ("easy", "medium"),
    ("hard", "beginner"),
)
"""The pairings, game ``g`` plays ``PAIRS[g % len(PAIRS)]`` (player 0 first)."""


@dataclass(frozen=True)
class Plan:
    """How one variant's puzzles are found and verified.

    ``depth``: None for exact puzzles (the solver), else the verifying search's plies;
    ``confirm``: the shallower search (at least :data:`APART` plies less) that must agree on
    the move and the margin; ``line``: the search that picks the solution line's later moves
    (default ``confirm``: the depth the shipped lines were picked at);
    ``screen``: a shallower search that must already see a puzzle before the deep one runs;
    ``extend``: the search that continues the line past its first turns to where its seeds
    are won (:mod:`engine.puzzles.lines`; None: the solver's, for exact puzzles);
    ``max_on_rows``: only positions with at most this many seeds on the rows (Kalah: what the
    solver settles in milliseconds); ``play_depth``: the self-play players' depth is capped at
    this (variants searched through the pure-Python rules)."""

    target: int
    depth: int | None = None
    confirm: int | None = None
    screen: int | None = None
    line: int | None = None
    extend: int | None = None
    max_on_rows: int | None = None
    play_depth: int = 5
    per_game: int = 4


PLANS = {
    "kalah": Plan(1000, max_on_rows=28),
    "oware": Plan(300, depth=16, confirm=12, screen=6, extend=12),
    "relay": Plan(100, depth=14, confirm=10, screen=6, extend=10),
    "adi": Plan(100, depth=16, confirm=12, screen=6, extend=12),
    "toguz_kumalak": Plan(100, depth=9, confirm=5, screen=4, play_depth=4, extend=4),
    "congkak": Plan(100, depth=9, confirm=5, screen=5, line=9, extend=7),
}
"""Each variant's plan (its default options): the issue's targets, and two depths for each
searched variant, :data:`APART` plies apart, the deeper costing a few seconds of CPU at most
per position on this project's machine (Toguz Kumalak: 3 s at depth 9, 22 s at 11; Congkak:
0.2 s at 9, 5 s at 13); the line's continuation (``extend``) costs at most about a second a
puzzle (Toguz Kumalak 0.2 s at depth 4, Relay 1.1 s at 10, Adi 0.8 s at 12)."""

OPENING = (2, 4)
"""Random plies before the players take over: at least, at most."""


@dataclass(frozen=True)
class Progress:
    """How far a build is: games mined (of them from records), positions valued, puzzles
    found of the count asked for."""

    variant: str
    games: int
    recorded: int
    valued: int
    found: int
    count: int


Report = Callable[[Progress], object]
Game = Iterable[tuple[State, str]]
"""A game's positions, each with where it came from."""


def puzzle_prefix(rules: Rules) -> str:
    """The id prefix of a rule set's puzzles, e.g. ``kalah-6x4``."""
    return f"{rules.name}-{rules.pits}x{rules.seeds}"


def make_player(name: str, plan: Plan, seed: int) -> tuple[Agent, Limit]:
    """The agent and depth limit of one self-play strength."""
    player = PLAYERS[name]
    agent = make_agent("minimax", seed=seed, heuristic=player.heuristic, noise=player.noise)
    return agent, Limit(depth=min(player.depth, plan.play_depth))


def self_play(rules: Rules, plan: Plan, seed: int, game: int) -> Iterator[tuple[State, str]]:
    """The positions of self-play game ``game`` (seeded by ``seed`` and ``game`` alone), each
    with where it came from; the random opening's positions are left out."""
    rng = random.Random(f"{seed}:{rules.name}:{game}")
    names = PAIRS[game % len(PAIRS)]
    players = [make_player(name, plan, rng.randrange(1 << 30)) for name in names]
    state = rules.initial_state()
    opening = rng.randint(*OPENING)
    ply = 0
    while state.to_move is not None and ply < 400:
        if ply < opening:
            move = rng.choice(state.legal_moves())
        else:
            yield state, f"self-play {names[0]}-{names[1]} seed {seed} game {game} ply {ply}"
            agent, limit = players[state.to_move]
            move = agent.choose(state, limit).move
        state = state.play(move)
        ply += 1


def record_games(records: Sequence[tuple[str, GameRecord]], rules: Rules) -> list[Game]:
    """The positions of games people played (each record with where it came from, e.g. its file
    and line), for the records of exactly ``rules``; the others are left out."""
    return [
        [(state, f"{where} ply {ply}") for ply, state in enumerate(game.states[:-1])]
        for where, game in records
        if game.rules == rules
    ]


def candidate(state: State, plan: Plan) -> State | None:
    """The position as a puzzle would show it (a fresh history), or None if it is not worth
    valuing: too many seeds for the plan, or fewer than three moves."""
    if plan.max_on_rows is not None and state.on_rows > plan.max_on_rows:
        return None
    if len(state.legal_moves()) < 3:
        return None
    rules = state.rules
    return rules.position(state.board, state.to_move, state.extra or None)


def make_puzzle(state: State, plan: Plan, number: int, origin: str) -> Puzzle | None:
    """The puzzle in ``state`` (numbered ``number``), or None if it is not one."""
    found: Verdict | None
    if plan.depth is None:
        exact = exact_values(state)
        if exact is None:
            return None
        found = verdict(state, {m: float(v) for m, v in exact.items()})
        choose: Chooser = exact_chooser
    else:
        if plan.screen is not None and verdict(state, depth_values(state, plan.screen)) is None:
            return None
        assert plan.confirm is not None and plan.depth - plan.confirm >= APART
        both = values_at(state, (plan.confirm, plan.depth))
        found = agreed(state, both[plan.confirm], both[plan.depth])
        choose = depth_chooser(plan.line or plan.confirm)  # one best line, as shipped
    if found is None:
        return None
    first_turns, records = solution_line(state, found.best, choose)
    line = won_line(state, first_turns, found.gain, line_chooser(plan.depth is None, plan.extend))
    rules = state.rules
    most = RATING_DEPTH if plan.depth is None else min(RATING_DEPTH, plan.depth)
    assert state.to_move is not None
    return Puzzle(
        id=f"{puzzle_prefix(rules)}-{number:04d}",
        variant=rules.name,
        options=written_options(rules),
        board=tuple(state.board),
        extra=state.extra or None,
        to_move=state.to_move,
        best=move_text(records[0]),
        solution=line,
        gain=_number(found.gain),
        margin=_number(found.margin),
        themes=themes_of(state, records),
        rating=rating_of(state, found.best, most),
        exact=plan.depth is None,
        depth=plan.depth,
        origin=origin,
        confirm=plan.confirm,
    )


def written_options(rules: Rules) -> dict[str, Any]:
    """The rule options a puzzle file writes: all but those whose spec says to leave them out
    at their default (options added after files were first written, as in game records), so a
    new option does not change the files the same seed builds."""
    specs = rules.options_spec
    return {
        name: value
        for name, value in rules.options.items()
        if not (specs[name].quiet_default and value == specs[name].default)
    }


def _number(value: float) -> int | float:
    """Whole numbers as ints (the JSON reads ``6``, not ``6.0``)."""
    return int(value) if float(value).is_integer() else value


def last_game(origin: str, seed: int) -> int:
    """The self-play game of seed ``seed`` a puzzle came from (-1: another seed or a
    record)."""
    head, _, rest = origin.partition(f" seed {seed} game ")
    if not head.startswith("self-play ") or not rest:
        return -1
    return int(rest.split()[0])


def build(
    variant: str,
    count: int | None = None,
    seed: int = 1,
    report: Report | None = None,
    max_games: int = 100_000,
    save: Callable[[list[Puzzle]], object] | None = None,
    save_every: int = 25,
    records: Sequence[tuple[str, GameRecord]] = (),
    resume: Sequence[Puzzle] = (),
) -> list[Puzzle]:
    """Mine ``count`` puzzles (default: the plan's target) of ``variant`` with its default
    options: first from ``records`` (games people played, with where each came from; other
    rule sets are left out), then from seeded self-play; ``report`` hears after each game how
    far it is, ``save`` gets the puzzles so far every ``save_every`` (and at the end).
    ``resume``: a set to top up (one some puzzles were dropped from): kept as it is, self-play
    goes on after its last game, new ids after its highest."""
    rules = get_variant(variant)
    plan = PLANS[variant]
    count = plan.target if count is None else count
    seen: set[tuple[object, ...]] = {p.state().key() for p in resume}
    puzzles: list[Puzzle] = list(resume)
    number = max((int(p.id.rsplit("-", 1)[1]) for p in resume), default=0)
    first = 1 + max((last_game(p.origin, seed) for p in resume), default=-1)
    checked = 0
    played = record_games(records, rules)
    games: Iterator[Game] = itertools.chain(
        played, (self_play(rules, plan, seed, g) for g in range(first, max_games))
    )
    for game, positions in enumerate(games):
        if len(puzzles) >= count:
            break
        kept = 0
        for position, origin in positions:
            state = candidate(position, plan)
            if state is None or state.key() in seen:
                continue
            seen.add(state.key())
            checked += 1
            puzzle = make_puzzle(state, plan, number + 1, origin)
            if puzzle is None:
                continue
            number += 1
            puzzles.append(puzzle)
            kept += 1
            if save is not None and len(puzzles) % save_every == 0:
                save(puzzles)
            if len(puzzles) >= count or kept >= plan.per_game:
                break
        if report is not None:
            recorded = min(game + 1, len(played))
            report(Progress(variant, game + 1, recorded, checked, len(puzzles), count))
    if save is not None:
        save(puzzles)
    return puzzles
