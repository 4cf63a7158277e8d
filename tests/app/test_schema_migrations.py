"""One schema, frozen migrations (issue 34): both databases count one version; a store made
fresh has exactly the catalog (tables, columns, types, indexes) of one made at any earlier
version and migrated since; stores made by the old code (SQLite's old count, PostgreSQL at its
migration 11, built from the old DDL frozen in ``schema_old_fixture``) come onto it cleanly."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from app.store import old_sqlite, schema
from app.store.base import StoreError
from app.store.sqlite import SQLiteStore
from tests.app.schema_old_fixture import (
    OLD_POSTGRES_MIGRATIONS,
    OLD_POSTGRES_VERSIONS,
    OLD_SQLITE_FACT_COLUMNS,
    OLD_SQLITE_INDEXES,
    OLD_SQLITE_SCHEMA,
)

# The text of each shipped migration, by number: a migration's text never changes once shipped.
# A new migration adds its line here; a test failing here means a shipped one was edited.
FROZEN = {
    1: "b1e60c755344a33d",
    2: "06f42eea491a6db1",
    3: "c9b7ba391323be9c",
    4: "276b5d07d2ed1eec",
    5: "121a588d746708ae",
    6: "da757105854998ed",
    7: "78e08bf05aa020fd",
    8: "c0969708cc3c1cf4",
    9: "f2efe39396e20d33",
    10: "02d1c3a519db3680",
    11: "747bca9e3828550d",
}

NOW = 1_700_000_000.0
MIGRATIONS_PG_ONLY = [s for m in schema.MIGRATIONS for s in m.postgresql]


def digest(migration: schema.Migration) -> str:
    """A short hash of everything a migration says."""
    parts = [*migration.statements, "--", *migration.postgresql, "--", *migration.fill]
    text = "\n".join([*parts, migration.fill_where])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def game(mode: str = "remote", resigned: int | None = None) -> dict[str, Any]:
    """A small game's data, as the app stores it."""
    seats = [{"kind": "human", "owner": "host"}, {"kind": "human", "owner": None}]
    return {
        "variant": "kalah",
        "options": {},
        "first_player": 0,
        "moves": [],
        "mode": mode,
        "seats": seats,
        "resigned": resigned,
        "paused": False,
    }


# -- the list itself ------------------------------------------------------------------------------


def test_migrations_are_numbered_in_order_and_none_shipped_was_edited() -> None:
    assert [m.number for m in schema.MIGRATIONS] == list(range(1, schema.LATEST + 1))
    assert {m.number: digest(m) for m in schema.MIGRATIONS} == FROZEN


def test_postgresql_runs_the_very_statements_its_old_migrations_ran() -> None:
    """PostgreSQL's migrations 1 to 11 were the same numbers before: the same SQL, so a database
    at 11 needs nothing (whitespace aside; its own statements of a migration come after the
    others, where one index moved)."""

    def plain(text: str) -> str:
        return " ".join(text.split())

    for migration, old in zip(schema.MIGRATIONS, OLD_POSTGRES_MIGRATIONS, strict=False):
        assert sorted(plain(s) for s in migration.sql("postgresql")) == sorted(map(plain, old))
    assert len(OLD_POSTGRES_MIGRATIONS) == old_sqlite.MAPPED_TO


def test_each_database_gets_its_own_words_and_nothing_in_braces_is_left() -> None:
    for kind in schema.WORDS:
        for migration in schema.MIGRATIONS:
            for statement in migration.sql(kind):
                assert not re.search(r"\{[a-z_]+\}", statement), statement
    sqlite_sql = " ".join(s for m in schema.MIGRATIONS for s in m.sql("sqlite"))
    assert "pg_notify" not in sqlite_sql and "IF NOT EXISTS deadline" not in sqlite_sql


# -- catalogs -------------------------------------------------------------------------------------

Catalog = dict[str, Any]


def sqlite_catalog(path: str) -> Catalog:
    """Each table's columns (name, type, not null, default, key) in order, and its indexes
    (key columns with their order, unique, origin, partial, the WHERE of a partial one)."""
    found: Catalog = {}
    with closing(sqlite3.connect(path)) as db:
        names = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        for (table,) in names.fetchall():
            columns = [tuple(r[1:]) for r in db.execute(f"PRAGMA table_info({table})")]
            indexes = {}
            for _, name, unique, origin, partial in db.execute(f"PRAGMA index_list({table})"):
                keys = [(r[2], r[3]) for r in db.execute(f"PRAGMA index_xinfo({name})") if r[5]]
                sql = db.execute(
                    "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)
                ).fetchone()
                where = sql and sql[0] and re.search(r"WHERE (.*)$", " ".join(sql[0].split()))
                indexes[name] = (keys, unique, origin, partial, where and where[1])
            found[table] = {"columns": columns, "indexes": indexes}
        found["user_version"] = db.execute("PRAGMA user_version").fetchone()[0]
        found["versions"] = versions_sqlite(db)
    return found


