# ruff: noqa: E501
"""The schema as the code before one schema (issue 34) wrote it: frozen, never edited.

Kept to build stores "made by the old code" in tests/app/test_schema_migrations.py: SQLite's
script (run at every start, then its fact columns and indexes, PRAGMA user_version 4) and
PostgreSQL's migrations 1 to 11 as they were applied (recorded in ``schema_migrations``).
"""

OLD_SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    data TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    think_version INTEGER,
    think_at REAL,
    think_pid INTEGER
);
CREATE TABLE IF NOT EXISTS maintenance (
    job TEXT PRIMARY KEY,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    owner TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    PRIMARY KEY (owner, game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_owner ON seats(owner);
CREATE TABLE IF NOT EXISTS limits (
    key TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    game_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    seen REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS analyses (
    game_id TEXT PRIMARY KEY,
    data TEXT NOT NULL,
    updated REAL NOT NULL
);
-- the lobby (app.store.lobby): who is here, seeks and challenges, its version
CREATE TABLE IF NOT EXISTS lobby_versions (
    key TEXT PRIMARY KEY,
    version INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS lobby_devices (
    device TEXT PRIMARY KEY,
    tag TEXT NOT NULL UNIQUE,
    seen REAL NOT NULL,
    quiet INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS lobby_devices_seen ON lobby_devices(seen);
CREATE TABLE IF NOT EXISTS seeks (
    id TEXT PRIMARY KEY,
    device TEXT NOT NULL,
    target TEXT,
    body TEXT NOT NULL,
    created REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'open',
    game_id TEXT,
    taker TEXT,
    answered REAL
);
CREATE INDEX IF NOT EXISTS seeks_by_device ON seeks(device);
CREATE INDEX IF NOT EXISTS seeks_by_target ON seeks(target);
CREATE TABLE IF NOT EXISTS quick_messages (
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS quick_messages_at ON quick_messages(at);
CREATE TABLE IF NOT EXISTS players (
        device TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    );
CREATE TABLE IF NOT EXISTS ratings (
        device TEXT NOT NULL,
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (device, pool)
    );
CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings (pool, rating);
CREATE TABLE IF NOT EXISTS rating_history (
        device TEXT NOT NULL,
        pool TEXT NOT NULL,
        game_id TEXT NOT NULL,
        before_rating DOUBLE PRECISION NOT NULL,
        before_deviation DOUBLE PRECISION NOT NULL,
        after_rating DOUBLE PRECISION NOT NULL,
        after_deviation DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (device, game_id)
    );
CREATE INDEX IF NOT EXISTS rating_history_by_game ON rating_history (game_id);
CREATE INDEX IF NOT EXISTS rating_history_by_time ON rating_history (device, pool, at);
CREATE TABLE IF NOT EXISTS settled (
        game_id TEXT PRIMARY KEY,
        pool TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
CREATE TABLE IF NOT EXISTS game_ends (
        game_id TEXT PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL
    );
CREATE TABLE IF NOT EXISTS tournaments (
        id TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        status TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    );
CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, updated);
CREATE TABLE IF NOT EXISTS lesson_steps (
        owner TEXT NOT NULL,
        variant TEXT NOT NULL,
        step TEXT NOT NULL,
        done DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, variant, step)
    );
CREATE TABLE IF NOT EXISTS puzzle_players (
        owner TEXT PRIMARY KEY,
        r DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    );
CREATE TABLE IF NOT EXISTS puzzle_ratings (
        puzzle TEXT PRIMARY KEY,
        r DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        updated DOUBLE PRECISION NOT NULL
    );
CREATE TABLE IF NOT EXISTS puzzle_tries (
        owner TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        solved INTEGER NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, puzzle)
    );
CREATE TABLE IF NOT EXISTS own_puzzles (
        owner TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (owner, id)
    );
CREATE TABLE IF NOT EXISTS room_presence (
        device TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        arrived DOUBLE PRECISION NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        listed INTEGER NOT NULL DEFAULT 1
    );
CREATE INDEX IF NOT EXISTS room_presence_address ON room_presence (address, arrived);
CREATE INDEX IF NOT EXISTS room_presence_seen ON room_presence (seen);
CREATE TABLE IF NOT EXISTS puzzle_addresses (
        address TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (address, puzzle)
    );
"""

OLD_SQLITE_FACT_COLUMNS = {
    "mode": "TEXT",
    "device": "TEXT",
    "finished": "INTEGER NOT NULL DEFAULT 0",
    "open_seat": "INTEGER NOT NULL DEFAULT 0",
    "running": "INTEGER NOT NULL DEFAULT 0",
    "size": "INTEGER NOT NULL DEFAULT 0",
    "lab": "INTEGER NOT NULL DEFAULT 0",
    "deadline": "REAL",
}

OLD_SQLITE_INDEXES = """
CREATE INDEX IF NOT EXISTS games_open ON games(mode, open_seat, finished, updated);
CREATE INDEX IF NOT EXISTS games_by_device ON games(device, mode, running);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished, updated);
CREATE INDEX IF NOT EXISTS seats_by_game ON seats(game_id);
CREATE INDEX IF NOT EXISTS games_lab ON games(lab, updated);
CREATE INDEX IF NOT EXISTS games_deadline ON games(deadline) WHERE deadline IS NOT NULL;
"""

OLD_SQLITE_VERSION = 4

OLD_POSTGRES_MIGRATIONS: list[list[str]] = [
    [
        "CREATE TABLE games (\n"
        "            id TEXT PRIMARY KEY,\n"
        "            version INTEGER NOT NULL,\n"
        "            data TEXT NOT NULL,\n"
        "            mode TEXT,\n"
        "            created DOUBLE PRECISION NOT NULL,\n"
        "            updated DOUBLE PRECISION NOT NULL,\n"
        "            think_version INTEGER,\n"
        "            think_at DOUBLE PRECISION,\n"
        "            think_pid INTEGER,\n"
        "            think_started TIMESTAMPTZ\n"
        "        )",
        "CREATE INDEX games_by_mode ON games (mode, updated DESC)",
        "CREATE TABLE seats (\n"
        "            owner TEXT NOT NULL,\n"
        "            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,\n"
        "            seat INTEGER NOT NULL,\n"
        "            PRIMARY KEY (owner, game_id, seat)\n"
        "        )",
        "CREATE INDEX seats_by_game ON seats (game_id)",
        "CREATE TABLE limits (\n"
        "            key TEXT PRIMARY KEY,\n"
        "            tokens DOUBLE PRECISION NOT NULL,\n"
        "            at DOUBLE PRECISION NOT NULL\n"
        "        )",
        "CREATE TABLE presence (\n"
        "            game_id TEXT NOT NULL,\n"
        "            seat INTEGER NOT NULL,\n"
        "            seen DOUBLE PRECISION NOT NULL,\n"
        "            PRIMARY KEY (game_id, seat)\n"
        "        )",
        "CREATE FUNCTION mancala_game_changed() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        "        BEGIN\n"
        "            IF TG_OP = 'DELETE' THEN\n"
        "                PERFORM pg_notify('mancala_games', OLD.id || ' -1');\n"
        "                RETURN OLD;\n"
        "            END IF;\n"
        "            PERFORM pg_notify('mancala_games', NEW.id || ' ' || NEW.version);\n"
        "            RETURN NEW;\n"
        "        END $$",
        "CREATE TRIGGER games_changed AFTER INSERT OR UPDATE OF version OR DELETE ON games\n"
        "            FOR EACH ROW EXECUTE FUNCTION mancala_game_changed()",
    ],
    [
        "ALTER TABLE games ADD COLUMN device TEXT",
        "ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN open_seat INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN running INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN size INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_open ON games (mode, open_seat, finished, updated)",
        "CREATE INDEX games_by_device ON games (device, mode, running)",
        "CREATE INDEX games_finished ON games (finished, updated)",
        "CREATE TABLE maintenance (\n"
        "            job TEXT PRIMARY KEY,\n"
        "            at DOUBLE PRECISION NOT NULL\n"
        "        )",
    ],
    [
        "CREATE TABLE analyses (\n"
        "            game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,\n"
        "            data TEXT NOT NULL,\n"
        "            updated DOUBLE PRECISION NOT NULL\n"
        "        )"
    ],
    [
        "ALTER TABLE games ADD COLUMN lab INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_lab ON games (lab, updated)",
    ],
    [
        "CREATE TABLE IF NOT EXISTS players (\n"
        "        device TEXT PRIMARY KEY,\n"
        "        name TEXT NOT NULL,\n"
        "        name_key TEXT NOT NULL UNIQUE,\n"
        "        created DOUBLE PRECISION NOT NULL,\n"
        "        updated DOUBLE PRECISION NOT NULL\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS ratings (\n"
        "        device TEXT NOT NULL,\n"
        "        pool TEXT NOT NULL,\n"
        "        rating DOUBLE PRECISION NOT NULL,\n"
        "        deviation DOUBLE PRECISION NOT NULL,\n"
        "        volatility DOUBLE PRECISION NOT NULL,\n"
        "        games INTEGER NOT NULL,\n"
        "        updated DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (device, pool)\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS ratings_by_pool ON ratings (pool, rating)",
        "CREATE TABLE IF NOT EXISTS rating_history (\n"
        "        device TEXT NOT NULL,\n"
        "        pool TEXT NOT NULL,\n"
        "        game_id TEXT NOT NULL,\n"
        "        before_rating DOUBLE PRECISION NOT NULL,\n"
        "        before_deviation DOUBLE PRECISION NOT NULL,\n"
        "        after_rating DOUBLE PRECISION NOT NULL,\n"
        "        after_deviation DOUBLE PRECISION NOT NULL,\n"
        "        at DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (device, game_id)\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS rating_history_by_game ON rating_history (game_id)",
        "CREATE INDEX IF NOT EXISTS rating_history_by_time ON rating_history (device, pool, at)",
        "CREATE TABLE IF NOT EXISTS settled (\n"
        "        game_id TEXT PRIMARY KEY,\n"
        "        pool TEXT NOT NULL,\n"
        "        at DOUBLE PRECISION NOT NULL\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS game_ends (\n"
        "        game_id TEXT PRIMARY KEY,\n"
        "        at DOUBLE PRECISION NOT NULL\n"
        "    )",
    ],
    [
        "CREATE TABLE IF NOT EXISTS lobby_versions (\n"
        "        key TEXT PRIMARY KEY,\n"
        "        version INTEGER NOT NULL\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS lobby_devices (\n"
        "        device TEXT PRIMARY KEY,\n"
        "        tag TEXT NOT NULL UNIQUE,\n"
        "        seen DOUBLE PRECISION NOT NULL,\n"
        "        quiet INTEGER NOT NULL DEFAULT 0\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS lobby_devices_seen ON lobby_devices (seen)",
        "CREATE TABLE IF NOT EXISTS seeks (\n"
        "        id TEXT PRIMARY KEY,\n"
        "        device TEXT NOT NULL,\n"
        "        target TEXT,\n"
        "        body TEXT NOT NULL,\n"
        "        created DOUBLE PRECISION NOT NULL,\n"
        "        state TEXT NOT NULL DEFAULT 'open',\n"
        "        game_id TEXT,\n"
        "        taker TEXT,\n"
        "        answered DOUBLE PRECISION\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS seeks_by_device ON seeks (device)",
        "CREATE INDEX IF NOT EXISTS seeks_by_target ON seeks (target)",
        "CREATE TABLE IF NOT EXISTS quick_messages (\n"
        "        game_id TEXT NOT NULL,\n"
        "        seq INTEGER NOT NULL,\n"
        "        seat INTEGER NOT NULL,\n"
        "        text TEXT NOT NULL,\n"
        "        at DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (game_id, seq)\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS quick_messages_at ON quick_messages (at)",
        "CREATE OR REPLACE FUNCTION mancala_lobby_changed() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        "    BEGIN\n"
        "        PERFORM pg_notify('mancala_lobby', NEW.key || ' ' || NEW.version);\n"
        "        RETURN NEW;\n"
        "    END $$",
        "DROP TRIGGER IF EXISTS lobby_changed ON lobby_versions",
        "CREATE TRIGGER lobby_changed AFTER INSERT OR UPDATE ON lobby_versions\n"
        "        FOR EACH ROW EXECUTE FUNCTION mancala_lobby_changed()",
    ],
    [
        "CREATE TABLE IF NOT EXISTS tournaments (\n"
        "        id TEXT PRIMARY KEY,\n"
        "        version INTEGER NOT NULL,\n"
        "        data TEXT NOT NULL,\n"
        "        status TEXT NOT NULL,\n"
        "        created DOUBLE PRECISION NOT NULL,\n"
        "        updated DOUBLE PRECISION NOT NULL\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS tournaments_by_status ON tournaments (status, updated)",
    ],
    [
        "CREATE TABLE IF NOT EXISTS lesson_steps (\n"
        "        owner TEXT NOT NULL,\n"
        "        variant TEXT NOT NULL,\n"
        "        step TEXT NOT NULL,\n"
        "        done DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (owner, variant, step)\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS puzzle_players (\n"
        "        owner TEXT PRIMARY KEY,\n"
        "        r DOUBLE PRECISION NOT NULL,\n"
        "        rd DOUBLE PRECISION NOT NULL,\n"
        "        sigma DOUBLE PRECISION NOT NULL,\n"
        "        tries INTEGER NOT NULL,\n"
        "        solved INTEGER NOT NULL,\n"
        "        updated DOUBLE PRECISION NOT NULL\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS puzzle_ratings (\n"
        "        puzzle TEXT PRIMARY KEY,\n"
        "        r DOUBLE PRECISION NOT NULL,\n"
        "        rd DOUBLE PRECISION NOT NULL,\n"
        "        sigma DOUBLE PRECISION NOT NULL,\n"
        "        tries INTEGER NOT NULL,\n"
        "        solved INTEGER NOT NULL,\n"
        "        updated DOUBLE PRECISION NOT NULL\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS puzzle_tries (\n"
        "        owner TEXT NOT NULL,\n"
        "        puzzle TEXT NOT NULL,\n"
        "        solved INTEGER NOT NULL,\n"
        "        at DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (owner, puzzle)\n"
        "    )",
        "CREATE TABLE IF NOT EXISTS own_puzzles (\n"
        "        owner TEXT NOT NULL,\n"
        "        id TEXT NOT NULL,\n"
        "        data TEXT NOT NULL,\n"
        "        created DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (owner, id)\n"
        "    )",
    ],
    [
        "ALTER TABLE games ADD COLUMN IF NOT EXISTS deadline DOUBLE PRECISION",
        "CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline) WHERE deadline IS NOT NULL",
    ],
    [
        "CREATE TABLE IF NOT EXISTS room_presence (\n"
        "        device TEXT PRIMARY KEY,\n"
        "        address TEXT NOT NULL,\n"
        "        arrived DOUBLE PRECISION NOT NULL,\n"
        "        seen DOUBLE PRECISION NOT NULL,\n"
        "        listed INTEGER NOT NULL DEFAULT 1\n"
        "    )",
        "CREATE INDEX IF NOT EXISTS room_presence_address ON room_presence (address, arrived)",
        "CREATE INDEX IF NOT EXISTS room_presence_seen ON room_presence (seen)",
    ],
    [
        "CREATE TABLE IF NOT EXISTS puzzle_addresses (\n"
        "        address TEXT NOT NULL,\n"
        "        puzzle TEXT NOT NULL,\n"
        "        at DOUBLE PRECISION NOT NULL,\n"
        "        PRIMARY KEY (address, puzzle)\n"
        "    )"
    ],
]

OLD_POSTGRES_VERSIONS = "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied TIMESTAMPTZ NOT NULL DEFAULT now())"
