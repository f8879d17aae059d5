// The standard game's drawing, "line": one line from the lead, or a spinner's arms, in the tree of tiles
// (tree.js), winding round the middle at right angles. Loaded only by the pages of games drawn so.
import { addDrawing, HL, UNIT, unit } from "./board.js";
import { treeLayout } from "./tree.js";

const SQUARE_BENDS = [0, 90, -90]; // the line keeps to right angles
const SPIRAL_REACH = [8 * UNIT, 3 * UNIT]; // how far the line runs across, and up or down
const SPIRAL_TURN = 11 * UNIT; // a narrower board: what the line loses across it runs longer up and down
const SPIRAL_LANE = 2.5 * UNIT; // how far out it moves every second turn

/** How far the line runs across and up or down before it turns, on a board of ``room`` ([across, down] in
 * units at a legible scale): as far as SPIRAL_REACH, less across where the board is narrower (a phone held
 * upright), so that its first round stays on the screen, and longer up and down as far as it runs across.
 * @param {number[]} [room] @returns {number[]} */
function reachIn(room) {
  if (!room) return SPIRAL_REACH;
  const across = Math.min(SPIRAL_REACH[0], Math.max(SPIRAL_REACH[1], Math.floor((room[0] / 2 - HL - UNIT / 2) / UNIT) * UNIT));
  return [across, Math.min(across, Math.max(SPIRAL_REACH[1], SPIRAL_TURN - across))];
}

/**
 * The line winds round the middle like a snake on a real table: each arm runs straight to a limit (``reach``,
 * across and up or down), turns a right angle clockwise, and every second turn the limits move out a lane,
 * so the arms never meet. The way, [heading, turns], of a tile laid from (sx, sy) on a line heading ``heading``.
 * @param {number[]} reach @returns {(sx: number, sy: number, heading: number, turns: number) => [number, number]}
 */
const spiral = (reach) => (sx, sy, heading, turns) => {
  const [dx, dy] = unit(heading);
  if (Math.abs(dx) > 0.01 && Math.abs(dy) > 0.01) return [heading, turns];
  const across = Math.abs(dx) > 0.5;
  const far = (across ? sx * dx : sy * dy) + 2 * HL;
  const limit = reach[across ? 0 : 1] + Math.floor(turns / 2) * SPIRAL_LANE;
  return far > limit ? [heading + 90, turns + 1] : [heading, turns];
};

/** The line's rules on a board of ``room`` (see ``reachIn``). @returns {import("./tree.js").Rules} */
const rules = (room) => ({
  centre: false,
  bends: SQUARE_BENDS,
  way: spiral(reachIn(room)),
  // a spinner (the lead double) has four arms; a later double lies across the line, its front and sides free
  doubles: (p, view, front, side) => (p.root ? [front(0), front(180), side(-1), side(1)] : [front(p.heading), side(-1), side(1)]),
});

// a line has two ends (four round a spinner): the camera keeps those you can play at in view
addDrawing("line", { layout: (view, extra, labels, room) => treeLayout(view, rules(room), extra), ends: true });
