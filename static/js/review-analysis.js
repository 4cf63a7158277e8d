// @ts-check
// The review's analysis of a game: asked of the server, followed while it runs, drawn as the
// progress line, the eval graph and each player's summary. Every value and tag is the server's.
import { ApiError } from "./api.js";
import { followAnalysis, readAnalysis, startAnalysis } from "./analysis.js";
import { drawGraph } from "./graph.js";
import { num, t, tn } from "./i18n.js";
import { TAG_WORD, isYou, ltr, setText } from "./review-text.js";
import * as text from "./text.js";

/** @typedef {import("./types.js").Analysis} Analysis */
/** @typedef {import("./types.js").AnalysedMove} AnalysedMove */
/** @typedef {import("./types.js").Game} Game */

/**
 * The analysis panel's elements.
 * @typedef {object} AnalysisElements
 * @property {HTMLElement} box
 * @property {HTMLButtonElement} analyse
 * @property {HTMLButtonElement} turning
 * @property {HTMLProgressElement} progress
 * @property {HTMLElement} progressText
 * @property {HTMLElement} graph
 * @property {HTMLTableElement} summary
 * @property {HTMLElement} help
 * @property {HTMLElement | null} mistakes the link to the puzzles made from the viewer's mistakes
 */

/** The server's help on how moves are judged (app/analysis/report.py), said in the page's language. */
const HELP = t(
  "Each move is valued in seeds of the final margin its player can expect. Its loss is how many seeds it gives up against the best move: best (none), good (up to 1), inaccuracy (up to 3), mistake (up to 6), blunder (more than 6). Exact values are solved to the end of the game; the others are the search's estimates.",
);

/** @param {Analysis | null} a */
function hasMoves(a) {
  return Boolean(a && a.moves && a.moves.length);
}

export class ReviewAnalysis {
  /**
   * @param {AnalysisElements} ui
   * @param {string} url the game's analysis address
   * @param {{changed: () => void, done: () => void}} on ``changed`` after each answer (draw
   *   again), ``done`` when an analysis asked for here finished
   */
  constructor(ui, url, on) {
    this.ui = ui;
    this.url = url;
    this.on = on;
    /** @type {Analysis | null} the server's last answer */
    this.analysis = null;
    this.loading = false;
    this.polling = false;
    this.version = 0; // counts answers taken: the move list redraws when it changes
    this.said = false; // the progress line says how far the analysis got (cleared when none)
  }

  /** The judgement of move ``ply``, once analysed. @param {number} ply */
  entry(ply) {
    const a = this.analysis;
    if (!a || !a.moves) return null;
    return a.moves.find((m) => m.ply === ply) || null;
  }

  /** Read what the server has (once, when the game may be reviewed). */
  async load() {
    this.loading = true;
    try {
      const found = await readAnalysis(this.url);
      this.take(found);
      if (found.status === "running") this.poll(found);
    } catch {
      this.analysis = { status: "none", done: 0, total: 0, moves: [], summary: [] };
    }
    this.on.changed();
  }

  /** Start (or extend) the analysis and follow it. */
  async start() {
    if (this.polling) return;
    this.ui.analyse.disabled = true;
    setText(this.ui.progressText, t("Asking the computer…"));
    try {
      const found = await startAnalysis(this.url);
      this.take(found);
      if (found.status === "running") await this.poll(found);
      else this.on.done();
    } catch (err) {
      setText(this.ui.progressText, err instanceof ApiError ? err.message : String(err));
    } finally {
      this.ui.analyse.disabled = false;
      this.on.changed();
    }
  }

  /** @param {Analysis} first */
  async poll(first) {
    if (this.polling) return;
    this.polling = true;
    try {
      const found = await followAnalysis(this.url, first, (/** @type {Analysis} */ a) => {
        this.take(a);
        this.on.changed();
      });
      if (found.status === "done") this.on.done();
    } catch (err) {
      setText(this.ui.progressText, err instanceof ApiError ? err.message : String(err));
    } finally {
      this.polling = false;
    }
  }

  /** @param {Analysis} found */
  take(found) {
    this.analysis = found;
    this.version += 1;
  }

  /** The move that lost the most, if any lost. @returns {AnalysedMove | null} */
  turningPoint() {
    const a = this.analysis;
    if (!a || !hasMoves(a)) return null;
    /** @type {AnalysedMove | null} */
    let worst = null;
    for (const m of a.moves) if (m.loss > 0 && (!worst || m.loss > worst.loss)) worst = m;
    return worst;
  }

  /** Scroll the analysis (its progress, then its graph) into view, no further than needed. */
  showGraph() {
    const box = this.ui.box;
    if (box && !box.hidden) box.scrollIntoView({ block: "nearest" });
  }

