// @ts-check
// The players' clocks in a game between people: each name tag shows its side's time left, the
// running side counting down. The server keeps the time: a game's JSON says each side's time
// left as of its server_time_ms and whose clock runs; this module only counts the running side
// down between answers (and never decides a flag: when a clock shows 0:00 the server ends the
// game, and the page hears it through its long-poll).
import { t as tr } from "./i18n.js";
import { seatName } from "./text.js";

const TICK_MS = 100;
const LOW_MS = 20000; // below this a clock is shown as low on time
const NUDGE_MS = 1500; // at 0:00 with no news this long, read the game once (the server flags it)

// The smallest (client time - server time) seen: the clocks' offset plus the quickest answer.
// Answers shown late (after an animation) don't raise it, so a late render counts right.
let offset = Infinity;

/**
 * A game's clocks as the server sends them: each side's time left as of server_time_ms and
 * whose clock runs.
 * @typedef {{remaining_ms: number[], running: number | null, server_time_ms: number}} Clock
 */

/** @type {{game: import("./types.js").Game, els: any, bottom: number} | null} what is shown */
let shown = null;
let timer = 0;
let zeroSince = 0;

function serverNow() {
  return Date.now() - (Number.isFinite(offset) ? offset : 0);
}

/**
 * "4:59", or "9.8" seconds under ten (a side out of time shows "0.0").
 * @param {number} ms
 */
export function formatClock(ms) {
  const left = Math.max(0, ms);
  if (left < 10000) return (Math.floor(left / 100) / 10).toFixed(1);
  const seconds = Math.ceil(left / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Each side's time left now, from the server's answer.
 * @param {Clock} clock
 * @param {number} [now] the server's time now (ms)
 * @returns {number[]}
 */
export function timesLeft(clock, now = serverNow()) {
  return clock.remaining_ms.map((ms, seat) => {
    if (clock.running !== seat) return ms;
    return ms - Math.max(0, now - clock.server_time_ms);
  });
}

/**
 * Note a game's JSON as it arrives (for the offset between the two clocks).
 * @param {import("./types.js").Game} game
 */
export function noteAnswer(game) {
  if (game && typeof game.server_time_ms === "number") {
    offset = Math.min(offset, Date.now() - game.server_time_ms);
  }
}

/** The clock in a name tag (made on first use). @param {HTMLElement} tag */
function clockEl(tag) {
  let el = tag.querySelector(".clock");
  if (!el) {
    el = document.createElement("span");
    el.className = "clock";
    el.setAttribute("role", "timer");
    tag.append(el);
  }
  return el;
}

/**
 * The first-move window's time left now (ms), from the server's answer; null without one.
 * @param {import("./types.js").Game} game
 * @param {number} [now] the server's time now (ms)
 */
export function startLeft(game, now = serverNow()) {
  const wait = game.start_wait;
  if (!wait || game.status !== "playing") return null;
  return wait.left_ms - Math.max(0, now - game.server_time_ms);
}

/**
 * "Make your first move within 25 s, or the game is aborted." / "Ben has 25 s to …".
 * @param {import("./types.js").Game} game
 * @param {number | null} left ms
 */
export function startText(game, left) {
  if (left === null) return "";
  const seconds = tr("%(num)s s", { num: Math.max(0, Math.ceil(left / 1000)) });
  const seat = /** @type {{seat: number}} */ (game.start_wait).seat; // (a time left means a window)
  if (game.you.length === 1 && game.you[0] === seat) {
    return tr("Make your first move within %(time)s, or the game is aborted.", { time: seconds });
  }
  return tr("%(name)s has %(time)s to make a first move, or the game is aborted.", { name: seatName(game, seat), time: seconds });
}

/** @param {import("./types.js").Game} game */
function paintStart(game) {
  const el = document.getElementById("start-note");
  if (!el) return null;
  const left = startLeft(game);
  const value = startText(game, left);
  if (el.textContent !== value) el.textContent = value;
  el.hidden = !value;
  return left;
}

function paint() {
  if (!shown) return;
  const { game, els, bottom } = shown;
  const clock = game.clock;
  const left = timesLeft(clock);
  const start = paintStart(game);
  /** @type {[HTMLElement, number][]} */
  const tags = [
    [els.tagTop, 1 - bottom],
    [els.tagBottom, bottom],
  ];
  for (const [tag, seat] of tags) {
    const el = clockEl(tag);
    const value = formatClock(left[seat]);
    if (el.textContent !== value) el.textContent = value;
    const running = clock.running === seat && game.status === "playing";
    el.classList.toggle("running", running);
    el.classList.toggle("low", left[seat] < LOW_MS);
    el.classList.toggle("out", game.flagged === seat);
    el.setAttribute("aria-label", `${game.seats[seat].name}: ${value} left${running ? ", running" : ""}`);
  }
  nudge(clock, left, els, start);
}

// A running clock (or a first-move window) at 0 that the page has heard nothing about: one plain
// read makes the server write the end (the long-poll then brings it).
/**
 * @param {Clock} clock
 * @param {number[]} left each side's time left
 * @param {any} els
 * @param {number | null} start the first-move window's time left
 */
function nudge(clock, left, els, start) {
  const out = (clock.running !== null && left[clock.running] <= 0) || (start !== null && start <= 0);
  if (!out) {
    zeroSince = 0;
    return;
  }
  if (!zeroSince) zeroSince = Date.now();
  if (Date.now() - zeroSince > NUDGE_MS) {
    zeroSince = Date.now() + 5 * NUDGE_MS; // once in a while, not every tick
    fetch(els.root.dataset.api, { headers: { Accept: "application/json" } }).catch(() => {});
  }
}

/**
 * Show ``game``'s clocks in the name tags (none for a game without a clock).
 * @param {any} els
 * @param {import("./types.js").Game} game
 * @param {number} bottom the seat at the bottom
 */
export function renderClocks(els, game, bottom) {
  noteAnswer(game);
  if (!game.clock) {
    for (const tag of [els.tagTop, els.tagBottom]) tag.querySelector(".clock")?.remove();
    paintStart(game);
    shown = null;
    clearInterval(timer);
    timer = 0;
    return;
  }
  shown = { game, els, bottom };
  paint();
  const ticking = (game.clock.running !== null || Boolean(game.start_wait)) && game.status === "playing";
  if (ticking && !timer) timer = setInterval(paint, TICK_MS);
  if (!ticking && timer) {
    clearInterval(timer);
    timer = 0;
  }
}
