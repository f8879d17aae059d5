// The move log's words at Mexican Train (src/dominohall/web/static/feed.js): each play says on whose train
// it went, in the first or third person, in the log, the live region and the Hint line; and a seat's train
// notes: its mark, the double it left to cover; and a turn the clock finished, said once in the log.
// Run: node --test tests/js/
import assert from "node:assert/strict";
import { describe, test } from "node:test";

const WORDS = {
  played_on: "%(name)s played %(tile)s on %(on)s",
  you_played_on: "You played %(tile)s on %(on)s",
  led: "%(name)s led %(tile)s",
  played: "%(name)s played %(tile)s",
  drew: "%(name)s drew a tile",
  passed: "%(name)s passed",
  you_passed: "You passed",
  played_on_mexican: "%(name)s played %(tile)s on %(on)s, on the Mexican train",
  played_on_yours: "%(name)s played %(tile)s on %(on)s, on your train",
  played_on_own: "%(name)s played %(tile)s on %(on)s, on their own train",
  played_on_of: "%(name)s played %(tile)s on %(on)s, on %(owner)s's train",
  you_played_on_mexican: "You played %(tile)s on %(on)s, on the Mexican train",
  you_played_on_yours: "You played %(tile)s on %(on)s, on your train",
  you_played_on_of: "You played %(tile)s on %(on)s, on %(owner)s's train",
  hint_play: "Hint: play %(tile)s on %(on)s",
  hint_lead: "Hint: lead with %(tile)s",
  hint_play_mexican: "Hint: play %(tile)s on %(on)s, on the Mexican train",
  hint_play_yours: "Hint: play %(tile)s on %(on)s, on your train",
  hint_play_of: "Hint: play %(tile)s on %(on)s, on %(owner)s's train",
  train_open: "train open to all",
  train_open_short: "open to all",
  double_uncovered: "%(tile)s not yet covered",
  double_to_cover: "%(tile)s to cover",
  timed_out_move: "%(name)s ran out of time",
  timed_out_drew_passed: "%(name)s ran out of time: drew a tile and passed",
  you_drew: "You drew %(tile)s",
  no_moves_yet: "No moves yet",
};
globalThis.document = /** @type {any} */ ({
  getElementById: () => ({ textContent: JSON.stringify({ lang: "en", words: WORDS, plurals: {} }) }),
  createElement: (tag) => ({ tag, textContent: "", attributes: {}, setAttribute(key, value) { this.attributes[key] = value; } }),
});
const { hintLine, moveLine, renderLog, sinceMyTurn, spokenMove, trainNotes, trainSaid } = await import("../../src/dominohall/web/static/feed.js");


const NAMES = ["Ann", "Bo", "Cy", "Di"];
const nameOf = (seat) => NAMES[seat];
const play = (seat, train, tile = "12-6", on = "12-12") => ({ kind: "play", seat, tile, on, train });

describe("a Mexican Train play in words", () => {
  test("whose train: the Mexican one, yours, the mover's own, another seat's", () => {
    assert.equal(trainSaid("mexican", 1, 0), "mexican");
    assert.equal(trainSaid(0, 1, 0), "yours");
    assert.equal(trainSaid(1, 1, 0), "own");
    assert.equal(trainSaid(2, 1, 0), "of");
    assert.equal(trainSaid(1, 1, null), "own", "a watcher has no train");
    assert.equal(trainSaid(0, 0, 0, true), "yours", "your move on your own train");
    assert.equal(trainSaid(2, 0, 0, true), "of");
    assert.equal(trainSaid(undefined, 1, 0), null, "the other games' plays name no train");
  });

  test("the log says on whose train each play went", () => {
    const trains = { you: 0, nameOf };
    assert.equal(moveLine(play(1, 2), "Bo", false, trains), "Bo played 12-6 on 12-12, on Cy's train");
    assert.equal(moveLine(play(1, 1), "Bo", false, trains), "Bo played 12-6 on 12-12, on their own train");
    assert.equal(moveLine(play(1, 0), "Bo", false, trains), "Bo played 12-6 on 12-12, on your train");
    assert.equal(moveLine(play(1, "mexican"), "Bo", false, trains), "Bo played 12-6 on 12-12, on the Mexican train");
    assert.equal(moveLine(play(0, 0), "Ann", true, trains), "You played 12-6 on 12-12, on your train");
    assert.equal(moveLine(play(0, 3), "Ann", true, trains), "You played 12-6 on 12-12, on Di's train");
    assert.equal(moveLine(play(0, "mexican"), "Ann", true, trains), "You played 12-6 on 12-12, on the Mexican train");
    assert.equal(moveLine(play(0, 0), "Ann (bot)", false, trains), "Ann (bot) played 12-6 on 12-12, on their own train", "a stand-in's move");
  });

  test("the other games' plays, and draws and passes, are told as before", () => {
    const trains = { you: 0, nameOf };
    assert.equal(moveLine({ kind: "play", seat: 1, tile: "9-4", on: "9-9" }, "Bo", false, trains), "Bo played 9-4 on 9-9");
    assert.equal(moveLine({ kind: "play", seat: 1, tile: "6-6", on: null }, "Bo", false, trains), "Bo led 6-6");
    assert.equal(moveLine(play(1, 2), "Bo"), "Bo played 12-6 on 12-12", "no names given: no train said");
    assert.equal(moveLine({ kind: "pass", seat: 0 }, "Ann", true, trains), "You passed");
  });

  test("the live region says the train of a Mexican Train play, the short line otherwise", () => {
    assert.equal(spokenMove(play(2, 0), "Cy", 0, nameOf), "Cy played 12-6 on 12-12, on your train");
    assert.equal(spokenMove({ kind: "play", seat: 2, tile: "9-4", on: "9-9" }, "Cy", 0, nameOf), "Cy played 9-4");
    assert.equal(spokenMove({ kind: "draw", seat: 2 }, "Cy", 0, nameOf), "Cy drew a tile");
  });

  test("the hint names its train", () => {
    assert.equal(hintLine({ kind: "play", tile: "12-6", on: "12-12", train: 0 }, 0, nameOf), "Hint: play 12-6 on 12-12, on your train");
    assert.equal(hintLine({ kind: "play", tile: "12-6", on: "12-12", train: 2 }, 0, nameOf), "Hint: play 12-6 on 12-12, on Cy's train");
    assert.equal(hintLine({ kind: "play", tile: "12-6", on: "12-12", train: "mexican" }, 0, nameOf), "Hint: play 12-6 on 12-12, on the Mexican train");
    assert.equal(hintLine({ kind: "play", tile: "9-4", on: "9-9" }, 0, nameOf), "Hint: play 9-4 on 9-9");
    assert.equal(hintLine({ kind: "play", tile: "6-6", on: null }, 0, nameOf), "Hint: lead with 6-6");
  });
});

