"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json."""

from __future__ import annotations

from app.games import MODES
from app.games.params import MAX_NAME
from app.i18n.api_doc import i18n_paths
from app.store.json_types import JSONObject
from engine import variant_names
from engine.agents import ALGORITHMS, LEVELS


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _errors(*codes: int) -> JSONObject:
    text = {
        400: "Malformed JSON or a bad field (the message says which)",
        401: "A seat token this server did not issue (ask for one with seat_token: true)",
        403: "You have no seat in this game, or a cross-site write",
        404: "No such game",
        409: "Stale version, not your turn, or the game is over",
        410: "A stored game that is damaged or that the current rules can no longer replay",
        413: "The body is over 256 KiB, or the new game would be too large to store",
        414: "The request line is over 8190 bytes (answered by the server before the app)",
        431: "The request's headers are too large (answered by the server before the app)",
        421: "A Host this server does not serve (a DNS-rebinding page)",
        415: "The body is not application/json",
        422: "An illegal move (the message says why)",
        429: "Too many requests from your device; Retry-After says when to try again",
        503: "The computer's queue is full, the computer could not answer in time, the store "
        "is busy or out of space, or the server is stopping; Retry-After when it helps",
    }
    return {
        str(c): {
            "description": text[c],
            "content": {"application/json": {"schema": _ref("Error")}},
        }
        for c in codes
    }


def _game(description: str, status: str = "200") -> JSONObject:
    return {
        status: {
            "description": description,
            "content": {"application/json": {"schema": _ref("GameAnswer")}},
        }
    }


def _shape(name: str, description: str, status: str = "200") -> JSONObject:
    """An answer whose body is the shape ``name`` (a view's TypedDict, app.contract.shapes)."""
    return {
        status: {
            "description": description,
            "content": {"application/json": {"schema": _ref(name)}},
        }
    }


def _json_body(schema: JSONObject, required: bool = True) -> JSONObject:
    return {"required": required, "content": {"application/json": {"schema": schema}}}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
VERSIONED: JSONObject = {
    "type": "object",
    "required": ["version"],
    "properties": {"version": {"type": "integer", "description": "the version you saw"}},
}
ANSWER = {
    "type": "object",
    "required": ["version"],
    "properties": {
        **VERSIONED["properties"],
        "action": {"type": "string", "enum": ["request", "accept", "decline"]},
    },
}


NAME = {
    "type": "string",
    "minLength": 1,
    "maxLength": MAX_NAME,
    "description": f"a player's name: stripped of spaces around it, 1 to {MAX_NAME} characters, "
    "no control characters; shown as text, never as markup",
}


def _analysis(description: str) -> JSONObject:
    return {
        "description": description,
        "content": {"application/json": {"schema": _ref("AnalysisAnswer")}},
    }


SEAT_TOKEN = {
    "const": True,
    "description": "a bot's request for a seat token: the answer's seat_token (given once) "
    "holds the seats taken; send it as 'Authorization: Bearer <token>'",
}
METHODS = ("get", "post", "patch", "put", "delete")
WRITE_ERRORS = (403, 413, 415, 503)  # any write: cross-site, too large, not JSON, store busy
EVERY_ERRORS = (401, 414, 421, 431, 503)  # any request: a chosen seat token, an over-long
# request line or headers (gunicorn's, in the same error shape), a foreign Host, no store
SEARCHING = {  # the writes that may start a search: rate-limited per device
    ("/api/games", "post"),
    ("/api/games/{game_id}", "patch"),
    ("/api/games/{game_id}/moves", "post"),
    ("/api/games/{game_id}/hint", "post"),
    ("/api/games/{game_id}/rematch", "post"),
    ("/api/games/{game_id}/analysis", "post"),
    ("/api/games/{game_id}/analysis/position", "post"),
    ("/api/board", "post"),
}


def with_common_errors(paths: JSONObject) -> JSONObject:
    """Add the statuses every write can answer (and 429 where a search or a long-poll may
    start), and 410 to every read or write of one game."""
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue  # e.g. the path's parameters
            codes: list[int] = list(EVERY_ERRORS)
            if method in ("post", "patch", "put", "delete"):
                codes += WRITE_ERRORS
            polls = any(p.get("name") == "since" for p in operation.get("parameters", []))
            if (path, method) in SEARCHING or polls:  # a long-poll past the device's cap: 429
                codes.append(429)
            if "{game_id}" in path:
                codes.append(410)
            missing = [c for c in codes if str(c) not in operation["responses"]]
            operation["responses"].update(_errors(*missing))
    return paths


PIT_BODY = _json_body(
    {
        "type": "object",
        "required": ["pit"],
        "properties": {"pit": {"type": "integer", "description": "the mover's pit, 0 first"}},
    }
)


