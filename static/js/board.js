// @ts-check
// The board's DOM: two rows of pit buttons between two stores, drawn from the viewer's side.
// It knows the canonical layout (which index is whose pit or store) and nothing of the rules:
// which pits are playable comes from the server; the pits' letters are the server's.
import { t } from "./i18n.js";
import { boardIndex, letterOf, pitAt, storeIndex } from "./pits.js";

const MAX_DOTS_PIT = 12;
const MAX_DOTS_STORE = 30;

// Dot positions (percent of the pit) on a sunflower spiral: dense, round and stable.
/** @param {number} count @param {number} spread @returns {[number, number][]} */
function spiral(count, spread) {
  /** @type {[number, number][]} */
  const out = [];
  for (let k = 0; k < count; k += 1) {
    const r = spread * Math.sqrt((k + 0.5) / count);
    const a = k * 2.39996;
    out.push([50 + r * Math.cos(a), 50 + r * Math.sin(a)]);
  }
  return out;
}
const PIT_SPOTS = Array.from({ length: MAX_DOTS_PIT + 1 }, (_, n) => spiral(n, n <= 1 ? 0 : 30));

// A <span class=cls>, hidden from screen readers unless ``spoken``.
/**
 * The part of a cell this module built (its count, its dots): always there.
 * @param {Element} cell
 * @param {string} selector
 * @returns {HTMLElement}
 */
function part(cell, selector) {
  return /** @type {HTMLElement} */ (cell.querySelector(selector));
}

/** @param {string} cls @param {boolean} [spoken] */
function span(cls, spoken = false) {
  const el = document.createElement("span");
  el.className = cls;
  if (!spoken) el.setAttribute("aria-hidden", "true");
  return el;
}

/**
 * Labels for screen readers: a pit's and a store's, with the count.
 * @typedef {{pit: (player: number, pit: number, n: number) => string, store: (player: number, n: number) => string}} Labels
 */

export class Board {
  /**
   * @param {HTMLElement} el the container
   * @param {{pits: number, letters: string[][], onPlay: (index: number) => void,
   *   onRefused?: (index: number) => void}} opts the size and the server's letters
   *   (``letters[player][pit]``), what a click on a playable pit does, and (if given) what a
   *   click or Enter on one that can't be played does (say why)
   */
  constructor(el, { pits, letters, onPlay, onRefused }) {
    this.el = el;
    this.pits = pits;
    /** @type {import("./pits.js").Layout} */
    this.layout = { pits, letters };
    this.onPlay = onPlay;
    this.onRefused = onRefused;
    this.bottom = 0;
    /** @type {Map<number, HTMLElement>} board index -> element */
    this.cells = new Map();
    /** @type {number[]} */
    this.counts = [];
    // Labels for screen readers, from text.js: pit(player, pit, n) and store(player, n).
    /** @type {Labels} */
    this.labels = {
      pit: (player, pit, n) => t("Pit %(letter)s: %(num)s", { letter: letterOf(this.layout, player, pit), num: n }),
      store: (player, n) => t("Store %(player)s: %(num)s", { player: player + 1, num: n }),
    };
    /** @type {((index: number, n: number) => void) | null} called whenever a count on screen changes */
    this.onCount = null;
  }

  /** The board index of ``player``'s store. @param {number} player */
  store(player) {
    return storeIndex(this.layout, player);
  }

  /** The board index of ``player``'s ``pit``. @param {number} player @param {number} pit */
  index(player, pit) {
    return boardIndex(this.layout, player, pit);
  }

  /** The player whose row (or store) a board index is on. @param {number} index */
  owner(index) {
    return pitAt(this.layout, index)[0];
  }

  /** Build the DOM with ``bottom`` as the viewer's (bottom) player. @param {number} bottom */
  build(bottom) {
    this.bottom = bottom;
    const top = 1 - bottom;
    this.el.replaceChildren();
    this.el.style.setProperty("--pits", String(this.pits));
    this.el.removeAttribute("data-loading");
    this.cells.clear();
    const topStore = this.makeStore(top, "store-top");
    const rowTop = document.createElement("div");
    rowTop.className = "row row-top";
    for (let i = this.pits - 1; i >= 0; i -= 1) rowTop.append(this.makePit(top, i));
    const rowBottom = document.createElement("div");
    rowBottom.className = "row row-bottom";
    for (let i = 0; i < this.pits; i += 1) rowBottom.append(this.makePit(bottom, i));
    const bottomStore = this.makeStore(bottom, "store-bottom");
    this.el.append(topStore, rowTop, rowBottom, bottomStore);
    if (this.counts.length) this.setCounts(this.counts);
    this.fit();
  }

  /**
   * Stand the board on its end (rows as columns, stores at the ends) when the rows would
   * leave pits narrower than 44 px: long rows on a phone.
   */
  fit() {
    const width = this.el.parentElement ? this.el.parentElement.clientWidth : window.innerWidth;
    const pit = (width - 26 - (this.pits - 1) * 6) / this.pits;
    this.el.classList.toggle("vertical", width < 620 && pit < 44);
  }

