// @ts-check
// One tournament live: standings, cross-table, games, "Play your game", and the controls (join,
// leave or take a break; for the director start, pause, resume, end, seat the computer, remove a
// player).  The page long-polls the tournament's version; everything it shows comes from the
// server, followed through follow.js (its watchdog, reconnecting by itself).  A newly paired
// game takes the player to it at once (tournament-go.js).

import { UNREACHABLE, api, errorText } from "./api.js";
import { followVersion, onConnection } from "./follow.js";
import { levelName } from "./game-title.js";
import { clockText, factsLine, points } from "./tournament-list.js";
import { t as tr } from "./i18n.js";
import { goToGame } from "./tournament-go.js";

const root = /** @type {HTMLElement} */ (document.getElementById("tournament"));
const id = root.dataset.id || "";
const base = `/api/tournaments/${encodeURIComponent(id)}`;

/**
 * @param {string} elementId
 * @returns {HTMLElement}
 */
function $(elementId) {
  return /** @type {HTMLElement} */ (document.getElementById(elementId));
}

const STATES = /** @type {Record<string, string>} */ ({
  open: tr("Waiting to start"),
  running: tr("Playing"),
  paused: tr("Paused by the director: no new games are paired and the countdown is stopped; games being played go on"),
  ending: tr("Ending: the last games are being played"),
  finished: tr("Finished"),
});

const TITLES = /** @type {Record<string, string>} */ ({
  sb: tr("Sonneborn-Berger: each opponent's points times your result against them"),
  bh: tr("Buchholz: your opponents' points added up"),
  w: tr("wins"),
  d: tr("draws"),
  l: tr("losses"),
});

/** Each standings column's heading (by its key), in the page's language. */
const HEADINGS = /** @type {Record<string, string>} */ ({
  rank: "#",
  player: tr("Player"),
  points: tr("Points"),
  games: tr("Games"),
  wins: tr("Wins"),
  // Translators: the column of Sonneborn-Berger points (a tie-break), two letters or so.
  sb: tr("SB"),
  // Translators: the column of Buchholz points (a tie-break), two letters or so.
  bh: tr("BH"),
  // Translators: the column of wins, one letter.
  w: tr("W"),
  // Translators: the column of draws, one letter.
  d: tr("D"),
  // Translators: the column of losses, one letter.
  l: tr("L"),
});

const WDL = ["w", "d", "l", "games", "wins"]; // left out on a phone (the cross-table says them)

/** @type {any} */
let current = null;
/** The player's game as last shown (undefined before the first answer).
 * @type {string | null | undefined} */
let shownGame;

/**
 * Say something in the status line (an error in red).
 * @param {string} text
 * @param {boolean} [error]
 */
function say(text, error = false) {
  const status = $("t-status");
  status.textContent = text;
  status.classList.toggle("error", error);
}

/**
 * A table cell (or header cell) with its text.
 * @param {HTMLTableRowElement} row
 * @param {string} text
 * @param {string} [tag]
 */
function cell(row, text, tag = "td") {
  const el = document.createElement(tag);
  el.textContent = text;
  row.append(el);
  return el;
}

/**
 * @param {any} t the tournament
 */
function renderHead(t) {
  $("t-name").textContent = t.name;
  document.title = `${t.name} · ${tr("Mancala")}`;
  const rounds =
    t.system === "arena"
      ? tr("%(minutes)s min", { minutes: t.minutes })
      : t.round
        ? tr("round %(round)s of %(rounds)s", { round: t.round, rounds: t.rounds })
        : "";
  $("t-meta").textContent = factsLine(t, [clockText(t), t.rated ? tr("rated") : tr("casual"), rounds, STATES[t.status]]);
  $("t-json").setAttribute("href", `${base}/export?format=json`);
  $("t-csv").setAttribute("href", `${base}/export?format=csv`);
  $("t-csv-games").setAttribute("href", `${base}/export?format=csv&table=games`);
}

/**
 * @param {any} t
 */
function renderControls(t) {
  const yours = $("t-your-game");
  yours.hidden = !t.your_game;
  if (t.your_game) {
    $("t-play").setAttribute("href", `/game/${t.your_game}`);
    $("t-ready").textContent = t.your_round
      ? tr("Your round %(round)s game is ready.", { round: t.your_round })
      : tr("Your game is ready.");
    // Paired while this page is open: taken there at once.  A game already waiting when the
    // page was opened is offered by the button (the player came here on purpose).
    if (shownGame !== undefined && t.your_game !== shownGame && goToGame(t.your_game)) {
      say(tr("Your game is ready: taking you there…"));
    }
  }
  shownGame = t.your_game || null;
  const notice = $("t-notice");
  notice.textContent = t.your_notice || "";
  notice.hidden = !t.your_notice;
  $("t-join").hidden = !t.can_join;
  $("t-btn-join").textContent = t.your_state === "left" ? tr("Come back") : tr("Join");
  const leave = $("t-btn-leave");
  leave.hidden = !t.can_leave;
  $("t-actions").hidden = !t.can_leave;
  const takeBreak = t.system === "arena" && t.status !== "open";
  leave.textContent = takeBreak ? tr("Take a break") : tr("Leave");
  leave.title = takeBreak ? tr("You are not paired until you come back; your points stay") : "";
  $("t-director").hidden = !t.director || t.status === "finished";
  $("t-btn-start").hidden = !t.can_start;
  $("t-btn-pause").hidden = !t.can_pause;
  $("t-btn-resume").hidden = !t.can_resume;
  $("t-btn-end").hidden = !t.can_end;
  $("t-computer").hidden = !t.can_add_computer;
}

