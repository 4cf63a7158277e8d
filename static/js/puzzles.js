// @ts-check
// The puzzles page: one puzzle at a time on a live board. A click on a pit asks the server to
// try it (POST /api/puzzles/<id>/try); the answer says whether it solved the puzzle, the ratings
// before and after (the player's and the puzzle's), and the solution line, which is played out
// here move by move with the engine's replies. No rule is computed here.
import { api, errorText } from "./api.js";
import { firstRead } from "./follow.js";
import { Skipper, animateMove, reducedMotion } from "./animate.js";
import { Board } from "./board.js";
import { lang, num, t, tn } from "./i18n.js";
import { pitAt } from "./pits.js";

/** Notation (and numbers) kept whole inside a sentence that may run right to left. @param {string} text */
const iso = (text) => (document.documentElement.dir === "rtl" ? `\u2066${text}\u2069` : text);

/** A rating as players write it (1512, no thousands' separator), kept whole in a sentence. @param {number} n */
const whole = (n) => iso(num(n, { useGrouping: false }));

/** The themes' names, by their ids (the server sends ids: the engine speaks no language). */
const THEME_NAMES = /** @type {Record<string, string>} */ ({
  "extra-turn-chain": t("Extra turn chain"),
  capture: t("Capture"),
  starving: t("Starving"),
  tuzdyk: t("Tuzdyk"),
  "grand-slam": t("Grand slam"),
  endgame: t("Endgame"),
  feeding: t("Feeding"),
});

/** A theme's name in the page's language. @param {string} id */
const themeName = (id) => THEME_NAMES[id] || id.replaceAll("-", " ");

/** A theme's name inside a sentence: small letters, but German keeps its nouns' capitals.
 * @param {string} id */
const themeInSentence = (id) => (lang === "de" ? themeName(id) : themeName(id).toLocaleLowerCase(lang));

/** A move's words ("mistake", "blunder") in the page's language. @param {string} tag */
const tagName = (tag) => (tag === "blunder" ? t("blunder") : tag === "mistake" ? t("mistake") : tag === "inaccuracy" ? t("inaccuracy") : tag);

/**
 * A move of a line as the server sends it.
 * @typedef {{player: number, pit: number, notation: string, record: import("./types.js").MoveRecord, before: number[], board: number[]}} LineMove
 */

/**
 * A puzzle as the server sends it (app/learn/puzzles.py).
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} variant
 * @property {string} title
 * @property {number} pits
 * @property {string[][]} letters
 * @property {number[]} board
 * @property {import("./types.js").SpecialPit[]} special_pits
 * @property {number} to_move
 * @property {number[]} legal_moves
 * @property {string} task
 * @property {string} gain_text
 * @property {string} notation
 * @property {string} proof
 * @property {string[]} themes
 * @property {number} rating
 * @property {string} difficulty
 * @property {{game: string, ply: number, played: string, tag: string, turn?: number, why?: string} | null} own
 */

/**
 * A player's rating as the server sends it.
 * @typedef {{rating: number, provisional: boolean, tries: number, solved: number}} PlayerRating
 */

/**
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
const els = {
  /** @type {HTMLElement} */ board: $("board"),
  /** @type {HTMLElement} */ task: $("pz-task"),
  /** @type {HTMLElement} */ last: $("pz-last"),
  /** @type {HTMLElement} */ title: $("pz-title"),
  /** @type {HTMLElement} */ proof: $("pz-proof"),
  /** @type {HTMLElement} */ meta: $("pz-meta"),
  /** @type {HTMLElement} */ feedback: $("pz-feedback"),
  /** @type {HTMLElement} */ verdict: $("pz-verdict"),
  /** @type {HTMLElement} */ said: $("pz-said"),
  /** @type {HTMLButtonElement} */ solution: $("pz-solution"),
  /** @type {HTMLButtonElement} */ next: $("pz-next"),
  /** @type {HTMLElement} */ rating: $("pz-rating"),
  /** @type {HTMLElement} */ change: $("pz-change"),
  /** @type {HTMLElement} */ record: $("pz-record"),
  /** @type {HTMLSelectElement} */ variant: $("pz-variant"),
  /** @type {HTMLSelectElement} */ theme: $("pz-theme"),
  /** @type {HTMLUListElement} */ own: $("pz-own"),
  /** @type {HTMLButtonElement} */ mine: $("pz-mine"),
  /** @type {HTMLElement} */ error: $("pz-error"),
  /** @type {HTMLElement} */ gain: $("pz-gain"),
  /** @type {HTMLElement} */ notation: $("pz-notation"),
  /** @type {HTMLButtonElement} */ streak: $("pz-streak"),
  /** @type {HTMLElement} */ streakText: $("pz-streak-text"),
  /** @type {HTMLUListElement} */ tries: $("pz-tries"),
};

