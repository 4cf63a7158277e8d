// The board page: load the game, follow it by long-polling its version, animate each new move
// from the server's record, and send the viewer's moves, undo, hint, resign and settings.
import { ApiError, UNREACHABLE, api, onReachable } from "./api.js";
import { Skipper, animateMove, reducedMotion } from "./animate.js";
import { Board, formatValue, pitLetter } from "./board.js";
import { bindName, remember } from "./names.js";

const RETRY_MS = 1500; // while the server can't be reached, try again this often
const POLL_TIMEOUT_MS = 30000; // a long-poll (8 s on the server) that takes longer is lost

const root = document.getElementById("game");
const API = root.dataset.api;
const $ = (id) => document.getElementById(id);
const els = {
  board: $("board"),
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
  watch: $("watch"),
  pause: $("btn-pause"),
  speed: $("speed"),
  thinkingToggle: $("show-thinking"),
  thinkingInfo: $("thinking-info"),
  overDialog: $("over-dialog"),
  rulesDialog: $("rules-dialog"),
  join: $("join"),
  joinName: $("join-name"),
  share: $("share"),
  shareUrl: $("share-url"),
  exportLink: $("export-link"),
};

const view = {
  game: null, // the state on screen
  newest: null, // the newest state received (maybe still waiting to be shown)
  latest: 0, // highest version received
  pending: [], // states waiting to be shown
  animating: false,
  skipper: null,
  flipped: false,
  hint: null, // {index, player, values, best}
  sending: false,
  overShownFor: null,
  message: "",
  board: null,
};

// -- helpers ------------------------------------------------------------------------------------

function seatName(game, seat) {
  return game.seats[seat].name;
}

// The other player of a game between two devices: their name if they gave one.
function opponent(game, { capital = false } = {}) {
  const other = game.seats.find((s) => !s.yours);
  if (other && other.player_name) return other.name;
  return capital ? "Your opponent" : "your opponent";
}

// "Waiting for opponent…", but a name a player chose is shown as they wrote it.
function waitingFor(game, seat) {
  const info = game.seats[seat];
  return `Waiting for ${info.player_name ? info.name : info.name.toLowerCase()}…`;
}

function bottomSeat(game) {
  const base = game.you.length === 1 ? game.you[0] : 0;
  return view.flipped ? 1 - base : base;
}

function boardIndex(game, player, pit) {
  return pit + (game.pits + 1) * player;
}

function announce(text) {
  els.live.textContent = "";
  // A fresh text node each time so that screen readers announce repeats too.
  setTimeout(() => {
    els.live.textContent = text;
  }, 30);
}

let calloutTimer = 0;
function callout(text) {
  clearTimeout(calloutTimer);
  els.callout.textContent = text;
  els.callout.classList.toggle("shown", Boolean(text));
  if (text) calloutTimer = setTimeout(() => els.callout.classList.remove("shown"), 1800);
}

function moveWords(game, move) {
  const rec = move.record;
  const who = seatName(game, move.player);
  let text = `${who} played ${move.letter.toUpperCase()}: ${rec.sown.length} seed${rec.sown.length === 1 ? "" : "s"}`;
  if (rec.captured) text += `, captured ${rec.captured}`;
  if (rec.extra_turn && !rec.ended) text += ", extra turn";
  return `${text}.`;
}

function moveCallout(move) {
  const rec = move.record;
  const parts = [];
  if (rec.captured) parts.push(`Captured ${rec.captured}`);
  if (rec.extra_turn && !rec.ended) parts.push("Extra turn!");
  if (rec.ended) parts.push("Game over");
  return parts.join(" · ");
}

function seated(game) {
  return game.you.length > 0;
}

