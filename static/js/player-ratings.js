// @ts-check
// A rated game's ratings in words, for the game's page: the server sends each seat's rating
// before and after the game and the change, already written ("1500?", "+12"); this only puts
// them beside the players' names.
import { t } from "./i18n.js";

/**
 * @typedef {object} SeatRating
 * @property {number} seat
 * @property {string} before_text
 * @property {string | null} after_text
 * @property {string | null} change_text
 */

/**
 * "Ratings (Kalah 6×4): Ama 1500? → 1662? (+162), Kofi 1500? → 1338? (−162)", or the
 * ratings before the game while it is not settled; "Not rated (Kalah 6×4): <the server's
 * reason>" for a rated game that changed no rating; "" for a casual game.
 * @param {{ratings?: {title: string, settled: boolean, reason?: string,
 *   seats: SeatRating[]} | null,
 *   seats: {name: string, player_name?: string | null}[]}} game
 */
export function ratingsText(game) {
  const ratings = game.ratings;
  if (!ratings) return "";
  if (ratings.reason) return t("Not rated (%(pool)s): %(why)s", { pool: ratings.title, why: ratings.reason });
  const parts = ratings.seats.map((s) => {
    const seat = game.seats[s.seat];
    const name = seat?.player_name || seat?.name || t("Seat %(seat)s", { seat: s.seat + 1 });
    if (!ratings.settled || s.after_text === null) return `${name} ${s.before_text}`;
    return `${name} ${s.before_text} → ${s.after_text} (${s.change_text})`;
  });
  return t("Rated, %(pool)s: %(changes)s", { pool: ratings.title, changes: parts.join(", ") });
}
