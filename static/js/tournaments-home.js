// @ts-check
// The home page's room: the tournaments open or running, who leads each, a link to its page, and
// the viewer's own tournament game when one waits.  Live (tournament-list.js: a long-poll on the
// list's version, so a new tournament shows within a second); a game of the viewer's paired
// while the page is open takes them to it at once, with a sound.  When the server can't be
// reached the room's own status line says so.

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
    link.textContent = "Play your game";
    const about = document.createElement("span");
    about.textContent = `Your ${y.round ? `round ${y.round} ` : ""}game in ${y.name} is ready.`;
    li.append(about, link);
    return li;
  });
}

/**
 * A live tournament's facts: how many play, who leads.
 * @param {any} t
 */
function about(t) {
  const state = t.status === "open" ? `${t.players} joined, not started` : `${t.players} playing`;
  const leads = t.leader ? ` · ${t.leader.name} leads with ${points(t.leader.points)}` : "";
  return factsLine(t, [state]) + leads;
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
