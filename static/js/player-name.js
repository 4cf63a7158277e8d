// @ts-check
// The name form of the players' pages: PUT /api/me with the name typed; the server checks it
// (visible characters, 1–24, not taken nor looking like a taken one, not a guest's label) and
// says what is wrong; on success, the player's page.

import { api, errorText } from "./api.js";

const form = /** @type {HTMLFormElement | null} */ (document.getElementById("name-form"));
const input = /** @type {HTMLInputElement | null} */ (document.getElementById("new-name"));
const error = document.getElementById("name-error");

if (form && input && error) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const me = await api("PUT", form.dataset.api || "/api/me", { name: input.value });
      window.location.assign(`/players/${encodeURIComponent(me.name)}`);
    } catch (err) {
      error.textContent = errorText(err);
      input.focus();
    }
  });
}
