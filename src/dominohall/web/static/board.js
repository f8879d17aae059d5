// The board and the tiles as SVG: no library, no build step.
//
// `layout(view, drawing)` places every tile on the table in the order it was played, so a tile never moves once
// it is down. A tile is laid at a free slot of the tile it extends: the open end of a line, a toe of a
// double's foot, a side or arm of the standard game's lead or spinner. When the straight way is taken, the
// line bends (up to 120 degrees either way), preferring a way that leaves room ahead and points outward;
// when every way is taken it jumps a little further out, with a dashed link back to its line.
const SVG = "http://www.w3.org/2000/svg";
export const UNIT = 20; // a tile is UNIT wide and 2 UNIT long
const HW = UNIT / 2; // half its width
const HL = UNIT; // half its length
const GAP = 2; // between touching tiles
const TOE = 40; // how far a chicken foot's side toes turn from the middle one
const BENDS = [0, 30, -30, 60, -60, 90, -90, 120, -120];
const SQUARE_BENDS = [0, 90, -90]; // the standard game's line keeps to right angles
// The cost of a free place (lower is better), in ranks of the slot order (a later slot costs one more):
const BEND_DEGREES = 30; // each 30 degrees of bend cost one
const BLOCKED_AHEAD = 2.5; // no room for the next tile straight ahead
const OUTWARD = 0.4; // pointing back toward the middle (up to twice this, pointing straight at it)
const JUMPS = [0, 1.2 * UNIT, 2.4 * UNIT, 3.6 * UNIT, 5 * UNIT]; // how far out a tile jumps when every way is taken
const CROWDED_BEND_DEGREES = 360; // with no free place, the bend only parts ways that cover as many tiles
const OVERLAP_HAIR = 1.5; // rectangles that overlap by less than this still count as apart
const SPIRAL_REACH = [8 * UNIT, 3 * UNIT]; // how far the standard game's line runs across, and up or down
const SPIRAL_LANE = 2.5 * UNIT; // how far out it moves every second turn
// The drawings here, by their names (a game's traits name its drawing, games.js): any other is refused.
// "feet": doubles' toes round a centre double (Chicken Foot); "line": one line from the lead, or a spinner's
// arms, winding round the middle (the standard game); "trains": a row per train from the engine (Mexican Train).
export const DRAWINGS = ["feet", "line", "trains"];
const ROW = 2.4 * UNIT; // Mexican Train: between two trains' rows
const FAN = 1.6 * UNIT; // from the engine to the trains' names
const LETTER = 6.6; // about the width of a letter of a train's name
const MARK = 20; // room for a marked train's marker between its name and its first tile
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  7: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

/** A new SVG element with its attributes, added to ``parent``. @param {string} name @param {object} [attributes]
 * @param {Element | null} [parent] */
export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

export const ends = (tile) => tile.split("-").map(Number);
const isDouble = (tile) => { const [a, b] = ends(tile); return a === b; };
const rad = (degrees) => (degrees * Math.PI) / 180;
/** The unit vector at ``degrees``: [cos, sin]. @returns {[number, number]} */
const unit = (degrees) => [Math.cos(rad(degrees)), Math.sin(rad(degrees))];
/** @returns {[number, number]} */
const along = (x, y, heading, distance) => {
  const [ux, uy] = unit(heading);
  return [x + ux * distance, y + uy * distance];
};
/** The angle of a tile's long side: along its line, across it for a double (the root lies level). */
const angleOf = (s) => (s.root ? 0 : s.heading) + (s.double ? 90 : 0);

/** One half of a tile, its top-left corner at (x, y), showing n (a number over 9 in figures, kept upright). */
function half(group, x, y, n, turn = 0) {
  if (n > 9) {
    const [cx, cy] = [x + UNIT / 2, y + UNIT / 2];
    const text = el("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d2321", class: "pip" }, group);
    if (turn) text.setAttribute("transform", `rotate(${-turn} ${cx} ${cy})`);
    text.textContent = String(n);
    return;
  }
  for (const [col, row] of PIPS[n] || []) el("circle", { cx: x + 4.5 + col * 5.5, cy: y + 4.5 + row * 5.5, r: 1.9, fill: "#1d2321", class: "pip" }, group);
}

