"""Upkeep of the store, in each server worker on a timer: finished games, untaken invites,
untouched unfinished games and lab games expire, the write-ahead log is checkpointed (and
truncated), and an online backup is made every ``BACKUP_HOURS``; beside it, games whose time
ran out are ended every second (:mod:`app.games.flags`).  Each job is claimed in the
store first, so one process runs it per period however many workers (or hosts) there are."""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from flask import Flask

from app.games import ends, flags
from app.games.model import Game
from app.i18n.catalogs import catalog
from app.i18n.choose import current
from app.store import Store, StoreError
from app.store.base import GameStore
from app.store.json_types import JSONObject

log = logging.getLogger(__name__)
DAY = 24 * 3600.0
MB = 1024 * 1024


@dataclass(frozen=True)
class Upkeep:
    """What to do and how often (from the app's settings)."""

    every: float = 300.0
    keep_finished: float = 30 * DAY
    keep_invites: float = 7 * DAY
    keep_unfinished: float = 30 * DAY
    keep_lab: float = 3 * DAY
    backup_every: float = 6 * 3600.0
    backups_kept: int = 8
    backups_bytes: int = 1024 * MB
    backups: Path | None = None  # the folder (None: no backups, e.g. PostgreSQL)

    @classmethod
    def from_config(cls, config: Any, database: str | None) -> Upkeep:
        return cls(
            every=float(config["MAINTENANCE_SECONDS"]),
            keep_finished=float(config["KEEP_FINISHED_DAYS"]) * DAY,
            keep_invites=float(config["KEEP_INVITES_DAYS"]) * DAY,
            keep_unfinished=float(config["KEEP_UNFINISHED_DAYS"]) * DAY,
            keep_lab=float(config["KEEP_LAB_DAYS"]) * DAY,
            backup_every=float(config["BACKUP_HOURS"]) * 3600.0,
            backups_kept=int(config["BACKUPS_KEPT"]),
            backups_bytes=int(float(config["BACKUPS_MAX_MB"]) * MB),
            backups=Path(database).parent / "backups" if database else None,
        )


RuleKind = str  # "lab", "finished", "unfinished" or "invite"


def rule_of(game: Game, upkeep: Upkeep) -> tuple[float, RuleKind]:
    """How long after its last change ``game`` is kept, and which rule says so: the shortest
    of the rules that apply to it (as :meth:`GameStore.expire` deletes it)."""
    rules: list[tuple[float, RuleKind]] = []
    if game.data.get("lab") is not None:
        rules.append((upkeep.keep_lab, "lab"))
    if game.over:
        rules.append((upkeep.keep_finished, "finished"))
    else:
        rules.append((upkeep.keep_unfinished, "unfinished"))
        if game.mode == "remote" and game.has_open_seat:
            rules.append((upkeep.keep_invites, "invite"))
    return min(rules, key=lambda r: r[0])


def rule(game: Game, upkeep: Upkeep) -> tuple[float, str]:
    """How long after its last change ``game`` is kept, and the rule in words (in the
    request's language): the shortest of the rules that apply to it (:func:`rule_of`)."""
    seconds, kind = rule_of(game, upkeep)
    return seconds, rule_words(kind, seconds, current().code)


@functools.lru_cache(maxsize=256)
def rule_words(kind: RuleKind, seconds: float, code: str) -> str:
    """Rule ``kind`` keeping a game ``seconds`` in language ``code``'s words, remembered per
    (kind, seconds, language): the same words for every game and request."""
    said = catalog(code)
    kept = days_in(seconds, code)
    if kind == "lab":
        return said.gettext("A lab game is kept %(days)s") % {"days": kept}
    if kind == "finished":
        return said.gettext("A finished game is kept %(days)s") % {"days": kept}
    if kind == "invite":
        return said.gettext("An invite nobody takes is removed after %(days)s") % {"days": kept}
    return said.gettext("A game nobody moves in for %(days)s is removed") % {"days": kept}


def days(seconds: float) -> str:
    """``seconds`` as days in words, in the request's language: "1 day", "30 days", "0.5 days"
    (a part of a day takes the form of 2)."""
    return days_in(seconds, current().code)


def days_in(seconds: float, code: str) -> str:
    """``seconds`` as days in words in language ``code`` (see :func:`days`)."""
    n = seconds / DAY
    form = int(n) if n == int(n) else 2
    return catalog(code).ngettext("%(num)s day", "%(num)s days", form) % {"num": number_in(n, code)}


def number(n: float) -> str:
    """``n`` written in the request's language's forms ("0.5", "0,5")."""
    return number_in(n, current().code)


@functools.lru_cache(maxsize=1024)
def number_in(n: float, code: str) -> str:
    """``n`` written in language ``code``'s forms, remembered (babel's formatting took half of
    a game answer's expiry notice)."""
    return format_decimal(n, locale=code)


def expires(game: Game, upkeep: Upkeep, now: float | None = None) -> JSONObject:
    """When a game will be deleted if nobody changes it, and in words ("in 3 days")."""
    return expires_after(game.updated + rule_of(game, upkeep)[0], now)


