"""What a lab request may ask for, and the use case that plays one game of a match."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from typing_extensions import TypedDict

from app.computer.queue import FairQueue
from app.games.errors import BadInput, NotNow, QueueFull, known_fields
from app.games.model import Seat, new_game_id
from app.games.params import rules_from
from app.games.service import Device, Games
from app.games.spec import GameSpec
from app.lab.asks import LabGameAsk
from app.lab.job import LabMove, move_budget
from app.store.json_types import JSONObject
from engine.agents import ALGORITHMS, LEVELS
from engine.core import Rules
from engine.match import (
    GameResult,
    MatchGame,
    agent_seed,
    derived_seed,
    elo_estimate,
    game_opening,
)
from engine.texts import N_, Text

MAX_GAMES = 100
TIME_SCALE = 0.1  # a level's time cap, scaled: Master thinks 0.3 s a move in the lab
MAX_ITERATIONS = 5000
MAX_DEPTH = 8
WAIT_SECONDS = 300.0
FIELDS = frozenset(LabGameAsk.__annotations__)  # the body it reads: its shape's fields
_SPEC = re.compile(
    r"random|greedy|mcts:iterations=(?P<iterations>\d{1,5})|minimax:depth=(?P<depth>\d{1,2})"
    r"|(?P<level>[a-z]+)(:algorithm=(?P<algorithm>[a-z]+))?"
)


class Preset(TypedDict):
    """A match the lab offers ready-made: agent b against each of agents a."""

    title: str
    variant: str
    b: str
    a: list[str]
    games: int


PRESETS: dict[str, Preset] = {
    "mcts-vs-random": {
        "title": "Monte-Carlo tree search against random, as the playouts grow",
        "variant": "kalah",
        "b": "random",
        "a": [f"mcts:iterations={n}" for n in (5, 10, 20, 50, 100)],
        "games": 20,
    }
}


class Elo(TypedDict):
    """The Elo difference of agent a over agent b so far, with its 95% interval (null: a
    perfect score, an infinite difference)."""

    diff: float | None
    low: float | None
    high: float | None


class LabGameAnswer(TypedDict):
    """A lab game played and kept, and the match so far."""

    index: int
    """the game's number in the match"""
    a_player: int
    """agent a's seat"""
    outcome: str
    """win, draw or loss, for agent a"""
    margin: int
    """agent a's score minus agent b's"""
    scores: list[int]
    game_id: str
    url: str
    tally: list[int]
    """agent a's wins, draws and losses"""
    score: float
    elo: Elo
    done: bool
    """the match's last game"""


# The agents as the page names them ("Agent A"): the refusals say them in the page's language.
AGENT_LABELS = {"a": N_("Agent A"), "b": N_("Agent B")}


def agent_spec(value: object, field: str) -> str:
    """An agent the lab plays: a level (``hard``, ``hard:algorithm=mcts``), ``random``,
    ``greedy``, ``mcts:iterations=N`` (N up to 5000) or ``minimax:depth=N`` (N up to 8).
    Errors name the agent as the page does ("Agent A"), not by its field."""
    label = AGENT_LABELS.get(field, repr(field))
    kinds = Text(
        N_(
            "a level (%(levels)s), a level with ':algorithm=' one of %(algorithms)s, 'random', "
            "'greedy', 'mcts:iterations=N' (N up to %(iterations)s) or 'minimax:depth=N' (N up "
            "to %(depth)s)"
        ),
        {
            "levels": ", ".join(LEVELS),
            "algorithms": ", ".join(ALGORITHMS),
            "iterations": MAX_ITERATIONS,
            "depth": MAX_DEPTH,
        },
    )
    found = _SPEC.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise BadInput(
            N_("%(agent)s must be %(kinds)s; got %(value)s"),
            agent=label,
            kinds=kinds,
            value=repr(value),
        )
    level, algorithm = found["level"], found["algorithm"]
    if level is not None and level not in LEVELS:
        raise BadInput(
            N_("%(agent)s: there is no level %(level)s; an agent is %(kinds)s"),
            agent=label,
            level=repr(level),
            kinds=kinds,
        )
    if algorithm is not None and algorithm not in ALGORITHMS:
        raise BadInput(
            N_("%(agent)s: algorithm must be one of %(algorithms)s"),
            agent=label,
            algorithms=", ".join(ALGORITHMS),
        )
    if found["iterations"] is not None and not 1 <= int(found["iterations"]) <= MAX_ITERATIONS:
        raise BadInput(
            N_("%(agent)s: iterations must be 1 to %(high)s"), agent=label, high=MAX_ITERATIONS
        )
    if found["depth"] is not None and not 1 <= int(found["depth"]) <= MAX_DEPTH:
        raise BadInput(N_("%(agent)s: depth must be 1 to %(high)s"), agent=label, high=MAX_DEPTH)
    return str(value)


