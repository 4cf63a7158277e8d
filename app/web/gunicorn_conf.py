"""Gunicorn's settings for ``make run`` (loaded as ``-c python:app.web.gunicorn_conf``).

``PORT``, ``WORKERS`` and ``THREADS`` come from the environment.  Every request is logged on
one line with its time in milliseconds.  On SIGTERM (or Ctrl+C) each worker stops taking
requests, lets running ones finish, then finishes the computer searches it started and saves
their moves before it exits.
"""

from __future__ import annotations

import os
from typing import Any

bind = f"0.0.0.0:{int(os.environ.get('PORT', '8000'))}"
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "app.web.worker.Worker"  # gthread, safe from one device's connection attacks
threads = int(os.environ.get("THREADS", "256"))  # each open board long-polls on a thread
wsgi_app = "wsgi:app"
accesslog = "-"
access_log_format = '%(t)s %(h)s "%(r)s" %(s)s %(B)s bytes %(M)s ms pid %(p)s'
graceful_timeout = 30
limit_request_line = 8190  # gunicorn's largest: longer ones get the app's JSON 414 (post_fork)
control_socket_disable = True  # gunicorn 27's ~/.gunicorn/gunicorn.ctl: one path for every server
DRAIN_SECONDS = 20.0  # of the graceful timeout, the time given to running computer moves


def when_ready(server: Any) -> None:
    """Say, once the master listens, how many server workers it starts (the ready signal's
    first half, :mod:`app.web.serve`)."""
    from app.web.serve import announce_workers

    announce_workers(int(server.num_workers))


def post_fork(server: Any, worker: Any) -> None:
    """Gunicorn's own refusals (an over-long request line or headers, a malformed request) in
    the app's JSON error shape instead of its HTML page (app.web.errors.write_server_error)."""
    import gunicorn.util

    from app.web.errors import write_server_error

    gunicorn.util.write_error = write_server_error


def post_worker_init(worker: Any) -> None:
    """Start this worker's search processes before it takes requests, and leave Ctrl+C to the
    master, which tells each worker to quit.

    Ctrl+C in a terminal sends SIGINT to every process of the group, so a worker would get
    SIGINT and then the master's SIGQUIT: gunicorn's gthread worker handles both by shutting
    down its thread pool from the signal handler, and the second, nested, call deadlocks on
    the first one's lock (the worker then hangs until the master kills it, and its running
    computer moves are lost).
    """
    import signal

    from app.computer.moves import warm_up_all
    from app.games.liveness import serving_while
    from app.web.serve import announce_ready

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up_all()
    serving_while(lambda: bool(worker.alive))  # told to stop: no longer a server up for clocks
    announce_ready(os.getpid())  # the ready signal: this worker takes requests


def worker_exit(server: Any, worker: Any) -> None:
    """Finish this worker's running and queued computer moves, saving each one."""
    from app.computer.moves import drain_all

    if not drain_all(DRAIN_SECONDS):
        worker.log.warning("some computer moves did not finish; the next start replays them")
