// @ts-check
// The menu's options for games between people (a friend here or on another device): a clock
// (none, or minutes per side plus seconds added each turn) and whether hints are allowed.
// Remembered in localStorage like the menu's other choices.

const KEPT = "mancala.match";

const clockChoice = /** @type {HTMLSelectElement | null} */ (document.getElementById("clock-choice"));
const allowHints = /** @type {HTMLInputElement | null} */ (document.getElementById("allow-hints"));

/**
 * The create request's fields for ``mode``: {clock, hints} between people, nothing otherwise.
 * @param {string} mode
 */
export function matchOptions(mode) {
  if (mode !== "local" && mode !== "remote") return {};
  /** @type {{hints: boolean, clock?: {minutes: number, increment: number}}} */
  const out = { hints: Boolean(allowHints && allowHints.checked) };
  const value = clockChoice ? clockChoice.value : "";
  if (value) {
    const [minutes, increment] = value.split("+").map(Number);
    out.clock = { minutes, increment };
  }
  return out;
}

function save() {
  try {
    const kept = { clock: clockChoice.value, hints: allowHints.checked };
    window.localStorage.setItem(KEPT, JSON.stringify(kept));
  } catch {
    // storage blocked: not remembered
  }
}

function restore() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT) || "{}") || {};
    if ([...clockChoice.options].some((o) => o.value === kept.clock)) clockChoice.value = kept.clock;
    if (typeof kept.hints === "boolean") allowHints.checked = kept.hints;
  } catch {
    // storage blocked or damaged: the defaults stand (no clock, no hints)
  }
}

if (clockChoice && allowHints) {
  restore();
  clockChoice.addEventListener("change", save);
  allowHints.addEventListener("change", save);
}
