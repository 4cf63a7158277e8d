// @ts-check
// The board page: wires the rooms together. state.js holds the view, render.js draws it,
// text.js words it, actions.js binds buttons and keys, follow.js keeps the game up to date,
// animate.js plays each new move from the server's record, sound.js makes it heard. This module
// holds what happens: the queue of games to show, requests, dialogs and navigation.
import { t as tr } from "./i18n.js";
import { ApiError, api } from "./api.js";
import { Skipper, animateMove, reducedMotion } from "./animate.js";
import { bindButtons, bindKeys, bindSeatButtons } from "./actions.js";
import { POLL_TIMEOUT_MS, firstRead, follow, onConnection } from "./follow.js";
import { remember, bindName } from "./names.js";
import { Review } from "./review.js";
import {
  ensureBoard,
  findElements,
  render,
  renderCallout,
  renderLastMove,
  renderPresence,
  renderStatus,
  renderTags,
} from "./render.js";
import {
  confirmWanted,
  findSeatElements,
  ownPit,
  premoveAllowed,
  premoveDropped,
  renderSeats,
  setConfirmWanted,
} from "./seats.js";
import * as sound from "./sound.js";
import { boardIndex, pitAt } from "./pits.js";
import { accept, boardBefore, canPlay, changes, createView, lastMove, speedFactor } from "./state.js";
import * as text from "./text.js";
import { keepThinking, keptThinking } from "./thinking-kept.js";

const CALLOUT_MS = 1800; // a callout stays this long
const ERROR_MS = 4000; // an error stays in the status line this long
const RESIGN_ARMED_MS = 3000; // "Really resign?" waits this long for the second click

const els = findElements();
if (els.thinkingCheck) els.thinkingCheck.checked = keptThinking();
const seatEls = findSeatElements();
const API = els.root.dataset.api;
const view = createView();
view.sound = sound.soundOn();
view.confirm = confirmWanted(); // confirm each move (touch screens), kept on this device
view.invited = new URLSearchParams(window.location.search).has("invite"); // came to play
const review = new Review(view, els, API, () => draw());

function draw() {
  render(view, els, play);
  if (view.game) renderSeats(view, seatEls, view.game, els.board);
  review.draw();
  restoreFocus();
}

// A pit played from the keyboard keeps the focus on the board: when the board is playable
// again, the focus goes back to that pit (or the first playable one) instead of the page.
function restoreFocus() {
  if (view.refocus === null || !view.game || !view.board) return;
  if (!canPlay(view, view.game)) return;
  const active = document.activeElement;
  const lost = !active || active === document.body || view.board.el.contains(active);
  if (lost) view.board.focusPlayable(view.refocus);
  view.refocus = null;
}

// -- effects: the live region, the callout's timer, dialogs, navigation -------------------------

/**
 * @param {string} value
 */
function announce(value) {
  els.live.textContent = "";
  // A fresh text node each time so that screen readers announce repeats too.
  setTimeout(() => {
    els.live.textContent = value;
  }, 30);
}

/**
 * Scroll the page just enough that ``el`` is in view (if it is not): an offer that came while
 * the panel was scrolled to, say, the move list.
 * @param {HTMLElement} el
 */
function bringIntoView(el) {
  const box = el.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  el.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
}

let calloutTimer = 0;
/** Show a callout by the board ("" clears it). @param {string} value @param {number} [seat] */
function callout(value, seat) {
  clearTimeout(calloutTimer);
  view.callout = value ? { text: value, seat } : null;
  renderCallout(view, els);
  if (value) {
    calloutTimer = setTimeout(() => {
      view.callout = null;
      renderCallout(view, els);
    }, CALLOUT_MS);
  }
}

/**
 * After drawing ``game``: open the result dialog once, follow an accepted rematch.
 * @param {import("./types.js").Game} game
 */
function effects(game) {
  const offer = text.offerText(game);
  if (offer && els.overDialog.open) els.overDialog.close();
  if (offer && offer !== view.offerSeen) {
    announce(offer); // a move would decline it: it is said, and brought into view
    bringIntoView(els.offer);
  }
  view.offerSeen = offer;
  const seated = game.you.length > 0;
  if (seated && !view.seated) document.dispatchEvent(new CustomEvent("mancala:seated")); // quick.js
  view.seated = seated;
  if (game.rematch && game.rematch.game && view.followed !== game.rematch.game) {
    view.followed = game.rematch.game;
    window.location.assign(`/game/${game.rematch.game}`);
  }
  if (game.tournament) {
    // A tournament pairs the next game itself: back to it instead of a rematch.
    const back = /** @type {HTMLAnchorElement} */ (document.getElementById("btn-tournament"));
    back.href = game.tournament.url;
    back.hidden = false;
    els.again.hidden = true;
  }
  if (game.status === "over" && view.overShownFor !== game.id) {
    view.overShownFor = game.id;
    if (!els.overDialog.open) els.overDialog.showModal();
    announce(text.gameOverWords(game));
    sound.gameOver(game.winner === null ? null : game.you.includes(game.winner) || !game.you.length);
  }
}

