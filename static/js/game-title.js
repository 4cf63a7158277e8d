// @ts-check
// A game's title in the page's language: the variant's own name there ("Калах", "Awalé"), the
// board's size as the server wrote it. Used wherever a list names games (the room, tournaments);
// and a computer level's name there, for the computer's seat wherever it is named.

import { t as tr } from "./i18n.js";

/**
 * A game's title as the page's language names its variant ("Калах 6×4", "Awalé"); the
 * board's size after it as the server wrote it (the catalogs' ids are the English names).
 * @param {{title: string, variant?: string}} t
 */
export function gameTitle(t) {
  const names = /** @type {Record<string, string>} */ ({
    kalah: tr("Kalah"),
    oware: tr("Oware"),
    relay: tr("Relay"),
    adi: tr("Adi"),
    toguz_kumalak: tr("Toguz Kumalak"),
    congkak: tr("Congkak"),
  });
  const name = t.variant ? names[t.variant] : undefined;
  if (!name) return t.title;
  const size = t.title.match(/\d+×\d+/);
  return size ? `${name} ${size[0]}` : name;
}

/**
 * A computer level's name in the page's language ("easy" → "Facile"; the catalogs' ids are the
 * English names, capitalised).
 * @param {string} level
 */
export function levelName(level) {
  return tr(level.charAt(0).toUpperCase() + level.slice(1));
}