def _learning() -> JSONObject:
    """The lessons and puzzles (app.learn)."""
    variant = {"name": "variant", "in": "path", "required": True, "schema": {"type": "string"}}
    step = {"name": "step", "in": "path", "required": True, "schema": {"type": "string"}}
    puzzle = {"name": "puzzle_id", "in": "path", "required": True, "schema": {"type": "string"}}
    return {
        "/api/learn": {
            "get": {
                "summary": "Every variant's lesson in short, with the steps your device passed",
                "responses": {**_shape("Courses", "Every course in short")},
            }
        },
        "/api/learn/{variant}": {
            "parameters": [variant],
            "get": {
                "summary": "A variant's lesson: each step's idea, task, position, pits to try",
                "responses": {**_shape("CourseView", "The course"), **_errors(404)},
            },
        },
        "/api/learn/{variant}/{step}": {
            "parameters": [variant, step],
            "post": {
                "summary": "Try a pit in a lesson step: the engine plays it and says whether "
                "it did the task, what it did (the record to animate) and why it missed",
                "requestBody": PIT_BODY,
                "responses": {
                    **_shape("StepTry", "Passed or not, the move, what it did, why it missed"),
                    **_errors(400, 404, 415),
                },
            },
        },
        "/api/puzzles/next": {
            "get": {
                "summary": "The next puzzle for your device: `?variant=` (default kalah) and "
                "`?theme=`, the untried one nearest your puzzle rating; `?mine=1`: your oldest "
                "own puzzle; `?streak=N`: streak mode after N solved in a row (untried only, "
                "harder as N grows)",
                "responses": {**_shape("PuzzleView", "A puzzle"), **_errors(400, 404)},
            }
        },
        "/api/puzzles/daily": {
            "get": {
                "summary": "Today's puzzle (UTC), the same for everyone",
                "responses": {**_shape("Daily", "The day's puzzle (null without a set)")},
            }
        },
        "/api/puzzles/me": {
            "get": {
                "summary": "Your puzzle rating and your own puzzles (from your mistakes)",
                "responses": {**_shape("MyPuzzles", "Your rating and own puzzles")},
            }
        },
        "/api/puzzles/mistakes": {
            "post": {
                "summary": "Make your own puzzles from the mistakes and blunders of one "
                "analysed game of yours (`game`), or of your recent games (no body)",
                "requestBody": _json_body(
                    {"type": "object", "properties": {"game": {"type": "string"}}},
                    required=False,
                ),
                "responses": {**_shape("Made", "The puzzles made"), **_errors(400, 404, 409)},
            }
        },
        "/api/puzzles/{puzzle_id}": {
            "parameters": [puzzle],
            "get": {
                "summary": "One puzzle (shipped, or your own)",
                "responses": {**_shape("PuzzleView", "A puzzle"), **_errors(404)},
            },
        },
        "/api/puzzles/{puzzle_id}/try": {
            "parameters": [puzzle],
            "post": {
                "summary": "Try a pit after the line's `moves` already played (the solver plays "
                "every one of their moves): right or not (`solved`), the line's reply, whether "
                "the line is `done` and what it `won`, a wrong move's `refutation`, the solution "
                "line, and your and the puzzle's ratings before and after (moved once: at the "
                "first wrong move or the line's end)",
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "properties": {
                            "pit": {"type": "integer"},
                            "moves": {"type": "array", "items": {"type": "integer"}},
                        },
                        "required": ["pit"],
                    }
                ),
                "responses": {
                    **_shape("PuzzleTry", "Right or not, the reply, the line, the ratings"),
                    **_errors(400, 404, 415, 422),
                },
            },
        },
        "/api/puzzles/tries": {
            "get": {
                "summary": "Your past tries, newest first (whether the first try solved each)",
                "responses": {**_shape("PastTries", "Your past tries")},
            }
        },
    }


NAME_PARAM = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
QUERY = {"in": "query", "schema": {"type": "string"}}

