// @ts-check
// The home page's room: the tournaments open or running, who leads each, a link to its page.
// Looked at again every few seconds (the list is small and cheap).

import { api } from "./api.js";

const EVERY_MS = 10000;
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

async function look() {
  const box = document.getElementById("lobby-tournaments-box");
  const list = document.getElementById("lobby-tournaments");
  if (!box || !list) return;
  try {
    const { tournaments } = await api("GET", "/api/tournaments");
    const live = tournaments.filter((/** @type {any} */ t) => t.status !== "finished");
    list.replaceChildren();
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
    box.hidden = live.length === 0;
  } catch {
    // The room's own status line says when the server can't be reached.
  }
}

look();
setInterval(look, EVERY_MS);