describe("a seat's train notes", () => {
  const view = (extra = {}) => ({
    trains: [0, 1, 2, "mexican"].map((train) => ({ train, tiles: [], end: "12-12", number: 12, marked: train === 1 })),
    end: null, ...extra,
  });

  test("a marked train is open to all; the seat that laid an uncovered double has it noted (and in short)", () => {
    assert.deepEqual(trainNotes(view(), 1), [{ kind: "marked", text: "train open to all", short: "open to all" }]);
    assert.deepEqual(trainNotes(view(), 0), []);
    const uncovered = { kind: "uncovered", text: "7-7 not yet covered", short: "7-7 to cover" };
    assert.deepEqual(trainNotes(view({ uncovered: "7-7", uncovered_by: 2 }), 2), [uncovered]);
    assert.deepEqual(trainNotes(view({ uncovered: "7-7", uncovered_by: 1 }), 1).map((note) => note.kind), ["marked", "uncovered"]);
  });

  test("nothing in the other games, nor once the round is over", () => {
    assert.deepEqual(trainNotes({ history: [] }, 1), []);
    assert.deepEqual(trainNotes(view({ end: "domino" }), 1), []);
    assert.deepEqual(trainNotes(null, 1), []);
  });
});

describe("a turn that ran out of time, in the log", () => {
  /** The log's lines for ``history`` with the moves at ``timeouts`` made by the clock, told to seat ``you``. */
  const lines = (history, timeouts, you = 2) => {
    const list = { scrollTop: 0, clientHeight: 0, scrollHeight: 0, items: [], replaceChildren(...items) { this.items = items; } };
    renderLog(list, { history }, { round: "1:0", timeouts, standIn: [], scored: {} }, nameOf, you);
    return list.items.map((item) => item.textContent);
  };
  const before = play(1, undefined, "9-4", "9-9");

  test("a draw and its pass are one line: the seat ran out of time, drew a tile and passed", () => {
    const turn = [before, { kind: "draw", seat: 0, tile: null }, { kind: "pass", seat: 0 }];
    assert.deepEqual(lines(turn, [1, 2]), ["Bo played 9-4 on 9-9", "Ann ran out of time: drew a tile and passed"]);
    assert.deepEqual(lines([...turn, play(1, undefined, "4-2", "9-4"), { kind: "draw", seat: 0, tile: "5-1" }, { kind: "pass", seat: 0 }], [1, 2, 4, 5], 0),
      ["Bo played 9-4 on 9-9", "Ann ran out of time: drew a tile and passed", "Bo played 4-2 on 9-4", "Ann ran out of time: drew a tile and passed"]);
  });

  test("a draw whose tile the clock then plays says the timeout once, then both moves", () => {
    const turn = [before, { kind: "draw", seat: 0, tile: null }, play(0, undefined, "4-3", "9-4")];
    assert.deepEqual(lines(turn, [1, 2]), ["Bo played 9-4 on 9-9", "Ann ran out of time", "Ann drew a tile", "Ann played 4-3 on 9-4"]);
  });

  test("a pass made by the person after a timed-out draw of another turn is theirs", () => {
    const turns = [{ kind: "draw", seat: 0, tile: null }, play(0, undefined, "4-3", "9-4"), { kind: "pass", seat: 0 }];
    assert.deepEqual(lines(turns, [0, 1]), ["Ann ran out of time", "Ann drew a tile", "Ann played 4-3 on 9-4", "Ann passed"]);
  });
});

describe("the tiles outlined as laid lately", () => {
  const laid = (seat, tile) => ({ kind: "play", seat, tile, on: "9-9" });
  const history = [laid(0, "9-1"), laid(1, "9-2"), laid(2, "9-3"), laid(3, "9-4"), laid(0, "9-5"), { kind: "draw", seat: 1, tile: null }, laid(2, "9-6")];
  test("a player sees the others' since their own last move", () => {
    assert.deepEqual([...sinceMyTurn({ history }, 0)], ["9-6"]);
    assert.deepEqual([...sinceMyTurn({ history }, 3)], ["9-5", "9-6"]);
  });
  test("a watcher sees the last round of moves, not the whole round's", () => {
    assert.deepEqual([...sinceMyTurn({ history }, null)], ["9-4", "9-5", "9-6"]); // since seat 2's move before
    assert.deepEqual([...sinceMyTurn({ history: history.slice(0, 2) }, null)], ["9-1", "9-2"]);
  });
});
