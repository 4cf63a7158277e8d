// @ts-check
// "Show the computer's thinking" is a choice of this browser, kept across reloads and games
// (localStorage), like the menu's other choices.

const KEY = "mancala.showThinking";

/** Whether this browser chose to see the computer's thinking. @returns {boolean} */
export function keptThinking() {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false; // storage refused (private mode): not kept
  }
}

/** Keep the choice. @param {boolean} on */
export function keepThinking(on) {
  try {
    if (on) window.localStorage.setItem(KEY, "1");
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused: the choice lasts as long as the page
  }
}
