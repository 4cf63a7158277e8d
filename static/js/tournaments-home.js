// @ts-check
// The home page's room: the tournaments open or running, who leads each, a link to its page, and
// the viewer's own tournament game when one waits.  Live: a long-poll on the list's version, so
// a new tournament shows within a second; a game of the viewer's paired while the page is open
// takes them to it at once, with a sound (tournament-go.js).

import { api } from "./api.js";
import { goToGame } from "./tournament-go.js";

const RETRY_MS = 3000;
const SYSTEMS = /** @type {Record<string, string>} */ ({
  round_robin: "Round robin",
  swiss: "Swiss",
  arena: "Arena",
});

/**
 * A points number as people write it (½ for a half).
 * @param {number} n
 */
function points(n) {
  const whole = Math.floor(n);
  if (n - whole === 0.5) return whole === 0 ? "½" : `${whole}½`;
  return String(n);
}

/** The games of yours known when the page opened (offered, not jumped to). @type {Set<string> | null} */
let known = null;

/**
 * Show the live tournaments and the viewer's waiting game.
 * @param {any} answer
 */
function show(answer) {
  const box = document.getElementById("lobby-tournaments-box");
  const list = document.getElementById("lobby-tournaments");
  if (!box || !list) return;
  const live = answer.tournaments.filter((/** @type {any} */ t) => t.status !== "finished");
  const yours = /** @type {any[]} */ (answer.yours || []);
  list.replaceChildren();
  for (const y of yours) {
    const li = document.createElement("li");
    li.className = "t-yours";
    const link = document.createElement("a");
    link.className = "button primary";
    link.href = y.url;
    link.textContent = "Play your game";
    const about = document.createElement("span");
    about.textContent = `Your ${y.round ? `round ${y.round} ` : ""}game in ${y.name} is ready.`;
    li.append(about, link);
    list.append(li);
  }
  for (const t of live) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/tournaments/${t.id}`;
    link.textContent = t.name;
    const about = document.createElement("span");
    about.className = "muted";
    const state = t.status === "open" ? `${t.players} joined, not started` : `${t.players} playing`;
    const leads = t.leader ? ` · ${t.leader.name} leads with ${points(t.leader.points)}` : "";
    about.textContent = `${SYSTEMS[t.system]} · ${t.title} · ${state}${leads}`;
    li.append(link, about);
    list.append(li);
  }
  box.hidden = live.length === 0 && yours.length === 0;
  if (known === null) known = new Set(yours.map((y) => y.game));
  const fresh = yours.find((y) => !known?.has(y.game));
  if (fresh) goToGame(fresh.game, fresh.url);
}

async function follow() {
  /** @type {number | null} */
  let since = null;
  for (;;) {
    try {
      const url = since === null ? "/api/tournaments" : `/api/tournaments?since=${since}`;
      const answer = await api("GET", url, undefined, { timeout: 60000 });
      since = answer.version;
      show(answer);
    } catch {
      // The room's own status line says when the server can't be reached.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

follow();
