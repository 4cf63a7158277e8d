// @ts-check
/**
 * The page's language for the scripts: `t(id, args)` and `tn(singular, plural, n, args)` look
 * the English text up in the app's catalog (GET /api/i18n/<lang>, the server's own catalogs),
 * fill `%(name)s` placeholders, and pick plural forms by the language's CLDR rules
 * (Intl.PluralRules); `num` and `date` write numbers and dates in the language's forms (Intl).
 * Rule: a message missing from the catalog shows in English, never an empty string.
 */

/** @typedef {Record<string, string | Record<string, string>>} Messages */

/** The page's language, as the server set `<html lang>`. */
export const lang = document.documentElement.lang || "en";

/** Arabic pages keep Latin digits, as the board and every record show them. */
const LOCALE = lang === "ar" ? "ar-u-nu-latn" : lang;
const rules = new Intl.PluralRules(LOCALE);
const english = new Intl.PluralRules("en");

/** @returns {Promise<{messages: Messages, numbers: {decimal: string, group: string} | null}>} */
async function load() {
  const none = { messages: {}, numbers: null };
  if (lang === "en") return none;
  try {
    const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
    if (!response.ok) return none;
    const body = await response.json();
    if (!body || typeof body.messages !== "object") return none;
    return { messages: body.messages, numbers: body.numbers || null };
  } catch {
    return none; // the English text shows: never a blank page for a missing catalog
  }
}

const loaded = await load();
/** @type {Messages} */
const messages = loaded.messages;
/** The server's signs for the language when this browser lacks its number data (it writes
 * 1.5 where the language writes 1,5): numbers are then written in English forms, signs swapped. */
const signs =
  loaded.numbers && !new Intl.NumberFormat(LOCALE).format(1.5).includes(loaded.numbers.decimal) ? loaded.numbers : null;

/**
 * A number in the page's language.
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function num(n, options) {
  if (!signs) return new Intl.NumberFormat(LOCALE, options).format(n);
  const { decimal, group } = signs;
  return new Intl.NumberFormat("en", options)
    .format(n)
    .replace(/[.,]/g, (sign) => (sign === "." ? decimal : group));
}

/**
 * A date (and time, with `options`) in the page's language.
 * @param {Date | number} when
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function date(when, options) {
  return new Intl.DateTimeFormat(LOCALE, options).format(when);
}

/**
 * `text` with each `%(name)s` replaced by `args[name]` (numbers in the page's forms).
 * @param {string} text
 * @param {Record<string, unknown>} args
 */
function fill(text, args) {
  return text.replace(/%\((\w+)\)s/g, (whole, name) => {
    if (!(name in args)) return whole;
    const value = args[name];
    return typeof value === "number" ? num(value) : String(value);
  });
}

/**
 * The message `id` (its English text) in the page's language, placeholders filled.
 * @param {string} id
 * @param {Record<string, unknown>} [args]
 */
export function t(id, args = {}) {
  const found = messages[id];
  return fill(typeof found === "string" && found ? found : id, args);
}

/**
 * The form of a message for the count `n` (CLDR plural rules); `%(num)s` is `n`.
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {Record<string, unknown>} [args]
 */
export function tn(singular, plural, n, args = {}) {
  const found = messages[singular];
  let text = "";
  if (found && typeof found === "object") text = found[rules.select(n)] || found.other || "";
  if (!text) text = english.select(n) === "one" ? singular : plural;
  return fill(text, { num: n, ...args });
}
