// @ts-check
// The tournaments in the room, kept live (tournament-list.js: a long-poll on the list's version,
// a new tournament shows within a second), and the form that creates one (its creator directs
// it).  A game of the viewer's paired while the page is open takes them to it.

import { UNREACHABLE, api, errorText } from "./api.js";
import { onConnection } from "./follow.js";
import { t as tr, tn } from "./i18n.js";
import { clockText, drawList, factsLine, followList } from "./tournament-list.js";

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

/** A tournament's state in a word, as the list shows it. */
const STATUS = /** @type {Record<string, string>} */ ({
  open: tr("open"),
  running: tr("running"),
  paused: tr("paused"),
  ending: tr("ending"),
  finished: tr("finished"),
});

/**
 * Show the list.
 * @param {any[]} tournaments
 */
function show(tournaments) {
  drawList($("t-list"), tournaments, {
    about: (t) => factsLine(t, [clockText(t), tn("%(num)s player", "%(num)s players", t.players), STATUS[t.status] || t.status]),
    empty: tr("No tournament yet: create the first one below."),
  });
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
onConnection((ok) => {
  if (!ok) $("t-list").textContent = UNREACHABLE; // drawn again once the server answers
});
followList((answer) => show(answer.tournaments));
