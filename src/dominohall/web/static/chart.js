// The running totals as a small SVG line chart: one line per seat (or team), each labelled at its end.
import { el } from "./board.js";
import { words } from "./i18n.js";
import { COLOURS } from "./ring.js";

const DASHES = ["", "", "", "", "6 3", "6 3", "2 3", "2 3", "", "6 3", "2 3", "6 3"];
const HEIGHT = 230;
const [WIDTH, NARROWEST, WIDEST] = [460, 300, 576]; // the chart's width in px: the default, and the range it is drawn at
const PLOT = { left: 34, labels: 190, top: 12 }; // the labels' column on the right
const LABEL_CHARS = 20; // a line of a label: a longer name (a team's) goes on as many lines as it needs
const LINE = 15; // the height of a label's line
let made = 0;

/** A round number of steps for the y axis: 1, 2 or 5 times a power of ten. */
function step(top) {
  const rough = Math.max(top, 1) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5].map((k) => k * power).find((k) => k >= rough) ?? 10 * power;
}

/** A marker of a seat's shape at (x, y). */
function marker(parent, index, x, y, colour) {
  const shape = index % 4;
  if (shape === 0) return el("circle", { cx: x, cy: y, r: 3.2, fill: colour }, parent);
  if (shape === 1) return el("rect", { x: x - 3, y: y - 3, width: 6, height: 6, fill: colour }, parent);
  const points = shape === 2 ? [[0, -4], [3.6, 2.6], [-3.6, 2.6]] : [[0, -4], [4, 0], [0, 4], [-4, 0]];
  return el("polygon", { points: points.map(([dx, dy]) => `${x + dx},${y + dy}`).join(" "), fill: colour }, parent);
}

/** A name in lines of at most LABEL_CHARS, broken between words (a word longer than a line is cut). */
export function wrapName(name) {
  const lines = [];
  for (const word of name.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LABEL_CHARS) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > LABEL_CHARS ? `${word.slice(0, LABEL_CHARS - 1)}…` : word);
  }
  return lines;
}

/** Spread label baselines apart by their heights (``tall[i]`` lines each), keeping their order, inside the
 * chart: none above its top (the first line's letters in sight), the last line of the lowest at ``bottom``. */
function spread(ys, tall, bottom) {
  const order = ys.map((y, i) => [y, i]).sort((a, b) => a[0] - b[0]);
  order.forEach((pair, k) => { pair[0] = Math.max(pair[0], k ? order[k - 1][0] + tall[order[k - 1][1]] * LINE : LINE - 3); });
  for (let k = order.length - 1; k >= 0; k--) { // lifted from the bottom only as far as the ones below need
    const room = k === order.length - 1 ? bottom - (tall[order[k][1]] - 1) * LINE : order[k + 1][0] - tall[order[k][1]] * LINE;
    order[k][0] = Math.min(order[k][0], room);
  }
  const out = [];
  for (const [y, i] of order) out[i] = y;
  return out;
}

/**
 * The chart: ``names`` per line, ``totals[r][i]`` the running total of line i after round r + 1 (a
 * round may be ``null`` when this page never saw it), ``rounds`` the rounds played (the x axis), drawn
 * ``width`` units wide (kept between NARROWEST and WIDEST): drawn at the width it is shown at, its words
 * keep their size, where a wider drawing shrunk to a phone's width made them small.
 */
export function scoreChart(names, totals, rounds, width = WIDTH) {
  const wide = Math.min(WIDEST, Math.max(NARROWEST, Math.round(width)));
  const right = wide - PLOT.labels;
  const known = totals.map((row, r) => [r + 1, row]).filter(([, row]) => row);
  const top = Math.max(1, ...known.flatMap(([, row]) => row));
  const dy = step(top);
  const yMax = Math.ceil(top / dy) * dy;
  const xs = Math.max(rounds, known.at(-1)?.[0] ?? 1, 1);
  const lines = names.map((name, i) => wrapName(`${name} ${known.at(-1)?.[1][i] ?? 0}`));
  const height = Math.max(HEIGHT, lines.reduce((sum, label) => sum + label.length * LINE, 0) + PLOT.top + 34);
  const bottom = height - 30;
  const X = (r) => PLOT.left + ((right - PLOT.left) * r) / xs;
  const Y = (v) => bottom - ((bottom - PLOT.top) * v) / yMax;
  const id = `chart-title-${++made}`;
  const svg = el("svg", { viewBox: `0 0 ${wide} ${height}`, class: "chart", role: "img", "aria-labelledby": id, "data-width": width });
  el("title", { id }, svg).textContent = words.chart_title;
  for (let v = 0; v <= yMax; v += dy) {
    el("line", { x1: PLOT.left, x2: right, y1: Y(v), y2: Y(v), class: "grid" }, svg);
    el("text", { x: PLOT.left - 5, y: Y(v) + 4, "text-anchor": "end", class: "tick" }, svg).textContent = String(v);
  }
  const every = Math.ceil(xs / 13);
  for (let r = 0; r <= xs; r += every) {
    el("text", { x: X(r), y: bottom + 16, "text-anchor": "middle", class: "tick" }, svg).textContent = String(r);
  }
  el("text", { x: right, y: height - 2, "text-anchor": "end", class: "axis" }, svg).textContent = words.round;
  const ends = names.map((_, i) => Y(known.at(-1)?.[1][i] ?? 0));
  const labels = spread(ends, lines.map((label) => label.length), bottom);
  names.forEach((name, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const points = [[X(0), Y(0)], ...known.map(([r, row]) => [X(r), Y(row[i])])];
    const group = el("g", { class: "series-group" }, svg);
    el("polyline", { points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "), class: "series", "data-seat": i, stroke: colour, "stroke-dasharray": DASHES[i % DASHES.length], fill: "none" }, group);
    points.slice(1).forEach(([x, y]) => marker(group, i, x, y, colour));
    const [x, y] = points.at(-1);
    el("line", { x1: x + 4, y1: y, x2: right + 8, y2: labels[i] - 4, class: "leader", stroke: colour }, group);
    marker(group, i, right + 13, labels[i] - 4, colour);
    const label = el("text", { x: right + 20, y: labels[i], class: "label" }, group);
    el("title", {}, label).textContent = name;
    lines[i].forEach((line, k) => { el("tspan", { x: right + 20, dy: k ? LINE : 0 }, label).textContent = k ? ` ${line}` : line; });
  });
  return svg;
}
