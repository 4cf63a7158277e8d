// @ts-check
// Review on the board page (issue 15): the move list by turn, every move a button; ←/→,
// Home/End step through the positions and the board shows each one with its sowing marked;
// "Back to the game" returns to the live board. The analysis (review-analysis.js) judges each
// move; the live board's pits get exact values (review-values.js); records go out and come in
// (record.js) as a new game opened in review.
//
// game.js calls draw() after each render: this module then draws the reviewed position over
// the live one (or the exact values over a hint). It computes no rules: positions, sowing paths,
// values and tags all come from the server.
import { ApiError, api } from "./api.js";
import { analysisLink } from "./analysis-link.js";
import { t, tn } from "./i18n.js";
import { boardIndex } from "./pits.js";
import { readRecord, setExportLinks } from "./record.js";
import { ReviewAnalysis } from "./review-analysis.js";
import { TAG_MARK, TAG_WORD, isYou, ltr, seedsText, setText } from "./review-text.js";
import { LiveValues, showExactValues } from "./review-values.js";
import { bottomSeat } from "./state.js";
import * as text from "./text.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").Move} Move */

/** The keys that move between pits in a live game (board.js), never into review there. */
const PIT_KEYS = /^(?:Arrow(?:Left|Right|Up|Down)|Home|End)$/;
/** @typedef {import("./types.js").AnalysedMove} AnalysedMove */
/** @typedef {import("./board.js").Board} Board */

/**
 * Whether a game may be stepped through and analysed now (the server says the same).
 * @param {Game} game
 */
export function reviewable(game) {
  return game.status === "over" || game.mode !== "remote";
}

/** @param {string} id */
function byId(id) {
  return /** @type {any} */ (document.getElementById(id));
}

export class Review {
  /**
   * @param {any} view the board page's view (state.js)
   * @param {any} els the page's elements (render.js)
   * @param {string} apiUrl the game's API address
   * @param {() => void} redraw draws the page again (render, then this module's draw)
   */
  constructor(view, els, apiUrl, redraw) {
    this.view = view;
    this.els = els;
    this.apiUrl = apiUrl;
    this.redraw = redraw;
    /** @type {number | null} null: the live game; else the position shown (0 = the start, k = after move k) */
    this.pos = null;
    this.jumpWhenDone = false;
    this.listKey = "";
    this.ui = {
      panel: byId("review"),
      first: byId("rv-first"),
      prev: byId("rv-prev"),
      next: byId("rv-next"),
      last: byId("rv-last"),
      banner: byId("rv-banner"),
      where: byId("rv-where"),
      live: byId("rv-live"),
      board: /** @type {HTMLAnchorElement | null} */ (byId("rv-board")),
      comment: byId("rv-comment"),
      note: byId("rv-note"),
      valuesNote: byId("rv-values-note"),
      moves: byId("rv-moves"),
      exportText: byId("rv-export-text"),
      exportJson: byId("rv-export-json"),
      importForm: byId("rv-import"),
      importText: /** @type {HTMLTextAreaElement} */ (byId("rv-import-text")),
      importFile: /** @type {HTMLInputElement} */ (byId("rv-import-file")),
      importError: byId("rv-import-error"),
      overReview: byId("btn-review"),
      overAnalyse: byId("btn-analyse"),
    };
    const analysisUrl = this.ui.panel ? this.ui.panel.dataset.analysis : "";
    this.analysis = new ReviewAnalysis(
      {
        box: byId("rv-analysis"),
        analyse: byId("rv-analyse"),
        turning: byId("rv-turning"),
        progress: byId("rv-progress"),
        progressText: byId("rv-progress-text"),
        graph: byId("rv-graph"),
        summary: byId("rv-summary"),
        help: byId("rv-help"),
        mistakes: byId("rv-mistakes"),
      },
      analysisUrl,
      { changed: () => this.redraw(), done: () => this.finished() },
    );
    this.live = new LiveValues(view, els, this.ui.valuesNote, analysisUrl, () => this.redraw());
    this.wantReview = window.location.hash === "#review";
    if (this.ui.panel) this.bind(); // (a page without the panel: nothing to review)
  }

