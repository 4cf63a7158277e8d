"""A real PostgreSQL server for the tests: Debian's ``postgresql`` package, ``initdb`` and
``pg_ctl`` in a temporary folder, listening on a free loopback port, stopped at the end.

PostgreSQL refuses to run as root; as root (CI, containers) the server runs as ``nobody``.
Without the binaries the tests that need it skip, saying how to install them; under
``CI=true`` they fail instead, since CI installs the package (see ``.ci/run``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.lan import free_port

INSTALL = (
    "Install it with `sudo apt-get install postgresql` (Debian, Ubuntu) or your system's "
    "`postgresql` package (its initdb and pg_ctl are looked for in /usr/lib/postgresql/*/bin "
    "and on PATH)."
)
USER = "mancala"  # the database superuser the test cluster is made with


def bin_dir() -> Path | None:
    """The folder of the newest installed PostgreSQL's initdb and pg_ctl, or None."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def require_bin_dir() -> Path:
    """The binaries' folder; else skip (or fail under CI=true) saying how to install them."""
    found = bin_dir()
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true: these tests need PostgreSQL, which is not installed. " + INSTALL)
        pytest.skip("PostgreSQL is not installed, so the tests on it are skipped. " + INSTALL)
    return found


class PostgresServer:
    """One PostgreSQL cluster in its own temporary folder, owned by an unprivileged user."""

    def __init__(self, bindir: Path, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable  # PostgreSQL's own defaults (fsync): for benchmarks
        self.root = Path(tempfile.mkdtemp(prefix="mancala-pg-"))
        self.data = self.root / "data"
        self.logfile = self.root / "server.log"
        self.port = free_port()
        self.run_as: dict[str, Any] = {}
        if os.geteuid() == 0:  # initdb and postgres refuse root: run them as nobody
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self.run_as = {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        env = dict(os.environ, HOME=str(self.root), LC_ALL="C.UTF-8", TZ="UTC")
        done = subprocess.run(
            args, cwd=self.root, env=env, capture_output=True, text=True, **self.run_as
        )
        if done.returncode != 0:
            log = self.logfile.read_text() if self.logfile.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}\n{log}")

    def start(self) -> PostgresServer:
        """Make the cluster (initdb) and start its server."""
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        return self.start_server()

    def start_server(self) -> PostgresServer:
        """Start the server (again) on the cluster, on its port, and wait until it answers."""
        settings = [
            "-c listen_addresses=127.0.0.1",
            f"-c port={self.port}",
            "-c unix_socket_directories=''",
            "-c max_connections=200",
        ]
        if not self.durable:  # a throwaway cluster: speed over durability
            settings += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        options = " ".join(settings)
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.logfile),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )
        return self

    def stop_server(self) -> None:
        """Stop the server (fast: its sessions are cut), keeping the cluster for a restart."""
        pg_ctl = str(self.bindir / "pg_ctl")
        self._run(pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database on this server: its URL."""
        import psycopg

        name = f"test_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.stop_server()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server for the whole test session (skips if PostgreSQL isn't installed)."""
    server = PostgresServer(require_bin_dir())
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> str:
    """A fresh database on the session's server: its URL."""
    return postgres.new_database()
