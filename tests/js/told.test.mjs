// The server tells, the page draws: the replay viewer takes each play's points and each seat's side from the
// record (docs/records.md), the table page takes a play's points from its move frame (docs/protocol.md); none
// of them counts All Fives or Bergen, or works out the partners, itself.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { playPoints, readRecord, RecordProblem } from "../../src/dominohall/web/static/record.js";
import "./games.mjs";
import { initialState, noteFeed } from "../../src/dominohall/web/static/state.js";

const load = (path) => JSON.parse(readFileSync(path, "utf8"));
const GOLDEN = "tests/engine/golden";

describe("a record's points", () => {
  test("are the record's own, each play's as written: tampered numbers are shown as they are (verify judges them)", () => {
    const data = load(`${GOLDEN}/std-2p-allfives-150.json`);
    const moves = data.rounds[0].moves;
    const scoring = moves.findIndex((move) => move.points > 0);
    assert.ok(scoring >= 0, "the golden hand has a play that scored");
    const quiet = moves.findIndex((move) => move.points === 0);
    moves[scoring].points = 95; // no All Fives play counts 95: only the record says it
    moves[quiet].points = 7;
    const points = playPoints(readRecord(data).rounds[0]);
    assert.equal(points[scoring], 95);
    assert.equal(points[quiet], 7);
    assert.deepEqual(points.filter((_, index) => index !== scoring && index !== quiet), moves.filter((_, index) => index !== scoring && index !== quiet).map((move) => move.points ?? 0));
  });

  test("are none for a record that tells none (an old record, the draw game): nothing is counted", () => {
    const data = load(`${GOLDEN}/std-3p-bergen-15.json`);
    for (const round of data.rounds) for (const move of round.moves) delete move.points;
    assert.equal(playPoints(readRecord(data).rounds[0]), null);
    assert.equal(playPoints(readRecord(load(`${GOLDEN}/std-2p-draw.json`)).rounds[0]), null);
  });

  test("that are not a whole number are refused", () => {
    const data = load(`${GOLDEN}/std-3p-bergen-15.json`);
    const index = data.rounds[0].moves.findIndex((move) => "points" in move);
    data.rounds[0].moves[index].points = "2";
    assert.throws(() => readRecord(data), (error) => error instanceof RecordProblem && error.params.move === index + 1);
  });
});

describe("a record's sides", () => {
  test("are the record's own: partners, each seat its own, or whatever the record says", () => {
    assert.deepEqual(readRecord(load(`${GOLDEN}/std-4p-allfives-partners-d9.json`)).sides, [0, 1, 0, 1]);
    assert.deepEqual(readRecord(load(`${GOLDEN}/std-3p-block.json`)).sides, [0, 1, 2]);
    assert.deepEqual(readRecord(load(`${GOLDEN}/cf-5p-full-blank25.json`)).sides, [0, 1, 2, 3, 4]);
    const told = load(`${GOLDEN}/std-4p-allfives-partners-d9.json`);
    told.sides = [0, 0, 1, 1]; // not the partners' rule: the page draws what the record says
    assert.deepEqual(readRecord(told).sides, [0, 0, 1, 1]);
  });

  test("of a record written before it said them: one per seat, or the format's two teams of partners", () => {
    const partners = load("tests/engine/examples/standard-draw-partners.json");
    assert.equal(partners.sides, undefined);
    assert.deepEqual(readRecord(partners).sides, [0, 1, 0, 1]);
    assert.deepEqual(readRecord(load("tests/engine/examples/chickenfoot-4-players-full.json")).sides, [0, 1, 2, 3]);
  });

  test("that are not one side per seat are refused", () => {
    const data = load(`${GOLDEN}/std-4p-allfives-partners-d9.json`);
    data.sides = [0, 1];
    assert.throws(() => readRecord(data), RecordProblem);
  });
});

describe("the table page's feed", () => {
  const feed = initialState().feed;
  const view = (scores, end = null) => /** @type {any} */ ({ scores, end, history: [] });

  test("notes the points a move frame tells, not what it would count from the scores", () => {
    const frame = /** @type {any} */ ({ t: "move", seq: 5, seat: 1, move: { kind: "play", tile: "5-0", on: "5-5", points: 5 } });
    assert.deepEqual(noteFeed(feed, 3, frame, view([0, 0]), view([0, 20])).scored, { 3: 5 });
  });

  test("notes the points of the play that ends the hand, apart from the hand's award", () => {
    const frame = /** @type {any} */ ({ t: "move", seq: 9, seat: 0, move: { kind: "play", tile: "6-4", on: "4-4", points: 10 } });
    assert.deepEqual(noteFeed(feed, 8, frame, view([5, 0]), view([45, 0], "domino")).scored, { 8: 10 });
  });

  test("notes nothing for a play that tells it scored nothing", () => {
    const frame = /** @type {any} */ ({ t: "move", seq: 5, seat: 0, move: { kind: "play", tile: "3-1", on: "3-3", points: 0 } });
    assert.deepEqual(noteFeed(feed, 2, frame, view([0, 0]), view([0, 0])).scored, {});
  });
});