# The room's players (app.players): names, player pages, the leaderboard.
PLAYER_PATHS: JSONObject = {
    "/api/players/{name}": {
        "parameters": [NAME_PARAM],
        "get": {
            "summary": "A player's page (name compared without case): ratings per pool "
            "({pool, title, rating, deviation, text ('1532?'), provisional, games}), history "
            "per pool ({pool, title, points: [{at, rating, game}]}), finished games (filtered; "
            "each with its kind and kind_title ('Kalah 4×3'), house_rules, played {at, iso, "
            "text} and tournament {id, name, url, round} or null), records against each named "
            "opponent, current games, the filters' choices",
            "parameters": [
                dict(QUERY, name="variant", description="a variant's name"),
                dict(QUERY, name="result", description="win, loss or draw"),
                dict(QUERY, name="opponent", description="the opponent's name"),
                dict(
                    QUERY,
                    name="kind",
                    description="a kind of game as the page names it: the game, its board "
                    "and changed rules (kalah-4x3, kalah-6x4+empty_capture=True; a game's "
                    "`kind`, the choices' `kinds`)",
                ),
            ],
            "responses": {
                **_shape("PlayerAnswer", "The player"),
                **_errors(400),
                "404": {
                    "description": "No player has this name",
                    "content": {"application/json": {"schema": _ref("Error")}},
                },
            },
        },
    },
    "/api/leaderboard": {
        "get": {
            "summary": "Each rating pool's players by rating: {pools: [{pool, title, players: "
            "[{rank, name, url, rating, text, provisional, games}]}]}",
            "parameters": [dict(QUERY, name="pool", description="one pool only")],
            "responses": {**_shape("Leaderboard", "The pools"), **_errors(400)},
        },
    },
    "/api/me": {
        "get": {
            "summary": "Who this device is: its id and its player's name (null: anonymous)",
            "responses": {
                **_shape("Me", "The device"),
            },
        },
        "put": {
            "summary": "Take or change this device's name: 1-24 visible characters (single "
            "spaces between words), unique on the server without case; the old name is freed. "
            "A browser without a seat token gets one (a cookie)",
            "requestBody": _json_body(
                {
                    "type": "object",
                    "required": ["name"],
                    "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 24}},
                }
            ),
            "responses": {
                **_shape("Me", "The device with its new name"),
                **_errors(400, 415, 429),
                "409": {
                    "description": "Another player has this name, or one that looks the same "
                    "(TS #39 skeleton)",
                    "content": {"application/json": {"schema": _ref("Error")}},
                },
            },
        },
    },
}


def spec() -> JSONObject:
    """The description's paths, statuses, request bodies and hand-written components
    (variants, levels and algorithms from the engine's registries); the answers' schemas are
    added by :func:`app.contract.document`, from the views' TypedDicts."""
    level = {"type": "string", "enum": list(LEVELS)}
    algorithm = {"type": "string", "enum": list(ALGORITHMS)}
    description = _spec(level, algorithm)
    description["paths"].update(lobby_paths())
    description["paths"].update(tournament_paths())
    description["paths"].update(i18n_paths())  # the catalogs for the scripts (app.i18n)
    with_common_errors(description["paths"])
    return description


def _ok(description: str, status: str = "200") -> JSONObject:
    return {status: {"description": description}}


SEEK_ID = {"name": "seek_id", "in": "path", "required": True, "schema": {"type": "string"}}
SINCE = {
    "name": "since",
    "in": "query",
    "required": False,
    "schema": {"type": "integer"},
    "description": "the version you saw: the answer waits (a long-poll) until it changes",
}
SEEK_BODY: JSONObject = {
    "type": "object",
    "description": "the settings of a game between two devices, as for POST /api/games "
    "(mode is always remote), and rated",
    "properties": {
        "variant": {"type": "string", "enum": list(variant_names())},
        "options": {"type": "object"},
        "first": {"enum": [0, 1, "me", "random"], "description": "0: the maker moves first"},
        "clock": {"type": ["object", "null"]},
        "hints": {"type": "boolean"},
        "rated": {"type": "boolean"},
        "name": {"type": "string", "maxLength": MAX_NAME},
    },
}


TOURNAMENT_ID = {
    "name": "tournament_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
}
TOURNAMENT = _shape(
    "TournamentView",
    "The tournament from your side: standings, cross_table, games, your_game, and what you "
    "may do (can_join, can_start, …)",
)
TOURNAMENT_BODY: JSONObject = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "maxLength": 60},
        "system": {"enum": ["round_robin", "swiss", "arena"]},
        "variant": {"type": "string", "enum": list(variant_names())},
        "options": {"type": "object"},
        "clock": {"type": ["object", "null"], "description": "{minutes, increment}"},
        "rated": {"type": "boolean"},
        "cycles": {"enum": [1, 2], "description": "round robin: each pair once or twice"},
        "rounds": {"type": "integer", "minimum": 1, "maximum": 20, "description": "Swiss"},
        "minutes": {"type": "integer", "minimum": 1, "maximum": 600, "description": "arena"},
        "you": {"type": ["string", "null"], "description": "your name, to play in it too"},
    },
    "required": ["name"],
}


def _tournament_action(
    summary: str, schema: JSONObject | None = None, refusals: tuple[int, ...] = ()
) -> JSONObject:
    body = schema or {"type": "object", "maxProperties": 0}
    return {
        "parameters": [TOURNAMENT_ID],
        "post": {
            "summary": summary,
            "requestBody": _json_body(body, required=schema is not None),
            "responses": {**TOURNAMENT, **_errors(400, 403, 404, 409, *refusals)},
        },
    }


