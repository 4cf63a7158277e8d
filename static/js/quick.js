// @ts-check
// Quick messages at the table: the few words the server allows ("Good game", "Well played",
// "Thanks", "Oops") as buttons, the last few said by either player, and "Messages off" (then
// none are shown or sent). Followed by long-polling the game's messages, which live beside the
// game: a message never changes the game's version, so it never makes a move stale.
import { ApiError, api, errorText } from "./api.js";

const SHOWN = 5; // the last messages shown
const RETRY_MS = 1500;
const POLL_TIMEOUT_MS = 30000;
const ERROR_MS = 4000;

/**
 * @typedef {{n: number, seat: number, text: string, at: number, yours: boolean,
 *            by: string | null}} Message
 * @typedef {{version: number, quiet: boolean, opponent_quiet: boolean, quick: string[],
 *            can_send: boolean, player: boolean, messages: Message[]}} Messages
 */

/** @param {string} id */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const box = byId("quick");
const url = box.dataset.api || "";
const log = byId("quick-log");
const buttons = byId("quick-buttons");
const off = /** @type {HTMLInputElement} */ (byId("quick-off"));
const errorBox = byId("quick-error");
const note = byId("quick-note");
let version = -1;
let errorTimer = 0;

/** @param {unknown} err */
function showError(err) {
  errorBox.textContent = errorText(err);
  errorBox.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    errorBox.hidden = true;
  }, ERROR_MS);
}

/** @param {Messages} view */
function show(view) {
  version = view.version;
  box.hidden = !view.player; // only the players see it
  note.hidden = !view.opponent_quiet || view.quiet;
  off.checked = view.quiet;
  if (!buttons.childElementCount) {
    for (const text of view.quick) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button";
      button.textContent = text;
      button.addEventListener("click", () => send(text));
      buttons.append(button);
    }
  }
  for (const button of buttons.querySelectorAll("button")) button.disabled = !view.can_send;
  log.replaceChildren(
    ...view.messages.slice(-SHOWN).map((m) => {
      const li = document.createElement("li");
      li.className = m.yours ? "quick-mine" : "quick-theirs";
      li.textContent = `${m.yours ? "You" : m.by || "Opponent"}: ${m.text}`;
      return li;
    }),
  );
}

/** @param {string} text */
async function send(text) {
  try {
    show(await api("POST", url, { text }));
  } catch (err) {
    showError(err);
  }
}

off.addEventListener("change", async () => {
  try {
    await api("PUT", "/api/lobby/me", { quiet: off.checked });
    show(await api("GET", url));
  } catch (err) {
    showError(err);
  }
});

(async () => {
  let lost = true;
  for (;;) {
    try {
      const path = lost || version < 0 ? url : `${url}?since=${version}`;
      const view = await api("GET", path, undefined, { timeout: POLL_TIMEOUT_MS });
      show(view);
      if (!view.player) return; // a spectator, or a game without two devices: nothing to follow
      lost = false;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 410)) return;
      lost = true;
      await pause(RETRY_MS);
    }
  }
})();