/** Where streak mode keeps this device's best streak. */
const BEST_STREAK = "mancala.puzzles.bestStreak";

const view = {
  /** @type {Puzzle | null} */
  puzzle: null,
  /** @type {Board | null} */
  board: null,
  /** @type {string[][]} the letters the board was made with */
  letters: [],
  /** @type {LineMove[]} the solution line of the last try */
  line: [],
  /** @type {Skipper | null} */
  skipper: null,
  busy: false,
  done: false,
  /** @type {number[]} the solver's moves of the line played so far (each one the server accepted) */
  moves: [],
  /** @type {number[]} the pits the solver may play now (the server's) */
  legal: [],
  missed: false, // a wrong move was made in this puzzle: what follows is not rated
  wantSolution: false, // the solution was asked for while a try was being played out
  streak: { on: false, current: 0, best: Number(localStorage.getItem(BEST_STREAK) || 0) },
  shown: 0, // counts the puzzles drawn: a try's answer for one no longer shown is not drawn
};

/** @param {HTMLElement} el @param {string} text */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {PlayerRating} r */
function ratingText(r) {
  return iso(`${num(r.rating, { useGrouping: false })}${r.provisional ? "?" : ""}`);
}

/** @param {PlayerRating} r */
function showRating(r) {
  setText(els.rating, ratingText(r));
  setText(
    els.record,
    r.tries
      ? tn("%(solved)s solved of %(num)s rated try", "%(solved)s solved of %(num)s rated tries", r.tries, { solved: r.solved })
      : t("No rated try yet: your first try of each puzzle counts."),
  );
}

/** @param {Puzzle} puzzle */
function draw(puzzle) {
  view.shown += 1;
  view.skipper?.skip();
  view.puzzle = puzzle;
  view.done = false;
  view.line = [];
  view.moves = [];
  view.missed = false;
  view.wantSolution = false;
  view.legal = puzzle.legal_moves;
  els.board.dataset.played = "0";
  // A new board when the letters change too: the solver's pits are in capitals, whichever
  // side they play (a board kept from a first player's puzzle wrote a second player's a-f).
  if (!view.board || view.board.pits !== puzzle.pits || JSON.stringify(view.letters) !== JSON.stringify(puzzle.letters)) {
    view.board = new Board(els.board, { pits: puzzle.pits, letters: puzzle.letters, onPlay: play });
    view.letters = puzzle.letters;
  }
  view.board.build(puzzle.to_move);
  view.board.setCounts(puzzle.board);
  view.board.markSpecial(puzzle.special_pits || [], () => "tuzdyk");
  view.board.mark({ legal: puzzle.legal_moves, mover: puzzle.to_move });
  els.board.classList.add("my-turn");
  setText(els.task, puzzle.task);
  setText(els.title, puzzle.own ? t("Your %(game)s puzzle", { game: puzzle.title }) : t("%(game)s puzzle", { game: puzzle.title }));
  setText(els.proof, puzzle.proof);
  setText(els.gain, puzzle.gain_text || "");
  setText(els.notation, puzzle.notation || "");
  drawMeta(puzzle);
  if ([...els.variant.options].some((o) => o.value === puzzle.variant) && els.variant.value !== puzzle.variant) {
    els.variant.value = puzzle.variant;
    offerThemes();
  }
  setText(els.last, t("You play the bottom row."));
  els.feedback.hidden = true;
  els.solution.hidden = true;
  setText(els.change, "");
  els.change.className = "pz-change";
  const url = new URL(window.location.href);
  url.searchParams.set("id", puzzle.id);
  window.history.replaceState(null, "", url);
}

