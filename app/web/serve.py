"""`make run`: print the LAN addresses, then hand over to gunicorn on 0.0.0.0.

Gunicorn's settings (port, workers, threads, the request log, graceful shutdown) are in
:mod:`app.web.gunicorn_conf`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from app.web.lan import urls
from engine.native import pure_reason


def main() -> None:
    port = int(os.environ.get("PORT", "8000"))
    print("Mancala is starting. Open one of these on any device on your network:", flush=True)
    for url in urls(port):
        print(f"    {url}", flush=True)
    print(f"    http://localhost:{port}/  (this machine)", flush=True)
    print("Stop it with Ctrl+C (running computer moves are finished and saved).", flush=True)
    reason = pure_reason()
    if reason is not None:
        print(
            f"Note: the computer thinks in pure Python (the same moves, slower): {reason}.",
            flush=True,
        )
    gunicorn = str(Path(sys.executable).parent / "gunicorn")
    os.execv(gunicorn, [gunicorn, "--config", "python:app.web.gunicorn_conf"])


if __name__ == "__main__":
    main()