function statusText(game) {
  if (game.status === "over") {
    const offered = game.rematch && !game.rematch.game && game.you.includes(game.rematch.by);
    return offered ? `${resultText(game)} · rematch offered, waiting for ${opponent(game)}…` : resultText(game);
  }
  if (game.paused) return "Paused";
  const mover = game.to_move;
  if (game.your_turn) {
    return game.you.length === 2 ? `${seatName(game, mover)} to move` : "Your turn";
  }
  if (game.seats[mover].kind === "computer") return `${seatName(game, mover)} is thinking…`;
  if (game.mode === "remote" && game.takeback !== null && game.you.includes(game.takeback)) {
    return `Takeback asked; waiting for ${opponent(game)}…`;
  }
  if (game.mode === "remote" && game.can_join) return "A seat is open";
  if (game.mode === "remote" && !seated(game)) return `${seatName(game, mover)} to move`;
  return waitingFor(game, mover);
}

function resultText(game) {
  const [a, b] = game.scores;
  if (game.winner === null) return `Draw, ${a}–${b}`;
  const w = game.winner;
  const ws = game.scores[w];
  const ls = game.scores[1 - w];
  if (game.you.length === 1) {
    return game.you[0] === w ? `You won, ${ws}–${ls}` : `You lost, ${ls}–${ws}`;
  }
  return `${seatName(game, w)} won, ${ws}–${ls}`;
}

// -- rendering ----------------------------------------------------------------------------------

function ensureBoard(game) {
  if (!view.board) {
    view.board = new Board(els.board, { pits: game.pits, onPlay: (index) => play(index) });
  }
  const bottom = bottomSeat(game);
  view.board.setNames(game.seats.map((s) => s.name));
  if (view.board.cells.size === 0 || view.board.bottom !== bottom) view.board.build(bottom);
}

function render(game, { interactive = true } = {}) {
  ensureBoard(game);
  const board = view.board;
  board.setCounts(game.board);
  const last = game.moves.length ? game.moves[game.moves.length - 1] : null;
  const canPlay = interactive && game.your_turn && !view.sending;
  board.mark({
    legal: canPlay ? game.legal_moves : [],
    mover: game.to_move,
    last: last ? boardIndex(game, last.player, last.pit) : null,
    hint: view.hint && view.hint.version === game.version ? view.hint.index : null,
  });
  const bottom = bottomSeat(game);
  for (const [tag, seat] of [
    [els.tagTop, 1 - bottom],
    [els.tagBottom, bottom],
  ]) {
    tag.querySelector(".name").textContent = seatName(game, seat);
    tag.querySelector(".score").textContent = String(game.scores[seat]);
    tag.classList.toggle("to-move", game.to_move === seat);
    tag.classList.toggle("thinking", game.thinking && game.to_move === seat);
  }
  els.board.classList.toggle("my-turn", canPlay);
  els.extra.textContent = game.extra_text || "";
  els.extra.hidden = !game.extra_text;
  // Toguz Kumalak keeps each player's tuzdyk (a board index) beside the board.
  board.markSpecial(game.variant === "toguz_kumalak" ? game.extra.filter((i) => i >= 0) : [], "tuzdyk");
  els.status.textContent = view.message || statusText(game);
  els.status.classList.toggle("thinking", game.thinking && !view.message);
  els.status.classList.toggle("error", Boolean(view.message));
  renderMoves(game);
  const seated = game.you.length > 0;
  const playing = game.status === "playing";
  const remote = game.mode === "remote";
  els.undo.disabled = !(seated && game.resigned === null && game.moves.some((m) => game.you.includes(m.player)) && !(remote && (!playing || game.takeback !== null)));
  els.undo.lastChild.textContent = remote ? " Ask to take back" : " Undo";
  els.hint.disabled = !canPlay;
  els.resign.disabled = !(seated && playing);
  const spectator = game.mode === "remote" && !seated;
  els.resign.hidden = game.mode === "watch" || spectator;
  els.undo.hidden = game.mode === "watch" || spectator;
  els.hint.hidden = game.mode === "watch" || spectator;
  els.watch.hidden = game.mode !== "watch";
  els.pause.textContent = game.paused ? "Resume" : "Pause";
  els.pause.disabled = !playing;
  if (document.activeElement !== els.speed) els.speed.value = closestSpeed(game.delay);
  els.join.hidden = !game.can_join;
  const waiting = game.mode === "remote" && seated && game.seats.some((s) => s.open);
  els.share.hidden = !waiting;
  if (waiting && !els.shareUrl.value) els.shareUrl.value = window.location.href;
  renderPresence(game);
  renderOffer(game);
  els.exportLink.href = `${API}/record?format=text`;
  els.exportLink.setAttribute("download", `mancala-${game.variant}-${game.id}.txt`);
  $("thinking-toggle").hidden = !game.seats.some((s) => s.kind === "computer");
  renderThinking(game);
  if (game.status === "over" && view.overShownFor !== game.id && interactive) {
    view.overShownFor = game.id;
    showOver(game);
  }
}