/** The puzzle's rating, difficulty, themes and origin. @param {Puzzle} puzzle */
function drawMeta(puzzle) {
  const parts = [t("Rated %(rating)s (%(difficulty)s)", { rating: whole(puzzle.rating), difficulty: puzzle.difficulty })];
  if (puzzle.themes.length) parts.push(t("themes: %(themes)s", { themes: puzzle.themes.map(themeInSentence).join(lang === "ar" ? "، " : ", ") }));
  if (puzzle.own) {
    const turn = puzzle.own.turn || puzzle.own.ply + 1;
    parts.push(t("from your game, turn %(turn)s (you played %(move)s, a %(tag)s)", { turn, move: iso(puzzle.own.played), tag: tagName(puzzle.own.tag) }));
  }
  setText(els.meta, parts.join(" · "));
}

/**
 * Animate ``moves`` one after the other, each from the board it started from; false if
 * another puzzle was shown meanwhile (and the rest was left out).
 * @param {LineMove[]} moves
 * @returns {Promise<boolean>}
 */
async function playOut(moves) {
  const board = /** @type {Board} */ (view.board);
  const skipper = new Skipper();
  view.skipper = skipper;
  if (reducedMotion()) skipper.skip();
  els.board.classList.add("animating");
  const shown = view.shown;
  for (const move of moves) {
    if (view.shown !== shown) break; // another puzzle is shown now
    setText(els.last, move.player === view.puzzle?.to_move ? t("You: %(move)s", { move: iso(move.notation) }) : t("The engine: %(move)s", { move: iso(move.notation) }));
    await animateMove(board, move.before, /** @type {import("./types.js").Move} */ (/** @type {unknown} */ (move)), skipper);
    if (view.shown !== shown) break;
    board.mark({ last: board.index(move.player, move.pit) });
    if (!skipper.skipped) await skipper.sleep(400);
  }
  els.board.classList.remove("animating");
  view.skipper = null;
  if (view.shown !== shown && view.puzzle) {
    view.board?.setCounts(view.puzzle.board); // the move's last board was drawn over it
    return false;
  }
  return true;
}

/** @param {LineMove[]} moves @returns {string} */
const notations = (moves) => iso(moves.map((m) => m.notation).join(" "));

/** @param {number} index the board index clicked */
async function play(index) {
  const puzzle = view.puzzle;
  if (!puzzle || view.busy || view.done) return;
  const [player, pit] = pitAt(puzzle, index);
  if (player !== puzzle.to_move || !view.legal.includes(pit)) return;
  view.busy = true;
  const shown = view.shown;
  setText(els.error, "");
  const board = /** @type {Board} */ (view.board);
  board.mark({});
  let tried;
  try {
    tried = await api("POST", `/api/puzzles/${encodeURIComponent(puzzle.id)}/try`, { pit, moves: view.moves });
  } catch (err) {
    setText(els.error, errorText(err));
    if (view.shown === shown) board.mark({ legal: view.legal, mover: puzzle.to_move });
    view.busy = false;
    return;
  }
  if (puzzle.own) listMine();
  if (!tried.ratings.pending) showRating(tried.ratings.player.after);
  if (view.shown !== shown) {
    view.busy = false; // another puzzle is shown now: only the rating is news
    return;
  }
  view.line = tried.line;
  drawMeta(tried.puzzle);
  if (tried.solved) await rightMove(tried, shown);
  else await wrongMove(tried, shown);
  view.busy = false;
  if (view.wantSolution && view.shown === shown) showSolution();
}

/** A right move: played with the line's reply; the line goes on, or it is done.
 * @param {any} tried @param {number} shown */
async function rightMove(tried, shown) {
  view.moves = tried.moves;
  if (tried.done) {
    view.done = true;
    showVerdict(tried);
  } else {
    els.feedback.hidden = false;
    els.feedback.classList.remove("passed");
    setText(els.verdict, t("✓ Right: %(move)s.", { move: iso(tried.played) }));
    setText(els.said, tried.reply.length ? t("The engine answers %(moves)s.", { moves: notations(tried.reply) }) : t("Go on: your move again."));
  }
  if (!(await playOut([...tried.tried, ...tried.reply])) || view.shown !== shown) return;
  if (tried.done) {
    setText(els.last, t("Solution: %(moves)s", { moves: notations(tried.line) }));
    if (tried.won_text) setText(els.task, t("Solved. %(said)s", { said: tried.won_text }));
    if (view.streak.on) streakGoesOn(!view.missed);
    listTries();
    els.next.focus();
    return;
  }
  ready(tried.position);
  setText(els.task, t("Right. Find your next move: the line goes on."));
}

