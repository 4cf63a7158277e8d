// @ts-check
// Dates the server wrote in the host's time (a <time data-local datetime="…Z">), shown in this
// device's own time, in the page's language (i18n.js: "Nov 28, 9:05 PM", "28 нояб., 21:05"; the
// year only when it is not this one).
import { date } from "./i18n.js";

/**
 * Show every such date under ``root`` in this device's time.
 * @param {ParentNode} root
 */
export function showLocalTimes(root) {
  const thisYear = new Date().getFullYear();
  for (const el of root.querySelectorAll("time[data-local]")) {
    const at = new Date(el.getAttribute("datetime") || "");
    if (Number.isNaN(at.getTime())) continue;
    /** @type {Intl.DateTimeFormatOptions} */
    const day = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
    if (at.getFullYear() !== thisYear) day.year = "numeric";
    el.textContent = date(at, day);
  }
}
