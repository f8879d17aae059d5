// The board and the tiles as SVG: no library, no build step.
//
// `layout(view, game)` places every tile on the table in the order it was played, so a tile never moves once
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
function slots(p, game, view) {
  const { x, y, heading: h } = p;
  if (!p.double) return p.root ? [[x + HL, y, 0], [x - HL, y, 180]] : [[...along(x, y, h, HL), h]];
  /** @returns {Slot} */
  const side = (sign) => [...along(x, y, h + 90 * sign, HL), h + 90 * sign];
  /** @returns {Slot} */
  const front = (hh) => [...along(x, y, hh, HW), hh];
  if (game === "chickenfoot") {
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
function freeSlots(parent, open, game, view) {
  const all = slots(parent, game, view);
  if (parent.root && !parent.double && game !== "chickenfoot") return [open === parent.far ? 0 : 1];
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
export function layout(view, game, extra = []) {
  const placed = view.placed || [];
  let rootTile = game === "chickenfoot" ? view.centre : null;
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
  const board = { game, view, byTile: new Map([[rootTile, root]]), rects };
  const tiles = [root];
  for (const [tile, on] of placed) {
    const spot = tile === rootTile ? null : place(board, tile, on, true);
    if (spot) tiles.push(spot);
  }
  const targets = extra.map(([tile, on]) => place(board, tile, on ?? rootTile, false)).filter(Boolean);
  return { tiles, targets };
}

/** Lay ``tile`` on ``on`` in the first good free place (kept on the board when ``commit``): its spot. */
function place(board, tile, on, commit) {
  const { game, view, byTile, rects } = board;
  const parent = byTile.get(on);
  if (!parent) return null;
  const [a, b] = ends(tile);
  const double = a === b;
  const open = parent.root && !parent.double && a !== parent.far && b !== parent.far ? parent.near : parent.far;
  const standard = game !== "chickenfoot";
  const parentRect = rects.find(([owner]) => owner === parent)[1];
  const blocked = (rect) => rects.some(([, other]) => overlaps(rect, other));
  const all = slots(parent, game, view);
  const order = freeSlots(parent, open, game, view);
  /** @type {Place | null} */
  let best = null;
  for (const push of JUMPS) {
    order.forEach((index, rank) => {
      const [sx, sy, straight] = all[index];
      const first = parent.root ? Number(index >= 2) : parent.turns;
      const [h0, turns] = standard ? spiral(sx, sy, straight, first) : [straight, 0];
      for (const bend of standard ? SQUARE_BENDS : BENDS) {
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
export function overlapCount(view, game) {
  const { tiles } = layout(view, game);
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
 *   pending?: Tile | null, playHere?: string}} [options]
 */
export function drawBoard(container, view, game, options = {}) {
  const { choice = [], current = null, fresh = null, portrait = false, recent = new Set(), pending = null, playHere = "" } = options;
  const { tiles, targets } = layout(view, game, choice.map((move) => [move.tile, move.on ?? null]));
  const svg = el("svg", { role: "img", "aria-label": container.dataset.label || "", class: "board-svg" });
  const layer = el("g", portrait ? { class: "layer", transform: "rotate(90)" } : { class: "layer" }, svg);
  const turn = (s) => rotation(s) + (portrait ? 90 : 0); // how far the page turns a tile's face
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play");
  for (const s of tiles) {
    if (s.link) {
      const [x2, y2] = along(s.x, s.y, s.heading + 180, s.double ? HW : HL);
      el("line", { x1: s.link[0], y1: s.link[1], x2, y2, class: "link" }, layer);
    }
    const classes = ["tile", last && last.tile === s.tile ? "last" : "", fresh === s.tile ? "new" : "", recent.has(s.tile) ? "recent" : ""].filter(Boolean);
    const group = el("g", { class: classes.join(" "), "data-tile": s.tile, transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)}) rotate(${rotation(s)})` }, layer);
    group.appendChild(tileFace(s.far, s.near, turn(s)));
  }
  const waiting = pending && tiles.find((s) => s.tile === pending);
  const caption = waiting ? pendingMark(layer, waiting, playHere, portrait, tiles) : null;
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
  return { svg, bounds: union(caption, frame(bounds([...tiles, ...targets]))), areaOf };
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
