// @ts-check
// Game records in and out, for the review panel and the analysis board alike: a record is read
// from what a person pasted (or the file they chose) as text or JSON; the export links point at
// the server's record of a game. The server reads and checks the record itself.
import { t } from "./i18n.js";

export const NO_RECORD = t("Paste a record or choose a file first.");

/**
 * The record a person gave: the pasted text, else the chosen file's. JSON when it starts with
 * "{", else the text as written (the server reads both); ``error`` says what is wrong.
 * @param {string} pasted
 * @param {File | null | undefined} [file]
 * @returns {Promise<{record: unknown, error?: undefined} | {record?: undefined, error: string}>}
 */
export async function readRecord(pasted, file) {
  let raw = pasted.trim();
  if (!raw && file) raw = (await file.text()).trim();
  if (!raw) return { error: NO_RECORD };
  if (!raw.startsWith("{")) return { record: raw };
  try {
    return { record: JSON.parse(raw) };
  } catch (err) {
    // (the browser's own reason, in the browser's language)
    return { error: t("That is not valid JSON: %(reason)s", { reason: err instanceof Error ? err.message : String(err) }) };
  }
}

/**
 * Point the export links at the game's record, each with a file name to download as.
 * @param {string} apiUrl the game's API address
 * @param {{id: string, variant: string}} game
 * @param {{text: HTMLAnchorElement, json: HTMLAnchorElement}} links
 */
export function setExportLinks(apiUrl, game, links) {
  for (const [format, link] of /** @type {const} */ ([
    ["text", links.text],
    ["json", links.json],
  ])) {
    link.href = `${apiUrl}/record?format=${format}`;
    link.setAttribute("download", `mancala-${game.variant}-${game.id}.${format === "text" ? "txt" : "json"}`);
  }
}