/**
 * A player's name as the page's language says it: a computer player of the minimax kind by its
 * level ("Ordinateur (Facile)"; the tournament stores the English); anyone else as named.
 * @param {any} t the tournament
 * @param {string} id the player's id
 * @param {string} name the name the server sent
 */
function nameOf(t, id, name) {
  const player = (t.players || []).find((/** @type {any} */ p) => p.id === id);
  const computer = player && player.computer;
  if (!computer || computer.algorithm !== "minimax") return name;
  return tr("Computer (%(level)s)", { level: levelName(computer.level) });
}

/**
 * @param {any} t
 */
function renderStandings(t) {
  const table = /** @type {HTMLTableElement} */ ($("t-standings"));
  table.replaceChildren();
  const arena = t.system === "arena";
  const head = table.createTHead().insertRow();
  const shared = t.standings.some((/** @type {any} */ line) => line.place !== String(line.rank));
  const columns = arena
    ? ["rank", "player", "points", "games", "wins", ""]
    : ["rank", "player", "points", "sb", "bh", "w", "d", "l"];
  if (t.director && t.status !== "finished") columns.push("");
  for (const name of columns) {
    const th = cell(head, HEADINGS[name] || "", "th");
    if (TITLES[name]) th.title = TITLES[name];
    if (WDL.includes(name)) th.className = "wdl";
  }
  const body = table.createTBody();
  if (!t.standings.length) {
    cell(body.insertRow(), tr("Nobody has joined yet.")).setAttribute("colspan", String(columns.length));
  }
  for (const line of t.standings) {
    const row = body.insertRow();
    row.dataset.player = line.player;
    const place = cell(row, line.place || String(line.rank));
    if (shared && line.place.includes("–")) place.title = tr("a complete tie: equal points, SB and BH");
    const shown = nameOf(t, line.player, line.name);
    const name = cell(row, line.player === t.you ? tr("%(name)s (you)", { name: shown }) : shown);
    if (line.state !== "in") {
      name.classList.add("t-gone");
      name.title = goneWords(t, line);
      const why = document.createElement("span");
      why.className = "t-why muted";
      why.textContent = `(${name.title})`;
      name.append(why);
    }
    cell(row, points(line.points)).className = "points";
    if (arena) {
      cell(row, String(line.games)).className = "wdl";
      cell(row, String(line.wins)).className = "wdl";
      const fire = cell(row, line.fire ? `🔥 ${tr("streak")}` : line.playing ? tr("playing") : "");
      if (line.fire) fire.className = "t-fire";
    } else {
      cell(row, points(line.sonneborn_berger));
      cell(row, points(line.buchholz));
      cell(row, String(line.wins)).className = "wdl";
      cell(row, String(line.draws)).className = "wdl";
      cell(row, String(line.losses)).className = "wdl";
    }
    if (t.director && t.status !== "finished") {
      const td = cell(row, "");
      if (line.state === "in") {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button t-remove";
        button.textContent = tr("Remove");
        button.setAttribute("aria-label", tr("Remove %(name)s", { name: line.name }));
        button.addEventListener("click", () => act("remove", { player: line.player }));
        td.append(button);
      }
    }
  }
}

/**
 * Why a player is no longer paired, in words.
 * @param {any} t
 * @param {any} line
 */
function goneWords(t, line) {
  if (line.state === "removed") return tr("removed by the director");
  const arena = t.system === "arena";
  if (line.dropped === "missed") return arena ? tr("paused: missed two games") : tr("withdrawn: missed two games");
  return arena ? tr("taking a break") : tr("left");
}

/**
 * @param {any} t
 */
