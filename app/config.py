"""Configuration: safe defaults in code, overridden by ``MANCALA_*`` environment variables.

``MANCALA_SECRET_KEY``, ``MANCALA_DATABASE`` (an SQLite file), ``MANCALA_DATABASE_URL``
(``postgresql://...``: PostgreSQL instead, for several app hosts), ``MANCALA_AI_EXECUTOR``
("process" or "thread"), ``MANCALA_AI_WORKERS``, ``MANCALA_LONG_POLL_SECONDS``,
``MANCALA_AI_QUEUE``, ``MANCALA_RATE_LIMITS`` and every other key of :data:`DEFAULTS`: the
environment sees each value as JSON when it parses (numbers, true/false, lists), else as a
string (Flask's ``from_prefixed_env``).
"""

from __future__ import annotations

import os
import secrets
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, TypeVar

Limits = TypeVar("Limits")

DEFAULTS: dict[str, Any] = {
    "SECRET_KEY": None,  # generated once into the instance folder when not given
    "DATABASE": None,  # default: <instance>/mancala.sqlite3
    "DATABASE_URL": None,  # postgresql://user:password@host:port/db: a store shared by hosts
    "DATABASE_POOL": 10,  # PostgreSQL connections per server worker (at most)
    "AI_EXECUTOR": "process",  # where the computer thinks: a process pool, or a thread pool
    "AI_WORKERS": 1,  # search processes per server worker for people's long moves and hints
    "AI_QUICK_WORKERS": 1,  # and for their short moves only (Beginner to Hard): always free soon
    "AI_BACKGROUND_WORKERS": 2,  # and for background work (analysis, lab, watch games, values)
    "AI_PROCESS_MEGABYTES": 300,  # a search process holding more after a job is replaced
    # The host's searches (every search process of every server worker) hold at most this
    # many MB beyond their start, table builds included (app.computer.memory); None: no budget.
    "AI_MEMORY_MEGABYTES": 360,
    "AI_BUILD_TABLES": True,  # build endgame tables in the background (at start, on first use)
    "LONG_POLL_SECONDS": 8.0,  # how long GET /api/games/<id>?since=N waits for a change
    "SEAT_COOKIE": "mancala_player",
    "SEAT_COOKIE_MAX_AGE": 400 * 24 * 3600,
    "MAX_CONTENT_LENGTH": 256 * 1024,
    "DATABASE_BUSY_SECONDS": 10.0,  # how long a write waits for a locked store before a 503
    "AI_QUEUE_SECONDS": 20.0,  # a new search gets a 503 when those waiting would take longer
    "AI_QUEUE": 1000,  # or when this many wait (per server worker)
    "AI_QUEUE_PER_CLIENT": 8,  # of which one device may have this many (else 429)
    "WATCH_GAMES_PER_DEVICE": 3,  # computer-vs-computer games one device may run at once
    "MAX_NEW_GAME_BYTES": 64 * 1024,  # a new game (an imported record included) stored as JSON
    "KEEP_FINISHED_DAYS": 30.0,  # a finished game is deleted this long after its last change
    "KEEP_INVITES_DAYS": 7.0,  # and an invite to a game between two devices nobody took
    # A game not over that nobody changed (no move, no setting) for this long is deleted: a
    # game left for a month is not coming back, and one device can create ~43,000 a day.
    "KEEP_UNFINISHED_DAYS": 30.0,
    # A lab game (an engine-vs-engine match's game, ~750 bytes, up to one a second per
    # device: ~65 MB a day) is deleted this long after it was played; its tally lives in the
    # lab run's answers.
    "KEEP_LAB_DAYS": 3.0,
    "MAINTENANCE_SECONDS": 300.0,  # how often a worker checks for expiry, checkpoint, backup
    "BACKUP_HOURS": 6.0,  # an online backup of the store into <instance>/backups this often
    "BACKUPS_KEPT": 8,  # the newest backups kept (older ones deleted)
    # ... as long as together they take at most this many MiB (the newest is always kept):
    # eight full copies of a large store would take eight times its room.
    "BACKUPS_MAX_MB": 1024,
    "ALLOWED_HOSTS": [],  # host names served besides localhost and this machine's addresses
    "ANALYSIS_SECONDS": 0.35,  # search time per position of a game's analysis
    "ANALYSIS_GAME_SECONDS": 60.0,  # at most this for a whole (long) game's positions
    "ANALYSIS_SOLVE_SECONDS": 25.0,  # Kalah with a table: the solver's seconds for one position
    "ANALYSIS_SMALL_SECONDS": 2.0,  # per position on boards of at most 32 seeds (to solve them)
    # A position's search still running after this many seconds of wall time (a machine far
    # busier than planned) answers with what it has, marked as an estimate; None: a few
    # seconds before its search process would be stopped (2 x its budget + 3 s).
    "ANALYSIS_CAP_SECONDS": None,
    # Per device (network address): [burst, tokens per second] of each rate-limited action.
    "RATE_LIMITS": {"create": [30, 0.5], "computer": [60, 1.0], "name": [20, 0.2]},
}


def with_setting(defaults: Limits, setting: object, name: str) -> Limits:
    """``defaults`` (a frozen dataclass of limits) with a setting's values in place: a JSON
    object naming its fields (None or {}: the defaults); ValueError saying what is wrong."""
    if setting is None or setting == {}:
        return defaults
    if not isinstance(setting, dict):
        raise ValueError(f"{name} must be a JSON object of limits")
    current = {f.name: getattr(defaults, f.name) for f in fields(defaults)}  # type: ignore[arg-type]
    changed: dict[str, object] = {}
    for key, value in setting.items():
        if key not in current:
            raise ValueError(f"{name}: unknown limit {key!r}")
        kept = current[key]
        if isinstance(kept, tuple):
            pair = value if isinstance(value, list | tuple) else None
            if pair is None or len(pair) != 2 or not all(number(v) for v in pair):
                raise ValueError(f"{name}: {key} must be [burst, tokens a second], both >= 0")
            changed[key] = (float(pair[0]), float(pair[1]))
        elif not number(value):
            raise ValueError(f"{name}: {key} must be a number of at least 0")
        else:
            changed[key] = int(value) if isinstance(kept, int) else float(value)
    return replace(defaults, **changed)  # type: ignore[type-var]


def number(value: object) -> bool:
    """Whether ``value`` is a number (not a bool) of at least 0."""
    return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0


def secret_key_from_instance(instance_path: str) -> str:
    """The secret key kept in ``<instance>/secret_key``, generated on first use.

    Every worker of one server reads the same file; the first to start writes it atomically.
    """
    path = Path(instance_path) / "secret_key"
    try:
        with path.open(encoding="ascii") as f:
            key = f.read().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key)
    try:
        os.link(tmp, path)  # fails if another worker won the race: then use theirs
    except FileExistsError:
        pass
    finally:
        Path(tmp).unlink()
    with path.open(encoding="ascii") as f:
        return f.read().strip()
