// @ts-check
// A tournament game's page names its tournament and round, linked back to the tournament.  For a
// player, the tournament is followed (a long-poll) while the page is open: once this game is
// over and the next one is paired, the player is taken to it at once (tournament-go.js).

import { api } from "./api.js";
import { goToGame, markVisited } from "./tournament-go.js";

const root = document.getElementById("game");
const line = document.getElementById("game-tournament");
const gameId = root?.dataset.gameId || "";
const RETRY_MS = 3000;

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
  const where = t.system === "arena" ? "arena game" : entry ? `round ${entry.round}` : "";
  line.replaceChildren("Tournament: ", link, where ? ` · ${where}` : "");
  line.hidden = false;
}

/**
 * Follow the tournament: each answer names it; a new game of the viewer's takes them there.
 * @param {string} base the tournament's API address
 * @param {string} url its page
 * @param {boolean} player whether the viewer plays in this game
 */
async function follow(base, url, player) {
  /** @type {number | null} */
  let since = null;
  for (;;) {
    try {
      const t = await api("GET", since === null ? base : `${base}?since=${since}`, undefined, {
        timeout: 60000,
      });
      since = t.version;
      show(t, url);
      if (!player || t.status === "finished") return;
      if (t.your_game && t.your_game !== gameId) {
        goToGame(t.your_game);
        return;
      }
    } catch {
      if (since === null) return; // no tournament to name: the page goes on without it
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

async function start() {
  if (!gameId) return;
  markVisited(gameId); // coming back to the tournament's page does not send the player here again
  const game = await api("GET", `/api/games/${encodeURIComponent(gameId)}`);
  if (!game.tournament) return;
  const base = `/api/tournaments/${encodeURIComponent(game.tournament.id)}`;
  follow(base, game.tournament.url, Array.isArray(game.you) && game.you.length > 0);
}

start().catch(() => {});
