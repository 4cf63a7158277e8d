// @ts-check
// Draw the view into the page. Idempotent: render(view) twice leaves the page as once; it
// opens no dialog, navigates nowhere, starts no timer and sends nothing (chessground's
// render.ts). The words come from text.js, the facts from the server's game.
import { Board } from "./board.js";
import { boardIndex } from "./pits.js";
import {
  bottomSeat,
  canPlay,
  lastMove,
  seated,
  shownDecision,
  shownHint,
  specialPits,
  spectator,
} from "./state.js";
import { renderMatch } from "./match.js";
import { ratingsText } from "./player-ratings.js";
import * as text from "./text.js";

/** The page's elements by job, looked up once. */
export function findElements(doc = document) {
  /**
   * The element with ``id`` (the template has it): a dialog, button or input as its field says.
   * @param {string} id
   * @returns {any}
   */
  const $ = (id) => doc.getElementById(id);
  return {
    root: $("game"),
    board: $("board"),
    boardArea: $("board-area"),
    status: $("status"),
    connection: $("connection"),
    extra: $("extra"),
    callout: $("callout"),
    live: $("live"),
    moves: $("moves"),
    tagTop: $("tag-top"),
    tagBottom: $("tag-bottom"),
    undo: $("btn-undo"),
    hint: $("btn-hint"),
    flip: $("btn-flip"),
    resign: $("btn-resign"),
    rules: $("btn-rules"),
    closeRules: $("btn-close-rules"),
    closeOver: $("btn-close-over"),
    again: $("btn-again"),
    accept: $("btn-accept"),
    decline: $("btn-decline"),
    watch: $("watch"),
    pause: $("btn-pause"),
    speed: $("speed"),
    thinkingToggle: $("thinking-toggle"),
    thinkingCheck: $("show-thinking"),
    thinkingInfo: $("thinking-info"),
    overDialog: $("over-dialog"),
    overResult: $("over-result"),
    overPlayers: $("over-players"),
    overScore: $("over-score"),
    overReason: $("over-reason"),
    overMoves: $("over-moves"),
    overRatings: $("over-ratings"),
    rulesDialog: $("rules-dialog"),
    boardHelp: $("board-help"),
    boardHelpShort: $("board-help-short"),
    lastMove: $("last-move"),
    inviteText: $("invite-text"),
    sound: $("btn-sound"),
    join: $("join"),
    joinName: $("join-name"),
    share: $("share"),
    shareUrl: $("share-url"),
    presence: $("presence"),
    offer: $("offer"),
    offerText: $("offer-text"),
    swapOffer: $("swap-offer"),
    swapText: $("swap-text"),
    swap: $("btn-swap"),
    exportLink: $("export-link"),
  };
}

/**
 * The Board for this game, built (again) when the bottom seat changed.
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {import("./types.js").Game} game
 * @param {(index: number) => void} onPlay
 */
export function ensureBoard(view, els, game, onPlay) {
  if (!view.board) view.board = new Board(els.board, { pits: game.pits, letters: game.letters, onPlay });
  const board = view.board;
  board.setLabels({
    pit: (player, pit, n) => text.pitLabel(game, player, pit, n),
    store: (player, n) => text.storeLabel(game, player, n),
  });
  const bottom = bottomSeat(view, game);
  if (board.cells.size === 0 || board.bottom !== bottom) board.build(bottom);
  return board;
}

/**
 * @param {HTMLElement} el
 * @param {string} value
 */
function setText(el, value) {
  if (el.textContent !== value) el.textContent = value;
}

/**
 * Draw everything from ``view.game``.
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {(index: number) => void} onPlay
 */
