// @ts-check
// The room on the home page, live: who is here, open seeks (Join), challenges (Accept /
// Decline), games being played (Watch) and finished tournament games, from GET /api/lobby,
// long-polled on the lobby's version. Making a seek or a challenge takes the menu's settings.
// When someone takes this device's seek (or accepts its challenge) the server says where the
// game is (``go``) and the page goes there.
// Being in the room is the page's heartbeat (POST /api/lobby/here, every ``beat_seconds``,
// which the server says); reading writes nothing. A closing page says so with a beacon
// (POST /api/lobby/leave), so the others see it leave at once.
import { ApiError, api, errorText } from "./api.js";
import { gameTitle } from "./game-title.js";
import { t, tn } from "./i18n.js";

const RETRY_MS = 1500; // after a failed look, try again this soon
const POLL_TIMEOUT_MS = 30000; // a long-poll (8 s on the server) that takes longer is lost
const SETTLE_MS = 300; // after a long-poll woke, wait this long before the next (a busy room)

/**
 * @typedef {{tag: string, name: string, you: boolean, playing: boolean}} Person
 * @typedef {{id: string, text: string, mine: boolean, by: string, to: string | null,
 *            game: string, clock: string | null, rated: boolean}} Seek
 * @typedef {{id: string, title: string, variant?: string, players: string[], moves: number, url: string}} Playing
 * @typedef {{id: string, title?: string, players?: string[], result?: string, url?: string,
 *            tournament?: string}} Finished
 * @typedef {{tournament: string, url: string | null, games: Finished[], more: number}} FinishedGroup
 * @typedef {{version: number, you: {tag: string | null, name: string | null, named: boolean},
 *   in_room: boolean, retry_after: number | null, beat_seconds: number, here: Person[],
 *   seeks: Seek[],
 *   challenges: {to_you: Seek[], yours: Seek[], declined: {id: string, to: string}[]},
 *   games: Playing[], tournament_games: Finished[], finished: FinishedGroup[],
 *   go: string | null}} LobbyView
 */

/** @param {string} id */
function byId(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}

