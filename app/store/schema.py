"""The store's schema, written once for SQLite and PostgreSQL: numbered migrations, frozen.

Both databases count one version: the numbers of the migrations applied, each recorded in the
table ``schema_migrations`` (its row written in the migration's own transaction).  A fresh
store applies every migration in order; an older one applies those it lacks; so a store made
today and one made at version 1 and migrated since have the same tables, columns, types and
indexes (tests/app/test_schema_migrations.py compares their catalogs on both databases).

Rules (the text of a shipped migration never changes, since databases already ran it):

- To change the schema, append a :class:`Migration` with the next number; never edit one.
- Write SQL that both take.  What differs is said by a word in braces, substituted per
  database (:data:`WORDS`): ``{real}`` a float column (REAL on SQLite, DOUBLE PRECISION on
  PostgreSQL, each as its stores always had), ``{now}`` the time a row is written,
  ``{if_new}`` before a column added (PostgreSQL adds it only if missing; SQLite can't say so).
  What only PostgreSQL has (its NOTIFY triggers, one index) goes in ``postgresql``, run after
  the rest.
- A new column of facts about a game (see :class:`app.store.sql.SQLStore.fill_facts`) names
  itself in ``fill`` with the games it can differ for: they are filled in by the migration.

Stores made before this count (SQLite's ``PRAGMA user_version`` 0 to 4) are mapped onto it by
:mod:`app.store.old_sqlite`; PostgreSQL's migrations 1 to 11 were already these numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.store.queries import Connection

if TYPE_CHECKING:
    from app.store.sql import SQLStore

# Each database's words for what differs (see the module docstring), by store kind.
WORDS: dict[str, dict[str, str]] = {
    "sqlite": {"{real}": "REAL", "{now}": "CURRENT_TIMESTAMP", "{if_new}": ""},
    "postgresql": {"{real}": "DOUBLE PRECISION", "{now}": "now()", "{if_new}": "IF NOT EXISTS "},
}
VERSIONS = (
    "CREATE TABLE IF NOT EXISTS schema_migrations "
    "(version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT {now})"
)
GAMES_CHANNEL = "mancala_games"  # NOTIFY channel of a game's new version: "<id> <version>"
LOBBY_CHANNEL = "mancala_lobby"  # NOTIFY channel of the lobby's keys: "<key> <version>"


@dataclass(frozen=True)
class Migration:
    """One step of the schema: its statements (both databases), PostgreSQL's own after them,
    and the fact columns it adds with the games to fill them in for (a condition)."""

    number: int
    note: str
    statements: tuple[str, ...]
    postgresql: tuple[str, ...] = ()
    fill: tuple[str, ...] = ()
    fill_where: str = "1 = 1"

    def sql(self, kind: str) -> list[str]:
        """The statements as the database of ``kind`` ("sqlite", "postgresql") runs them."""
        found = [*self.statements, *(self.postgresql if kind == "postgresql" else ())]
        return [words(text, kind) for text in found]


def words(text: str, kind: str) -> str:
    """``text`` with each ``{word}`` replaced by the database's (see :data:`WORDS`)."""
    for word, said in WORDS[kind].items():
        text = text.replace(word, said)
    return text