// Whether the other player of a game between two devices has its board open (long-polling).
function renderPresence(game) {
  const el = $("presence");
  if (!el) return;
  const others = game.mode === "remote" ? game.seats.filter((s) => !s.yours && !s.open) : [];
  el.hidden = others.length === 0;
  if (el.hidden) return;
  el.textContent = others
    .map((s) => `${s.name}: ${s.connected ? "connected" : "not connected"}`)
    .join(" · ");
  el.classList.toggle("connected", others.every((s) => s.connected));
  if (!game.you.length && game.mode === "remote" && !game.can_join) el.textContent = `Watching · ${el.textContent}`;
}

// A takeback request or rematch offer from the opponent, and following an accepted rematch.
function renderOffer(game) {
  const mine = (seat) => game.you.includes(seat);
  const el = $("offer");
  let text = "";
  if (game.you.length === 1 && game.takeback !== null && game.takeback !== undefined && !mine(game.takeback)) {
    text = `${opponent(game, { capital: true })} asks to take back their last move.`;
  } else if (game.you.length === 1 && game.rematch && !game.rematch.game && !mine(game.rematch.by)) {
    const youFirst = mine(1 - game.first_player);
    const them = opponent(game, { capital: true });
    text = `${them} offers a rematch (${youFirst ? "you move" : `${opponent(game)} moves`} first).`;
  }
  el.hidden = !text;
  $("offer-text").textContent = text;
  if (text && els.overDialog.open) els.overDialog.close();
  if (game.rematch && game.rematch.game && view.followed !== game.rematch.game) {
    view.followed = game.rematch.game;
    window.location.assign(`/game/${game.rematch.game}`);
  }
}

async function answer(action) {
  const game = view.newest || view.game;
  if (!game) return;
  const version = game.version;
  if (game.takeback !== null && game.takeback !== undefined) {
    send("POST", "/takeback", { version, action });
    return;
  }
  const next = await send("POST", "/rematch", { version, action });
  if (next && next.id !== game.id && view.followed !== next.id) {
    view.followed = next.id;
    window.location.assign(`/game/${next.id}`);
  }
}

function closestSpeed(delay) {
  const options = [...els.speed.options].map((o) => Number(o.value));
  return String(options.reduce((a, b) => (Math.abs(b - delay) < Math.abs(a - delay) ? b : a)));
}

function renderMoves(game) {
  const items = game.moves.map((m) => {
    const li = document.createElement("li");
    li.className = `move p${m.player}`;
    li.textContent = m.notation;
    li.title = moveWords(game, m);
    return li;
  });
  els.moves.replaceChildren(...items);
  els.moves.scrollTop = els.moves.scrollHeight;
}