// -- receiving games: a queue shown one at a time, each new move animated ---------------------

/** @param {import("./types.js").Game} game */
function receive(game) {
  if (accept(view, game)) drain();
}

let draining = false;
async function drain() {
  if (draining) return;
  draining = true;
  try {
    for (let next = view.pending.shift(); next; next = view.pending.shift()) await present(next);
  } finally {
    draining = false;
  }
}

/** @param {import("./types.js").Game} game */
async function present(game) {
  const before = view.game;
  const { fresh, jump, undone } = changes(before, game);
  view.game = game;
  if (!before || before.version !== game.version) view.selected = null;
  // A move was made: a hint in words ("Hint: swap sides.") was for the position before it.
  if (before && before.moves.length !== game.moves.length && view.notice !== text.LOOKING_FOR_HINT) view.notice = "";
  if (jump) {
    if (undone) announce(text.takenBackWords(game));
    draw();
    effects(game);
    playPremove();
    return;
  }
  if (fresh.length && !reducedMotion()) {
    await animate(game, fresh);
  } else {
    for (const move of fresh) announce(text.moveWords(game, move));
    if (fresh.length) {
      const last = fresh[fresh.length - 1];
      callout(text.moveCallout(game, last), last.player);
      if (last.record.captures.length) sound.capture();
    }
  }
  draw();
  effects(game);
  if (fresh.length && game.status === "playing" && game.your_turn && game.you.length === 1) {
    announce(`${text.moveWords(game, fresh[fresh.length - 1])} ${tr("Your turn")}.`);
    if (!game.you.includes(fresh[fresh.length - 1].player)) sound.yourTurn(); // the opponent moved
  }
  playPremove();
}

// The premove, once the turn is the viewer's: sent if the server's legal moves hold it now,
// else dropped with a word. A game that ended drops it too.
function playPremove() {
  const game = view.game;
  if (view.premove === null || !game) return;
  if (game.status !== "playing") {
    view.premove = null;
    draw();
    return;
  }
  if (!game.your_turn || !canPlay(view, game)) return;
  const index = view.premove;
  view.premove = null;
  const [player, pit] = pitAt(game, index);
  const last = lastMove(game);
  if (last && last.swap) {
    showError(null, premoveDropped(game, index, true)); // the board turned round: not that pit
  } else if (player === game.to_move && game.legal_moves.includes(pit)) {
    view.hint = null;
    send("POST", "/moves", { pit, version: game.version });
  } else {
    showError(null, premoveDropped(game, index));
  }
}

/**
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move[]} fresh
 */
async function animate(game, fresh) {
  view.animating = true;
  const board = ensureBoard(view, els, game, play);
  board.mark({});
  els.board.classList.add("animating");
  const skipper = new Skipper();
  view.skipper = skipper;
  const stores = game.stores || [board.store(0), board.store(1)];
  // The name tags' scores follow the stores as seeds land in them.
  board.onCount = (index, n) => {
    const seat = stores.indexOf(index);
    if (seat < 0 || !view.liveScores || view.liveScores[seat] === n) return;
    view.liveScores[seat] = n;
    renderTags(view, els, game);
  };
  for (const move of fresh) {
    const before = boardBefore(game, move);
    view.liveScores = stores.map((i) => before[i]);
    view.moving = move;
    callout("");
    renderStatus(view, els);
    renderTags(view, els, game);
    const factor = speedFactor(view, game);
    await animateMove(board, before, move, skipper, factor, {
      onSow: (step, of) => sound.sow(step, of),
      onCapture: () => sound.capture(),
    });
    view.liveScores = stores.map((i) => move.board[i]);
    renderTags(view, els, game);
    renderLastMove(els, game, move);
    const said = text.moveCallout(game, move);
    callout(said, move.player);
    announce(text.moveWords(game, move));
    if (!skipper.skipped && said) await skipper.sleep(350 * factor);
  }
  board.onCount = null;
  board.clearPulses();
  els.board.classList.remove("animating");
  view.moving = null;
  view.liveScores = null;
  view.animating = false;
  view.skipper = null;
}