def engine_spec(spec: str) -> str:
    """The spec the engine plays: a search by depth or playouts also gets a time cap of 3 s a
    move (0.3 s once the lab's time scale applies), so no request can ask for hours of work."""
    if spec.startswith(("mcts:", "minimax:")):
        return f"{spec},seconds=3"
    return spec


def whole(body: JSONObject, key: str, low: int, high: int, default: int | None = None) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadInput(
            N_("%(field)s must be a whole number from %(low)s to %(high)s"),
            field=repr(key),
            low=low,
            high=high,
        )
    return value


@dataclass(frozen=True)
class LabGame:
    """Game ``game`` (0-based) of a match of ``games`` between agents ``a`` and ``b``."""

    rules: Rules
    a: str
    b: str
    games: int
    game: int
    seed: int
    tally: tuple[int, int, int]  # A's wins, draws and losses in the games before this one

    @classmethod
    def parse(cls, body: JSONObject) -> LabGame:
        known_fields(body, FIELDS)
        rules = rules_from(body)
        games = whole(body, "games", 1, MAX_GAMES)
        game = whole(body, "game", 0, games - 1)
        seed = whole(body, "seed", 0, 2**31 - 1, 1)
        tally = body.get("tally", [0, 0, 0])
        if not (
            isinstance(tally, list)
            and len(tally) == 3
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in tally)
            and sum(tally) == game
        ):
            raise BadInput(
                N_("'tally' must be A's [wins, draws, losses] in the games before this one")
            )
        a, b = agent_spec(body.get("a"), "a"), agent_spec(body.get("b"), "b")
        return cls(rules, a, b, games, game, seed, (tally[0], tally[1], tally[2]))


def seat_for(spec: str) -> Seat:
    """A computer seat named by its agent spec (a level's seat keeps its level)."""
    name, _, rest = spec.partition(":")
    if name in LEVELS:
        algorithm = rest.partition("=")[2] or "minimax"
        return Seat("computer", level=name, algorithm=algorithm, name=spec)
    return Seat("computer", level=None, algorithm=name, name=spec)


