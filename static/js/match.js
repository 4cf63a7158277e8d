// @ts-check
// What a game between people carries beyond the board, as the server sends it: the clocks
// (clock.js), the series score across rematches ("You 2 – 1 Ben"), whether hints are allowed
// and who used them, and a rated game's ratings (player-ratings.js). Nothing is computed here: the words and counts are the server's.
import { renderClocks } from "./clock.js";
import { lang, t, tn } from "./i18n.js";
import { ratingsText } from "./player-ratings.js";
import { seatName } from "./text.js";

/** A name or a score kept whole inside a right-to-left sentence. @param {string} text */
const iso = (text) => (document.documentElement.dir === "rtl" ? `\u2066${text}\u2069` : text);

/**
 * @param {string} id
 * @param {HTMLElement} after
 * @param {string} className
 */
function line(after, id, className) {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("p");
    el.id = id;
    el.className = className;
    el.hidden = true;
    after.after(el);
  }
  return el;
}

/**
 * @param {HTMLElement} el
 * @param {string} value
 */
function setLine(el, value) {
  if (el.textContent !== value) el.textContent = value;
  el.hidden = !value;
}

/**
 * "Hints: off", or who used how many ("Hints allowed · Ben used 2"), for a game between people.
 * @param {import("./types.js").Game} game
 */
export function hintsText(game) {
  if (game.mode !== "local" && game.mode !== "remote") return "";
  if (!game.hints) return t("Hints: off in this game");
  const used = game.hints_used || [0, 0];
  const parts = game.seats
    .filter((s) => used[s.seat] > 0)
    .map((s) => (s.yours && game.you.length === 1 ? t("you used %(num)s", { num: used[s.seat] }) : t("%(name)s used %(num)s", { name: iso(seatName(game, s.seat)), num: used[s.seat] })));
  const list = new Intl.ListFormat(lang, { style: "short", type: "unit" });
  return parts.length ? t("Hints allowed · %(who)s", { who: list.format(parts) }) : t("Hints allowed · none used yet");
}

/**
 * The series line: "Series: You 2 – 1 Ben (1 draw)", the viewer first, worded in the page's
 * language from the server's counts and the seats' names.
 * @param {import("./types.js").Game} game
 */
export function seriesText(game) {
  const series = game.series;
  if (!series) return "";
  const me = game.you.length === 1 ? game.you[0] : null;
  const [a, b] = me === null ? [0, 1] : [me, 1 - me];
  const name = (/** @type {number} */ seat) => (seat === me ? t("You") : iso(seatName(game, seat)));
  const score = iso(`${series.wins[a]} – ${series.wins[b]}`);
  const line = t("Series: %(first)s %(score)s %(second)s", { first: name(a), score, second: name(b) });
  if (!series.draws) return line;
  const draws = tn("(%(num)s draw)", "(%(num)s draws)", series.draws);
  return `${line} ${draws}`;
}

/**
 * Draw the clocks, the series line and the hints line; hide the hint button when hints are off.
 * @param {any} els
 * @param {import("./types.js").Game} game
 * @param {number} bottom
 */
export function renderMatch(els, game, bottom) {
  renderClocks(els, game, bottom);
  const series = line(els.connection, "series", "series");
  setLine(series, seriesText(game));
  const hints = line(series, "hints-note", "hints-note muted");
  setLine(hints, hintsText(game));
  setLine(line(hints, "rated-note", "rated-note muted"), ratingsText(game));
  if (game.hints === false) els.hint.hidden = true;
}