function renderThinking(game) {
  const board = view.board;
  const on = els.thinkingToggle.checked;
  let shown = null;
  if (view.hint && view.hint.version === game.version) shown = { ...view.hint, label: "Hint" };
  else if (on) {
    const moved = [...game.moves].reverse().find((m) => m.decision);
    if (moved) {
      const d = moved.decision;
      shown = { player: moved.player, values: d.move_values, best: d.move, decision: d, label: seatName(game, moved.player) };
    }
  }
  if (!shown) {
    board.showValues(null, null, null);
    els.thinkingInfo.hidden = !on;
    els.thinkingInfo.textContent = on ? "The computer has not moved yet." : "";
    return;
  }
  const d = shown.decision;
  board.showValues(shown.player, shown.values, shown.best, (d && d.upper_bounds) || []);
  const bits = [`${shown.label}: best ${pitLetter(shown.player, shown.best).toUpperCase()}`];
  if (d) {
    if (d.value !== null && d.value !== undefined) bits.push(`value ${formatValue(d.value)}`);
    if (d.depth) bits.push(`depth ${d.depth}`);
    if (d.nodes) bits.push(`${d.nodes.toLocaleString()} position${d.nodes === 1 ? "" : "s"}`);
    if (d.seconds !== undefined) bits.push(`${d.seconds.toFixed(2)} s`);
  }
  els.thinkingInfo.hidden = false;
  let note = "Values are shown on each pit it considered";
  if (d && d.upper_bounds && d.upper_bounds.length) note += "; ≤ marks a move proved no better";
  if (d && d.random) note = `It played a deliberate slip. ${note}`;
  els.thinkingInfo.textContent = `${bits.join(", ")}. ${note}.`;
}

function showOver(game) {
  $("over-result").textContent = resultText(game);
  $("over-players").textContent = game.seats.map((s) => `${s.name} ${game.scores[s.seat]}`).join(" · ");
  $("over-reason").textContent = game.end_reason ? `Ended: ${game.end_reason}.` : "";
  $("over-moves").textContent = game.moves.map((m) => m.notation).join(" ");
  if (!els.overDialog.open) els.overDialog.showModal();
  announce(`Game over. ${resultText(game)}.`);
}

// -- receiving states ---------------------------------------------------------------------------

function receive(game) {
  if (view.game && game.id !== view.game.id) return;
  if (game.version === view.latest && view.newest && game.you.length > view.newest.you.length) {
    // The same version seen from a seat: after taking a seat, a poll sent before the seat was
    // taken can answer (first or last) with the onlooker's view of that version; the seated
    // view wins either way.
    view.newest = game;
    view.pending.push(game);
    drain();
    return;
  }
  if (game.version <= view.latest) return;
  view.latest = game.version;
  view.newest = game;
  view.pending.push(game);
  drain();
}

let draining = false;
async function drain() {
  if (draining) return;
  draining = true;
  try {
    while (view.pending.length) {
      const next = view.pending.shift();
      await present(next);
    }
  } finally {
    draining = false;
  }
}

function samePrefix(a, b, n) {
  for (let i = 0; i < n; i += 1) {
    if (a.moves[i].notation !== b.moves[i].notation || a.moves[i].player !== b.moves[i].player) return false;
  }
  return true;
}

async function present(game) {
  const before = view.game;
  view.game = game;
  if (!before || game.moves.length < before.moves.length || !samePrefix(before, game, before.moves.length)) {
    if (before && game.moves.length < before.moves.length) {
      announce(`Moves taken back. ${statusText(game)}.`);
    }
    render(game);
    return;
  }
  const fresh = game.moves.slice(before.moves.length);
  if (fresh.length && !reducedMotion()) {
    view.animating = true;
    ensureBoard(game);
    view.board.mark({});
    els.board.classList.add("animating");
    const skipper = new Skipper();
    view.skipper = skipper;
    for (const move of fresh) {
      const start = move.ply === 0 ? game.initial_board : game.moves[move.ply - 1].board;
      els.status.textContent = `${seatName(game, move.player)} plays ${move.letter.toUpperCase()}…`;
      let factor = 1;
      if (game.mode === "watch") factor = Math.max(0.12, Math.min(1, game.delay));
      if (view.pending.length) factor *= 0.4;
      await animateMove(view.board, start, move, skipper, factor);
      callout(moveCallout(move));
      announce(moveWords(game, move));
      if (!skipper.skipped && moveCallout(move)) await skipper.sleep(350 * factor);
    }
    view.board.clearPulses();
    els.board.classList.remove("animating");
    view.animating = false;
    view.skipper = null;
  } else {
    for (const move of fresh) announce(moveWords(game, move));
    if (fresh.length) callout(moveCallout(fresh[fresh.length - 1]));
  }
  render(game);
  if (fresh.length && game.status === "playing") {
    if (game.your_turn && game.you.length === 1) announce(`${moveWords(game, fresh[fresh.length - 1])} Your turn.`);
  }
}

