// @ts-check
// Player names this browser remembers (localStorage) for the menu and the invite's seat.
// The server validates every name; here they are only trimmed and kept.

const KEYS = { me: "mancala.name", friend: "mancala.friendName" };

/**
 * The remembered name for ``who`` ("me" or "friend"), or "".
 * @param {"me" | "friend"} who
 */
export function recall(who) {
  try {
    return window.localStorage.getItem(KEYS[who]) || "";
  } catch {
    return ""; // storage blocked (private mode): names are simply not remembered
  }
}

/**
 * Remember ``value`` (trimmed) for ``who``; an empty value forgets it.
 * @param {"me" | "friend"} who
 * @param {string} value
 */
export function remember(who, value) {
  const name = value.trim();
  try {
    if (name) window.localStorage.setItem(KEYS[who], name);
    else window.localStorage.removeItem(KEYS[who]);
  } catch {
    // storage blocked: nothing to do
  }
  return name;
}

/**
 * Fill ``input`` with the remembered name and keep remembering what is typed into it.
 * @param {HTMLInputElement} input
 * @param {"me" | "friend"} who
 */
export function bindName(input, who) {
  if (!input.value) input.value = recall(who);
  input.addEventListener("change", () => remember(who, input.value));
}
