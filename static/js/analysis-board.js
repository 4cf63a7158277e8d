// @ts-check
// The analysis board: a position (set up in the editor, opened from a link, a review or a
// record) played freely for either side. Every board, legal move, value and ending comes from
// the server (POST /api/board); this page only draws them and keeps the moves played. The
// position editor is position-editor.js; records are read by record.js.
import { api, errorText } from "./api.js";
import { Board, formatValue } from "./board.js";
import { boardIndex, letterOf, pitAt } from "./pits.js";
import { numbers, PositionEditor } from "./position-editor.js";
import { readRecord } from "./record.js";

/** @typedef {import("./position-editor.js").Position} Position */
/** @typedef {import("./types.js").MoveRecord} MoveRecord */

/**
 * A move played on the board, as the server describes it.
 * @typedef {{pit: number, player: number, notation: string, record: MoveRecord, swap?: boolean}} Played
 */

/**
 * The server's answer about a position (app/board/position.py). Fields the page reads.
 * @typedef {object} BoardAnswer
 * @property {string} variant
 * @property {Record<string, unknown>} options
 * @property {number} pits
 * @property {string[][]} letters
 * @property {{board: number[], to_move: number, extra?: number[]}} start
 * @property {number[]} moves
 * @property {Played[]} played
 * @property {number[]} board
 * @property {number | null} to_move
 * @property {number[]} extra
 * @property {string} extra_text
 * @property {string} board_help
 * @property {import("./types.js").SpecialPit[]} special_pits
 * @property {number[]} scores
 * @property {number[]} legal_moves
 * @property {boolean} can_swap the pie rule: the player to move may swap sides (``swap_move``)
 * @property {number} swap_move
 * @property {boolean} over
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {{values: Record<string, number>, exact: Record<string, boolean>, best: number, swap_value?: number, swap_exact?: boolean}} [values]
 */

/**
 * The element with ``id`` (the template has it), typed by the field it fills.
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
const els = {
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

const state = {
  /** @type {Position | null} the position set up */
  start: null,
  /** @type {number[]} pits played from the start */
  moves: [],
  /** @type {BoardAnswer | null} the server's answer for the position shown */
  answer: null,
  /** @type {BoardAnswer["values"] | null} the engine's values for that position */
  values: null,
  bottom: 0,
  /** @type {Board | null} */
  board: null,
  seq: 0, // the request whose answer may still be drawn
};

const SIDE = ["the bottom row (player 1)", "the top row (player 2)"];

/** The position set up (main() adopts one before anything else runs). @returns {Position} */
function started() {
  return /** @type {Position} */ (state.start);
}

/**
 * @param {HTMLElement} el
 * @param {string} text
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Hide every error box: a new position was adopted. */
function clearErrors() {
  for (const el of [els.error, els.formError, els.importError]) showError(el, "");
}

/** @param {HTMLElement} el @param {string} message */
function showError(el, message) {
  setText(el, message || "");
  el.hidden = !message;
}

/**
 * The request for ``start``, with more fields (moves, values).
 * @param {Position} start
 * @param {Record<string, unknown>} [extra]
 */
function positionBody(start, extra = {}) {
  /** @type {Record<string, unknown>} */
  const body = { variant: start.variant, options: start.options, board: start.board, to_move: start.to_move };
  if (start.extra && start.extra.length) body.extra = start.extra;
  return { ...body, ...extra };
}

// -- the link ----------------------------------------------------------------------------------

/** @param {Position} start @param {number[]} moves */
function linkFor(start, moves) {
  const q = new URLSearchParams();
  q.set("variant", start.variant);
  if (Object.keys(start.options || {}).length) q.set("options", JSON.stringify(start.options));
  q.set("board", start.board.join(","));
  q.set("to_move", String(start.to_move));
  if (start.extra && start.extra.length) q.set("extra", start.extra.join(","));
  if (moves.length) q.set("moves", moves.join(","));
  return `${window.location.origin}/analysis?${q.toString()}`;
}

