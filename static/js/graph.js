// @ts-check
// The eval graph: an SVG drawn from the analysis' numbers (no library). x is the position
// (0 = the start, k = after move k), y the value in seeds for the seat shown at the bottom of
// the board (up: that seat is ahead). Marked moves are the inaccuracies, mistakes and blunders;
// the current position has a line. A click anywhere picks the nearest position.

const NS = "http://www.w3.org/2000/svg";
const W = 320;
const H = 150;
const PAD = 6;

/** @param {string} name */
function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

/**
 * Draw into ``holder``.
 * @param {HTMLElement} holder
 * @param {{points: {pos:number, y:number, tag?:string, label?:string}[], total:number,
 *          current:number|null, label:string, onPick:(pos:number)=>void}} graph
 */
export function drawGraph(holder, { points, total, current, label, onPick }) {
  const cap = Math.max(6, Math.ceil(Math.max(0, ...points.map((p) => Math.abs(p.y)))));
  const x = (/** @type {number} */ pos) => PAD + ((W - 2 * PAD) * pos) / Math.max(1, total);
  const y = (/** @type {number} */ v) => H / 2 - ((H / 2 - PAD) * Math.max(-cap, Math.min(cap, v))) / cap;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img", "aria-label": label });
  svg.append(el("rect", { x: 0, y: 0, width: W, height: H, class: "graph-bg" }));
  svg.append(el("line", { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: "graph-zero" }));
  svg.append(el("text", { x: 3, y: 13, class: "graph-scale" }, `+${cap}`));
  svg.append(el("text", { x: 3, y: H - 5, class: "graph-scale" }, `−${cap}`));
  const sorted = [...points].sort((a, b) => a.pos - b.pos);
  if (sorted.length) {
    const line = sorted.map((p) => `${x(p.pos).toFixed(1)},${y(p.y).toFixed(1)}`).join(" ");
    const first = sorted[0];
    const last = sorted[sorted.length - 1];
    const area = `M${x(first.pos).toFixed(1)},${H / 2} L${line.replaceAll(" ", " L")} L${x(last.pos).toFixed(1)},${H / 2} Z`;
    svg.append(el("path", { d: area, class: "graph-area" }));
    svg.append(el("polyline", { points: line, class: "graph-line" }));
  }
  if (current !== null && current !== undefined) {
    svg.append(el("line", { x1: x(current), x2: x(current), y1: 0, y2: H, class: "graph-now" }));
    const here = sorted.find((p) => p.pos === current);
    if (here) svg.append(el("circle", { cx: x(here.pos), cy: y(here.y), r: 3.5, class: "graph-here" }));
  }
  for (const p of sorted) {
    if (!p.tag || p.tag === "best" || p.tag === "good") continue;
    const dot = el("circle", { cx: x(p.pos), cy: y(p.y), r: 3, class: `graph-dot tag-${p.tag}` });
    if (p.label) dot.append(el("title", {}, p.label));
    svg.append(dot);
  }
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * W;
    const pos = Math.round(((at - PAD) / (W - 2 * PAD)) * Math.max(1, total));
    onPick(Math.max(0, Math.min(total, pos)));
  });
  holder.replaceChildren(svg);
}
