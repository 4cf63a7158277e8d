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
    a = bots.Client(server)  # no token yet: the server issues one on create or join
    b = bots.Client(server)
    body = {"mode": "remote", "first": 0, "options": {"pits": 3, "seeds": 2}}
    game = a.call("POST", "/api/games", a.seat(body))
    assert a.token and a.token == game["seat_token"]
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
    assert b.token and b.token != a.token
    # another bot's token holds no seat: 403, and the finished game is unchanged
    stranger = bots.Client(server)
    stranger.call("POST", "/api/games", stranger.seat({"mode": "local"}))
    version = stranger.call("GET", f"/api/games/{game['id']}")["version"]
    with pytest.raises(bots.ApiError) as caught:
        stranger.call("POST", f"/api/games/{game['id']}/moves", {"pit": 0, "version": version})
    assert caught.value.status == 403
    # a token the bot chose itself is no token at all: 401, saying how to get one
    chooser = bots.Client(server, secrets.token_urlsafe(32))
    with pytest.raises(bots.ApiError) as caught:
        chooser.call("POST", f"/api/games/{game['id']}/moves", {"pit": 0, "version": version})
    assert caught.value.status == 401 and "seat_token" in str(caught.value)
    assert a.call("GET", f"/api/games/{game['id']}")["version"] == version
