// @ts-check
// The tournaments in the room, and the form that creates one (its creator directs it).

import { api, errorText } from "./api.js";

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

async function list() {
  const ul = $("t-list");
  try {
    const { tournaments } = await api("GET", "/api/tournaments");
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
  } catch (err) {
    ul.textContent = errorText(err);
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
list();
