// @ts-check
// The shapes of the server's JSON that the pages read, as JSDoc types for the type check
// (`tsc --checkJs`). Types only: importing them costs nothing at run time. They are the
// API document's own (/api/openapi.json), generated into api-types.js from the views'
// TypedDicts (`python -m tools.api_types`); here they get the names the pages use.

/** @typedef {import("./api-types.js").MoveRecordView} MoveRecord what one move did */
/** @typedef {import("./api-types.js").DecisionView} Decision a computer's or a hint's decision */
/** @typedef {import("./api-types.js").MoveView} Move a move of a game as the page shows it */
/** @typedef {import("./api-types.js").SeatView} Seat a seat, from the viewer's side */
/** @typedef {import("./api-types.js").SpecialPit} SpecialPit a special pit (a tuzdyk) */
/**
 * A game as the server sends it to one viewer; its clock as any (clock.js draws a game it knows
 * has one).
 * @typedef {Omit<import("./api-types.js").GameAnswer, "clock"> & {clock: any}} Game
 */

/**
 * One move's judgement in a game's analysis.
 * @typedef {object} AnalysedMove
 * @property {number} ply
 * @property {number} player
 * @property {number} played
 * @property {number} best
 * @property {number} best_value
 * @property {number} played_value
 * @property {number} loss
 * @property {string} tag "best", "good", "inaccuracy", "mistake" or "blunder"
 * @property {boolean} exact
 * @property {boolean} [forced]
 * @property {number} after_seat0
 * @property {Record<string, number>} values
 * @property {Record<string, boolean>} values_exact
 */

/**
 * A game's analysis so far (app/analysis).
 * @typedef {object} Analysis
 * @property {string} status "none", "running", "done", "failed" or "withheld" (a rated game being played passes here)
 * @property {number} done
 * @property {number} total
 * @property {AnalysedMove[]} moves
 * @property {{player: number, average_loss: number, tags: Record<string, number>}[]} summary
 * @property {boolean} [current]
 * @property {number} [start_seat0]
 * @property {string} [help]
 * @property {string} [error]
 */

/**
 * Every legal move's value in one position, in seeds.
 * @typedef {object} PositionValues
 * @property {number} player
 * @property {Record<string, number>} values
 * @property {Record<string, boolean>} exact
 * @property {number} best
 * @property {number} value
 */

export {};
