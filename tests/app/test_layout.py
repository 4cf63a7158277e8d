"""The app's folders say what they hold, and no import climbs back up: each package imports
only the packages on the floors below it (or itself), lazy imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"

# The floors, from the ground up: a package may import only packages on lower floors.
FLOORS = {
    "config": 0,  # the settings
    "store": 1,  # the game store and its long-poll watcher
    "i18n": 1,  # the words of the pages and messages in each language (app.i18n)
    "games": 2,  # games as the app keeps them, their rules around the engine's, their use cases
    "upkeep": 3,  # the store's upkeep: expiry, backups, the copy to PostgreSQL
    "computer": 3,  # the computer player: the search processes and their fair queue
    "web": 4,  # the HTTP edge: API, pages, input, errors, limits, security, the server
    "analysis": 5,  # the optional pages: a game's analysis,
    "lab": 5,  # the AI lab,
    "board": 6,  # and the analysis board (its values come from the analysis)
    "ratings": 3,  # Glicko-2 and the rating pools a game counts in
    "players": 5,  # the room: players (names, pages, ratings kept),
    "lobby": 6,  # the lobby (who is here, seeks, challenges, quick messages),
    "tournaments": 7,  # tournaments (arena, round robin, Swiss) over the lobby's players
    "learn": 6,  # lessons and puzzles (puzzle ratings on the players' Glicko-2)
    "contract": 8,  # the API document: every feature's answer shapes (app.contract)
    "__init__": 9,  # create_app: wires them all
}


def imported(path: Path) -> set[str]:
    """The ``app.*`` modules a file imports anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("app."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "app":
                found.update(f"app.{a.name}" for a in node.names)
            elif node.module.startswith("app."):
                found.add(node.module)
    return found


def floor_of(path: Path) -> str:
    part = path.relative_to(APP).parts[0]
    return part.removesuffix(".py")


def test_the_root_holds_only_the_app_factory_and_its_settings() -> None:
    loose = sorted(p.name for p in APP.glob("*.py"))
    assert loose == ["__init__.py", "config.py"]
    folders = sorted(p.name for p in APP.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert folders == sorted(k for k in FLOORS if k not in ("config", "__init__"))


def test_no_import_climbs_back_up() -> None:
    climbs = []
    for path in sorted(APP.rglob("*.py")):
        here = floor_of(path)
        for module in sorted(imported(path)):
            there = module.split(".")[1]
            if there != here and FLOORS[there] >= FLOORS[here]:
                climbs.append(f"{path.relative_to(APP.parent)} -> {module}")
    assert climbs == []


def test_the_games_know_neither_the_computer_nor_the_pages_nor_the_web() -> None:
    reached = {m.split(".")[1] for p in (APP / "games").rglob("*.py") for m in imported(p)}
    assert reached <= {"games", "store", "config"}