/** A tile standing upright, ``top`` over ``bottom``, its centre at the group's origin (turned by ``turn``). */
export function tileFace(top, bottom, turn = 0) {
  const group = el("g", { class: "face" });
  el("rect", { x: -HW, y: -HL, width: UNIT, height: 2 * UNIT, rx: 3, fill: "#fffdf7", stroke: "#57534e", "stroke-width": 1, class: "body" }, group);
  el("line", { x1: -HW + 3, y1: 0, x2: HW - 3, y2: 0, stroke: "#a8a29e", "stroke-width": 1, class: "bar" }, group);
  half(group, -HW, -HL, top, turn);
  half(group, -HW, 0, bottom, turn);
  return group;
}

/** A tile for the hand: an upright SVG of its own. */
export function handTile(tile) {
  const [high, low] = ends(tile);
  const svg = el("svg", { viewBox: `${-HW - 1} ${-HL - 1} ${UNIT + 2} ${2 * UNIT + 2}`, "aria-hidden": "true", class: "domino" });
  svg.appendChild(tileFace(high, low));
  return svg;
}

// -- geometry ------------------------------------------------------------------------------------------

/** A tile's rectangle: centre, the angle of its long side, half length and half width. */
const box = (x, y, angle) => ({ x, y, angle, hl: HL, hw: HW });

/** True when two rectangles overlap by more than a hair (separating axis test). */
function overlaps(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  if (dx * dx + dy * dy > 4 * (HL * HL + HW * HW)) return false;
  const axes = [a.angle, a.angle + 90, b.angle, b.angle + 90].map(unit);
  const reach = (r, [ax, ay]) => {
    const [ux, uy] = unit(r.angle);
    return r.hl * Math.abs(ux * ax + uy * ay) + r.hw * Math.abs(-uy * ax + ux * ay);
  };
  return axes.every((axis) => Math.abs(dx * axis[0] + dy * axis[1]) < reach(a, axis) + reach(b, axis) - OVERLAP_HAIR);
}

/** Where the tiles laid on ``p`` start: [x, y, heading] per slot, in the order they are filled. @returns {Slot[]} */
function slots(p, drawing, view) {
  const { x, y, heading: h } = p;
  if (!p.double) return p.root ? [[x + HL, y, 0], [x - HL, y, 180]] : [[...along(x, y, h, HL), h]];
  /** @returns {Slot} */
  const side = (sign) => [...along(x, y, h + 90 * sign, HL), h + 90 * sign];
  /** @returns {Slot} */
  const front = (hh) => [...along(x, y, hh, HW), hh];
  if (drawing === "feet") {
    const foot = (hh) => {
      /** @returns {Slot} */
      const toe = (sign) => [...along(...along(x, y, hh, HW + 7), hh + 90 * sign, HL - 5), hh + sign * TOE];
      return [front(hh), toe(-1), toe(1)];
    };
    if (!p.root) return foot(h);
    if ((view.options?.start_toes ?? 6) === 4) return [front(0), front(180), side(-1), side(1)];
    const [right, left] = [foot(0), foot(180)];
    return [right[0], left[0], right[1], left[2], right[2], left[1]];
  }
  if (p.root) return [front(0), front(180), side(-1), side(1)];
  return [front(h), side(-1), side(1)];
}

/**
 * The rectangle of a tile laid from ``start`` heading ``heading`` (a double lies across the line), slid
 * along its way until it clears ``parent``'s rectangle (a bent tile would cut its corner).
 */
function placeAt([sx, sy], heading, double, parent = null) {
  for (let slide = 0; ; slide += 2) {
    const [x, y] = along(sx, sy, heading, GAP + slide + (double ? HW : HL));
    const rect = box(x, y, angleOf({ heading, double }));
    if (!parent || slide >= HL || !overlaps(rect, parent)) return rect;
  }
}

