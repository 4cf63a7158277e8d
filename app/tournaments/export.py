"""A tournament as CSV: the standings (a line a player, with each round's game and the
cross-table) and the games (a line a game), safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from app.store.json_types import JSONObject
from app.tournaments.store import TournamentRow
from app.tournaments.view import SYMBOLS, cross, forfeit_reason, result_text, standing_lines

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell_text(value: object) -> object:
    """A CSV cell as a spreadsheet may open it: text that starts like a formula (``=``, ``+``,
    ``-``, ``@``, tab, CR) gets a leading single quote (OWASP's rule for CSV injection)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def write_csv(header: list[str], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([cell_text(h) for h in header])
    for row in rows:
        writer.writerow([cell_text(v) for v in row])
    return out.getvalue()


def standings_csv(row: TournamentRow) -> str:
    """The standings as CSV, one line a player, best first: place (shared by a complete tie:
    ``3–4``), name, points and tie-breaks; in a round robin or Swiss then each round's game
    (``4 w 1``: against the player placed 4th, with white, won; ``+``/``−`` by forfeit) and the
    cross-table (``vs 1``…: the results against each line's player)."""
    doc = row.data
    lines = standing_lines(doc)
    if doc["system"] == "arena":
        fields = ["rank", "name", "points", "games", "wins"]
        return write_csv(fields, [[line_value(line, f) for f in fields] for line in lines])
    fields = [
        "rank",
        "name",
        "points",
        "sonneborn_berger",
        "buchholz",
        "games",
        "wins",
        "draws",
        "losses",
        "byes",
    ]
    rounds = max([int(e["round"]) for e in doc["games"]] or [0])
    number = {line["player"]: line["rank"] for line in lines}
    by_round: dict[tuple[str, int], list[str]] = {}
    for e in doc["games"]:
        for text, player in round_cells(e, number):
            by_round.setdefault((player, int(e["round"])), []).append(text)
    table = cross(doc, lines) or []
    header = [
        *fields,
        *(f"round {r}" for r in range(1, rounds + 1)),
        *(f"vs {i}" for i in range(1, len(lines) + 1)),
    ]
    out = []
    for line, crossed in zip(lines, table, strict=True):
        out.append(
            [
                *(line_value(line, f) for f in fields),
                *(" ".join(by_round.get((line["player"], r), [])) for r in range(1, rounds + 1)),
                *crossed["cells"],
            ]
        )
    return write_csv(header, out)


def line_value(line: Mapping[str, object], field: str) -> object:
    """One standings number as the CSV writes it (the rank as its shared place)."""
    return line["place"] if field == "rank" else line[field]


def round_cells(entry: JSONObject, number: dict[str, int]) -> list[tuple[str, str]]:
    """A game's cell in each of its players' round columns: (text, player)."""
    if entry.get("bye"):
        return [("bye", entry["white"])]
    if entry.get("score") is None:
        return []
    white, black = entry["white"], entry["black"]
    points = (0.0, 0.0) if entry.get("double_forfeit") else (entry["score"], 1 - entry["score"])
    marks = FORFEIT_MARKS if entry.get("forfeit") else RESULT_MARKS
    return [
        (f"{number[black]} w {marks[points[0]]}", white),
        (f"{number[white]} b {marks[points[1]]}", black),
    ]


RESULT_MARKS = {1.0: "1", 0.5: "½", 0.0: "0"}
FORFEIT_MARKS = {1.0: "+", 0.5: "=", 0.0: "−"}


def games_csv(row: TournamentRow) -> str:
    """Every game as CSV, in the order paired: round, white, black, result (``1-0``,
    ``½-½``, ``0-1``, ``bye``, ``playing``), whether it was decided by forfeit and why, and the
    game's page."""
    doc = row.data
    names = {p["id"]: p["name"] for p in doc["players"]}
    header = ["round", "white", "black", "result", "forfeit", "game"]
    out: list[list[object]] = []
    for e in doc["games"]:
        text = result_text(e)
        if e.get("forfeit") and e.get("score") is not None:
            text = "0-0" if e.get("double_forfeit") else SYMBOLS[e["score"]]
        out.append(
            [
                e["round"] if doc["system"] != "arena" else "",
                names[e["white"]],
                names.get(e.get("black") or "", ""),
                text,
                forfeit_reason(e) or "",
                f"/game/{e['game']}" if e.get("game") else "",
            ]
        )
    return write_csv(header, out)
