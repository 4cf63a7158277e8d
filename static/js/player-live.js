// @ts-check
// A player's page kept live: its ratings, "Playing now", record and games are drawn again
// whenever the room changes (a game starts or ends, a clock runs out unwatched), by following
// the room's version (reading it is free) and reading the page anew. The games filter form is
// left as it stands.

import { followVersion } from "./follow.js";
import { showLocalTimes } from "./local-time.js";

const PARTS = ["player-live", "player-games-list"];

/** Read the page again (its filters kept) and put its changing parts in place. */
async function redraw() {
  const response = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
  for (const id of PARTS) {
    const shown = document.getElementById(id);
    const found = fresh.getElementById(id);
    if (shown && found) {
      shown.replaceChildren(...Array.from(found.childNodes, (n) => document.importNode(n, true)));
      showLocalTimes(shown);
    }
  }
}

showLocalTimes(document);
let seen = -1;
followVersion({
  url: "/api/lobby",
  onAnswer: (/** @type {{version: number}} */ room) => {
    if (seen !== -1 && room.version !== seen) redraw().catch(() => {});
    seen = room.version;
  },
});