/** The slots a tile laid on ``parent`` may take, best first: a line's end, or any free toe, side or arm. */
function freeSlots(parent, open, drawing, view) {
  const all = slots(parent, drawing, view);
  if (parent.root && !parent.double && drawing !== "feet") return [open === parent.far ? 0 : 1];
  if (!parent.double) return [0];
  const free = all.map((_, index) => index).filter((index) => !parent.used.has(index));
  const next = Math.min(parent.children, all.length - 1);
  return free.length ? [next, ...free.filter((index) => index !== next)] : [all.length - 1];
}

/** How good a free rectangle is: straight, with room ahead, pointing outward. */
function cost(rect, heading, bend, double, blocked) {
  const ahead = placeAt(along(rect.x, rect.y, heading, double ? HW : HL), heading, false);
  const distance = Math.hypot(rect.x, rect.y);
  const [ux, uy] = unit(heading);
  const outward = distance > 1 ? 1 - (ux * rect.x + uy * rect.y) / distance : 0;
  return Math.abs(bend) / BEND_DEGREES + (blocked(ahead) ? BLOCKED_AHEAD : 0) + OUTWARD * outward;
}

/**
 * The standard game's line winds round the middle like a snake on a real table: each arm runs straight to
 * a limit, turns a right angle clockwise, and every second turn the limits move out a lane, so the arms
 * never meet. [heading, turns] for a tile laid from (sx, sy) on a line heading ``heading``.
 */
function spiral(sx, sy, heading, turns) {
  const [dx, dy] = unit(heading);
  if (Math.abs(dx) > 0.01 && Math.abs(dy) > 0.01) return [heading, turns];
  const across = Math.abs(dx) > 0.5;
  const reach = (across ? sx * dx : sy * dy) + 2 * HL;
  const limit = SPIRAL_REACH[across ? 0 : 1] + Math.floor(turns / 2) * SPIRAL_LANE;
  return reach > limit ? [heading + 90, turns + 1] : [heading, turns];
}

/**
 * Every tile on the table with its place: {tiles: [{tile, on, x, y, heading, double, root, near, far,
 * link}], targets}, the root first; each of ``extra`` (a tile and the tile it would be laid on) is placed
 * as if it came next, as a target.
 */
export function layout(view, drawing, extra = [], labels = []) {
  if (!DRAWINGS.includes(drawing)) throw new Error(`board.js has no drawing ${JSON.stringify(drawing)}`);
  if (drawing === "trains") return trainLayout(view, extra, labels);
  const placed = view.placed || [];
  let rootTile = drawing === "feet" ? view.centre : null;
  if (!rootTile) rootTile = placed.find(([, on]) => on === null || on === undefined)?.[0];
  if (!rootTile) {
    const lead = extra.map(([tile]) => ({ tile, on: null, x: 0, y: 0, heading: 0, double: false }));
    return { tiles: [], targets: lead };
  }
  const [ra, rb] = ends(rootTile);
  /** @type {Spot} */
  const root = { tile: rootTile, x: 0, y: 0, heading: 0, root: true, double: ra === rb, near: ra, far: rb, children: 0, used: new Set() };
  /** @type {[Spot, Rect][]} */
  const rects = [[root, box(0, 0, angleOf(root))]];
  const board = { drawing, view, byTile: new Map([[rootTile, root]]), rects };
  const tiles = [root];
  for (const [tile, on] of placed) {
    const spot = tile === rootTile ? null : place(board, tile, on, true);
    if (spot) tiles.push(spot);
  }
  const targets = extra.map(([tile, on]) => place(board, tile, on ?? rootTile, false)).filter(Boolean);
  return { tiles, targets };
}

/**
 * Mexican Train's board: the engine at the left, each train a straight row running right from it (the
 * seats' in seat order, then the Mexican train), its name (``labels``, by train) before its first tile, so
 * that trains of 20 tiles read as rows on a desktop and a phone alike. {tiles, targets, rows}: each row
 * {train, y, x: where its tiles start, end: past its last tile}; each of ``extra`` ([tile, on, train]) goes
 * at the end of its train, as a target.
 * @param {View} view
 */