def tournament_paths() -> JSONObject:
    """Tournaments (app.tournaments): round robin, Swiss, arena."""
    return {
        "/api/tournaments": {
            "get": {
                "summary": "The tournaments not finished (newest made first, a few per device "
                "and address), then the latest finished; with since=<version>, once the list "
                "changes (a long-poll)",
                "parameters": [SINCE],
                "responses": {
                    **_shape("TournamentList", "The tournaments and your games waiting"),
                    **_errors(400, 429),
                },
            },
            "post": {
                "summary": "Create a tournament: you are its director (429 past the caps: "
                "tournaments made, and waiting to start, per device and per address)",
                "requestBody": _json_body(TOURNAMENT_BODY),
                "responses": {
                    **_shape("TournamentView", "The tournament", "201"),
                    **_errors(400, 409, 429),
                },
            },
        },
        "/api/tournaments/{tournament_id}": {
            "parameters": [TOURNAMENT_ID],
            "get": {
                "summary": "The tournament (settled: finished games recorded, next ones paired)",
                "parameters": [SINCE],
                "responses": {**TOURNAMENT, **_errors(400, 404, 429)},
            },
        },
        "/api/tournaments/{tournament_id}/join": _tournament_action(
            "Join (or come back to an arena) under your name (429 past the joins cap, per "
            "device and per address)",
            {"type": "object", "properties": {"name": {"type": "string"}}},
            refusals=(429,),
        ),
        "/api/tournaments/{tournament_id}/leave": _tournament_action(
            "Leave (an arena: pause until you come back)"
        ),
        "/api/tournaments/{tournament_id}/computer": _tournament_action(
            "Director: seat the computer at a level and algorithm",
            {
                "type": "object",
                "properties": {"level": {"type": "string"}, "algorithm": {"type": "string"}},
            },
        ),
        "/api/tournaments/{tournament_id}/start": _tournament_action("Director: start it"),
        "/api/tournaments/{tournament_id}/pause": _tournament_action(
            "Director: pause (no new pairings; an arena's countdown stops; games being played "
            "go on) or resume",
            {"type": "object", "properties": {"paused": {"type": "boolean"}}},
        ),
        "/api/tournaments/{tournament_id}/remove": _tournament_action(
            "Director: remove a player (the game being played and those ahead are lost by "
            "forfeit; the game is called off)",
            {"type": "object", "properties": {"player": {"type": "string"}}},
        ),
        "/api/tournaments/{tournament_id}/end": _tournament_action(
            "Director: end it (games being played still count)"
        ),
        "/api/tournaments/{tournament_id}/export": {
            "parameters": [TOURNAMENT_ID],
            "get": {
                "summary": "The results: format=json (everything public) or csv: "
                "table=standings (default: a line a player, with each round's game and the "
                "cross-table) or table=games (a line a game); formula cells escaped",
                "parameters": [{"name": "format", **QUERY}, {"name": "table", **QUERY}],
                "responses": {
                    "200": {
                        "description": "The file",
                        "content": {
                            "application/json": {"schema": _ref("TournamentPublic")},
                            "text/csv": {"schema": {"type": "string"}},
                        },
                    },
                    **_errors(400, 404),
                },
            },
        },
    }


