"""The app's servers for a benchmark: started as ``make run`` starts them (``python -m
app.web.serve`` on a free port and a fresh instance), waited for, stopped with their process
group, and their processes' CPU read from /proc.  Shared by the load, computer and attack
benches.  Standard library only."""

from __future__ import annotations

import http.client
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from app.web.lan import free_port


def get(url: str, path: str, timeout: float = 2.0) -> int:
    """The status of a plain GET (readiness check)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


@dataclass
class Server:
    """The app hosts of a run: their URLs, process groups (if started here) and settings."""

    urls: list[str]
    pgids: list[int]
    settings: str

    @property
    def url(self) -> str:
        return self.urls[0]


@contextmanager
def served(
    root: Path,
    log_path: Path | None,
    hosts: int = 1,
    database_url: str | None = None,
    tables: Path | None = None,
) -> Iterator[Server]:
    """``python -m app.web.serve`` as the README starts it, on a free port and a fresh instance;
    ``hosts`` of them, all on the PostgreSQL database at ``database_url`` if given; each
    instance's tables folder holds links to the endgame tables in ``tables`` if given."""
    if hosts > 1 and not database_url:
        raise SystemExit("several hosts share one PostgreSQL database: give --database-url")
    instances = [tempfile.mkdtemp(prefix="mancala-load-") for _ in range(hosts)]
    secret = secrets.token_hex(32)  # one key for every host, as a deployment would have
    procs: list[subprocess.Popen[bytes]] = []
    urls: list[str] = []
    settings = " ".join(f"{k}={os.environ[k]}" for k in ("WORKERS", "THREADS") if k in os.environ)
    settings = settings or "default WORKERS and THREADS"
    store = "PostgreSQL" if database_url else "SQLite"
    settings = f"{hosts} host{'s' * (hosts > 1)} on {store}, {settings}"
    try:
        for n, instance in enumerate(instances):
            if tables is not None:
                (Path(instance) / "tables").mkdir()
                for table in tables.iterdir():
                    (Path(instance) / "tables" / table.name).symlink_to(table.resolve())
            port = free_port()
            env = dict(os.environ, PORT=str(port), MANCALA_INSTANCE=instance)
            env["MANCALA_SECRET_KEY"] = secret
            if database_url:
                env["MANCALA_DATABASE_URL"] = database_url
            log_file = Path(instance) / "server.log"
            if log_path is not None:
                log_file = log_path if n == 0 else log_path.with_suffix(f".{n}{log_path.suffix}")
            with log_file.open("w") as log:
                procs.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "app.web.serve"],
                        cwd=root,
                        env=env,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,  # its own group: gunicorn, workers, searches
                    )
                )
            urls.append(f"http://127.0.0.1:{port}")
            wait_ready(urls[-1], procs[-1], log_file)
        yield Server(urls, [proc.pid for proc in procs], settings)
    finally:
        for proc in procs:
            stop_group(proc)
        for instance in instances:
            shutil.rmtree(instance, ignore_errors=True)


def wait_ready(url: str, proc: subprocess.Popen[bytes], log_file: Path) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            if get(url, "/") == 200:
                return
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the server did not start:\n{log_file.read_text()[-2000:]}")
        time.sleep(0.2)


def stop_group(proc: subprocess.Popen[bytes], grace: float = 3.0) -> None:
    """SIGTERM to the server's process group (gunicorn's graceful stop), SIGKILL after
    ``grace`` s: its threads would otherwise wait out the long-polls the bench already cut."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=grace)
        for _ in range(8):  # search processes may outlive the master for a moment
            if not group_pids(proc.pid):
                break
            time.sleep(0.25)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    with suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def group_pids(pgid: int) -> list[int]:
    return [pid for pid, (group, _, _) in proc_table().items() if group == pgid]


def proc_table() -> dict[int, tuple[int, float, str]]:
    """pid -> (process group, CPU seconds with reaped children, role) of every process."""
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in (p.name for p in Path("/proc").iterdir()):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] == "Z":
            continue
        cpu = sum(int(x) for x in fields[11:15]) / tick
        role = "search" if "multiprocessing" in cmd else "server"
        if cmd.startswith(("postgres", "/usr/lib/postgresql/")):
            role = "database"
        table[int(entry)] = (int(fields[2]), cpu, role)
    return table


def group_cpu(pgids: list[int]) -> dict[str, float]:
    """CPU seconds so far of the servers' processes, by role (server / search), and of every
    PostgreSQL process on this machine ("database")."""
    out: dict[str, float] = {}
    for group, cpu, role in proc_table().values():
        if group in pgids or role == "database":
            out[role] = out.get(role, 0.0) + cpu
    return out
