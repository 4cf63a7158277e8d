// @ts-check
// Following a game (or anything with a version: a tournament, the list of tournaments): the
// first read, then long-polling its version, and reconnecting by itself after the server or the
// network went away. Hands each answer to its listener; knows nothing of how it is shown. While a long-poll waits, a quick check that the server answers runs every
// 0.5 s, given 0.8 s: a server that stopped (or a network that hangs) is noticed within 2 s, not
// when the long-poll gives up.
import { ApiError, api, onReachable } from "./api.js";

const RETRY_MS = 1500; // while the server can't be reached, try again this often
export const POLL_TIMEOUT_MS = 30000; // a long-poll (8 s on the server) that takes longer is lost
export const ALIVE_URL = "/api/alive";
const ALIVE_EVERY_MS = 500; // while a long-poll waits, check that the server answers this often
const ALIVE_TIMEOUT_MS = 800; // a check unanswered this long: the server is lost

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Check the server every 0.5 s while a long-poll waits; abort the poll (``controller``) when a
 * check gets no answer. Returns the function that stops checking.
 * @param {AbortController} controller
 */
function watchdog(controller) {
  let stopped = false;
  (async () => {
    while (!stopped) {
      await pause(ALIVE_EVERY_MS);
      if (stopped) return;
      try {
        await api("GET", ALIVE_URL, undefined, { timeout: ALIVE_TIMEOUT_MS });
      } catch (err) {
        if (!stopped && err instanceof ApiError && err.status === 0) {
          controller.abort(); // (api() has told the page the server is lost)
          return;
        }
      }
    }
  })();
  return () => {
    stopped = true;
  };
}

/** @type {(() => void) | null} */
let wake = null; // ends the wait before the next try early (the browser is back online)
function retryPause() {
  return new Promise((/** @type {(value?: void) => void} */ resolve) => {
    const timer = setTimeout(done, RETRY_MS);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });
}
window.addEventListener("online", () => wake && wake());

/**
 * Call ``listener(true)`` when the server answers again and ``listener(false)`` when it's lost.
 * @param {(ok: boolean) => void} listener
 */
export function onConnection(listener) {
  onReachable(listener);
}

// Whether an error means the game is gone for good (no point in trying again).
/** @param {unknown} err */
function final(err) {
  return err instanceof ApiError && (err.status === 404 || err.status === 410);
}

// Whether an error is passing: no answer (status 0), or a server too busy now (429, 503: its
// store locked, its queue full) that says to try again.
/** @param {unknown} err */
function passing(err) {
  return err instanceof ApiError && (err.status === 0 || err.status === 429 || err.status === 503);
}

/**
 * The first read of the game, tried again while the server can't be reached or is too busy.
 * @param {string} url
 */
export async function firstRead(url) {
  for (;;) {
    try {
      return await api("GET", url, undefined, { timeout: POLL_TIMEOUT_MS });
    } catch (err) {
      if (!passing(err)) throw err;
      await retryPause();
    }
  }
}

/**
 * Follow the game at ``url`` by long-polling the version after ``latest()``. After a failure the
 * next read is a plain one, which answers at once: the page catches up (moves made meanwhile)
 * and is connected again without waiting out a long-poll.
 * @param {{url: string, latest: () => number, onGame: (game: import("./types.js").Game) => void,
 *          onGone: (err: unknown) => void}} opts
 * @returns {() => void} stops following
 */
export function follow({ url, latest, onGame, onGone }) {
  return poll({ url, latest, onAnswer: onGame, onGone }, false);
}

/**
 * Follow any answer that carries a ``version`` (a tournament, the list of tournaments) from its
 * first plain read on, as a game is followed: long-polls with the watchdog, reconnecting by
 * itself. ``onGone`` hears a 404 or 410 (then following stops).
 * @param {{url: string, onAnswer: (answer: any) => void, onGone?: (err: unknown) => void}} opts
 * @returns {() => void} stops following
 */
export function followVersion({ url, onAnswer, onGone = () => {} }) {
  let version = 0;
  /** @param {any} answer */
  const seen = (answer) => {
    version = answer.version;
    onAnswer(answer);
  };
  return poll({ url, latest: () => version, onAnswer: seen, onGone }, true);
}

/**
 * The loop behind both: long-polls (a plain read first when ``lost``), each answer to
 * ``onAnswer``.
 * @param {{url: string, latest: () => number, onAnswer: (answer: any) => void,
 *          onGone: (err: unknown) => void}} opts
 * @param {boolean} lost
 * @returns {() => void} stops following
 */
function poll({ url, latest, onAnswer, onGone }, lost) {
  let stopped = false;
  (async () => {
    while (!stopped) {
      const controller = new AbortController();
      const unwatch = lost ? () => {} : watchdog(controller);
      try {
        const answer = await api("GET", lost ? url : `${url}?since=${latest()}`, undefined, {
          timeout: POLL_TIMEOUT_MS,
          signal: controller.signal,
        });
        lost = false;
        if (!stopped) onAnswer(answer);
      } catch (err) {
        if (final(err)) {
          onGone(err);
          return;
        }
        lost = true;
        await retryPause();
      } finally {
        unwatch();
      }
    }
  })();
  return () => {
    stopped = true;
  };
}