def lobby_paths() -> JSONObject:
    """The lobby (app.lobby): who is here, seeks, challenges, quick messages."""
    seek = _shape("SeekView", "The seek: 'Ama waits: Oware, 5+3, rated'")
    no_body = _json_body({"type": "object", "maxProperties": 0}, required=False)
    return {
        "/api/lobby": {
            "get": {
                "summary": "The lobby as you see it: who is here (name, tag), open seeks, "
                "challenges to and from you, games being played (to watch), finished "
                "tournament games (grouped by tournament in `finished`), and `go` (a game to "
                "open: your seek was taken). A read: it writes nothing and sets no cookie. "
                "Every list is newest first, a few entries per maker's address",
                "parameters": [SINCE],
                "responses": {**_shape("Lobby", "The lobby"), **_errors(400, 429)},
            }
        },
        "/api/lobby/here": {
            "post": {
                "summary": "An open page's heartbeat (every `beat_seconds`, 6): you are in the "
                "room for 20 s more; the lobby as you see it. Without a cookie nothing is made "
                "but the cookie (`in_room` false, `retry_after` 0: beat again with it); "
                "`in_room` false and `retry_after` seconds when your address made too many "
                "arrivals just now",
                "requestBody": no_body,
                "responses": {**_shape("Lobby", "The lobby"), **_errors(400)},
            }
        },
        "/api/lobby/leave": {
            "post": {
                "summary": "Your page closed (a beacon, no body): you leave the room at once; "
                "your open seeks go unless you are back within 20 s",
                "requestBody": no_body,
                "responses": {**_shape("Left", "Whether you were here"), **_errors(400)},
            }
        },
        "/api/lobby/me": {
            "get": {
                "summary": "Your tag, name and whether quick messages are off (quiet)",
                "responses": _shape("LobbyMe", "You"),
            },
            "put": {
                "summary": "Turn quick messages off ({quiet: true}) or on",
                "requestBody": _json_body(
                    {"type": "object", "properties": {"quiet": {"type": "boolean"}}}
                ),
                "responses": {**_shape("LobbyMe", "You"), **_errors(400)},
            },
        },
        "/api/lobby/seeks": {
            "post": {
                "summary": "Offer a game to anyone in the lobby (at most 3 open per device "
                "and 6 per address: 429 with Retry-After beyond)",
                "requestBody": _json_body(SEEK_BODY, required=False),
                "responses": {
                    **seek,
                    **_shape("SeekView", "The seek", "201"),
                    **_errors(400, 409, 429),
                },
            }
        },
        "/api/lobby/seeks/{seek_id}": {
            "parameters": [SEEK_ID],
            "delete": {
                "summary": "Withdraw your open seek or challenge",
                "responses": {**_shape("Cancelled", "Withdrawn"), **_errors(403, 404, 409)},
            },
        },
        "/api/lobby/seeks/{seek_id}/join": {
            "parameters": [SEEK_ID],
            "post": {
                "summary": "Take a seek: the game is made (you in seat 1); of two takers one "
                "gets it, the other 409",
                "requestBody": no_body,
                "responses": {**_game("The new game", "201"), **_errors(400, 404, 409, 429)},
            },
        },
        "/api/lobby/challenges": {
            "post": {
                "summary": "Challenge one player (`to`: their tag or name) to a game (at "
                "most 3 open per device and 6 per address, one to a player per device and two "
                "per address: 429 with Retry-After beyond)",
                "requestBody": _json_body(SEEK_BODY),
                "responses": {
                    **_shape("SeekView", "The challenge", "201"),
                    **_errors(400, 404, 409, 429),
                },
            }
        },
        "/api/lobby/challenges/{seek_id}/accept": {
            "parameters": [SEEK_ID],
            "post": {
                "summary": "Accept a challenge made to you: the game is made",
                "requestBody": no_body,
                "responses": {**_game("The new game", "201"), **_errors(400, 404, 409, 429)},
            },
        },
        "/api/lobby/challenges/{seek_id}/decline": {
            "parameters": [SEEK_ID],
            "post": {
                "summary": "Decline a challenge made to you (its maker is told)",
                "requestBody": no_body,
                "responses": {**_shape("DeclinedAnswer", "Declined"), **_errors(400, 404, 409)},
            },
        },
        "/api/games/{game_id}/messages": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "The game's quick messages (the last 20; none if you turned them "
                "off), their version, and whether you may send one",
                "parameters": [SINCE],
                "responses": {**_shape("Messages", "The messages"), **_errors(400, 404, 429)},
            },
            "post": {
                "summary": "Send a quick message to your opponent: Good game, Well played, "
                "Thanks or Oops (3 at once, then one every 5 s); or, from your table, turn "
                "quick messages off ({quiet: true}) or on for all your games, as PUT "
                "/api/lobby/me does (either way your opponents' pages see it at once)",
                "requestBody": _json_body(
                    {
                        "oneOf": [
                            {
                                "type": "object",
                                "required": ["text"],
                                "properties": {
                                    "text": {
                                        "enum": ["Good game", "Well played", "Thanks", "Oops"],
                                    }
                                },
                            },
                            {
                                "type": "object",
                                "required": ["quiet"],
                                "properties": {"quiet": {"type": "boolean"}},
                            },
                        ]
                    }
                ),
                "responses": {
                    **_shape("Messages", "The messages", "201"),
                    **_errors(400, 403, 404, 409, 429),
                },
            },
        },
    }


