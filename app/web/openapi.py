"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json: its paths, their
summaries and statuses, and which shape goes where, named by its class. The shapes themselves
are the features' TypedDicts, turned into JSON Schema by :mod:`app.contract`: the answers (a
view's shape, :func:`_shape`), the request bodies (:func:`_asks`) and the query parameters (an
operation's ``x-query``, expanded there into its parameters); each ``{name}`` of a path becomes
its path parameter there too."""

from __future__ import annotations

from app.i18n.api_doc import i18n_paths
from app.store.json_types import JSONObject


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
    """An answer whose body is a game."""
    return _shape("GameAnswer", description, status)


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


def _asks(name: str, required: bool = True) -> JSONObject:
    """A request body of the shape ``name`` (a TypedDict beside the feature's parser)."""
    return _json_body(_ref(name), required)


QUERY_KEY = "x-query"  # an operation's query parameters: the shape that names them
POLL = "Since"  # the query of a long-poll


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
            polls = operation.get(QUERY_KEY) == POLL
            if (path, method) in SEARCHING or polls:  # a long-poll past the device's cap: 429
                codes.append(429)
            if "{game_id}" in path:
                codes.append(410)
            missing = [c for c in codes if str(c) not in operation["responses"]]
            operation["responses"].update(_errors(*missing))
    return paths


def _learning() -> JSONObject:
    """The lessons and puzzles (app.learn)."""
    return {
        "/api/learn": {
            "get": {
                "summary": "Every variant's lesson in short, with the steps your device passed",
                "responses": {**_shape("Courses", "Every course in short")},
            }
        },
        "/api/learn/{variant}": {
            "get": {
                "summary": "A variant's lesson: each step's idea, task, position, pits to try",
                "responses": {**_shape("CourseView", "The course"), **_errors(404)},
            },
        },
        "/api/learn/{variant}/{step}": {
            "post": {
                "summary": "Try a pit in a lesson step: the engine plays it and says whether "
                "it did the task, what it did (the record to animate) and why it missed",
                "requestBody": _asks("PitAsk"),
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
                "x-query": "PuzzleQuery",
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
                "requestBody": _asks("MistakesAsk", required=False),
                "responses": {**_shape("Made", "The puzzles made"), **_errors(400, 404, 409)},
            }
        },
        "/api/puzzles/{puzzle_id}": {
            "get": {
                "summary": "One puzzle (shipped, or your own)",
                "responses": {**_shape("PuzzleView", "A puzzle"), **_errors(404)},
            },
        },
        "/api/puzzles/{puzzle_id}/try": {
            "post": {
                "summary": "Try a pit after the line's `moves` already played (the solver plays "
                "every one of their moves): right or not (`solved`), the line's reply, whether "
                "the line is `done` and what it `won`, a wrong move's `refutation`, the solution "
                "line, and your and the puzzle's ratings before and after (moved once: at the "
                "first wrong move or the line's end)",
                "requestBody": _asks("PuzzleTryAsk"),
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


# The room's players (app.players): names, player pages, the leaderboard.
PLAYER_PATHS: JSONObject = {
    "/api/players/{name}": {
        "get": {
            "summary": "A player's page (name compared without case): ratings per pool "
            "({pool, title, rating, deviation, text ('1532?'), provisional, games}), history "
            "per pool ({pool, title, points: [{at, rating, game}]}), finished games (filtered; "
            "each with its kind and kind_title ('Kalah 4×3'), house_rules, played {at, iso, "
            "text} and tournament {id, name, url, round} or null), records against each named "
            "opponent, current games, the filters' choices",
            "x-query": "PlayerFilters",
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
            "x-query": "PoolQuery",
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
            "requestBody": _asks("NameAsk"),
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
    description = _spec()
    description["paths"].update(lobby_paths())
    description["paths"].update(tournament_paths())
    description["paths"].update(i18n_paths())  # the catalogs for the scripts (app.i18n)
    with_common_errors(description["paths"])
    return description


def _ok(description: str, status: str = "200") -> JSONObject:
    return {status: {"description": description}}


TOURNAMENT = _shape(
    "TournamentView",
    "The tournament from your side: standings, cross_table, games, your_game, and what you "
    "may do (can_join, can_start, …)",
)


def _tournament_action(
    summary: str, shape: str | None = None, refusals: tuple[int, ...] = ()
) -> JSONObject:
    return {
        "post": {
            "summary": summary,
            "requestBody": _asks(shape or "NoFields", required=shape is not None),
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
                "x-query": "Since",
                "responses": {
                    **_shape("TournamentList", "The tournaments and your games waiting"),
                    **_errors(400, 429),
                },
            },
            "post": {
                "summary": "Create a tournament: you are its director (429 past the caps: "
                "tournaments made, and waiting to start, per device and per address)",
                "requestBody": _asks("NewTournament"),
                "responses": {
                    **_shape("TournamentView", "The tournament", "201"),
                    **_errors(400, 409, 429),
                },
            },
        },
        "/api/tournaments/{tournament_id}": {
            "get": {
                "summary": "The tournament (settled: finished games recorded, next ones paired)",
                "x-query": "Since",
                "responses": {**TOURNAMENT, **_errors(400, 404, 429)},
            },
        },
        "/api/tournaments/{tournament_id}/join": _tournament_action(
            "Join (or come back to an arena) under your name (429 past the joins cap, per "
            "device and per address)",
            "JoinTournament",
            refusals=(429,),
        ),
        "/api/tournaments/{tournament_id}/leave": _tournament_action(
            "Leave (an arena: pause until you come back)"
        ),
        "/api/tournaments/{tournament_id}/computer": _tournament_action(
            "Director: seat the computer at a level and algorithm",
            "SeatComputer",
        ),
        "/api/tournaments/{tournament_id}/start": _tournament_action("Director: start it"),
        "/api/tournaments/{tournament_id}/pause": _tournament_action(
            "Director: pause (no new pairings; an arena's countdown stops; games being played "
            "go on) or resume",
            "PauseTournament",
        ),
        "/api/tournaments/{tournament_id}/remove": _tournament_action(
            "Director: remove a player (the game being played and those ahead are lost by "
            "forfeit; the game is called off)",
            "RemovePlayer",
        ),
        "/api/tournaments/{tournament_id}/end": _tournament_action(
            "Director: end it (games being played still count)"
        ),
        "/api/tournaments/{tournament_id}/export": {
            "get": {
                "summary": "The results: format=json (everything public) or csv: "
                "table=standings (default: a line a player, with each round's game and the "
                "cross-table) or table=games (a line a game); formula cells escaped",
                "x-query": "ExportQuery",
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
    no_body = _asks("NoFields", required=False)
    return {
        "/api/lobby": {
            "get": {
                "summary": "The lobby as you see it: who is here (name, tag), open seeks, "
                "challenges to and from you, games being played (to watch), finished "
                "tournament games (grouped by tournament in `finished`), and `go` (a game to "
                "open: your seek was taken). A read: it writes nothing and sets no cookie. "
                "Every list is newest first, a few entries per maker's address",
                "x-query": "Since",
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
                "requestBody": _asks("QuietAsk"),
                "responses": {**_shape("LobbyMe", "You"), **_errors(400)},
            },
        },
        "/api/lobby/seeks": {
            "post": {
                "summary": "Offer a game to anyone in the lobby (at most 3 open per device "
                "and 6 per address: 429 with Retry-After beyond)",
                "requestBody": _asks("SeekAsk", required=False),
                "responses": {
                    **seek,
                    **_shape("SeekView", "The seek", "201"),
                    **_errors(400, 409, 429),
                },
            }
        },
        "/api/lobby/seeks/{seek_id}": {
            "delete": {
                "summary": "Withdraw your open seek or challenge",
                "responses": {**_shape("Cancelled", "Withdrawn"), **_errors(403, 404, 409)},
            },
        },
        "/api/lobby/seeks/{seek_id}/join": {
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
                "requestBody": _asks("ChallengeAsk"),
                "responses": {
                    **_shape("SeekView", "The challenge", "201"),
                    **_errors(400, 404, 409, 429),
                },
            }
        },
        "/api/lobby/challenges/{seek_id}/accept": {
            "post": {
                "summary": "Accept a challenge made to you: the game is made",
                "requestBody": no_body,
                "responses": {**_game("The new game", "201"), **_errors(400, 404, 409, 429)},
            },
        },
        "/api/lobby/challenges/{seek_id}/decline": {
            "post": {
                "summary": "Decline a challenge made to you (its maker is told)",
                "requestBody": no_body,
                "responses": {**_shape("DeclinedAnswer", "Declined"), **_errors(400, 404, 409)},
            },
        },
        "/api/games/{game_id}/messages": {
            "get": {
                "summary": "The game's quick messages (the last 20; none if you turned them "
                "off), their version, and whether you may send one",
                "x-query": "Since",
                "responses": {**_shape("Messages", "The messages"), **_errors(400, 404, 429)},
            },
            "post": {
                "summary": "Send a quick message to your opponent: Good game, Well played, "
                "Thanks or Oops (3 at once, then one every 5 s); or, from your table, turn "
                "quick messages off ({quiet: true}) or on for all your games, as PUT "
                "/api/lobby/me does (either way your opponents' pages see it at once)",
                "requestBody": _json_body({"oneOf": [_ref("SayAsk"), _ref("QuietAsk")]}),
                "responses": {
                    **_shape("Messages", "The messages", "201"),
                    **_errors(400, 403, 404, 409, 429),
                },
            },
        },
    }


def _spec() -> JSONObject:
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
                    "requestBody": _asks("NewGame", required=False),
                    "responses": {**_game("The new game", "201"), **_errors(400, 409, 415)},
                },
            },
            "/api/games/{game_id}": {
                "get": {
                    "summary": "Read a game; with since=N, wait (long-poll) until it passes N",
                    "x-query": "Since",
                    "responses": {**_game("The game"), **_errors(400, 404)},
                },
                "patch": {
                    "summary": "Pause or resume the computer, or set the pace of its moves",
                    "requestBody": _asks("SettingsAsk"),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/moves": {
                "post": {
                    "summary": "Play a pit; with wait=true, also wait for the computer's reply",
                    "requestBody": _asks("MoveAsk"),
                    "responses": {
                        **_game("The game after the move"),
                        **_errors(400, 403, 404, 409, 415, 422),
                    },
                },
            },
            "/api/games/{game_id}/undo": {
                "post": {
                    "summary": "Take back: against the computer, back to your previous turn",
                    "requestBody": _asks("Versioned"),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/resign": {
                "post": {
                    "summary": "Resign",
                    "requestBody": _asks("Versioned"),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/hint": {
                "post": {
                    "summary": "The move the computer suggests for your turn, with its values",
                    "description": "Without a level: the best move of the analysis search, with "
                    "every move's value in seeds (the values POST .../analysis/position gives for "
                    "the position: the same search). With a level: that level's agent's move.",
                    "requestBody": _asks("HintAsk", required=False),
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
                "post": {
                    "summary": "A new game with the same settings; between two devices an offer "
                    "(`action` request) the opponent accepts (201, the other player moves "
                    "first) or declines (the game, with `rematch` set or cleared)",
                    "requestBody": _asks("RematchAsk", required=False),
                    "responses": {
                        **_game("Between two devices: the game, the offer made or declined"),
                        **_game("The new game", "201"),
                        **_errors(400, 403, 404, 409, 415),
                    },
                },
            },
            "/api/games/{game_id}/takeback": {
                "post": {
                    "summary": "Between two devices: ask the opponent to take back your last "
                    "move (`request`), or `accept` / `decline` their request",
                    "requestBody": _asks("OfferAnswer"),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/abort": {
                "post": {
                    "summary": "Between two devices: call the game off, without a result, "
                    "while a player has yet to make a first move (also an invite nobody took)",
                    "requestBody": _asks("Versioned"),
                    "responses": {**_game("The game"), **_errors(400, 403, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/draw": {
                "post": {
                    "summary": "Between two devices: offer the opponent a draw (`request`), or "
                    "`accept` / `decline` their offer (a move of theirs declines it too)",
                    "requestBody": _asks("OfferAnswer"),
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
                "post": {
                    "summary": "Take the open seat of a game between two devices",
                    "requestBody": _asks("JoinAsk", required=False),
                    "responses": {**_game("The game"), **_errors(400, 404, 409, 415)},
                },
            },
            "/api/games/{game_id}/record": {
                "get": {
                    "summary": "Export the game record (JSON, or one line of text)",
                    "x-query": "RecordQuery",
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
                "post": {
                    "summary": "Analyse every move of the game through the computer's fair queue "
                    "(a game between two devices once it is over); kept with the game",
                    "requestBody": _asks("AnalysisAsk", required=False),
                    "responses": {
                        **_shape("AnalysisAnswer", "The analysis, already done"),
                        **_shape(
                            "AnalysisAnswer", "The analysis started (or running): poll GET", "202"
                        ),
                        **_errors(400, 404, 409, 503),
                    },
                },
                "get": {
                    "summary": "The game's analysis so far (status none before any POST; "
                    "withheld, with why in error and no moves, while a rated game being played "
                    "passes through one of its positions; 409 for a rated game being played)",
                    "responses": {
                        **_shape("AnalysisAnswer", "The analysis: progress, moves, summary"),
                        **_errors(404, 409),
                    },
                },
            },
            "/api/games/{game_id}/analysis/position": {
                "post": {
                    "summary": "Every legal move's value in one position of the game (before "
                    "move `ply`; default the current one), in seeds of final margin for the "
                    "mover, exact where solved; between two devices during play only your "
                    "own turn, and in a rated game being played never, to anyone (409)",
                    "requestBody": _asks("PositionAsk", required=False),
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
                    "requestBody": _asks("BoardAsk"),
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
                    "requestBody": _asks("LabGameAsk"),
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
            }
        },
    }
