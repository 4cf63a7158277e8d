// The menu: show the chosen variant's rule options, and start a game from a door.
import { api } from "./api.js";
import { bindName, remember } from "./names.js";

const form = document.getElementById("new-game");
const variant = document.getElementById("variant");
const errorBox = document.getElementById("form-error");
const myName = document.getElementById("player-name");
const friendName = document.getElementById("friend-name");

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

// The seats' names for a new game: yours, and on one screen your friend's too (as text; the
// server checks them).
function addNames(body, mode) {
  const me = remember("me", myName.value);
  const friend = remember("friend", friendName.value);
  if (mode === "local") {
    if (me || friend) body.names = [me || null, friend || null];
  } else if (mode !== "watch" && me) {
    body.name = me;
  }
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
  addNames(body, mode);
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
bindName(myName, "me");
bindName(friendName, "friend");
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const mode = (event.submitter && event.submitter.value) || "computer";
  start(mode);
});
showOptions();
