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

/** @typedef {import("./api-types.js").AnalysedMove} AnalysedMove one move's judgement in an analysis */
/**
 * A game's analysis so far (the page makes an empty one, without the fields it fills in, before
 * the first answer).
 * @typedef {Omit<import("./api-types.js").AnalysisAnswer, "current" | "thresholds" | "help" | "capped">
 *   & Partial<import("./api-types.js").AnalysisAnswer>} Analysis
 */
/** @typedef {import("./api-types.js").PositionValues} PositionValues every legal move's value in one position */

export {};
