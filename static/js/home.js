// @ts-check
// The menu: show the chosen variant's rule options, remember the last choices (variant, its
// options, difficulty, method, who starts) in localStorage, and start a game from a door.
import { api, errorText } from "./api.js";
import { matchOptions } from "./match-options.js";
import { startLobby } from "./lobby.js";
import { bindName, remember } from "./names.js";

/** @typedef {HTMLInputElement | HTMLSelectElement} Field */

const form = /** @type {HTMLFormElement} */ (document.getElementById("new-game"));
const variant = /** @type {HTMLSelectElement} */ (document.getElementById("variant"));
const errorBox = /** @type {HTMLElement} */ (document.getElementById("form-error"));
const myName = /** @type {HTMLInputElement} */ (document.getElementById("player-name"));
const friendName = /** @type {HTMLInputElement} */ (document.getElementById("friend-name"));
const rated = /** @type {HTMLInputElement | null} */ (document.getElementById("rated"));

/**
 * An option's fields in ``box`` (inputs and selects with data-option).
 * @param {Element} box
 * @returns {Field[]}
 */
function optionFields(box) {
  return /** @type {Field[]} */ ([...box.querySelectorAll("[data-option]")]);
}

/** The option a field sets (its data-option). @param {Field} input @returns {string} */
function optionOf(input) {
  return /** @type {string} */ (input.dataset.option);
}

function showOptions() {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".variant-options"))) {
    box.hidden = box.dataset.variant !== variant.value;
  }
}

function readOptions() {
  const box = form.querySelector(`.variant-options[data-variant="${variant.value}"]`);
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const input of optionFields(/** @type {Element} */ (box))) {
    const type = input.dataset.type;
    if (type === "bool" && input instanceof HTMLInputElement) options[optionOf(input)] = input.checked;
    else if (type === "int") options[optionOf(input)] = Number.parseInt(input.value, 10);
    else options[optionOf(input)] = input.value;
  }
  return options;
}

// The seats' names for a new game: yours, and on one screen your friend's too (as text; the
// server checks them).
/**
 * @param {Record<string, unknown>} body
 * @param {string} mode
 */
function addNames(body, mode) {
  const me = remember("me", myName.value);
  const friend = remember("friend", friendName.value);
  if (mode === "local") {
    if (me || friend) body.names = [me || null, friend || null];
  } else if (mode !== "watch" && me) {
    body.name = me;
  }
}

/**
 * The new game's settings as the menu shows them, for ``mode``.
 * @param {string} mode
 * @returns {Record<string, unknown>}
 */
function gameBody(mode) {
  const data = new FormData(form);
  /** @type {Record<string, unknown>} */
  const body = {
    variant: variant.value,
    options: readOptions(),
    mode,
    level: data.get("level"),
    algorithm: data.get("algorithm"),
  };
  const first = data.get("first");
  if (mode === "computer") body.first = first;
  else if (mode !== "watch") body.first = first === "computer" ? 1 : first === "random" ? "random" : 0;
  addNames(body, mode);
  Object.assign(body, matchOptions(mode));
  return body;
}

/**
 * A seek's (or a challenge's) settings: those of a game with a friend on another device, rated
 * or not, the seat's name left to the player's own.
 * @returns {Record<string, unknown>}
 */
function seekBody() {
  const body = gameBody("remote");
  delete body.mode;
  delete body.level;
  delete body.algorithm;
  delete body.name;
  body.rated = Boolean(rated && rated.checked);
  return body;
}

/**
 * @param {string} mode
 */
async function start(mode) {
  errorBox.hidden = true;
  saveChoices();
  if (mode === "seek") {
    await lobby.offer(seekBody());
    return;
  }
  const body = gameBody(mode);
  for (const button of form.querySelectorAll("button")) button.disabled = true;
  try {
    const game = await api("POST", form.dataset.api || "", body);
    window.location.assign(`/game/${game.id}`);
  } catch (err) {
    errorBox.textContent = errorText(err);
    errorBox.hidden = false;
    for (const button of form.querySelectorAll("button")) button.disabled = false;
  }
}

const CHOICES = "mancala.choices";

function readChoices() {
  try {
    const data = JSON.parse(window.localStorage.getItem(CHOICES) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {}; // storage blocked or damaged: the defaults stand
  }
}

/** Keep the menu's choices: the variant, each variant's options, difficulty, method, first. */
function saveChoices() {
  const data = readChoices();
  const form_ = new FormData(form);
  const options = { ...(data.options || {}) };
  options[variant.value] = readOptions();
  const choices = { variant: variant.value, level: form_.get("level"), algorithm: form_.get("algorithm"), first: form_.get("first"), options };
  try {
    window.localStorage.setItem(CHOICES, JSON.stringify(choices));
  } catch {
    // storage blocked: not remembered
  }
}

/** Select ``value`` in ``select`` if it is one of its options (a stale choice is ignored). */
/** @param {HTMLSelectElement | null} select @param {string} value */
function choose(select, value) {
  if (select && [...select.options].some((o) => o.value === value)) select.value = value;
}

function restoreChoices() {
  const data = readChoices();
  choose(variant, data.variant);
  choose(/** @type {HTMLSelectElement | null} */ (document.getElementById("level")), data.level);
  choose(/** @type {HTMLSelectElement | null} */ (document.getElementById("algorithm")), data.algorithm);
  /** @type {HTMLInputElement | null} */
  const first = form.querySelector(`input[name=first][value="${CSS.escape(String(data.first || ""))}"]`);
  if (first) first.checked = true;
  for (const [name, options] of Object.entries(data.options || {})) {
    const box = form.querySelector(`.variant-options[data-variant="${CSS.escape(name)}"]`);
    if (!box || !options || typeof options !== "object") continue;
    for (const input of optionFields(box)) {
      const value = options[optionOf(input)];
      if (value === undefined) continue;
      if (input.dataset.type === "bool" && input instanceof HTMLInputElement) input.checked = Boolean(value);
      else if (input instanceof HTMLSelectElement) choose(input, String(value));
      else input.value = String(value);
    }
  }
}

/** The chosen level's line under the difficulty (the server's words, data-note). */
function showLevelNote() {
  const level = /** @type {HTMLSelectElement | null} */ (document.getElementById("level"));
  const note = document.getElementById("level-note");
  const chosen = level?.selectedOptions[0];
  if (note && chosen) note.textContent = chosen.dataset.note || "";
}

restoreChoices();
showLevelNote();
document.getElementById("level")?.addEventListener("change", showLevelNote);
variant.addEventListener("change", showOptions);
form.addEventListener("change", saveChoices);
bindName(myName, "me");
bindName(friendName, "friend");
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const submitter = /** @type {HTMLButtonElement | null} */ (event.submitter);
  const mode = (submitter && submitter.value) || "computer";
  start(mode);
});
showOptions();
const lobby = startLobby(seekBody);
