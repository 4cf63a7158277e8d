"""Backups of the SQLite store: online copies on a schedule, and the restore command.

    python -m app.upkeep.backup now                 # a backup now, into <instance>/backups
    python -m app.upkeep.backup list                # the backups, newest first
    python -m app.upkeep.backup restore FILE        # put FILE in place of the store

The server makes a backup every ``BACKUP_HOURS`` (SQLite's online backup: the server keeps
serving) into ``<instance>/backups/mancala-YYYYmmdd-HHMMSS.sqlite3`` and keeps the newest
``BACKUPS_KEPT`` that together take at most ``BACKUPS_MAX_MB`` (the newest is always kept).

``restore`` checks the file is a sound game store, moves the current store (and its
write-ahead log) aside as ``mancala.sqlite3.replaced-<time>``, and puts a copy of the backup in
its place; a running server notices the new file and opens it.  A write-ahead log with no store
beside it (the store's file was deleted while the server ran) is never deleted: it is kept as
``mancala.sqlite3.orphaned-<time>-wal``.  A running server that finds its store's file deleted
saves the deleted file's last state, which it still holds open, as a backup named
``mancala-<time>-rescued-<inode>.sqlite3`` (``list`` shows it; ``restore`` puts it back).

The instance folder and the store's path come from ``MANCALA_INSTANCE`` and
``MANCALA_DATABASE``, and ``now`` keeps backups by ``MANCALA_BACKUPS_KEPT`` and
``MANCALA_BACKUPS_MAX_MB``, as for the server.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path

from app.store import Store
from app.store.json_types import JSONValue

log = logging.getLogger(__name__)
MB = 1024 * 1024
PREFIX = "mancala-"
SUFFIX = ".sqlite3"
SIDE_FILES = ("-wal", "-shm")  # SQLite's write-ahead log and its index, beside the store
ORPHANED = "orphaned"  # a write-ahead log kept whose store was deleted


class RestoreError(Exception):
    """The file can't be restored (not there, not a sound game store)."""


def instance_folder() -> Path:
    """The instance folder as the server finds it (``MANCALA_INSTANCE`` or ``instance/``)."""
    root = Path(__file__).resolve().parents[2]
    return Path(os.environ.get("MANCALA_INSTANCE", root / "instance")).resolve()


def database_path(instance: Path | None = None) -> Path:
    """The store's file as the server finds it (``MANCALA_DATABASE`` or the instance's)."""
    named = os.environ.get("MANCALA_DATABASE")
    return Path(named) if named else (instance or instance_folder()) / "mancala.sqlite3"


def setting(name: str) -> JSONValue:
    """A setting as the server reads it: ``MANCALA_<name>`` (JSON if it parses), else the
    default of :data:`app.config.DEFAULTS`."""
    from app.config import DEFAULTS

    value = os.environ.get(f"MANCALA_{name}")
    if value is None:
        return DEFAULTS[name]
    try:
        return json.loads(value)
    except ValueError:
        return value


def backups_folder(database: Path) -> Path:
    return database.parent / "backups"


def stamp(at: float | None = None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if at is None else at))


def backups(folder: Path) -> list[Path]:
    """The backups in ``folder``, newest first."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.name.startswith(PREFIX) and p.suffix == SUFFIX]
    return sorted(found, key=made_when, reverse=True)


def made_when(path: Path) -> tuple[str, int]:
    """A backup's time: the stamp in its name, then (within a second) when it was written."""
    try:
        written = path.stat().st_mtime_ns
    except OSError:
        written = 0
    return (path.name[len(PREFIX) : len(PREFIX) + 15], written)


def back_up(store: Store, folder: Path, keep: int = 8, budget: int | None = None) -> Path:
    """An online backup of ``store`` into ``folder``; then only the newest ``keep`` backups
    are kept that together take at most ``budget`` bytes (see :func:`prune`)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{PREFIX}{stamp()}{SUFFIX}"
    store.backup(str(target))
    prune(folder, keep, budget)
    return target


def prune(folder: Path, keep: int, budget: int | None = None) -> list[Path]:
    """Delete all but the newest ``keep`` backups that fit in ``budget`` bytes together (None:
    any size); the newest is always kept, even alone over the budget.  What was deleted."""
    kept = 0
    deleted: list[Path] = []
    for i, path in enumerate(backups(folder)):
        size = path.stat().st_size
        if i == 0 or (i < keep and deleted == [] and (budget is None or kept + size <= budget)):
            kept += size
            continue
        path.unlink(missing_ok=True)
        deleted.append(path)
    if budget is not None and kept > budget:
        log.warning(
            "the newest backup alone (%d MiB) is over the backups' budget (%d MiB): "
            "only it is kept; raise MANCALA_BACKUPS_MAX_MB to keep more",
            kept // MB,
            budget // MB,
        )
    return deleted


def check(file: Path) -> int:
    """The number of games in ``file`` if it is a sound game store; RestoreError if not."""
    if not file.is_file():
        raise RestoreError(f"{file} is not a file")
    try:
        with closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as db:
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise RestoreError(f"{file} is damaged: {verdict}")
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise RestoreError(f"{file} is not a game store: {exc}") from None


def restore(file: Path, database: Path) -> tuple[int, Path | None]:
    """Put a copy of the backup ``file`` in place of ``database``: (games in it, where the
    replaced store was moved, if there was one, else where its orphaned write-ahead log was
    kept, if there was one: nothing is deleted)."""
    games = check(file)
    database.parent.mkdir(parents=True, exist_ok=True)
    incoming = database.with_name(f"{database.name}.restoring")
    shutil.copyfile(file, incoming)
    aside = None
    if database.exists():
        aside = database.with_name(f"{database.name}.replaced-{stamp()}")
        database.replace(aside)
    orphaned = database.with_name(f"{database.name}.{ORPHANED}-{stamp()}")
    kept = None
    for side in SIDE_FILES:  # an old write-ahead log must never be applied to the new file
        old = Path(f"{database}{side}")
        if old.exists():  # moved aside with its store, or alone (its store was deleted)
            old.replace(Path(f"{aside or orphaned}{side}"))
            kept = kept or Path(f"{aside or orphaned}{side}")
    incoming.replace(database)
    return games, aside or kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m app.upkeep.backup", description="Back up or restore the game store."
    )
    parser.add_argument("--database", type=Path, default=None, help="the store's file")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("now", help="make a backup now")
    commands.add_parser("list", help="list the backups, newest first")
    put = commands.add_parser("restore", help="put a backup in place of the store")
    put.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    database = (args.database or database_path()).resolve()
    folder = backups_folder(database)
    if args.command == "list":
        for path in backups(folder):
            print(f"{path}  {path.stat().st_size} bytes")
        return 0
    if args.command == "now":
        budget = int(float(setting("BACKUPS_MAX_MB")) * MB)
        print(back_up(Store(str(database)), folder, int(setting("BACKUPS_KEPT")), budget))
        return 0
    try:
        games, aside = restore(args.file.resolve(), database)
    except RestoreError as exc:
        print(f"not restored: {exc}", file=sys.stderr)
        return 1
    print(f"restored {args.file} ({games} games) as {database}")
    if aside is not None and f".{ORPHANED}-" in aside.name:
        print(
            f"there was no store, but its write-ahead log was: it was kept as {aside} (the "
            "deleted store's last writes; a running server saves that store's last state as "
            "a backup named mancala-<time>-rescued-<inode>.sqlite3, see 'list')"
        )
    elif aside is not None:
        print(f"the store it replaced was kept as {aside}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
