// @ts-check
// The lessons: a course per variant, one idea a step on a real board. A click on a pit asks the
// server to try it (POST /api/learn/<variant>/<step>); the answer says whether the task was
// done, the move's sowing path (animated here) and, for a wrong try, what happened and why.
// No rule is computed here: the pits to try and every verdict come from the server, already in
// the page's language (the lessons' texts are the engine's message ids, said by the server).
import { api, errorText } from "./api.js";
import { Skipper, animateMove, reducedMotion } from "./animate.js";
import { Board } from "./board.js";
import { t, tn } from "./i18n.js";
import { pitAt } from "./pits.js";

/**
 * A step as the server sends it (app/learn/lessons.py).
 * @typedef {object} Step
 * @property {string} key
 * @property {string} title
 * @property {string} idea
 * @property {string} task
 * @property {boolean} done
 * @property {number[]} board
 * @property {import("./types.js").SpecialPit[]} special_pits
 * @property {number[]} tries the pits that may be tried
 */

/**
 * A course as the server sends it.
 * @typedef {object} Course
 * @property {string} variant
 * @property {string} title
 * @property {string} intro
 * @property {number} pits
 * @property {string[][]} letters
 * @property {string} board_help
 * @property {string} rules_url
 * @property {Step[]} steps
 * @property {number} passed
 */

/**
 * The answer to a try.
 * @typedef {object} Tried
 * @property {boolean} passed
 * @property {string[]} said
 * @property {string} why
 * @property {number[]} before
 * @property {{record: import("./types.js").MoveRecord, board: number[], notation: string} | null} move
 * @property {string[]} done
 * @property {string | null} next
 */

/**
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
const els = {
  /** @type {HTMLElement} */ layout: $("learn"),
  /** @type {HTMLElement} */ board: $("board"),
  /** @type {HTMLElement} */ task: $("learn-task"),
  /** @type {HTMLElement} */ help: $("learn-help"),
  /** @type {HTMLElement} */ title: $("learn-title"),
  /** @type {HTMLElement} */ intro: $("learn-intro"),
  /** @type {HTMLOListElement} */ steps: $("learn-steps"),
  /** @type {HTMLElement} */ stepTitle: $("step-title"),
  /** @type {HTMLElement} */ stepIdea: $("step-idea"),
  /** @type {HTMLElement} */ stepTask: $("step-task"),
  /** @type {HTMLElement} */ feedback: $("feedback"),
  /** @type {HTMLElement} */ verdict: $("verdict"),
  /** @type {HTMLUListElement} */ said: $("said"),
  /** @type {HTMLElement} */ why: $("why"),
  /** @type {HTMLButtonElement} */ again: $("btn-again"),
  /** @type {HTMLButtonElement} */ next: $("btn-next"),
  /** @type {HTMLAnchorElement} */ rules: $("rules-link"),
  /** @type {HTMLElement} */ error: $("learn-error"),
  /** @type {HTMLElement} */ whatNext: $("learn-next"),
  /** @type {HTMLElement} */ nextLessonItem: $("next-lesson-item"),
  /** @type {HTMLAnchorElement} */ nextLesson: $("next-lesson"),
  /** @type {HTMLAnchorElement} */ nextPuzzles: $("next-puzzles"),
  /** @type {HTMLButtonElement} */ nextGame: $("next-game"),
};

const view = {
  /** @type {Course | null} */
  course: null,
  index: 0,
  /** @type {Board | null} */
  board: null,
  /** @type {Skipper | null} the animation running, if any */
  skipper: null,
  busy: false,
  shown: 0, // counts the steps shown: a try's answer for a step no longer shown is not drawn
};

/** @param {HTMLElement} el @param {string} text */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** @param {string} message */
function showError(message) {
  setText(els.error, message);
}

/** The step shown. @returns {Step} */
function current() {
  const course = /** @type {Course} */ (view.course);
  return course.steps[view.index];
}

