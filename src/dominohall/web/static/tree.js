// Tiles laid on tiles, a tree grown from the first: the layout that Chicken Foot's feet (feet.js) and the
// standard game's line (line.js) share, each with its own rules. A tile is laid at a free slot of the tile it
// extends: the open end of a line, a toe of a double's foot, a side or arm of the lead or a spinner. When the
// straight way is taken, the line bends, preferring a way that leaves room ahead and points outward; when every
// way is taken it jumps a little further out, with a dashed link back to its line. A tile never moves once down.
import { along, angleOf, ends, GAP, HL, HW, layout, UNIT, unit } from "./board.js";

export const BENDS = [0, 30, -30, 60, -60, 90, -90, 120, -120]; // up to 120 degrees either way
// The cost of a free place (lower is better), in ranks of the slot order (a later slot costs one more):
const BEND_DEGREES = 30; // each 30 degrees of bend cost one
const BLOCKED_AHEAD = 2.5; // no room for the next tile straight ahead
const OUTWARD = 0.4; // pointing back toward the middle (up to twice this, pointing straight at it)
const JUMPS = [0, 1.2 * UNIT, 2.4 * UNIT, 3.6 * UNIT, 5 * UNIT]; // how far out a tile jumps when every way is taken
const CROWDED_BEND_DEGREES = 360; // with no free place, the bend only parts ways that cover as many tiles
const OVERLAP_HAIR = 1.5; // rectangles that overlap by less than this still count as apart

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

/** How many pairs of tiles overlap on the board of ``view`` (none, we hope). */
export function overlapCount(view, drawing) {
  const { tiles } = layout(view, drawing);
  const rects = tiles.map((s) => box(s.x, s.y, angleOf(s)));
  let count = 0;
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => { count += overlaps(a, b) ? 1 : 0; }));
  return count;
}

/**
 * A drawing's rules: ``centre``, the tree grows from the view's centre double (else from the lead);
 * ``doubles(p, view, front, side)``, the slots of a double ``p`` (``front(heading)`` and ``side(sign)`` make
 * one); ``way(x, y, heading, turns)``, the [heading, turns] of a tile laid from (x, y), if the drawing turns
 * its lines; ``bends``, the bends a tile may take from that heading.
 * @typedef {{centre: boolean, doubles: (p: Spot, view: View, front: (h: number) => Slot, side: (sign: number) => Slot) => Slot[],
 *   way?: (x: number, y: number, heading: number, turns: number) => [number, number], bends: number[]}} Rules
 */

/** Where the tiles laid on ``p`` start: [x, y, heading] per slot, in the order they are filled.
 * @param {Spot} p @param {Rules} rules @returns {Slot[]} */
function slots(p, rules, view) {
  const { x, y, heading: h } = p;
  if (!p.double) return p.root ? [[x + HL, y, 0], [x - HL, y, 180]] : [[...along(x, y, h, HL), h]];
  /** @returns {Slot} */
  const side = (sign) => [...along(x, y, h + 90 * sign, HL), h + 90 * sign];
  /** @returns {Slot} */
  const front = (hh) => [...along(x, y, hh, HW), hh];
  return rules.doubles(p, view, front, side);
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
function freeSlots(parent, open, rules, view) {
  const all = slots(parent, rules, view);
  if (parent.root && !parent.double && !rules.centre) return [open === parent.far ? 0 : 1];
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
 * Every tile on the table with its place by ``rules``: {tiles: [{tile, on, x, y, heading, double, root, near,
 * far, link}], targets}, the root first; each of ``extra`` (a tile and the tile it would be laid on) is placed
 * as if it came next, as a target.
 * @param {View} view @param {Rules} rules
 */
export function treeLayout(view, rules, extra = []) {
  const placed = view.placed || [];
  let rootTile = rules.centre ? view.centre : null;
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
  const board = { rules, view, byTile: new Map([[rootTile, root]]), rects };
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
  const { rules, view, byTile, rects } = board;
  const parent = byTile.get(on);
  if (!parent) return null;
  const [a, b] = ends(tile);
  const double = a === b;
  const open = parent.root && !parent.double && a !== parent.far && b !== parent.far ? parent.near : parent.far;
  const parentRect = rects.find(([owner]) => owner === parent)[1];
  const blocked = (rect) => rects.some(([, other]) => overlaps(rect, other));
  const all = slots(parent, rules, view);
  const order = freeSlots(parent, open, rules, view);
  /** @type {Place | null} */
  let best = null;
  for (const push of JUMPS) {
    order.forEach((index, rank) => {
      const [sx, sy, straight] = all[index];
      const first = parent.root ? Number(index >= 2) : parent.turns;
      const [h0, turns] = rules.way ? rules.way(sx, sy, straight, first) : [straight, 0];
      for (const bend of rules.bends) {
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
