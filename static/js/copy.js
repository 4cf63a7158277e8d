// @ts-check
// Copy buttons: a button with data-copy="<input id>" copies that input's text and says so in
// the element named by data-copied. The clipboard API needs a secure context (not a plain
// http:// LAN address), so without it the input's text is selected and copied the old way.
import { t } from "./i18n.js";

/** @param {HTMLElement} button */
async function copy(button) {
  const input = /** @type {HTMLInputElement | null} */ (document.getElementById(button.dataset.copy || ""));
  const said = document.getElementById(button.dataset.copied || "");
  if (!input) return;
  let done = false;
  try {
    await navigator.clipboard.writeText(input.value);
    done = true;
  } catch {
    input.focus();
    input.select();
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
  }
  if (said) said.textContent = done ? t("Copied") : t("Select the link and copy it (Ctrl+C or a long press)");
}

for (const button of document.querySelectorAll("button")) {
  if (!button.dataset.copy) continue;
  button.addEventListener("click", () => copy(button));
}