class Lab:
    """Plays lab games as the asking device's work in the computer's queue."""

    def __init__(self, games: Games, queue: FairQueue) -> None:
        self.games = games
        self.queue = queue
        self.busy: set[str] = set()  # devices with a lab game being played by this process

    def play(self, device: Device, body: JSONObject) -> LabGameAnswer:
        """Play the game ``body`` names, keep it, and answer with it and the match so far."""
        asked = LabGame.parse(body)
        if device.address in self.busy:
            raise NotNow(N_("your lab game is still being played; one at a time"))
        device.limit("computer")
        self.queue.admit(device.address, interactive=False)
        self.busy.add(device.address)
        try:
            played = self.play_moves(asked, device)
        finally:
            self.busy.discard(device.address)
        game_id = self.keep(asked, played, device)
        wins, draws, losses = asked.tally
        outcome = played["outcome"]
        wins += outcome == "win"
        draws += outcome == "draw"
        losses += outcome == "loss"
        elo = elo_estimate(wins, draws, losses)
        return {
            "index": played["index"],
            "a_player": played["a_player"],
            "outcome": played["outcome"],
            "margin": played["margin"],
            "scores": played["scores"],
            "game_id": game_id,
            "url": f"/game/{game_id}",
            "tally": [wins, draws, losses],
            "score": round(elo.score, 4),
            "elo": {"diff": finite(elo.diff), "low": finite(elo.low), "high": finite(elo.high)},
            "done": asked.game + 1 == asked.games,
        }

    def play_moves(self, asked: LabGame, device: Device) -> JSONObject:
        """Play the game a move at a time, each move its own background job in the queue (so
        no lab game holds a search process for long): the colours and the opening as the
        engine's match gives them, each move's agent made afresh with a seed of its own (from
        the agent's seed in the match and the ply), so the same request plays the same game."""
        rules, index = asked.rules, asked.game
        a_player = index % 2
        specs = {a_player: engine_spec(asked.a), 1 - a_player: engine_spec(asked.b)}
        seeds = {
            a_player: agent_seed(asked.seed, index, "a"),
            1 - a_player: agent_seed(asked.seed, index, "b"),
        }
        budgets = {p: move_budget(specs[p], TIME_SCALE) for p in (0, 1)}
        state = rules.initial_state()
        first = state.to_move or 0
        opening = game_opening(rules, index, asked.seed)
        moves = list(opening)
        for pit in moves:
            state = state.play(pit)
        end = time.monotonic() + WAIT_SECONDS
        queue = self.queue
        while state.to_move is not None:
            player = state.to_move
            game = GameSpec(rules.name, dict(rules.options), first, tuple(moves))
            step = LabMove(game, specs[player], derived_seed(seeds[player], len(moves)), TIME_SCALE)
            future = queue.submit(device.address, step, seconds=budgets[player], interactive=False)
            try:
                decision = future.result(max(1.0, end - time.monotonic()))
            except Exception as exc:  # noqa: BLE001 (a timeout or a failed search: nothing kept)
                raise QueueFull(
                    N_("the computer could not play the lab game just now (%(reason)s)"),
                    reason=repr(exc),
                ) from None
            state = state.play(int(decision["move"]))
            moves.append(int(decision["move"]))
        result = GameResult(
            opening, tuple(moves), state.scores, state.winner, ((), ()), (0, 0), first
        )
        played = MatchGame(index, a_player, result)  # the match's outcome and margin for A
        return {
            "index": index,
            "a_player": a_player,
            "outcome": played.outcome,
            "margin": played.margin,
            "scores": list(state.scores),
            "first_player": first,
            "moves": moves,
        }

    def keep(self, asked: LabGame, played: JSONObject, device: Device) -> str:
        """Store the game as a finished computer-vs-computer game (it opens in review)."""
        a_seat = played["a_player"]
        seats = [seat_for(asked.b), seat_for(asked.b)]
        seats[a_seat] = seat_for(asked.a)
        data = {
            "variant": asked.rules.name,
            "options": dict(asked.rules.options),
            "first_player": played["first_player"],
            "moves": played["moves"],
            "mode": "watch",
            "seats": [s.to_dict() for s in seats],
            "decisions": {},
            "resigned": None,
            "paused": True,
            "delay": 0.0,
            "last_move_at": time.time(),
            "settings": {"mode": "watch", "variant": asked.rules.name},
            "device": device.address,
            "lab": {"a": asked.a, "b": asked.b, "game": asked.game, "seed": asked.seed},
        }
        return self.games.start(data, [], device, new_game_id()).id


def finite(x: float) -> float | None:
    """An Elo figure for JSON: None for an infinite one (a perfect score)."""
    return round(x, 1) if math.isfinite(x) else None
