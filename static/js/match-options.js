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

/** @param {HTMLSelectElement} clock @param {HTMLInputElement} hints */
function save(clock, hints) {
  try {
    const kept = { clock: clock.value, hints: hints.checked };
    window.localStorage.setItem(KEPT, JSON.stringify(kept));
  } catch {
    // storage blocked: not remembered
  }
}

/** @param {HTMLSelectElement} clock @param {HTMLInputElement} hints */
function restore(clock, hints) {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT) || "{}") || {};
    if ([...clock.options].some((o) => o.value === kept.clock)) clock.value = kept.clock;
    if (typeof kept.hints === "boolean") hints.checked = kept.hints;
  } catch {
    // storage blocked or damaged: the defaults stand (no clock, no hints)
  }
}

if (clockChoice && allowHints) {
  restore(clockChoice, allowHints);
  clockChoice.addEventListener("change", () => save(clockChoice, allowHints));
  allowHints.addEventListener("change", () => save(clockChoice, allowHints));
}
