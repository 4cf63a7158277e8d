"""examples/bot_client.py against the real app on a local port: two bots play a whole game."""

from __future__ import annotations

import importlib.util
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from werkzeug.serving import make_server

from app import create_app
from engine.agents import parse_spec

ROOT = Path(__file__).resolve().parents[2]


def load_bot_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_client", ROOT / "examples" / "bot_client.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def server(tmp_path) -> Iterator[str]:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "AI_EXECUTOR": "thread",
            "LONG_POLL_SECONDS": 2.0,
        }
    )
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        app.extensions["mancala_computer"].shutdown()


def test_two_bots_play_a_whole_game_over_http(server: str) -> None:
    bots = load_bot_client()
    a = bots.Client(server, secrets.token_urlsafe(32))
    b = bots.Client(server, secrets.token_urlsafe(32))
    game = a.call(
        "POST", "/api/games", {"mode": "remote", "first": 0, "options": {"pits": 3, "seeds": 2}}
    )
    results: dict[str, Any] = {}

    def run(name: str, client: Any, spec: str) -> None:
        results[name] = bots.play(client, game["id"], parse_spec(spec), log=lambda _: None)

    threads = [  # daemons: a bot that fails must not keep the test run from ending
        threading.Thread(target=run, args=("a", a, "minimax:depth=4"), daemon=True),
        threading.Thread(target=run, args=("b", b, "greedy"), daemon=True),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results["a"]["status"] == results["b"]["status"] == "over"
    assert results["a"]["you"] == [0] and results["b"]["you"] == [1]
    assert sum(results["a"]["scores"]) == 12 and results["a"]["moves"]
    # a wrong token holds no seat: 403, and the finished game is unchanged
    stranger = bots.Client(server, secrets.token_urlsafe(32))
    version = stranger.call("GET", f"/api/games/{game['id']}")["version"]
    with pytest.raises(bots.ApiError) as caught:
        stranger.call("POST", f"/api/games/{game['id']}/moves", {"pit": 0, "version": version})
    assert caught.value.status == 403
