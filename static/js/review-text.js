// @ts-check
// The review's words: how a move is judged, seeds as a person reads them. Pure functions of
// the server's numbers and tags; no DOM.

/** The mark after a judged move in the move list. @type {Record<string, string>} */
export const TAG_MARK = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };

/** A judgement in words. @type {Record<string, string>} */
export const TAG_WORD = {
  best: "best move",
  good: "good move",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
};

/**
 * Seeds as a person reads them: "+3", "−1.5", "0".
 * @param {unknown} v
 * @returns {string}
 */
export function seedsText(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const s = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(1);
  return v > 0 ? `+${s}` : v < 0 ? `−${s}` : "0";
}

/**
 * "1 move", "3 moves".
 * @param {number} n
 * @param {string} word
 */
export function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Set a node's text only when it changes (no needless live-region announcements).
 * @param {Node} node
 * @param {string} value
 */
export function setText(node, value) {
  if (node.textContent !== value) node.textContent = value;
}
