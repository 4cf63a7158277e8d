"""A real PostgreSQL server for the tests: Debian's ``postgresql`` package, ``initdb`` and the
``postgres`` server in a temporary folder, listening on a free loopback port, stopped at the end
(and stopped by the kernel if the tests are killed first).

PostgreSQL refuses to run as root; as root (CI, containers) the server runs as ``nobody``.
Without the binaries the tests that need it skip, saying how to install them; under
``CI=true`` they fail instead, since CI installs the package (see ``.ci/run``).
"""

from __future__ import annotations

import ctypes
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.web.lan import free_port

INSTALL = (
    "Install it with `sudo apt-get install postgresql` (Debian, Ubuntu) or your system's "
    "`postgresql` package (its initdb and postgres are looked for in /usr/lib/postgresql/*/bin "
    "and on PATH)."
)
USER = "mancala"  # the database superuser the test cluster is made with
PR_SET_PDEATHSIG = 1  # prctl(2)


def bin_dir() -> Path | None:
    """The folder of the newest installed PostgreSQL's initdb and postgres, or None."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if found:
        return found[-1].parent
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


def die_with_parent() -> None:
    """In the server's process, before it starts: SIGQUIT when its parent (the tests) dies."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGQUIT)


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
        self.proc: subprocess.Popen[bytes] | None = None

    def env(self) -> dict[str, str]:
        return dict(os.environ, HOME=str(self.root), LC_ALL="C.UTF-8", TZ="UTC")

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            args,
            check=False,
            cwd=self.root,
            env=self.env(),
            capture_output=True,
            text=True,
            **self.run_as,
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
        """Start the server (again) on the cluster, on its port, and wait until it answers.

        The server is this process's child and gets SIGQUIT (an immediate stop) if this
        process dies without stopping it (a test run killed): no server outlives its tests.
        """
        settings = [
            "listen_addresses=127.0.0.1",
            f"port={self.port}",
            "unix_socket_directories=",
            "max_connections=200",
        ]
        if not self.durable:  # a throwaway cluster: speed over durability
            settings += ["fsync=off", "synchronous_commit=off", "full_page_writes=off"]
        args = [str(self.bindir / "postgres"), "-D", str(self.data)]
        for setting in settings:
            args += ["-c", setting]
        with self.logfile.open("a") as log:
            self.proc = subprocess.Popen(
                args,
                cwd=self.root,
                env=self.env(),
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=die_with_parent,  # noqa: PLW1509 (a prctl call only, before exec)
                **self.run_as,
            )
        end = time.monotonic() + 60
        while not self.answers():
            if self.proc.poll() is not None or time.monotonic() > end:
                self.proc.kill()
                raise RuntimeError("PostgreSQL did not start:\n" + self.logfile.read_text())
            time.sleep(0.1)
        return self

    def answers(self) -> bool:
        import psycopg

        try:
            with psycopg.connect(self.url(), connect_timeout=2):
                return True
        except psycopg.OperationalError:
            return False

    def stop_server(self) -> None:
        """Stop the server (fast: its sessions are cut), keeping the cluster for a restart."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # PostgreSQL's fast shutdown
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

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