export function trainLayout(view, extra = [], labels = []) {
  const centre = /** @type {Tile} */ (view.centre);
  const [n] = ends(centre);
  /** @type {Spot} */
  const root = { tile: centre, x: 0, y: 0, heading: 0, root: true, double: true, near: n, far: n, children: 0, used: new Set() };
  const start = FAN + Math.max(2 * UNIT, ...labels.map((label) => label.length * LETTER)) + MARK;
  const trains = view.trains || [];
  const tiles = [root];
  const rows = trains.map((line, i) => {
    const row = { train: line.train, y: (i - (trains.length - 1) / 2) * ROW, x: start, end: start, open: n, last: centre };
    for (const tile of line.tiles) tiles.push(lay(row, tile));
    return row;
  });
  const targets = extra.map(([tile, , train]) => {
    const row = rows.find((one) => one.train === train);
    return row ? lay({ ...row }, tile) : null;
  });
  return { tiles, targets: /** @type {Spot[]} */ (targets.filter(Boolean)), rows };
}

/** The spot of ``tile`` laid at the end of ``row`` (lengthwise, a double across), the row moved on past it.
 * @returns {Spot} */
function lay(row, tile) {
  const [a, b] = ends(tile);
  const double = a === b;
  const length = double ? UNIT : 2 * UNIT;
  const spot = { tile, on: row.last, train: row.train, x: row.end + length / 2, y: row.y, heading: 0, double, near: row.open, far: a === row.open ? b : a, children: 0, used: new Set() };
  Object.assign(row, { end: row.end + length + GAP, open: spot.far, last: tile });
  return spot;
}

/** Lay ``tile`` on ``on`` in the first good free place (kept on the board when ``commit``): its spot. */
function place(board, tile, on, commit) {
  const { drawing, view, byTile, rects } = board;
  const parent = byTile.get(on);
  if (!parent) return null;
  const [a, b] = ends(tile);
  const double = a === b;
  const open = parent.root && !parent.double && a !== parent.far && b !== parent.far ? parent.near : parent.far;
  const line = drawing === "line";
  const parentRect = rects.find(([owner]) => owner === parent)[1];
  const blocked = (rect) => rects.some(([, other]) => overlaps(rect, other));
  const all = slots(parent, drawing, view);
  const order = freeSlots(parent, open, drawing, view);
  /** @type {Place | null} */
  let best = null;
  for (const push of JUMPS) {
    order.forEach((index, rank) => {
      const [sx, sy, straight] = all[index];
      const first = parent.root ? Number(index >= 2) : parent.turns;
      const [h0, turns] = line ? spiral(sx, sy, straight, first) : [straight, 0];
      for (const bend of line ? SQUARE_BENDS : BENDS) {
        const rect = placeAt(along(sx, sy, h0, push), h0 + bend, double, parentRect);
        if (blocked(rect)) continue;
        const score = cost(rect, h0 + bend, bend, double, blocked) + rank;
        if (!best || score < best.score) best = { score, rect, heading: h0 + bend, index, turns, link: push ? [sx, sy] : null };
      }
    });
    if (best) break;
  }
  best ??= crowded(rects, all[order[0]], double, parentRect, order[0]);
  /** @type {Spot} */
  const spot = { tile, on, x: best.rect.x, y: best.rect.y, heading: best.heading, double, near: a === open ? a : b, far: a === open ? b : a, children: 0, used: new Set(), link: best.link, turns: best.turns ?? 0 };
  if (commit) {
    parent.children += 1;
    parent.used.add(best.index);
    byTile.set(tile, spot);
    rects.push([spot, best.rect]);
  }
  return spot;
}

/** No free place at all: the way from ``slot`` that covers the fewest tiles. @returns {Place} */
function crowded(rects, [sx, sy, h0], double, parentRect, index) {
  let best = { score: Infinity, rect: parentRect, heading: h0, index, turns: 0, link: null };
  for (const bend of BENDS) {
    const rect = placeAt([sx, sy], h0 + bend, double, parentRect);
    const score = rects.filter(([, other]) => overlaps(rect, other)).length + Math.abs(bend) / CROWDED_BEND_DEGREES;
    if (score < best.score) best = { score, rect, heading: h0 + bend, index, turns: 0, link: null };
  }
  return best;
}

