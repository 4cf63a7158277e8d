// @ts-check
// The analysis board: a position (set up in the editor, opened from a link, a review or a
// record) played freely for either side. Every board, legal move, value, best move and ending
// comes from the server (POST /api/board); this module asks for them and binds the page's
// events. Its state is analysis-state.js, its drawing analysis-draw.js; the position editor is
// position-editor.js; records are read by record.js.
import { api, errorText } from "./api.js";
import { clearErrors, draw, drawValues, els, showError, showLink, setText, sideName } from "./analysis-draw.js";
import { adopt, fromAddress, positionBody, started, state } from "./analysis-state.js";
import { lang, t } from "./i18n.js";
import { boardIndex, letterOf, pitAt } from "./pits.js";
import { PositionEditor } from "./position-editor.js";
import { readRecord } from "./record.js";

/** @typedef {import("./analysis-state.js").BoardAnswer} BoardAnswer */

/** What a click on a pit or on a move in the list does. */
const actions = { play, goTo };

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
  if (state.moves.length === state.line.length) state.linePlayed = answer.played.slice();
  draw(actions);
  showLink();
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
      showError(els.error, t("No values just now: %(reason)s", { reason: errorText(err) }));
      els.values.replaceChildren();
    }
  }
}

/** @param {number} index the board index clicked */
function play(index) {
  const answer = state.answer;
  if (!answer || answer.over) return;
  const [player, pit] = pitAt(answer, index);
  if (player !== answer.to_move || !answer.legal_moves.includes(pit)) {
    setText(els.last, refusal(answer, player, pit)); // (a live region: Enter is answered too)
    return;
  }
  follow(pit);
}

/**
 * Why a pit can't be played, from the server's answer (its counts, mover and legal moves).
 * @param {BoardAnswer} answer @param {number} player @param {number} pit
 */
function refusal(answer, player, pit) {
  const letter = letterOf(answer, player, pit);
  const where = { pit: lang === "ar" ? `\u2066${letter}\u2069` : letter };
  if (answer.to_move !== null && player !== answer.to_move) {
    return t("Pit %(pit)s is not the mover's: it is %(side)s's turn.", { ...where, side: sideName(answer.to_move) });
  }
  if (answer.board[boardIndex(answer, player, pit)] === 0) return t("Pit %(pit)s is empty: there is nothing to sow.", where);
  return t("Pit %(pit)s can't be played in this position.", where);
}

/** Play ``pit`` next: along the line where it is the line's next move, else a new line. @param {number} pit */
function follow(pit) {
  const next = state.line[state.moves.length];
  state.moves.push(pit);
  if (next !== pit) state.line = state.moves.slice();
  refresh();
}

/** The pie rule's swap of sides, where the server offers it. */
function swapSides() {
  const answer = state.answer;
  if (!answer || !answer.can_swap) return;
  follow(answer.swap_move);
}

/** Show the position after the line's first ``count`` moves (the rest stays). @param {number} count */
function goTo(count) {
  const kept = Math.max(0, Math.min(count, state.line.length));
  if (kept === state.moves.length) return;
  state.moves = state.line.slice(0, kept);
  refresh();
}

/** Take back the last move shown: it and the rest of the line are gone (← only steps back). */
function takeBack() {
  if (!state.moves.length) return;
  state.line = state.moves.slice(0, -1);
  goTo(state.line.length);
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
    state.linePlayed = answer.played.slice();
    state.values = null;
    const seq = ++state.seq;
    draw(actions);
    showLink();
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
    showError(els.formError, t("That link's position can't be analysed: %(reason)s", { reason: errorText(err) }));
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
  draw(actions);
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
    setText(els.copy, t("Copied"));
  } catch {
    setText(els.copy, t("Select and copy"));
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
  /** @type {Record<string, () => void>} the line: step back and on, jump to its ends */
  const keys = {
    u: takeBack,
    ArrowLeft: () => goTo(state.moves.length - 1),
    ArrowRight: () => goTo(state.moves.length + 1),
    Home: () => goTo(0),
    End: () => goTo(state.line.length),
  };
  const action = keys[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
});

main();
