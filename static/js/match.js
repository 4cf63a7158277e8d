// @ts-check
// What a game between people carries beyond the board, as the server sends it: the clocks
// (clock.js), the series score across rematches ("You 2 – 1 Ben"), whether hints are allowed
// and who used them, and a rated game's ratings (player-ratings.js). Nothing is computed here: the words and counts are the server's.
import { renderClocks } from "./clock.js";
import { ratingsText } from "./player-ratings.js";

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
  if (!game.hints) return "Hints: off in this game";
  const used = game.hints_used || [0, 0];
  const parts = game.seats
    .filter((s) => used[s.seat] > 0)
    .map((s) => `${s.yours && game.you.length === 1 ? "you" : s.name} used ${used[s.seat]}`);
  return parts.length ? `Hints allowed · ${parts.join(", ")}` : "Hints allowed · none used yet";
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
  setLine(series, game.series ? `Series: ${game.series.text}` : "");
  const hints = line(series, "hints-note", "hints-note muted");
  setLine(hints, hintsText(game));
  setLine(line(hints, "rated-note", "rated-note muted"), ratingsText(game));
  if (game.hints === false) els.hint.hidden = true;
}
