// @ts-check
// The tournaments in the room, kept live (a long-poll on the list's version: a new tournament
// shows within a second), and the form that creates one (its creator directs it).  A game of
// the viewer's paired while the page is open takes them to it (tournament-go.js).

import { api, errorText } from "./api.js";
import { goToGame } from "./tournament-go.js";

/**
 * @param {string} elementId
 * @returns {HTMLElement}
 */
function $(elementId) {
  return /** @type {HTMLElement} */ (document.getElementById(elementId));
}

/**
 * @param {string} elementId
 */
function value(elementId) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ ($(elementId)).value;
}

const SYSTEMS = /** @type {Record<string, string>} */ ({
  round_robin: "Round robin",
  swiss: "Swiss",
  arena: "Arena",
});

/**
 * Show the list.
 * @param {any[]} tournaments
 */
function show(tournaments) {
  const ul = $("t-list");
  ul.replaceChildren();
  if (!tournaments.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "No tournament yet: create the first one below.";
    ul.append(li);
  }
  for (const t of tournaments) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/tournaments/${t.id}`;
    a.textContent = t.name;
    const meta = document.createElement("span");
    meta.className = "muted";
    const clock = t.clock ? `${t.clock.minutes}+${t.clock.increment || 0}` : "no clock";
    meta.textContent = `${SYSTEMS[t.system]} · ${t.title} · ${clock} · ${t.players} players · ${t.status}`;
    li.append(a, meta);
    ul.append(li);
  }
}

/** The games of yours known when the page opened (offered, not jumped to). @type {Set<string> | null} */
let known = null;

async function follow() {
  /** @type {number | null} */
  let since = null;
  for (;;) {
    try {
      const url = since === null ? "/api/tournaments" : `/api/tournaments?since=${since}`;
      const answer = await api("GET", url, undefined, { timeout: 60000 });
      since = answer.version;
      show(answer.tournaments);
      const yours = /** @type {any[]} */ (answer.yours || []);
      if (known === null) known = new Set(yours.map((y) => y.game));
      const fresh = yours.find((y) => !known?.has(y.game));
      if (fresh) goToGame(fresh.game, fresh.url);
    } catch (err) {
      $("t-list").textContent = errorText(err);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function showFields() {
  const system = value("c-system");
  for (const el of document.querySelectorAll("[data-for]")) {
    /** @type {HTMLElement} */ (el).hidden = /** @type {HTMLElement} */ (el).dataset.for !== system;
  }
  const variant = value("c-variant");
  for (const el of document.querySelectorAll("[data-variant]")) {
    /** @type {HTMLElement} */ (el).hidden = /** @type {HTMLElement} */ (el).dataset.variant !== variant;
  }
}

$("c-system").addEventListener("change", showFields);
$("c-variant").addEventListener("change", showFields);
showFields();

$("t-create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = $("c-status");
  const system = value("c-system");
  const variant = value("c-variant");
  /** @type {Record<string, unknown>} */
  const body = { name: value("c-name"), system, variant, rated: value("c-rated") === "yes" };
  if (variant === "kalah") body.options = { pits: Number(value("c-pits")), seeds: Number(value("c-seeds")) };
  const minutes = Number(value("c-clock"));
  body.clock = minutes > 0 ? { minutes, increment: Number(value("c-increment")) } : null;
  if (system === "round_robin") body.cycles = Number(value("c-cycles"));
  if (system === "swiss") body.rounds = Number(value("c-rounds"));
  if (system === "arena") body.minutes = Number(value("c-minutes"));
  if (value("c-play") === "yes") {
    const you = value("c-you").trim();
    body.you = you || null;
  }
  try {
    const t = await api("POST", "/api/tournaments", body);
    window.location.assign(`/tournaments/${t.id}`);
  } catch (err) {
    status.textContent = errorText(err);
    status.classList.add("error");
  }
});

api("GET", "/api/me")
  .then((me) => {
    const input = /** @type {HTMLInputElement} */ ($("c-you"));
    if (me && me.name && !input.value) input.value = me.name;
  })
  .catch(() => {});
follow();