/** A wrong move: played out with the reply that refutes it, then tried again from before it
 * (unrated: only the first try counts).
 * @param {any} tried @param {number} shown */
async function wrongMove(tried, shown) {
  const first = !view.missed;
  view.missed = true;
  els.feedback.hidden = false;
  els.feedback.classList.remove("passed");
  const reply = tried.refutation.slice(1);
  setText(els.verdict, t("Not this one: %(move)s.", { move: iso(tried.played) }));
  setText(els.said, [ratingSaid(tried.ratings), reply.length ? t("The engine answers %(moves)s.", { moves: notations(reply) }) : ""].filter(Boolean).join(" "));
  showChange(tried.ratings);
  els.solution.hidden = false;
  if (first && view.streak.on) streakGoesOn(false);
  if (first) listTries();
  if (!(await playOut(tried.refutation)) || view.shown !== shown) return;
  const skipper = new Skipper();
  if (!reducedMotion()) await skipper.sleep(900);
  if (view.shown !== shown || view.done) return;
  ready(tried.position);
  setText(els.task, t("Try again from before your move (a retry is not rated), or see the solution."));
  setText(els.last, t("Back to the position before %(move)s.", { move: iso(tried.played) }));
}

/** The solver to move in ``position`` (the server's board and playable pits).
 * @param {{board: number[], legal_moves: number[], special_pits: import("./types.js").SpecialPit[]}} position */
function ready(position) {
  const puzzle = /** @type {Puzzle} */ (view.puzzle);
  const board = /** @type {Board} */ (view.board);
  view.legal = position.legal_moves;
  els.board.dataset.played = String(view.moves.length); // the solver's moves accepted so far
  board.setCounts(position.board);
  board.markSpecial(position.special_pits || [], () => "tuzdyk");
  board.mark({ legal: view.legal, mover: puzzle.to_move });
}

/** The ratings of a try in words. @param {any} r @returns {string} */
function ratingSaid(r) {
  if (r.pending) return "";
  if (!r.rated) return t("Not rated: %(reason)s.", { reason: r.reason });
  return t("Your rating %(before)s → %(after)s; the puzzle's %(was)s → %(now)s.", {
    before: whole(r.player.before.rating),
    after: whole(r.player.after.rating),
    was: whole(r.puzzle.before),
    now: whole(r.puzzle.after),
  });
}

/** @param {any} r the ratings of a try */
function showChange(r) {
  const diff = r.player.after.rating - r.player.before.rating;
  if (r.rated) {
    setText(els.change, iso(diff >= 0 ? `+${num(diff)}` : `−${num(-diff)}`));
    els.change.className = `pz-change ${diff >= 0 ? "up" : "down"}`;
  } else {
    setText(els.change, "");
  }
}

/** The line is done. @param {any} tried */
function showVerdict(tried) {
  els.feedback.hidden = false;
  els.feedback.classList.add("passed");
  const mine = tried.line.filter((/** @type {LineMove} */ m) => m.player === view.puzzle?.to_move).length;
  let verdict;
  if (view.missed) {
    verdict = mine > 1 ? tn("Solved on a retry: all %(num)s of your moves of the line!", "Solved on a retry: all %(num)s of your moves of the line!", mine) : t("Solved on a retry: %(move)s!", { move: iso(tried.played) });
  } else {
    verdict = mine > 1 ? tn("★ Solved: all %(num)s of your moves of the line!", "★ Solved: all %(num)s of your moves of the line!", mine) : t("★ Solved: %(move)s!", { move: iso(tried.played) });
  }
  setText(els.verdict, verdict);
  showRating(tried.ratings.player.after);
  showChange(tried.ratings);
  setText(els.said, ratingSaid(tried.ratings));
  els.solution.hidden = true;
  const why = tried.puzzle.own && tried.puzzle.own.why ? tried.puzzle.own.why : "";
  setText(els.task, why ? t("Solved. %(said)s", { said: why }) : t("Solved."));
}

