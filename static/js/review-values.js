// @ts-check
// Exact values on the pits of the live board: a hint's, or (with "show thinking") those of the
// position the computer last moved from, asked of the server once per position and shown in
// seeds of final margin, each exact one marked ✓.
import { ApiError } from "./api.js";
import { positionValues } from "./analysis.js";
import { t } from "./i18n.js";
import { ltr, seedsText, setText } from "./review-text.js";
import { shownHint, thinkingMove } from "./state.js";
import * as text from "./text.js";

/** @typedef {import("./types.js").Game} Game */
/** @typedef {import("./types.js").PositionValues} PositionValues */
/** @typedef {import("./board.js").Board} Board */

/**
 * Per-pit values in seeds, each exact one marked ✓ (the board's own value slots).
 * @param {Board} board
 * @param {number} player
 * @param {Record<string, number>} values
 * @param {Record<string, boolean>} exact
 * @param {number} best
 */
export function showExactValues(board, player, values, exact, best) {
  board.showValues(player, values, best);
  for (const cell of board.cells.values()) {
    const slot = cell.querySelector(".value");
    if (!slot) continue;
    const pit = cell.dataset.pit || ""; // (a store has none)
    const shown = cell.classList.contains("valued") && values && pit in values;
    const sure = Boolean(shown && exact && exact[pit]);
    if (shown) setText(slot, seedsText(values[pit]) + (sure ? "✓" : ""));
    cell.classList.toggle("exact", sure);
  }
}

export class LiveValues {
  /**
   * @param {any} view the board page's view (state.js)
   * @param {{thinkingInfo: HTMLElement, thinkingCheck: HTMLInputElement}} els the page's
   * @param {HTMLElement} note the line that says what the values are
   * @param {string} url the game's analysis address
   * @param {() => void} redraw
   */
  constructor(view, els, note, url, redraw) {
    this.view = view;
    this.els = els;
    this.note = note;
    this.url = url;
    this.redraw = redraw;
    /** @type {Map<string, PositionValues>} "game:ply" -> the values found */
    this.values = new Map();
    /** @type {Set<string>} */
    this.asked = new Set();
  }

  /** Clear the live board's values' marks (a position is reviewed). */
  hide() {
    this.note.hidden = true;
  }

  /**
   * The live board: clear review marks; give a hint's or the computer's pits exact values.
   * @param {Game} game
   */
  draw(game) {
    const board = this.view.board;
    if (!board) return;
    for (const cell of board.cells.values()) cell.classList.remove("sown", "taken");
    const ply = this.valuedPly(game);
    if (ply === null) {
      this.note.hidden = true;
      for (const cell of board.cells.values()) cell.classList.remove("exact");
      return;
    }
    const found = this.values.get(`${game.id}:${ply}`);
    if (!found) {
      // One number story: no search-scale values (nor the last position's) while the values
      // in seeds of this position are on their way.
      board.showValues(null, null, null);
      for (const cell of board.cells.values()) cell.classList.remove("exact");
      this.note.hidden = true;
      setText(this.els.thinkingInfo, text.VALUES_COMING);
      this.els.thinkingInfo.hidden = false;
      this.ask(game, ply);
      return;
    }
    showExactValues(board, found.player, found.values, found.exact, found.best);
    // The line above says the same numbers as the pits (not the search's own scale).
    const hint = shownHint(this.view, game);
    const who = hint ? t("Hint") : text.seatName(game, found.player);
    const best = ltr(text.letterOf(game, found.player, found.best));
    const sure = Boolean(found.exact[String(found.best)]);
    const args = { name: who, move: best, value: ltr(seedsText(found.value)) };
    const said = sure ? t("%(name)s: best %(move)s, %(value)s seeds (exact).", args) : t("%(name)s: best %(move)s, %(value)s seeds.", args);
    const move = game.moves[ply];
    const played = hint || move.swap ? "" : t("Played %(move)s (%(value)s).", { move: ltr(move.letter), value: ltr(seedsText(found.values[move.pit])) });
    setText(this.els.thinkingInfo, played ? `${said} ${played}` : said);
    this.els.thinkingInfo.hidden = false;
    const exact = Object.values(found.exact).filter(Boolean).length;
    const all = Object.keys(found.values).length;
    const how =
      exact === all
        ? t("Pit values: seeds of the final margin for the player to move; all exact (solved).")
        : exact
          ? t("Pit values: seeds of the final margin for the player to move; %(exact)s of %(all)s exact (✓).", { exact, all })
          : t("Pit values: seeds of the final margin for the player to move; estimates.");
    setText(this.note, how);
    this.note.hidden = false;
  }

  /**
   * The position whose values are on the pits: a hint's (now), or the computer's last move.
   * @param {Game} game
   * @returns {number | null}
   */
  valuedPly(game) {
    if (shownHint(this.view, game)) return game.moves.length;
    if (!this.els.thinkingCheck || !this.els.thinkingCheck.checked) return null;
    const moved = thinkingMove(game);
    // After the computer swapped sides (the pie rule) the board turned round: no pit values,
    // and its own thinking says so.
    return moved && !moved.swap ? moved.ply : null;
  }

  /**
   * @param {Game} game
   * @param {number} ply
   */
  async ask(game, ply) {
    const key = `${game.id}:${ply}`;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    try {
      const found = await positionValues(this.url, ply);
      this.values.set(key, found);
      this.redraw();
    } catch (err) {
      setText(this.note, err instanceof ApiError ? err.message : String(err));
      this.note.hidden = false;
      // Not "working out" any more: say so (the move is still on the board and in the list).
      if (this.els.thinkingInfo.textContent === text.VALUES_COMING) setText(this.els.thinkingInfo, text.NO_VALUES_NOW);
    }
  }
}