# Append, never edit: each text here has run on databases that keep it.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "games, seat owners, rate limits, presence, and the NOTIFY trigger",
        (
            """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            data TEXT NOT NULL,
            mode TEXT,
            created {real} NOT NULL,
            updated {real} NOT NULL,
            think_version INTEGER,
            think_at {real},
            think_pid INTEGER,
            think_started TIMESTAMPTZ
        )""",
            """CREATE TABLE seats (
            owner TEXT NOT NULL,
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            PRIMARY KEY (owner, game_id, seat)
        )""",
            "CREATE INDEX seats_by_game ON seats (game_id)",
            """CREATE TABLE limits (
            key TEXT PRIMARY KEY,
            tokens {real} NOT NULL,
            at {real} NOT NULL
        )""",
            """CREATE TABLE presence (
            game_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            seen {real} NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        ),
        postgresql=(
            # SQLite's planner, without statistics, would take it for a device's count of its
            # games (games_by_device's) too: SQLite never had it
            "CREATE INDEX games_by_mode ON games (mode, updated DESC)",
            f"""CREATE FUNCTION mancala_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('{GAMES_CHANNEL}', OLD.id || ' -1');
                RETURN OLD;
            END IF;
            PERFORM pg_notify('{GAMES_CHANNEL}', NEW.id || ' ' || NEW.version);
            RETURN NEW;
        END $$""",
            """CREATE TRIGGER games_changed AFTER INSERT OR UPDATE OF version OR DELETE ON games
            FOR EACH ROW EXECUTE FUNCTION mancala_game_changed()""",
        ),
    ),
    Migration(
        2,
        "what lists and limits filter on, in columns (filled in from each game's data)",
        (
            "ALTER TABLE games ADD COLUMN device TEXT",
            "ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE games ADD COLUMN open_seat INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE games ADD COLUMN running INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE games ADD COLUMN size INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX games_open ON games (mode, open_seat, finished, updated)",
            "CREATE INDEX games_by_device ON games (device, mode, running)",
            "CREATE INDEX games_finished ON games (finished, updated)",
            """CREATE TABLE maintenance (
            job TEXT PRIMARY KEY,
            at {real} NOT NULL
        )""",
        ),
        fill=("mode", "device", "finished", "open_seat", "running", "size"),
    ),
    Migration(
        3,
        "each game's analysis (app.analysis), one small row per game",
        (
            """CREATE TABLE analyses (
            game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            data TEXT NOT NULL,
            updated {real} NOT NULL
        )""",
        ),
    ),
    Migration(
        4,
        "lab games are kept for days only",
        (
            "ALTER TABLE games ADD COLUMN lab INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX games_lab ON games (lab, updated)",
        ),
        fill=("lab",),
        fill_where="""data LIKE '%"lab"%'""",
    ),
    Migration(
        5,
        "players' names, ratings, their history, settled games, games whose end hooks ran",
        (
            """CREATE TABLE IF NOT EXISTS players (
        device TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
            """CREATE TABLE IF NOT EXISTS ratings (
        device TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (device, pool)
    )""",
            "CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings (pool, rating)",
            """CREATE TABLE IF NOT EXISTS rating_history (
        device TEXT NOT NULL,
        pool TEXT NOT NULL,
        game_id TEXT NOT NULL,
        before_rating DOUBLE PRECISION NOT NULL,
        before_deviation DOUBLE PRECISION NOT NULL,
        after_rating DOUBLE PRECISION NOT NULL,
        after_deviation DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (device, game_id)
    )""",
            "CREATE INDEX IF NOT EXISTS rating_history_by_game ON rating_history (game_id)",
            "CREATE INDEX IF NOT EXISTS rating_history_by_time ON rating_history (device, pool, at)",  # noqa: E501
            """CREATE TABLE IF NOT EXISTS settled (
        game_id TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    )""",
            """CREATE TABLE IF NOT EXISTS game_ends (
        game_id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL
    )""",
        ),
    ),
    Migration(
        6,
        "the lobby: devices, seeks and challenges, quick messages, its versions and NOTIFY",
        (
            """CREATE TABLE IF NOT EXISTS lobby_versions (
        key TEXT PRIMARY KEY,
        version INTEGER NOT NULL
    )""",
            """CREATE TABLE IF NOT EXISTS lobby_devices (
        device TEXT PRIMARY KEY,
        tag TEXT NOT NULL UNIQUE,
        seen {real} NOT NULL,
        quiet INTEGER NOT NULL DEFAULT 0
    )""",
            "CREATE INDEX IF NOT EXISTS lobby_devices_seen ON lobby_devices (seen)",
            """CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        device TEXT NOT NULL,
        target TEXT,
        body TEXT NOT NULL,
        created {real} NOT NULL,
        state TEXT NOT NULL DEFAULT 'open',
        game_id TEXT,
        taker TEXT,
        answered {real}
    )""",
            "CREATE INDEX IF NOT EXISTS seeks_by_device ON seeks (device)",
            "CREATE INDEX IF NOT EXISTS seeks_by_target ON seeks (target)",
            """CREATE TABLE IF NOT EXISTS quick_messages (
        game_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        text TEXT NOT NULL,
        at {real} NOT NULL,
        PRIMARY KEY (game_id, seq)
    )""",
            "CREATE INDEX IF NOT EXISTS quick_messages_at ON quick_messages (at)",
        ),
        postgresql=(
            f"""CREATE OR REPLACE FUNCTION mancala_lobby_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{LOBBY_CHANNEL}', NEW.key || ' ' || NEW.version);
        RETURN NEW;
    END $$""",  # noqa: E501 (frozen as shipped)
            "DROP TRIGGER IF EXISTS lobby_changed ON lobby_versions",
            """CREATE TRIGGER lobby_changed AFTER INSERT OR UPDATE ON lobby_versions
        FOR EACH ROW EXECUTE FUNCTION mancala_lobby_changed()""",
        ),
    ),
    Migration(
        7,
        "tournaments, one versioned document each",
        (
            """CREATE TABLE IF NOT EXISTS tournaments (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        status TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
            "CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, updated)",
        ),
    ),
    Migration(
        8,
        "lessons and puzzles: steps passed, ratings, first tries, a device's own puzzles",
        (
            """CREATE TABLE IF NOT EXISTS lesson_steps (
        owner TEXT NOT NULL,
        variant TEXT NOT NULL,
        step TEXT NOT NULL,
        done DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, variant, step)
    )""",
            """CREATE TABLE IF NOT EXISTS puzzle_players (
        owner TEXT PRIMARY KEY,
        r DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
            """CREATE TABLE IF NOT EXISTS puzzle_ratings (
        puzzle TEXT PRIMARY KEY,
        r DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    )""",
            """CREATE TABLE IF NOT EXISTS puzzle_tries (
        owner TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        solved INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, puzzle)
    )""",
            """CREATE TABLE IF NOT EXISTS own_puzzles (
        owner TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, id)
    )""",
        ),
    ),
    Migration(
        9,
        "when each running game ends by time",
        (
            "ALTER TABLE games ADD COLUMN {if_new}deadline {real}",
            "CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline) WHERE deadline IS NOT NULL",  # noqa: E501
        ),
        fill=("deadline",),
        fill_where="finished = 0",
    ),
    Migration(
        10,
        "who has the room open, by address (a row lapses when its page stops beating)",
        (
            """CREATE TABLE IF NOT EXISTS room_presence (
        device TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        arrived DOUBLE PRECISION NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        listed INTEGER NOT NULL DEFAULT 1
    )""",
            "CREATE INDEX IF NOT EXISTS room_presence_address ON room_presence (address, arrived)",
            "CREATE INDEX IF NOT EXISTS room_presence_seen ON room_presence (seen)",
        ),
    ),
    Migration(
        11,
        "each puzzle's first try from each network address",
        (
            """CREATE TABLE IF NOT EXISTS puzzle_addresses (
        address TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (address, puzzle)
    )""",
        ),
    ),
)
LATEST = MIGRATIONS[-1].number
assert [m.number for m in MIGRATIONS] == list(range(1, LATEST + 1))


def applied(store: SQLStore, db: Connection) -> set[int]:
    """The numbers of the migrations this database has (making the table that records them)."""
    db.execute(words(VERSIONS, store.kind))
    return {int(r[0]) for r in store.execute(db, "SELECT version FROM schema_migrations")}


def pending(done: set[int], upto: int = LATEST) -> Iterator[Migration]:
    """The migrations up to ``upto`` not in ``done``, in order."""
    return (m for m in MIGRATIONS if m.number <= upto and m.number not in done)


def migrate(store: SQLStore, db: Connection, upto: int = LATEST) -> list[int]:
    """Apply, in order, each migration up to ``upto`` that ``db`` lacks, each in one
    transaction with its row in ``schema_migrations`` and its facts filled in: the numbers
    applied.  The caller holds the database's lock against other processes starting at once."""
    done = []
    for migration in pending(applied(store, db), upto):
        with store.dialect.transaction(db):
            for statement in migration.sql(store.kind):
                db.execute(statement)
            if migration.fill:
                store.fill_facts(db, migration.fill_where, migration.fill)
            store.execute(
                db, "INSERT INTO schema_migrations (version) VALUES (:n)", n=migration.number
            )
        done.append(migration.number)
    return done