function skipAnimation() {
  if (view.skipper) view.skipper.skip();
}

// -- requests -----------------------------------------------------------------------------------

let messageTimer = 0;
/**
 * @param {unknown} err
 * @param {string} [message]
 */
function showError(err, message) {
  view.message = message || (err instanceof ApiError ? err.message : String(err));
  if (view.game) draw();
  announce(view.message);
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => {
    view.message = "";
    if (view.game) draw();
  }, ERROR_MS);
}

/**
 * @param {string} path
 * @param {string} method
 * @param {Record<string, unknown>} body
 */
async function send(method, path, body) {
  view.sending = true;
  if (view.game) draw();
  try {
    const game = await api(method, `${API}${path}`, body, { timeout: POLL_TIMEOUT_MS });
    view.sending = false;
    receive(game);
    return game;
  } catch (err) {
    view.sending = false;
    const unanswered = err instanceof ApiError && err.status === 0;
    showError(err, unanswered ? text.notSent(err.message, path) : "");
    if (err instanceof ApiError && err.status === 409) await refresh();
    return null;
  } finally {
    view.sending = false;
    if (view.game && !view.animating && !view.pending.length) draw();
  }
}

async function refresh() {
  try {
    receive(await api("GET", API));
  } catch (err) {
    showError(err);
  }
}

/** The newest version known: what an answer to an offer or a takeback refers to. */
function newestVersion() {
  return /** @type {import("./types.js").Game} */ (view.newest || view.game).version;
}

// -- actions ------------------------------------------------------------------------------------

/** @param {number} index */
function play(index) {
  const game = view.game;
  if (!game || !canPlay(view, game)) return;
  const [player, pit] = pitAt(game, index);
  if (player !== game.to_move || !game.legal_moves.includes(pit)) return;
  if (view.confirm && view.selected !== index) {
    view.selected = index; // with confirmation: the first tap chooses, "Play" (or a tap) plays
    draw();
    return;
  }
  view.selected = null;
  view.hint = null;
  view.refocus = view.board && view.board.focused() ? index : null;
  send("POST", "/moves", { pit, version: game.version });
}

/** The pie rule's swap of sides, when the server offers it to the viewer (``can_swap``). */
function swap() {
  const game = view.game;
  if (!game || !game.can_swap || !canPlay(view, game)) return;
  view.selected = null;
  view.hint = null;
  send("POST", "/moves", { pit: game.swap_move, version: game.version });
}

/** @param {number} pit */
function pitKey(pit) {
  const game = view.game;
  if (!game || !game.your_turn || game.to_move === null || pit >= game.pits) return false;
  play(boardIndex(game, game.to_move, pit));
  return true;
}

function undo() {
  const game = view.game;
  if (!game || !game.can_undo || els.undo.hidden) return;
  view.hint = null;
  if (game.undo_asks) send("POST", "/takeback", { version: newestVersion(), action: "request" });
  else send("POST", "/undo", { version: newestVersion() });
}

async function hint() {
  const game = view.game;
  if (!game || !game.your_turn || els.hint.disabled) return;
  els.hint.disabled = true;
  view.notice = text.LOOKING_FOR_HINT;
  renderStatus(view, els);
  try {
    const d = await api("POST", `${API}/hint`, {});
    view.notice = "";
    if (d.game) receive(d.game); // between people the hint is counted: a new version
    if (d.version !== newestVersion()) {
      draw();
      return;
    }
    if (d.move === game.swap_move) {
      view.notice = text.hintWords(game, d.player, d.move); // no pit to mark: the words say it
      draw();
      announce(view.notice);
      return;
    }
    view.hint = {
      version: d.version,
      index: boardIndex(game, d.player, d.move),
      player: d.player,
      values: d.move_values,
      best: d.move,
      decision: d,
    };
    draw();
    announce(text.hintWords(game, d.player, d.move));
  } catch (err) {
    view.notice = "";
    showError(err);
  }
}

let resignTimer = 0;
function resign() {
  if (!view.game || els.resign.disabled) return;
  if (!view.resignArmed) {
    view.resignArmed = true;
    draw();
    resignTimer = setTimeout(() => {
      view.resignArmed = false;
      draw();
    }, RESIGN_ARMED_MS);
    return;
  }
  clearTimeout(resignTimer);
  view.resignArmed = false;
  send("POST", "/resign", { version: newestVersion() });
}

/**
 * @param {string} action
 */