function skipAnimation() {
  if (view.skipper) view.skipper.skip();
}

// -- actions ------------------------------------------------------------------------------------

function showError(err, message) {
  view.message = message || (err instanceof ApiError ? err.message : String(err));
  if (view.game) render(view.game);
  announce(view.message);
  setTimeout(() => {
    view.message = "";
    if (view.game) render(view.game);
  }, 4000);
}

async function send(method, path, body) {
  view.sending = true;
  if (view.game) render(view.game);
  try {
    const game = await api(method, `${API}${path}`, body, { timeout: POLL_TIMEOUT_MS });
    view.sending = false;
    receive(game);
    return game;
  } catch (err) {
    view.sending = false;
    showError(err, notSent(err, path));
    if (err instanceof ApiError && err.status === 409) await refresh();
    return null;
  } finally {
    view.sending = false;
    if (view.game && !view.animating && !view.pending.length) render(view.game);
  }
}

// Without an answer from the server: say what became of the request; the board stays usable.
function notSent(err, path) {
  if (!(err instanceof ApiError) || err.status !== 0) return "";
  const move = path === "/moves";
  if (err.message !== UNREACHABLE) {
    return `${move ? "Your move" : "That"} got no answer in time; the board shows what the server has once it answers.`;
  }
  return `${move ? "Your move was" : "That was"} not sent: ${err.message.charAt(0).toLowerCase()}${err.message.slice(1)}`;
}

async function refresh() {
  try {
    receive(await api("GET", API));
  } catch (err) {
    showError(err);
  }
}

function play(index) {
  const game = view.game;
  if (!game || !game.your_turn || view.sending || view.animating || view.pending.length) return;
  const player = index <= game.pits ? 0 : 1;
  const pit = index - (game.pits + 1) * player;
  if (player !== game.to_move || !game.legal_moves.includes(pit)) return;
  view.hint = null;
  send("POST", "/moves", { pit, version: game.version });
}

function undo() {
  if (!view.game || els.undo.disabled || els.undo.hidden) return;
  view.hint = null;
  const version = (view.newest || view.game).version;
  if (view.game.mode === "remote") {
    send("POST", "/takeback", { version, action: "request" });
    return;
  }
  send("POST", "/undo", { version });
}

async function hint() {
  const game = view.game;
  if (!game || !game.your_turn || els.hint.disabled) return;
  els.hint.disabled = true;
  els.status.textContent = "Looking for a good move…";
  try {
    const d = await api("POST", `${API}/hint`, {});
    if (d.version !== view.game.version) return;
    view.hint = {
      version: d.version,
      index: boardIndex(game, d.player, d.move),
      player: d.player,
      values: d.move_values,
      best: d.move,
      decision: d,
    };
    render(view.game);
    announce(`Hint: play ${pitLetter(d.player, d.move).toUpperCase()}.`);
  } catch (err) {
    showError(err);
  }
}

