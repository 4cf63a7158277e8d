"""The lab's page (``/lab``) and API (``/api/lab``, ``/api/lab/games``)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template
from flask.typing import ResponseReturnValue
from typing_extensions import TypedDict

from app.computer.moves import get_computer
from app.games.service import get_games
from app.games.view import variants_payload
from app.lab.runs import MAX_DEPTH, MAX_GAMES, MAX_ITERATIONS, PRESETS, TIME_SCALE, Lab, Preset
from app.web.inputs import body, device
from engine.agents import ALGORITHMS, LEVELS

bp = Blueprint("lab", __name__)
AGENT_FORMS = ["random", "greedy", "mcts:iterations=N", "minimax:depth=N", "LEVEL[:algorithm=A]"]


class LabSettings(TypedDict):
    """What the lab plays: the agents it accepts, its limits and its presets."""

    levels: list[str]
    algorithms: list[str]
    agents: list[str]
    """the forms an agent takes (N a number, LEVEL a level, A an algorithm)"""
    max_games: int
    max_iterations: int
    max_depth: int
    time_scale: float
    presets: dict[str, Preset]
    """each ready-made match by name"""


def get_lab() -> Lab:
    lab: Lab | None = current_app.extensions.get("mancala_lab")
    if lab is None:
        lab = current_app.extensions["mancala_lab"] = Lab(get_games(), get_computer().queue)
    return lab


@bp.get("/lab")
def page() -> str:
    """Pick two agents, a variant and a number of games; watch the score and the Elo grow."""
    return render_template("lab.html", variants=variants_payload(), levels=LEVELS)


@bp.get("/api/lab")
def settings() -> ResponseReturnValue:
    """What the lab plays: the agents it accepts, its limits and its presets."""
    found: LabSettings = {
        "levels": list(LEVELS),
        "algorithms": list(ALGORITHMS),
        "agents": [
            "random",
            "greedy",
            "mcts:iterations=N",
            "minimax:depth=N",
            "LEVEL[:algorithm=A]",
        ],
        "max_games": MAX_GAMES,
        "max_iterations": MAX_ITERATIONS,
        "max_depth": MAX_DEPTH,
        "time_scale": TIME_SCALE,
        "presets": PRESETS,
    }
    return found


@bp.post("/api/lab/games")
def play() -> ResponseReturnValue:
    """Play game ``game`` of a match; the answer has it, the tally and the Elo so far."""
    return get_lab().play(device(), body())