def _spec(level: JSONObject, algorithm: JSONObject) -> JSONObject:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Mancala",
            "version": "1",
            "description": (
                "Play mancala games. A browser's seats are held by an HttpOnly cookie set on "
                "its first game. Writes name the game version they saw; a stale one gets 409. "
                "Computer moves are made in the background: poll GET /api/games/{id}?since=N."
            ),
        },
        "paths": {
            **PLAYER_PATHS,
            "/api/variants": {
                "get": {
                    "summary": "Variants with their rule options, levels, algorithms, modes",
                    "responses": {**_shape("VariantsAnswer", "The menu's choices")},
                }
            },
            "/api/games": {
                "get": {
                    "summary": "Your games (the games this browser holds a seat in)",
                    "responses": {**_shape("GamesAnswer", "Your games, newest first")},
                },
                "post": {
                    "summary": "Create a game, or import one from a record",
                    "requestBody": _json_body(_ref("NewGame"), required=False),
                    "responses": {**_game("The new game", "201"), **_errors(400, 409, 415)},
                },
            },
            "/api/games/{game_id}": {
                "parameters": [GAME_ID],
                "get": {
                    "summary": "Read a game; with since=N, wait (long-poll) until it passes N",
                    "parameters": [{"name": "since", "in": "query", "schema": {"type": "integer"}}],
                    "responses": {**_game("The game"), **_errors(400, 404)},
                },
                "patch": {
                    "summary": "Pause or resume the computer, or set the pace of its moves",
                    "requestBody": _json_body(
                        {
                            "type": "object",
                            "properties": {
                                **VERSIONED["properties"],
                                "paused": {"type": "boolean"},
                                "delay": {"type": "number", "minimum": 0, "maximum": 5},
                            },
                        }
                    ),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/moves": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Play a pit; with wait=true, also wait for the computer's reply",
                    "requestBody": _json_body(
                        {
                            **VERSIONED,
                            "required": ["pit", "version"],
                            "properties": {
                                **VERSIONED["properties"],
                                "pit": {
                                    "oneOf": [
                                        {"type": "integer", "minimum": -1},
                                        {"const": "swap"},
                                    ],
                                    "description": "a pit number, or the pie rule's swap of "
                                    'sides ("swap" or -1, the game\'s swap_move) where the '
                                    "game says can_swap",
                                },
                                "wait": {"type": "boolean"},
                            },
                        }
                    ),
                    "responses": {
                        **_game("The game after the move"),
                        **_errors(400, 403, 404, 409, 415, 422),
                    },
                },
            },
            "/api/games/{game_id}/undo": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Take back: against the computer, back to your previous turn",
                    "requestBody": _json_body(VERSIONED),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/resign": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Resign",
                    "requestBody": _json_body(VERSIONED),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/hint": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "The move the computer suggests for your turn, with its values",
                    "description": "Without a level: the best move of the analysis search, with "
                    "every move's value in seeds (the values POST .../analysis/position gives for "
                    "the position: the same search). With a level: that level's agent's move.",
                    "requestBody": _json_body(
                        {"type": "object", "properties": {"level": level}}, required=False
                    ),
                    "responses": {
                        "200": {
                            "description": "A decision",
                            "content": {"application/json": {"schema": _ref("HintAnswer")}},
                        },
                        **_errors(400, 403, 404, 409, 503),
                    },
                },
            },
            "/api/games/{game_id}/rematch": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "A new game with the same settings; between two devices an offer "
                    "(`action` request) the opponent accepts (201, the other player moves "
                    "first) or declines (the game, with `rematch` set or cleared)",
                    "requestBody": _json_body(ANSWER, required=False),
                    "responses": {
                        **_game("Between two devices: the game, the offer made or declined"),
                        **_game("The new game", "201"),
                        **_errors(400, 403, 404, 409, 415),
                    },
                },
            },
            "/api/games/{game_id}/takeback": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Between two devices: ask the opponent to take back your last "
                    "move (`request`), or `accept` / `decline` their request",
                    "requestBody": _json_body(ANSWER),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/abort": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Between two devices: call the game off, without a result, "
                    "while a player has yet to make a first move (also an invite nobody took)",
                    "requestBody": _json_body(VERSIONED),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/draw": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Between two devices: offer the opponent a draw (`request`), or "
                    "`accept` / `decline` their offer (a move of theirs declines it too)",
                    "requestBody": _json_body(ANSWER),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/health": {
                "get": {
                    "summary": "Whether this server can serve games: a write to its store works "
                    "and its computer runs (for a load balancer or a monitor)",
                    "responses": {
                        **_shape("Health", "It can, with figures"),
                        **_shape("Health", "It can't: the store or a stopping server (why)", "503"),
                    },
                },
            },
            "/api/alive": {
                "get": {
                    "summary": "Whether the server answers (a page checks it while its "
                    "long-poll waits, to say within 2 s that it is reconnecting)",
                    "responses": {
                        **_shape("Alive", "The server answers"),
                        **_shape("Alive", "It is stopping (a restart): reconnect", "503"),
                    },
                },
            },
            "/api/games/{game_id}/join": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Take the open seat of a game between two devices",
                    "requestBody": _json_body(
                        {"type": "object", "properties": {"name": NAME, "seat_token": SEAT_TOKEN}},
                        required=False,
                    ),
                    "responses": {**_game("The game"), **_errors(400, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/record": {
                "parameters": [GAME_ID],
                "get": {
                    "summary": "Export the game record (JSON, or one line of text)",
                    "parameters": [
                        {
                            "name": "format",
                            "in": "query",
                            "schema": {"type": "string", "enum": ["json", "text"]},
                        }
                    ],
                    "responses": {
                        "200": {
                            "description": "The record (format=text: one line of text)",
                            "content": {
                                "application/json": {"schema": _ref("RecordExport")},
                                "text/plain": {"schema": {"type": "string"}},
                            },
                        },
                        **_errors(400, 404),
                    },
                },
            },
            "/api/games/{game_id}/analysis": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Analyse every move of the game through the computer's fair queue "
                    "(a game between two devices once it is over); kept with the game",
                    "requestBody": _json_body({"type": "object"}, required=False),
                    "responses": {
                        "200": _analysis("The analysis, already done"),
                        "202": _analysis("The analysis started (or running): poll GET"),
                        **_errors(400, 404, 409, 503),
                    },
                },
                "get": {
                    "summary": "The game's analysis so far (status none before any POST; "
                    "withheld, with why in error and no moves, while a rated game being played "
                    "passes through one of its positions; 409 for a rated game being played)",
                    "responses": {
                        "200": _analysis("The analysis: progress, moves, summary"),
                        **_errors(404, 409),
                    },
                },
            },
            "/api/games/{game_id}/analysis/position": {
                "parameters": [GAME_ID],
                "post": {
                    "summary": "Every legal move's value in one position of the game (before "
                    "move `ply`; default the current one), in seeds of final margin for the "
                    "mover, exact where solved; between two devices during play only your "
                    "own turn, and in a rated game being played never, to anyone (409)",
                    "requestBody": _json_body(
                        {"type": "object", "properties": {"ply": {"type": "integer"}}},
                        required=False,
                    ),
                    "responses": {
                        **_shape("PositionValues", "Every legal move's value"),
                        **_errors(400, 404, 409, 503),
                    },
                },
            },
            "/api/board": {
                "post": {
                    "summary": "Any position: its legal moves, the board after each and the "
                    "sowing path, and on request each move's value (the analysis board)",
                    "description": (
                        "The position `board` (seeds per pit and store, in the canonical "
                        "layout) with `to_move` (0 or 1) and, for Toguz Kumalak, `extra` (each "
                        "player's tuzdyk as a board index, or -1) of `variant` with `options`, "
                        "checked by the engine (a bad one is a 400 saying what is wrong); no "
                        "`board`: the variant's start. Or an exported game's `record` (text or "
                        "JSON): its start and moves. `moves` are played from the position. The "
                        "answer has the position reached (`board`, `to_move`, `legal_moves`, "
                        "`scores`, `special_pits`, `over`, `winner`), `start` (send it back "
                        "with `moves` to go on), `played` (each move with its record), and "
                        "`after`: for each legal pit the board after it and its `record` "
                        "(`sown`: the sowing path, `captures`, `extra_turn`...). With "
                        '`"values": true`, `values` holds each legal move\'s value for the '
                        "mover in seeds of final margin, exact where solved, and `best_move`: "
                        "the best pit, or `swap_move` where the pie rule's swap is worth more "
                        "(`swap_value`), computed through "
                        "the fair queue as your device (rate-limited like hints); 409 for a "
                        "position a rated game being played is at or reaches in one move."
                    ),
                    "requestBody": _json_body(
                        {
                            "type": "object",
                            "properties": {
                                "variant": {"type": "string"},
                                "options": {"type": "object"},
                                "board": {"type": "array", "items": {"type": "integer"}},
                                "to_move": {"type": "integer", "enum": [0, 1]},
                                "extra": {"type": "array", "items": {"type": "integer"}},
                                "moves": {"type": "array", "items": {"type": "integer"}},
                                "values": {"type": "boolean"},
                                "record": {"oneOf": [{"type": "object"}, {"type": "string"}]},
                            },
                        }
                    ),
                    "responses": {
                        **_shape("BoardAnswer", "The position, its moves and (on request) values"),
                        **_errors(400, 409, 503),
                    },
                },
            },
            **_learning(),
            "/api/lab": {
                "get": {
                    "summary": "The AI lab: the agents it plays, its limits and its presets",
                    "responses": {**_shape("LabSettings", "The lab's settings")},
                }
            },
            "/api/lab/games": {
                "post": {
                    "summary": "Play game `game` of a lab match (kept as a finished game)",
                    "description": (
                        "Agents `a` and `b` (a level such as `hard` or `hard:algorithm=mcts`, "
                        "`random`, `greedy`, `mcts:iterations=N`, `minimax:depth=N`) play game "
                        "`game` (0-based) of a match of `games` (1-100) with `seed`: colours "
                        "alternate, each pair of games shares a random opening. `tally` is A's "
                        "[wins, draws, losses] in the games before; the answer has the game, its "
                        "`game_id`, the new tally, A's score and the Elo difference with its 95% "
                        "interval (null for an infinite bound). One game at a time per device."
                    ),
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["a", "b", "games", "game"],
                                    "properties": {
                                        "variant": {"type": "string"},
                                        "options": {"type": "object"},
                                        "a": {"type": "string"},
                                        "b": {"type": "string"},
                                        "games": {"type": "integer", "minimum": 1},
                                        "game": {"type": "integer", "minimum": 0},
                                        "seed": {"type": "integer", "minimum": 0},
                                        "tally": {"type": "array", "items": {"type": "integer"}},
                                    },
                                }
                            }
                        },
                    },
                    "responses": {
                        **_shape("LabGameAnswer", "The game played, the tally and the Elo so far"),
                        **_errors(400, 403, 409, 413, 415, 429, 503),
                    },
                }
            },
            "/api/openapi.json": {
                "get": {
                    "summary": "This description",
                    "responses": {
                        "200": {
                            "description": "OpenAPI 3.1",
                            "content": {
                                "application/json": {
                                    "schema": {
                                        "type": "object",
                                        "required": ["openapi", "info", "paths", "components"],
                                        "properties": {"openapi": {"const": "3.1.0"}},
                                    }
                                }
                            },
                        }
                    },
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "message", "status"],
                    "properties": {
                        "error": {"type": "string", "examples": ["Conflict"]},
                        "message": {"type": "string"},
                        "status": {"type": "integer"},
                    },
                },
                "NewGame": {
                    "type": "object",
                    "properties": {
                        "variant": {"type": "string", "enum": list(variant_names())},
                        "options": {"type": "object", "description": "see GET /api/variants"},
                        "mode": {"type": "string", "enum": list(MODES)},
                        "name": {**NAME, "description": "your seat's name (not for watch)"},
                        "names": {
                            "type": "array",
                            "items": {"oneOf": [NAME, {"type": "null"}]},
                            "minItems": 2,
                            "maxItems": 2,
                            "description": "mode local only: a name per seat, null for the "
                            "default (instead of name)",
                        },
                        "level": level,
                        "algorithm": algorithm,
                        "levels": {"type": "array", "items": level, "minItems": 2},
                        "algorithms": {"type": "array", "items": algorithm, "minItems": 2},
                        "first": {"enum": ["me", "computer", "random", 0, 1]},
                        "delay": {"type": "number", "minimum": 0, "maximum": 5},
                        "seat_token": SEAT_TOKEN,
                        "hints": {
                            "type": "boolean",
                            "description": "hints allowed (default: on against the computer, "
                            "off between people; both players see the choice)",
                        },
                        "rated": {
                            "type": "boolean",
                            "description": "mode remote only: the game counts for both "
                            "players' ratings (default false). Both devices must have a "
                            "player's name (409 otherwise, also on joining); no hints, no "
                            "position or record",
                        },
                        "clock": {
                            "oneOf": [
                                {"type": "null"},
                                {
                                    "type": "object",
                                    "required": ["minutes"],
                                    "properties": {
                                        "minutes": {
                                            "type": "number",
                                            "exclusiveMinimum": 0,
                                            "maximum": 180,
                                        },
                                        "increment": {
                                            "type": "number",
                                            "minimum": 0,
                                            "maximum": 60,
                                            "description": "seconds added when a turn passes",
                                        },
                                    },
                                },
                            ],
                            "description": "modes local and remote only: minutes per side "
                            "plus an increment; none by default",
                        },
                        "record": {
                            "description": "import: a record object or its one-line text",
                            "oneOf": [{"type": "object"}, {"type": "string"}],
                        },
                        "position": {
                            "type": "object",
                            "description": "start from this position (the analysis board's "
                            "'play the computer from here'; not with record or first): board "
                            "(seeds per pit and store), to_move (0 or 1), extra (Toguz "
                            "Kumalak: each player's tuzdyk board index or -1); checked by the "
                            "engine; the game replays from it; seat: yours against the computer",
                            "required": ["board", "to_move"],
                            "properties": {
                                "board": {"type": "array", "items": {"type": "integer"}},
                                "to_move": {"type": "integer", "enum": [0, 1]},
                                "extra": {"type": "array", "items": {"type": "integer"}},
                                "seat": {
                                    "type": "integer",
                                    "enum": [0, 1],
                                    "description": "mode computer: your seat (default 0)",
                                },
                            },
                        },
                    },
                },
            }
        },
    }