let resignArmed = 0;
function resign() {
  if (!view.game || els.resign.disabled) return;
  if (!resignArmed) {
    els.resign.textContent = "Really resign?";
    resignArmed = setTimeout(() => {
      resignArmed = 0;
      els.resign.textContent = "Resign";
    }, 3000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = 0;
  els.resign.textContent = "Resign";
  send("POST", "/resign", { version: (view.newest || view.game).version });
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
    const game = await api("POST", `${API}/rematch`, {});
    window.location.assign(`/game/${game.id}`);
  } catch (err) {
    els.overDialog.close();
    showError(err);
  }
}

function flip() {
  view.flipped = !view.flipped;
  if (view.game) {
    ensureBoard(view.game);
    render(view.game);
  }
}

// -- wiring -------------------------------------------------------------------------------------

els.undo.addEventListener("click", undo);
els.hint.addEventListener("click", hint);
els.flip.addEventListener("click", flip);
els.resign.addEventListener("click", resign);
els.rules.addEventListener("click", () => els.rulesDialog.showModal());
$("btn-close-rules").addEventListener("click", () => els.rulesDialog.close());
$("btn-close-over").addEventListener("click", () => els.overDialog.close());
$("btn-again").addEventListener("click", playAgain);
els.join.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = remember("me", els.joinName.value);
  send("POST", "/join", name ? { name } : {});
});
bindName(els.joinName, "me");
$("btn-accept").addEventListener("click", () => answer("accept"));
$("btn-decline").addEventListener("click", () => answer("decline"));
els.thinkingToggle.addEventListener("change", () => view.game && render(view.game));
// Settings carry no version: they don't depend on the position, so a computer move landing in
// between does not make them fail.
els.pause.addEventListener("click", () => {
  if (!view.game) return;
  const paused = !els.pause.textContent.startsWith("Resume");
  els.pause.textContent = paused ? "Resume" : "Pause";
  send("PATCH", "", { paused });
});
els.speed.addEventListener("change", () => view.game && send("PATCH", "", { delay: Number(els.speed.value) }));
els.board.addEventListener("click", () => {
  if (view.animating) skipAnimation();
});
els.shareUrl.addEventListener("focus", () => els.shareUrl.select());
window.addEventListener("resize", () => view.board && view.board.fit());

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, select, textarea")) return;
  if (document.querySelector("dialog[open]")) return;
  const game = view.game;
  if (event.key === "Escape") {
    skipAnimation();
    return;
  }
  if (!game) return;
  if (/^[1-9]$/.test(event.key)) {
    const pit = Number(event.key) - 1;
    if (game.your_turn && pit < game.pits) {
      event.preventDefault();
      play(boardIndex(game, game.to_move, pit));
    }
  } else if (event.key === "u") undo();
  else if (event.key === "h") hint();
  else if (event.key === "f") flip();
});

// -- staying connected --------------------------------------------------------------------------

// "Reconnecting…" while the server can't be reached (a restart, a killed worker, the network);
// it goes as soon as any request gets an answer.
onReachable((ok) => {
  const text = ok ? "" : "The connection to the server is lost. Reconnecting…";
  if (els.connection.textContent !== text) els.connection.textContent = text;
});

let wake = null; // ends the wait before the next try early (the browser is back online)
function retryPause() {
  return new Promise((resolve) => {
    const timer = setTimeout(done, RETRY_MS);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });
}
window.addEventListener("online", () => wake && wake());

// Whether an error means the game is gone for good (no point in trying again).
function final(err) {
  return err instanceof ApiError && (err.status === 404 || err.status === 410);
}

// Follow the game by long-polling its version.  After a failure the next read is a plain one,
// which answers at once: the page catches up (moves made meanwhile, the computer's included)
// and says it is connected again without waiting out a long-poll.
async function follow() {
  let lost = false;
  for (;;) {
    try {
      const url = lost ? API : `${API}?since=${view.latest}`;
      const game = await api("GET", url, undefined, { timeout: POLL_TIMEOUT_MS });
      lost = false;
      if (game.version === view.latest && view.game && game.seats) {
        view.game.seats = game.seats; // a poll that timed out still says who is connected
        renderPresence(view.game);
      }
      receive(game);
    } catch (err) {
      if (final(err)) {
        showError(err);
        return;
      }
      lost = true;
      await retryPause();
    }
  }
}

// The first read of the game, tried again while the server can't be reached.
async function firstRead() {
  for (;;) {
    try {
      return await api("GET", API, undefined, { timeout: POLL_TIMEOUT_MS });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 0) throw err;
      await retryPause();
    }
  }
}

async function start() {
  try {
    const game = await firstRead();
    view.latest = game.version;
    view.game = game;
    view.newest = game;
    if (game.status === "over") view.overShownFor = game.id; // no dialog for an old result
    render(game);
    if (game.your_turn) announce(`${statusText(game)}.`);
  } catch (err) {
    showError(err);
    return;
  }
  follow();
}

start();
