// @ts-check
// The analysis board's position editor: a variant, its options, every pit's and store's count,
// who moves and (Toguz Kumalak) the tuzdyks, laid out as the board. The variant's start comes
// from the server, and so does every check of the position set up.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { boardIndex, letterOf, storeIndex } from "./pits.js";

/**
 * A position as the editor and POST /api/board hold it.
 * @typedef {object} Position
 * @property {string} variant
 * @property {Record<string, unknown>} options
 * @property {(number | null)[]} board
 * @property {number} to_move
 * @property {number[]} [extra]
 */

/**
 * A variant's option as the server describes it.
 * @typedef {{type: string, default: unknown, help?: string, choices?: unknown[], min?: number, max?: number}} OptionSpec
 */

/** @typedef {{name: string, options: Record<string, OptionSpec>}} VariantInfo */

/**
 * The editor's elements.
 * @typedef {object} EditorElements
 * @property {HTMLSelectElement} variant
 * @property {HTMLElement} options
 * @property {HTMLSelectElement} toMove
 * @property {HTMLElement} extraField
 * @property {HTMLInputElement} extraInput
 * @property {HTMLElement} grid
 */

/**
 * Numbers from "1,2,3" (blanks skipped).
 * @param {string} text
 * @returns {number[]}
 */
export function numbers(text) {
  return text
    .split(",")
    .filter((x) => x.trim() !== "")
    .map((x) => Number(x));
}

/** The variants' option values in words (engine/variants: Kalah's end and leftovers, Oware's grand slam). */
const CHOICES = {
  either_row_empty: t("either row empty"),
  mover_cannot_move: t("mover cannot move"),
  owner: t("owner"),
  none: t("none"),
  no_capture: t("no capture"),
  illegal: t("illegal"),
  capture_all: t("capture all"),
};

/**
 * An option's value as a person reads it (the value itself where the page has no words for it).
 * @param {string} value
 */
function choiceWords(value) {
  return Object.hasOwn(CHOICES, value) ? CHOICES[/** @type {keyof typeof CHOICES} */ (value)] : value.replaceAll("_", " ");
}

export class PositionEditor {
  /**
   * @param {EditorElements} els
   * @param {(message: string) => void} showError says what is wrong ("" clears it)
   */
  constructor(els, showError) {
    this.els = els;
    this.showError = showError;
    /** @type {VariantInfo[]} the server's variants with their options */
    this.variants = [];
    this.seq = 0; // the request for a variant's start whose answer may still be shown
    els.variant.addEventListener("change", () => {
      this.buildOptions(els.variant.value);
      this.fillStart();
    });
  }

  /** @param {string} name */
  variantInfo(name) {
    return this.variants.find((v) => v.name === name);
  }

  /**
   * One field a variant's option (its default unless ``chosen`` says otherwise).
   * @param {string} variant
   * @param {Record<string, unknown>} [chosen]
   */
  buildOptions(variant, chosen = {}) {
    const els = this.els;
    els.options.replaceChildren();
    const info = this.variantInfo(variant);
    if (!info) return;
    for (const [key, spec] of Object.entries(info.options)) {
      const id = `ab-opt-${key}`;
      const wrap = document.createElement("div");
      wrap.className = "ab-option";
      const label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = spec.help ? t(spec.help) : key.replaceAll("_", " "); // the variant's words (translated where the catalogs hold them)
      /** @type {HTMLInputElement | HTMLSelectElement} */
      let input;
      const value = key in chosen ? chosen[key] : spec.default;
      if (spec.type === "bool") {
        const box = document.createElement("input");
        box.type = "checkbox";
        box.checked = Boolean(value);
        input = box;
      } else if (spec.choices) {
        const select = document.createElement("select");
        for (const c of spec.choices) {
          const option = document.createElement("option");
          option.value = String(c);
          option.textContent = choiceWords(String(c));
          select.append(option);
        }
        select.value = String(value);
        input = select;
      } else {
        const field = document.createElement("input");
        field.type = spec.type === "int" ? "number" : "text";
        field.value = String(value);
        if (spec.min !== undefined) field.min = String(spec.min);
        if (spec.max !== undefined) field.max = String(spec.max);
        input = field;
      }
      input.id = id;
      input.dataset.option = key;
      input.dataset.type = spec.type;
      input.addEventListener("change", () => this.fillStart());
      wrap.append(label, input);
      els.options.append(wrap);
    }
    els.extraField.hidden = variant !== "toguz_kumalak";
  }