async function showSolution() {
  const puzzle = view.puzzle;
  view.wantSolution = view.busy; // asked during a try's animation: shown once it is over
  if (!puzzle || view.busy || !view.line.length) return;
  view.busy = true;
  view.done = true;
  const board = /** @type {Board} */ (view.board);
  board.mark({});
  board.setCounts(puzzle.board);
  // The button is below the board on a phone: the line is played where it can be seen.
  els.board.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
  if (await playOut(view.line)) {
    setText(els.last, t("Solution: %(moves)s", { moves: notations(view.line) }));
    setText(els.task, t("The solution is played out: try the next puzzle."));
  }
  els.solution.hidden = true;
  view.busy = false;
}

/** Streak mode: a puzzle is over, solved at the first try (the streak goes on) or not (it
 * ends; the best is kept on this device). @param {boolean} solved */
function streakGoesOn(solved) {
  const s = view.streak;
  if (solved) {
    s.current += 1;
    if (s.current > s.best) {
      s.best = s.current;
      localStorage.setItem(BEST_STREAK, String(s.best));
    }
    setText(els.streakText, t("Streak: %(current)s in a row (best %(best)s). Next puzzle: a little harder.", { current: s.current, best: s.best }));
  } else {
    setText(els.streakText, t("Streak over: %(current)s in a row (best %(best)s). Start again when you like.", { current: s.current, best: s.best }));
    s.on = false;
    s.current = 0;
    els.streak.textContent = t("Start a streak");
  }
}

/** Start (or stop) streak mode: solve puzzles in a row until a miss, each a little harder. */
function toggleStreak() {
  const s = view.streak;
  s.on = !s.on;
  s.current = 0;
  els.streak.textContent = s.on ? t("Stop the streak") : t("Start a streak");
  setText(
    els.streakText,
    s.on ? t("Streak: %(current)s in a row (best %(best)s). Solve each puzzle at the first try.", { current: 0, best: s.best }) : t("Best streak: %(best)s.", { best: s.best }),
  );
  if (s.on) load(nextUrl());
}

/** This device's past tries, newest first; the failed ones can be replayed. */
async function listTries() {
  let past;
  try {
    past = await firstRead("/api/puzzles/tries"); // a busy server (429, 503) is asked again
  } catch (err) {
    setText(els.error, errorText(err));
    return;
  }
  els.tries.replaceChildren(
    ...past.tries.slice(0, 12).map((/** @type {any} */ past) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = `/puzzles?id=${encodeURIComponent(past.id)}`;
      const args = { game: past.title, id: iso(past.id) };
      a.textContent = past.solved ? t("%(game)s %(id)s ★ solved", args) : t("%(game)s %(id)s ✗ missed: replay", args);
      a.addEventListener("click", (event) => {
        event.preventDefault();
        load(`/api/puzzles/${encodeURIComponent(past.id)}`);
      });
      li.append(a);
      return li;
    }),
  );
  if (!past.tries.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("None yet: your tries are listed here, the missed ones to replay.");
    els.tries.append(li);
  }
}

/** @param {string} url */
async function load(url) {
  setText(els.error, "");
  try {
    draw(await firstRead(url));
  } catch (err) {
    setText(els.error, errorText(err));
    clear();
  }
}

/** No puzzle to show: the board is emptied, so nothing of the last puzzle can be played
 * (a click on it was a rated try of a puzzle no longer asked). */
function clear() {
  view.shown += 1; // a try still on its way is not drawn
  view.skipper?.skip();
  view.puzzle = null;
  view.board = null;
  view.line = [];
  view.done = true;
  els.board.classList.remove("my-turn", "animating");
  const note = document.createElement("p");
  note.className = "loading";
  note.textContent = t("No puzzle here: choose another game or theme.");
  els.board.replaceChildren(note);
  setText(els.task, t("No puzzle to show."));
  setText(els.title, t("Puzzle"));
  setText(els.proof, "");
  setText(els.gain, "");
  setText(els.notation, "");
  setText(els.meta, "");
  setText(els.last, "");
  els.feedback.hidden = true;
  els.solution.hidden = true;
}

