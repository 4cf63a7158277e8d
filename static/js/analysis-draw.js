// @ts-check
// The analysis board drawn: the board, whose move it is, the moves played, the engine's values
// (on the pits as the review draws them, review-values.js, and as a list), the link. Everything
// drawn comes from the server's answer (analysis-state.js); the best move is the server's too.
import { Board } from "./board.js";
import { t } from "./i18n.js";
import { boardIndex, letterOf } from "./pits.js";
import { ltr, seedsText } from "./review-text.js";
import { showExactValues } from "./review-values.js";
import { linkFor, state } from "./analysis-state.js";

/** @typedef {import("./analysis-state.js").BoardAnswer} BoardAnswer */
/** @typedef {import("./analysis-state.js").Played} Played */

/**
 * What the page does when a pit or a move in the list is clicked (analysis-board.js).
 * @typedef {{play: (index: number) => void, goTo: (count: number) => void}} Actions
 */

/**
 * The element with ``id`` (the template has it), typed by the field it fills.
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
export const els = {
  /** @type {HTMLElement} */ board: $("board"),
  /** @type {HTMLElement} */ status: $("ab-status"),
  /** @type {HTMLElement} */ last: $("ab-last"),
  /** @type {HTMLElement} */ extra: $("ab-extra"),
  /** @type {HTMLElement} */ help: $("ab-help"),
  /** @type {HTMLOListElement} */ moves: $("ab-moves"),
  /** @type {HTMLButtonElement} */ back: $("ab-back"),
  /** @type {HTMLButtonElement} */ reset: $("ab-reset"),
  /** @type {HTMLElement} */ swapOffer: $("ab-swap-offer"),
  /** @type {HTMLButtonElement} */ swap: $("ab-swap"),
  /** @type {HTMLButtonElement} */ flip: $("ab-flip"),
  /** @type {HTMLInputElement} */ showValues: $("ab-show-values"),
  /** @type {HTMLElement} */ values: $("ab-values"),
  /** @type {HTMLSelectElement} */ level: $("ab-level"),
  /** @type {HTMLSelectElement} */ seat: $("ab-seat"),
  /** @type {HTMLButtonElement} */ play: $("ab-play"),
  /** @type {HTMLInputElement} */ link: $("ab-link"),
  /** @type {HTMLButtonElement} */ copy: $("ab-copy"),
  /** @type {HTMLElement} */ error: $("ab-error"),
  /** @type {HTMLDetailsElement} */ editor: $("ab-editor"),
  /** @type {HTMLFormElement} */ form: $("ab-form"),
  /** @type {HTMLSelectElement} */ variant: $("ab-variant"),
  /** @type {HTMLElement} */ options: $("ab-options"),
  /** @type {HTMLSelectElement} */ toMove: $("ab-to-move"),
  /** @type {HTMLElement} */ extraField: $("ab-extra-field"),
  /** @type {HTMLInputElement} */ extraInput: $("ab-extra-input"),
  /** @type {HTMLElement} */ grid: $("ab-grid"),
  /** @type {HTMLButtonElement} */ start: $("ab-start"),
  /** @type {HTMLButtonElement} */ current: $("ab-current"),
  /** @type {HTMLElement} */ formError: $("ab-form-error"),
  /** @type {HTMLDetailsElement} */ importBox: $("ab-import"),
  /** @type {HTMLFormElement} */ importForm: $("ab-import-form"),
  /** @type {HTMLTextAreaElement} */ record: $("ab-record"),
  /** @type {HTMLInputElement} */ file: $("ab-file"),
  /** @type {HTMLElement} */ importError: $("ab-import-error"),
};

/** A player by their row as the board stands (the flip turns it round). @param {number} player */
export function sideName(player) {
  const num = player + 1;
  return player === state.bottom ? t("player %(num)s (the bottom row)", { num }) : t("player %(num)s (the top row)", { num });
}

