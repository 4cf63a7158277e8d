// @ts-check
// Quick messages at the table: the few words the server allows ("Good game", "Well played",
// "Thanks", "Oops") as buttons, the last few said by either player, and "Messages off" (then
// none are shown or sent, in all the device's games: the server keeps it for the device, and
// the opponent's buttons and note follow at once). Followed by long-polling the game's
// messages, which live beside the game: a message never changes the game's version, so it
// never makes a move stale. The opponent's new message also shows for a few seconds in a
// bubble by their name tag, by the board, where a player looks (the log is in the panel, far
// below the board on a phone). Someone who takes the open seat starts following at once (game.js
// says so with a "mancala:seated" event).
import { ApiError, api, errorText } from "./api.js";

const SHOWN = 5; // the last messages shown
const RETRY_MS = 1500;
const POLL_TIMEOUT_MS = 30000;
const ERROR_MS = 4000;
const BUBBLE_MS = 6000; // a bubble by the name tag stays this long, then fades

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
const ownNote = byId("quick-own-note");
let version = -1;
let errorTimer = 0;
let following = false;
let newest = -1; // the newest message number seen (-1: none read yet, so none is new)

/** @param {unknown} err */
function showError(err) {
  errorBox.textContent = errorText(err);
  errorBox.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    errorBox.hidden = true;
  }, ERROR_MS);
}

/** @type {Map<number, number>} */
const bubbleTimers = new Map();

/**
 * Show ``message`` in a bubble by its sender's name tag (the tags say their seat) for a while.
 * @param {Message} message
 */
function bubble(message) {
  const tag = document.querySelector(`.player-tag[data-seat="${message.seat}"]`);
  if (!(tag instanceof HTMLElement)) return;
  const found = tag.querySelector(".quick-bubble");
  const shown = found instanceof HTMLElement ? found : document.createElement("p");
  if (!found) {
    shown.className = "quick-bubble";
    shown.setAttribute("aria-hidden", "true"); // the log says it to screen readers
    tag.append(shown);
  }
  shown.textContent = message.text;
  shown.classList.remove("fading");
  shown.hidden = false;
  clearTimeout(bubbleTimers.get(message.seat));
  const fade = () => {
    shown.classList.add("fading");
    bubbleTimers.set(
      message.seat,
      setTimeout(() => {
        shown.hidden = true;
      }, 450),
    );
  };
  bubbleTimers.set(message.seat, setTimeout(fade, BUBBLE_MS));
}

/** @param {Messages} view */
function show(view) {
  version = view.version;
  box.hidden = !view.player; // only the players see it
  note.hidden = !view.opponent_quiet || view.quiet;
  ownNote.hidden = !view.quiet;
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
  const last = view.messages.length ? view.messages[view.messages.length - 1].n : 0;
  if (newest >= 0) for (const m of view.messages) if (m.n > newest && !m.yours) bubble(m);
  newest = Math.max(newest, last);
}

/** @param {string} text */
async function send(text) {
  try {
    show(await api("POST", url, { text }));
  } catch (err) {
    showError(err);
  }
}

// From the table, so that the opponents at this device's tables see it at once (the server
// wakes their pages); it holds for all the device's games.
off.addEventListener("change", async () => {
  try {
    show(await api("POST", url, { quiet: off.checked }));
  } catch (err) {
    showError(err);
  }
});

/** Long-poll the game's messages while the viewer is one of its two players. */
async function follow() {
  if (following) return;
  following = true;
  let lost = true;
  try {
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
  } finally {
    following = false;
  }
}

// Taking the open seat makes the viewer a player: follow from then on.
document.addEventListener("mancala:seated", () => follow());
follow();
