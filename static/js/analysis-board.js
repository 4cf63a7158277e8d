// The analysis board: a position (set up in the editor, opened from a link, a review or a
// record) played freely for either side. Every board, legal move, value and ending comes from
// the server (POST /api/board); this page only draws them and keeps the moves played.
import { api } from "./api.js";
import { Board, formatValue, pitLetter } from "./board.js";

const $ = (id) => document.getElementById(id);
const els = {
  board: $("board"),
  status: $("ab-status"),
  last: $("ab-last"),
  extra: $("ab-extra"),
  help: $("ab-help"),
  moves: $("ab-moves"),
  back: $("ab-back"),
  reset: $("ab-reset"),
  flip: $("ab-flip"),
  showValues: $("ab-show-values"),
  values: $("ab-values"),
  level: $("ab-level"),
  seat: $("ab-seat"),
  play: $("ab-play"),
  link: $("ab-link"),
  copy: $("ab-copy"),
  error: $("ab-error"),
  editor: $("ab-editor"),
  form: $("ab-form"),
  variant: $("ab-variant"),
  options: $("ab-options"),
  toMove: $("ab-to-move"),
  extraField: $("ab-extra-field"),
  extraInput: $("ab-extra-input"),
  grid: $("ab-grid"),
  start: $("ab-start"),
  current: $("ab-current"),
  formError: $("ab-form-error"),
  importBox: $("ab-import"),
  importForm: $("ab-import-form"),
  record: $("ab-record"),
  file: $("ab-file"),
  importError: $("ab-import-error"),
};

const state = {
  variants: [], // the server's variants with their options
  start: null, // {variant, options, board, to_move, extra}
  moves: [], // pits played from the start
  answer: null, // the server's answer for the position shown
  values: null, // the engine's values for that position
  bottom: 0,
  board: null,
  seq: 0, // the request whose answer may still be drawn
};

const SIDE = ["the bottom row (player 1)", "the top row (player 2)"];

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Hide every error box: a new position was adopted. */
function clearErrors() {
  for (const el of [els.error, els.formError, els.importError]) showError(el, "");
}

function showError(el, message) {
  setText(el, message || "");
  el.hidden = !message;
}

function positionBody(start, extra = {}) {
  const body = { variant: start.variant, options: start.options, board: start.board, to_move: start.to_move };
  if (start.extra && start.extra.length) body.extra = start.extra;
  return { ...body, ...extra };
}

// -- the link ----------------------------------------------------------------------------------

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

function numbers(text) {
  return text.split(",").filter((x) => x.trim() !== "").map((x) => Number(x));
}

/** What the page's address asks for: a position and moves, or nothing (the default start). */
function fromAddress() {
  const q = new URLSearchParams(window.location.search);
  const body = {};
  if (q.has("variant")) body.variant = q.get("variant");
  if (q.has("options")) {
    try {
      body.options = JSON.parse(q.get("options"));
    } catch {
      body.options = q.get("options"); // the server says what is wrong with it
    }
  }
  if (q.has("board")) body.board = numbers(q.get("board"));
  if (q.has("to_move")) body.to_move = Number(q.get("to_move"));
  if (q.has("extra")) body.extra = numbers(q.get("extra"));
  if (q.has("moves")) body.moves = numbers(q.get("moves"));
  return body;
}

function updateLink() {
  if (!state.start) return;
  const url = linkFor(state.start, state.moves);
  els.link.value = url;
  window.history.replaceState(null, "", url);
}

// -- drawing -----------------------------------------------------------------------------------

function ensureBoard(answer) {
  if (!state.board || state.board.pits !== answer.pits) {
    state.board = new Board(els.board, { pits: answer.pits, onPlay: play });
    state.board.build(state.bottom);
  }
  return state.board;
}

function moveWords(entry) {
  const rec = entry.record;
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
  const last = lastEntry ? lastEntry.pit + (answer.pits + 1) * lastEntry.player : null;
  board.mark({ legal: answer.legal_moves, mover: answer.to_move, last });
  board.markSpecial(answer.special_pits || []);
  els.board.classList.toggle("my-turn", !answer.over);
  if (answer.over) {
    const [a, b] = answer.scores;
    const who = answer.winner === null ? "a draw" : `${answer.winner ? "the top row" : "the bottom row"} wins`;
    setText(els.status, `Game over (${answer.end_reason || "no move left"}): ${a}–${b}, ${who}.`);
  } else {
    setText(els.status, `${SIDE[answer.to_move][0].toUpperCase()}${SIDE[answer.to_move].slice(1)} to move`);
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
}

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

function drawValues() {
  const answer = state.answer;
  const values = els.showValues.checked && answer && !answer.over ? state.values : null;
  if (state.board) state.board.showValues(answer ? answer.to_move : null, values ? values.values : null, values ? values.best : null);
  els.values.replaceChildren();
  if (!els.showValues.checked || !answer || answer.over) return;
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
    li.className = pit === values.best ? "best" : "";
    const name = document.createElement("strong");
    name.textContent = pitLetter(answer.to_move, pit);
    const value = document.createElement("span");
    value.className = "ab-value";
    value.textContent = formatValue(values.values[String(pit)]);
    const kind = document.createElement("span");
    kind.className = exact ? "ab-exact" : "ab-estimate muted";
    kind.textContent = exact ? "exact" : "estimate";
    li.append(name, " ", value, " ", kind);
    if (pit === values.best) li.append(" ← best");
    list.append(li);
  }
  const head = document.createElement("p");
  head.textContent = `Values for ${SIDE[answer.to_move]}, in seeds of final margin:`;
  els.values.append(head, list);
}

