// @ts-check
// A player's seat in a game between people, beyond moving: abort before both have moved, a draw
// offer, the note a late invitee reads, and two helpers for moving: a premove in a game with a
// clock between two devices, and a move confirmation for touch screens. The server decides
// every rule (can_abort, can_offer_draw, legal_moves, whose turn): this module only shows them.
import { t as tr } from "./i18n.js";
import { letterAt, onRow, pitAt } from "./pits.js";
import * as text from "./text.js";

const CONFIRM_KEY = "mancala.confirmMoves";

/** This module's elements of the board page. */
export function findSeatElements(doc = document) {
  /** @param {string} id @returns {any} the element (a button, input or note; the template has it) */
  const $ = (id) => doc.getElementById(id);
  return {
    abort: $("btn-abort"),
    resign: $("btn-resign"),
    draw: $("btn-draw"),
    seatNote: $("seat-note"),
    confirmToggle: $("confirm-toggle"),
    confirmCheck: $("confirm-moves"),
    confirmBar: $("confirm-move"),
    confirmMove: $("btn-confirm-move"),
    cancelMove: $("btn-cancel-move"),
    premoveNote: $("premove-note"),
  };
}

/** Whether the viewer asked to confirm each move (kept on this device). */
export function confirmWanted() {
  try {
    return window.localStorage.getItem(CONFIRM_KEY) === "1";
  } catch {
    return false;
  }
}

/** @param {boolean} on */
export function setConfirmWanted(on) {
  try {
    window.localStorage.setItem(CONFIRM_KEY, on ? "1" : "0");
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
}

/** Whether the viewer may premove now: their one seat of a clocked game between two devices,
 * both seats taken, the opponent to move.
 * @param {import("./types.js").Game} game
 */
export function premoveAllowed(game) {
  return (
    Boolean(game.clock) &&
    game.mode === "remote" &&
    game.you.length === 1 &&
    game.status === "playing" &&
    !game.waiting_for_seat &&
    !game.your_turn
  );
}

/**
 * Whether a board index is one of the viewer's own pits.
 * @param {import("./types.js").Game} game
 * @param {number} index
 */
export function ownPit(game, index) {
  return game.you.includes(pitAt(game, index)[0]) && onRow(game, index);
}

/**
 * Why a premove was not played: not legal now, or the opponent swapped sides (the pie rule).
 * @param {import("./types.js").Game} game
 * @param {number} index
 * @param {boolean} [swapped]
 */
export function premoveDropped(game, index, swapped = false) {
  const pit = letterAt(game, index);
  if (swapped) return tr("Premove %(pit)s dropped: your opponent swapped sides.", { pit });
  return tr("Premove %(pit)s dropped: it can't be played now.", { pit });
}

/**
 * @param {HTMLElement} el
 * @param {string} value
 */
function setText(el, value) {
  if (el.textContent !== value) el.textContent = value;
}

/**
 * @param {HTMLElement} el
 * @param {string} value
 */
function showLine(el, value) {
  setText(el, value);
  el.hidden = !value;
}

/** Someone with no seat in a game between two devices whose seats are both taken, who came
 * to play (by the invite link, or pressed "Take the seat" too late).
 * @param {import("./state.js").View} view
 * @param {import("./types.js").Game} game
 */
function lateInvitee(view, game) {
  const taken = game.mode === "remote" && !game.you.length && !game.can_join && game.ended_by !== "aborted";
  return taken && (view.invited || view.joinTried);
}

/**
 * Draw the seat's buttons, the notes and the premove / selection marks from the server's game.
 * @param {import("./state.js").View} view
 * @param {any} se
 * @param {import("./types.js").Game} game
 * @param {HTMLElement} boardEl
 */
export function renderSeats(view, se, game, boardEl) {
  const player = game.mode === "remote" && game.you.length === 1 && game.status === "playing";
  se.abort.hidden = !game.can_abort;
  if (game.can_abort) se.resign.hidden = true; // before both have moved: abort, no result
  se.draw.hidden = !player || game.waiting_for_seat;
  se.draw.disabled = !game.can_offer_draw;
  const offered = game.draw_offer !== null && game.draw_offer !== undefined && game.you.includes(game.draw_offer);
  setText(se.draw, offered ? tr("Draw offered") : tr("Offer a draw"));
  showLine(se.seatNote, lateInvitee(view, game) ? text.SEAT_TAKEN : "");
  se.confirmToggle.hidden = !(game.you.length && game.status === "playing");
  se.confirmCheck.checked = view.confirm;
  if (view.premove !== null && !premoveAllowed(game) && !game.your_turn) view.premove = null;
  const premoving = premoveAllowed(game);
  for (const cell of /** @type {NodeListOf<HTMLElement>} */ (boardEl.querySelectorAll(".pit[data-index]"))) {
    const index = Number(cell.dataset.index);
    if (premoving && ownPit(game, index)) cell.setAttribute("aria-disabled", "false"); // premovable
    cell.classList.toggle("premove", view.premove === index);
    cell.classList.toggle("selected", view.selected === index);
  }
  se.confirmBar.hidden = view.selected === null;
  if (view.selected !== null) setText(se.confirmMove, tr("Play %(pit)s", { pit: letterAt(game, view.selected) }));
  const premove = view.premove === null ? "" : tr("Premove: %(pit)s, played when your turn comes (tap it again to cancel).", { pit: letterAt(game, view.premove) });
  showLine(se.premoveNote, premove);
}
