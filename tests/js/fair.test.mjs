// fair.js against the test vector printed in docs/fairness.md (read from the page, as the Python test does),
// and its record check against tampered proofs. Run: node --test tests/js/
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DealStream, checkRound, checkSeen, commitment, fairDeal, newContribution, seedProblem, shuffledSet } from "../../src/dominohall/web/static/fair.js";
import "./games.mjs";

const doc = readFileSync(new URL("../../docs/fairness.md", import.meta.url), "utf8");

/** Every "name: value" line of the text blocks of the page's "Test vector" section. */
function vector() {
  const start = doc.indexOf("## Test vector\n");
  const section = doc.slice(start, doc.indexOf("\n## ", start + 1));
  const values = {};
  for (const [, block] of section.matchAll(/```text\n([\s\S]*?)```/g)) {
    for (const line of block.split("\n")) {
      const at = line.indexOf(":");
      if (at > 0) values[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return values;
}

const v = vector();
const seed = {
  table: v.table,
  match: Number(v.match),
  round: Number(v.round),
  secret: v.secret,
  contributions: [0, 1, 2, 3].map((seat) => v[`contribution ${seat}`] ?? null),
};

test("the vector is read from the page", () => {
  assert.equal(seed.contributions.filter((c) => c === null).length, 2);
  for (const key of ["commitment", "block 0", "double-nine", "hand 3", "opener"]) assert.ok(v[key], key);
});

test("the commitment and the stream match the vector", async () => {
  assert.equal(await commitment(seed.table, seed.match, seed.round, seed.secret), v.commitment);
  const stream = new DealStream(seed);
  const block = await stream.block(0);
  assert.equal(Buffer.from(block).toString("hex"), v["block 0"]);
  const words = [];
  for (let i = 0; i < 4; i++) words.push(await stream.word());
  assert.deepEqual(words, v["first numbers"].split(" ").map(Number));
});

test("the shuffled sets match the vector", async () => {
  assert.equal((await shuffledSet(new DealStream(seed), 6)).join(" "), v["double-six"]);
  assert.equal((await shuffledSet(new DealStream(seed), 9)).join(" "), v["double-nine"]);
});

test("the Chicken Foot deal matches the vector", async () => {
  const deal = await fairDeal("chickenfoot", { players: 4, set: 9, hand: 11 }, 0, seed);
  assert.deepEqual(deal.hands.map((hand) => hand.join(" ")), [0, 1, 2, 3].map((s) => v[`hand ${s}`]));
  assert.equal(deal.boneyard.join(" "), v.boneyard);
  assert.equal(deal.first, Number(v.opener));
});

test("a draw below n skips the words that would bias it", async () => {
  const stream = new DealStream(seed);
  stream.words = [2 ** 32 - 1, 7, 2 ** 32 - 6, 2 ** 32 - 7];
  assert.equal(await stream.below(3), 1); // 2^32 mod 3 = 1: only 2^32 - 1 is skipped
  assert.equal(await stream.below(10), (2 ** 32 - 7) % 10); // 2^32 mod 10 = 6: the top six are skipped
});

test("a seed out of shape is named", () => {
  assert.equal(seedProblem(seed), null);
  assert.match(seedProblem({ ...seed, table: "a\nb" }), /table id/);
  assert.match(seedProblem({ ...seed, match: 0 }), /match number/);
  assert.match(seedProblem({ ...seed, secret: seed.secret.toUpperCase() }), /secret/);
  assert.match(seedProblem({ ...seed, contributions: ["abc"] }), /contribution/);
  assert.throws(() => new DealStream({ ...seed, round: "1" }), /round number/);
  assert.match(newContribution(), /^[0-9a-f]{64}$/);
});

/** A one-round record of the vector's deal, with its proof. */
async function record() {
  const deal = await fairDeal("chickenfoot", { players: 4, set: 9, hand: 11 }, 0, seed);
  const proof = { scheme: "dominohall/fair@1", ...seed, commitment: v.commitment };
  return {
    game: "chickenfoot",
    options: { players: 4, set: 9, hand: 11 },
    rounds: [{ double: "9-9", first: deal.first, hands: deal.hands, boneyard: deal.boneyard, moves: [], fair: proof }],
  };
}

test("a record's round is fair, and each kind of tampering is named", async () => {
  const fair = await checkRound(await record(), 0);
  assert.equal(fair.verdict, "fair");
  assert.deepEqual(fair.problems, []);

  const secret = await record();
  secret.rounds[0].fair.secret = "ff" + seed.secret.slice(2);
  const kinds = (await checkRound(secret, 0)).problems.map((p) => p.kind);
  assert.deepEqual(kinds.slice(0, 2), ["commitment", "seat"]);

  const given = await record();
  given.rounds[0].fair.contributions = [...seed.contributions.slice(0, 3), "ab".repeat(16)];
  const check = await checkRound(given, 0);
  assert.equal(check.verdict, "not fair");
  assert.ok(!check.problems.some((p) => p.kind === "commitment"));
  assert.ok(check.problems.some((p) => p.kind === "seat" && p.seat === 0));

  const swapped = await record();
  const hands = swapped.rounds[0].hands;
  [hands[1][0], hands[2][0]] = [hands[2][0], hands[1][0]];
  assert.deepEqual((await checkRound(swapped, 0)).problems, [{ kind: "seat", seat: 1 }, { kind: "seat", seat: 2 }]);

  const bones = await record();
  bones.rounds[0].boneyard.reverse();
  assert.deepEqual((await checkRound(bones, 0)).problems, [{ kind: "boneyard" }]);

  const opener = await record();
  opener.rounds[0].first = (opener.rounds[0].first + 1) % 4;
  assert.deepEqual((await checkRound(opener, 0)).problems, [{ kind: "opener", expected: Number(v.opener) }]);

  const none = await record();
  delete none.rounds[0].fair;
  assert.equal((await checkRound(none, 0)).verdict, "no proof");

  const bad = await record();
  bad.rounds[0].fair.scheme = "x";
  assert.equal((await checkRound(bad, 0)).problems[0].kind, "proof");
});

test("what the page saw is compared with the proof", async () => {
  const rec = await record();
  const { deal } = await checkRound(rec, 0);
  const proof = rec.rounds[0].fair;
  const seen = { commitment: v.commitment, contribution: seed.contributions[2], seat: 2, hand: [...deal.hands[2]].reverse() };
  assert.deepEqual(checkSeen(proof, seen, deal), []);
  assert.deepEqual(checkSeen(proof, { ...seen, commitment: "00".repeat(32) }, deal), [{ kind: "shown" }]);
  assert.deepEqual(checkSeen(proof, { ...seen, contribution: "ab".repeat(16) }, deal), [{ kind: "mine" }]);
  assert.deepEqual(checkSeen(proof, { ...seen, hand: deal.hands[1] }, deal), [{ kind: "my-hand" }]);
  assert.deepEqual(checkSeen(proof, { commitment: null, contribution: null, seat: null, hand: null }, deal), []);
  const listed = proof.contributions.map((value, seat) => (seat === 2 ? null : value));
  assert.deepEqual(checkSeen(proof, { ...seen, pooled: listed }, deal), [], "every value listed before the deal was dealt with");
  const other = listed.findIndex((value) => value);
  assert.ok(other >= 0, "the vector has another seat's contribution");
  const swapped = listed.map((value, seat) => (seat === other ? "ab".repeat(16) : value));
  assert.deepEqual(checkSeen(proof, { ...seen, pooled: swapped }, deal), [{ kind: "dropped", seat: other }]);
  const dropped = { ...proof, contributions: proof.contributions.map((value, seat) => (seat === other ? null : value)) };
  assert.deepEqual(checkSeen(dropped, { ...seen, pooled: listed }, deal), [{ kind: "dropped", seat: other }]);
});