/** What the page's address asks for: a position and moves, or nothing (the default start). */
function fromAddress() {
  const q = new URLSearchParams(window.location.search);
  const get = (/** @type {string} */ key) => q.get(key) || "";
  /** @type {Record<string, unknown>} */
  const body = {};
  if (q.has("variant")) body.variant = get("variant");
  if (q.has("options")) {
    try {
      body.options = JSON.parse(get("options"));
    } catch {
      body.options = get("options"); // the server says what is wrong with it
    }
  }
  if (q.has("board")) body.board = numbers(get("board"));
  if (q.has("to_move")) body.to_move = Number(get("to_move"));
  if (q.has("extra")) body.extra = numbers(get("extra"));
  if (q.has("moves")) body.moves = numbers(get("moves"));
  return body;
}

function updateLink() {
  if (!state.start) return;
  const url = linkFor(state.start, state.moves);
  els.link.value = url;
  window.history.replaceState(null, "", url);
}

// -- drawing -----------------------------------------------------------------------------------

/** @param {BoardAnswer} answer */
function ensureBoard(answer) {
  if (!state.board || state.board.pits !== answer.pits) {
    state.board = new Board(els.board, { pits: answer.pits, letters: answer.letters, onPlay: play });
    state.board.build(state.bottom);
  }
  return state.board;
}

/** @param {Played} entry */
function moveWords(entry) {
  const rec = entry.record;
  if (entry.swap) return `${entry.player ? "Top" : "Bottom"} row swapped sides: the board turned round`;
  const parts = [`${entry.player ? "Top" : "Bottom"} row played ${entry.notation}`];
  if (rec.captured) parts.push(`captured ${rec.captured}`);
  if (rec.extra_turn) parts.push("extra turn");
  if (rec.ended) parts.push(rec.end_reason || "game over");
  return parts.join("; ");
}

function draw() {
  const answer = state.answer;
  if (!answer) return;
  const board = ensureBoard(answer);
  board.setCounts(answer.board);
  const lastEntry = answer.played[answer.played.length - 1];
  const last = lastEntry && !lastEntry.swap ? boardIndex(answer, lastEntry.player, lastEntry.pit) : null;
  board.mark({ legal: answer.legal_moves, mover: answer.to_move, last });
  board.markSpecial(answer.special_pits || []);
  els.board.classList.toggle("my-turn", !answer.over);
  if (answer.over) {
    const [a, b] = answer.scores;
    const who = answer.winner === null ? "a draw" : `${answer.winner ? "the top row" : "the bottom row"} wins`;
    setText(els.status, `Game over (${answer.end_reason || "no move left"}): ${a}–${b}, ${who}.`);
  } else {
    const side = SIDE[/** @type {number} */ (answer.to_move)]; // (a game not over has a mover)
    setText(els.status, `${side[0].toUpperCase()}${side.slice(1)} to move`);
  }
  setText(els.last, lastEntry ? moveWords(lastEntry) : "The position as set up.");
  setText(els.extra, answer.extra_text || "");
  els.extra.hidden = !answer.extra_text;
  setText(els.help, answer.board_help || "");
  drawMoves(answer);
  drawValues();
  els.back.disabled = state.moves.length === 0;
  els.reset.disabled = state.moves.length === 0;
  els.play.disabled = answer.over;
  els.swapOffer.hidden = !answer.can_swap;
}

/** @param {BoardAnswer} answer */
function drawMoves(answer) {
  els.moves.replaceChildren();
  answer.played.forEach((entry, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "ab-move";
    button.textContent = `${entry.player ? "Top" : "Bottom"}: ${entry.notation}`;
    button.title = "Go back to the position after this move";
    if (i === answer.played.length - 1) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => goTo(i + 1));
    li.append(button);
    els.moves.append(li);
  });
  if (!answer.played.length) {
    const li = document.createElement("li");
    li.className = "muted ab-none";
    li.textContent = "No move yet: click a pit to play it, for either side.";
    els.moves.append(li);
  }
}

/**
 * The best move the values name: the best pit, or the swap where it is worth more.
 * @param {NonNullable<BoardAnswer["values"]>} values
 */
function bestMove(values) {
  const answer = /** @type {BoardAnswer} */ (state.answer);
  const swap = values.swap_value;
  return swap !== undefined && swap > values.values[String(values.best)] ? answer.swap_move : values.best;
}

