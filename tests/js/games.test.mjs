// The page scripts meet a game by its traits (static/games.js, from the page's "games" data block), never by its
// name: a game whose traits the page was not told is refused by name everywhere, never shown as another.
import assert from "node:assert/strict";
import { test } from "node:test";

import { DRAWINGS, layout } from "../../src/dominohall/web/static/board.js";
import "../../src/dominohall/web/static/line.js";
import { fairDeal } from "../../src/dominohall/web/static/fair.js";
import { knows, traitsOf } from "../../src/dominohall/web/static/games.js";
import { readRecord } from "../../src/dominohall/web/static/record.js";
import { TRAITS } from "./games.mjs";

const MOON = "dominoes-of-the-moon";

test("every game the server tells of is known, with a drawing board.js has", () => {
  assert.ok(Object.keys(TRAITS).length >= 3);
  for (const [game, traits] of Object.entries(TRAITS)) {
    assert.ok(knows(game), game);
    assert.deepEqual(traitsOf(game), traits);
    assert.ok(DRAWINGS.includes(traits.board), `${game}: ${traits.board}`);
  }
});

test("a game the page was not told of is refused by name, never taken for another", async () => {
  assert.equal(knows(MOON), false);
  assert.throws(() => traitsOf(MOON), /no game "dominoes-of-the-moon" here/);
  await assert.rejects(fairDeal(MOON, { players: 2, set: 6, hand: 7 }, 0, {}), /no game "dominoes-of-the-moon"/);
  const record = { format: "dominohall/record@1", game: MOON, options: { players: 2 }, seats: [{ name: "A" }, { name: "B" }], rounds: [] };
  assert.throws(() => readRecord(record), (error) => error.kind === "unknown_game" && error.params.game === MOON);
});

test("a made-up game is drawn and dealt by its traits alone", async () => {
  const { learnGames } = await import("../../src/dominohall/web/static/games.js");
  learnGames({ [MOON]: { ...TRAITS[Object.keys(TRAITS)[0]], board: "line", centre: false, draws_opener: false } });
  const { tiles } = layout({ placed: [["6-6", null], ["6-3", "6-6"]], history: [] }, traitsOf(MOON).board);
  assert.equal(tiles.length, 2);
  const seed = { table: "KjYuHsOHbRA", match: 1, round: 1, secret: "00".repeat(32), contributions: [null, null] };
  const deal = await fairDeal(MOON, { players: 2, set: 6, hand: 7 }, 0, seed);
  assert.equal(deal.hands.flat().length + deal.boneyard.length, 28, "nothing taken out of the set without a centre");
  assert.equal(deal.first, null);
});

test("a drawing the page has not loaded is refused by name, never drawn as another", () => {
  const view = { centre: "9-9", placed: [], history: [], trains: [] };
  assert.equal(layout(view, "line").tiles.length, 0, "line.js is loaded here");
  assert.throws(() => layout(view, "trains"), /the drawing "trains" is not loaded on this page \(static\/trains\.js\)/);
  assert.throws(() => layout(view, "feet"), /the drawing "feet" is not loaded/);
  assert.throws(() => layout(view, "moon"), /board\.js has no drawing "moon"/);
});
