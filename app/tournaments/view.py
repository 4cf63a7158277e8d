"""A tournament as JSON (from a viewer's side): standings, cross-table, games (the CSV is
:mod:`app.tournaments.export`).

Seat owners never leave the server: players are named by their tournament ids (``p1``…).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from app.games.versioned import Versioned
from app.store.json_types import JSONObject
from app.tournaments import arena
from app.tournaments.changes import arena_end, arena_players
from app.tournaments.model import Tournament
from app.tournaments.shapes import (
    CrossRow,
    StandingLine,
    TournamentGame,
    TournamentLine,
    TournamentPublic,
    TournamentView,
    TournamentViewer,
    YourGame,
)
from app.tournaments.standings import Result, cross_table, shared_places, standings
from app.tournaments.store import TournamentRow
from engine import get_variant

SYMBOLS = {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}
SYSTEM_LABELS = {"round_robin": "Round robin", "swiss": "Swiss", "arena": "Arena"}
"""Each system's name as people read it: the one place the pages take it from (the JSON's
``system_label``, the form's choices)."""


def results(doc: JSONObject) -> list[Result]:
    """The finished games and byes of a round robin or Swiss."""
    found = []
    for e in doc["games"]:
        if e.get("bye"):
            found.append(Result(e["round"], e["white"], None))
        elif e.get("score") is not None:
            found.append(
                Result(
                    e["round"],
                    e["white"],
                    e["black"],
                    e["score"],
                    e.get("game"),
                    forfeit=bool(e.get("forfeit")),
                    double=bool(e.get("double_forfeit")),
                )
            )
    return found


def standing_lines(doc: JSONObject) -> list[StandingLine]:
    """The standings, best first, with each system's numbers (places shared by complete ties
    once a game was played: before, each line has its own)."""
    lines = numbered_lines(doc)
    if not any(line["games"] or line.get("byes") for line in lines):
        for line in lines:
            line["place"] = str(line["rank"])
    return lines


def numbered_lines(doc: JSONObject) -> list[StandingLine]:
    """The standings, best first, with each system's numbers."""
    names = {p["id"]: p["name"] for p in doc["players"]}
    states = {p["id"]: p["state"] for p in doc["players"]}
    dropped = {p["id"]: p["dropped"] for p in doc["players"] if p.get("dropped")}
    if doc["system"] == "arena":
        lines: list[StandingLine] = []
        ranked = arena.ranked(arena_players(Tournament.of(doc)))
        places = shared_places([(p.points, p.wins, -len(p.outcomes)) for p in ranked])
        for rank, p in enumerate(ranked, 1):
            points = arena.game_points(p.outcomes)
            lines.append(
                {
                    "rank": rank,
                    "place": places[rank - 1],
                    "player": p.player,
                    "name": names[p.player],
                    "state": states[p.player],
                    "dropped": dropped.get(p.player),
                    "points": p.points,
                    "games": len(p.outcomes),
                    "wins": p.wins,
                    "fire": arena.on_fire(p.outcomes),
                    "playing": p.playing,
                    "sheet": [
                        {"result": o, "points": n} for o, n in zip(p.outcomes, points, strict=True)
                    ],
                }
            )
        return lines
    order = [p["id"] for p in doc["players"]]
    bye_points = 1.0 if doc["system"] == "swiss" else 0.0
    return [
        {
            "rank": line.rank,
            "place": line.place,
            "player": line.player,
            "name": names[line.player],
            "state": states[line.player],
            "dropped": dropped.get(line.player),
            "points": line.points,
            "games": line.games,
            "wins": line.wins,
            "draws": line.draws,
            "losses": line.losses,
            "byes": line.byes,
            "sonneborn_berger": line.sonneborn_berger,
            "buchholz": line.buchholz,
        }
        for line in standings(order, results(doc), bye_points)
    ]


def cross(doc: JSONObject, lines: list[StandingLine]) -> list[CrossRow] | None:
    """The cross-table in standings order (round robin and Swiss): each row a player, each
    cell their results against the player of that column."""
    if doc["system"] == "arena":
        return None
    order = [line["player"] for line in lines]
    table = cross_table([p["id"] for p in doc["players"]], results(doc))
    return [
        {"player": p, "name": line["name"], "cells": [" ".join(table[p][o]) for o in order]}
        for p, line in zip(order, lines, strict=True)
    ]


def result_text(entry: JSONObject) -> str:
    """A game's result in words: ``1-0``, ``½-½``, ``0-1``, a forfeit (``+/−`` white won by
    forfeit, ``−/+`` black did, ``−/−`` neither came), ``bye`` or ``playing``."""
    score = entry.get("score")
    if entry.get("bye"):
        return "bye"
    if score is None:
        return "playing"
    if entry.get("double_forfeit"):
        return DOUBLE_FORFEIT
    if entry.get("forfeit"):
        return FORFEITS[score]
    return SYMBOLS[score]