/** Draw the step's position, its pits to try, and its words; no feedback yet. */
function showStep() {
  view.shown += 1;
  const course = /** @type {Course} */ (view.course);
  const step = current();
  const board = /** @type {Board} */ (view.board);
  board.clearPulses();
  board.setCounts(step.board);
  board.mark({ legal: step.tries, mover: 0 });
  board.markSpecial(step.special_pits || [], () => t("tuzdyk"));
  els.board.classList.add("my-turn");
  setText(els.stepTitle, t("Step %(n)s of %(count)s: %(title)s", { n: view.index + 1, count: course.steps.length, title: step.title }));
  setText(els.stepIdea, step.idea);
  setText(els.stepTask, step.task);
  setText(els.task, step.task);
  els.feedback.hidden = true;
  els.feedback.classList.remove("passed");
  els.again.hidden = true;
  els.next.hidden = !step.done || view.index + 1 >= course.steps.length;
  showWhatNext(step.done && view.index + 1 >= course.steps.length);
  drawSteps();
}

/** Once the last step is passed: the next lesson, this game's puzzles, a game against
 * Beginner. @param {boolean} shown */
function showWhatNext(shown) {
  const course = view.course;
  els.whatNext.hidden = !shown || !course;
  if (!course) return;
  const links = /** @type {HTMLAnchorElement[]} */ ([...document.querySelectorAll(".learn-course")]);
  const here = links.findIndex((a) => a.dataset.variant === course.variant);
  const after = here >= 0 ? links[here + 1] : undefined;
  els.nextLessonItem.hidden = !after;
  if (after) {
    els.nextLesson.href = `#${after.dataset.variant}`;
    setText(els.nextLesson, t("Next lesson: %(name)s", { name: after.querySelector(".learn-course-title")?.textContent || after.dataset.variant || "" }));
  }
  els.nextPuzzles.href = `/puzzles?variant=${encodeURIComponent(course.variant)}`;
  setText(els.nextPuzzles, t("%(game)s puzzles: find the winning move", { game: course.title }));
  setText(els.nextGame, t("Play %(game)s against Beginner", { game: course.title }));
}

/** Start a game of the course's variant against the computer's Beginner, and go to it. */
async function playBeginner() {
  const course = view.course;
  if (!course) return;
  showError("");
  els.nextGame.disabled = true;
  try {
    const game = await api("POST", "/api/games", { variant: course.variant, mode: "computer", level: "beginner" });
    window.location.assign(`/game/${game.id}`);
  } catch (err) {
    showError(errorText(err));
    els.nextGame.disabled = false;
  }
}

/** The list of steps, each with a star once passed. */
function drawSteps() {
  const course = /** @type {Course} */ (view.course);
  els.steps.replaceChildren(
    ...course.steps.map((step, i) => {
      const li = document.createElement("li");
      li.className = step.done ? "done" : "";
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.step = step.key;
      const star = document.createElement("span");
      star.className = "learn-star";
      star.textContent = step.done ? "★" : "☆";
      star.setAttribute("aria-hidden", "true");
      const name = document.createElement("span");
      name.textContent = t("%(n)s. %(title)s", { n: i + 1, title: step.title });
      button.append(star, name);
      const passed = t("(passed)");
      if (step.done) button.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: ` ${passed}` }));
      if (i === view.index) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => goTo(i));
      li.append(button);
      return li;
    }),
  );
  const passed = course.steps.filter((s) => s.done).length;
  const badge = document.querySelector(`[data-progress="${course.variant}"]`);
  if (badge) setText(/** @type {HTMLElement} */ (badge), tn("%(passed)s / %(num)s step", "%(passed)s / %(num)s steps", course.steps.length, { passed }));
}

/** @param {number} i */
function goTo(i) {
  if (view.skipper) view.skipper.skip();
  view.index = i;
  showStep();
}

/**
 * Show what the try did and why.
 * @param {Tried} tried
 */
function showFeedback(tried) {
  const course = /** @type {Course} */ (view.course);
  els.feedback.hidden = false;
  els.feedback.classList.toggle("passed", tried.passed);
  const last = view.index + 1 >= course.steps.length;
  setText(els.verdict, tried.passed ? (last ? t("★ Well done: that was the last step!") : t("★ Well done!")) : t("Not quite."));
  els.said.replaceChildren(
    ...tried.said.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }),
  );
  setText(els.why, tried.why);
  els.again.hidden = tried.passed;
  els.next.hidden = !tried.passed || last;
  showWhatNext(tried.passed && last);
  setText(els.task, tried.passed ? t("Task done.") : t("Not quite: see why, then try again."));
}

