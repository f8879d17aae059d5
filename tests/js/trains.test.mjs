// trains.js's Mexican Train layout (trainLayout): the engine at the left, a row per train running right from
// it, targets at the ends of their trains. Run: node --test tests/js/
import assert from "node:assert/strict";
import { test } from "node:test";

import { layout, UNIT } from "../../src/dominohall/web/static/board.js";
import "../../src/dominohall/web/static/trains.js";
import { overlapCount } from "../../src/dominohall/web/static/tree.js";

/** A view of ``seats`` seats on the engine 12-12 whose trains hold the given tiles (seats', then Mexican). */
function view(seats, lines = []) {
  const ids = [...Array(seats).keys(), "mexican"];
  return { centre: "12-12", placed: [], history: [], trains: ids.map((train, i) => ({ train, tiles: lines[i] ?? [], marked: false })) };
}

/** A chain of ``count`` tiles from 12 out, a double every fifth tile (numbers wrap below 12). */
function chain(count, from = 12) {
  const tiles = [];
  let open = from;
  for (let i = 0; i < count; i++) {
    const next = i % 5 === 4 ? open : (open + 5 + i) % 13;
    tiles.push(`${Math.max(open, next)}-${Math.min(open, next)}`);
    open = next;
  }
  return tiles;
}

test("a row per train, seats in order then the Mexican train, evenly spaced round the engine", () => {
  const { tiles, rows } = layout(view(4), "trains");
  assert.deepEqual(rows.map((row) => row.train), [0, 1, 2, 3, "mexican"]);
  assert.deepEqual(tiles.map((s) => [s.tile, s.x, s.y]), [["12-12", 0, 0]]);
  const ys = rows.map((row) => row.y);
  assert.equal(ys[2], 0, "the middle row is level with the engine");
  ys.slice(1).forEach((y, i) => assert.equal(y - ys[i], ys[1] - ys[0]));
  assert.ok(ys[1] - ys[0] >= 2 * UNIT + 4, "a double in one row never touches the next row");
  assert.ok(rows.every((row) => row.x > UNIT), "every train starts right of the engine");
});

test("each tile follows the last one laid on its train, lengthwise, a double across", () => {
  const tiles = ["12-5", "5-5", "5-3"];
  const { tiles: spots, rows } = layout(view(2, [tiles]), "trains");
  const laid = spots.slice(1);
  assert.deepEqual(laid.map((s) => [s.tile, s.on, s.near, s.far, s.double]), [
    ["12-5", "12-12", 12, 5, false], ["5-5", "12-5", 5, 5, true], ["5-3", "5-5", 5, 3, false],
  ]);
  assert.ok(laid.every((s) => s.y === rows[0].y && s.heading === 0));
  assert.ok(laid[0].x < laid[1].x && laid[1].x < laid[2].x);
  assert.equal(laid[1].x - laid[0].x, UNIT + UNIT / 2 + 2, "a double takes a tile's width, not its length");
});

test("the names' column is as wide as the longest name, so no name runs into a train", () => {
  const short = layout(view(2), "trains", [], ["Ann", "Bob", "Mexican"]).rows[0].x;
  const long = layout(view(2), "trains", [], ["Ann", "Bartholomew (you)", "Mexican train"]).rows[0].x;
  assert.ok(long > short + 40);
});

test("a tile that fits several trains has a target at the end of each", () => {
  const v = view(3, [["12-4"], [], ["12-9", "9-4"], ["12-7"]]);
  const extra = [["4-1", "12-4", 0], ["4-1", "9-4", 2], ["7-7", "12-7", "mexican"]];
  const { targets, rows } = layout(v, "trains", extra);
  assert.deepEqual(targets.map((s) => [s.tile, s.on, s.near, s.y]), [["4-1", "12-4", 4, rows[0].y], ["4-1", "9-4", 4, rows[2].y], ["7-7", "12-7", 7, rows[3].y]]);
  assert.equal(targets[0].x, rows[0].end + UNIT, "right after the train's last tile");
  assert.equal(layout(v, "trains", [["4-1", "12-4", 7]]).targets.length, 0, "no target on a train of no seat");
});

test("eight trains of twenty tiles with doubles, and the Mexican train, never overlap", () => {
  const v = view(8, Array.from({ length: 9 }, () => chain(20)));
  assert.equal(overlapCount(v, "trains"), 0);
  const { tiles } = layout(v, "trains");
  assert.equal(tiles.length, 1 + 9 * 20);
});

test("a drawing the board does not have is refused by name, never drawn as another", () => {
  assert.throws(() => layout(view(2), "dominoes-of-the-moon"), /no drawing "dominoes-of-the-moon"/);
});
