// The replay viewer's and the tutorial's reading of a record (src/dominohall/web/static/record.js) without a
// browser: every shared example and golden record read and replayed, every tile kept track of at every move,
// Chicken Foot's penalties the pips left (with 0-0's value), and records that do not hold together refused.
// (tests/web/test_replay.py compares the page's positions with the engine's.)
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  boardView, pipsOf, positionHash, readPosition, readRecord, RecordProblem, replayRound, runningTotals, waitingDouble,
} from "../../src/dominohall/web/static/record.js";
import { knows } from "../../src/dominohall/web/static/games.js";
import "./games.mjs";

const FOLDERS = ["tests/engine/examples", "tests/engine/golden"];
const stored = FOLDERS.flatMap((folder) => readdirSync(folder).filter((name) => name.endsWith(".json"))
  .map((name) => [`${folder}/${name}`, JSON.parse(readFileSync(`${folder}/${name}`, "utf8"))]));
// every stored record is of a game the viewer knows: Chicken Foot, the standard game and Mexican Train
const records = stored;

/** The tiles of a set double-``top``: as many as its tiles. */
const setSize = (top) => ((top + 1) * (top + 2)) / 2;

describe("every stored record", () => {
  test("there are records of the three games to read, and the viewer knows each", () => {
    for (const game of ["chickenfoot", "standard", "mexicantrain"]) assert.ok(records.some(([, data]) => data.game === game), game);
    assert.deepEqual(stored.filter(([, data]) => !knows(data.game)), []);
  });

  test("a twelve-seat Chicken Foot record on double-fifteen is among them", () => {
    const twelve = records.filter(([, data]) => data.options.players === 12 && data.options.set === 15);
    assert.ok(twelve.length > 0);
    for (const [, data] of twelve) assert.equal(readRecord(data).seats.length, 12);
  });

  for (const [name, data] of records) {
    test(`${name}: every tile is somewhere at every move, and the results add up`, () => {
      const record = readRecord(data);
      assert.equal(record.rounds.length, data.rounds.length);
      for (const round of record.rounds) {
        for (let count = 0; count <= round.moves.length; count++) {
          const position = replayRound(round, count);
          const tiles = [...position.hands.flat(), ...position.placed.map(([tile]) => tile), ...position.boneyard];
          if (round.centre) tiles.push(round.centre);
          assert.equal(tiles.length, setSize(data.options.set), `round ${round.index + 1}, after ${count} moves`);
          assert.equal(new Set(tiles).size, tiles.length, "no tile twice");
          assert.equal(position.end, count === round.moves.length ? round.end : null);
        }
        const end = replayRound(round, Infinity);
        if (record.game !== "standard" && round.end) {
          const blank = data.options.blank_double;
          const left = end.hands.map((hand) => hand.reduce((sum, tile) => sum + (tile === "0-0" ? blank : pipsOf(tile)), 0));
          assert.deepEqual(left, round.results, "a penalty is the pips left, 0-0 at its value");
        }
      }
      assert.deepEqual(runningTotals(record.rounds).at(-1), data.totals);
      assert.equal(record.finished, Array.isArray(data.winners));
    });
  }
});

describe("records that cannot be shown", () => {
  const [, sample] = records.find(([, data]) => data.game === "chickenfoot");
  const broken = (change) => {
    const copy = structuredClone(sample);
    change(copy);
    return copy;
  };
  const refused = (data, kind, detail = /^/) => assert.throws(() => readRecord(data), (error) => error instanceof RecordProblem && error.kind === kind && detail.test(error.detail));

  test("another format, or not an object", () => {
    refused({ format: "something/else" }, "not_record");
    refused([], "not_record");
    refused(null, "not_record");
  });

  test("wrong shapes", () => {
    refused(broken((data) => { data.game = "mexican-train"; }), "unknown_game");
    refused(broken((data) => { delete data.game; }), "no_game");
    refused(broken((data) => { data.game = 7; }), "no_game");
    refused(broken((data) => { data.seats.pop(); }), "bad_record", /seat/);
    refused(broken((data) => { data.rounds[0].hands[1][0] = "nine-three"; }), "bad_record", /tiles/);
    refused(broken((data) => { data.rounds[0].moves[2] = { seat: 1, jump: true }; }), "bad_record", /move 3/);
    refused(broken((data) => { data.rounds[0].moves[0].seat = data.options.players; }), "bad_record", /move 1: a move names its seat/);
    refused(broken((data) => { data.options.players = 13; }), "bad_record", /players/);
  });

  test("moves that do not follow from the deal", () => {
    const centre = sample.rounds[0].double;
    refused(broken((data) => { data.rounds[0].moves[0] = { seat: data.rounds[0].moves[0].seat, play: centre, on: centre }; }), "bad_record", /round 1, move 1: .* not in the hand/);
    const draw = sample.rounds[0].moves.findIndex((move) => "draw" in move);
    refused(broken((data) => { data.rounds[0].moves[draw].draw = centre; }), "bad_record", new RegExp(`move ${draw + 1}: the draw names`));
  });
});

