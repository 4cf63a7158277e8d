// @ts-check
// The AI lab page: asks the server for one game of a match at a time (the server plays it in
// the computer's fair queue and answers with the tally and the Elo so far), draws the running
// score (or, for the sweep preset, the win rate against the playouts) and lists every game.

import { api, ApiError } from "./api.js";
import { num, t, tn } from "./i18n.js";

/**
 * Agent specs, scores and Elo inside a sentence, kept left to right on a right-to-left page
 * (Unicode's isolates: plain text, so it works in ``textContent``).
 * @param {string} text
 */
const iso = (text) => (document.documentElement.dir === "rtl" ? `\u2066${text}\u2069` : text);

/**
 * The element with ``id`` (lab.html has it): an input, select or button as the caller uses it.
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
/**
 * One game of a match as the server answers it (POST /api/lab/games).
 * @typedef {object} LabGame
 * @property {string} url
 * @property {number[]} scores
 * @property {number} a_player the seat A played
 * @property {string} outcome A's: "win", "draw" or "loss"
 * @property {number[]} tally A's wins, draws and losses so far
 * @property {number} score A's score so far, 0..1
 * @property {Elo} elo
 */

/** @typedef {{diff: number | null, low: number | null, high: number | null}} Elo */
/** @typedef {{x: number, y: number, low: number, high: number}} Point */
/** @typedef {{variant: string, a: string, b: string, games: number, seed: number}} Settings */

const SVG = "http://www.w3.org/2000/svg";
const SWEEP = [5, 10, 20, 50, 100];
const SWEEP_GAMES = 10;
let stopping = false;

/**
 * An SVG element.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {string} [text]
 */
function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

/** @param {string} text */
function status(text) {
  $("lab-status").textContent = text;
}

/** @param {Elo} elo */
function eloText(elo) {
  const f = (/** @type {number | null} */ x, /** @type {string} */ sign) => iso(x === null ? `${sign}∞` : `${x > 0 ? "+" : ""}${Math.round(x)}`);
  const confidence = num(0.95, { style: "percent" });
  return t("Elo %(diff)s (%(confidence)s: %(low)s to %(high)s)", { diff: f(elo.diff, "+"), confidence, low: f(elo.low, "−"), high: f(elo.high, "+") });
}

/**
 * A line chart of points {x, y, low, high} (y in 0..1) with axes; x runs over 0..xMax.
 * @param {Point[]} points
 * @param {{xMax: number, xLabel: string, yLabel: string, logX?: boolean}} axes
 */
function drawChart(points, { xMax, xLabel, yLabel, logX = false }) {
  const svg = $("lab-chart");
  svg.replaceChildren();
  const L = 52, R = 580, T = 16, B = 220;
  const xs = (/** @type {number} */ x) => {
    if (logX) return L + ((Math.log(x) - Math.log(points[0]?.x || 1)) / (Math.log(xMax) - Math.log(points[0]?.x || 1) || 1)) * (R - L);
    return L + (x / xMax) * (R - L);
  };
  const ys = (/** @type {number} */ y) => B - y * (B - T);
  svg.append(el("line", { x1: L, y1: B, x2: R, y2: B, class: "axis" }));
  svg.append(el("line", { x1: L, y1: T, x2: L, y2: B, class: "axis" }));
  for (const y of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(el("line", { x1: L, y1: ys(y), x2: R, y2: ys(y), class: y === 0.5 ? "even" : "grid" }));
    svg.append(el("text", { x: L - 8, y: ys(y) + 4, class: "tick", "text-anchor": "end" }, num(y, { style: "percent" })));
  }
  svg.append(el("text", { x: (L + R) / 2, y: 252, class: "label", "text-anchor": "middle" }, xLabel));
  svg.append(el("text", { x: 12, y: (T + B) / 2, class: "label", "text-anchor": "middle", transform: `rotate(-90 12 ${(T + B) / 2})` }, yLabel));
  if (!points.length) return;
  const band = points.map((p) => `${xs(p.x)},${ys(p.high)}`).concat(points.slice().reverse().map((p) => `${xs(p.x)},${ys(p.low)}`));
  svg.append(el("polygon", { points: band.join(" "), class: "band" }));
  svg.append(el("polyline", { points: points.map((p) => `${xs(p.x)},${ys(p.y)}`).join(" "), class: "line" }));
  for (const p of points) {
    svg.append(el("circle", { cx: xs(p.x), cy: ys(p.y), r: 3.5, class: "dot" }));
    if (logX) svg.append(el("text", { x: xs(p.x), y: B + 16, class: "tick", "text-anchor": "middle" }, String(p.x)));
  }
  if (!logX) svg.append(el("text", { x: R, y: B + 16, class: "tick", "text-anchor": "end" }, String(xMax)));
}

/** @param {LabGame} result @param {string} label */
function listGame(result, label) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = result.url;
  a.target = "_blank"; // a new tab: Back would lose the match and its chart
  a.rel = "noopener";
  const [sa, sb] = [result.scores[result.a_player], result.scores[1 - result.a_player]];
  const score = iso(`${sa}–${sb}`);
  const said = result.outcome === "win" ? t("A won %(score)s", { score }) : result.outcome === "draw" ? t("A drew %(score)s", { score }) : t("A lost %(score)s", { score });
  const seat = result.a_player === 0 ? t("A played first seat") : t("A played second seat");
  a.textContent = t("%(label)s: %(result)s (%(seat)s)", { label, result: said, seat });
  li.append(a);
  $("lab-games-list").append(li);
}

/**
 * Ask for one game; when the server says to wait (its limits, a busy queue), wait and ask again.
 * @param {Settings & {game: number, tally: number[]}} body
 * @returns {Promise<LabGame>}
 */
