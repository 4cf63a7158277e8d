// @ts-check
// The analysis board's address for a position of a game: the game's start and the moves played
// up to it (so the board's history rules still hold). Used by the review's "Analyse from here".

/**
 * @param {import("./types.js").Game & {start?: {board: number[], to_move: number, extra?: number[]} | null}} game
 *   the game view (GET /api/games/{id})
 * @param {number} pos how many of its moves are played (0: its start)
 */
export function analysisLink(game, pos) {
  const q = new URLSearchParams();
  q.set("variant", game.variant);
  q.set("options", JSON.stringify(game.options || {}));
  const start = game.start || { board: game.initial_board, to_move: game.first_player };
  q.set("board", start.board.join(","));
  q.set("to_move", String(start.to_move));
  if (start.extra && start.extra.length) q.set("extra", start.extra.join(","));
  const moves = (game.moves || []).slice(0, pos).map((m) => m.pit);
  if (moves.length) q.set("moves", moves.join(","));
  return `/analysis?${q.toString()}`;
}
