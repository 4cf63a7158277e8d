// @ts-check
// The review's words: how a move is judged, seeds as a person reads them, in the page's
// language (i18n.js). Pure functions of the server's numbers and tags; no DOM.
import { lang, num, t } from "./i18n.js";

/** The mark after a judged move in the move list (the same in every language). @type {Record<string, string>} */
export const TAG_MARK = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };

/** A judgement in words. @type {Record<string, string>} */
export const TAG_WORD = {
  best: t("best move"),
  good: t("good move"),
  inaccuracy: t("inaccuracy"),
  mistake: t("mistake"),
  blunder: t("blunder"),
};

/**
 * Text that reads left to right (notation, signed values) kept so inside an Arabic sentence
 * (Unicode's isolates: plain text, so it works in ``textContent``); as written elsewhere.
 * @param {string} text
 */
export function ltr(text) {
  return lang === "ar" && text ? `\u2066${text}\u2069` : text;
}

/**
 * Seeds as a person reads them: "+3", "−1.5" ("−1,5" in French), "0".
 * @param {unknown} v
 * @returns {string}
 */
export function seedsText(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const digits = Number.isInteger(v) ? 0 : 1;
  const s = num(Math.abs(v), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return v > 0 ? `+${s}` : v < 0 ? `−${s}` : "0";
}

/**
 * Whether ``seat`` is the viewer's only seat with no name of its own (the sentence then says
 * "you": "À vous de jouer", not "Au tour de Vous").
 * @param {{seats: {yours: boolean, player_name?: string | null}[], you: number[]}} game
 * @param {number} seat
 */
export function isYou(game, seat) {
  const info = game.seats[seat];
  return Boolean(info && info.yours && game.you.length === 1 && !info.player_name);
}

/**
 * Set a node's text only when it changes (no needless live-region announcements).
 * @param {Node} node
 * @param {string} value
 */
export function setText(node, value) {
  if (node.textContent !== value) node.textContent = value;
}