async function playOne(body) {
  for (let tries = 0; ; tries++) {
    try {
      return await api("POST", "/api/lab/games", body);
    } catch (err) {
      const later = err instanceof ApiError && (err.status === 429 || err.status === 503);
      if (!later || tries >= 60 || stopping) throw err;
      status(t("%(reason)s — waiting, then game %(game)s again…", { reason: err.message, game: body.game + 1 }));
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * Play a whole match, game by game; call ``onGame`` with each answer.
 * @param {Settings} settings
 * @param {(result: LabGame, game: number) => void} onGame
 */
async function match({ variant, a, b, games, seed }, onGame) {
  let tally = [0, 0, 0];
  /** @type {LabGame | null} */
  let last = null;
  for (let game = 0; game < games && !stopping; game++) {
    status(t("Playing game %(game)s of %(games)s: %(a)s against %(b)s…", { game: game + 1, games, a: iso(a), b: iso(b) }));
    last = await playOne({ variant, a, b, games, game, seed, tally });
    tally = last.tally;
    onGame(last, game);
  }
  return last;
}

/** @param {boolean} on */
function busy(on) {
  $("lab-start").disabled = on;
  $("lab-sweep").disabled = on;
  $("lab-stop").disabled = !on;
}

/** Run ``work``; the previous results stay until its first game is back (a bad agent name
 * is refused before any game, and the results on screen are kept).
 * @param {() => Promise<unknown>} work */
async function run(work) {
  stopping = false;
  busy(true);
  try {
    await work();
  } catch (err) {
    status(err instanceof ApiError ? err.message : String(err));
  } finally {
    busy(false);
  }
}

/** A new run's first game is back: clear the last run's games and retitle the chart. */
/** @param {string} title */
function fresh(title) {
  $("lab-games-list").replaceChildren();
  $("lab-chart-title").textContent = title;
}

/** @param {Event} event */
/** @param {SubmitEvent} event */
function startMatch(event) {
  event.preventDefault();
  const settings = {
    variant: $("lab-variant").value,
    a: $("lab-a").value.trim(),
    b: $("lab-b").value.trim(),
    games: Number($("lab-games").value),
    seed: 1 + Math.floor(Math.random() * 1e6),
  };
  /** @type {Point[]} */
  const points = [];
  run(async () => {
    const last = await match(settings, (/** @type {LabGame} */ result, /** @type {number} */ game) => {
      if (game === 0) fresh(t("%(a)s's running score against %(b)s", { a: iso(settings.a), b: iso(settings.b) }));
      const n = result.tally[0] + result.tally[1] + result.tally[2];
      const low = result.elo.low === null ? 0 : 1 / (1 + 10 ** (-result.elo.low / 400));
      const high = result.elo.high === null ? 1 : 1 / (1 + 10 ** (-result.elo.high / 400));
      points.push({ x: n, y: result.score, low, high });
      drawChart(points, { xMax: settings.games, xLabel: t("games"), yLabel: t("score of A") });
      listGame(result, t("Game %(game)s", { game: game + 1 }));
      const tally = iso(result.tally.join("–"));
      const score = num(result.score, { style: "percent", maximumFractionDigits: 0 });
      status(tn("%(num)s of %(games)s game: A %(tally)s (wins–draws–losses), score %(score)s, %(elo)s", "%(num)s of %(games)s games: A %(tally)s (wins–draws–losses), score %(score)s, %(elo)s", settings.games, { num: n, games: settings.games, tally, score, elo: eloText(result.elo) }));
    });
    if (last && stopping) status(t("Stopped. %(status)s", { status: $("lab-status").textContent }));
  });
}

function startSweep() {
  const variant = $("lab-variant").value;
  /** @type {Point[]} */
  const points = [];
  run(async () => {
    for (const playouts of SWEEP) {
      if (stopping) break;
      const a = `mcts:iterations=${playouts}`;
      const last = await match({ variant, a, b: "random", games: SWEEP_GAMES, seed: playouts }, (/** @type {LabGame} */ result, /** @type {number} */ game) => {
        if (!points.length && game === 0) {
          fresh(t("MCTS against random: A's score as the playouts a move grow"));
          drawChart([], { xMax: SWEEP[SWEEP.length - 1], xLabel: t("playouts a move"), yLabel: t("score of MCTS"), logX: true });
        }
        listGame(result, tn("%(num)s playout, game %(game)s", "%(num)s playouts, game %(game)s", playouts, { game: game + 1 }));
      });
      if (!last) break;
      const low = last.elo.low === null ? 0 : 1 / (1 + 10 ** (-last.elo.low / 400));
      const high = last.elo.high === null ? 1 : 1 / (1 + 10 ** (-last.elo.high / 400));
      points.push({ x: playouts, y: last.score, low, high });
      drawChart(points, { xMax: SWEEP[SWEEP.length - 1], xLabel: t("playouts a move"), yLabel: t("score of MCTS"), logX: true });
      const score = num(last.score, { style: "percent", maximumFractionDigits: 0 });
      status(tn("%(num)s playout a move: MCTS scored %(score)s against random (%(elo)s)", "%(num)s playouts a move: MCTS scored %(score)s against random (%(elo)s)", playouts, { score, elo: eloText(last.elo) }));
    }
  });
}

$("lab-form").addEventListener("submit", startMatch);
$("lab-sweep").addEventListener("click", startSweep);
$("lab-stop").addEventListener("click", () => {
  stopping = true;
  status(t("Stopping after this game…"));
});
drawChart([], { xMax: 20, xLabel: t("games"), yLabel: t("score of A") });