function drawValues() {
  const answer = state.answer;
  const values = els.showValues.checked && answer && !answer.over ? state.values : null;
  const best = values ? bestMove(values) : null; // the swap may beat every pit (the pie rule)
  if (state.board) state.board.showValues(answer ? answer.to_move : null, values ? values.values : null, best);
  els.values.replaceChildren();
  if (!els.showValues.checked || !answer || answer.over) return;
  const mover = /** @type {number} */ (answer.to_move); // (a game not over has a mover)
  if (!values) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "The engine is valuing the moves…";
    els.values.append(p);
    return;
  }
  const list = document.createElement("ul");
  list.className = "ab-value-list";
  for (const pit of Object.keys(values.values).map(Number).sort((x, y) => x - y)) {
    const li = document.createElement("li");
    const exact = values.exact[String(pit)];
    li.className = pit === best ? "best" : "";
    const name = document.createElement("strong");
    name.textContent = letterOf(answer, mover, pit);
    const value = document.createElement("span");
    value.className = "ab-value";
    value.textContent = formatValue(values.values[String(pit)]);
    const kind = document.createElement("span");
    kind.className = exact ? "ab-exact" : "ab-estimate muted";
    kind.textContent = exact ? "exact" : "estimate";
    li.append(name, " ", value, " ", kind);
    if (pit === best) li.append(" ← best");
    list.append(li);
  }
  if (values.swap_value !== undefined) {
    const li = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = "swap sides";
    const value = document.createElement("span");
    value.className = "ab-value";
    value.textContent = formatValue(values.swap_value);
    const kind = document.createElement("span");
    kind.className = values.swap_exact ? "ab-exact" : "ab-estimate muted";
    kind.textContent = values.swap_exact ? "exact" : "estimate";
    li.append(name, " ", value, " ", kind);
    if (best === answer.swap_move) {
      li.className = "best";
      li.append(" ← best");
    }
    list.append(li);
  }
  const head = document.createElement("p");
  head.textContent = `Values for ${SIDE[mover]}, in seeds of final margin:`;
  els.values.append(head, list);
}

// -- talking to the server ---------------------------------------------------------------------

/** Ask for the position ``moves`` reach from the start and draw it; then its values. */
async function refresh() {
  const seq = ++state.seq;
  showError(els.error, "");
  let answer;
  try {
    answer = await api("POST", "/api/board", positionBody(started(), { moves: state.moves }));
  } catch (err) {
    if (seq === state.seq) showError(els.error, errorText(err));
    return;
  }
  if (seq !== state.seq) return;
  state.answer = answer;
  state.values = null;
  draw();
  updateLink();
  if (els.showValues.checked && !answer.over) await fetchValues(seq);
}

/** @param {number} seq the request the values belong to */
async function fetchValues(seq) {
  try {
    const body = positionBody(started(), { moves: state.moves, values: true });
    const found = await api("POST", "/api/board", body);
    if (seq !== state.seq) return;
    state.values = found.values || null;
    drawValues();
  } catch (err) {
    if (seq === state.seq) {
      showError(els.error, `No values just now: ${errorText(err)}`);
      els.values.replaceChildren();
    }
  }
}

/** Take the answer's start and moves as the page's. @param {BoardAnswer} answer */
function adopt(answer) {
  state.start = {
    variant: answer.variant,
    options: answer.options,
    board: answer.start.board,
    to_move: answer.start.to_move,
    extra: answer.start.extra || [],
  };
  state.moves = answer.moves.slice();
}

/** @param {number} index the board index clicked */
function play(index) {
  const answer = state.answer;
  if (!answer || answer.over) return;
  const [player, pit] = pitAt(answer, index);
  if (player !== answer.to_move || !answer.legal_moves.includes(pit)) return;
  state.moves.push(pit);
  refresh();
}

/** The pie rule's swap of sides, where the server offers it. */
function swapSides() {
  const answer = state.answer;
  if (!answer || !answer.can_swap) return;
  state.moves.push(answer.swap_move);
  refresh();
}

/** @param {number} count the moves to keep */
function goTo(count) {
  if (count === state.moves.length) return;
  state.moves = state.moves.slice(0, count);
  refresh();
}

function takeBack() {
  if (state.moves.length) goTo(state.moves.length - 1);
}

// -- the editor (position-editor.js) ------------------------------------------------------------

const editor = new PositionEditor(
  {
    variant: els.variant,
    options: els.options,
    toMove: els.toMove,
    extraField: els.extraField,
    extraInput: els.extraInput,
    grid: els.grid,
  },
  (message) => showError(els.formError, message),
);

