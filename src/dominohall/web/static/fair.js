// Fair deals in the browser (docs/fairness.md, scheme dominohall/fair@1): the commitment, the HMAC-SHA256
// stream, the Fisher-Yates shuffle and each game's deal, with Web Crypto (crypto.subtle). The same
// computation as src/dominohall/engine/fair.py; both are tested against the page's test vector.
// No DOM here: the table page and node --test use the same functions.
import { traitsOf } from "./games.js";

export const SCHEME = "dominohall/fair@1";
const WORD = 2 ** 32;
const TABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const HEX = /^(?:[0-9a-f]{2})+$/;

const encoder = new TextEncoder();

function bytesOf(hex) {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hexOf(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The problem with a seed (an English sentence for tests and the console), or null when it is usable. */
export function seedProblem(seed) {
  if (typeof seed?.table !== "string" || !TABLE_ID.test(seed.table)) return "a table id is 1 to 64 letters, digits, '-' or '_'";
  for (const name of ["match", "round"]) {
    if (!Number.isInteger(seed[name]) || seed[name] < 1) return `the ${name} number is a whole number from 1`;
  }
  if (typeof seed.secret !== "string" || seed.secret.length !== 64 || !HEX.test(seed.secret)) {
    return "the secret is 64 lower-case hex digits";
  }
  if (!Array.isArray(seed.contributions)) return "the contributions are a list, one entry per seat";
  for (const value of seed.contributions) {
    if (value === null) continue;
    if (typeof value !== "string" || value.length < 32 || value.length > 128 || !HEX.test(value)) {
      return "a contribution is 32 to 128 lower-case hex digits (16 to 64 bytes)";
    }
  }
  return null;
}

/** The commitment to a round's secret (64 hex digits): SHA-256 of the five lines of docs/fairness.md. */
export async function commitment(table, match, round, secret) {
  const text = `${SCHEME} commit\n${table}\n${match}\n${round}\n${secret}`;
  return hexOf(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** A random contribution for the page to give: 32 bytes from crypto.getRandomValues, in hex. */
export function newContribution() {
  return hexOf(crypto.getRandomValues(new Uint8Array(32)).buffer);
}

/** The seed's stream of 32-bit numbers: HMAC-SHA256 blocks 0, 1, 2, ... keyed by the secret. */
export class DealStream {
  constructor(seed) {
    const problem = seedProblem(seed);
    if (problem) throw new Error(problem);
    const given = seed.contributions.map((value, seat) => (value === null ? "" : `${seat}:${value}\n`)).join("");
    this.text = `${SCHEME} deal\n${seed.table}\n${seed.match}\n${seed.round}\n${given}`;
    this.secret = seed.secret;
    this.counter = 0;
    this.words = [];
    this.key = null;
  }

  /** Block ``counter`` of the stream, as bytes. */
  async block(counter) {
    this.key ??= await crypto.subtle.importKey("raw", bytesOf(this.secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", this.key, encoder.encode(this.text + counter)));
  }

  /** The next 32-bit number (big-endian). */
  async word() {
    if (this.words.length === 0) {
      const data = new DataView((await this.block(this.counter++)).buffer);
      for (let i = 0; i < 32; i += 4) this.words.push(data.getUint32(i, false));
    }
    return this.words.shift();
  }

  /** A number from 0 to bound - 1, each equally likely (rejection sampling: no modulo bias). */
  async below(bound) {
    const limit = WORD - (WORD % bound);
    for (;;) {
      const value = await this.word();
      if (value < limit) return value % bound;
    }
  }
}

/** The set double-``top`` in canonical order (0-0, 1-0, 1-1, 2-0, ...), written larger end first. */
export function canonicalSet(top) {
  const tiles = [];
  for (let a = 0; a <= top; a++) for (let b = 0; b <= a; b++) tiles.push(`${a}-${b}`);
  return tiles;
}

/** The set shuffled by the stream (Fisher-Yates from the last position down). */
export async function shuffledSet(stream, top) {
  const tiles = canonicalSet(top);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = await stream.below(i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles;
}

/**
 * The tile a game's deal takes out of the order first (as games/game.py's ``Game.fair_deal``), by its traits:
 * for a game with a centre double (Chicken Foot's centre, Mexican Train's engine) the round's double, the top
 * one first, then each lower one; none in a game without (the standard game).
 * @param {import("./games.js").Traits} traits @param {{set: number}} options @param {number} index
 */
function outOfTheDeal(traits, options, index) {
  if (!traits.centre) return null;
  const number = options.set - (index % (options.set + 1));
  return `${number}-${number}`;
}

/**
 * Round ``index`` (0-based) of a match of ``game`` (a game whose traits games.js knows: any other is refused)
 * with the record's ``options`` (players, set, hand), dealt from ``seed``: {hands, boneyard, first}; ``first``
 * is the opener when the stream draws it (the first round of a game whose traits say so), else null.
 */
export async function fairDeal(game, options, index, seed) {
  const traits = traitsOf(game);
  const stream = new DealStream(seed);
  const out = outOfTheDeal(traits, options, index);
  const order = (await shuffledSet(stream, options.set)).filter((tile) => tile !== out);
  const hands = [];
  for (let seat = 0; seat < options.players; seat++) hands.push(order.slice(seat * options.hand, (seat + 1) * options.hand));
  const boneyard = order.slice(options.players * options.hand);
  const first = traits.draws_opener && index === 0 ? await stream.below(options.players) : null;
  return { hands, boneyard, first };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The verdict on round ``index`` (0-based) of a record (dominohall/record@1): {round, verdict, problems},
 * verdict "fair", "no proof" or "not fair"; each problem is {kind, ...}: "proof" (with ``detail``),
 * "round", "commitment", "seat" (with ``seat``), "hands", "boneyard", "opener" (with ``expected``).
 */
export async function checkRound(record, index) {
  const round = record.rounds[index];
  const proof = round?.fair;
  if (!proof) return { round: index + 1, verdict: "no proof", problems: [] };
  const problems = [];
  const seed = { table: proof.table, match: proof.match, round: proof.round, secret: proof.secret, contributions: proof.contributions };
  const unusable =
    proof.scheme !== SCHEME
      ? `the scheme must be ${SCHEME}`
      : typeof proof.commitment !== "string" || proof.commitment.length !== 64
        ? "the commitment is 64 hex digits"
        : Array.isArray(proof.contributions) && proof.contributions.length !== record.options.players
          ? "the contributions have one entry per seat"
          : seedProblem(seed);
  if (unusable) return { round: index + 1, verdict: "not fair", problems: [{ kind: "proof", detail: unusable }] };
  if (proof.round !== index + 1) problems.push({ kind: "round", expected: index + 1 });
  if ((await commitment(seed.table, seed.match, seed.round, seed.secret)) !== proof.commitment) problems.push({ kind: "commitment" });
  const deal = await fairDeal(record.game, record.options, index, seed);
  const hands = Array.isArray(round.hands) ? round.hands : [];
  deal.hands.forEach((hand, seat) => {
    if (!same(hands[seat], hand)) problems.push({ kind: "seat", seat });
  });
  if (hands.length > deal.hands.length) problems.push({ kind: "hands" });
  if (!same(round.boneyard, deal.boneyard)) problems.push({ kind: "boneyard" });
  if (deal.first !== null && round.first !== deal.first) problems.push({ kind: "opener", expected: deal.first });
  return { round: index + 1, verdict: problems.length ? "not fair" : "fair", problems, deal };
}

/**
 * What this page saw during the round, compared with the revealed proof: the commitment it showed before
 * the deal, the contribution it gave for its seat, its own hand as dealt, and the contributions the table
 * listed last before the deal (``pooled``, by seat; each may be unknown: null). The problems, in the shape of
 * ``checkRound``'s: "shown" (another commitment was shown), "mine" (the page's contribution is missing),
 * "my-hand" (the hand dealt to this page is not the fair one), "dropped" (``seat``'s listed value is not
 * the one dealt with: an honest server drops a value only when its seat changes hands, which it lists).
 */
export function checkSeen(proof, seen, deal) {
  const problems = [];
  if (seen.commitment && seen.commitment !== proof.commitment) problems.push({ kind: "shown" });
  if (seen.contribution && seen.seat !== null && proof.contributions?.[seen.seat] !== seen.contribution) {
    problems.push({ kind: "mine" });
  }
  if (seen.hand && deal && seen.seat !== null && !same([...seen.hand].sort(), [...deal.hands[seen.seat]].sort())) {
    problems.push({ kind: "my-hand" });
  }
  (seen.pooled ?? []).forEach((value, seat) => { // listed before the deal, then missing from it or another value
    if (value && seat !== seen.seat && proof.contributions?.[seat] !== value) problems.push({ kind: "dropped", seat });
  });
  return problems;
}