/**
 * One of two sentences, as ``player``'s row stands on the board (the flip turns it round).
 * @param {number} player @param {string} bottom @param {string} top
 */
function byRow(player, bottom, top) {
  return player === state.bottom ? bottom : top;
}

/** The board's help after a flip: the server's sentence reads the unflipped board. */
const FLIPPED_HELP = t(
  "Flipped: player 2's row is at the bottom now and player 1's at the top; seeds are still sown counter-clockwise, each row into its own store at its right end.",
);

/**
 * @param {HTMLElement} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {HTMLElement} el @param {string} message */
export function showError(el, message) {
  setText(el, message || "");
  el.hidden = !message;
}

/** Hide every error box: a new position was adopted. */
export function clearErrors() {
  for (const el of [els.error, els.formError, els.importError]) showError(el, "");
}

/** The link to the position shown, in its box and in the address bar. */
export function showLink() {
  if (!state.start) return;
  const url = linkFor(state.start, state.moves);
  els.link.value = url;
  window.history.replaceState(null, "", url);
}

/** @param {BoardAnswer} answer @param {Actions} actions */
function ensureBoard(answer, actions) {
  if (!state.board || state.board.pits !== answer.pits) {
    state.board = new Board(els.board, { pits: answer.pits, letters: answer.letters, onPlay: actions.play, onRefused: actions.play });
    state.board.build(state.bottom);
  }
  return state.board;
}

/**
 * Why the rules ended the game, in the page's language: the ending's message id and arguments
 * when the server sent them ("a store holds %(count)s"), else its English looked up.
 * @param {BoardAnswer} answer
 * @param {string | null} english
 */
function endWords(answer, english) {
  if (answer.end_words) return t(answer.end_words.id, answer.end_words.args);
  return english ? t(english) : "";
}

/** @param {Played} entry @param {BoardAnswer} answer */
function moveWords(entry, answer) {
  const rec = entry.record;
  if (entry.swap) return byRow(entry.player, t("Bottom row swapped sides: the board turned round"), t("Top row swapped sides: the board turned round"));
  const move = ltr(entry.notation);
  const parts = [byRow(entry.player, t("Bottom row played %(move)s", { move }), t("Top row played %(move)s", { move }))];
  if (rec.captured) parts.push(t("captured %(num)s", { num: rec.captured }));
  if (rec.extra_turn) parts.push(t("extra turn"));
  if (rec.ended) parts.push(endWords(answer, rec.end_reason) || t("game over")); // (a line ends once: the answer's ending is this move's)
  return parts.join(t("; "));
}

/** Draw the answer shown (nothing before the first). @param {Actions} actions */
export function draw(actions) {
  const answer = state.answer;
  if (!answer) return;
  const board = ensureBoard(answer, actions);
  board.setCounts(answer.board);
  const lastEntry = answer.played[answer.played.length - 1];
  const last = lastEntry && !lastEntry.swap ? boardIndex(answer, lastEntry.player, lastEntry.pit) : null;
  board.mark({ legal: answer.legal_moves, mover: answer.to_move, last });
  board.markSpecial(answer.special_pits || []);
  els.board.classList.toggle("my-turn", !answer.over);
  if (answer.over) {
    const [a, b] = answer.scores;
    const reason = endWords(answer, answer.end_reason) || t("no move left");
    const score = ltr(`${a}–${b}`);
    const said =
      answer.winner === null
        ? t("Game over (%(reason)s): %(score)s, a draw.", { reason, score })
        : t("Game over (%(reason)s): %(score)s, %(side)s wins.", { reason, score, side: sideName(answer.winner) });
    setText(els.status, said);
  } else {
    const mover = /** @type {number} */ (answer.to_move); // (a game not over has a mover)
    const num = mover + 1;
    setText(els.status, byRow(mover, t("Player %(num)s (the bottom row) to move", { num }), t("Player %(num)s (the top row) to move", { num })));
  }
  setText(els.last, lastEntry ? moveWords(lastEntry, answer) : t("The position as set up."));
  setText(els.extra, answer.extra_text || "");
  els.extra.hidden = !answer.extra_text;
  setText(els.help, state.bottom ? FLIPPED_HELP : answer.board_help ? t(answer.board_help) : ""); // (the server's English where the catalogs lack it)
  drawMoves(answer, actions);
  drawValues();
  els.back.disabled = state.moves.length === 0;
  els.reset.disabled = state.moves.length === 0;
  els.play.disabled = answer.over;
  els.swapOffer.hidden = !answer.can_swap;
}

