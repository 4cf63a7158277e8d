"""`make run`: print the LAN addresses, then hand over to gunicorn on 0.0.0.0."""

from __future__ import annotations

import os
import sys

from app.lan import urls


def main() -> None:
    port = int(os.environ.get("PORT", "8000"))
    workers = os.environ.get("WORKERS", "2")
    threads = os.environ.get("THREADS", "32")  # browsers long-poll: one waiting thread per tab
    print("Mancala is starting. Open one of these on any device on your network:", flush=True)
    for url in urls(port):
        print(f"    {url}", flush=True)
    print(f"    http://localhost:{port}/  (this machine)", flush=True)
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    args = [gunicorn, "--bind", f"0.0.0.0:{port}", "--workers", workers]
    args += ["--worker-class", "gthread", "--threads", threads, "--access-logfile", "-", "wsgi:app"]
    os.execv(gunicorn, args)


if __name__ == "__main__":
    main()