/**
 * The themes the server has puzzles of, per game, in order, each with its count.
 * @type {Record<string, [string, number][]>}
 */
const themeCounts = JSON.parse(els.theme.dataset.themes || "{}");

/** Offer only the themes the chosen game has puzzles of, each with its count; a theme the
 * game has none of falls back to Any. */
function offerThemes() {
  const counts = themeCounts[els.variant.value] || [];
  const chosen = els.theme.value;
  const any = document.createElement("option");
  any.value = "";
  any.textContent = t("Any");
  const options = counts.map(([theme, n]) => {
    const option = document.createElement("option");
    option.value = theme;
    option.textContent = t("%(theme)s (%(num)s)", { theme: themeName(theme), num: n });
    return option;
  });
  els.theme.replaceChildren(any, ...options);
  els.theme.value = counts.some(([theme]) => theme === chosen) ? chosen : "";
}

/** Make puzzles from the mistakes of this device's analysed games, then list its own. */
async function refreshMine() {
  try {
    await api("POST", "/api/puzzles/mistakes", {});
  } catch (err) {
    setText(els.error, errorText(err));
  }
  await listMine();
}

/** The device's rating and its own puzzles, each marked once tried. */
async function listMine() {
  try {
    const me = await firstRead("/api/puzzles/me");
    showRating(me.rating);
    els.own.replaceChildren(
      ...me.own.map((/** @type {any} */ p) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = `/puzzles?id=${encodeURIComponent(p.id)}`;
        a.textContent = t("%(game)s: turn %(turn)s, you played %(move)s (%(tag)s)", { game: p.title, turn: p.turn || p.ply + 1, move: iso(p.played), tag: tagName(p.tag) });
        li.append(a, p.tried ? (p.solved ? " ★" : " ✗") : "");
        return li;
      }),
    );
    if (!me.own.length) {
      const li = document.createElement("li");
      li.className = "muted";
      li.textContent = t("None yet: analyse one of your games (Review, then Analyse).");
      els.own.append(li);
    }
    els.mine.hidden = !me.own.some((/** @type {any} */ p) => !p.tried);
  } catch (err) {
    setText(els.error, errorText(err));
  }
}

/** The address of the next puzzle of the variant and theme chosen. */
function nextUrl() {
  const q = new URLSearchParams({ variant: els.variant.value });
  if (els.theme.value) q.set("theme", els.theme.value);
  if (view.streak.on) q.set("streak", String(view.streak.current));
  return ["/api/puzzles/next", q].join("?");
}

els.next.addEventListener("click", () => load(nextUrl()));
els.variant.addEventListener("change", () => {
  offerThemes();
  load(nextUrl());
});
els.theme.addEventListener("change", () => load(nextUrl()));
els.mine.addEventListener("click", () => load("/api/puzzles/next?mine=1"));
els.solution.addEventListener("click", showSolution);
els.streak.addEventListener("click", toggleStreak);
els.board.addEventListener("click", () => view.skipper?.skip());
// Escape skips the animation; digit N plays the mover's pit N (1: the leftmost), as in a game.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea")) return;
  if (event.key === "Escape") view.skipper?.skip();
  else if (/^[1-9]$/.test(event.key) && view.puzzle && view.board) {
    event.preventDefault();
    play(view.board.index(view.puzzle.to_move, Number(event.key) - 1));
  }
});
window.addEventListener("resize", () => view.board?.fit());

/** The puzzle the address asks for: ``?id=``, the first made from ``?game=``'s mistakes, or
 * the next of ``?variant=`` (default Kalah). */
async function start() {
  const asked = new URLSearchParams(window.location.search);
  const variant = asked.get("variant");
  if (variant) els.variant.value = variant;
  offerThemes();
  let id = asked.get("id");
  const game = asked.get("game");
  if (game) {
    try {
      const made = await api("POST", "/api/puzzles/mistakes", { game });
      id = made.made[0] || null;
    } catch (err) {
      setText(els.error, errorText(err));
    }
  }
  await refreshMine();
  listTries();
  setText(els.streakText, t("Best streak: %(best)s.", { best: view.streak.best }));
  await load(id ? `/api/puzzles/${encodeURIComponent(id)}` : nextUrl());
}

start();
