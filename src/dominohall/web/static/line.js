// The standard game's drawing, "line": one line from the lead, or a spinner's arms, in the tree of tiles
// (tree.js), winding round the middle at right angles. Loaded only by the pages of games drawn so.
import { addDrawing, HL, UNIT, unit } from "./board.js";
import { treeLayout } from "./tree.js";

const SQUARE_BENDS = [0, 90, -90]; // the line keeps to right angles
const SPIRAL_REACH = [8 * UNIT, 3 * UNIT]; // how far the line runs across, and up or down
const SPIRAL_LANE = 2.5 * UNIT; // how far out it moves every second turn

/**
 * The line winds round the middle like a snake on a real table: each arm runs straight to a limit, turns a
 * right angle clockwise, and every second turn the limits move out a lane, so the arms never meet.
 * [heading, turns] for a tile laid from (sx, sy) on a line heading ``heading``.
 * @returns {[number, number]}
 */
function spiral(sx, sy, heading, turns) {
  const [dx, dy] = unit(heading);
  if (Math.abs(dx) > 0.01 && Math.abs(dy) > 0.01) return [heading, turns];
  const across = Math.abs(dx) > 0.5;
  const reach = (across ? sx * dx : sy * dy) + 2 * HL;
  const limit = SPIRAL_REACH[across ? 0 : 1] + Math.floor(turns / 2) * SPIRAL_LANE;
  return reach > limit ? [heading + 90, turns + 1] : [heading, turns];
}

/** @type {import("./tree.js").Rules} */
const rules = {
  centre: false,
  bends: SQUARE_BENDS,
  way: spiral,
  // a spinner (the lead double) has four arms; a later double lies across the line, its front and sides free
  doubles: (p, view, front, side) => (p.root ? [front(0), front(180), side(-1), side(1)] : [front(p.heading), side(-1), side(1)]),
};

addDrawing("line", { layout: (view, extra) => treeLayout(view, rules, extra) });
