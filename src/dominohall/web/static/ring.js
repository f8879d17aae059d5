// The seats around the board: every other seat in play order from your left, each with its name, a bot's
// level, its tiles as backs, its connection, its total, the turn timer's ring, its colour (one per team with
// partners) and a caption of what it did last. A phone shows them as a strip over the board, or from nine seats
// as a grid of compact cards over it, all in sight at once.
import { el } from "./board.js";
import { make, plural, words } from "./i18n.js";
import { sideOf, standing, trainNotes } from "./feed.js";

// One colour per seat of a 12-seat table, each at least 3:1 against the chart's card in both colour schemes
// (#1d2321 is drawn in the page's ink, light on a dark page: site.css) and apart from the others; the
// dashes and the markers' four shapes tell the lines apart too.
export const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#8e5cd9", "#1d2321", "#d0353f",
  "#00899a", "#a65b2e", "#727a86", "#5f8c1b"];

const BACKS = 12; // tile backs drawn at most; the count says the rest
const FEW_BACKS = 5; // on a compact card
const RING_R = 9;

/** The seats to place around the board: the others from your left (all of them for a watcher). */
export function others(count, you) {
  const start = you === null ? 0 : you + 1;
  const order = Array.from({ length: count }, (_, k) => (start + k) % count);
  return you === null ? order : order.slice(0, -1);
}

/** From how many other seats (a table of 9 to 12) the cards go compact: no bot's level under the name (its
 * title still says it), a short pile of backs, a narrower card. */
export const COMPACT_FROM = 8;

/** Where the k-th of n other seats sits: the left side (the first of them at its foot, the play going up
 * it), along the top from left to right, or down the right side: round the board in turn order from yours,
 * which is the hand below. */
export function sideFor(k, n) {
  if (n <= 1) return "top";
  if (n <= 3) return k === 0 ? "left" : k === n - 1 ? "right" : "top";
  const edge = Math.floor((n - 1) / 3);
  return k < edge ? "left" : k >= n - edge ? "right" : "top";
}

/**
 * The scroll offset that brings the span [start, end) of a strip's content into a view of ``size`` scrolled
 * to ``scroll`` (with ``margin`` to spare where there is room), moving it as little as needed; ``scroll``
 * when the span is in view already.
 */
export function scrollToShow(start, end, scroll, size, margin = 8) {
  if (start >= scroll && end <= scroll + size) return scroll;
  if (end - start + 2 * margin > size || start < scroll) return Math.max(0, start - margin);
  return end - size + margin;
}

/** A marked train's marker, as the board draws it on the train's tab (a red disc, a white pennant); only
 * seen, its words said beside it. */
export function trainMarker() {
  const svg = el("svg", { viewBox: "-8 -8 16 16", class: "train-marker", "aria-hidden": "true" });
  el("circle", { r: 6.5 }, svg);
  el("path", { d: "M-3 3V-4l6 3.5-6 3.5" }, svg);
  return svg;
}

/** The small ring round a seat's clock: the part of its time left. */
function clockRing(fraction) {
  const svg = el("svg", { viewBox: "0 0 24 24", class: "timer-ring", "aria-hidden": "true" });
  const length = 2 * Math.PI * RING_R;
  for (const [cls, dash] of /** @type {[string, number][]} */ ([["track", 0], ["left", length * (1 - fraction)]])) {
    el("circle", { cx: 12, cy: 12, r: RING_R, class: cls, "stroke-dasharray": length.toFixed(1), "stroke-dashoffset": dash.toFixed(1) }, svg);
  }
  return svg;
}

/** A seat's tiles as a row of backs (at most BACKS, fewer where the card is narrow: the pile gives way, never
 * the count or the points), with the count in words for everyone. */
function backs(count, most = BACKS) {
  const row = make("span", null, { class: "backs", title: plural("tiles_held", count) });
  const pile = make("span", null, { class: "pile", "aria-hidden": "true" });
  for (let k = 0; k < Math.min(count, most); k++) pile.appendChild(make("span", null, { class: "back" }));
  row.appendChild(pile);
  row.appendChild(make("span", String(count), { class: "count", "aria-hidden": "true" }));
  row.appendChild(make("span", plural("tiles_held", count), { class: "visually-hidden" }));
  return row;
}

/** A compact card's points: in words, and short ("12 pts") for a phone's grid of cards, which shows only that
 * (the words still read). */
function points(total) {
  const box = make("span", null, { class: "total" });
  box.append(make("span", plural("points_total", total), { class: "long" }), make("span", plural("points_short", total), { class: "short", "aria-hidden": "true" }));
  return box;
}

/**
 * Fill ``box`` with the seats around the board: ``ctx`` has the table, the view, your seat, the game, each
 * seat's name, who is connected, the seat on the clock and its share of time left, and the captions.
 */