def versions_sqlite(db: sqlite3.Connection) -> list[int]:
    return [r[0] for r in db.execute("SELECT version FROM schema_migrations ORDER BY version")]


def unordered(catalog: Catalog) -> Catalog:
    """The catalog with each table's columns as a set (SQLite adds a column only at the end)."""
    return {
        table: dict(value, columns=sorted(value["columns"])) if isinstance(value, dict) else value
        for table, value in catalog.items()
    }


def pg_catalog(url: str) -> Catalog:
    """Columns (type, null, default) in order, indexes, constraints, triggers and functions."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:

        def rows(query: str) -> list[tuple[Any, ...]]:
            return [tuple(r) for r in db.execute(query).fetchall()]

        columns: dict[str, list[tuple[Any, ...]]] = {}
        for table, *column in rows(
            "SELECT table_name, column_name, data_type, is_nullable, column_default "
            "FROM information_schema.columns WHERE table_schema = 'public' "
            "ORDER BY table_name, ordinal_position"
        ):
            columns.setdefault(table, []).append(tuple(column))
        return {
            "columns": columns,
            "indexes": sorted(
                rows("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'")
            ),
            "constraints": sorted(
                rows(
                    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
                    "FROM pg_constraint WHERE connamespace = 'public'::regnamespace"
                )
            ),
            "triggers": sorted(
                rows(
                    "SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) "
                    "FROM pg_trigger WHERE NOT tgisinternal"
                )
            ),
            "functions": sorted(
                rows(
                    "SELECT proname, regexp_replace(prosrc, '\\s+', ' ', 'g') FROM pg_proc "
                    "WHERE pronamespace = 'public'::regnamespace"
                )
            ),
            "versions": [r[0] for r in rows("SELECT version FROM schema_migrations ORDER BY 1")],
        }


# -- SQLite ----------------------------------------------------------------------------------------


@pytest.fixture
def fresh_sqlite(tmp_path: Path) -> Iterator[tuple[SQLiteStore, str]]:
    """A store made today (also the runner of partial migrations on other files)."""
    path = str(tmp_path / "fresh.sqlite3")
    yield SQLiteStore(path), path


def test_a_fresh_sqlite_store_applies_every_migration_once(
    fresh_sqlite: tuple[SQLiteStore, str],
) -> None:
    store, path = fresh_sqlite
    before = sqlite_catalog(path)
    assert before["versions"] == list(range(1, schema.LATEST + 1))
    assert before["user_version"] == old_sqlite.OLD_VERSION
    SQLiteStore(path)  # a second start changes nothing
    assert sqlite_catalog(path) == before


@pytest.mark.parametrize("start", range(1, schema.LATEST))
def test_a_sqlite_store_made_at_any_version_migrates_to_the_fresh_schema(
    fresh_sqlite: tuple[SQLiteStore, str], tmp_path: Path, start: int
) -> None:
    runner, fresh = fresh_sqlite
    path = str(tmp_path / f"at{start}.sqlite3")
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        old_sqlite.upgrade(runner, db)  # a new file: of the one count from the start
        assert schema.migrate(runner, db, upto=start) == list(range(1, start + 1))
        done = (
            {"mode", "device", "finished", "open_seat", "running", "size"} if start >= 2 else set()
        )
        text = json.dumps(game())
        db.execute(
            "INSERT INTO games (id, version, data, created, updated) VALUES ('g', 1, ?, ?, ?)",
            (text, NOW, NOW),
        )
        if done:  # a game written then wrote the fact columns of then
            facts = runner.facts(text)
            db.execute(
                f"UPDATE games SET {', '.join(f'{k} = ?' for k in sorted(done))} WHERE id = 'g'",
                [facts[k] for k in sorted(done)],
            )
    store = SQLiteStore(path)
    assert sqlite_catalog(path) == sqlite_catalog(fresh)
    assert [r.id for r in store.open_invites(0.0)] == ["g"]  # its facts were filled in


def old_sqlite_file(path: str, version: int, runner: SQLiteStore) -> None:
    """A store as the old code left it at ``version`` of SQLite's old count: its script, the
    fact columns of that version, their indexes; a game, its seat, a player and a tournament."""
    facts = list(OLD_SQLITE_FACT_COLUMNS)
    kept = {4: facts, 3: facts[:-1], 2: facts[:-2]}[version]
    with closing(sqlite3.connect(path)) as db:
        db.executescript(OLD_SQLITE_SCHEMA)
        for name in kept:
            db.execute(f"ALTER TABLE games ADD COLUMN {name} {OLD_SQLITE_FACT_COLUMNS[name]}")
        for statement in filter(str.strip, OLD_SQLITE_INDEXES.split(";")):
            if all(f"({name}" not in statement for name in facts if name not in kept):
                db.execute(statement)
        if version < 4:  # from before the newest tables
            db.execute("DROP TABLE room_presence")
            db.execute("DROP TABLE puzzle_addresses")
        db.execute(f"PRAGMA user_version = {version}")
        text = json.dumps(game())
        db.execute(
            "INSERT INTO games (id, version, data, created, updated) VALUES ('g', 3, ?, ?, ?)",
            (text, NOW, NOW),
        )
        written = runner.facts(text)  # the old code wrote the columns it had with the game
        db.execute(
            f"UPDATE games SET {', '.join(f'{k} = ?' for k in kept)} WHERE id = 'g'",
            [written[k] for k in kept],
        )
        db.execute("INSERT INTO seats VALUES ('host', 'g', 0)")
        db.execute("INSERT INTO players VALUES ('d', 'Ann', 'ann', ?, ?)", (NOW, NOW))
        db.execute(
            "INSERT INTO tournaments VALUES ('t', 2, '{}', 'open', ?, ?)",
            (NOW, NOW),
        )
        db.commit()


@pytest.mark.parametrize("version", [4, 3, 2])
def test_a_sqlite_store_of_the_old_count_comes_onto_the_one_count(
    fresh_sqlite: tuple[SQLiteStore, str], tmp_path: Path, version: int
) -> None:
    """The mapping: a file of SQLite's old count (user_version 2 to 4, made by the old code)
    is at migration 11 once opened, its catalog the fresh one's (columns in another order:
    SQLite adds them at the end), its rows kept, and a second start changes nothing."""
    runner, fresh = fresh_sqlite
    path = str(tmp_path / f"old{version}.sqlite3")
    old_sqlite_file(path, version, runner)
    store = SQLiteStore(path)
    migrated = sqlite_catalog(path)
    assert migrated["versions"] == list(range(1, schema.LATEST + 1))
    assert unordered(migrated) == unordered(sqlite_catalog(fresh))
    assert "seats_by_owner" not in migrated["seats"]["indexes"]
    loaded = store.load("g")
    assert loaded is not None and loaded.version == 3
    assert [r.id for r in store.open_invites(0.0)] == ["g"]  # facts there (or filled in)
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("SELECT name FROM players").fetchall() == [("Ann",)]
        assert db.execute("SELECT owner, seat FROM seats").fetchall() == [("host", 0)]
        assert db.execute("SELECT version FROM tournaments").fetchall() == [(2,)]
    SQLiteStore(path)
    assert sqlite_catalog(path) == migrated


def test_an_old_count_file_that_fails_half_way_is_left_as_it_was_and_mapped_next_start(
    fresh_sqlite: tuple[SQLiteStore, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mapping is one transaction: a failure in it (here the facts' fill) leaves the file
    of the old count untouched, so the next start maps it whole."""
    runner, fresh = fresh_sqlite
    path = str(tmp_path / "old.sqlite3")
    old_sqlite_file(path, 2, runner)
    before = sqlite_catalog_old(path)

    def fail(*_: Any, **__: Any) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(SQLiteStore, "fill_facts", fail)
        with pytest.raises(StoreError):
            SQLiteStore(path)
    assert sqlite_catalog_old(path) == before
    SQLiteStore(path)
    assert unordered(sqlite_catalog(path)) == unordered(sqlite_catalog(fresh))