describe("positions and the waiting double", () => {
  test("an address names a round (1-based) and the moves made", () => {
    assert.deepEqual(readPosition("#r3m14"), { round: 2, move: 14 });
    assert.equal(positionHash(2, 14), "#r3m14");
    assert.equal(readPosition("#r0"), null);
    assert.equal(readPosition("#x"), null);
  });

  test("the centre waits for its start toes, then a later double for three", () => {
    const record = { game: "chickenfoot", options: { start_toes: 6, double_toes: 3 } };
    const round = { centre: "9-9" };
    assert.deepEqual(waitingDouble(record, round, [["9-1", "9-9"]]), { tile: "9-9", needs: 5 });
    const foot = ["9-1", "9-2", "9-3", "9-4", "9-5", "9-6"].map((tile) => [tile, "9-9"]);
    assert.equal(waitingDouble(record, round, foot), null);
    assert.deepEqual(waitingDouble(record, round, [...foot, ["1-1", "9-1"], ["1-0", "1-1"]]), { tile: "1-1", needs: 2 });
    assert.equal(waitingDouble({ game: "standard", options: {} }, round, []), null);
  });
});

describe("Mexican Train records", () => {
  const [, data] = stored.find(([name]) => name.includes("mexicantrain-4"));

  test("every play names its train, and each train runs from the engine in the order it was laid", () => {
    const record = readRecord(data);
    for (const round of record.rounds) {
      for (const count of [0, Math.floor(round.moves.length / 2), round.moves.length]) {
        const position = replayRound(round, count);
        const view = boardView(record, round, position);
        assert.deepEqual(view.trains.map((train) => train.train), [0, 1, 2, 3, "mexican"]);
        for (const train of view.trains) {
          let open = Number(round.centre.split("-")[0]);
          for (const tile of train.tiles) {
            const [a, b] = tile.split("-").map(Number);
            assert.ok(a === open || b === open, `${tile} follows ${open} on train ${train.train}`);
            open = a === open ? b : a;
          }
          assert.equal(train.number, open);
        }
        assert.equal(view.trains.flatMap((train) => train.tiles).length, position.placed.length);
      }
    }
  });

  test("a pass marks its seat's train until the seat plays on it; a double waits for its cover", () => {
    const record = readRecord(data);
    const round = record.rounds.find((one) => one.moves.some((move) => move.kind === "pass"));
    const at = round.moves.findIndex((move) => move.kind === "pass");
    const seat = round.moves[at].seat;
    const after = boardView(record, round, replayRound(round, at + 1));
    assert.equal(after.trains[seat].marked, true);
    const back = round.moves.findIndex((move, i) => i > at && move.kind === "play" && move.seat === seat && move.train === seat);
    if (back > 0) assert.equal(boardView(record, round, replayRound(round, back + 1)).trains[seat].marked, false);
    const double = round.moves.findIndex((move) => move.kind === "play" && move.tile.split("-")[0] === move.tile.split("-")[1]);
    const laid = boardView(record, round, replayRound(round, double + 1));
    assert.equal(laid.uncovered, round.moves[double].tile);
    assert.deepEqual(waitingDouble(record, round, replayRound(round, double + 1).placed), { tile: round.moves[double].tile, needs: 1 });
  });

  test("a play on no train, or on a train of no seat, is refused", () => {
    const play = data.rounds[0].moves.findIndex((move) => "play" in move);
    for (const train of [undefined, 4, "mex", -1]) {
      const copy = structuredClone(data);
      copy.rounds[0].moves[play].train = train;
      assert.throws(() => readRecord(copy), (error) => error instanceof RecordProblem && error.code === "move_train");
    }
  });
});
