// @ts-check
// The board page's view: the game the server sent, what is on screen, and the viewer's own
// choices; plus pure functions over it. No DOM and no rules here (chessground's state.ts and
// board.ts): whose pits are playable, what a move did and who may undo come from the server.
import { t as tr } from "./i18n.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Move} Move */
/** @typedef {import("./types.js").Decision} Decision */

/**
 * A hint on screen.
 * @typedef {{version: number, index: number, player: number, values: Record<string, number> | undefined,
 *   best: number, decision: Decision}} Hint
 */

/**
 * The board page's view (see createView for each field).
 * @typedef {object} View
 * @property {Game | null} game
 * @property {Game | null} newest
 * @property {number} latest
 * @property {Game[]} pending
 * @property {boolean} animating
 * @property {Move | null} moving
 * @property {boolean} sending
 * @property {boolean} flipped
 * @property {Hint | null} hint
 * @property {string} message
 * @property {string} notice
 * @property {import("./board.js").Board | null} board
 * @property {import("./animate.js").Skipper | null} skipper
 * @property {{text: string, seat?: number} | null} callout
 * @property {string | null} followed
 * @property {string | null} overShownFor
 * @property {boolean} resignArmed
 * @property {number[] | null} liveScores
 * @property {number | null} refocus
 * @property {boolean} sound
 * @property {number | null} premove the board index of the viewer's premove (seats.js)
 * @property {number | null} selected with move confirmation: the pit chosen
 * @property {boolean} confirm confirm each move (touch screens)
 * @property {boolean} invited came to play from an invitation
 * @property {boolean} joinTried pressed "Take the seat"
 * @property {string} offerSeen the opponent's offer or request last shown ("" for none)
 * @property {boolean} seated the viewer held a seat when last drawn
 */

/**
 * A decision shown on the pits, with its label.
 * @typedef {{player: number, values: Record<string, number> | undefined, best: number,
 *   decision: Decision, label: string}} Shown
 */

/** A fresh view. Each field says what it holds. @returns {View} */
export function createView() {
  return {
    game: null, // the game on screen (the server's JSON)
    newest: null, // the newest game received (maybe still waiting to be shown)
    latest: 0, // the highest version received
    pending: [], // games received and waiting to be shown, oldest first
    animating: false, // a move is being animated: the board is not playable meanwhile
    moving: null, // the move being animated (its entry of game.moves), for the status line
    sending: false, // a request is on its way: the board is not playable meanwhile
    flipped: false, // the viewer turned the board around
    hint: null, // the hint on screen: {version, index, player, values, best, decision}
    message: "", // an error to show in the status line instead of the status
    notice: "", // a passing word for the status line ("Looking for a good move…")
    board: null, // the Board drawn (board.js), made on the first render
    skipper: null, // skips the running animation (animate.js)
    callout: null, // the callout by the board: {text, seat} or null
    followed: null, // the rematch game this page already went to
    overShownFor: null, // the game whose result dialog was shown already
    resignArmed: false, // the resign button asks "Really resign?"
    liveScores: null, // during an animation: each seat's store as it fills
    refocus: null, // the pit index played from the keyboard focus: focus returns there
    sound: false, // sounds on (sound.js keeps the choice)
    premove: null, // the board index of the viewer's premove (seats.js), or null
    selected: null, // with move confirmation: the pit chosen, waiting for "Play"
    confirm: false, // confirm each move (touch screens), kept on this device (seats.js)
    invited: false, // came to play from an invitation link
    joinTried: false, // pressed "Take the seat"
    offerSeen: "", // the opponent's offer or request last shown: a new one is announced
    seated: false, // the viewer held a seat when last drawn: taking one is told to quick.js
  };
}

/**
 * The seat shown at the bottom: the viewer's own, or the open one an invited friend may take.
 * @param {View} view
 * @param {Game} game
 * @returns {number}
 */
export function bottomSeat(view, game) {
  let base = 0;
  if (game.you.length === 1) base = game.you[0];
  else if (!game.you.length && game.can_join) {
    const open = game.seats.find((s) => s.open);
    if (open) base = open.seat;
  }
  return view.flipped ? 1 - base : base;
}

/** Whether the viewer holds a seat. @param {Game} game */
export function seated(game) {
  return game.you.length > 0;
}

