// @ts-check
// A paired player is taken to their tournament game at once, with a sound (heard when sounds
// are on), from whichever page they have open: the tournament's, the room's or the list of
// tournaments.  Once per game and tab: a player who comes back to a page on purpose while their
// game runs is not sent away again.

import * as sound from "./sound.js";

const KEY = "mancala.tournament.went";
const DELAY_MS = 400; // the sound starts before the page changes

/** @returns {string[]} */
function went() {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

/**
 * Remember that this tab has been at ``gameId`` (its page was opened).
 * @param {string} gameId
 */
export function markVisited(gameId) {
  const seen = went().filter((g) => g !== gameId);
  seen.push(gameId);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(seen.slice(-50)));
  } catch {
    // storage blocked: the page may send the player again, which is harmless
  }
}

/**
 * Take the player to ``gameId`` unless this tab has been there already; true if it goes.
 * @param {string} gameId
 * @param {string} [url]
 */
export function goToGame(gameId, url = `/game/${gameId}`) {
  if (!gameId || went().includes(gameId)) return false;
  markVisited(gameId);
  sound.yourTurn();
  window.setTimeout(() => window.location.assign(url), DELAY_MS);
  return true;
}