FORFEITS = {1.0: "+/−", 0.5: "=/=", 0.0: "−/+"}
DOUBLE_FORFEIT = "−/−"
LEGEND = (
    "+ won by forfeit (the opponent did not come, or was withdrawn) · − lost by forfeit · "
    "−/− neither came (a double forfeit: no points)"
)


def game_lines(doc: JSONObject) -> list[TournamentGame]:
    names = {p["id"]: p["name"] for p in doc["players"]}
    out: list[TournamentGame] = []
    for order, e in enumerate(doc["games"]):
        score = e.get("score")
        out.append(
            {
                "order": order,
                "round": e["round"],
                "white": e["white"],
                "black": e.get("black"),
                "white_name": names[e["white"]],
                "black_name": names.get(e.get("black") or ""),
                "game": e.get("game"),
                "score": score,
                "result": result_text(e),
                "forfeit": bool(e.get("forfeit")),
                "forfeit_reason": forfeit_reason(e),
                "double_forfeit": bool(e.get("double_forfeit")),
            }
        )
    return out


def forfeit_reason(entry: JSONObject) -> str | None:
    """Why a game was decided without being played, in words (None if it was played)."""
    reason = entry.get("forfeit")
    if not reason:
        return None
    if entry.get("double_forfeit"):
        return "neither player came"
    return {
        "no-show": "a player did not come (made no first move in time)",
        "aborted": "a player aborted the game again and again",
        "removed": "a player was removed by the director",
    }.get(str(reason), "a player left the tournament")


def title_of(doc: JSONObject) -> str:
    """The game's name as the menu says it (Kalah with its board: "Kalah 6×4")."""
    rules = get_variant(doc["variant"], **doc["options"])
    if doc["variant"] == "kalah":
        return f"{rules.title} {rules.pits}×{rules.seeds}"
    return str(rules.title)


SHOWN_ARENA_GAMES = 60  # an arena's page lists the games being played and the latest ended


def public(row: TournamentRow, every_game: bool = False) -> TournamentPublic:
    """Everything anyone may see of a tournament (an arena's page: its latest games only,
    unless ``every_game``), with the seconds left now."""
    return {
        **described(row.id, row.version, row.data, every_game),
        "seconds_left": seconds_left(row.data),
    }


def seconds_left(doc: JSONObject) -> float | None:
    """An arena's seconds left now (None: no countdown, or over)."""
    if doc.get("ends") is None or doc["status"] == "finished":
        return None
    now = time.time()
    return max(0.0, round(arena_end(float(doc["ends"]), doc.get("paused_at"), now) - now, 1))


_described: Versioned[tuple[str, int, bool], TournamentPublic] = Versioned(64)
_shared_texts: Versioned[tuple[str, int], str] = Versioned(64)
_playing: Versioned[tuple[str, int], dict[str, tuple[str, int]]] = Versioned(64)


def described(
    tournament_id: str, version: int, doc: JSONObject, every_game: bool
) -> TournamentPublic:
    """The public view of one version of a tournament, made once per process (the last few
    kept; :class:`~app.games.versioned.Versioned`): many pages read the same version."""
    key = (tournament_id, version, every_game)
    return _described.get(key, lambda: describe(tournament_id, version, doc, every_game))


def view_text(row: TournamentRow, owner: str | None, dumps: Callable[[object], str]) -> str:
    """:func:`view` as JSON text (``dumps`` writes an object's): what everyone sees of this
    version written once per process and shared by every reader (and every long-poll it
    wakes), the viewer's own part (and the seconds left now) written per request."""

    def shared() -> str:
        doc = described(row.id, row.version, row.data, False)
        return dumps({k: v for k, v in doc.items() if k != "seconds_left"})

    text = _shared_texts.get((row.id, row.version), shared)
    own = dumps({"seconds_left": seconds_left(row.data), **viewer(row, owner)})
    return f"{text[:-1]},{own[1:]}"


def describe(
    tournament_id: str, version: int, doc: JSONObject, every_game: bool
) -> TournamentPublic:
    lines = standing_lines(doc)
    total = None
    if doc["system"] == "round_robin":
        total = len(doc["schedule"]) or None
    elif doc["system"] == "swiss":
        total = doc["rounds"]
    games = game_lines(doc)
    if doc["system"] == "arena" and not every_game:
        ended = [g for g in games if g["result"] != "playing"]
        games = [g for g in games if g["result"] == "playing"] + ended[-SHOWN_ARENA_GAMES:]
        games.sort(key=lambda g: g["order"])
    return {
        "id": tournament_id,
        "version": version,
        "name": doc["name"],
        "system": doc["system"],
        "system_label": SYSTEM_LABELS[doc["system"]],
        "variant": doc["variant"],
        "options": doc["options"],
        "title": title_of(doc),
        "clock": doc["clock"],
        "rated": doc["rated"],
        "status": doc["status"],
        "round": doc["round"],
        "rounds": total,
        "cycles": doc.get("cycles"),
        "minutes": doc.get("minutes"),
        "started": doc["started"],
        "ends": doc.get("ends"),
        "seconds_left": None,
        "countdown_stopped": doc.get("paused_at") is not None,
        "legend": LEGEND,
        "players": [
            {"id": p["id"], "name": p["name"], "state": p["state"], "computer": p["computer"]}
            for p in doc["players"]
        ],
        "standings": lines,
        "cross_table": cross(doc, lines),
        "games": games,
    }


