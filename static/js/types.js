// @ts-check
// The shapes of the server's JSON that the pages read, as JSDoc types for the type check
// (`tsc --checkJs`). Types only: importing them costs nothing at run time. The server's own
// description is /api/openapi.json; fields a page does not read are left out.

/**
 * What one move did (the engine's MoveRecord as JSON).
 * @typedef {object} MoveRecord
 * @property {number} player
 * @property {number} pit
 * @property {number[]} sown board indices, in sowing order
 * @property {[number, number][]} captures [board index, seeds] the mover took
 * @property {[number, number][]} [opponent_captures] seeds the opponent took during the move
 * @property {[number, number][]} lifted [board index, seeds] lifted to sow on (relay sowing)
 * @property {number} [captured]
 * @property {boolean} extra_turn
 * @property {boolean} ended
 * @property {string} [end_reason]
 * @property {number[]} [banked] seeds banked at the end, by seat
 */

/**
 * A computer's (or a hint's) decision.
 * @typedef {object} Decision
 * @property {number} move
 * @property {number|null} [value]
 * @property {number} [depth]
 * @property {number} [nodes]
 * @property {number} [seconds]
 * @property {Record<string, number>} [move_values]
 * @property {number[]} [upper_bounds]
 * @property {boolean} [random]
 */

/**
 * A move of a game as the page shows it.
 * @typedef {object} Move
 * @property {number} ply
 * @property {number} turn
 * @property {number} player
 * @property {number} pit
 * @property {string} letter the server's letter of the pit played ("" for a swap)
 * @property {boolean} swap the pie rule's swap of sides (no pit played)
 * @property {string} notation
 * @property {MoveRecord} record
 * @property {number[]} board the board after the move
 * @property {Decision|null} decision
 */

/**
 * A seat of a game, from the viewer's side.
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} kind
 * @property {string} name
 * @property {string|null} player_name
 * @property {boolean} open
 * @property {string|null} level
 * @property {string|null} algorithm
 * @property {boolean} yours
 * @property {boolean} [connected] between devices: whether the seat's browser is connected
 */

/**
 * A special pit (a tuzdyk): its board index, owner and kind.
 * @typedef {{pit: number, owner: number, kind: string}} SpecialPit
 */

/**
 * A game as the server sends it to one viewer (app/games/view.py).
 * @typedef {object} Game
 * @property {string} id
 * @property {number} version
 * @property {string} variant
 * @property {string} title
 * @property {string} summary
 * @property {Record<string, unknown>} options
 * @property {number} pits
 * @property {boolean} stores_on_path
 * @property {number[]} stores the board indices of the two stores
 * @property {{store: string, seeds: string}} words
 * @property {string[][]} letters each player's pit letters, ``letters[player][pit]``
 * @property {string} board_help
 * @property {string} mode "computer", "local", "remote" or "watch"
 * @property {Seat[]} seats
 * @property {number[]} you the viewer's seats
 * @property {number} first_player
 * @property {number[]} extra
 * @property {string} extra_text
 * @property {SpecialPit[]} special_pits
 * @property {number[]} initial_board
 * @property {{board: number[], to_move: number, extra?: number[]} | null} start a position set up by hand
 * @property {number[]} board
 * @property {number|null} to_move
 * @property {number[]} legal_moves
 * @property {boolean} can_swap the pie rule: the player to move may swap sides instead
 * @property {number} swap_move the move that swaps sides (posted as the pit)
 * @property {boolean} your_turn
 * @property {number[]} scores
 * @property {string} status "playing" or "over"
 * @property {number|null} winner
 * @property {number|null} resigned
 * @property {string} end_reason
 * @property {string|null} end_kind
 * @property {string|null} ended_by
 * @property {number|null} flagged
 * @property {{winner: number|null, by: string, scores: number[], captured: number[], banked: number[],
 *   text: string, detail: string} | null} result
 * @property {{wins: number[], draws: number, games: number, text: string} | null} series
 * @property {boolean} rated whether the game counts for the players' ratings
 * @property {{id: string, name: string, url: string} | null} [tournament] the tournament
 *   the game belongs to (it pairs the next game; no rematch)
 * @property {{pool: string, title: string, settled: boolean,
 *   seats: import("./player-ratings.js").SeatRating[]} | null} [ratings] a rated game's ratings
 * @property {boolean} hints
 * @property {number[]} hints_used
 * @property {any} clock the clocks (clock.js reads them), or null
 * @property {number} server_time_ms
 * @property {boolean} can_undo
 * @property {boolean} undo_asks
 * @property {boolean} thinking
 * @property {number|null} think_seconds
 * @property {boolean} paused
 * @property {number} delay
 * @property {Move[]} moves
 * @property {Decision|null} last_decision
 * @property {any} takeback a takeback asked, or null
 * @property {any} rematch a rematch offered or agreed, or null
 * @property {number|null} draw_offer the seat offering a draw
 * @property {boolean} can_offer_draw
 * @property {boolean} can_abort
 * @property {boolean} waiting_for_seat
 * @property {{seat: number, left_ms: number} | null} start_wait
 * @property {boolean} can_join
 * @property {number} updated
 * @property {any} expires
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