  // -- bindings -----------------------------------------------------------------------------

  bind() {
    const ui = this.ui;
    /** @param {HTMLElement | null} node @param {() => void} handler */
    const click = (node, handler) => node && node.addEventListener("click", handler);
    click(ui.first, () => this.go(0));
    click(ui.prev, () => this.step(-1));
    click(ui.next, () => this.step(1));
    click(ui.last, () => this.go(this.total()));
    click(ui.live, () => this.leave());
    click(this.analysis.ui.analyse, () => this.analyse());
    click(this.analysis.ui.turning, () => this.goTurningPoint());
    click(ui.overReview, () => {
      this.closeOver();
      this.go(this.total(), { focus: true });
    });
    click(ui.overAnalyse, () => {
      this.closeOver();
      this.go(this.total(), { focus: true });
      this.jumpWhenDone = true;
      this.analyse();
      this.analysis.showGraph(); // the progress, then the graph, in view (the board stays: style.css)
    });
    ui.moves.addEventListener("click", (/** @type {MouseEvent} */ event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-pos]") : null;
      if (button instanceof HTMLElement) this.go(Number(button.dataset.pos));
    });
    ui.importForm.addEventListener("submit", (/** @type {SubmitEvent} */ event) => {
      event.preventDefault();
      this.importRecord();
    });
    document.addEventListener("keydown", (event) => this.key(event));
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea")) return;
    if (document.querySelector("dialog[open]")) return;
    const game = this.view.game;
    if (!game || !reviewable(game) || !game.moves.length) return;
    if (this.pos === null && game.status !== "over" && PIT_KEYS.test(event.key)) {
      // A live game: the arrows move between pits (a focused pit's own keys came first), not
      // into review, where number keys would play nothing.
      const board = this.view.board;
      if (board && !board.focused()) {
        event.preventDefault();
        board.focusPlayable(-1);
      }
      return;
    }
    /** @type {Record<string, () => void>} */
    const moves = {
      ArrowLeft: () => this.step(-1),
      ArrowRight: () => this.step(1),
      Home: () => this.go(0),
      End: () => this.go(this.total()),
    };
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

  /** @param {number} delta */
  step(delta) {
    const from = this.pos === null ? this.total() : this.pos;
    this.go(from + delta);
  }

  /**
   * Show position ``pos`` (0 = the start), clamped to the game.
   * @param {number} pos
   * @param {{focus?: boolean}} [opts] move the keyboard focus to its move
   */
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

  analyse() {
    const game = this.view.game;
    if (!game || !reviewable(game)) return;
    this.analysis.start();
  }

  finished() {
    if (this.jumpWhenDone) {
      this.jumpWhenDone = false;
      this.goTurningPoint();
      this.analysis.showGraph();
    }
  }

  /** The move that lost the most: the position before it, with what was better. */
  goTurningPoint() {
    const worst = this.analysis.turningPoint();
    if (worst) this.go(worst.ply, { focus: true });
  }

  // -- drawing (after render.js drew the live game) -----------------------------------------

  draw() {
    /** @type {Game | null} */
    const game = this.view.game;
    if (!game || !this.ui.panel) return;
    if (this.wantReview && game.moves.length) {
      this.wantReview = false;
      this.pos = 0;
    }
    const open = reviewable(game);
    if (this.analysis.analysis === null && !this.analysis.loading && open && game.moves.length) this.analysis.load();
    if (!open) this.pos = null;
    if (this.pos !== null && this.pos > this.total()) this.pos = this.total();
    this.els.root.classList.toggle("reviewing", this.pos !== null);
    // Translators: the badge under the best pit of a reviewed position (a word or two).
    this.els.root.style.setProperty("--best-word", JSON.stringify(t("best")));
    this.drawList(game);
    this.drawNav(game, open);
    const seat = bottomSeat(this.view, game);
    this.analysis.draw(game, { open, seat, pos: this.pos, go: (pos) => this.go(pos) });
    setExportLinks(this.apiUrl, game, { text: this.ui.exportText, json: this.ui.exportJson });
    if (this.pos !== null && !this.view.animating) {
      this.drawPosition(game, this.pos);
    } else {
      setText(this.ui.comment, "");
      this.ui.comment.hidden = true;
      this.live.draw(game);
    }
  }

