// The seats around the board: every other seat in play order from your left, each with its name, a bot's
// level, its tiles as backs, its connection, its total, the turn timer's ring, its colour (one per team with
// partners) and a caption of what it did last. A phone shows them as a strip over the board.
import { COLOURS } from "./chart.js";
import { make, plural, words } from "./i18n.js";
import { sideOf } from "./feed.js";

const BACKS = 12; // tile backs drawn at most; the count says the rest
const SVG = "http://www.w3.org/2000/svg";
const RING_R = 9;

/** The seats to place around the board: the others from your left (all of them for a watcher). */
export function others(count, you) {
  const start = you === null ? 0 : you + 1;
  const order = Array.from({ length: count }, (_, k) => (start + k) % count);
  return you === null ? order : order.slice(0, -1);
}

/** Where the k-th of n other seats sits: the left side, along the top, or the right side. */
export function sideFor(k, n) {
  if (n <= 1) return "top";
  if (n <= 3) return k === 0 ? "left" : k === n - 1 ? "right" : "top";
  const edge = Math.floor((n - 1) / 3);
  return k < edge ? "left" : k >= n - edge ? "right" : "top";
}

/** The small ring round a seat's clock: the part of its time left. */
function clockRing(fraction) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "timer-ring");
  svg.setAttribute("aria-hidden", "true");
  const length = 2 * Math.PI * RING_R;
  for (const [cls, dash] of /** @type {[string, number][]} */ ([["track", 0], ["left", length * (1 - fraction)]])) {
    const circle = document.createElementNS(SVG, "circle");
    for (const [key, value] of Object.entries({ cx: 12, cy: 12, r: RING_R, class: cls, "stroke-dasharray": length.toFixed(1), "stroke-dashoffset": dash.toFixed(1) })) {
      circle.setAttribute(key, String(value));
    }
    svg.appendChild(circle);
  }
  return svg;
}

/** A seat's tiles as a row of backs (at most BACKS, fewer where the card is narrow: the pile gives way, never
 * the count or the points), with the count in words for everyone. */
function backs(count) {
  const row = make("span", null, { class: "backs", title: plural("tiles_held", count) });
  const pile = make("span", null, { class: "pile", "aria-hidden": "true" });
  for (let k = 0; k < Math.min(count, BACKS); k++) pile.appendChild(make("span", null, { class: "back" }));
  row.appendChild(pile);
  row.appendChild(make("span", String(count), { class: "count", "aria-hidden": "true" }));
  row.appendChild(make("span", plural("tiles_held", count), { class: "visually-hidden" }));
  return row;
}

/**
 * Fill ``box`` with the seats around the board: ``ctx`` has the table, the view, your seat, the game, each
 * seat's name, who is connected, the seat on the clock and its share of time left, and the captions.
 */
export function renderRing(box, ctx) {
  const seats = others(ctx.table.seats.length, ctx.you);
  box.dataset.count = String(seats.length);
  const lists = Object.fromEntries(["left", "top", "right"].map((side) => [side, make("ol", null, { class: `ring-${side}` })]));
  seats.forEach((index, k) => lists[sideFor(k, seats.length)].appendChild(chip(index, ctx)));
  box.replaceChildren(lists.left, lists.top, lists.right);
}

/** One seat by the board. */
function chip(index, ctx) {
  const { table, view, game, names, said } = ctx;
  const seat = table.seats[index];
  const side = sideOf(table, game, index);
  const item = make("li", null, { "data-seat": index, "data-team": side });
  item.style.setProperty("--seat", COLOURS[side % COLOURS.length]); // the CSSOM, which the CSP allows
  item.classList.toggle("turn-now", Boolean(view && view.turn === index && !view.end));
  item.classList.toggle("offline", ctx.connected?.[index] === false && !seat.bot);
  const head = make("span", null, { class: "who" });
  head.appendChild(make("span", null, { class: "dot", "aria-hidden": "true" }));
  const level = seat.bot && !seat.away ? words[`seat_${seat.bot}`] : null; // under the name when it is long
  const named = level && names[index] !== level;
  head.appendChild(make("span", named ? seat.name : names[index], { class: "name", title: names[index] }));
  if (named) head.appendChild(make("span", level, { class: "level" }));
  if (ctx.clockSeat === index) head.appendChild(clockRing(ctx.clockShare));
  item.appendChild(head);
  const line = make("span", null, { class: "line" });
  if (view?.hand_sizes) line.appendChild(backs(view.hand_sizes[index]));
  const total = view?.totals?.[side];
  if (total !== undefined) line.appendChild(make("span", plural("points_total", total), { class: "total" }));
  item.appendChild(line);
  const caption = said.get(index);
  item.appendChild(make("span", caption ? caption.text : "", { class: "said", "data-index": caption ? caption.index : "" }));
  if (ctx.connected?.[index] === false && !seat.bot) item.appendChild(make("span", words.offline, { class: "state" }));
  return item;
}
