// @ts-check
// The analysis board's state: the position set up, the moves played from it, the server's
// answer about the position shown and its values; the request a position makes and the link
// that opens it again. No drawing and no requests here (analysis-draw.js, analysis-board.js).
import { positionLink } from "./analysis-link.js";
import { numbers } from "./position-editor.js";

/** @typedef {import("./position-editor.js").Position} Position */
/** @typedef {import("./types.js").MoveRecord} MoveRecord */

/**
 * A move played on the board, as the server describes it.
 * @typedef {{pit: number, player: number, notation: string, record: MoveRecord, swap?: boolean}} Played
 */

/**
 * The engine's values of a position's moves (app/board/service.py): each legal pit's value for
 * the mover in seeds of final margin, which are exact, the best pit, the pie rule's swap where
 * offered, and ``best_move``: the move the values say is best (``swap_move`` where the swap is
 * worth more than every pit).
 * @typedef {{values: Record<string, number>, exact: Record<string, boolean>, best: number,
 *   best_move: number, swap_value?: number, swap_exact?: boolean}} BoardValues
 */

/**
 * The server's answer about a position (app/board/position.py). Fields the page reads.
 * @typedef {object} BoardAnswer
 * @property {string} variant
 * @property {Record<string, unknown>} options
 * @property {number} pits
 * @property {string[][]} letters
 * @property {{board: number[], to_move: number, extra?: number[]}} start
 * @property {number[]} moves
 * @property {Played[]} played
 * @property {number[]} board
 * @property {number | null} to_move
 * @property {number[]} extra
 * @property {string} extra_text
 * @property {string} board_help
 * @property {import("./types.js").SpecialPit[]} special_pits
 * @property {number[]} scores
 * @property {number[]} legal_moves
 * @property {boolean} can_swap the pie rule: the player to move may swap sides (``swap_move``)
 * @property {number} swap_move
 * @property {boolean} over
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {import("./api-types.js").EndWords | null} end_words the ending as a message id and its arguments
 * @property {BoardValues} [values]
 */

export const state = {
  /** @type {Position | null} the position set up */
  start: null,
  /** @type {number[]} pits played from the start to the position shown */
  moves: [],
  /** @type {number[]} the whole line (an imported record, or the moves played): ``moves`` is
   * its start; stepping back keeps the rest until another move is played */
  line: [],
  /** @type {Played[]} the server's account of the whole line's moves */
  linePlayed: [],
  /** @type {BoardAnswer | null} the server's answer for the position shown */
  answer: null,
  /** @type {BoardValues | null} the engine's values for that position */
  values: null,
  bottom: 0,
  /** @type {import("./board.js").Board | null} */
  board: null,
  seq: 0, // the request whose answer may still be drawn
};

/** The position set up (main() adopts one before anything else runs). @returns {Position} */
export function started() {
  return /** @type {Position} */ (state.start);
}

/**
 * The request for ``start``, with more fields (moves, values).
 * @param {Position} start
 * @param {Record<string, unknown>} [extra]
 */
export function positionBody(start, extra = {}) {
  /** @type {Record<string, unknown>} */
  const body = { variant: start.variant, options: start.options, board: start.board, to_move: start.to_move };
  if (start.extra && start.extra.length) body.extra = start.extra;
  return { ...body, ...extra };
}

/** Take the answer's start and moves as the page's. @param {BoardAnswer} answer */
export function adopt(answer) {
  state.start = {
    variant: answer.variant,
    options: answer.options,
    board: answer.start.board,
    to_move: answer.start.to_move,
    extra: answer.start.extra || [],
  };
  state.moves = answer.moves.slice();
  state.line = answer.moves.slice();
  state.linePlayed = answer.played.slice();
}

/** The link that opens ``start`` with ``moves`` played again. @param {Position} start @param {number[]} moves */
export function linkFor(start, moves) {
  return `${window.location.origin}${positionLink(start, moves)}`;
}

/** What the page's address asks for: a position and moves, or nothing (the default start). */
export function fromAddress() {
  const q = new URLSearchParams(window.location.search);
  const get = (/** @type {string} */ key) => q.get(key) || "";
  /** @type {Record<string, unknown>} */
  const body = {};
  if (q.has("variant")) body.variant = get("variant");
  if (q.has("options")) {
    try {
      body.options = JSON.parse(get("options"));
    } catch {
      body.options = get("options"); // the server says what is wrong with it
    }
  }
  if (q.has("board")) body.board = numbers(get("board"));
  if (q.has("to_move")) body.to_move = Number(get("to_move"));
  if (q.has("extra")) body.extra = numbers(get("extra"));
  if (q.has("moves")) body.moves = numbers(get("moves"));
  return body;
}
