// @ts-check
// The home page's daily puzzle: the same position for everyone today (GET /api/puzzles/daily),
// drawn small, with a link to solve it on the puzzles page. Nothing to show: it stays hidden.
import { api } from "./api.js";
import { Board } from "./board.js";
import { t } from "./i18n.js";

const box = document.getElementById("daily-puzzle");

async function main() {
  if (!box) return;
  let puzzle;
  try {
    puzzle = (await api("GET", "/api/puzzles/daily")).puzzle;
  } catch {
    return; // the lessons' link is enough
  }
  if (!puzzle) return; // no puzzle set on this server
  const title = document.createElement("h3");
  title.textContent = t("Daily puzzle · %(game)s", { game: puzzle.title });
  const holder = document.createElement("div");
  holder.className = "board";
  holder.inert = true; // a picture of the position: solved on the puzzles page
  holder.setAttribute("role", "img");
  holder.setAttribute("aria-label", t("The daily %(game)s puzzle's position", { game: puzzle.title }));
  const task = document.createElement("p");
  task.textContent = `${puzzle.task} ${puzzle.proof}`;
  const link = document.createElement("a");
  link.className = "button primary";
  link.href = `/puzzles?id=${encodeURIComponent(puzzle.id)}`;
  link.textContent = t("Solve it");
  box.replaceChildren(title, holder, task, link);
  const board = new Board(holder, { pits: puzzle.pits, letters: puzzle.letters, onPlay: () => {} });
  board.build(puzzle.to_move);
  holder.classList.remove("vertical"); // small and flat: it is not played here
  board.setCounts(puzzle.board);
  board.markSpecial(puzzle.special_pits || [], () => "tuzdyk");
  box.hidden = false;
}

main();
