// @ts-check
// Tournaments as every page shows them: a tournament's line of facts (its system in the server's
// words, its game, its clock...), points as people write them, the room's list of tournaments
// (the home page's and the list page's), and that list kept live through follow.js (its
// watchdog, reconnecting by itself). A game of the viewer's paired while the page is open takes
// them to it at once (tournament-go.js); the games already waiting when it opened are offered.

import { followVersion } from "./follow.js";
import { gameTitle } from "./game-title.js";
import { t as tr } from "./i18n.js";
import { goToGame } from "./tournament-go.js";

/**
 * A tournament as the server describes it, the fields drawn here (app/tournaments/view.py).
 * @typedef {object} Tournament
 * @property {string} id
 * @property {string} name
 * @property {string} system
 * @property {string} system_label the system in words (the server's)
 * @property {string} title the game, e.g. "Kalah 6×4"
 * @property {string} [variant] the game's variant, e.g. "kalah"
 * @property {{minutes: number, increment?: number} | null} clock
 * @property {string} status
 */

/**
 * The list of tournaments (GET /api/tournaments).
 * @typedef {object} TournamentList
 * @property {number} version
 * @property {any[]} tournaments
 * @property {{game: string, url: string, tournament: string, name: string, round: number | null}[]} [yours]
 */

const FRACTIONS = /** @type {Record<string, string>} */ ({ "0.25": "¼", "0.5": "½", "0.75": "¾" });

/**
 * A points number as people write it (½ for a half, ¼ and ¾ for a Sonneborn-Berger's quarters).
 * @param {number} n
 */
export function points(n) {
  const whole = Math.floor(n);
  const part = FRACTIONS[String(n - whole)];
  if (part) return whole === 0 ? part : `${whole}${part}`;
  return String(n);
}

/**
 * The clock as people write it: "5+3", or "no clock".
 * @param {Tournament} t
 */
export function clockText(t) {
  return t.clock ? `${t.clock.minutes}+${t.clock.increment || 0}` : tr("no clock");
}

/**
 * A tournament's facts in one line: its system, its game, then ``more`` (empty ones left out).
 * @param {Tournament} t
 * @param {(string | null | undefined | false)[]} more
 */
export function factsLine(t, more) {
  return [t.system_label && tr(t.system_label), gameTitle(t), ...more].filter(Boolean).join(" · ");
}

/**
 * Draw ``tournaments`` into ``list``: each a link to its page and its facts (``about``); with
 * none, ``empty`` (if given) as a muted line.
 * @param {HTMLElement} list
 * @param {any[]} tournaments
 * @param {{about: (t: any) => string, empty?: string, before?: HTMLElement[]}} how ``before``:
 *   items drawn first (the home page's waiting games)
 */
export function drawList(list, tournaments, { about, empty, before = [] }) {
  list.replaceChildren(...before);
  if (!tournaments.length && empty) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = empty;
    list.append(li);
  }
  for (const t of tournaments) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `/tournaments/${t.id}`;
    link.textContent = t.name;
    link.dir = "auto"; // a name keeps its own direction on a page of the other
    const facts = document.createElement("span");
    facts.className = "muted";
    facts.textContent = about(t);
    li.append(link, facts);
    list.append(li);
  }
}

/**
 * Keep the list of tournaments live: each answer to ``onList``; a game of the viewer's paired
 * since the page opened takes them there.
 * @param {(answer: TournamentList) => void} onList
 * @returns {() => void} stops following
 */
export function followList(onList) {
  /** The games of yours known when the page opened (offered, not jumped to). @type {Set<string> | null} */
  let known = null;
  return followVersion({
    url: "/api/tournaments",
    onAnswer: (/** @type {TournamentList} */ answer) => {
      onList(answer);
      const yours = answer.yours || [];
      if (known === null) known = new Set(yours.map((y) => y.game));
      const fresh = yours.find((y) => !known?.has(y.game));
      if (fresh) goToGame(fresh.game, fresh.url);
    },
  });
}