/** @param {number} ms */
function pause(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A list item: ``text`` and buttons (label, action, primary?).
 * @param {string} text
 * @param {[string, () => void, boolean?][]} buttons
 * @param {string} [cls]
 */
function item(text, buttons, cls) {
  const li = document.createElement("li");
  if (cls) li.className = cls;
  const words = document.createElement("span");
  words.className = "lobby-text";
  words.textContent = text;
  li.append(words);
  for (const [label, action, primary] of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = primary ? "button primary" : "button";
    button.textContent = label;
    button.dataset.key = `${label}|${text}`; // the same button after a redraw, for the focus
    button.addEventListener("click", action);
    li.append(button);
  }
  return li;
}

/**
 * A list item with a link (Watch, Review).
 * @param {string} text
 * @param {string} label
 * @param {string} href
 */
function linked(text, label, href) {
  const li = item(text, []);
  const a = document.createElement("a");
  a.className = "button";
  a.href = href;
  a.textContent = label;
  li.append(a);
  return li;
}

/**
 * A seek or a challenge in the page's language: "Ama waits: Oware, 5+3, rated". The game's title
 * (with its size) is the server's; the clock, rated or casual and the sentence are the page's.
 * @param {Seek} seek
 */
export function seekText(seek) {
  const clock = seek.clock || "no clock";
  const english = `, ${clock}, ${seek.rated ? "rated" : "casual"}`;
  const title = seek.game.endsWith(english) ? seek.game.slice(0, -english.length) : "";
  const game = title
    ? [title, seek.clock || t("no clock"), seek.rated ? t("rated") : t("casual")].join(", ")
    : seek.game;
  return seek.to
    ? t("%(name)s challenges %(other)s: %(game)s", { name: seek.by, other: seek.to, game })
    : t("%(name)s waits: %(game)s", { name: seek.by, game });
}

/**
 * Start the room: follow the lobby and answer its buttons; ``settings`` gives the menu's game
 * settings for a seek or a challenge. Returns ``offer``, which makes a seek.
 * @param {() => Record<string, unknown>} settings
 */
export function startLobby(settings) {
  const box = byId("lobby");
  const url = box.dataset.api || "/api/lobby";
  const hereUrl = `${url}/here`;
  const status = byId("lobby-status");
  const errorBox = byId("lobby-error");
  const nameForm = /** @type {HTMLFormElement} */ (byId("lobby-name"));
  const nameInput = /** @type {HTMLInputElement} */ (byId("lobby-name-input"));
  const hereList = byId("lobby-here");
  const hereMore = byId("lobby-here-more");
  let version = -1; // the lobby's version shown (-1: nothing shown yet)

  /** @param {unknown} err */
  function showError(err) {
    errorBox.textContent = errorText(err);
    errorBox.hidden = false;
  }

  /**
   * Send a request; a new game in the answer opens it, else the lobby is read again.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  async function act(method, path, body) {
    errorBox.hidden = true;
    try {
      const answer = await api(method, path, body);
      if (answer && answer.id && answer.board) {
        window.location.assign(`/game/${answer.id}`);
        return;
      }
      show(await api("GET", url));
    } catch (err) {
      showError(err);
      if (!nameForm.hidden && /name/.test(errorText(err))) nameInput.focus();
      if (err instanceof ApiError && err.status === 409) show(await api("GET", url));
    }
  }

  let shown = ""; // what the lists show now, as JSON: an unchanged look redraws nothing

  /** @param {LobbyView} view */
  function show(view) {
    if (view.go) {
      window.location.assign(view.go);
      return;
    }
    version = view.version;
    const drawn = JSON.stringify({ ...view, version: 0 });
    if (drawn === shown) return; // keep the lists (and the keyboard focus in them) as they are
    shown = drawn;
    const active = document.activeElement;
    const focused = active instanceof HTMLElement ? active.dataset.key : undefined;
    redraw(view);
    if (focused) {
      // The room changed around the button the keyboard was on: keep it there.
      const again = document.querySelector(`#lobby [data-key="${CSS.escape(focused)}"]`);
      if (again instanceof HTMLElement) again.focus();
    }
  }

  /** @param {LobbyView} view */
  function redraw(view) {
    const you = view.you.name || t("a guest");
    nameForm.hidden = view.you.named;
    if (!view.you.named) nameInput.placeholder = view.you.name || "";
    const others = view.here.filter((p) => !p.you);
    const waiting = view.seeks.length;
    status.textContent = others.length
      ? [
          tn("%(num)s here", "%(num)s here", view.here.length),
          tn("%(num)s waiting for an opponent", "%(num)s waiting for an opponent", waiting),
          t("you are %(name)s", { name: you }),
        ].join(" · ")
      : t("Nobody else is here yet. Others see you as %(name)s.", { name: you });
    if (!view.in_room && view.retry_after) {
      status.textContent += ` ${t("Others can't see you yet (many arrivals from your network address); trying again in %(seconds)s s.", { seconds: view.retry_after })}`;
    }

    hereList.replaceChildren(
      ...view.here.map((p) =>
        p.you
          ? item(t("%(name)s (you)", { name: p.name }), [], "lobby-you")
          : item(p.playing ? t("%(name)s · playing", { name: p.name }) : p.name, [
              [t("Challenge"), () => act("POST", "/api/lobby/challenges", { ...settings(), to: p.tag })],
            ]),
      ),
    );

    const challenges = [
      ...view.challenges.to_you.map((c) =>
        item(seekText(c), [
          [t("Accept"), () => act("POST", `/api/lobby/challenges/${c.id}/accept`), true],
          [t("Decline"), () => act("POST", `/api/lobby/challenges/${c.id}/decline`)],
        ]),
      ),
      ...view.challenges.yours.map((c) => item(seekText(c), [[t("Withdraw"), () => act("DELETE", `/api/lobby/seeks/${c.id}`)]])),
      ...view.challenges.declined.map((d) => item(t("%(name)s declined your challenge.", { name: d.to }), [], "lobby-note")),
    ];
    byId("lobby-challenges").replaceChildren(...challenges);
    byId("lobby-challenges-box").hidden = challenges.length === 0;

    byId("lobby-seeks").replaceChildren(
      ...view.seeks.map((s) =>
        s.mine
          ? item(seekText(s), [[t("Withdraw"), () => act("DELETE", `/api/lobby/seeks/${s.id}`)]], "lobby-mine")
          : item(seekText(s), [[t("Join"), () => act("POST", `/api/lobby/seeks/${s.id}/join`), true]]),
      ),
    );
    byId("lobby-no-seeks").hidden = waiting > 0;

    byId("lobby-games").replaceChildren(
      ...view.games.map((g) =>
        linked(
          [
            t("%(first)s vs %(second)s", { first: g.players[0], second: g.players[1] }),
            gameTitle(g),
            tn("%(num)s move", "%(num)s moves", g.moves),
          ].join(" · "),
          t("Watch"),
          g.url,
        ),
      ),
    );
    byId("lobby-games-box").hidden = view.games.length === 0;

    const groups = view.finished || [];
    byId("lobby-finished").replaceChildren(...groups.map(finishedGroup));
    byId("lobby-finished-box").hidden = groups.length === 0;
    showScrollCue();
  }

  /**
   * One tournament's finished games: its name (a link to it), its newest games, and how many
   * more its page has.
   * @param {FinishedGroup} group
   */
  function finishedGroup(group) {
    const li = document.createElement("li");
    li.className = "lobby-group";
    const head = document.createElement(group.url ? "a" : "span");
    head.className = "lobby-group-title";
    head.textContent = group.tournament;
    if (head instanceof HTMLAnchorElement && group.url) head.href = group.url;
    const games = document.createElement("ul");
    games.className = "lobby-list";
    games.append(
      ...group.games.map((g) => {
        const [white, black] = g.players || [];
        const words = white && black ? `${white} ${g.result || "–"} ${black}` : g.title || "";
        return linked(words, t("Review"), g.url || `/game/${g.id}`);
      }),
    );
    li.append(head, games);
    if (group.more > 0) {
      const more = document.createElement(group.url ? "a" : "p");
      more.className = "lobby-more";
      more.textContent = tn("%(num)s more game on its page", "%(num)s more games on its page", group.more);
      if (more instanceof HTMLAnchorElement && group.url) more.href = group.url;
      li.append(more);
    }
    return li;
  }

  // "Here now" scrolls when the room is full: a line below it says how many more are out of
  // view above and below, so nobody is hidden without a cue.
  function showScrollCue() {
    const items = [...hereList.children].map((li) => li.getBoundingClientRect());
    const edges = hereList.getBoundingClientRect();
    const above = items.filter((r) => r.top < edges.top - 1).length;
    const below = items.filter((r) => r.bottom > edges.bottom + 1).length;
    const parts = [
      above ? `↑ ${tn("%(num)s more above", "%(num)s more above", above)}` : "",
      below ? `↓ ${tn("%(num)s more below", "%(num)s more below", below)}` : "",
    ];
    hereMore.hidden = above + below === 0;
    hereMore.textContent = above + below ? t("%(where)s: scroll the list", { where: parts.filter(Boolean).join(" · ") }) : "";
  }
  hereList.addEventListener("scroll", showScrollCue, { passive: true });
  window.addEventListener("resize", showScrollCue);

  nameForm.addEventListener("submit", (event) => {
    event.preventDefault();
    act("PUT", nameForm.dataset.api || "/api/me", { name: nameInput.value });
  });

  // The heartbeat: now, then every ``beat_seconds`` (a timer, and after each long-poll, since a
  // hidden tab's timers are slowed down), each answered with the room as it is.
  let beatMs = 6000;
  let lastBeat = 0;
  let beating = false;
  async function beat() {
    if (beating) return;
    beating = true;
    lastBeat = Date.now();
    try {
      let view = await api("POST", hereUrl, undefined, { timeout: POLL_TIMEOUT_MS });
      if (!view.in_room && view.retry_after === 0) {
        // A first visit: that beat only set this browser's cookie; the room counts this one.
        view = await api("POST", hereUrl, undefined, { timeout: POLL_TIMEOUT_MS });
      }
      if (view.beat_seconds) beatMs = view.beat_seconds * 1000;
      show(view);
    } catch {
      lastBeat = Date.now() - beatMs + RETRY_MS; // try again soon (the long-poll says why)
    } finally {
      beating = false;
    }
  }
  function beatIfDue() {
    if (Date.now() - lastBeat >= beatMs - 250) beat();
  }
  setInterval(beatIfDue, 1000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") beatIfDue();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) beat(); // back from the browser's page cache
  });
  window.addEventListener("pagehide", () => {
    navigator.sendBeacon(`${url}/leave`); // the others see this page leave now
  });

  (async () => {
    await beat();
    let lost = version < 0; // the first look answers at once
    for (;;) {
      try {
        const path = lost || version < 0 ? url : `${url}?since=${version}`;
        const before = version;
        show(await api("GET", path, undefined, { timeout: POLL_TIMEOUT_MS }));
        lost = false;
        beatIfDue();
        if (version !== before) await pause(SETTLE_MS);
      } catch (err) {
        lost = true;
        if (version < 0) status.textContent = t("The room can't be seen just now: %(why)s", { why: errorText(err) });
        await pause(RETRY_MS);
      }
    }
  })();

  return {
    /** Make a seek with these settings. @param {Record<string, unknown>} body */
    offer: async (body) => {
      await act("POST", "/api/lobby/seeks", body);
      box.scrollIntoView({ block: "start" });
    },
  };
}