/** How many pairs of tiles overlap on the board of ``view`` (none, we hope). */
export function overlapCount(view, drawing) {
  const { tiles } = layout(view, drawing);
  const rects = tiles.map((s) => box(s.x, s.y, angleOf(s)));
  let count = 0;
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => { count += overlaps(a, b) ? 1 : 0; }));
  return count;
}

/** The corners of every tile, for the board's bounds. */
export function bounds(spots) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of spots) {
    const [ux, uy] = unit(angleOf(s));
    for (const [l, w] of [[HL, HW], [HL, -HW], [-HL, HW], [-HL, -HW]]) {
      const [cx, cy] = [s.x + ux * l - uy * w, s.y + uy * l + ux * w];
      [minX, minY, maxX, maxY] = [Math.min(minX, cx), Math.min(minY, cy), Math.max(maxX, cx), Math.max(maxY, cy)];
    }
  }
  return spots.length ? { minX, minY, maxX, maxY } : { minX: -5 * UNIT, minY: -3 * UNIT, maxX: 5 * UNIT, maxY: 3 * UNIT };
}

/** The rotation of a spot's upright face: the far end points along the line; a double lies across it. */
const rotation = (s) => angleOf(s) + (s.double ? -90 : 90);

/** The pending double's mark: an outline round the tile and "play here" beside it, kept upright, on the side
 * of the outline (above, below, right, left, in that order of preference) where it covers the fewest tiles. */
