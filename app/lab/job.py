"""One move of a lab game, chosen in a search process (no Flask here)."""

from __future__ import annotations

from dataclasses import dataclass

from app.games.replay import replay
from app.games.spec import GameSpec
from app.store.json_types import JSONObject
from engine.match import make_from_source


def lab_move(
    variant: str,
    options: JSONObject,
    first_player: int,
    moves: list[int],
    spec: str,
    seed: int,
    time_scale: float,
) -> JSONObject:
    """The move agent ``spec`` (seeded ``seed``) plays after ``moves``, with its time limit
    scaled by ``time_scale``; as plain data."""
    state = replay(variant, options, first_player, moves, None).state
    agent = make_from_source(spec, seed)
    decision = agent.choose(state, agent.default_limit.scaled(time_scale))
    return {"move": decision.move, "nodes": decision.nodes, "seconds": decision.seconds}


def move_budget(spec: str, time_scale: float) -> float:
    """The longest one move of agent ``spec`` may take at ``time_scale`` (seconds)."""
    agent = make_from_source(spec, 0)
    seconds = agent.default_limit.seconds
    return (3.0 if seconds is None else seconds) * time_scale


@dataclass(frozen=True)
class LabMove:
    """The search job of one lab move: agent ``spec`` (seeded ``seed``, its time scaled by
    ``time_scale``) moves in the position ``game`` reaches (:func:`lab_move`)."""

    game: GameSpec
    spec: str
    seed: int
    time_scale: float

    kind = "lab_move"

    @property
    def budget(self) -> float:
        return move_budget(self.spec, self.time_scale)

    def run(self) -> JSONObject:
        game = self.game
        moves = list(game.moves)
        return lab_move(
            game.variant,
            dict(game.options),
            game.first,
            moves,
            self.spec,
            self.seed,
            self.time_scale,
        )
