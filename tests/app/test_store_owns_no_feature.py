"""Each feature owns its tables (issue 34): ``app/store/`` is the generic layer (connections,
dialects, transactions, the watchers, the one schema) and the games' own tables; it imports no
feature and its queries name no feature's table.  The schema (and the old SQLite count it maps)
may name every table: one schema is the rule."""

from __future__ import annotations

import ast
import re
from pathlib import Path

STORE = Path(__file__).resolve().parents[2] / "app" / "store"
ALL_TABLES = ("schema.py", "old_sqlite.py")  # the one schema: every table's DDL
GAMES_TABLES = {"games", "seats", "presence", "limits", "maintenance", "game_ends"}
POSTGRESQL = {"pg_stat_activity", "clock_timestamp"}  # its catalog and clock (claims, :clock)
TABLE = re.compile(r"\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\s+([a-z_][a-z_0-9]*)", re.IGNORECASE)


def strings(path: Path) -> list[str]:
    """The string constants of a module (its SQL among them), docstrings left out (any string
    standing alone as a statement)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    alone = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in alone
    ]


def tables_in(text: str) -> set[str]:
    """The tables a query names (an SQL word after UPDATE, as in "DO UPDATE SET", is none)."""
    return {t for t in TABLE.findall(text) if t.upper() != t}


def test_the_store_imports_no_feature() -> None:
    reached = []
    for path in sorted(STORE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("app.") and name.split(".")[1] not in ("store", "config"):
                    reached.append(f"{path.name} -> {name}")
    assert reached == []


def test_the_store_s_queries_name_only_the_games_own_tables() -> None:
    """A feature's queries live in the feature (app/<feature>/store.py); the store's name the
    games' tables, and the analyses' only to expire a game's rows with it (PER_GAME)."""
    from app.store.sql import PER_GAME

    allowed = GAMES_TABLES | {t for t, _ in PER_GAME} | {"schema_migrations"} | POSTGRESQL
    named: dict[str, set[str]] = {}
    for path in sorted(STORE.glob("*.py")):
        if path.name in ALL_TABLES:
            continue
        for text in strings(path):
            for table in tables_in(text):
                if table not in allowed:
                    named.setdefault(path.name, set()).add(table)
    assert named == {}


def test_each_feature_s_queries_are_in_the_feature_and_name_only_its_own_tables() -> None:
    """Where each feature's queries are (design.md's table of owners); a feature reaches the
    games' tables through the store's methods (a game's next version, presence, the games
    being played), not by their SQL."""
    app = STORE.parent
    owners = {
        "lobby/store*.py": {
            "seeks",
            "room_presence",
            "lobby_devices",
            "quick_messages",
            "lobby_versions",
        },
        "learn/store.py": {
            "lesson_steps",
            "puzzle_players",
            "puzzle_ratings",
            "puzzle_tries",
            "puzzle_addresses",
            "own_puzzles",
        },
        "ratings/store.py": {"ratings", "rating_history", "settled"},
        "games/player_names.py": {"players"},
        "analysis/store.py": {"analyses"},
    }
    for module, tables in owners.items():
        found = {t for path in app.glob(module) for text in strings(path) for t in tables_in(text)}
        assert found == tables, module
    assert not (STORE / "lobby.py").exists() and not (STORE / "players.py").exists()
    assert not (STORE / "learn.py").exists()


def test_the_lobby_hears_of_a_game_s_end_after_the_ratings_and_before_the_tournaments(
    tmp_path: Path,
) -> None:
    """The lobby's end-of-game hook moved out of the games (app/lobby/ends.py: the games no
    longer import the lobby's store) and still runs where it ran: after the ratings' settlement,
    before a tournament's next pairings."""
    from app import create_app
    from app.games import ends

    create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite3")})
    names = [name for name, _ in ends.hooks()]
    assert names.index("ratings") < names.index("lobby-games") < names.index("tournaments")