function renderCross(t) {
  const panel = $("t-cross-panel");
  panel.hidden = !t.cross_table;
  if (!t.cross_table) return;
  const table = /** @type {HTMLTableElement} */ ($("t-cross"));
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  cell(head, "#", "th");
  cell(head, tr("Player"), "th").className = "t-sticky";
  t.cross_table.forEach((/** @type {any} */ _, /** @type {number} */ i) => {
    cell(head, String(i + 1), "th");
  });
  const body = table.createTBody();
  t.cross_table.forEach((/** @type {any} */ line, /** @type {number} */ i) => {
    const row = body.insertRow();
    row.dataset.player = line.player;
    cell(row, String(i + 1));
    cell(row, nameOf(t, line.player, line.name)).className = "t-sticky";
    line.cells.forEach((/** @type {string} */ text, /** @type {number} */ j) => {
      const td = cell(row, i === j ? "" : text);
      if (i === j) td.className = "self";
    });
  });
}

/**
 * @param {any} t
 */
function renderGames(t) {
  const list = $("t-games");
  list.replaceChildren();
  const games = [...t.games].reverse();
  if (!games.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = tr("No games yet.");
    list.append(li);
  }
  for (const g of games) {
    const li = document.createElement("li");
    const round = document.createElement("span");
    round.className = "round";
    round.textContent = tr("Round %(round)s", { round: g.round });
    round.hidden = t.system === "arena";
    const who = g.game ? document.createElement("a") : document.createElement("span");
    const white = nameOf(t, g.white, g.white_name);
    who.textContent = g.black ? `${white} – ${nameOf(t, g.black, g.black_name)}` : tr("%(name)s (bye)", { name: white });
    if (g.game) who.setAttribute("href", `/game/${g.game}`);
    const result = document.createElement("span");
    result.className = "result";
    result.textContent = g.result === "playing" ? tr("playing…") : g.result;
    if (g.forfeit) {
      result.title = tr("by forfeit: %(why)s", { why: g.forfeit_reason });
      result.setAttribute("aria-label", tr("%(result)s, by forfeit: %(why)s", { result: g.result, why: g.forfeit_reason }));
    }
    li.append(round, who, result);
    list.append(li);
  }
}

function tick() {
  if (!current || current.seconds_left == null) {
    $("t-clock").textContent = "";
    return;
  }
  const stopped = current.countdown_stopped;
  const gone = stopped ? 0 : (Date.now() - current.receivedAt) / 1000;
  const left = Math.max(0, current.seconds_left - gone);
  const m = Math.floor(left / 60);
  const s = Math.floor(left % 60);
  const clock = `${m}:${String(s).padStart(2, "0")}`;
  $("t-clock").textContent = stopped
    ? tr("%(clock)s left (paused)", { clock })
    : tr("%(clock)s left", { clock });
}

/**
 * The legend of the forfeit marks, shown once a game was decided by forfeit.
 * @param {any} t
 */
function renderLegend(t) {
  const legend = $("t-legend");
  const any = t.games.some((/** @type {any} */ g) => g.forfeit);
  legend.hidden = !any;
  legend.textContent = any ? t.legend : "";
}

/**
 * @param {any} t
 */
function render(t) {
  current = { ...t, receivedAt: Date.now() };
  renderHead(t);
  renderControls(t);
  renderStandings(t);
  renderCross(t);
  renderGames(t);
  renderLegend(t);
  tick();
}

/**
 * Post an action; the answer is the tournament.
 * @param {string} path
 * @param {object} [body]
 */
async function act(path, body = {}) {
  try {
    render(await api("POST", `${base}/${path}`, body));
    say("");
  } catch (err) {
    say(errorText(err), true);
  }
}

/**
 * A new version of the tournament (the long-poll's answer): drawn; a passing word cleared.
 * @param {any} t
 */
function followed(t) {
  render(t);
  if ($("t-status").classList.contains("error") === false) say("");
}

$("t-join").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = /** @type {HTMLInputElement} */ ($("t-join-name")).value.trim();
  act("join", name ? { name } : {});
});
$("t-btn-leave").addEventListener("click", () => act("leave"));
$("t-btn-start").addEventListener("click", () => act("start"));
$("t-btn-pause").addEventListener("click", () => act("pause", { paused: true }));
$("t-btn-resume").addEventListener("click", () => act("pause", { paused: false }));
$("t-btn-end").addEventListener("click", () => {
  if (window.confirm(tr("End the tournament now? Games being played still count."))) act("end");
});
$("t-computer").addEventListener("submit", (event) => {
  event.preventDefault();
  const level = /** @type {HTMLSelectElement} */ ($("t-level")).value;
  const algorithm = /** @type {HTMLSelectElement} */ ($("t-algorithm")).value;
  act("computer", { level, algorithm });
});
api("GET", "/api/me")
  .then((me) => {
    const input = /** @type {HTMLInputElement} */ ($("t-join-name"));
    if (me && me.name && !input.value) input.value = me.name;
  })
  .catch(() => {});
setInterval(tick, 1000);
onConnection((ok) => {
  if (!ok) say(UNREACHABLE, true);
  else if ($("t-status").textContent === UNREACHABLE) say("");
});
followVersion({ url: base, onAnswer: followed, onGone: () => say(tr("This tournament is gone."), true) });
