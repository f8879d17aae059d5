// The end of a standard hand in words (src/dominohall/web/static/summary.js's awardLine): who won it and what
// that earned, as the server tells them in the view (its `winner`, `pips` per side and `scores`, each play's
// `points`): the page never counts pips or works out the winner of a blocked hand itself. Run: node --test tests/js/
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import "./games.mjs";

const WORDS = {
  award_fewest: "%(name)s holds the fewest pips (%(num)d) and wins the hand.",
  award_level: "The fewest pips are level (%(num)d): nobody wins the hand or scores for it.",
  award_pips: "The winner scores %(points)s: the pips left in the other hands.",
  award_five: "The winner scores %(points)s: the pips left in the other hands (%(num)d), rounded to the nearest 5.",
  award_bergen: "The winner scores %(points)s for winning the hand.",
};
const PLURALS = { points_total: { one: "%(num)d point", other: "%(num)d points" } };
globalThis.document = /** @type {any} */ ({ getElementById: () => ({ textContent: JSON.stringify({ lang: "en", words: WORDS, plurals: PLURALS }) }) });
const { awardLine } = await import("../../src/dominohall/web/static/summary.js");

const table = (mode, sides) => ({ options: { mode }, sides });
const SOLO = ["Ann", "Bo", "Cy"];

describe("a standard hand's award line", () => {
  test("names the told winner of a blocked hand, even where the hands would count otherwise", () => {
    // the final hands hold more pips for Bo, yet the server says Bo won: the page says what it is told
    const view = { end: "blocked", winner: 1, pips: [3, 9, 12], scores: [0, 15, 0], history: [], final_hands: [["1-2"], ["6-6"], ["6-6"]] };
    assert.equal(awardLine(view, table("block", [0, 1, 2]), SOLO), "Bo holds the fewest pips (9) and wins the hand. The winner scores 15 points: the pips left in the other hands.");
  });

  test("says nobody won when the server tells no winner, with the level count it tells", () => {
    const view = { end: "blocked", winner: null, pips: [7, 7, 10], scores: [0, 0, 0], history: [], final_hands: [[], [], []] };
    assert.equal(awardLine(view, table("draw", [0, 1, 2]), SOLO), "The fewest pips are level (7): nobody wins the hand or scores for it.");
  });

  test("of a domino: the told winner's award is its hand's score less what its plays scored, the others' pips told", () => {
    const history = [{ seat: 0, kind: "play", tile: "5-5", on: null, points: 10 }, { seat: 1, kind: "play", tile: "5-0", on: "5-5", points: 5 }, { seat: 2, kind: "play", tile: "0-0", on: "5-0", points: 0 }];
    const view = { end: "domino", winner: 0, pips: [0, 12], scores: [20, 5], history, final_hands: [[], ["6-6"], [], ["0-0"]] };
    assert.equal(awardLine(view, table("allfives", [0, 1, 0, 1]), ["Ann & Cy", "Bo & Di"]), "The winner scores 10 points: the pips left in the other hands (12), rounded to the nearest 5.");
  });

  test("of a Bergen hand", () => {
    const view = { end: "domino", winner: 2, pips: [4, 6, 0], scores: [2, 0, 1], history: [{ seat: 0, kind: "play", tile: "3-3", on: null, points: 2 }], final_hands: [["2-2"], ["3-3"], []] };
    assert.equal(awardLine(view, table("bergen", [0, 1, 2]), SOLO), "The winner scores 1 point for winning the hand.");
  });

  test("is empty while the hand is played, and for a view that tells no pips", () => {
    assert.equal(awardLine({ end: null, winner: null, pips: null, scores: [0, 0], history: [] }, table("draw", [0, 1]), SOLO), "");
    assert.equal(awardLine({ end: "domino", scores: [9, 0], history: [], final_hands: [[], ["4-5"]] }, table("draw", [0, 1]), SOLO), "");
  });
});
