// @ts-check
// The analysis API: start a game's analysis, follow it until done, value one position.
// Requests go through api.js (the only module that calls fetch).
import { api } from "./api.js";

const POLL_MS = 600;

/**
 * The game's analysis so far ({status: none|running|done|failed, done, total, moves, ...}).
 * @param {string} url
 */
export function readAnalysis(url) {
  return api("GET", url);
}

/**
 * Start (or extend) the analysis; the server answers 202 while it runs, 200 once done.
 * @param {string} url
 */
export function startAnalysis(url) {
  return api("POST", url, {});
}

/**
 * Every legal move's value in the position before move ``ply`` (seeds, exact flags).
 * @param {string} url
 * @param {number} ply
 */
export function positionValues(url, ply) {
  return api("POST", `${url}/position`, { ply });
}

/**
 * Poll the analysis while it runs, calling ``onProgress(answer)`` with each answer; resolves
 * with the last one. ``stopped()`` ends the polling early (the page moved on).
 * @param {string} url
 * @param {import("./types.js").Analysis} first
 * @param {(answer: import("./types.js").Analysis) => void} onProgress
 * @param {() => boolean} [stopped]
 */
export async function followAnalysis(url, first, onProgress, stopped = () => false) {
  let found = first;
  onProgress(found);
  while (found.status === "running" && !stopped()) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    found = await readAnalysis(url);
    onProgress(found);
  }
  return found;
}