/** @param {SubmitEvent} event */
async function setUp(event) {
  event.preventDefault();
  showError(els.formError, "");
  const position = editor.read();
  try {
    const answer = await api("POST", "/api/board", positionBody(position));
    adopt(answer);
    clearErrors();
    state.answer = answer;
    state.values = null;
    const seq = ++state.seq;
    draw();
    updateLink();
    els.editor.open = false;
    if (els.showValues.checked && !answer.over) await fetchValues(seq);
  } catch (err) {
    showError(els.formError, errorText(err));
  }
}

// -- records -----------------------------------------------------------------------------------

/** @param {SubmitEvent} [event] */
async function openRecord(event) {
  if (event) event.preventDefault();
  showError(els.importError, "");
  const found = await readRecord(els.record.value);
  if (found.error !== undefined) {
    showError(els.importError, found.error);
    return;
  }
  try {
    const answer = await api("POST", "/api/board", { record: found.record });
    adopt(answer);
    clearErrors(); // what went wrong before is no longer about the board shown
    els.importBox.open = false;
    await refresh();
  } catch (err) {
    showError(els.importError, errorText(err));
  }
}

// -- play the computer -------------------------------------------------------------------------

async function playComputer() {
  const answer = state.answer;
  if (!answer || answer.over) return;
  /** @type {{board: number[], to_move: number | null, seat: number, extra?: number[]}} */
  const position = { board: answer.board, to_move: answer.to_move, seat: Number(els.seat.value) };
  if (answer.extra && answer.extra.length) position.extra = answer.extra;
  els.play.disabled = true;
  showError(els.error, "");
  try {
    const game = await api("POST", "/api/games", {
      variant: answer.variant,
      options: answer.options,
      mode: "computer",
      level: els.level.value,
      position,
    });
    window.location.assign(`/game/${game.id}`);
  } catch (err) {
    showError(els.error, errorText(err));
    els.play.disabled = false;
  }
}

// -- start -------------------------------------------------------------------------------------

async function main() {
  for (const el of [els.error, els.formError, els.importError]) el.hidden = true;
  /** @type {any} */
  let variants = [];
  try {
    variants = await api("GET", "/api/variants");
  } catch (err) {
    showError(els.error, errorText(err));
  }
  editor.variants = Array.isArray(variants) ? variants : variants.variants || [];
  const asked = fromAddress();
  let answer;
  try {
    answer = await api("POST", "/api/board", asked);
  } catch (err) {
    // A link with a bad position: say why, open the editor on the variant's start.
    showError(els.formError, `That link's position can't be analysed: ${errorText(err)}`);
    els.editor.open = true;
    answer = await api("POST", "/api/board", { variant: "kalah" });
  }
  adopt(answer);
  editor.fill({ ...started() }, answer.letters);
  await refresh();
}

els.back.addEventListener("click", takeBack);
els.swap.addEventListener("click", swapSides);
els.reset.addEventListener("click", () => goTo(0));
els.flip.addEventListener("click", () => {
  state.bottom = 1 - state.bottom;
  if (state.board) state.board.build(state.bottom);
  draw();
});
els.showValues.addEventListener("change", () => {
  if (els.showValues.checked && !state.values && state.answer && !state.answer.over) fetchValues(state.seq);
  drawValues();
});
els.play.addEventListener("click", playComputer);
els.copy.addEventListener("click", async () => {
  els.link.select();
  try {
    await navigator.clipboard.writeText(els.link.value);
    setText(els.copy, "Copied");
  } catch {
    setText(els.copy, "Select and copy");
  }
});
els.form.addEventListener("submit", setUp);
els.start.addEventListener("click", () => editor.fillStart());
els.current.addEventListener("click", () => {
  const a = state.answer;
  if (!a) return;
  const position = { variant: a.variant, options: a.options, board: a.board, to_move: a.to_move ?? 0, extra: a.extra };
  editor.fill(position, a.letters);
});
els.importForm.addEventListener("submit", openRecord);
els.file.addEventListener("change", async () => {
  const file = els.file.files && els.file.files[0];
  if (!file) return;
  els.record.value = await file.text();
  openRecord();
});
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
  if (event.target instanceof HTMLSelectElement || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "u" || event.key === "ArrowLeft") {
    event.preventDefault();
    takeBack();
  }
});

main();