def expires_after(at: float, now: float | None = None) -> JSONObject:
    """A game deleted at ``at`` unless changed: when, and in words ("in 3 days")."""
    left = max(0.0, at - (time.time() if now is None else now))
    if left >= 2 * DAY:
        words = f"in {round(left / DAY)} days"
    elif left >= 2 * 3600:
        words = f"in {round(left / 3600)} hours"
    else:
        words = "within the next two hours"
    return {"at": round(at), "in_words": words}


def notice(game: Game, upkeep: Upkeep, now: float | None = None) -> JSONObject:
    """:func:`expires` with a sentence for the game's page in the request's language: the
    rule, and when it applies to this game ("A game nobody moves in for 30 days is removed:
    this one in 30 days, unless someone moves.").  Only "when" is worked out per request: the
    sentence is remembered per (language, rule, finished or not, days or hours and how many)."""
    seconds, kind = rule_of(game, upkeep)
    when = expires_after(game.updated + seconds, now)
    left = max(0.0, float(when["at"]) - (time.time() if now is None else now))
    if left >= 2 * DAY:
        unit, n = "days", round(left / DAY)
    elif left >= 2 * 3600:
        unit, n = "hours", round(left / 3600)
    else:
        unit, n = "soon", 0
    text = notice_text(kind, seconds, game.over, unit, n, current().code)
    return dict(when, text=text)


@functools.lru_cache(maxsize=1024)
def notice_text(kind: RuleKind, seconds: float, over: bool, unit: str, n: int, code: str) -> str:
    """The expiry notice's sentence in language ``code``: rule ``kind`` (keeping a game
    ``seconds``), then when it applies ("in N days", "in N hours" or soon), remembered per
    its arguments (they are all it depends on)."""
    said = catalog(code)
    if unit == "days":
        when = said.ngettext("in %(num)s day", "in %(num)s days", n) % {"num": number_in(n, code)}
    elif unit == "hours":
        when = said.ngettext("in %(num)s hour", "in %(num)s hours", n) % {"num": number_in(n, code)}
    else:
        when = said.gettext("within the next two hours")
    found = rule_words(kind, seconds, code)
    if over:
        return said.gettext("%(rule)s: this one %(when)s.") % {"rule": found, "when": when}
    return said.gettext("%(rule)s: this one %(when)s, unless someone moves.") % {
        "rule": found,
        "when": when,
    }


def listed(line: Mapping[str, object], game: Game) -> JSONObject:
    """A "your games" line (app.games.view.summary) with when the game will be deleted."""
    return dict(line, expires=expires(game, get_upkeep()))


def run_once(store: GameStore, upkeep: Upkeep) -> JSONObject:
    """The jobs that are due now (each claimed in the store); what was done."""
    done: JSONObject = {}
    now = time.time()
    if store.claim_job("expire", upkeep.every * 0.9):
        done["expired"] = store.expire(
            now - upkeep.keep_finished,
            now - upkeep.keep_invites,
            unfinished_before=now - upkeep.keep_unfinished,
            lab_before=now - upkeep.keep_lab,
        )
        if done["expired"]:
            log.info("%d games expired", done["expired"])
    if store.claim_job("ends", upkeep.every * 0.9):  # games whose host died before their hooks
        done["ends"] = ends.sweep(store)
    if isinstance(store, Store):
        if store.claim_job("checkpoint", upkeep.every * 0.9):
            done["checkpoint"] = store.checkpoint("TRUNCATE")
        if upkeep.backups is not None and store.claim_job("backup", upkeep.backup_every):
            from app.upkeep.backup import back_up

            done["backup"] = str(
                back_up(store, upkeep.backups, upkeep.backups_kept, upkeep.backups_bytes)
            )
            log.info("store backed up to %s", done["backup"])
    return done


def loop(store: GameStore, upkeep: Upkeep, stop: threading.Event) -> None:
    """Run the due jobs every ``upkeep.every`` seconds (a few seconds after start first)."""
    wait = min(5.0, upkeep.every)
    while not stop.wait(wait):
        wait = upkeep.every
        try:
            run_once(store, upkeep)
        except StoreError as exc:
            log.warning("store upkeep skipped: %s", exc)
        except Exception:
            log.exception("store upkeep failed")


def get_upkeep() -> Upkeep:
    from flask import current_app

    return current_app.extensions["mancala_upkeep"]  # type: ignore[no-any-return]


def init_app(app: Flask) -> None:
    """Start the upkeep thread of this process (not under tests, nor with MAINTENANCE_SECONDS
    0), and the timer that ends games past their deadline (:mod:`app.games.flags`, every
    second; not under tests, nor with FLAG_SECONDS 0).  Gunicorn loads the app in each worker
    after forking, so each worker has them."""
    flags.init_app(app)
    upkeep = Upkeep.from_config(app.config, app.config.get("DATABASE"))
    app.extensions["mancala_upkeep"] = upkeep
    if app.testing or upkeep.every <= 0:
        return
    stop = threading.Event()
    thread = threading.Thread(
        target=loop,
        args=(app.extensions["mancala_store"], upkeep, stop),
        name=f"mancala-upkeep-{os.getpid()}",
        daemon=True,
    )
    thread.start()
    app.extensions["mancala_upkeep_stop"] = stop
