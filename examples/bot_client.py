"""Play a Mancala game on a server as a bot, with any engine agent.

    python examples/bot_client.py --server http://192.168.1.20:8000 --game ID --agent greedy
    python examples/bot_client.py --server URL --create --variant kalah --options '{"pits": 3}'

It joins the game's open seat (or creates a game between two devices and prints the invite link),
then long-polls ``GET /api/games/{id}?since=N`` and answers each of its turns with
``POST /api/games/{id}/moves``.  The seat is held by a secret token the server issues: the bot
asks for it with ``"seat_token": true`` when it creates or joins the game, gets it once in the
answer's ``seat_token``, and sends it as ``Authorization: Bearer <token>``; keep it
(``--token``) to reconnect to the same seat.
Standard library only, plus this project's ``engine`` for the agent.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.agents import parse_spec  # noqa: E402
from engine.record import GameRecord  # noqa: E402


class ApiError(Exception):
    """A 4xx/5xx answer from the server: its status and message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status


class Client:
    """The JSON API of one server, with this bot's seat token."""

    def __init__(self, server: str, token: str | None = None, timeout: float = 30.0) -> None:
        self.server = server.rstrip("/")
        self.token = token  # issued by the server on the first create or join (see seat())
        self.timeout = timeout

    def seat(self, body: dict[str, Any]) -> dict[str, Any]:
        """A create or join body that asks the server for a seat token if we have none yet."""
        return body if self.token else {**body, "seat_token": True}

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.server + path, data=data, method=method)
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                answer = json.loads(response.read())
                if isinstance(answer, dict) and answer.get("seat_token"):
                    self.token = answer["seat_token"]  # given once: keep it
                return answer
        except urllib.error.HTTPError as exc:
            try:
                message = json.loads(exc.read()).get("message", exc.reason)
            except ValueError:
                message = str(exc.reason)
            raise ApiError(exc.code, message) from None


def choose(client: Client, game: dict[str, Any], agent: Any) -> int:
    """The agent's move in the game's current position (replayed from its record)."""
    record = GameRecord.from_dict(client.call("GET", f"/api/games/{game['id']}/record"))
    return int(agent.choose(record.state).move)


def play(client: Client, game_id: str, agent: Any, log: Any = print) -> dict[str, Any]:
    """Take a seat if needed, then play every turn of ours until the game is over; the last view."""
    game = client.call("GET", f"/api/games/{game_id}")
    if not game["you"]:
        if not game["can_join"]:
            raise ApiError(409, "both seats are taken and none is ours (wrong --token?)")
        game = client.call("POST", f"/api/games/{game_id}/join", client.seat({}))
        log(f"took seat {game['you'][0]}")
    while game["status"] != "over":
        if game["your_turn"]:
            pit = choose(client, game, agent)
            try:
                game = client.call(
                    "POST", f"/api/games/{game_id}/moves", {"pit": pit, "version": game["version"]}
                )
                log(f"played {game['moves'][-1]['notation']}")
            except ApiError as exc:
                if exc.status != 409:  # 409: the game changed meanwhile; look again
                    raise
                game = client.call("GET", f"/api/games/{game_id}")
            continue
        if game.get("takeback") is not None and game["takeback"] not in game["you"]:
            body = {"version": game["version"], "action": "accept"}
            game = client.call("POST", f"/api/games/{game_id}/takeback", body)
            continue
        try:
            game = client.call("GET", f"/api/games/{game_id}?since={game['version']}")
        except (urllib.error.URLError, TimeoutError, ConnectionError):
            time.sleep(1.0)  # the server restarted or the network blinked: poll again
    log(f"game over: {game['end_reason'] or ''} scores {game['scores']}, winner {game['winner']}")
    return game  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://localhost:8000")
    parser.add_argument("--game", help="the game id (the last part of its /game/ link)")
    parser.add_argument("--create", action="store_true", help="create a game for someone to join")
    parser.add_argument("--variant", default="kalah")
    parser.add_argument("--options", default="{}", help="rule options as JSON")
    parser.add_argument("--first", default="random", choices=["me", "random", "0", "1"])
    parser.add_argument("--agent", default="minimax:depth=6", help="an engine agent spec")
    parser.add_argument(
        "--token", default=None, help="the seat token the server gave (default: ask for one)"
    )
    args = parser.parse_args(argv)
    client = Client(args.server, args.token)
    agent = parse_spec(args.agent)
    if args.create:
        first: Any = int(args.first) if args.first.isdigit() else args.first
        params = {"mode": "remote", "variant": args.variant, "first": first}
        params["options"] = json.loads(args.options)
        game = client.call("POST", "/api/games", client.seat(params))
        print(f"invite: {client.server}/game/{game['id']}?invite=1", flush=True)
        game_id = game["id"]
    elif args.game:
        game_id = args.game
    else:
        parser.error("give --game ID or --create")

    def log(text: str) -> None:
        print(text, flush=True)
        if client.token and not args.token and text.startswith("took seat"):
            print(f"seat token (to reconnect with --token): {client.token}", flush=True)

    if args.create and not args.token:
        print(f"seat token (to reconnect with --token): {client.token}", flush=True)
    try:
        play(client, game_id, agent, log=log)
    except ApiError as exc:
        print(f"error {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
