// @ts-check
// Where a pit or store sits in a board (the canonical layout: player 0's pits in sowing order,
// store 0, player 1's pits, store 1) and the letter the server gave it. The page's one place
// for this index math; no rules here.

/**
 * What the layout needs of a game or a position the server sent: pits a row and, for names,
 * the server's letters (``letters[player][pit]``).
 * @typedef {{pits: number, letters?: string[][]}} Layout
 */

/**
 * The board index of ``player``'s ``pit``.
 * @param {Layout} layout
 * @param {number} player
 * @param {number} pit
 * @returns {number}
 */
export function boardIndex(layout, player, pit) {
  return pit + (layout.pits + 1) * player;
}

/**
 * The board index of ``player``'s store.
 * @param {Layout} layout
 * @param {number} player
 * @returns {number}
 */
export function storeIndex(layout, player) {
  return player ? 2 * layout.pits + 1 : layout.pits;
}

/**
 * The [player, pit] of a board index (a store is its owner's pit number ``pits``).
 * @param {Layout} layout
 * @param {number} index
 * @returns {[number, number]}
 */
export function pitAt(layout, index) {
  const player = index <= layout.pits ? 0 : 1;
  return [player, index - (layout.pits + 1) * player];
}

/**
 * Whether a board index is a pit on a row (not a store, not off the board).
 * @param {Layout} layout
 * @param {number} index
 * @returns {boolean}
 */
export function onRow(layout, index) {
  const [, pit] = pitAt(layout, index);
  return index >= 0 && pit >= 0 && pit < layout.pits;
}

/**
 * The server's letter for ``player``'s ``pit`` ("C", "d"), as the notation writes it.
 * @param {Layout} layout
 * @param {number} player
 * @param {number} pit
 * @returns {string}
 */
export function letterOf(layout, player, pit) {
  return (layout.letters && layout.letters[player] && layout.letters[player][pit]) || "";
}

/**
 * The server's letter of the pit at a board index ("" for a store).
 * @param {Layout} layout
 * @param {number} index
 * @returns {string}
 */
export function letterAt(layout, index) {
  if (!onRow(layout, index)) return "";
  const [player, pit] = pitAt(layout, index);
  return letterOf(layout, player, pit);
}