  /** @param {number} player @param {number} pit */
  makePit(player, pit) {
    const button = document.createElement("button");
    const index = this.index(player, pit);
    button.type = "button";
    button.className = "pit";
    button.dataset.index = String(index);
    button.dataset.pit = String(pit);
    button.dataset.player = String(player);
    button.dataset.letter = letterOf(this.layout, player, pit);
    // Never `disabled`: a disabled button drops the keyboard focus to the page. A pit that can't
    // be played now says so (aria-disabled) and ignores clicks; only one row is in the Tab order.
    button.setAttribute("aria-disabled", "true");
    button.tabIndex = player === this.bottom ? 0 : -1;
    button.style.setProperty("--col", String(player === this.bottom ? pit : this.pits - 1 - pit));
    const letter = span("letter");
    letter.textContent = button.dataset.letter;
    button.append(span("dots"), span("count", true), letter, span("value"), span("badge"));
    button.addEventListener("click", () => {
      if (button.classList.contains("legal")) this.onPlay(index);
      else if (this.onRefused) this.onRefused(index);
    });
    button.addEventListener("keydown", (event) => this.arrowKey(event, button));
    this.cells.set(index, button);
    return button;
  }

  /** @param {number} player @param {string} cls */
  makeStore(player, cls) {
    const div = document.createElement("div");
    const index = this.store(player);
    div.className = `store ${cls}`;
    div.dataset.index = String(index);
    div.dataset.player = String(player);
    div.setAttribute("role", "img");
    div.append(span("dots"), span("count", true));
    this.cells.set(index, div);
    return div;
  }

  /** @param {Labels} labels */
  setLabels(labels) {
    this.labels = labels;
  }

  /** Show ``board`` (canonical layout): counts, dots and labels. @param {number[]} board */
  setCounts(board) {
    this.counts = board.slice();
    board.forEach((n, index) => {
      this.setCount(index, n);
    });
  }

  /** @param {number} index @param {number} n */
  setCount(index, n) {
    this.counts[index] = n;
    if (this.onCount) this.onCount(index, n);
    const cell = this.cells.get(index);
    if (!cell) return;
    part(cell, ".count").textContent = String(n);
    const isStore = cell.classList.contains("store");
    const dots = part(cell, ".dots");
    const shown = Math.min(n, isStore ? MAX_DOTS_STORE : MAX_DOTS_PIT);
    if (dots.childElementCount !== shown) {
      // A full store draws smaller seeds, so that all of those drawn fit (none clipped).
      if (isStore) dots.classList.toggle("many", shown > 20);
      dots.replaceChildren();
      for (let k = 0; k < shown; k += 1) {
        const dot = document.createElement("i");
        dot.className = `seed s${k % 4}`;
        if (!isStore) {
          const [x, y] = PIT_SPOTS[shown][k];
          dot.style.left = `${x}%`;
          dot.style.top = `${y}%`;
        }
        dots.append(dot);
      }
    }
    const player = Number(cell.dataset.player);
    const label = isStore ? this.labels.store(player, n) : this.labels.pit(player, Number(cell.dataset.pit), n);
    if (cell.getAttribute("aria-label") !== label) cell.setAttribute("aria-label", label);
  }

  /** Mark playable pits, the last move and a hint; everything else is not clickable. The
   * Tab order holds the row to play (the mover's when it is playable, else the bottom one).
   * @param {{legal?: number[], mover?: number | null, last?: number | null, hint?: number | null}} [marks]
   */
  mark({ legal = [], mover = null, last = null, hint = null } = {}) {
    const tabRow = legal.length && mover !== null ? mover : this.bottom;
    for (const [index, cell] of this.cells) {
      if (cell.classList.contains("store")) continue;
      const player = Number(cell.dataset.player);
      const pit = Number(cell.dataset.pit);
      const playable = mover === player && legal.includes(pit);
      cell.classList.toggle("legal", playable);
      cell.setAttribute("aria-disabled", String(!playable));
      cell.tabIndex = player === tabRow ? 0 : -1;
      cell.classList.toggle("last", last === index);
      if (last === index) cell.setAttribute("aria-current", "true");
      else cell.removeAttribute("aria-current");
      cell.classList.toggle("hint", hint === index);
    }
  }

