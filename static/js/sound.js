// @ts-check
// Sounds made in the page with WebAudio (no files): a tick for each seed sown, a thud for a
// capture, a two-note chime for "your turn" and a short phrase at the end. Off by default;
// one switch, remembered in localStorage. Nothing plays until the switch is turned on (which is
// also the click that browsers require before audio may start).

const KEY = "mancala.sound";

/** @type {AudioContext | null} */
let context = null;
let enabled = false;
try {
  enabled = window.localStorage.getItem(KEY) === "on";
} catch {
  enabled = false; // storage blocked: sounds stay off
}

/** Every sound played, newest last, as {name, at} (kept for tests and for the curious).
 * @type {{name: string, at: number}[]} */
export const played = [];

export function soundOn() {
  return enabled;
}

/**
 * Turn sounds on or off (from a click: the browser lets audio start then).
 * @param {boolean} on
 */
export function setSound(on) {
  enabled = Boolean(on);
  try {
    window.localStorage.setItem(KEY, enabled ? "on" : "off");
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  if (enabled) audio();
}

/** The page's audio context, made (and woken) on first use; null without WebAudio. */
function audio() {
  if (!context) {
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume();
  return context;
}

/**
 * One note: a sine (or ``type``) of ``freq`` Hz starting ``at`` s from now for ``length`` s.
 * @param {AudioContext} ctx
 * @param {number} freq
 * @param {number} at
 * @param {number} length
 * @param {{type?: OscillatorType, gain?: number, slide?: number}} [shape]
 */
function tone(ctx, freq, at, length, { type = "sine", gain = 0.12, slide = 0 } = {}) {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, start + length);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** @param {string} name @param {(ctx: AudioContext) => void} notes */
function play(name, notes) {
  if (!enabled) return;
  played.push({ name, at: Date.now() });
  if (played.length > 200) played.shift();
  const ctx = audio();
  if (ctx) notes(ctx);
}

/**
 * A seed lands: a short wooden tick, a little higher along the way.
 * @param {number} [step]
 * @param {number} [of]
 */
export function sow(step = 0, of = 1) {
  play("sow", (ctx) => tone(ctx, 520 + 260 * (step / Math.max(1, of)), 0, 0.06, { type: "triangle", gain: 0.08 }));
}

/** Seeds captured: a low thud and a falling note. */
export function capture() {
  play("capture", (ctx) => {
    tone(ctx, 180, 0, 0.18, { type: "triangle", gain: 0.2, slide: 0.6 });
    tone(ctx, 330, 0.05, 0.22, { gain: 0.1, slide: 0.8 });
  });
}

/** Your turn: two rising notes. */
export function yourTurn() {
  play("turn", (ctx) => {
    tone(ctx, 660, 0, 0.14);
    tone(ctx, 880, 0.12, 0.2);
  });
}

/**
 * The game is over: three notes, up for a win or a draw, down for a loss.
 * @param {boolean | null} won
 */
export function gameOver(won) {
  const notes = won === false ? [523, 440, 349] : [523, 659, 784];
  play("over", (ctx) => {
    notes.forEach((f, k) => {
      tone(ctx, f, k * 0.16, 0.3, { gain: 0.12 });
    });
  });
}