async function answer(action) {
  const game = view.newest || view.game;
  if (!game) return;
  const version = game.version;
  if (game.takeback !== null && game.takeback !== undefined) {
    send("POST", "/takeback", { version, action });
    return;
  }
  if (game.draw_offer !== null && game.draw_offer !== undefined && !game.you.includes(game.draw_offer)) {
    send("POST", "/draw", { version, action });
    return;
  }
  const next = await send("POST", "/rematch", { version, action });
  if (next && next.id !== game.id && view.followed !== next.id) {
    view.followed = next.id;
    window.location.assign(`/game/${next.id}`);
  }
}

async function playAgain() {
  const game = view.newest || view.game;
  if (game && game.mode === "remote") {
    els.overDialog.close();
    const offered = game.rematch && !game.you.includes(game.rematch.by);
    if (offered) answer("accept");
    else send("POST", "/rematch", { version: game.version, action: "request" });
    return;
  }
  try {
    const next = await api("POST", `${API}/rematch`, {});
    window.location.assign(`/game/${next.id}`);
  } catch (err) {
    els.overDialog.close();
    showError(err);
  }
}

function flip() {
  view.flipped = !view.flipped;
  if (view.game) draw();
}

// Settings carry no version: they don't depend on the position, so a computer move landing in
// between does not make them fail.
function pause() {
  if (!view.game) return;
  send("PATCH", "", { paused: !view.game.paused });
}

/** @param {string} name */
function join(name) {
  const kept = remember("me", name);
  view.joinTried = true; // taken meanwhile: the page says the seat is taken
  send("POST", "/join", kept ? { name: kept } : {});
}

function abort() {
  if (view.game && view.game.can_abort) send("POST", "/abort", { version: newestVersion() });
}

function offerDraw() {
  if (view.game && view.game.can_offer_draw) send("POST", "/draw", { version: newestVersion(), action: "request" });
}

// A tap on one of the viewer's own pits while the opponent thinks sets (or clears) the premove.
/** @param {number} index */
function premoveAt(index) {
  const game = view.game;
  if (!game || !premoveAllowed(game) || !ownPit(game, index)) return;
  view.premove = view.premove === index ? null : index;
  draw();
}

/** @param {boolean} on */
function confirmChoice(on) {
  view.confirm = on;
  view.selected = null;
  setConfirmWanted(on);
  if (view.game) draw();
}

// -- wiring -------------------------------------------------------------------------------------

const handlers = {
  undo,
  hint,
  flip,
  resign,
  pitKey,
  swap,
  skip: () => view.animating && skipAnimation(),
  rules: () => els.rulesDialog.showModal(),
  closeRules: () => els.rulesDialog.close(),
  closeOver: () => els.overDialog.close(),
  again: playAgain,
  accept: () => answer("accept"),
  decline: () => answer("decline"),
  join,
  thinking: () => {
    keepThinking(els.thinkingCheck.checked);
    if (view.game) draw();
  },
  pause,
  speed: (/** @type {number} */ delay) => view.game && send("PATCH", "", { delay }),
  resize: () => view.board && view.board.fit(),
  sound: () => {
    view.sound = !view.sound;
    sound.setSound(view.sound);
    if (view.game) draw();
  },
};
bindButtons(els, handlers);
bindSeatButtons(seatEls, els.board, {
  abort,
  draw: offerDraw,
  premove: premoveAt,
  confirm: confirmChoice,
  playSelected: () => view.selected !== null && play(view.selected),
  cancelSelected: () => {
    view.selected = null;
    if (view.game) draw();
  },
});
bindKeys({ ...handlers, skip: skipAnimation });
bindName(els.joinName, "me");

// "Reconnecting…" while the server can't be reached (a restart, a killed worker, the network);
// it goes as soon as any request gets an answer.
onConnection((ok) => {
  const value = ok ? "" : text.LOST_CONNECTION;
  if (els.connection.textContent !== value) els.connection.textContent = value;
});

/** @param {import("./types.js").Game} game */
function followed(game) {
  if (game.version === view.latest && view.game && game.seats) {
    view.game.seats = game.seats; // a poll that timed out still says who is connected
    renderPresence(els, view.game);
  }
  receive(game);
}

async function start() {
  try {
    const game = await firstRead(API);
    view.latest = game.version;
    view.game = game;
    view.newest = game;
    if (game.status === "over") view.overShownFor = game.id; // no dialog for an old result
    view.seated = game.you.length > 0; // quick.js reads this page's first answer itself
    draw();
    effects(game);
    if (game.your_turn) announce(`${text.statusText(game)}.`);
  } catch (err) {
    showError(err);
    return;
  }
  follow({ url: API, latest: () => view.latest, onGame: followed, onGone: showError });
}

start();
