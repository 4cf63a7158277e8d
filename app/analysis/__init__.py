"""Game analysis: every position of a game valued by the engine, each move's loss and tag.

* :mod:`engine.agents.analysis`: the values of one position's moves, in seeds, exact where solved;
* :mod:`app.analysis.step`: that as a job for the search processes;
* :mod:`app.analysis.runner`: an analysis as a chain of jobs through the computer's fair queue;
* :mod:`app.analysis.report`: the answer: each move's values, loss, tag; each player's summary;
* :mod:`app.analysis.store`: where analyses are kept (one row per game);
* :mod:`app.analysis.service`: the use cases: start, read, value one position;
* :mod:`app.analysis.routes`: ``POST/GET /api/games/{id}/analysis``.

``python -m tools.analysisbench`` times the analysis of a 60-move Kalah game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Flask, current_app

if TYPE_CHECKING:
    from app.analysis.runner import Analyses


def init_app(app: Flask) -> None:
    """The app's analyses, over its store and its computer's fair queue."""
    from app.analysis.runner import Analyses, Budget
    from app.analysis.store import AnalysisStore

    budget = Budget(
        float(app.config.get("ANALYSIS_SECONDS", 0.35)),
        float(app.config.get("ANALYSIS_GAME_SECONDS", 60.0)),
        float(app.config.get("ANALYSIS_SMALL_SECONDS", 2.0)),
        solve_seconds=float(app.config.get("ANALYSIS_SOLVE_SECONDS", 25.0)),
        cap_seconds=_optional_seconds(app.config.get("ANALYSIS_CAP_SECONDS")),
    )
    computer = app.extensions["mancala_computer"]
    store = AnalysisStore(app.extensions["mancala_store"])
    app.extensions["mancala_analyses"] = Analyses(store, computer.queue, budget)


def _optional_seconds(value: object) -> float | None:
    """A setting of seconds that may be unset (None)."""
    return None if value is None else float(str(value))


def get_analyses() -> Analyses:
    """The current app's :class:`app.analysis.runner.Analyses`."""
    return current_app.extensions["mancala_analyses"]  # type: ignore[no-any-return]
