// Sowing animation along the path the server recorded: lift, one seed per pit, captures.
// Resolves when done; skip() finishes at once. The final board always comes from the server.

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

  sleep(ms) {
    if (this.skipped || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

/** Milliseconds a seed: about 120 ms, faster when many seeds are sown. */
export function seedDelay(seeds, factor = 1) {
  return Math.max(35, Math.min(130, 2400 / Math.max(1, seeds))) * factor;
}

/**
 * Animate ``move`` (an entry of the game's move list) on ``board`` from ``before``.
 * @returns {Promise<void>}
 */
export async function animateMove(board, before, move, skipper, factor = 1) {
  const rec = move.record;
  board.setCounts(before);
  const counts = before.slice();
  const set = (index, n) => {
    counts[index] = n;
    if (!skipper.skipped) board.setCount(index, n);
  };
  const lifts = rec.lifted.map(([index, seeds]) => ({ index, seeds }));
  const delay = seedDelay(rec.sown.length, factor);
  let sown = 0;
  let nextLift = 0;
  let liftAt = 0; // sown count at which the next lift happens
  for (;;) {
    if (nextLift < lifts.length && sown === liftAt) {
      const { index, seeds } = lifts[nextLift];
      set(index, Math.max(0, counts[index] - seeds));
      if (!skipper.skipped) board.pulse(index, "lift");
      liftAt += seeds;
      nextLift += 1;
      await skipper.sleep(delay);
      continue;
    }
    if (sown >= rec.sown.length) break;
    const index = rec.sown[sown];
    set(index, counts[index] + 1);
    if (!skipper.skipped) board.pulse(index);
    sown += 1;
    await skipper.sleep(delay);
  }
  const store = board.store(rec.player);
  for (const [index, seeds] of rec.captures) {
    if (!skipper.skipped) board.pulse(index, "capture");
    await skipper.sleep(delay * 2);
    set(index, Math.max(0, counts[index] - seeds));
    set(store, counts[store] + seeds);
  }
  board.setCounts(move.board);
}
