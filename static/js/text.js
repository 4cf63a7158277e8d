// @ts-check
// Every word the board page says: status, result, move descriptions, callouts, offers,
// presence, the thinking panel, labels for screen readers. Pure functions of the game the
// server sent (and of the page's view where it matters); no DOM, no rules: what a move did,
// who may undo and what the variant calls its store all come from the server.
import { UNREACHABLE } from "./api.js";
import { formatValue } from "./board.js";
import { levelName } from "./game-title.js";
import { lang, num, t as tr, tn } from "./i18n.js";
import { letterAt, letterOf, onRow, pitAt } from "./pits.js";

/**
 * Seeds (or stones) and the store's word for this variant, from the server.
 * @param {import("./types.js").Game} game
 */
export function words(game) {
  /** @type {Partial<import("./types.js").Game["words"]>} */
  const w = (game && game.words) || {};
  return { seeds: w.seeds || "seeds", store: w.store || "store" };
}

/**
 * @param {number} n
 * @param {string} word
 */
function plural(n, word) {
  // The server's words are plural ("seeds", "stones", "captured seeds"); one drops the "s".
  return `${n} ${n === 1 && word.endsWith("s") ? word.slice(0, -1) : word}`;
}

/**
 * @param {import("./types.js").Game} game
 * @param {number} n
 */
export function seeds(game, n) {
  const word = words(game).seeds;
  if (word === "seeds") return tn("%(num)s seed", "%(num)s seeds", n);
  if (word === "stones") return tn("%(num)s stone", "%(num)s stones", n);
  return plural(n, word);
}

/**
 * The seat's name as the viewer sees it ("You", "Ana (you)", "Computer (Medium)").
 * @param {import("./types.js").Game} game
 * @param {number} seat
 */
export function seatName(game, seat) {
  const info = game.seats[seat];
  if (lang === "en") return info.name; // the server's words, as they were
  return translatedName(game, info);
}

/**
 * A seat's default name in the page's language, built from what the server says of the seat
 * (the server names it in English); a name a player gave is shown as written.
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Game["seats"][number]} info
 */
function translatedName(game, info) {
  const level = info.level ? levelName(info.level) : "";
  const number = { num: info.seat + 1 };
  if (info.kind === "computer") {
    if (!DEFAULT_COMPUTER.test(info.name)) return info.name; // a lab agent's spec
    return game.mode === "watch" ? tr("Computer %(num)s (%(level)s)", { ...number, level }) : tr("Computer (%(level)s)", { level });
  }
  if (info.player_name) return info.yours && game.mode !== "local" ? tr("%(name)s (you)", { name: info.player_name }) : info.player_name;
  // The server's defaults (app/games/view.py seat_name), told by what it says of the seat.
  if (!DEFAULT_NAME.test(info.name)) return info.name;
  if (game.mode === "local") return tr("Player %(num)s", number);
  if (game.you.includes(info.seat)) return tr("You");
  if (info.open) return tr("Waiting for a friend");
  return game.you.length ? tr("Opponent") : tr("Player %(num)s", number);
}

/** A computer's seat named by the server's default ("Computer (Medium)", "Computer 2 (Easy)"). */
const DEFAULT_COMPUTER = /^Computer(?: \d)? \(\w+\)$/;
/** A person's seat named by the server's default (no name of its own). */
const DEFAULT_NAME = /^(?:You|Opponent|Waiting for a friend|Player \d)$/;

/**
 * Whether the seat's name is the bare "You" (so it takes "you play", "your store").
 * @param {import("./types.js").Game} game
 * @param {number} seat
 */
function isYou(game, seat) {
  const info = game.seats[seat];
  return info.yours && game.you.length === 1 && !info.player_name;
}

/**
 * "You play" / "Ana plays".
 * @param {import("./types.js").Game} game
 * @param {number} seat
 * @param {string} verb
 */
export function subject(game, seat, verb) {
  const name = seatName(game, seat);
  if (!verb) return name;
  if (isYou(game, seat)) return `${name} ${verb}`;
  return `${name} ${verb.endsWith("s") ? `${verb}es` : `${verb}s`}`;
}