export function render(view, els, onPlay) {
  const game = view.game;
  if (!game) return;
  const board = ensureBoard(view, els, game, onPlay);
  if (!view.animating) {
    board.setCounts(game.board);
    const last = lastMove(game);
    const hint = shownHint(view, game);
    const playable = canPlay(view, game);
    board.mark({
      legal: playable ? game.legal_moves : [],
      mover: game.to_move,
      last: last && !last.swap ? boardIndex(game, last.player, last.pit) : null,
      hint: hint ? hint.index : null,
    });
    els.board.classList.toggle("my-turn", playable);
  }
  renderSwap(view, els, game);
  board.markSpecial(specialPits(game), (special) => text.specialBadge(game, special));
  renderTags(view, els, game);
  renderStatus(view, els);
  renderCallout(view, els);
  if (!view.animating) renderLastMove(els, game, lastMove(game));
  // What a variant keeps beside the board: its special pits by owner when the server names
  // them (they are marked on the board too), else the server's own words.
  const colour = (/** @type {number} */ owner) => (owner === board.bottom ? "green" : "red"); // (style.css: the bottom owner's tag is the accent)
  const extra = game.special_pits ? text.specialsLine(game, colour) : game.extra_text || "";
  setText(els.extra, extra);
  els.extra.hidden = !extra;
  renderMoves(els, game);
  renderControls(view, els, game);
  renderPresence(els, game);
  renderOffer(els, game);
  // A player at a table between two devices may be sent an offer at any moment: the board is
  // sized with room for it below (on a phone's standing board), so that it never moves under
  // a finger when one comes.
  const table = game.mode === "remote" && game.you.length === 1 && game.status === "playing";
  els.boardArea.classList.toggle("at-table", table);
  renderThinking(view, els, game);
  renderOver(els, game);
  renderMatch(els, game, bottomSeat(view, game)); // clocks, series, hints (match.js)
  const help = game.board_help ? text.serverWords(game.board_help) : ""; // (marked in the engine)
  setText(els.boardHelp, help);
  setText(els.boardHelpShort, help);
  setText(els.sound, text.soundLabel(view.sound));
  els.sound.setAttribute("aria-pressed", String(Boolean(view.sound)));
}

/**
 * The pie rule's offer under the board: shown while the viewer may swap sides (the server
 * says when: ``can_swap``), with the words for it.
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
export function renderSwap(view, els, game) {
  const offered = Boolean(game.can_swap) && canPlay(view, game);
  els.swapOffer.hidden = !offered;
  els.swap.disabled = !offered;
  if (offered) setText(els.swapText, text.swapOfferText(game));
}

/**
 * The line under the board: what ``move`` did (the last one shown), until the next.
 * @param {any} els
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move | null} move
 */
export function renderLastMove(els, game, move) {
  setText(els.lastMove, text.lastMoveText(game, move));
}

/**
 * The name tags: names, scores (during an animation, the stores as they fill), who moves.
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
export function renderTags(view, els, game) {
  const bottom = bottomSeat(view, game);
  const scores = view.animating && view.liveScores ? view.liveScores : game.scores;
  for (const [tag, seat] of [
    [els.tagTop, 1 - bottom],
    [els.tagBottom, bottom],
  ]) {
    const invited = game.can_join && game.seats[seat].open;
    setText(tag.querySelector(".name"), invited ? text.YOUR_SEAT : text.seatName(game, seat));
    setText(tag.querySelector(".score"), String(scores[seat]));
    tag.dataset.seat = String(seat);
    // While a move is shown, its player is the one moving.
    const mover = view.moving ? view.moving.player : game.to_move;
    tag.classList.toggle("to-move", mover === seat);
    tag.classList.toggle("thinking", !view.moving && game.thinking && game.to_move === seat);
  }
}

/**
 * The status line: an error, the move being animated, or whose turn it is.
 * @param {import("./state.js").View} view
 * @param {any} els
 */
export function renderStatus(view, els) {
  const game = /** @type {import("./types.js").Game} */ (view.game); // (drawn only with a game)
  let value = view.message || view.notice;
  if (!value && view.moving) value = text.playingText(game, view.moving);
  if (!value) value = text.statusText(game);
  setText(els.status, value);
  els.status.classList.toggle("thinking", game.thinking && !view.message && !view.notice && !view.moving);
  els.status.classList.toggle("error", Boolean(view.message));
}

/**
 * The callout sits by the name tag of the player it is about.
 * @param {import("./state.js").View} view
 * @param {any} els
 */
export function renderCallout(view, els) {
  const value = view.callout ? view.callout.text : "";
  if (view.callout && view.game) {
    const tag = view.callout.seat === bottomSeat(view, view.game) ? els.tagBottom : els.tagTop;
    if (els.callout.parentElement !== tag) tag.append(els.callout);
  }
  setText(els.callout, value);
  els.callout.classList.toggle("shown", Boolean(value));
}