/** The whole line, the moves ahead of the position shown greyed. @param {BoardAnswer} answer @param {Actions} actions */
function drawMoves(answer, actions) {
  els.moves.replaceChildren();
  const line = state.line.length > state.moves.length ? state.linePlayed : answer.played;
  line.forEach((entry, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = i < answer.played.length ? "ab-move" : "ab-move ab-ahead";
    const move = ltr(entry.notation);
    button.textContent = byRow(entry.player, t("Bottom: %(move)s", { move }), t("Top: %(move)s", { move }));
    button.title = t("Show the position after this move (the rest of the line stays)");
    if (i === answer.played.length - 1) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => actions.goTo(i + 1));
    li.append(button);
    els.moves.append(li);
  });
  if (!answer.played.length) {
    const li = document.createElement("li");
    li.className = "muted ab-none";
    li.textContent = t("No move yet: click a pit to play it, for either side.");
    els.moves.append(li);
  }
}

/**
 * One line of the values' list: the move, its value, exact or an estimate, and whether the
 * server names it best.
 * @param {string} name
 * @param {number} value
 * @param {boolean} exact
 * @param {boolean} best
 */
function valueLine(name, value, exact, best) {
  const li = document.createElement("li");
  li.className = best ? "best" : "";
  const strong = document.createElement("strong");
  strong.textContent = name;
  const shown = document.createElement("span");
  shown.className = "ab-value";
  shown.dir = "ltr"; // a signed value ("+4") reads left to right in every language
  shown.textContent = seedsText(value);
  const kind = document.createElement("span");
  kind.className = exact ? "ab-exact" : "ab-estimate muted";
  kind.textContent = exact ? t("exact") : t("estimate");
  li.append(strong, " ", shown, " ", kind);
  if (best) li.append(" ", t("← best"));
  return li;
}

/** The engine's values: on the pits (each exact one marked ✓, as in the review) and listed. */
export function drawValues() {
  const answer = state.answer;
  const values = els.showValues.checked && answer && !answer.over ? state.values : null;
  if (state.board) {
    if (values && answer) {
      const mover = /** @type {number} */ (answer.to_move);
      showExactValues(state.board, mover, values.values, values.exact, values.best_move);
    } else {
      showExactValues(state.board, -1, {}, {}, -1); // clears every slot and mark
    }
  }
  els.values.replaceChildren();
  if (!els.showValues.checked || !answer || answer.over) return;
  const mover = /** @type {number} */ (answer.to_move); // (a game not over has a mover)
  if (!values) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = t("The engine is valuing the moves…");
    els.values.append(p);
    return;
  }
  const best = values.best_move; // the server's: the swap may beat every pit (the pie rule)
  const list = document.createElement("ul");
  list.className = "ab-value-list";
  for (const pit of Object.keys(values.values).map(Number).sort((x, y) => x - y)) {
    const key = String(pit);
    list.append(valueLine(letterOf(answer, mover, pit), values.values[key], values.exact[key], pit === best));
  }
  if (values.swap_value !== undefined) {
    const swapBest = best === answer.swap_move;
    list.append(valueLine(t("swap sides"), values.swap_value, Boolean(values.swap_exact), swapBest));
  }
  const head = document.createElement("p");
  head.textContent = t("Values for %(side)s, in seeds of final margin:", { side: sideName(mover) });
  els.values.append(head, list);
}