// -- talking to the server ---------------------------------------------------------------------

/** Ask for the position ``moves`` reach from the start and draw it; then its values. */
async function refresh() {
  const seq = ++state.seq;
  showError(els.error, "");
  let answer;
  try {
    answer = await api("POST", "/api/board", positionBody(state.start, { moves: state.moves }));
  } catch (err) {
    if (seq === state.seq) showError(els.error, err.message);
    return;
  }
  if (seq !== state.seq) return;
  state.answer = answer;
  state.values = null;
  draw();
  updateLink();
  if (els.showValues.checked && !answer.over) await fetchValues(seq);
}

async function fetchValues(seq) {
  try {
    const body = positionBody(state.start, { moves: state.moves, values: true });
    const found = await api("POST", "/api/board", body);
    if (seq !== state.seq) return;
    state.values = found.values || null;
    drawValues();
  } catch (err) {
    if (seq === state.seq) {
      showError(els.error, `No values just now: ${err.message}`);
      els.values.replaceChildren();
    }
  }
}

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

function play(index) {
  const answer = state.answer;
  if (!answer || answer.over) return;
  const player = index <= answer.pits ? 0 : 1;
  const pit = index - (answer.pits + 1) * player;
  if (player !== answer.to_move || !answer.legal_moves.includes(pit)) return;
  state.moves.push(pit);
  refresh();
}

function goTo(count) {
  if (count === state.moves.length) return;
  state.moves = state.moves.slice(0, count);
  refresh();
}

function takeBack() {
  if (state.moves.length) goTo(state.moves.length - 1);
}

// -- the editor --------------------------------------------------------------------------------

function variantInfo(name) {
  return state.variants.find((v) => v.name === name);
}

function buildOptions(variant, chosen = {}) {
  els.options.replaceChildren();
  const info = variantInfo(variant);
  if (!info) return;
  for (const [key, spec] of Object.entries(info.options)) {
    const id = `ab-opt-${key}`;
    const wrap = document.createElement("div");
    wrap.className = "ab-option";
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = spec.help || key.replaceAll("_", " "); // the variant's words for it
    let input;
    const value = key in chosen ? chosen[key] : spec.default;
    if (spec.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(value);
    } else if (spec.choices) {
      input = document.createElement("select");
      for (const c of spec.choices) {
        const option = document.createElement("option");
        option.value = String(c);
        option.textContent = String(c).replaceAll("_", " ");
        input.append(option);
      }
      input.value = String(value);
    } else {
      input = document.createElement("input");
      input.type = spec.type === "int" ? "number" : "text";
      input.value = String(value);
      if (spec.min !== undefined) input.min = String(spec.min);
      if (spec.max !== undefined) input.max = String(spec.max);
    }
    input.id = id;
    input.dataset.option = key;
    input.dataset.type = spec.type;
    input.addEventListener("change", () => fillStart());
    wrap.append(label, input);
    els.options.append(wrap);
  }
  els.extraField.hidden = variant !== "toguz_kumalak";
}

function readOptions() {
  const options = {};
  for (const input of els.options.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    const spec = variantInfo(els.variant.value).options[input.dataset.option];
    let value;
    if (type === "bool") value = input.checked;
    else if (type === "int") value = input.value === "" ? input.value : Number(input.value);
    else value = input.value;
    if (spec.choices && type === "int") value = Number(value);
    if (value !== spec.default) options[input.dataset.option] = value;
  }
  return options;
}