/**
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
function renderControls(view, els, game) {
  const playing = game.status === "playing";
  const onlooker = game.mode === "watch" || spectator(game);
  els.undo.disabled = !game.can_undo;
  setText(els.undo.lastChild, text.undoLabel(game));
  els.hint.disabled = !canPlay(view, game);
  els.resign.disabled = !(seated(game) && playing);
  setText(els.resign, view.resignArmed ? text.REALLY_RESIGN : text.RESIGN);
  els.resign.hidden = onlooker;
  els.undo.hidden = onlooker;
  els.hint.hidden = onlooker;
  els.watch.hidden = game.mode !== "watch" || !playing; // nothing to pause once it is over
  setText(els.pause, game.paused ? text.RESUME : text.PAUSE);
  els.pause.disabled = !playing;
  if (document.activeElement !== els.speed) els.speed.value = closestSpeed(els.speed, game.delay);
  els.join.hidden = !game.can_join;
  if (game.can_join) setText(els.inviteText, text.inviteText(game));
  const waiting = game.mode === "remote" && seated(game) && game.seats.some((s) => s.open);
  els.share.hidden = !waiting;
  if (waiting && !els.shareUrl.value) els.shareUrl.value = window.location.href;
  els.exportLink.href = `${els.root.dataset.api}/record?format=text`;
  els.exportLink.setAttribute("download", `mancala-${game.variant}-${game.id}.txt`);
  els.thinkingToggle.hidden = !game.seats.some((s) => s.kind === "computer");
}

/**
 * @param {number} delay
 * @param {HTMLSelectElement} select
 */
function closestSpeed(select, delay) {
  const options = [...select.options].map((o) => Number(o.value));
  return String(options.reduce((a, b) => (Math.abs(b - delay) < Math.abs(a - delay) ? b : a)));
}

/**
 * Whether the other player of a game between two devices has its board open.
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
export function renderPresence(els, game) {
  const value = text.presenceText(game);
  els.presence.hidden = !value;
  setText(els.presence, value);
  els.presence.classList.toggle(
    "connected",
    game.seats.filter((s) => !s.yours && !s.open).every((s) => s.connected),
  );
}

/**
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
function renderOffer(els, game) {
  const value = text.offerText(game);
  els.offer.hidden = !value;
  setText(els.offerText, value);
}

/**
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
function renderMoves(els, game) {
  const key = `${game.id}:${game.version}:${game.you.join(",")}`;
  if (els.moves.dataset.shown === key) return; // the same list, seen from the same seats
  const items = game.moves.map((m) => {
    const li = document.createElement("li");
    li.className = `move p${m.player}`;
    li.textContent = m.notation;
    li.title = text.moveWords(game, m);
    return li;
  });
  els.moves.replaceChildren(...items);
  els.moves.dataset.shown = key;
  els.moves.scrollTop = els.moves.scrollHeight;
}

/**
 * @param {import("./state.js").View} view
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
function renderThinking(view, els, game) {
  const board = /** @type {import("./board.js").Board} */ (view.board); // (render() made it)
  const on = els.thinkingCheck.checked;
  const shown = shownDecision(view, game, on);
  if (!shown) {
    board.showValues(null, null, null);
    els.thinkingInfo.hidden = !on;
    const before = game.moves.some((m) => m.decision); // (its values were of an older position)
    setText(els.thinkingInfo, on ? (before ? text.THINKING_NEXT : text.NOT_MOVED_YET) : "");
    return;
  }
  const d = shown.decision;
  board.showValues(shown.player, shown.values, shown.best, (d && d.upper_bounds) || []);
  els.thinkingInfo.hidden = false;
  setText(els.thinkingInfo, text.thinkingText(game, shown));
}

/**
 * The result's score split into a table (hidden when there is none).
 * @param {HTMLTableElement | null} table
 * @param {{caption: string, rows: string[][]} | null} score
 */
function renderScoreTable(table, score) {
  if (!table) return;
  table.hidden = !score;
  const key = score ? JSON.stringify(score) : "";
  if (table.dataset.shown === key) return;
  table.dataset.shown = key;
  table.replaceChildren();
  if (!score) return;
  const caption = document.createElement("caption");
  caption.textContent = score.caption;
  table.append(caption);
  score.rows.forEach((cells, row) => {
    const tr = document.createElement("tr");
    cells.forEach((value, column) => {
      const cell = document.createElement(row === 0 || column === 0 ? "th" : "td");
      if (row === 0 && column > 0) cell.scope = "col";
      if (row > 0 && column === 0) cell.scope = "row";
      cell.textContent = value;
      tr.append(cell);
    });
    table.append(tr);
  });
}

/**
 * The result dialog's contents (opening it is the page's business, not render's).
 * @param {any} els
 * @param {import("./types.js").Game} game
 */
function renderOver(els, game) {
  if (game.status !== "over") return;
  setText(els.overResult, text.resultText(game));
  setText(els.overPlayers, text.overPlayers(game));
  const score = text.overScore(game);
  els.overPlayers.hidden = Boolean(score); // the table names the players and their totals
  renderScoreTable(els.overScore, score);
  setText(els.overReason, text.overReason(game));
  const rated = ratingsText(game);
  els.overRatings.hidden = !rated;
  setText(els.overRatings, rated);
  setText(els.overMoves, game.moves.map((m) => m.notation).join(" "));
}
