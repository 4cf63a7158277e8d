// @ts-check
// The home page's room: the tournaments open or running, who leads each, a link to its page, and
// the viewer's own tournament game when one waits.  Live (tournament-list.js: a long-poll on the
// list's version, so a new tournament shows within a second); a game of the viewer's paired
// while the page is open takes them to it at once, with a sound.  When the server can't be
// reached the room's own status line says so.

import { t, tn } from "./i18n.js";
import { drawList, factsLine, followList, points } from "./tournament-list.js";

/**
 * The viewer's waiting games, each with its "Play your game" button.
 * @param {NonNullable<import("./tournament-list.js").TournamentList["yours"]>} yours
 */
function waiting(yours) {
  return yours.map((y) => {
    const li = document.createElement("li");
    li.className = "t-yours";
    const link = document.createElement("a");
    link.className = "button primary";
    link.href = y.url;
    link.textContent = t("Play your game");
    const about = document.createElement("span");
    about.textContent = y.round
      ? t("Your round %(round)s game in %(name)s is ready.", { round: y.round, name: y.name })
      : t("Your game in %(name)s is ready.", { name: y.name });
    li.append(about, link);
    return li;
  });
}

/**
 * A live tournament's facts: how many play, who leads.
 * @param {any} one
 */
function about(one) {
  const state =
    one.status === "open"
      ? tn("%(num)s joined, not started", "%(num)s joined, not started", one.players)
      : tn("%(num)s playing", "%(num)s playing", one.players);
  const leads = one.leader
    ? ` · ${t("%(name)s leads with %(points)s", { name: one.leader.name, points: points(one.leader.points) })}`
    : "";
  return factsLine(one, [state]) + leads;
}

/**
 * Show the live tournaments and the viewer's waiting game.
 * @param {import("./tournament-list.js").TournamentList} answer
 */
function show(answer) {
  const box = document.getElementById("lobby-tournaments-box");
  const list = document.getElementById("lobby-tournaments");
  if (!box || !list) return;
  const live = answer.tournaments.filter((/** @type {any} */ t) => t.status !== "finished");
  const yours = answer.yours || [];
  drawList(list, live, { about, before: waiting(yours) });
  box.hidden = live.length === 0 && yours.length === 0;
}

followList(show);