function pendingMark(layer, s, label, portrait, tiles) {
  const group = el("g", { class: "pending-mark", transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)})` }, layer);
  el("rect", { x: -HW - 4, y: -HL - 4, width: UNIT + 8, height: 2 * UNIT + 8, rx: 6, transform: `rotate(${rotation(s)})` }, group);
  const { at: [x, y], box } = captionPlace(s, label, portrait, tiles);
  const text = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", transform: portrait ? `rotate(-90 ${x} ${y})` : "" }, group);
  text.textContent = label;
  return box;
}

/** Where a caption of ``label`` beside the tile ``s`` covers the fewest ``tiles``: its centre from the tile's
 * (``at``), and the box it takes as the page turns the board (``box``), which the board's view keeps in sight. */
function captionPlace(s, label, portrait, tiles) {
  const screen = (x, y) => (portrait ? [-y, x] : [x, y]); // the layer as the page turns it
  const boxOf = (t) => {
    const b = bounds([t]);
    const [x1, y1] = screen(b.minX, b.minY);
    const [x2, y2] = screen(b.maxX, b.maxY);
    return { minX: Math.min(x1, x2), minY: Math.min(y1, y2), maxX: Math.max(x1, x2), maxY: Math.max(y1, y2) };
  };
  const own = boxOf(s);
  const [w, h, gap] = [6.6 * label.length + 6, 13, 8];
  const [cx, cy] = [(own.minX + own.maxX) / 2, (own.minY + own.maxY) / 2];
  /** @type {[number, number][]} */
  const places = [[cx, own.minY - gap - h / 2], [cx, own.maxY + gap + h / 2], [own.maxX + gap + w / 2, cy], [own.minX - gap - w / 2, cy]];
  const others = tiles.filter((t) => t !== s).map(boxOf);
  /** @param {[number, number]} place */
  const covered = ([x, y]) => others.filter((o) => o.minX < x + w / 2 && x - w / 2 < o.maxX && o.minY < y + h / 2 && y - h / 2 < o.maxY).length;
  const [bx, by] = places.reduce((best, place) => (covered(place) < covered(best) ? place : best));
  const [sx, sy] = screen(s.x, s.y);
  const [dx, dy] = [bx - sx, by - sy];
  const at = /** @type {[number, number]} */ ((portrait ? [dy, -dx] : [dx, dy]).map((v) => Number(v.toFixed(1))));
  return { at, box: { minX: bx - w / 2, minY: by - h / 2, maxX: bx + w / 2, maxY: by + h / 2 } };
}

/** The smallest box holding ``a`` (or nothing) and ``b``. */
export const union = (a, b) => (a ? { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) } : b);

/**
 * Draw the table into ``container``: every tile (the last one played marked, ``fresh`` animated as it is
 * laid, the ``recent`` ones the others laid since your last turn outlined, the ``pending`` double marked
 * with ``playHere``) and, for ``choice`` (the moves of one tile of the hand), a lit target where each would go. A
 * ``portrait`` board (a phone held upright) shows the layout a quarter turn round, its lines running up and
 * down, so the tiles come out larger. Returns the SVG, its content's bounds and ``areaOf(key)``, the box of a
 * tile on the board (by name) or of a target (by index), as the page shows it.
 * @param {{choice?: Move[], current?: number | null, fresh?: Tile | null, portrait?: boolean, recent?: Set<Tile>,
 *   pending?: Tile | null, playHere?: string, trains?: {labels: string[], mine: number | null, marked: string} | null}} [options]
 */
export function drawBoard(container, view, drawing, options = {}) {
  const { choice = [], current = null, fresh = null, recent = new Set(), pending = null, playHere = "", trains = null } = options;
  const labels = trains?.labels ?? [];
  const { tiles, targets, rows = [] } = layout(view, drawing, choice.map((move) => [move.tile, move.on ?? null, move.train]), labels);
  const portrait = Boolean(options.portrait) && !rows.length; // trains keep their rows level, their names upright
  const svg = el("svg", { role: "img", "aria-label": container.dataset.label || "", class: "board-svg" });
  const layer = el("g", portrait ? { class: "layer", transform: "rotate(90)" } : { class: "layer" }, svg);
  const lines = rows.length ? drawTrains(layer, rows, view, labels, trains) : null; // under the tiles, names over them
  const turn = (s) => rotation(s) + (portrait ? 90 : 0); // how far the page turns a tile's face
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play");
  for (const s of tiles) {
    if (s.link) {
      const [x2, y2] = along(s.x, s.y, s.heading + 180, s.double ? HW : HL);
      el("line", { x1: s.link[0], y1: s.link[1], x2, y2, class: "link" }, layer);
    }
    const classes = ["tile", last && last.tile === s.tile ? "last" : "", fresh === s.tile ? "new" : "", recent.has(s.tile) ? "recent" : ""].filter(Boolean);
    const group = el("g", { class: classes.join(" "), "data-tile": s.tile, ...(s.train === undefined ? {} : { "data-train": s.train }), transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)}) rotate(${rotation(s)})` }, layer);
    group.appendChild(tileFace(s.far, s.near, turn(s)));
  }
  if (lines) layer.appendChild(lines.names);
  const waiting = pending && tiles.find((s) => s.tile === pending);
  const caption = waiting ? pendingMark(layer, waiting, playHere, portrait, [...tiles, ...targets]) : null;
  container.dataset.pending = waiting ? pending : "";
  targets.forEach((s, index) => {
    const move = choice[index];
    const group = el("g", {
      class: `target${current === index ? " current" : ""}`,
      "data-on": move.on ?? "",
      "data-index": index,
      transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)}) rotate(${rotation(s)})`,
    }, layer);
    el("rect", { x: -HW, y: -HL, width: UNIT, height: 2 * UNIT, rx: 3 }, group);
    const label = el("text", { x: 0, y: 5, "text-anchor": "middle", transform: `rotate(${-turn(s)})` }, group);
    label.textContent = String(index + 1);
  });
  container.replaceChildren(svg);
  container.dataset.tiles = String(tiles.length);
  container.dataset.feet = String(tiles.filter((s) => s.double && !s.root && s.children >= 3).length); // whole later feet
  const frame = (b) => (portrait ? { minX: -b.maxY, maxX: -b.minY, minY: b.minX, maxY: b.maxX } : b); // as the page turns it
  const spots = new Map(tiles.map((s) => /** @type {const} */ ([s.tile, s])));
  const areaOf = (key) => { // the waiting double with its caption
    const s = typeof key === "number" ? targets[key] : spots.get(key);
    return s ? (s === waiting && caption ? union(caption, frame(bounds([s]))) : frame(bounds([s]))) : null;
  };
  return { svg, bounds: union(lines?.box, union(caption, frame(bounds([...tiles, ...targets])))), areaOf };
}

/**
 * Mexican Train's rows under the tiles: a line from the engine to each train and your own train on a band;
 * over the tiles, each train's name on a tab, with a marked train's marker (its ``title`` said), the tabs
 * kept in sight at the left edge of the view by ``stickNames``. ``trains``: {labels, mine (your train's index,
 * or null), marked (the marker's words)}. Returns the box the rows take and the names' group, to add last.
 */
function drawTrains(layer, rows, view, labels, trains) {
  const right = Math.max(...rows.map((row) => row.end), rows[0].x + 2 * UNIT) + GAP;
  const names = el("g", { class: "train-names", "data-x": FAN - 3 });
  rows.forEach((row, i) => {
    const line = view.trains?.[i];
    const mine = i === trains?.mine;
    const attributes = { class: `train${mine ? " mine" : ""}${line?.marked ? " marked" : ""}`, "data-train": row.train };
    const group = el("g", attributes, layer);
    if (mine) el("rect", { x: FAN - 4, y: row.y - HL - 1, width: right - FAN + 4, height: 2 * HL + 2, rx: 6, class: "band" }, group);
    el("line", { x1: HW + GAP, y1: Math.max(-HL + 4, Math.min(HL - 4, row.y)), x2: FAN - 2, y2: row.y, class: "track" }, group);
    const tab = el("g", attributes, names);
    const width = (labels[i] ?? "").length * LETTER + 6;
    el("rect", { x: FAN - 3, y: row.y - 8, width: width + (line?.marked ? MARK : 0), height: 16, rx: 4, class: "tab" }, tab);
    el("text", { x: FAN, y: row.y + 4, class: "train-name" }, tab).textContent = labels[i] ?? "";
    if (line?.marked) {
      const marker = el("g", { class: "marker", transform: `translate(${FAN - 3 + width + MARK / 2 - 2} ${row.y})` }, tab);
      el("title", {}, marker).textContent = trains?.marked ?? "";
      el("circle", { r: 6.5 }, marker);
      el("path", { d: "M-3 3V-4l6 3.5-6 3.5", fill: "#fff" }, marker);
    }
  });
  return { box: { minX: -HW, minY: rows[0].y - HL - 2, maxX: right, maxY: rows[rows.length - 1].y + HL + 2 }, names };
}

/** Mexican Train: the first box to follow stretched over every row (``bounds``: the board's), so the camera
 * keeps every train's end in view, each a place one may play. */
export const allRows = (bounds, boxes) => (boxes.length ? [{ ...boxes[0], minY: bounds.minY, maxY: bounds.maxY }, ...boxes.slice(1)] : boxes);

/** Keep Mexican Train's names in sight: moved right to the left edge of the view ``box`` when it cuts them. */
export function stickNames(svg, box) {
  const names = svg?.querySelector(".train-names");
  if (names && box) names.setAttribute("transform", `translate(${Math.max(0, box.x + 4 - Number(names.dataset.x)).toFixed(1)} 0)`);
}

/**
 * What the camera follows on a dense board, the most important first: the ``pending`` double, the last tile
 * laid, then the ``recent`` tiles (the others' since your turn, latest first), by name. (The places of a tile
 * in hand come before them, all in view together: ``table.js``.)
 * @param {View} view @param {{pending?: Tile | null, recent?: Set<Tile>}} [marks]
 */
export function focusKeys(view, { pending = null, recent = new Set() } = {}) {
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play")?.tile;
  const keys = [pending, last, ...[...recent].reverse()];
  return keys.filter((key) => key !== null && key !== undefined);
}
