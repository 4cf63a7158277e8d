// @ts-check
// A tournament game's page names its tournament and round, linked back to the tournament (where
// the next game is offered, or taken to at once when paired while that page is open).

import { t as tr } from "./i18n.js";
import { api } from "./api.js";
import { markVisited } from "./tournament-go.js";

const root = document.getElementById("game");
const line = document.getElementById("game-tournament");
const gameId = root?.dataset.gameId || "";

/**
 * Name the tournament and the round on the page.
 * @param {any} t the tournament
 * @param {string} url its page
 */
function show(t, url) {
  if (!line) return;
  const entry = t.games.find((/** @type {any} */ g) => g.game === gameId);
  const link = document.createElement("a");
  link.href = url;
  link.textContent = t.name;
  const where = t.system === "arena" ? tr("arena game") : entry ? tr("round %(num)s", { num: entry.round }) : "";
  line.replaceChildren(`${tr("Tournament:")} `, link, where ? ` · ${where}` : "");
  line.hidden = false;
}

async function start() {
  if (!gameId || !line) return;
  markVisited(gameId); // back on the tournament's page, the player is not sent here again
  const game = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
  if (!game.tournament) return;
  const t = await api("GET", `/api/tournaments/${encodeURIComponent(game.tournament.id)}`);
  show(t, game.tournament.url);
}

start().catch(() => {}); // no tournament to name: the page goes on without it
