// @ts-check
// The only module that calls the API with fetch(): JSON in, JSON out, errors as
// ApiError(status, message) (i18n.js fetches the page's catalog itself, as it loads).
// A request that gets no answer at all (server down, network gone, timed out) is status 0, and
// every listener given to onReachable() hears whether the server answered.

import { t } from "./i18n.js";

export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} status
   */
  constructor(status, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export const UNREACHABLE = t("The server can't be reached. Check the connection.");
const TIMED_OUT = t("The server did not answer in time.");

const listeners = new Set();

/**
 * Call ``listener(true)`` whenever the server answers and ``listener(false)`` when it does not.
 * @param {(ok: boolean) => void} listener
 */
export function onReachable(listener) {
  listeners.add(listener);
}

/**
 * @param {boolean} ok
 */
function reached(ok) {
  for (const listener of listeners) listener(ok);
}

/**
 * An AbortController that aborts with the caller's ``signal`` or after ``timeout`` ms.
 * @param {AbortSignal | undefined} signal
 * @param {number | undefined} timeout
 */
function controllerFor(signal, timeout) {
  const controller = new AbortController();
  const state = { controller, timedOut: false, timer: 0 };
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener("abort", () => controller.abort(), { once: true });
  }
  if (timeout) {
    state.timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, timeout);
  }
  return state;
}

/**
 * What went wrong, in words: an error's message (an ApiError's is the server's).
 * @param {unknown} err
 * @returns {string}
 */
export function errorText(err) {
  return err instanceof Error ? err.message : String(err);
}

/**
 * An answer that is not JSON (an HTML error page, empty) reads as null; a connection that broke
 * mid-answer stays an error.
 * @param {unknown} err
 * @returns {null}
 */
function notJson(err) {
  if (err instanceof SyntaxError) return null;
  throw err;
}

/**
 * Send a request and read its JSON answer.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body] sent as JSON
 * @param {{signal?: AbortSignal, timeout?: number}} [opts] an abort signal; a timeout in ms
 * @returns {Promise<any>} the answer's JSON (the server's shapes: types.js)
 */
export async function api(method, url, body, { signal, timeout } = {}) {
  const abort = controllerFor(signal, timeout);
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = {
    method,
    headers: { Accept: "application/json" },
    credentials: "same-origin",
    signal: abort.controller.signal,
  };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  /** @type {Response} */
  let response;
  /** @type {any} */
  let data = null;
  try {
    response = await fetch(url, init);
    data = await response.json().catch(notJson);
  } catch (err) {
    if (/** @type {Error} */ (err).name === "AbortError" && !abort.timedOut) throw err;
    reached(false);
    throw new ApiError(0, abort.timedOut ? TIMED_OUT : UNREACHABLE);
  } finally {
    clearTimeout(abort.timer);
  }
  if (response.status === 503 && response.headers.get("X-Server-Stopping")) {
    reached(false); // a stopping server (a restart) counts as gone: the page reconnects now
    throw new ApiError(0, UNREACHABLE);
  }
  reached(true);
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.message) || t("Error %(status)s", { status: response.status }));
  }
  return data;
}