/** Someone looking on at a game between two devices (no seat, none open to take). @param {Game} game */
export function spectator(game) {
  return game.mode === "remote" && !seated(game);
}

/** @param {Game} game @returns {Move | null} */
export function lastMove(game) {
  return game.moves.length ? game.moves[game.moves.length - 1] : null;
}

/** Whether the viewer may play a pit now. @param {View} view @param {Game} game */
export function canPlay(view, game) {
  return game.your_turn && !view.sending && !view.animating && !view.pending.length;
}

/** The hint for the position on screen, if any. @param {View} view @param {Game} game @returns {Hint | null} */
export function shownHint(view, game) {
  return view.hint && view.hint.version === game.version ? view.hint : null;
}

/**
 * The computer's last move while its thinking is about the position on the board: until
 * another player moves (then its values were of an older position, and are not drawn).
 * @param {Game} game
 * @returns {import("./types.js").Move | null}
 */
export function thinkingMove(game) {
  const moved = [...game.moves].reverse().find((m) => m.decision);
  if (!moved) return null;
  return game.moves.slice(moved.ply + 1).some((m) => m.player !== moved.player) ? null : moved;
}

/** The decision to show on the pits: the hint, else (when asked) the computer's last one. @param {View} view @param {Game} game @param {boolean} showThinking @returns {Shown | null} */
export function shownDecision(view, game, showThinking) {
  const hint = shownHint(view, game);
  if (hint) return { ...hint, label: tr("Hint") };
  if (!showThinking) return null;
  const moved = thinkingMove(game);
  if (!moved) return null;
  const d = /** @type {Decision} */ (moved.decision); // (found: it has one)
  // A swap turned the board round: the pits' values were for the position before it.
  const values = moved.swap ? {} : d.move_values;
  return { player: moved.player, values, best: d.move, decision: d, label: game.seats[moved.player].name };
}

/**
 * Take in a game the server sent; true when it is to be shown (queued in ``view.pending``).
 * Older versions are dropped. The same version seen from a seat replaces the onlooker's view of
 * it: after taking a seat, a poll sent before can answer (first or last) with that view.
 * @param {View} view
 * @param {Game} game
 */
export function accept(view, game) {
  if (view.game && game.id !== view.game.id) return false;
  const seatedNow = view.newest && game.version === view.latest && game.you.length > view.newest.you.length;
  if (!seatedNow) {
    if (game.version <= view.latest) return false;
    view.latest = game.version;
  }
  view.newest = game;
  view.pending.push(game);
  return true;
}

/** Whether the first ``n`` moves of two games are the same. @param {Game} a @param {Game} b @param {number} n */
function samePrefix(a, b, n) {
  for (let i = 0; i < n; i += 1) {
    if (a.moves[i].notation !== b.moves[i].notation || a.moves[i].player !== b.moves[i].player) return false;
  }
  return true;
}

/**
 * What changed from the game on screen ``before`` to ``game``: the moves to animate, or a jump
 * (the first game, moves taken back, a different line) that is drawn at once.
 * @param {import("./types.js").Game | null} before
 * @param {import("./types.js").Game} game
 * @returns {{fresh: import("./types.js").Move[], jump: boolean, undone: boolean}}
 */
export function changes(before, game) {
  if (!before) return { fresh: [], jump: true, undone: false };
  const undone = game.moves.length < before.moves.length;
  if (undone || !samePrefix(before, game, before.moves.length)) return { fresh: [], jump: true, undone };
  return { fresh: game.moves.slice(before.moves.length), jump: false, undone: false };
}

/** The board before ``move`` (an entry of ``game.moves``). @param {Game} game @param {Move} move @returns {number[]} */
export function boardBefore(game, move) {
  return move.ply === 0 ? game.initial_board : game.moves[move.ply - 1].board;
}

/** Animation speed factor: a watched game follows its delay; a backlog goes faster. @param {View} view @param {Game} game */
export function speedFactor(view, game) {
  let factor = 1;
  if (game.mode === "watch") factor = Math.max(0.12, Math.min(1, game.delay));
  if (view.pending.length) factor *= 0.4;
  return factor;
}

/** The board indices of the special pits (tuzdyks) and their owners, from the server. @param {Game} game */
export function specialPits(game) {
  return game.special_pits || [];
}