  /** The options set that differ from the variant's defaults. @returns {Record<string, unknown>} */
  readOptions() {
    /** @type {Record<string, unknown>} */
    const options = {};
    const info = /** @type {VariantInfo} */ (this.variantInfo(this.els.variant.value));
    for (const input of this.els.options.querySelectorAll("[data-option]")) {
      if (!(input instanceof HTMLInputElement || input instanceof HTMLSelectElement)) continue;
      const type = input.dataset.type;
      const key = /** @type {string} */ (input.dataset.option);
      const spec = info.options[key];
      /** @type {unknown} */
      let value;
      if (type === "bool" && input instanceof HTMLInputElement) value = input.checked;
      else if (type === "int") value = input.value === "" ? input.value : Number(input.value);
      else value = input.value;
      if (spec.choices && type === "int") value = Number(value);
      if (value !== spec.default) options[key] = value;
    }
    return options;
  }

  /**
   * The grid of counts, laid out as the board: the top row right to left.
   * @param {(number | null)[]} board
   * @param {import("./pits.js").Layout} layout the pits a row and the server's letters
   */
  buildGrid(board, layout) {
    const grid = this.els.grid;
    const pits = layout.pits;
    grid.replaceChildren();
    grid.style.setProperty("--pits", String(pits));
    /** @param {number} index @param {string} label @param {string} cls */
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
    grid.append(cell(storeIndex(layout, 1), t("Store of the top row (player 2)"), "ab-store-top"));
    for (let i = pits - 1; i >= 0; i -= 1) {
      grid.append(cell(boardIndex(layout, 1, i), t("Pit %(pit)s (top row)", { pit: letterOf(layout, 1, i) }), "ab-top"));
    }
    for (let i = 0; i < pits; i += 1) {
      grid.append(cell(boardIndex(layout, 0, i), t("Pit %(pit)s (bottom row)", { pit: letterOf(layout, 0, i) }), "ab-bottom"));
    }
    grid.append(cell(storeIndex(layout, 0), t("Store of the bottom row (player 1)"), "ab-store-bottom"));
  }

  /**
   * Show ``position`` in the editor.
   * @param {Position} position
   * @param {string[][]} letters the server's pit letters for it
   * @param {boolean} [options] build the option fields too
   */
  fill(position, letters, options = true) {
    const els = this.els;
    els.variant.value = position.variant;
    if (options) this.buildOptions(position.variant, position.options);
    this.buildGrid(position.board, { pits: (position.board.length - 2) / 2, letters });
    els.toMove.value = String(position.to_move ?? 0);
    els.extraInput.value = position.extra && position.extra.length ? position.extra.join(",") : "-1,-1";
  }

  /** Fill the editor with the chosen variant's start (the server's). */
  async fillStart() {
    this.showError("");
    const seq = ++this.seq;
    const variant = this.els.variant.value;
    const options = this.readOptions();
    const grid = this.els.grid;
    grid.dataset.loading = "true"; // the variant's start is on its way
    try {
      const answer = await api("POST", "/api/board", { variant, options });
      if (seq !== this.seq) return; // the options changed again meanwhile
      const start = answer.start;
      const position = { variant, options, board: start.board, to_move: start.to_move, extra: start.extra };
      this.fill(position, answer.letters, false);
    } catch (err) {
      if (seq === this.seq) this.showError(err instanceof Error ? err.message : String(err));
    } finally {
      if (seq === this.seq) delete grid.dataset.loading;
    }
  }

  /** The position set up (a blank count is null: the server says it is missing). @returns {Position} */
  read() {
    const els = this.els;
    /** @type {(number | null)[]} */
    const board = [];
    for (const input of els.grid.querySelectorAll("input")) {
      const raw = input.value.trim();
      board[Number(input.dataset.index)] = raw === "" ? null : Number(raw);
    }
    /** @type {Position} */
    const position = {
      variant: els.variant.value,
      options: this.readOptions(),
      board,
      to_move: Number(els.toMove.value),
      extra: [],
    };
    if (!els.extraField.hidden) position.extra = numbers(els.extraInput.value);
    return position;
  }
}