  /**
   * Arrow keys move the focus to the next pit of the same row in the arrow's direction on
   * screen (along a row, or up and down a board on its end); Home and End go to the row's
   * first and last pit in sowing order. Only the focus moves: Enter or Space plays.
   * @param {KeyboardEvent} event
   * @param {HTMLElement} from
   */
  arrowKey(event, from) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const row = /** @type {HTMLElement[]} */ ([.../** @type {HTMLElement} */ (from.parentElement).querySelectorAll(".pit")]);
    /** @type {HTMLElement | null} */
    let target = null;
    /** @type {Record<string, [number, number]>} */
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[event.key];
    if (step) {
      const centre = (/** @type {HTMLElement} */ el) => {
        const r = el.getBoundingClientRect();
        return [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
      };
      const [x0, y0] = centre(from);
      let nearest = Infinity;
      for (const cell of row) {
        const [x, y] = centre(cell);
        const ahead = (x - x0) * step[0] + (y - y0) * step[1];
        const distance = Math.abs(x - x0) + Math.abs(y - y0);
        if (ahead > 1 && distance < nearest) [nearest, target] = [distance, cell];
      }
    } else if (event.key === "Home" || event.key === "End") {
      row.sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit));
      target = event.key === "Home" ? row[0] : row[row.length - 1];
    } else {
      return;
    }
    event.preventDefault(); // no page scroll, and not the review's step through the moves
    event.stopPropagation();
    if (target) target.focus();
  }

  /** The pit that has the keyboard focus, if any. */
  focused() {
    const active = document.activeElement;
    return active && this.el.contains(active) && active.classList.contains("pit") ? active : null;
  }

  /** Focus pit ``index`` if it is playable, else the first playable pit (none: nothing).
   * @param {number} index */
  focusPlayable(index) {
    const cell = this.cells.get(index);
    /** @type {HTMLElement | null} */
    const target = cell && cell.classList.contains("legal") ? cell : this.el.querySelector(".pit.legal");
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  }

  /** Per-pit values of a decision by ``player`` (null clears them); pits in ``bounds`` hold an
   * upper bound (the search proved the move no better), shown with "≤".
   * @param {number | null} player
   * @param {Record<string, number> | null | undefined} values
   * @param {number | null} best
   * @param {number[]} [bounds]
   */
  showValues(player, values, best, bounds = []) {
    for (const cell of this.cells.values()) {
      const slot = cell.querySelector(".value");
      if (!slot) continue;
      const pit = cell.dataset.pit || ""; // (a store has none)
      const show = values && Number(cell.dataset.player) === player && pit in values;
      const bound = show && bounds.includes(Number(pit)) ? "≤" : "";
      slot.textContent = show ? bound + formatValue(values[pit]) : "";
      cell.classList.toggle("valued", Boolean(show));
      cell.classList.toggle("best", Boolean(show) && Number(pit) === best);
    }
  }

  /** Mark the special pits the server names ([{pit, owner, kind}], e.g. tuzdyks): a class by
   * kind, the owner, and a badge with ``badge(special)`` (its words come from text.js).
   * @param {import("./types.js").SpecialPit[]} special
   * @param {(special: import("./types.js").SpecialPit) => string} [badge]
   */
  markSpecial(special, badge = (s) => s.kind) {
    for (const [index, cell] of this.cells) {
      const found = special.find((s) => s.pit === index);
      for (const cls of [...cell.classList].filter((c) => c.startsWith("special-"))) {
        if (!found || `special-${found.kind}` !== cls) cell.classList.remove(cls);
      }
      const slot = cell.querySelector(".badge");
      if (found) {
        cell.classList.add(`special-${found.kind}`);
        cell.dataset.owner = String(found.owner);
        cell.dataset.ownerSide = found.owner === this.bottom ? "bottom" : "top";
      } else {
        delete cell.dataset.owner;
        delete cell.dataset.ownerSide;
      }
      if (slot) {
        const value = found ? badge(found) : "";
        if (slot.textContent !== value) slot.textContent = value;
      }
    }
  }

  /** The centre of a cell in the board's own coordinates (for seeds flying over it).
   * @param {number} index
   * @returns {{x: number, y: number, size: number} | null} */
  centre(index) {
    const cell = this.cells.get(index);
    if (!cell) return null;
    const box = this.el.getBoundingClientRect();
    const r = cell.getBoundingClientRect();
    return { x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2, size: Math.min(r.width, r.height) };
  }

  /** Restart a cell's CSS animation ``cls``. @param {number} index @param {string} [cls] */
  pulse(index, cls = "pulse") {
    const cell = this.cells.get(index);
    if (!cell) return;
    cell.classList.remove(cls);
    void cell.offsetWidth; // restart the CSS animation
    cell.classList.add(cls);
  }

  clearPulses() {
    for (const cell of this.cells.values()) cell.classList.remove("pulse", "lift", "capture");
  }
}

/** A search value as a pit shows it: "+1.5", "-3", "win". @param {unknown} v */
export function formatValue(v) {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  if (Math.abs(v) >= 1000) return v > 0 ? "win" : "loss";
  // Whole seeds (exact values) as whole numbers; an estimate below 10 keeps one decimal.
  const rounded = Number.isInteger(v) || Math.abs(v) >= 10 ? v.toFixed(0) : v.toFixed(1);
  return v > 0 ? `+${rounded}` : rounded;
}