def sqlite_catalog_old(path: str) -> list[tuple[Any, ...]]:
    """Everything in a file's schema, as text, and its user_version (a file of the old count
    has no ``schema_migrations`` for :func:`sqlite_catalog` to read)."""
    with closing(sqlite3.connect(path)) as db:
        found = db.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()
        return [*found, db.execute("PRAGMA user_version").fetchone()]


def start_store(path: str, start: Any, answers: Any) -> None:
    """In a child process: wait for the others, then open the store at ``path``."""
    start.wait()
    try:
        SQLiteStore(path)
        answers.put("ok")
    except StoreError as exc:
        answers.put(exc.message)


def test_workers_starting_together_on_an_old_count_file_map_it_once(
    fresh_sqlite: tuple[SQLiteStore, str], tmp_path: Path
) -> None:
    runner, fresh = fresh_sqlite
    ctx = multiprocessing.get_context("fork")
    path = str(tmp_path / "old.sqlite3")
    old_sqlite_file(path, 3, runner)
    start, answers = ctx.Barrier(3), ctx.Queue()
    workers = [ctx.Process(target=start_store, args=(path, start, answers)) for _ in "abc"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert [answers.get(timeout=10) for _ in workers] == ["ok"] * 3
    assert unordered(sqlite_catalog(path)) == unordered(sqlite_catalog(fresh))


def test_sqlite_and_postgresql_have_the_same_tables_columns_and_indexes(
    fresh_sqlite: tuple[SQLiteStore, str], postgres_url: str
) -> None:
    from app.store.postgres import PostgresStore

    _, path = fresh_sqlite
    PostgresStore(postgres_url).close()
    lite, pg = sqlite_catalog(path), pg_catalog(postgres_url)
    tables = sorted(k for k, v in lite.items() if isinstance(v, dict))
    assert tables == sorted(pg["columns"])
    for table in tables:
        assert [c[0] for c in lite[table]["columns"]] == [c[0] for c in pg["columns"][table]]
    named = {i for t in tables for i in lite[t]["indexes"] if not i.startswith("sqlite_")}
    own = {m[1] for s in MIGRATIONS_PG_ONLY for m in re.finditer(r"CREATE INDEX (\w+)", s)}
    assert own == {"games_by_mode"}  # PostgreSQL's own index (see schema's migration 1)
    assert named | own == {n for n, _ in pg["indexes"] if not n.endswith(("_pkey", "_key"))}
    assert lite["versions"] == pg["versions"]


# -- PostgreSQL ------------------------------------------------------------------------------------


@pytest.fixture
def pg_fresh(postgres_url: str) -> Iterator[tuple[Any, str]]:
    """A PostgreSQL store made today (also the runner of partial migrations elsewhere)."""
    from app.store.postgres import PostgresStore

    store = PostgresStore(postgres_url, pool_size=2)
    yield store, postgres_url
    store.close()


@pytest.mark.parametrize("start", range(1, schema.LATEST))
def test_a_postgresql_store_made_at_any_version_migrates_to_the_fresh_schema(
    pg_fresh: tuple[Any, str], postgres: Any, start: int
) -> None:
    import psycopg

    from app.store.postgres import PostgresStore

    runner, fresh = pg_fresh
    url = postgres.new_database()
    with psycopg.connect(url, autocommit=True) as db:
        assert schema.migrate(runner, db, upto=start) == list(range(1, start + 1))
        db.execute(
            "INSERT INTO games (id, version, data, created, updated) VALUES ('g', 1, %s, %s, %s)",
            (json.dumps(game()), NOW, NOW),
        )
    store = PostgresStore(url, pool_size=2)
    try:
        assert pg_catalog(url) == pg_catalog(fresh)
        if start < 2:  # made before the fact columns: filled in by migration 2
            assert [r.id for r in store.open_invites(0.0)] == ["g"]
    finally:
        store.close()


def test_a_postgresql_store_made_by_the_old_code_needs_nothing_and_equals_a_fresh_one(
    pg_fresh: tuple[Any, str], postgres: Any
) -> None:
    import psycopg

    from app.store.postgres import PostgresStore

    _, fresh = pg_fresh
    url = postgres.new_database()
    with psycopg.connect(url, autocommit=True) as db:  # as the old code's migrate did
        db.execute(OLD_POSTGRES_VERSIONS)
        for number, statements in enumerate(OLD_POSTGRES_MIGRATIONS, 1):
            with db.transaction():
                for statement in statements:
                    db.execute(statement)
                db.execute("INSERT INTO schema_migrations (version) VALUES (%s)", (number,))
        db.execute(
            "INSERT INTO games (id, version, data, created, updated) VALUES ('g', 4, %s, %s, %s)",
            (json.dumps(game()), NOW, NOW),
        )
    before = pg_catalog(url)
    store = PostgresStore(url, pool_size=2)
    try:
        assert store.migrate() == schema.LATEST
        assert pg_catalog(url) == before == pg_catalog(fresh)
        loaded = store.load("g")
        assert loaded is not None and loaded.version == 4
    finally:
        store.close()
