// @ts-check
// Sowing animation along the path the server recorded: the seeds lifted from a pit travel in
// a hand from pit to pit, one dropped at each (its count goes up as it lands); captured seeds
// fly to the capturer's store. Resolves when done; skip() finishes at once. The final board
// always comes from the server; nothing here knows a rule.

export const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class Skipper {
  constructor() {
    this.skipped = false;
    this.wakers = new Set();
  }

  skip() {
    this.skipped = true;
    for (const wake of this.wakers) wake();
    this.wakers.clear();
  }

  /** @param {number} ms */
  sleep(ms) {
    if (this.skipped || ms <= 0) return Promise.resolve();
    return new Promise((/** @type {(value?: void) => void} */ resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }

  /**
   * ``promise``, or sooner when skipped.
   * @param {Promise<unknown>} promise
   */
  until(promise) {
    if (this.skipped) return Promise.resolve();
    return new Promise((/** @type {(value?: void) => void} */ resolve) => {
      const done = () => {
        this.wakers.delete(done);
        resolve();
      };
      this.wakers.add(done);
      promise.then(done, done);
    });
  }
}

/** Milliseconds a seed: 140 ms, faster when many are sown (a move's sowing takes at most
 * about 2 s, however long a relay).
 * @param {number} [factor]
 * @param {number} seeds
 */
export function seedDelay(seeds, factor = 1) {
  return Math.max(12, Math.min(140, 2000 / Math.max(1, seeds))) * factor;
}

const HAND_DOTS = 5; // seeds drawn in a hand; its number says how many it holds

/** Seeds in flight over the board: a few dots and their number, moved between cell centres. */
class Hand {
  /**
   * @param {import("./board.js").Board} board
   * @param {number} index
   * @param {number} seeds
   * @param {string} [cls]
   */
  constructor(board, index, seeds, cls = "hand") {
    this.board = board;
    this.seeds = seeds; // the seeds held (hold() shows them)
    this.el = document.createElement("span");
    this.el.className = cls;
    this.el.setAttribute("aria-hidden", "true");
    this.dots = document.createElement("span");
    this.dots.className = "hand-dots";
    this.number = document.createElement("span");
    this.number.className = "hand-count";
    this.el.append(this.dots, this.number);
    board.el.append(this.el);
    this.at = board.centre(index);
    this.place(this.at);
    this.hold(seeds);
  }

  /**
   * @param {number} seeds
   */
  hold(seeds) {
    this.seeds = seeds;
    const shown = Math.min(seeds, HAND_DOTS);
    if (this.dots.childElementCount !== shown) {
      this.dots.replaceChildren(...Array.from({ length: shown }, (_, k) => {
        const dot = document.createElement("i");
        dot.className = `seed s${k % 4}`;
        return dot;
      }));
    }
    this.number.textContent = seeds > 1 ? String(seeds) : "";
    this.el.classList.toggle("empty", seeds <= 0);
  }

  /**
   * @param {{x: number, y: number, size: number} | null} point a cell's centre (none: stay)
   */
  place(point) {
    if (!point) return;
    this.el.style.setProperty("--size", `${Math.max(18, point.size * 0.42)}px`);
    this.el.style.transform = `translate(${point.x}px, ${point.y}px)`;
  }

  /**
   * Fly to the centre of cell ``index`` in ``ms``; resolves on landing.
   * @param {number} index
   * @param {number} ms
   * @param {Skipper} skipper
   */
  fly(index, ms, skipper) {
    const to = this.board.centre(index);
    const from = this.at;
    this.at = to;
    if (!to || !from || skipper.skipped) {
      this.place(to);
      return Promise.resolve();
    }
    this.place(to);
    if (!this.el.animate || ms < 30) return skipper.sleep(ms); // too quick to see a flight: a hop
    const lift = Math.min(18, Math.hypot(to.x - from.x, to.y - from.y) / 4);
    const animation = this.el.animate(
      [
        { transform: `translate(${from.x}px, ${from.y}px)` },
        { transform: `translate(${(from.x + to.x) / 2}px, ${(from.y + to.y) / 2 - lift}px)`, offset: 0.5 },
        { transform: `translate(${to.x}px, ${to.y}px)` },
      ],
      { duration: ms, easing: "ease-in-out" },
    );
    return skipper.until(animation.finished);
  }

  remove() {
    this.el.remove();
  }
}

/**
 * Animate ``move`` (an entry of the game's move list) on ``board`` from ``before``.
 * @param {import("./board.js").Board} board
 * @param {number[]} before the board before the move
 * @param {import("./types.js").Move} move
 * @param {Skipper} skipper
 * @param {number} [factor] the speed factor (1: normal; smaller is faster)
 * @param {{onSow?: (step: number, of: number) => void, onCapture?: (seeds: number) => void}} [on] sounds
 * @returns {Promise<void>}
 */
export async function animateMove(board, before, move, skipper, factor = 1, { onSow, onCapture } = {}) {
  const rec = move.record;
  board.setCounts(before);
  const counts = before.slice();
  const set = (/** @type {number} */ index, /** @type {number} */ n) => {
    counts[index] = n;
    if (!skipper.skipped) board.setCount(index, n);
  };
  const lifts = rec.lifted.map(([index, seeds]) => ({ index, seeds }));
  const delay = seedDelay(rec.sown.length + 2 * lifts.length, factor);
  let hand = null;
  try {
    let sown = 0;
    let nextLift = 0;
    let liftAt = 0; // sown count at which the next lift happens
    for (;;) {
      if (nextLift < lifts.length && sown === liftAt) {
        const { index, seeds } = lifts[nextLift];
        set(index, Math.max(0, counts[index] - seeds));
        if (!skipper.skipped) board.pulse(index, "lift");
        if (!hand) hand = new Hand(board, index, seeds);
        else {
          await hand.fly(index, delay, skipper); // a relay: the hand is there already
          hand.hold(hand.seeds + seeds);
        }
        liftAt += seeds;
        nextLift += 1;
        await skipper.sleep(delay * 0.6);
        continue;
      }
      if (sown >= rec.sown.length) break;
      const index = rec.sown[sown];
      if (hand) await hand.fly(index, delay, skipper);
      if (hand) hand.hold(hand.seeds - 1);
      set(index, counts[index] + 1);
      if (!skipper.skipped) {
        board.pulse(index);
        if (onSow) onSow(sown, rec.sown.length);
      }
      sown += 1;
      if (delay >= 40) await skipper.sleep(delay * 0.15); // a short rest on landing
    }
    if (hand) hand.remove();
    hand = null;
    const flights = [
      ...rec.captures.map(([index, seeds]) => ({ index, seeds, store: board.store(rec.player) })),
      ...(rec.opponent_captures || []).map(([index, seeds]) => ({ index, seeds, store: board.store(1 - rec.player) })),
    ];
    if (flights.length && !skipper.skipped) {
      // Every capture of the move at once: the pits flash, then their seeds fly to the store.
      for (const { index } of flights) board.pulse(index, "capture");
      if (onCapture) onCapture(flights.reduce((sum, f) => sum + f.seeds, 0));
      await skipper.sleep(Math.max(150, delay * 1.5));
      const hands = flights.map(({ index, seeds }) => {
        set(index, Math.max(0, counts[index] - seeds));
        return new Hand(board, index, seeds, "hand captured");
      });
      await Promise.all(hands.map((h, k) => h.fly(flights[k].store, 380 * Math.min(1, factor * 1.5), skipper)));
      for (const h of hands) h.remove();
      for (const { seeds, store } of flights) {
        set(store, counts[store] + seeds);
        if (!skipper.skipped) board.pulse(store, "capture");
      }
    }
  } finally {
    if (hand) hand.remove();
    board.setCounts(move.board);
  }
}