def view(row: TournamentRow, owner: str | None) -> TournamentView:
    """The tournament from ``owner``'s side: what they may do, and their game now."""
    return {**public(row), **viewer(row, owner)}


def viewer(row: TournamentRow, owner: str | None) -> TournamentViewer:
    """What only ``owner`` sees of a tournament: who they are in it, their game now and what
    they may do."""
    doc = row.data
    mine = [p for p in doc["players"] if owner is not None and p.get("owner") == owner]
    me = mine[0] if mine else None
    director = owner is not None and doc["director"] == owner
    open_to_new = doc["status"] == "open" or (
        doc["system"] == "arena" and doc["status"] in ("running", "paused")
    )
    your_game = None
    your_round = None
    if me is not None and me["state"] != "removed":
        your_game, your_round = playing_now(row).get(me["id"], (None, None))
    return {
        "you": None if me is None else me["id"],
        "your_state": None if me is None else me["state"],
        "your_notice": None if me is None else notice_for(doc, me),
        "your_game": your_game,
        "your_round": your_round,
        "director": director,
        "can_join": (me is None and open_to_new)
        or (me is not None and me["state"] == "left" and doc["system"] == "arena" and open_to_new),
        "can_leave": me is not None and me["state"] == "in" and doc["status"] != "finished",
        "can_start": director and doc["status"] == "open",
        "can_pause": director and doc["status"] == "running",
        "can_resume": director and doc["status"] == "paused",
        "can_end": director and doc["status"] in ("running", "paused"),
        "can_add_computer": director and open_to_new,
    }


def playing_now(row: TournamentRow) -> dict[str, tuple[str, int]]:
    """Each player's game being played (its id and round; the last listed if several), per
    version once."""

    def index() -> dict[str, tuple[str, int]]:
        found: dict[str, tuple[str, int]] = {}
        for e in row.data["games"]:
            if e.get("score") is None and e.get("game"):
                for pid in (e["white"], e["black"]):
                    found[pid] = (e["game"], e["round"])
        return found

    return _playing.get((row.id, row.version), index)


def notice_for(doc: JSONObject, me: JSONObject) -> str | None:
    """What a player is told about their own place in the tournament (None: nothing)."""
    arena_system = doc["system"] == "arena"
    if me["state"] == "removed":
        return (
            "The director removed you from this tournament: you are paired no more, and a "
            "game you were playing was lost by forfeit."
        )
    if me.get("dropped") == "missed":
        if arena_system:
            return "You missed two games in a row, so you are paused: join again to be paired."
        return (
            "You missed two games in a row, so you were withdrawn: your games still to "
            "play are lost by forfeit."
        )
    if me.get("missed"):
        return "You missed your last game (lost by forfeit). Miss one more and you are out."
    return None


def yours(rows: list[TournamentRow], owner: str | None) -> list[YourGame]:
    """The games ``owner`` is paired in and not finished, in the tournaments ``rows``."""
    found: list[YourGame] = []
    if owner is None:
        return found
    for row in rows:
        doc = row.data
        if doc["status"] == "finished":
            continue
        mine = {
            p["id"] for p in doc["players"] if p.get("owner") == owner and p["state"] != "removed"
        }
        for e in doc["games"]:
            if e.get("score") is None and e.get("game") and {e["white"], e["black"]} & mine:
                found.append(
                    {
                        "game": e["game"],
                        "url": f"/game/{e['game']}",
                        "tournament": row.id,
                        "name": doc["name"],
                        "round": None if doc["system"] == "arena" else e["round"],
                    }
                )
    return found


_summaries: Versioned[tuple[str, int], TournamentLine] = Versioned(512)


def summary(row: TournamentRow) -> TournamentLine:
    """A tournament in a list, with who leads (once games were played); made once per version
    and process (a list is read again on every change of any tournament)."""
    return _summaries.get((row.id, row.version), lambda: summarise(row))


def summarise(row: TournamentRow) -> TournamentLine:
    doc = row.data
    lines = public(row)["standings"]
    played = bool(lines) and lines[0]["games"] > 0
    return {
        "leader": {"name": lines[0]["name"], "points": lines[0]["points"]} if played else None,
        "round": doc["round"],
        "id": row.id,
        "name": doc["name"],
        "system": doc["system"],
        "system_label": SYSTEM_LABELS[doc["system"]],
        "variant": doc["variant"],
        "title": title_of(doc),
        "status": doc["status"],
        "players": sum(1 for p in doc["players"] if p["state"] == "in"),
        "clock": doc["clock"],
    }
