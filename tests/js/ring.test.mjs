// The seats around the board (src/dominohall/web/static/ring.js) for 2 to 12 seats: who sits where, in turn
// order from yours, when the cards go compact, and how a scrolling strip of them brings the seat to move into
// view. Run: node --test tests/js/
import assert from "node:assert/strict";
import { describe, test } from "node:test";

// ring.js reads the page's words at import (i18n.js): an empty set of them is enough here
globalThis.document = /** @type {any} */ ({ getElementById: () => ({ textContent: JSON.stringify({ lang: "en", words: {}, plurals: {} }) }) });
const { COMPACT_FROM, others, scrollToShow, sideFor } = await import("../../src/dominohall/web/static/ring.js");

const SIDES = ["left", "top", "right"];

describe("the seats around the board", () => {
  test("the others in turn order from your left, all of them for a watcher", () => {
    assert.deepEqual(others(12, 0), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert.deepEqual(others(12, 7), [8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual(others(9, null), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  for (let n = 1; n <= 12; n++) {
    test(`${n} other seats go up the left, across the top, down the right, evenly`, () => {
      const sides = Array.from({ length: n }, (_, k) => sideFor(k, n));
      const ranks = sides.map((side) => SIDES.indexOf(side));
      assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), `out of turn order: ${sides}`);
      const count = (side) => sides.filter((s) => s === side).length;
      assert.equal(count("left"), count("right"), "as many on either side");
      assert.ok((n < 3 || count("top") >= count("left")) && count("top") - count("left") <= 3, `${sides}`); // two: one each side
    });
  }

  test("twelve seats: three up each side and five across the top", () => {
    const sides = Array.from({ length: 11 }, (_, k) => sideFor(k, 11));
    assert.deepEqual(sides, ["left", "left", "left", "top", "top", "top", "top", "top", "right", "right", "right"]);
  });

  test("the cards go compact from nine seats on (eight others), not at eight", () => {
    assert.equal(COMPACT_FROM, 8);
    assert.ok(others(9, 0).length >= COMPACT_FROM && others(8, 0).length < COMPACT_FROM);
  });
});

describe("a strip of seats brings the one to move into view", () => {
  test("a card in view stays where it is", () => {
    assert.equal(scrollToShow(100, 190, 50, 300), 50);
    assert.equal(scrollToShow(0, 90, 0, 374), 0);
  });

  test("a card off to the right is scrolled in as far as its right edge, with a margin", () => {
    assert.equal(scrollToShow(900, 1000, 0, 374), 1000 - 374 + 8);
  });

  test("a card off to the left is scrolled in at its left edge, never past the start", () => {
    assert.equal(scrollToShow(200, 300, 600, 374), 192);
    assert.equal(scrollToShow(4, 94, 300, 374), 0);
  });

  test("a card wider than the view shows its start", () => {
    assert.equal(scrollToShow(500, 1000, 0, 374), 492);
  });
});