/**
 * "your" / "Ana's" in the middle of an English sentence (the English branch of moveWords: the
 * other languages name the pits a capture took by their letters); the viewer's only seat is
 * "your" whatever its name ("Kofi (you)'s b" reads oddly).
 * @param {import("./types.js").Game} game
 * @param {number} seat
 */
function possessiveLower(game, seat) {
  if (onlyMine(game, seat)) return "your";
  const name = seatName(game, seat);
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

// The other player of a game between two devices: their name if they gave one.
/** @param {import("./types.js").Game} game */
export function opponent(game, { capital = false } = {}) {
  const other = game.seats.find((s) => !s.yours);
  if (other && other.player_name) return other.name;
  return capital ? tr("Your opponent") : tr("your opponent");
}

// "Waiting for opponent…", but a name a player chose is shown as they wrote it.
/**
 * @param {import("./types.js").Game} game
 * @param {number} seat
 */
function waitingFor(game, seat) {
  const info = game.seats[seat];
  // (English: "Waiting for opponent…", a default name in small letters mid-sentence)
  const name = lang === "en" && !info.player_name ? info.name.toLowerCase() : seatName(game, seat);
  return tr("Waiting for %(name)s…", { name });
}

export { letterOf };

/**
 * The name of a move the server named: its pit's letter, or "swap sides" for the pie rule's
 * swap (the game's ``swap_move``).
 * @param {import("./pits.js").Layout & {swap_move?: number}} game
 * @param {number} player
 * @param {number} move
 */
export function moveName(game, player, move) {
  return move === game.swap_move ? tr("swap sides") : letterOf(game, player, move);
}

/**
 * Seeds taken in a list of [board index, seeds].
 * @param {[number, number][] | undefined} pairs
 */
function total(pairs) {
  return (pairs || []).reduce((sum, [, n]) => sum + n, 0);
}

/**
 * Where captured seeds came from, by owner: "your C", "your A and their own f".
 * @param {import("./types.js").Game} game
 * @param {number} mover
 * @param {[number, number][]} pairs
 */
function takenFrom(game, mover, pairs) {
  const byOwner = new Map();
  for (const [index] of pairs) {
    if (!onRow(game, index)) continue; // a store is never a capture's source
    const player = pitAt(game, index)[0];
    if (!byOwner.has(player)) byOwner.set(player, []);
    byOwner.get(player).push(letterAt(game, index));
  }
  const and = (/** @type {string[]} */ list) => (list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);
  const groups = [...byOwner.entries()].sort(([a], [b]) => Number(a === mover) - Number(b === mover));
  return and(
    groups.map(([owner, letters]) => {
      if (owner !== mover) return `${possessiveLower(game, owner)} ${and(letters)}`;
      const own = onlyMine(game, mover) ? "your own" : groups.length > 1 ? "their own" : possessiveLower(game, owner);
      return `${own} ${and(letters)}`;
    }),
  );
}

/**
 * One move in words: "Computer (Medium) played d: 5 seeds, took 3 from your C, extra turn."
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move} move
 */
export function moveWords(game, move) {
  const rec = move.record;
  if (move.swap) return swapWords(game, move);
  if (lang !== "en") return moveWordsTranslated(game, move);
  let text = `${seatName(game, move.player)} played ${move.letter}: ${seeds(game, rec.sown.length)}`;
  const took = total(rec.captures);
  if (took) {
    const from = takenFrom(game, move.player, rec.captures);
    text += `, took ${took}${from ? ` from ${from}` : ""}`;
  }
  const given = total(rec.opponent_captures);
  // Seeds the opponent took during this move (Adi's sowing): "you took 8" mid-sentence.
  if (given) text += `, ${onlyMine(game, 1 - move.player) ? "you" : seatName(game, 1 - move.player)} took ${given}`;
  if (rec.extra_turn && !rec.ended) text += ", extra turn";
  if (rec.ended) {
    // The seeds left on the rows at the end, each side's to its own store (the server says).
    const banked = rec.banked || [0, 0];
    const parts = [0, 1].filter((p) => banked[p]).map((p) => `${subject(game, p, "bank")} ${seeds(game, banked[p])}`);
    text += parts.length ? `; game over: ${parts.join(", ")}` : "; game over";
  }
  return `${text}.`;
}

/**
 * Notation (pit letters) kept left to right inside a sentence of either direction.
 * @param {string} letters
 */
function notation(letters) {
  return `\u2066${letters}\u2069`;
}

/**
 * One move in words in the page's language: "Vous avez joué D : 3 graines, pris 2 (c), tour
 * supplémentaire." (the pits a capture emptied named by their letters).
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move} move
 */
function moveWordsTranslated(game, move) {
  const rec = move.record;
  const you = onlyMine(game, move.player);
  const pit = notation(move.letter);
  const sown = seeds(game, rec.sown.length);
  const name = seatName(game, move.player);
  const parts = [you ? tr("You played %(pit)s: %(seeds)s", { pit, seeds: sown }) : tr("%(name)s played %(pit)s: %(seeds)s", { name, pit, seeds: sown })];
  const took = total(rec.captures);
  if (took) {
    const pits = (rec.captures || []).filter(([index]) => onRow(game, index)).map(([index]) => letterAt(game, index));
    parts.push(pits.length ? tr("took %(num)s (%(pits)s)", { num: took, pits: notation(pits.join(", ")) }) : tr("took %(num)s", { num: took }));
  }
  const given = total(rec.opponent_captures);
  if (given) {
    const other = 1 - move.player;
    parts.push(onlyMine(game, other) ? tr("you took %(num)s", { num: given }) : tr("%(name)s took %(num)s", { name: seatName(game, other), num: given }));
  }
  if (rec.extra_turn && !rec.ended) parts.push(tr("extra turn"));
  let text = parts.join(tr(", "));
  if (rec.ended) {
    const banked = rec.banked || [0, 0];
    const banks = [0, 1]
      .filter((p) => banked[p])
      .map((p) => (onlyMine(game, p) ? tr("you bank %(seeds)s", { seeds: seeds(game, banked[p]) }) : tr("%(name)s banks %(seeds)s", { name: seatName(game, p), seeds: seeds(game, banked[p]) })));
    text = banks.length ? tr("%(move)s; game over: %(banks)s", { move: text, banks: banks.join(tr(", ")) }) : tr("%(move)s; game over", { move: text });
  }
  return tr("%(sentence)s.", { sentence: text });
}

/**
 * The callout for a move, naming whose: "You capture 3 · extra turn!"; empty when nothing.
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move} move
 */
export function moveCallout(game, move) {
  const rec = move.record;
  if (move.swap) return tr("Sides swapped!");
  const took = total(rec.captures);
  const extra = rec.extra_turn && !rec.ended;
  let said = "";
  const you = isYou(game, move.player);
  const name = seatName(game, move.player);
  if (took && extra) said = you ? tr("You capture %(num)s · extra turn!", { num: took }) : tr("%(name)s captures %(num)s · extra turn!", { name, num: took });
  else if (took) said = you ? tr("You capture %(num)s", { num: took }) : tr("%(name)s captures %(num)s", { name, num: took });
  else if (extra) said = you ? tr("Extra turn for you!") : tr("Extra turn for %(name)s!", { name });
  return said || (rec.ended ? tr("Game over") : "");
}

/**
 * During the animation: "Computer (Medium) plays d…".
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move} move
 */
export function playingText(game, move) {
  const you = isYou(game, move.player);
  const name = seatName(game, move.player);
  if (move.swap) return you ? tr("You swap sides…") : tr("%(name)s swaps sides…", { name });
  return you ? tr("You play %(pit)s…", { pit: move.letter }) : tr("%(name)s plays %(pit)s…", { name, pit: move.letter });
}

/**
 * Whether ``seat`` is the viewer's only seat (then "you", whatever name it has).
 * @param {import("./types.js").Game} game
 * @param {number} seat
 */
function onlyMine(game, seat) {
  return game.seats[seat].yours && game.you.length === 1;
}

/**
 * A swap of sides (the pie rule) in words: "Ben swapped sides: Ben takes over your opening,
 * and you play on from the other row."
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move} move
 */
export function swapWords(game, move) {
  const swapper = move.player;
  const opener = 1 - swapper;
  if (onlyMine(game, swapper)) {
    const name = seatName(game, opener);
    return tr("You swapped sides: you take over %(name)s's opening, and %(name)s plays on from the other row.", { name });
  }
  const name = seatName(game, swapper);
  if (onlyMine(game, opener)) {
    return tr("%(name)s swapped sides: %(name)s takes over your opening, and you play on from the other row.", { name });
  }
  const other = seatName(game, opener);
  return tr("%(name)s swapped sides: %(name)s takes over %(other)s's opening, and %(other)s plays on from the other row.", { name, other });
}

/**
 * The pie rule's offer to the player to move: sow, or swap sides and take over the opening.
 * @param {import("./types.js").Game} game
 */
export function swapOfferText(game) {
  const mover = /** @type {number} */ (game.to_move);
  const opener = seatName(game, 1 - mover);
  if (onlyMine(game, mover)) {
    return tr("Pie rule: instead of sowing, you may swap sides and take over %(opener)s's opening (its row and store); %(opener)s then plays on from the other row.", { opener });
  }
  const name = seatName(game, mover);
  return tr("Pie rule: instead of sowing, %(name)s may swap sides and take over %(opener)s's opening (its row and store); %(opener)s then plays on from the other row.", { name, opener });
}

/** @param {import("./types.js").Game} game */
function seated(game) {
  return game.you.length > 0;
}

/**
 * "Ana invites you to play Kalah 6×4".
 * @param {import("./types.js").Game} game
 */
function invitesYou(game) {
  return tr("%(name)s invites you to play %(game)s", { name: inviter(game), game: game.title });
}

/** @param {import("./types.js").Game} game */
export function statusText(game) {
  if (game.status === "over") {
    const offered = game.rematch && !game.rematch.game && game.you.includes(game.rematch.by);
    return offered ? tr("%(result)s · rematch offered, waiting for %(name)s…", { result: resultText(game), name: opponent(game) }) : resultText(game);
  }
  if (game.paused) return tr("Paused");
  if (game.waiting_for_seat) return seated(game) ? WAITING_FOR_FRIEND : invitesYou(game);
  const mover = /** @type {number} */ (game.to_move); // (a game in play has a mover)
  if (game.your_turn) {
    return game.you.length === 2 ? tr("%(name)s to move", { name: seatName(game, mover) }) : tr("Your turn");
  }
  if (game.seats[mover].kind === "computer") return tr("%(name)s is thinking…", { name: seatName(game, mover) });
  if (game.mode === "remote" && game.takeback !== null && game.you.includes(game.takeback)) {
    return tr("Takeback asked; waiting for %(name)s…", { name: opponent(game) });
  }
  if (game.draw_offer !== null && game.draw_offer !== undefined && game.you.includes(game.draw_offer)) {
    return tr("Draw offered; waiting for %(name)s…", { name: opponent(game) });
  }
  if (game.mode === "remote" && game.can_join) return invitesYou(game);
  if (game.mode === "remote" && !seated(game)) return tr("%(name)s to move", { name: seatName(game, mover) });
  return waitingFor(game, mover);
}

/** @param {import("./types.js").Game} game */
export function resultText(game) {
  const said = game.result && lang !== "en" ? resultWords(game, game.result) : "";
  if (said) return said;
  if (game.result && game.result.text) return game.result.text; // the server's words
  const [a, b] = game.scores;
  if (game.resigned !== null && game.resigned !== undefined) return resignedText(game);
  if (game.winner === null) return tr("Draw, %(score)s", { score: score(a, b) });
  const w = game.winner;
  const ws = game.scores[w];
  const ls = game.scores[1 - w];
  if (game.you.length === 1) {
    return game.you[0] === w ? tr("You won, %(score)s", { score: score(ws, ls) }) : tr("You lost, %(score)s", { score: score(ls, ws) });
  }
  return tr("%(name)s won, %(score)s", { name: seatName(game, w), score: score(ws, ls) });
}

/**
 * "30–18" kept left to right inside a sentence of either direction (an Arabic sentence would
 * otherwise show the two numbers swapped).
 * @param {number} a
 * @param {number} b
 */
function score(a, b) {
  return `\u2066${a}–${b}\u2069`;
}

/**
 * The server's result (who won, how, the scores) in the page's language; "" for a kind of
 * end this page does not word (the server's English then shows).
 * @param {import("./types.js").Game} game
 * @param {NonNullable<import("./types.js").Game["result"]>} result
 */
function resultWords(game, result) {
  const me = game.you.length === 1 ? game.you[0] : null;
  const scores = result.scores;
  const first = me ?? result.winner ?? 0;
  const line = score(scores[first], scores[1 - first]);
  if (result.by === "aborted") return tr("Game aborted: no result");
  if (result.by === "agreement") return tr("Draw agreed, %(score)s", { score: me === null ? score(scores[0], scores[1]) : line });
  if (result.by === "rules") {
    if (result.winner === null) return tr("Draw, %(score)s", { score: score(scores[0], scores[1]) });
    if (me === null) return tr("%(name)s won, %(score)s", { name: seatName(game, result.winner), score: line });
    return result.winner === me ? tr("You won, %(score)s", { score: line }) : tr("You lost, %(score)s", { score: line });
  }
  if ((result.by !== "resignation" && result.by !== "time") || result.winner === null) return "";
  const loser = 1 - result.winner;
  const resigned = result.by === "resignation";
  if (loser === me) return resigned ? tr("You resigned: you lost") : tr("You ran out of time: you lost");
  const name = seatName(game, loser);
  if (result.winner === me) return resigned ? tr("You won: %(name)s resigned", { name }) : tr("You won: %(name)s ran out of time", { name });
  const winner = seatName(game, result.winner);
  return resigned ? tr("%(winner)s won: %(name)s resigned", { winner, name }) : tr("%(winner)s won: %(name)s ran out of time", { winner, name });
}

/** A resignation decides the game whatever the score: say who resigned, not a score line that
 * can read backwards ("You won, 2–3"); the scores are beside it, by name.
 * @param {import("./types.js").Game} game
 */
function resignedText(game) {
  const r = /** @type {number} */ (game.resigned); // (asked about a resigned game only)
  if (game.you.length === 1) {
    return game.you[0] === r ? tr("You resigned: you lost") : tr("You won: %(name)s resigned", { name: seatName(game, r) });
  }
  return tr("%(winner)s won: %(name)s resigned", { winner: seatName(game, 1 - r), name: seatName(game, r) });
}

/** @param {import("./types.js").Game} game */
export function overPlayers(game) {
  return game.seats.map((s) => `${seatName(game, s.seat)} ${game.scores[s.seat]}`).join(" · ");
}

/** @param {import("./types.js").Game} game */
export function overReason(game) {
  // (the rules' ending from its message id and arguments, "a store holds %(count)s"; the other
  // reasons and the detail in the catalogs where they are marked)
  const words = game.end_words ? tr(game.end_words.id, game.end_words.args) : game.end_reason ? tr(game.end_reason) : "";
  const ended = words ? tr("Ended: %(reason)s.", { reason: words }) : "";
  // The server's detail on the score (seeds left on the rows banked, or counting for nobody);
  // banked seeds are shown in the score table instead (overScore).
  const detail = game.result && game.result.by === "rules" && !overScore(game) ? (game.result.detail ? tr(game.result.detail) : "") : "";
  return [ended, detail].filter(Boolean).join(" ");
}

/**
 * The result's score split, when the end banked seeds left on the rows: rows of cells, a
 * header of names, then what each took during the game, what their row added and the total
 * (the viewer's column first), with a caption; null when the score is all captures.
 * @param {import("./types.js").Game} game
 */
export function overScore(game) {
  const r = game.result;
  if (!r || r.by !== "rules" || !r.banked || !(r.banked[0] || r.banked[1])) return null;
  const order = game.you.length === 1 ? [game.you[0], 1 - game.you[0]] : [0, 1];
  const store = words(game).store;
  /** @type {Record<string, string>} */
  const inStores = { store: tr("In the store"), kazan: tr("In the kazan") };
  const inStore = inStores[store] || tr("In the %(store)s", { store });
  const taken = game.stores_on_path ? inStore : tr("Captured");
  const left = r.banked[0] + r.banked[1];
  return {
    caption: tr("The %(seeds)s left on the rows at the end counted for their row's owner.", { seeds: seeds(game, left) }),
    rows: [
      ["", ...order.map((seat) => seatName(game, seat))],
      [taken, ...order.map((seat) => String(r.captured[seat]))],
      [tr("Left on their row"), ...order.map((seat) => `+${r.banked[seat]}`)],
      [tr("Total"), ...order.map((seat) => String(r.scores[seat]))],
    ],
  };
}

/** @param {import("./types.js").Game} game */
export function undoLabel(game) {
  return ` ${game.undo_asks ? tr("Ask to take back") : tr("Undo")}`;
}

/**
 * Whether the other players of a game between two devices have their board open.
 * @param {import("./types.js").Game} game
 */
export function presenceText(game) {
  const others = game.mode === "remote" ? game.seats.filter((s) => !s.yours && !s.open) : [];
  if (!others.length) return "";
  const text = others.map((s) => (s.connected ? tr("%(name)s: connected", { name: seatName(game, s.seat) }) : tr("%(name)s: not connected", { name: seatName(game, s.seat) }))).join(" · ");
  return !game.you.length && game.mode === "remote" && !game.can_join ? tr("Watching · %(players)s", { players: text }) : text;
}

/**
 * A takeback request or rematch offer from the opponent, or "".
 * @param {import("./types.js").Game} game
 */
export function offerText(game) {
  const mine = (/** @type {number} */ seat) => game.you.includes(seat);
  if (game.you.length === 1 && game.takeback !== null && game.takeback !== undefined && !mine(game.takeback)) {
    return tr("%(name)s asks to take back their last move.", { name: opponent(game, { capital: true }) });
  }
  if (game.you.length === 1 && game.draw_offer !== null && game.draw_offer !== undefined && !mine(game.draw_offer)) {
    return tr("%(name)s offers a draw.", { name: opponent(game, { capital: true }) });
  }
  if (game.you.length === 1 && game.rematch && !game.rematch.game && !mine(game.rematch.by)) {
    const youFirst = mine(1 - game.first_player);
    const name = opponent(game, { capital: true });
    if (youFirst) return tr("%(name)s offers a rematch (you move first).", { name });
    return tr("%(name)s offers a rematch (%(other)s moves first).", { name, other: opponent(game) });
  }
  return "";
}

/**
 * The thinking panel's line for a decision shown on the board.
 * @param {import("./types.js").Game} game
 * @param {import("./state.js").Shown} shown
 */
export function thinkingText(game, shown) {
  const d = shown.decision;
  const bits = [tr("%(name)s: best %(move)s", { name: shown.label, move: moveName(game, shown.player, shown.best) })];
  if (d) {
    if (d.value !== null && d.value !== undefined) bits.push(tr("value %(value)s", { value: formatValue(d.value) }));
    if (d.depth) bits.push(tr("depth %(depth)s", { depth: d.depth }));
    if (d.nodes) bits.push(tn("%(num)s position", "%(num)s positions", d.nodes));
    if (d.seconds !== undefined) bits.push(tr("%(seconds)s s", { seconds: num(d.seconds, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }));
  }
  const bounded = Boolean(d && d.upper_bounds && d.upper_bounds.length);
  let note = bounded ? tr("Values are shown on each pit it considered; ≤ marks a move proved no better") : tr("Values are shown on each pit it considered");
  if (d && d.random) note = tr("It played a deliberate slip. %(note)s", { note });
  if (shown.best === game.swap_move) note = tr("It took over the opening: the board turned round, so no pit shows a value");
  return tr("%(facts)s. %(note)s.", { facts: bits.join(tr(", ")), note });
}

export const NOT_MOVED_YET = tr("The computer has not moved yet.");
export const THINKING_NEXT = tr("The computer's thinking shows again with its next move.");
export const VALUES_COMING = tr("Working out each move's value in seeds…");
export const NO_VALUES_NOW = tr("No values in seeds for this position just now.");
export const LOOKING_FOR_HINT = tr("Looking for a good move…");
export const RESIGN = tr("Resign");
export const REALLY_RESIGN = tr("Really resign?");
export const PAUSE = tr("Pause");
export const RESUME = tr("Resume");
export const WAITING_FOR_FRIEND = tr("Waiting for your friend to take their seat…");
export const SEAT_TAKEN = tr("This seat is taken: you are watching.");
export const LOST_CONNECTION = tr("The connection to the server is lost. Reconnecting…");

/**
 * @param {import("./types.js").Game} game
 * @param {number} player
 * @param {number} pit
 */
export function hintWords(game, player, pit) {
  if (pit === game.swap_move) return tr("Hint: swap sides.");
  return tr("Hint: play %(pit)s.", { pit: letterOf(game, player, pit) });
}

/** @param {import("./types.js").Game} game */
export function takenBackWords(game) {
  return tr("Moves taken back. %(status)s.", { status: statusText(game) });
}

/** @param {import("./types.js").Game} game */
export function gameOverWords(game) {
  return tr("Game over. %(result)s.", { result: resultText(game) });
}

/**
 * Without an answer from the server: what became of the request; the board stays usable.
 * @param {string} message
 * @param {string} path
 */
export function notSent(message, path) {
  const move = path === "/moves";
  if (message !== UNREACHABLE) {
    return move
      ? tr("Your move got no answer in time; the board shows what the server has once it answers.")
      : tr("That got no answer in time; the board shows what the server has once it answers.");
  }
  const reason = `${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  return move ? tr("Your move was not sent: %(reason)s", { reason }) : tr("That was not sent: %(reason)s", { reason });
}

/**
 * A pit's label for screen readers: "Pit d (Computer (Medium)): 5 seeds".
 * @param {import("./types.js").Game} game
 * @param {number} player
 * @param {number} pit
 * @param {number} n
 */
export function pitLabel(game, player, pit, n) {
  return tr("Pit %(pit)s (%(name)s): %(seeds)s", { pit: letterOf(game, player, pit), name: seatName(game, player), seeds: seeds(game, n) });
}

/**
 * A store's label for screen readers: "Your store: 3 seeds", "Ana's kazan: 12 stones".
 * @param {import("./types.js").Game} game
 * @param {number} player
 * @param {number} n
 */
export function storeLabel(game, player, n) {
  const args = { name: seatName(game, player), seeds: seeds(game, n), store: words(game).store };
  const mine = onlyMine(game, player);
  if (args.store === "store") return mine ? tr("Your store: %(seeds)s", args) : tr("%(name)s's store: %(seeds)s", args);
  if (args.store === "kazan") return mine ? tr("Your kazan: %(seeds)s", args) : tr("%(name)s's kazan: %(seeds)s", args);
  if (args.store === "captured seeds") return mine ? tr("Your captured seeds: %(seeds)s", args) : tr("%(name)s's captured seeds: %(seeds)s", args);
  return mine ? tr("Your %(store)s: %(seeds)s", args) : tr("%(name)s's %(store)s: %(seeds)s", args);
}

/**
 * The line under the board: what the last move did, until the next one.
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").Move | null} move
 */
export function lastMoveText(game, move) {
  return move ? moveWords(game, move) : "";
}

/** The open seat's name for a friend invited to take it. */
export const YOUR_SEAT = tr("You (take the seat)");

// The game's numbers ("6 pits, 4 seeds"); the other options are in the rules dialog.
/** @param {Record<string, unknown>} options */
function optionsWords(options) {
  const parts = Object.entries(options || {})
    .filter(([, value]) => typeof value === "number")
    .map(([key, value]) => {
      const n = /** @type {number} */ (value);
      if (key === "pits") return tn("%(num)s pit", "%(num)s pits", n);
      if (key === "seeds") return tn("%(num)s seed", "%(num)s seeds", n);
      return `${num(n)} ${key.replace(/_/g, " ")}`;
    });
  return parts.length ? ` (${parts.join(tr(", "))})` : "";
}

/** @param {import("./types.js").Game} game */
function inviter(game) {
  const host = game.seats.find((s) => !s.open && s.kind === "human");
  return host && host.player_name ? host.player_name : tr("A player");
}

/** What an invited friend is asked: "Ana invites you to a game of Kalah (pits 6, seeds 4).
 * You would move second." From the seats the server sends.
 * @param {import("./types.js").Game} game
 */
export function inviteText(game) {
  const open = game.seats.find((s) => s.open);
  const args = { name: inviter(game), game: `${tr(game.title)}${optionsWords(game.options)}` };
  if (!open) return tr("%(name)s invites you to a game of %(game)s.", args);
  const first = open.seat === game.first_player;
  const invite = first
    ? tr("%(name)s invites you to a game of %(game)s. You would play the bottom row and move first.", args)
    : tr("%(name)s invites you to a game of %(game)s. You would play the bottom row and move second.", args);
  if (!game.moves.length) return invite;
  const moved = tn("%(num)s move has been played.", "%(num)s moves have been played.", game.moves.length);
  return `${invite} ${moved}`;
}

/**
 * The badge on a special pit: "Your tuzdyk", "Ana's tuzdyk".
 * @param {import("./types.js").Game} game
 * @param {import("./types.js").SpecialPit} special
 */
export function specialBadge(game, special) {
  const name = seatName(game, special.owner);
  if (special.kind === "tuzdyk") return onlyMine(game, special.owner) ? tr("Your tuzdyk") : tr("%(name)s's tuzdyk", { name });
  return `${name}: ${special.kind}`; // (a kind of special pit this page has no words for)
}

/**
 * Special pits in words for the panel: "Tuzdyks: your c · Computer (Medium)'s f".
 * @param {import("./types.js").Game} game
 */
export function specialsLine(game, colour = (/** @type {number} */ _owner) => "") {
  const list = game.special_pits || [];
  if (!list.length) return "";
  /** @type {Record<string, string>} the tag colours render.js names */
  const tags = { green: tr("green tag"), red: tr("red tag") };
  const each = list.map((s) => {
    const c = colour(s.owner);
    const tag = c ? ` (${tags[c] || c})` : "";
    const pit = letterAt(game, s.pit);
    if (s.kind !== "tuzdyk") return `${specialBadge(game, s)}: ${pit}${tag}`;
    const said = onlyMine(game, s.owner) ? tr("Your tuzdyk: %(pit)s", { pit }) : tr("%(name)s's tuzdyk: %(pit)s", { name: seatName(game, s.owner), pit });
    return `${said}${tag}`;
  });
  // What the chequered pit means, once: a tuzdyk's seeds go to its owner's kazan.
  const all = each.join(" · ");
  if (list[0].kind === "tuzdyk") return tr("%(list)s. A tuzdyk (chequered, ★) stays empty: every stone sown into it goes to its owner's kazan.", { list: all });
  return `${all}.`;
}

/**
 * Words the server sent in English (a variant's board help, an ending's reason), in the page's
 * language where the catalogs hold them (the engine marks them), else as sent.
 * @param {string} english
 */
export function serverWords(english) {
  return tr(english);
}

/** @param {boolean} on */
export function soundLabel(on) {
  return on ? tr("Sound on") : tr("Sound off");
}