/** The editor's grid of counts, laid out as the board: the top row right to left. */
function buildGrid(board, pits) {
  els.grid.replaceChildren();
  els.grid.style.setProperty("--pits", String(pits));
  const cell = (index, label, cls) => {
    const input = document.createElement("input");
    input.type = "number";
    input.min = "0";
    input.inputMode = "numeric";
    input.className = `ab-count ${cls}`;
    input.dataset.index = String(index);
    input.value = String(board[index] ?? 0);
    input.setAttribute("aria-label", label);
    return input;
  };
  const store1 = 2 * pits + 1;
  els.grid.append(cell(store1, "Store of the top row (player 2)", "ab-store-top"));
  for (let i = pits - 1; i >= 0; i -= 1) {
    const index = pits + 1 + i;
    els.grid.append(cell(index, `Pit ${pitLetter(1, i)} (top row)`, "ab-top"));
  }
  for (let i = 0; i < pits; i += 1) els.grid.append(cell(i, `Pit ${pitLetter(0, i)} (bottom row)`, "ab-bottom"));
  els.grid.append(cell(pits, "Store of the bottom row (player 1)", "ab-store-bottom"));
}

function fillEditor(position, options = true) {
  els.variant.value = position.variant;
  if (options) buildOptions(position.variant, position.options);
  buildGrid(position.board, (position.board.length - 2) / 2);
  els.toMove.value = String(position.to_move ?? 0);
  els.extraInput.value = position.extra && position.extra.length ? position.extra.join(",") : "-1,-1";
}

/** Fill the editor with the chosen variant's start (the server's). */
let editorSeq = 0;

async function fillStart() {
  showError(els.formError, "");
  const seq = ++editorSeq;
  const variant = els.variant.value;
  const options = readOptions();
  els.grid.dataset.loading = "true"; // the variant's start is on its way
  try {
    const answer = await api("POST", "/api/board", { variant, options });
    if (seq !== editorSeq) return; // the options changed again meanwhile
    const start = answer.start;
    fillEditor({ variant, options, board: start.board, to_move: start.to_move, extra: start.extra }, false);
  } catch (err) {
    if (seq === editorSeq) showError(els.formError, err.message);
  } finally {
    if (seq === editorSeq) delete els.grid.dataset.loading;
  }
}

function readEditor() {
  const board = [];
  for (const input of els.grid.querySelectorAll("input")) {
    const raw = input.value.trim();
    board[Number(input.dataset.index)] = raw === "" ? null : Number(raw);
  }
  const position = {
    variant: els.variant.value,
    options: readOptions(),
    board,
    to_move: Number(els.toMove.value),
    extra: [],
  };
  if (!els.extraField.hidden) position.extra = numbers(els.extraInput.value);
  return position;
}

async function setUp(event) {
  event.preventDefault();
  showError(els.formError, "");
  const position = readEditor();
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
    showError(els.formError, err.message);
  }
}

// -- records -----------------------------------------------------------------------------------

async function openRecord(event) {
  if (event) event.preventDefault();
  showError(els.importError, "");
  const text = els.record.value.trim();
  if (!text) {
    showError(els.importError, "Paste a record first (or upload one).");
    return;
  }
  let record = text;
  if (text.startsWith("{")) {
    try {
      record = JSON.parse(text);
    } catch (err) {
      showError(els.importError, `That JSON does not read: ${err.message}`);
      return;
    }
  }
  try {
    const answer = await api("POST", "/api/board", { record });
    adopt(answer);
    clearErrors(); // what went wrong before is no longer about the board shown
    els.importBox.open = false;
    await refresh();
  } catch (err) {
    showError(els.importError, err.message);
  }
}

// -- play the computer -------------------------------------------------------------------------

async function playComputer() {
  const answer = state.answer;
  if (!answer || answer.over) return;
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
    showError(els.error, err.message);
    els.play.disabled = false;
  }
}

// -- start -------------------------------------------------------------------------------------

async function main() {
  for (const el of [els.error, els.formError, els.importError]) el.hidden = true;
  try {
    state.variants = await api("GET", "/api/variants");
  } catch (err) {
    showError(els.error, err.message);
  }
  if (!Array.isArray(state.variants)) state.variants = state.variants.variants || [];
  const asked = fromAddress();
  let answer;
  try {
    answer = await api("POST", "/api/board", asked);
  } catch (err) {
    // A link with a bad position: say why, open the editor on the variant's start.
    showError(els.formError, `That link's position can't be analysed: ${err.message}`);
    els.editor.open = true;
    answer = await api("POST", "/api/board", { variant: "kalah" });
  }
  adopt(answer);
  fillEditor({ ...state.start });
  await refresh();
}

els.back.addEventListener("click", takeBack);
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
els.variant.addEventListener("change", () => {
  buildOptions(els.variant.value);
  fillStart();
});
els.start.addEventListener("click", fillStart);
els.current.addEventListener("click", () => {
  const a = state.answer;
  if (a) fillEditor({ variant: a.variant, options: a.options, board: a.board, to_move: a.to_move ?? 0, extra: a.extra });
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
