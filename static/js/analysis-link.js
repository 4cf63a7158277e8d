// @ts-check
// The analysis board's address for a position: its start and the moves played from it (so the
// board's history rules still hold). The analysis board's own link (analysis-state.js) and the
// review's "Analyse from here" (a game's start and its moves up to a position).

/**
 * The analysis board's address (a path) for ``start`` and the ``moves`` played from it.
 * @param {{variant: string, options?: Record<string, unknown>, board: (number | null)[], to_move: number,
 *   extra?: number[]}} start
 * @param {number[]} moves
 */
export function positionLink(start, moves) {
  const q = new URLSearchParams();
  q.set("variant", start.variant);
  if (Object.keys(start.options || {}).length) q.set("options", JSON.stringify(start.options));
  q.set("board", start.board.join(","));
  q.set("to_move", String(start.to_move));
  if (start.extra && start.extra.length) q.set("extra", start.extra.join(","));
  if (moves.length) q.set("moves", moves.join(","));
  const page = "/analysis"; // (a path, not words)
  return `${page}?${q.toString()}`;
}

/**
 * @param {import("./types.js").Game & {start?: {board: number[], to_move: number, extra?: number[]} | null}} game
 *   the game view (GET /api/games/{id})
 * @param {number} pos how many of its moves are played (0: its start)
 */
export function analysisLink(game, pos) {
  const start = game.start || { board: game.initial_board, to_move: game.first_player };
  const moves = (game.moves || []).slice(0, pos).map((m) => m.pit);
  return positionLink({ variant: game.variant, options: game.options || {}, ...start }, moves);
}