/** @param {number} index the board index clicked */
async function play(index) {
  const course = view.course;
  if (!course || view.busy) return;
  const [player, pit] = pitAt(course, index);
  const step = current();
  if (player !== 0 || !step.tries.includes(pit)) return;
  view.busy = true;
  const shown = view.shown;
  showError("");
  const board = /** @type {Board} */ (view.board);
  board.mark({});
  /** @type {Tried} */
  let tried;
  try {
    tried = await api("POST", `/api/learn/${course.variant}/${step.key}`, { pit });
  } catch (err) {
    showError(errorText(err));
    if (view.shown === shown) board.mark({ legal: step.tries, mover: 0 });
    view.busy = false;
    return;
  }
  const gone = () => view.shown !== shown || view.course !== course;
  if (!gone() && tried.move) {
    const skipper = new Skipper();
    view.skipper = skipper;
    els.board.classList.add("animating");
    if (reducedMotion()) skipper.skip();
    const move = /** @type {import("./types.js").Move} */ (/** @type {unknown} */ (tried.move));
    await animateMove(board, tried.before, move, skipper);
    els.board.classList.remove("animating");
    view.skipper = null;
    if (!gone()) board.mark({ last: index });
  }
  for (const s of course.steps) s.done = tried.done.includes(s.key);
  if (gone()) {
    // Another step (or course) was opened meanwhile: draw it again over the move's board.
    view.busy = false;
    if (view.course === course) showStep();
    return;
  }
  drawSteps();
  showFeedback(tried);
  view.busy = false;
  (tried.passed ? (els.next.hidden ? els.steps : els.next) : els.again).focus?.({ preventScroll: true });
  boardInView();
}

/** Bring the board (with the task above it) into view where it is not: the focus moved to a
 * button below it, and a new step is a new position to look at. */
function boardInView() {
  const area = /** @type {HTMLElement} */ (els.board.closest(".board-area") || els.board);
  const r = area.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= window.innerHeight) return;
  area.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
}

/** @param {string} variant */
async function open(variant) {
  showError("");
  /** @type {Course} */
  let course;
  try {
    course = await api("GET", `/api/learn/${encodeURIComponent(variant)}`);
  } catch (err) {
    showError(errorText(err));
    return;
  }
  view.course = course;
  els.layout.hidden = false;
  for (const link of document.querySelectorAll(".learn-course")) {
    const here = /** @type {HTMLElement} */ (link).dataset.variant === course.variant;
    if (here) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
  view.board = new Board(els.board, { pits: course.pits, letters: course.letters, onPlay: play });
  view.board.build(0);
  setText(els.title, course.title);
  setText(els.intro, course.intro);
  setText(els.help, course.board_help);
  els.rules.href = course.rules_url;
  const first = course.steps.findIndex((s) => !s.done);
  view.index = Math.max(first, 0);
  showStep();
}

function fromHash() {
  const variant = window.location.hash.slice(1);
  const known = [...document.querySelectorAll(".learn-course")].map((a) => /** @type {HTMLElement} */ (a).dataset.variant);
  open(known.includes(variant) ? variant : known[0] || "kalah");
}

els.again.addEventListener("click", () => {
  showStep();
  const target = els.board.querySelector(".pit.legal");
  if (target) /** @type {HTMLElement} */ (target).focus({ preventScroll: true });
  boardInView();
});
els.nextGame.addEventListener("click", playBeginner);
els.next.addEventListener("click", () => {
  goTo(Math.min(view.index + 1, (view.course?.steps.length || 1) - 1));
  boardInView();
});
els.board.addEventListener("click", () => {
  if (view.skipper) view.skipper.skip();
});
// Escape skips the animation; digit N plays your pit N (1: your leftmost), as on the game page.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea")) return;
  if (event.key === "Escape" && view.skipper) view.skipper.skip();
  else if (/^[1-9]$/.test(event.key) && view.course && view.board) {
    event.preventDefault();
    play(view.board.index(0, Number(event.key) - 1));
  }
});
window.addEventListener("hashchange", fromHash);
window.addEventListener("resize", () => view.board?.fit());
fromHash();