  /**
   * @param {Game} game
   * @param {boolean} open
   */
  drawNav(game, open) {
    const ui = this.ui;
    const at = this.pos === null ? this.total() : this.pos;
    const none = !open || !game.moves.length;
    ui.first.disabled = none || at === 0;
    ui.prev.disabled = none || at === 0;
    ui.next.disabled = none || this.pos === null || at >= this.total();
    ui.last.disabled = none || this.pos === null;
    ui.note.hidden = open;
    setText(ui.note, open ? "" : t("You can step through the moves and analyse them once the game is over."));
    ui.banner.hidden = this.pos === null;
    if (this.pos !== null) {
      // Turns, as the move list numbers them (one story: a turn may be several moves).
      const move = this.pos === 0 ? null : game.moves[this.pos - 1];
      const turns = game.moves[game.moves.length - 1].turn;
      const where = move
        ? t("Reviewing after %(move)s (turn %(turn)s of %(turns)s): ←/→ step, Home/End jump.", { move: numbered(move), turn: move.turn, turns })
        : t("Reviewing the start: ←/→ step, Home/End jump.");
      setText(ui.where, where);
      if (ui.board) ui.board.href = analysisLink(game, this.pos); // the analysis board, from here
    }
  }

  /** @param {Game} game */
  drawList(game) {
    const a = this.analysis.analysis;
    const judged = a ? `${a.status}:${a.done}:${this.analysis.version}` : "-";
    const key = [game.id, game.version, this.pos, judged, game.you.join(",")].join("|");
    if (key === this.listKey) return;
    this.listKey = key;
    const open = reviewable(game);
    const rows = [];
    /** @type {HTMLLIElement | null} */
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
        who.textContent = t("%(name)s:", { name: text.seatName(game, m.player) });
        row.append(who);
        rows.push(row);
      }
      const entry = this.analysis.entry(m.ply);
      const button = document.createElement("button");
      button.type = "button";
      button.className = `rv-move p${m.player}${entry ? ` tag-${entry.tag}` : ""}`;
      button.dataset.pos = String(m.ply + 1);
      button.disabled = !open;
      button.textContent = m.notation + (entry ? TAG_MARK[entry.tag] : "");
      button.dir = "ltr"; // notation and its mark ("C3?") read left to right in every language
      const said = entry ? ` ${judgement(entry)}` : "";
      button.title = text.moveWords(game, m) + said;
      button.setAttribute("aria-label", t("Turn %(turn)s: %(move)s", { turn: m.turn, move: text.moveWords(game, m) + said }));
      if (this.pos === m.ply + 1) button.setAttribute("aria-current", "step");
      row.append(button, " ");
    }
    this.ui.moves.replaceChildren(...rows);
    if (this.pos === null) this.ui.moves.scrollTop = this.ui.moves.scrollHeight;
  }

  /**
   * The board at the reviewed position: counts, the move that led here with its path.
   * @param {Game} game
   * @param {number} pos
   */
  drawPosition(game, pos) {
    /** @type {Board | null} */
    const board = this.view.board;
    if (!board) return;
    const move = pos > 0 ? game.moves[pos - 1] : null;
    const counts = move ? move.board : game.initial_board;
    board.setCounts(counts);
    const next = pos < game.moves.length ? this.analysis.entry(pos) : null;
    board.mark({
      legal: [],
      mover: null,
      last: move && !move.swap ? boardIndex(game, move.player, move.pit) : null,
      hint: next && next.best !== game.swap_move ? boardIndex(game, next.player, next.best) : null,
    });
    markPath(board, move);
    if (next) showExactValues(board, next.player, next.values, next.values_exact, next.best);
    else board.showValues(null, null, null);
    // The name tags and the lines around the board speak of this position.
    for (const tag of [this.els.tagTop, this.els.tagBottom]) {
      const seat = Number(tag.dataset.seat);
      setText(tag.querySelector(".score"), String(counts[game.stores[seat]]));
      tag.classList.remove("to-move", "thinking");
    }
    setText(this.els.status, move ? t("Review: after %(move)s", { move: numbered(move) }) : t("Review: the start"));
    this.els.status.classList.remove("thinking", "error");
    setText(this.els.lastMove, move ? text.lastMoveText(game, move) : "");
    this.comment(game, move, next);
    this.live.hide();
  }

  /**
   * @param {Game} game
   * @param {Move | null} move the move that led to the position shown
   * @param {AnalysedMove | null} next the judgement of the move played from it
   */
  comment(game, move, next) {
    const lines = [];
    const done = move ? this.analysis.entry(move.ply) : null;
    if (move && done) lines.push(t("%(move)s: %(judgement)s", { move: ltr(move.notation), judgement: judged(game, done) }));
    if (next) {
      const name = text.seatName(game, next.player);
      const best = ltr(text.moveName(game, next.player, next.best));
      const value = ltr(seedsText(next.best_value));
      const args = { name, move: best, value };
      if (isYou(game, next.player)) {
        lines.push(next.exact ? t("You to move: best is %(move)s, %(value)s (exact).", args) : t("You to move: best is %(move)s, %(value)s.", args));
      } else {
        lines.push(next.exact ? t("%(name)s to move: best is %(move)s, %(value)s (exact).", args) : t("%(name)s to move: best is %(move)s, %(value)s.", args));
      }
      if (next.tag !== "best") {
        const played = ltr(text.moveName(game, next.player, next.played));
        lines.push(t("Played %(move)s (%(value)s): %(judgement)s", { move: played, value: ltr(seedsText(next.played_value)), judgement: judged(game, next) }));
      }
    }
    setText(this.ui.comment, lines.join(" "));
    this.ui.comment.hidden = !lines.length;
  }

  // -- records ------------------------------------------------------------------------------

  async importRecord() {
    const ui = this.ui;
    setText(ui.importError, "");
    const file = ui.importFile.files && ui.importFile.files[0];
    const found = await readRecord(ui.importText.value, file);
    if (found.error !== undefined) {
      setText(ui.importError, found.error);
      return;
    }
    try {
      const game = await api("POST", ui.panel.dataset.games, { record: found.record, mode: "local" });
      window.location.assign(`/game/${game.id}#review`);
    } catch (err) {
      setText(ui.importError, err instanceof ApiError ? err.message : String(err));
    }
  }
}

