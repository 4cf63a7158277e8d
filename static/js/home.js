// The menu: show the chosen variant's rule options, and start a game from a door.
import { api } from "./api.js";

const form = document.getElementById("new-game");
const variant = document.getElementById("variant");
const errorBox = document.getElementById("form-error");

function showOptions() {
  for (const box of form.querySelectorAll(".variant-options")) {
    box.hidden = box.dataset.variant !== variant.value;
  }
}

function readOptions() {
  const box = form.querySelector(`.variant-options[data-variant="${variant.value}"]`);
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    if (type === "bool") options[input.dataset.option] = input.checked;
    else if (type === "int") options[input.dataset.option] = Number.parseInt(input.value, 10);
    else options[input.dataset.option] = input.value;
  }
  return options;
}

async function start(mode) {
  errorBox.hidden = true;
  const data = new FormData(form);
  const body = {
    variant: variant.value,
    options: readOptions(),
    mode,
    level: data.get("level"),
    algorithm: data.get("algorithm"),
  };
  const first = data.get("first");
  if (mode === "computer") body.first = first;
  else if (mode !== "watch") body.first = first === "computer" ? 1 : first === "random" ? "random" : 0;
  for (const button of form.querySelectorAll("button")) button.disabled = true;
  try {
    const game = await api("POST", form.dataset.api, body);
    window.location.assign(`/game/${game.id}`);
  } catch (err) {
    errorBox.textContent = err.message;
    errorBox.hidden = false;
    for (const button of form.querySelectorAll("button")) button.disabled = false;
  }
}

variant.addEventListener("change", showOptions);
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const mode = (event.submitter && event.submitter.value) || "computer";
  start(mode);
});
showOptions();
