"""The refusals the converted pages show (the room, tournaments, names), marked for the
catalogs: each use case raises its message in English and ``app.web.errors`` sends it in the
request's language. Each text here is exactly one a use case raises (a test checks they still
are, so an edited message is noticed); the rest are converted with the pages that show them.
"""

from __future__ import annotations

from app.i18n.choose import N_

REFUSALS = (
    # the room (app/lobby)
    N_("'to' must name the player to challenge (their name or tag)"),
    N_('send {"quiet": true} to turn quick messages off, false to turn them on'),
    N_("the seek is gone"),
    N_("only the challenged player may decline this challenge"),
    N_("only the player who made this seek may withdraw it"),
    N_("open the home page first: your browser has no player cookie yet"),
    N_("someone else took this seek a moment before you"),
    N_("there is no such seek any more: the player who made it left the room"),
    N_("this challenge is for another player"),
    N_("this challenge was answered or withdrawn meanwhile"),
    N_("this is your own seek: wait for someone to take it, or withdraw it"),
    N_("you can't challenge yourself"),
    N_("you turned quick messages off; turn them on to send one"),
    N_("your opponent turned quick messages off"),
    # tournaments (app/tournaments)
    N_("a tournament needs at least two players to start"),
    N_("only a running tournament can be paused or resumed"),
    N_("the director removed you from this tournament"),
    N_("this tournament has started already"),
    N_("this tournament has started: only an arena takes new players"),
    N_("this tournament is over"),
    N_("this tournament is over already"),
    N_("you are in this tournament already"),
    N_("you are not playing in this tournament"),
    N_("you left this tournament; only an arena takes players back"),
    N_("the tournament is changing too fast; try again"),
    N_("'name' must not contain control characters"),
    # names (app/games/names.py, app/players)
    N_("'name' may have only single spaces between words"),
    N_("'name' may not be '.' or '..'"),
    N_("'name' may not look like a guest's label ('Guest' and a number)"),
    N_("'name' may not look like a guest's label ('Guest' and a number): choose your own"),
    N_("'name' may not start with a combining mark"),
    N_("'name' must be a string of 1 to 24 visible characters"),
    N_("'name' must have at least one visible character"),
    N_('send {"name": "..."}: the name to take'),
    # the request itself (app/web)
    N_("send JSON with 'Content-Type: application/json'"),
    N_("the body is nested too deeply"),
    N_("the body must be a JSON object"),
)
