// @ts-check
// Buttons and keys: each binding returns the function that removes it (chessground's
// events.ts), and bindActions() returns one that removes them all. What an action does is the
// page's handler; here only which input calls which handler.

/** @typedef {() => void} Unbind */
/** @typedef {() => unknown} Handler */

/**
 * What the board page's buttons and keys do (game.js).
 * @typedef {object} Handlers
 * @property {Handler} undo
 * @property {Handler} hint
 * @property {Handler} flip
 * @property {Handler} resign
 * @property {(pit: number) => boolean} pitKey plays the player to move's pit; true if it was a move
 * @property {Handler} skip
 * @property {Handler} swap takes the pie rule's swap of sides, when offered
 * @property {Handler} rules
 * @property {Handler} closeRules
 * @property {Handler} closeOver
 * @property {Handler} again
 * @property {Handler} accept
 * @property {Handler} decline
 * @property {(name: string) => void} join
 * @property {Handler} thinking
 * @property {Handler} pause
 * @property {(delay: number) => unknown} speed
 * @property {Handler} resize
 * @property {Handler} sound
 */

/**
 * What the seat's buttons do (game.js, seats.js).
 * @typedef {object} SeatHandlers
 * @property {Handler} abort
 * @property {Handler} draw
 * @property {(index: number) => void} premove
 * @property {(on: boolean) => void} confirm
 * @property {Handler} playSelected
 * @property {Handler} cancelSelected
 */

/**
 * addEventListener that returns its removal.
 * @param {EventTarget} el
 * @param {string} type
 * @param {(event: any) => void} listener
 * @param {AddEventListenerOptions} [options]
 * @returns {Unbind}
 */
export function unbindable(el, type, listener, options) {
  el.addEventListener(type, listener, options);
  return () => el.removeEventListener(type, listener, options);
}

/** Run every function of ``unbinds`` (the removal of many bindings at once). @param {Unbind[]} unbinds */
function all(unbinds) {
  return () => {
    for (const unbind of unbinds.splice(0)) unbind();
  };
}

/** @param {EventTarget} el @param {Handler} handler */
function click(el, handler) {
  return unbindable(el, "click", () => handler());
}

/**
 * Bind the page's buttons to ``on``: {undo, hint, flip, resign, rules, closeRules, closeOver,
 * again, accept, decline, join, thinking, pause, speed, sound, skip, resize}.
 * @param {any} els the page's elements (render.js)
 * @param {Handlers} on
 * @returns {() => void} removes every binding
 */
export function bindButtons(els, on) {
  return all([
    click(els.undo, on.undo),
    click(els.hint, on.hint),
    click(els.flip, on.flip),
    click(els.resign, on.resign),
    click(els.swap, on.swap),
    click(els.rules, on.rules),
    click(els.closeRules, on.closeRules),
    click(els.closeOver, on.closeOver),
    click(els.again, on.again),
    click(els.accept, on.accept),
    click(els.decline, on.decline),
    click(els.pause, on.pause),
    click(els.sound, on.sound),
    unbindable(els.join, "submit", (event) => {
      event.preventDefault();
      on.join(els.joinName.value);
    }),
    unbindable(els.thinkingCheck, "change", () => on.thinking()),
    unbindable(els.speed, "change", () => on.speed(Number(els.speed.value))),
    unbindable(els.board, "click", () => on.skip()),
    unbindable(els.shareUrl, "focus", () => els.shareUrl.select()),
    unbindable(window, "resize", () => on.resize()),
  ]);
}

/**
 * Bind the seat's buttons (seats.js) to ``on``: {abort, draw, premove(index), confirm(on),
 * playSelected, cancelSelected}. A click on a pit that can't be played now (not "legal") is a
 * premove's.
 * @param {any} se the seat's elements (seats.js)
 * @param {HTMLElement} board the board's element
 * @param {SeatHandlers} on
 * @returns {() => void} removes every binding
 */
export function bindSeatButtons(se, board, on) {
  return all([
    click(se.abort, on.abort),
    click(se.draw, on.draw),
    click(se.confirmMove, on.playSelected),
    click(se.cancelMove, on.cancelSelected),
    unbindable(se.confirmCheck, "change", () => on.confirm(se.confirmCheck.checked)),
    unbindable(board, "click", (event) => {
      const cell = event.target instanceof Element ? event.target.closest(".pit[data-index]") : null;
      if (cell instanceof HTMLElement && !cell.classList.contains("legal")) on.premove(Number(cell.dataset.index));
    }),
  ]);
}

/**
 * Keys: 1–9 play pit N of the player to move (from their left), u undo, h hint, f flip, s swap
 * sides (the pie rule, when offered), Esc
 * skips the animation. Not while typing, with a modifier, or with a dialog open.
 * @param {Handlers} on
 * @returns {() => void} removes the binding
 */
export function bindKeys(on) {
  return unbindable(document, "keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, select, textarea")) return;
    if (document.querySelector("dialog[open]")) return;
    if (event.key === "Escape") on.skip();
    else if (/^[1-9]$/.test(event.key)) {
      if (on.pitKey(Number(event.key) - 1)) event.preventDefault();
    } else if (event.key === "u") on.undo();
    else if (event.key === "h") on.hint();
    else if (event.key === "s") on.swap();
    else if (event.key === "f") on.flip();
  });
}
