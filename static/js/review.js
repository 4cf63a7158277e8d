// Review and analysis on the board page (issue 15): the move list by turn, every move a button;
// ←/→, Home/End step through the positions and the board shows each one with its sowing marked;
// "Back to the game" returns to the live board. "Analyse" asks the server for every move's
// value (the engine's, in seeds of final margin) and shows the loss and tag of each move, the
// players' summary and an eval graph. Records go out as text or JSON and come in as a new game
// opened in review. Hints and the computer's thinking get the same per-pit values.
//
// game.js calls draw() after each render: this module then draws the reviewed position over
// the live one (or the exact values over a hint). It computes no rules: positions, sowing paths,
// values and tags all come from the server.
import { ApiError, api } from "./api.js";
import { followAnalysis, positionValues, readAnalysis, startAnalysis } from "./analysis.js";
import { analysisLink } from "./analysis-link.js";
import { drawGraph } from "./graph.js";
import { bottomSeat, boardIndex, shownHint } from "./state.js";
import * as text from "./text.js";

const TAG_MARK = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const TAG_WORD = {
  best: "best move",
  good: "good move",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
};

function setText(node, value) {
  if (node.textContent !== value) node.textContent = value;
}

/** Seeds as a person reads them: "+3", "−1.5", "0". */
export function seedsText(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const s = Number.isInteger(v) ? String(Math.abs(v)) : Math.abs(v).toFixed(1);
  return v > 0 ? `+${s}` : v < 0 ? `−${s}` : "0";
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Whether a game may be stepped through and analysed now (the server says the same). */
export function reviewable(game) {
  return game.status === "over" || game.mode !== "remote";
}

export class Review {
  /**
   * @param {object} view the board page's view (state.js)
   * @param {object} els the page's elements (render.js)
   * @param {string} apiUrl the game's API address
   * @param {() => void} redraw draws the page again (render, then this module's draw)
   */
  constructor(view, els, apiUrl, redraw) {
    this.view = view;
    this.els = els;
    this.apiUrl = apiUrl;
    this.redraw = redraw;
    this.pos = null; // null: the live game; else the position shown (0 = start, k = after move k)
    this.analysis = null; // the server's last answer about the analysis
    this.polling = false;
    this.values = new Map(); // "ply" -> {values, exact, best, player} for hints and thinking
    this.asked = new Set();
    this.jumpWhenDone = false;
    this.listKey = "";
    const $ = (id) => document.getElementById(id);
    this.ui = {
      panel: $("review"),
      first: $("rv-first"),
      prev: $("rv-prev"),
      next: $("rv-next"),
      last: $("rv-last"),
      banner: $("rv-banner"),
      where: $("rv-where"),
      live: $("rv-live"),
      board: $("rv-board"),
      comment: $("rv-comment"),
      note: $("rv-note"),
      valuesNote: $("rv-values-note"),
      moves: $("rv-moves"),
      analysisBox: $("rv-analysis"),
      analyse: $("rv-analyse"),
      turning: $("rv-turning"),
      progress: $("rv-progress"),
      progressText: $("rv-progress-text"),
      graph: $("rv-graph"),
      summary: $("rv-summary"),
      help: $("rv-help"),
      exportText: $("rv-export-text"),
      exportJson: $("rv-export-json"),
      importForm: $("rv-import"),
      importText: $("rv-import-text"),
      importFile: $("rv-import-file"),
      importError: $("rv-import-error"),
      overReview: $("btn-review"),
      overAnalyse: $("btn-analyse"),
    };
    if (!this.ui.panel) return;
    this.analysisUrl = this.ui.panel.dataset.analysis;
    this.bind();
    this.wantReview = window.location.hash === "#review";
  }

  // -- bindings -----------------------------------------------------------------------------

  bind() {
    const ui = this.ui;
    const click = (node, handler) => node && node.addEventListener("click", handler);
    click(ui.first, () => this.go(0));
    click(ui.prev, () => this.step(-1));
    click(ui.next, () => this.step(1));
    click(ui.last, () => this.go(this.total()));
    click(ui.live, () => this.leave());
    click(ui.analyse, () => this.analyse());
    click(ui.turning, () => this.goTurningPoint());
    click(ui.overReview, () => {
      this.closeOver();
      this.go(this.total(), { focus: true });
    });
    click(ui.overAnalyse, () => {
      this.closeOver();
      this.go(this.total(), { focus: true });
      this.jumpWhenDone = true;
      this.analyse();
      this.showGraph(); // the progress, then the graph, in view (the board stays: style.css)
    });
    ui.moves.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-pos]") : null;
      if (button) this.go(Number(button.dataset.pos));
    });
    ui.importForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.importRecord();
    });
    document.addEventListener("keydown", (event) => this.key(event));
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea")) return;
    if (document.querySelector("dialog[open]")) return;
    const game = this.view.game;
    if (!game || !reviewable(game) || !game.moves.length) return;
    const moves = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1) };
    moves.Home = () => this.go(0);
    moves.End = () => this.go(this.total());
    const action = moves[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  closeOver() {
    const dialog = this.els.overDialog;
    if (dialog && dialog.open) dialog.close();
  }

  // -- where we are -------------------------------------------------------------------------

  total() {
    return this.view.game ? this.view.game.moves.length : 0;
  }

  step(delta) {
    const from = this.pos === null ? this.total() : this.pos;
    this.go(from + delta);
  }

  go(pos, { focus = false } = {}) {
    const game = this.view.game;
    if (!game || !reviewable(game)) return;
    this.pos = Math.max(0, Math.min(this.total(), pos));
    this.redraw();
    const current = this.ui.moves.querySelector("[aria-current='step']");
    if (current) current.scrollIntoView({ block: "nearest" });
    if (focus) (current || this.ui.prev).focus({ preventScroll: false });
  }

  leave() {
    this.pos = null;
    this.redraw();
  }

  entry(ply) {
    const a = this.analysis;
    if (!a || !a.moves) return null;
    return a.moves.find((m) => m.ply === ply) || null;
  }

  // -- drawing (after render.js drew the live game) -----------------------------------------

  draw() {
    const game = this.view.game;
    if (!game || !this.ui.panel) return;
    if (this.wantReview && game.moves.length) {
      this.wantReview = false;
      this.pos = 0;
    }
    if (this.analysis === null && !this.loading && reviewable(game) && game.moves.length) this.load();
    const open = reviewable(game);
    if (!open) this.pos = null;
    if (this.pos !== null && this.pos > this.total()) this.pos = this.total();
    this.els.root.classList.toggle("reviewing", this.pos !== null);
    this.drawList(game);
    this.drawNav(game, open);
    this.drawAnalysis(game, open);
    this.drawRecords();
    if (this.pos !== null && !this.view.animating) this.drawPosition(game);
    else this.drawLive(game);
  }

  drawNav(game, open) {
    const ui = this.ui;
    const at = this.pos === null ? this.total() : this.pos;
    const none = !open || !game.moves.length;
    ui.first.disabled = none || at === 0;
    ui.prev.disabled = none || at === 0;
    ui.next.disabled = none || this.pos === null || at >= this.total();
    ui.last.disabled = none || this.pos === null;
    ui.note.hidden = open;
    setText(ui.note, open ? "" : "You can step through the moves and analyse them once the game is over.");
    ui.banner.hidden = this.pos === null;
    if (this.pos !== null) {
      const where = this.pos === 0 ? "the start" : `move ${this.pos} of ${this.total()}`;
      setText(ui.where, `Reviewing ${where}: ←/→ step, Home/End jump.`);
      if (ui.board) ui.board.href = analysisLink(game, this.pos); // the analysis board, from here
    }
  }

  drawList(game) {
    const a = this.analysis;
    const key = [game.id, game.version, this.pos, a ? `${a.status}:${a.done}` : "-", game.you.join(",")].join("|");
    if (key === this.listKey) return;
    this.listKey = key;
    const open = reviewable(game);
    const rows = [];
    let row = null;
    let turn = 0;
    for (const m of game.moves) {
      if (!row || m.turn !== turn) {
        turn = m.turn;
        row = document.createElement("li");
        row.className = `turn p${m.player}`;
        row.value = m.turn;
        const who = document.createElement("span");
        who.className = "turn-who visually-hidden";
        who.textContent = `${text.seatName(game, m.player)}:`;
        row.append(who);
        rows.push(row);
      }
      const entry = this.entry(m.ply);
      const button = document.createElement("button");
      button.type = "button";
      button.className = `rv-move p${m.player}${entry ? ` tag-${entry.tag}` : ""}`;
      button.dataset.pos = String(m.ply + 1);
      button.disabled = !open;
      button.textContent = m.notation + (entry ? TAG_MARK[entry.tag] : "");
      const said = entry ? ` ${TAG_WORD[entry.tag]}${entry.loss ? `, ${seedsText(-entry.loss)} seeds` : ""}.` : "";
      button.title = text.moveWords(game, m) + said;
      button.setAttribute("aria-label", `Move ${m.ply + 1}: ${text.moveWords(game, m)}${said}`);
      if (this.pos === m.ply + 1) button.setAttribute("aria-current", "step");
      row.append(button, " ");
    }
    this.ui.moves.replaceChildren(...rows);
    if (this.pos === null) this.ui.moves.scrollTop = this.ui.moves.scrollHeight;
  }

  /** The board at the reviewed position: counts, the move that led here with its path. */
  drawPosition(game) {
    const board = this.view.board;
    if (!board) return;
    const pos = this.pos;
    const move = pos > 0 ? game.moves[pos - 1] : null;
    const counts = move ? move.board : game.initial_board;
    board.setCounts(counts);
    const next = pos < game.moves.length ? this.entry(pos) : null;
    board.mark({
      legal: [],
      mover: null,
      last: move ? boardIndex(game, move.player, move.pit) : null,
      hint: next ? boardIndex(game, next.player, next.best) : null,
    });
    this.markPath(board, move);
    if (next) this.showValues(board, next.player, next.values, next.values_exact, next.best);
    else board.showValues(null, null, null);
    // The name tags and the lines around the board speak of this position.
    for (const tag of [this.els.tagTop, this.els.tagBottom]) {
      const seat = Number(tag.dataset.seat);
      setText(tag.querySelector(".score"), String(counts[game.stores[seat]]));
      tag.classList.remove("to-move", "thinking");
    }
    setText(this.els.status, move ? `Review: after ${move.turn}. ${move.notation}` : "Review: the start");
    this.els.status.classList.remove("thinking", "error");
    setText(this.els.lastMove, move ? text.lastMoveText(game, move) : "");
    this.comment(game, move, next);
    this.ui.valuesNote.hidden = true;
  }

  markPath(board, move) {
    for (const cell of board.cells.values()) cell.classList.remove("sown", "taken");
    if (!move) return;
    for (const index of move.record.sown || []) {
      const cell = board.cells.get(index);
      if (cell) cell.classList.add("sown");
    }
    for (const [index] of move.record.captures || []) {
      const cell = board.cells.get(index);
      if (cell) cell.classList.add("taken");
    }
  }

  comment(game, move, next) {
    const lines = [];
    const done = move ? this.entry(move.ply) : null;
    if (move && done) lines.push(`${move.notation}: ${this.judged(game, done)}`);
    if (next) {
      const mover = text.seatName(game, next.player);
      const best = text.letterOf(next.player, next.best);
      const sure = next.exact ? " (exact)" : "";
      lines.push(`${mover} to move: best is ${best}, ${seedsText(next.best_value)}${sure}.`);
      if (next.tag !== "best") {
        const played = text.letterOf(next.player, next.played);
        lines.push(`Played ${played} (${seedsText(next.played_value)}): ${this.judged(game, next)}`);
      }
    }
    setText(this.ui.comment, lines.join(" "));
    this.ui.comment.hidden = !lines.length;
  }

  judged(game, entry) {
    if (entry.tag === "best") return entry.forced ? "the only move." : "the best move.";
    const lost = `${plural(entry.loss, "seed")} lost`;
    const best = text.letterOf(entry.player, entry.best);
    return `${TAG_WORD[entry.tag]}, ${lost}; ${best} was better (${seedsText(entry.best_value)}).`;
  }

  /** Per-pit values in seeds, each exact one marked ✓ (the board's own value slots). */
  showValues(board, player, values, exact, best) {
    board.showValues(player, values, best);
    for (const cell of board.cells.values()) {
      const slot = cell.querySelector(".value");
      if (!slot) continue;
      const pit = cell.dataset.pit;
      const shown = cell.classList.contains("valued") && values && pit in values;
      const sure = Boolean(shown && exact && exact[pit]);
      if (shown) setText(slot, seedsText(values[pit]) + (sure ? "✓" : ""));
      cell.classList.toggle("exact", sure);
    }
  }

  /** The live board: clear review marks; give a hint's or the computer's pits exact values. */
  drawLive(game) {
    const board = this.view.board;
    setText(this.ui.comment, "");
    this.ui.comment.hidden = true;
    if (!board) return;
    for (const cell of board.cells.values()) cell.classList.remove("sown", "taken");
    const ply = this.valuedPly(game);
    if (ply === null) {
      this.ui.valuesNote.hidden = true;
      for (const cell of board.cells.values()) cell.classList.remove("exact");
      return;
    }
    const found = this.values.get(`${game.id}:${ply}`);
    if (!found) {
      this.askValues(game, ply);
      return;
    }
    this.showValues(board, found.player, found.values, found.exact, found.best);
    // The line above says the same numbers as the pits (not the search's own scale).
    const hint = shownHint(this.view, game);
    const who = hint ? "Hint" : text.seatName(game, found.player);
    const best = text.letterOf(found.player, found.best);
    const sure = found.exact[String(found.best)] ? " (exact)" : "";
    const played = hint ? "" : ` Played ${game.moves[ply].letter} (${seedsText(found.values[game.moves[ply].pit])}).`;
    setText(this.els.thinkingInfo, `${who}: best ${best}, ${seedsText(found.value)} seeds${sure}.${played}`);
    this.els.thinkingInfo.hidden = false;
    const exact = Object.values(found.exact).filter(Boolean).length;
    const all = Object.keys(found.values).length;
    const how = exact === all ? "all exact (solved)" : exact ? `${exact} of ${all} exact (✓)` : "estimates";
    setText(this.ui.valuesNote, `Pit values: seeds of the final margin for the player to move; ${how}.`);
    this.ui.valuesNote.hidden = false;
  }

  /** The position whose values are on the pits: a hint's (now), or the computer's last move. */
  valuedPly(game) {
    if (shownHint(this.view, game)) return game.moves.length;
    if (!this.els.thinkingCheck || !this.els.thinkingCheck.checked) return null;
    const moved = [...game.moves].reverse().find((m) => m.decision);
    return moved ? moved.ply : null;
  }

  async askValues(game, ply) {
    const key = `${game.id}:${ply}`;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    try {
      const found = await positionValues(this.analysisUrl, ply);
      this.values.set(key, found);
      this.redraw();
    } catch (err) {
      setText(this.ui.valuesNote, err instanceof ApiError ? err.message : String(err));
      this.ui.valuesNote.hidden = false;
    }
  }

  // -- the analysis -------------------------------------------------------------------------

  async load() {
    this.loading = true;
    try {
      const found = await readAnalysis(this.analysisUrl);
      this.take(found);
      if (found.status === "running") this.poll(found);
    } catch {
      this.analysis = { status: "none", done: 0, total: 0, moves: [], summary: [] };
    }
    this.redraw();
  }

  async analyse() {
    const game = this.view.game;
    if (!game || !reviewable(game) || this.polling) return;
    this.ui.analyse.disabled = true;
    setText(this.ui.progressText, "Asking the computer…");
    try {
      const found = await startAnalysis(this.analysisUrl);
      this.take(found);
      if (found.status === "running") await this.poll(found);
      else this.finished();
    } catch (err) {
      setText(this.ui.progressText, err instanceof ApiError ? err.message : String(err));
    } finally {
      this.ui.analyse.disabled = false;
      this.redraw();
    }
  }

  async poll(first) {
    if (this.polling) return;
    this.polling = true;
    try {
      const found = await followAnalysis(this.analysisUrl, first, (a) => {
        this.take(a);
        this.redraw();
      });
      if (found.status === "done") this.finished();
    } catch (err) {
      setText(this.ui.progressText, err instanceof ApiError ? err.message : String(err));
    } finally {
      this.polling = false;
    }
  }

  take(found) {
    this.analysis = found;
    this.listKey = "";
  }

  finished() {
    if (this.jumpWhenDone) {
      this.jumpWhenDone = false;
      this.goTurningPoint();
      this.showGraph();
    }
  }

  /** Scroll the analysis (its progress, then its graph) into view, no further than needed. */
  showGraph() {
    const box = this.ui.analysisBox;
    if (box && !box.hidden) box.scrollIntoView({ block: "nearest" });
  }

  /** The move that lost the most: the position before it, with what was better. */
  turningPoint() {
    const a = this.analysis;
    if (!a || !a.moves || !a.moves.length) return null;
    let worst = null;
    for (const m of a.moves) if (m.loss > 0 && (!worst || m.loss > worst.loss)) worst = m;
    return worst;
  }

  goTurningPoint() {
    const worst = this.turningPoint();
    if (worst) this.go(worst.ply, { focus: true });
  }

  drawAnalysis(game, open) {
    const ui = this.ui;
    const a = this.analysis;
    ui.analysisBox.hidden = !open || !game.moves.length;
    if (ui.analysisBox.hidden) return;
    const running = Boolean(a && a.status === "running");
    const done = Boolean(a && a.status === "done");
    ui.analyse.hidden = done && a.current;
    setText(ui.analyse, a && a.moves && a.moves.length && !a.current ? "Analyse again" : "Analyse");
    ui.analyse.disabled = running || this.polling;
    ui.progress.hidden = !running;
    if (running) {
      ui.progress.max = Math.max(1, a.total);
      ui.progress.value = a.done;
      setText(ui.progressText, `Analysing… ${a.done} of ${a.total} positions`);
    } else if (done) {
      const exact = a.moves.filter((m) => m.exact).length;
      const sure = exact === a.moves.length ? "all exact" : `${exact} of ${a.moves.length} exact`;
      setText(ui.progressText, `Analysed ${plural(a.total, "move")} (${sure}).`);
    } else if (a && a.status === "failed") {
      setText(ui.progressText, `The analysis stopped: ${a.error || "try again"}.`);
    } else if (!this.polling && ui.progressText.textContent.startsWith("Analys")) {
      setText(ui.progressText, "");
    }
    const worst = this.turningPoint();
    ui.turning.hidden = !(done && worst);
    setText(ui.help, (a && a.help) || "");
    this.drawGraph(game, a);
    this.drawSummary(game, a);
  }

  drawGraph(game, a) {
    const ui = this.ui;
    if (!a || !a.moves || !a.moves.length) {
      ui.graph.replaceChildren();
      ui.graph.hidden = true;
      return;
    }
    ui.graph.hidden = false;
    const seat = bottomSeat(this.view, game);
    const sign = seat === 0 ? 1 : -1;
    const points = [];
    if (typeof a.start_seat0 === "number") points.push({ pos: 0, y: sign * a.start_seat0 });
    for (const m of a.moves) {
      const label = `${m.ply + 1}. ${game.moves[m.ply] ? game.moves[m.ply].notation : ""}: ${TAG_WORD[m.tag]}`;
      points.push({ pos: m.ply + 1, y: sign * m.after_seat0, tag: m.tag, label });
    }
    const name = text.seatName(game, seat);
    drawGraph(ui.graph, {
      points,
      total: game.moves.length,
      current: this.pos,
      label: `How the game went, in seeds: up means ${name} ahead. Click to go to a move.`,
      onPick: (pos) => this.go(pos),
    });
    let caption = ui.graph.nextElementSibling;
    if (!caption || !caption.classList.contains("graph-caption")) {
      caption = document.createElement("p");
      caption.className = "graph-caption muted";
      ui.graph.after(caption);
    }
    setText(caption, `Up: ${name} ahead (seeds). Click the graph to go to a move.`);
  }

  drawSummary(game, a) {
    const table = this.ui.summary;
    if (!a || !a.moves || !a.moves.length || a.status !== "done") {
      table.hidden = true;
      return;
    }
    table.hidden = false;
    const key = `${game.id}:${a.total}:${a.done}`;
    if (table.dataset.shown === key) return;
    table.dataset.shown = key;
    const head = document.createElement("tr");
    const columns = [
      ["", ""],
      ["Loss", "Average seeds lost a move"],
      ["Best", "Best moves"],
      ["Good", "Good moves"],
      ["?!", "Inaccuracies"],
      ["?", "Mistakes"],
      ["??", "Blunders"],
    ];
    for (const [short, long] of columns) {
      const th = document.createElement("th");
      th.scope = "col";
      if (long) {
        const abbr = document.createElement("abbr");
        abbr.title = long;
        abbr.textContent = short;
        th.append(abbr);
      }
      head.append(th);
    }
    const rows = a.summary.map((s) => {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = text.seatName(game, s.player);
      tr.append(th);
      const cells = [s.average_loss.toFixed(1), s.tags.best, s.tags.good, s.tags.inaccuracy, s.tags.mistake];
      for (const value of [...cells, s.tags.blunder]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        tr.append(td);
      }
      return tr;
    });
    const caption = document.createElement("caption");
    caption.textContent = "Each player's moves: seeds lost a move on average; ?! inaccuracies, ? mistakes, ?? blunders";
    table.replaceChildren(caption, head, ...rows);
  }

  // -- records ------------------------------------------------------------------------------

  drawRecords() {
    const game = this.view.game;
    const ui = this.ui;
    ui.exportText.href = `${this.apiUrl}/record?format=text`;
    ui.exportText.setAttribute("download", `mancala-${game.variant}-${game.id}.txt`);
    ui.exportJson.href = `${this.apiUrl}/record?format=json`;
    ui.exportJson.setAttribute("download", `mancala-${game.variant}-${game.id}.json`);
  }

  async importRecord() {
    const ui = this.ui;
    setText(ui.importError, "");
    let raw = ui.importText.value.trim();
    const file = ui.importFile.files && ui.importFile.files[0];
    if (!raw && file) raw = (await file.text()).trim();
    if (!raw) {
      setText(ui.importError, "Paste a record or choose a file first.");
      return;
    }
    let record = raw;
    if (raw.startsWith("{")) {
      try {
        record = JSON.parse(raw);
      } catch (err) {
        setText(ui.importError, `That is not valid JSON: ${err.message}`);
        return;
      }
    }
    try {
      const game = await api("POST", ui.panel.dataset.games, { record, mode: "local" });
      window.location.assign(`/game/${game.id}#review`);
    } catch (err) {
      setText(ui.importError, err instanceof ApiError ? err.message : String(err));
    }
  }
}