export function renderRing(box, ctx) {
  const seats = others(ctx.table.seats.length, ctx.you);
  const compact = seats.length >= COMPACT_FROM;
  box.dataset.count = String(seats.length);
  box.classList.toggle("many", compact);
  ctx = { ...ctx, newest: Math.max(-1, ...[...ctx.said.values()].map((caption) => caption.index)) }; // the last move's seat
  const lists = Object.fromEntries(["left", "top", "right"].map((side) => [side, make("ol", null, { class: `ring-${side}` })]));
  seats.forEach((index, k) => lists[sideFor(k, seats.length)].appendChild(chip(index, ctx, compact)));
  box.replaceChildren(lists.left, lists.top, lists.right);
  showTurn(box, ctx.view && !ctx.view.end ? ctx.view.turn : null);
}

/** Where the seats are a strip that scrolls (a phone's row over the board, or its column beside it), bring
 * the seat to move into view when the turn comes to it; between turns the strip stays where it was put. */
function showTurn(box, turn) {
  const card = box.querySelector("li.turn-now");
  if (!card || box.dataset.shown === String(turn)) return;
  box.dataset.shown = String(turn);
  const [outer, inner] = [box.getBoundingClientRect(), card.getBoundingClientRect()];
  if (box.scrollWidth > box.clientWidth + 1) {
    const start = inner.left - outer.left + box.scrollLeft;
    box.scrollLeft = scrollToShow(start, start + inner.width, box.scrollLeft, box.clientWidth);
  }
  if (box.scrollHeight > box.clientHeight + 1) {
    const start = inner.top - outer.top + box.scrollTop;
    box.scrollTop = scrollToShow(start, start + inner.height, box.scrollTop, box.clientHeight);
  }
}

/** One seat by the board. */
function chip(index, ctx, compact = false) {
  const { table, view, game, names, said } = ctx;
  const seat = table.seats[index];
  const side = sideOf(table, index);
  const item = make("li", null, { "data-seat": index, "data-team": side });
  const colour = COLOURS[side % COLOURS.length];
  item.style.setProperty("--seat", colour === "#1d2321" ? "var(--ink)" : colour); // the CSSOM, which the CSP allows; the
  // darkest seat colour in the page's ink, as the chart draws it (light on a dark page)
  item.classList.toggle("turn-now", Boolean(view && view.turn === index && !view.end));
  item.classList.toggle("offline", ctx.connected?.[index] === false && !seat.bot);
  const head = make("span", null, { class: "who" });
  head.appendChild(make("span", null, { class: "dot", "aria-hidden": "true" }));
  const level = seat.bot && !seat.away && !compact ? words[`seat_${seat.bot}`] : null; // under the name when it is long
  const named = level && names[index] !== level;
  const short = named || (compact && seat.bot && !seat.away && seat.name); // a compact card: the bot's name alone
  head.appendChild(make("span", short ? seat.name : names[index], { class: "name", title: names[index] }));
  if (named) head.appendChild(make("span", level, { class: "level" }));
  if (ctx.clockSeat === index) head.appendChild(clockRing(ctx.clockShare));
  item.appendChild(head);
  const line = make("span", null, { class: "line" });
  if (view?.hand_sizes) line.appendChild(backs(view.hand_sizes[index], compact ? FEW_BACKS : BACKS));
  if (view?.totals?.[side] !== undefined) {
    const total = standing(view, side); // the hand's points so far too, as the server tells them
    line.appendChild(compact ? points(total) : make("span", plural("points_total", total), { class: "total" }));
  }
  item.appendChild(line);
  if (view?.trains) item.appendChild(trainLine(view, index));
  const caption = said.get(index);
  const newest = caption && caption.index === ctx.newest ? " newest" : "";
  const told = item.appendChild(make("span", caption ? caption.text : "", { class: `said${newest}`, "data-index": caption ? caption.index : "" }));
  const move = caption && view?.history?.[caption.index];
  if (compact && move?.kind === "play") { // a phone's grid shows the tile alone, as a small tile
    told.title = caption.text;
    told.replaceChildren(make("span", caption.text, { class: "long" }), make("span", move.tile, { class: "short", "aria-hidden": "true" }));
  }
  if (ctx.connected?.[index] === false && !seat.bot) item.appendChild(make("span", words.offline, { class: "state" }));
  return item;
}

/** A Mexican Train seat's lines: its train's marker and "open to all" while it is marked, and the double it
 * laid while that waits for its cover, each in short on its own line (the whole words for screen readers and
 * in the title); one line on every card, empty or not, so that a mark coming or going never moves the board.
 * @param {View} view @param {number} index */
function trainLine(view, index) {
  const notes = trainNotes(view, index);
  const line = make("span", null, { class: "train-note" });
  if (notes.length) line.title = notes.map((note) => note.text).join(", ");
  for (const note of notes) {
    const part = line.appendChild(make("span", null, { class: note.kind }));
    if (note.kind === "marked") part.appendChild(trainMarker());
    part.append(make("span", note.text, { class: "long" }), make("span", note.short, { class: "short", "aria-hidden": "true" }));
  }
  return line;
}