  /**
   * Draw the panel for ``game``.
   * @param {Game} game
   * @param {{open: boolean, seat: number, pos: number | null, go: (pos: number) => void}} at
   *   whether the game may be analysed, the seat at the bottom (up on the graph), the position
   *   reviewed and how to go to another
   */
  draw(game, { open, seat, pos, go }) {
    const ui = this.ui;
    const a = this.analysis;
    ui.box.hidden = !open || !game.moves.length;
    if (ui.box.hidden) return;
    const running = a !== null && a.status === "running";
    const done = a !== null && a.status === "done";
    ui.analyse.hidden = done && Boolean(a.current);
    setText(ui.analyse, a !== null && hasMoves(a) && !a.current ? t("Analyse again") : t("Analyse"));
    ui.analyse.disabled = running || this.polling;
    ui.progress.hidden = !running;
    if (running) {
      ui.progress.max = Math.max(1, a.total);
      ui.progress.value = a.done;
      setText(ui.progressText, tn("Analysing… %(done)s of %(num)s position", "Analysing… %(done)s of %(num)s positions", a.total, { done: a.done }));
      this.said = true;
    } else if (done) {
      const exact = a.moves.filter((m) => m.exact).length;
      const said =
        exact === a.moves.length
          ? tn("Analysed %(num)s move (all exact).", "Analysed %(num)s moves (all exact).", a.total)
          : tn("Analysed %(num)s move (%(exact)s of %(moves)s exact).", "Analysed %(num)s moves (%(exact)s of %(moves)s exact).", a.total, { exact, moves: a.moves.length });
      setText(ui.progressText, said);
      this.said = true;
    } else if (a && a.status === "failed") {
      // (the server's reason is a message id, app/analysis: said in the page's language)
      setText(ui.progressText, a.error ? t("The analysis stopped: %(reason)s.", { reason: t(a.error) }) : t("The analysis stopped: try again."));
    } else if (a && a.status === "withheld") {
      setText(ui.progressText, a.error ? t("No analysis yet: %(reason)s.", { reason: t(a.error) }) : t("No analysis yet: a rated game being played passes here."));
    } else if (!this.polling && this.said) {
      setText(ui.progressText, "");
      this.said = false;
    }
    ui.turning.hidden = !(done && this.turningPoint());
    if (ui.mistakes) {
      const missed = (/** @type {AnalysedMove} */ m) => game.you.includes(m.player) && (m.tag === "mistake" || m.tag === "blunder");
      ui.mistakes.hidden = !(done && a.current && a.moves.some(missed));
    }
    setText(ui.help, a && a.help ? HELP : "");
    this.drawGraph(game, seat, pos, go);
    this.drawSummary(game);
  }

  /**
   * @param {Game} game
   * @param {number} seat
   * @param {number | null} pos
   * @param {(pos: number) => void} go
   */
  drawGraph(game, seat, pos, go) {
    const ui = this.ui;
    const a = this.analysis;
    if (!a || !hasMoves(a)) {
      ui.graph.replaceChildren();
      ui.graph.hidden = true;
      return;
    }
    ui.graph.hidden = false;
    const sign = seat === 0 ? 1 : -1;
    /** @type {{pos: number, y: number, tag?: string, label?: string}[]} */
    const points = [];
    if (typeof a.start_seat0 === "number") points.push({ pos: 0, y: sign * a.start_seat0 });
    for (const m of a.moves) {
      const move = ltr(`${m.ply + 1}. ${game.moves[m.ply] ? game.moves[m.ply].notation : ""}`);
      const label = t("%(move)s: %(judgement)s", { move, judgement: TAG_WORD[m.tag] });
      points.push({ pos: m.ply + 1, y: sign * m.after_seat0, tag: m.tag, label });
    }
    const name = text.seatName(game, seat);
    const you = isYou(game, seat);
    drawGraph(ui.graph, {
      points,
      total: game.moves.length,
      current: pos,
      label: you
        ? t("How the game went, in seeds: up means you are ahead. Click to go to a move.")
        : t("How the game went, in seeds: up means %(name)s ahead. Click to go to a move.", { name }),
      onPick: go,
    });
    let caption = ui.graph.nextElementSibling;
    if (!caption || !caption.classList.contains("graph-caption")) {
      caption = document.createElement("p");
      caption.className = "graph-caption muted";
      ui.graph.after(caption);
    }
    setText(caption, you ? t("Up: you are ahead (seeds). Click the graph to go to a move.") : t("Up: %(name)s ahead (seeds). Click the graph to go to a move.", { name }));
  }

  /** @param {Game} game */
  drawSummary(game) {
    const table = this.ui.summary;
    const a = this.analysis;
    if (!a || !hasMoves(a) || a.status !== "done") {
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
      // Translators: the analysis summary's column headings, short; the title says it in full.
      [t("Loss"), t("Average seeds lost a move")],
      [t("Best"), t("Best moves")],
      [t("Good"), t("Good moves")],
      ["?!", t("Inaccuracies")],
      ["?", t("Mistakes")],
      ["??", t("Blunders")],
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
      const cells = [num(s.average_loss, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), s.tags.best, s.tags.good, s.tags.inaccuracy, s.tags.mistake];
      for (const value of [...cells, s.tags.blunder]) {
        const td = document.createElement("td");
        td.textContent = typeof value === "number" ? num(value) : value;
        tr.append(td);
      }
      return tr;
    });
    const caption = document.createElement("caption");
    caption.textContent = t("Each player's moves: seeds lost a move on average; ?! inaccuracies, ? mistakes, ?? blunders");
    table.replaceChildren(caption, head, ...rows);
  }
}