/**
 * Mark the cells the move sowed into and those it took from.
 * @param {Board} board
 * @param {Move | null} move
 */
function markPath(board, move) {
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

/**
 * A judged move in words: "the best move.", "mistake, 3 seeds lost; B was better (+2)."
 * @param {Game} game
 * @param {AnalysedMove} entry
 */
function judged(game, entry) {
  if (entry.tag === "best") return entry.forced ? t("the only move.") : t("the best move.");
  const args = { judgement: TAG_WORD[entry.tag], move: ltr(text.moveName(game, entry.player, entry.best)), value: ltr(seedsText(entry.best_value)) };
  return tn("%(judgement)s, %(num)s seed lost; %(move)s was better (%(value)s).", "%(judgement)s, %(num)s seeds lost; %(move)s was better (%(value)s).", entry.loss, args);
}

/**
 * A judged move for the move list's titles: "mistake, −3 seeds." (what it lost, signed).
 * @param {AnalysedMove} entry
 */
function judgement(entry) {
  const args = { judgement: TAG_WORD[entry.tag], value: ltr(seedsText(-entry.loss)) };
  if (!entry.loss) return t("%(judgement)s.", args);
  return tn("%(judgement)s, %(value)s seed.", "%(judgement)s, %(value)s seeds.", entry.loss, args);
}

/**
 * A move as the list numbers it: "3. C" (its turn, then its notation), left to right.
 * @param {Move} move
 */
function numbered(move) {
  return ltr(`${move.turn}. ${move.notation}`);
}
