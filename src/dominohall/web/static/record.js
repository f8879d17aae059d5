// A game record (`dominohall/record@1`, docs/records.md) read and replayed in the browser, for the replay
// viewer and the tutorial. No DOM here and no rules: each play lays its tile where the record says, a draw
// moves the named tile from the boneyard to the seat's hand, a pass changes nothing. Legality is the
// server's `verify`; this module only checks that the record holds together (the shapes, a played tile
// in its seat's hand, a draw naming the boneyard's next tile), so a bad file is refused with a reason
// instead of drawing nonsense.
// A game is known by its traits (games.js): a round at a centre double has the record's ``double``; the plays
// of a game of trains name their train. A record of a game whose traits the page lacks is refused.
import { knows, traitsOf } from "./games.js";

export const FORMAT = "dominohall/record@1";
const MOST_PLAYERS = 12; // Chicken Foot seats 2 to 12 (9 and more on double-fifteen)
const TILE = /^(\d{1,2})-(\d{1,2})$/;

/**
 * Why a record does not hold together, in English (the viewer shows its own language's words for the same
 * ``code``, with the same parameters: ``record_problems`` of web/replays.py).
 */
export const PROBLEMS = {
  players: "the options must name the players",
  seats: "there must be one named seat per player",
  rounds: "the rounds must be a list",
  round: "it must be an object",
  hands: "one hand per seat",
  hand: "the hand of seat %(seat)d must be a list of tiles such as 9-3",
  boneyard: "the boneyard must be a list of tiles such as 9-3",
  moves: "the moves must be a list",
  centre: "the centre double is missing",
  results: "an ended round has its results",
  move_seat: "a move names its seat",
  move_play: "a play names its tile and where it goes",
  move_train: "a play names its train: a seat's number, or mexican",
  move_draw: "a draw names the tile drawn",
  move_kind: "a move is a play, a draw or a pass",
  not_held: "%(tile)s is not in the hand of seat %(seat)d",
  wrong_draw: "the draw names %(tile)s, but the boneyard's next tile is %(next)s",
};

/** Where in a record a problem is, in English: ``{round, move}`` (numbered from 1), either may be missing. */
export const PLACES = { move: "round %(round)d, move %(move)d: %(problem)s", round: "round %(round)d: %(problem)s" };

const fill = (text, params) => text.replace(/%\((\w+)\)[sd]/g, (_, key) => String(params[key] ?? ""));

/**
 * A record that cannot be shown: ``kind`` is "not_record" (not this format at all), "no_game" (it names no
 * game), "unknown_game" (``params.game``, one the page does not know) or "bad_record", with
 * the problem's ``code`` (a key of ``PROBLEMS``), its ``params`` (``round`` and ``move`` say where) and
 * ``detail``, the problem in English.
 */
export class RecordProblem extends Error {
  constructor(kind, code = "", params = {}) {
    const detail = code ? describe(PROBLEMS, PLACES, code, params) : "";
    super(detail || kind);
    this.kind = kind;
    this.code = code;
    this.params = params;
    this.detail = detail;
  }
}

/** The problem ``code`` with ``params`` in the words of ``problems`` and ``places`` (one language's). */
export function describe(problems, places, code, params) {
  const problem = fill(problems[code] ?? code, params);
  if (params.move) return fill(places.move, { ...params, problem });
  return params.round ? fill(places.round, { ...params, problem }) : problem;
}

const fail = (code, params = {}) => { throw new RecordProblem("bad_record", code, params); };
const isTile = (value) => typeof value === "string" && TILE.test(value);
const isSeat = (value, players) => Number.isInteger(value) && value >= 0 && value < players;

function tiles(value, code, params) {
  if (!Array.isArray(value) || !value.every(isTile)) fail(code, params);
  return [...value];
}

/** One move of a round as the record writes it, in the shape the board and the viewer read. */
function readMove(value, players, where, trains) {
  if (!value || typeof value !== "object" || !isSeat(value.seat, players)) fail("move_seat", where);
  const { seat } = value;
  if ("play" in value) {
    if (!isTile(value.play) || !(value.on === null || value.on === undefined || isTile(value.on))) fail("move_play", where);
    if (value.points !== undefined && !(Number.isInteger(value.points) && value.points >= 0)) fail("move_play", where); // a play's parts, its points told too
    const told = value.points === undefined ? {} : { points: value.points };
    if (!trains) return { seat, kind: "play", tile: value.play, on: value.on ?? null, ...told };
    if (value.train !== "mexican" && !isSeat(value.train, players)) fail("move_train", where);
    return { seat, kind: "play", tile: value.play, on: value.on, train: value.train, ...told };
  }
  if ("draw" in value) {
    if (!isTile(value.draw)) fail("move_draw", where);
    return { seat, kind: "draw", tile: value.draw };
  }
  if (value.pass === true) return { seat, kind: "pass" };
  return fail("move_kind", where);
}

function readRound(value, index, traits, players) {
  const where = { round: index + 1 };
  if (!value || typeof value !== "object") fail("round", where);
  if (!Array.isArray(value.hands) || value.hands.length !== players) fail("hands", where);
  const hands = value.hands.map((hand, seat) => tiles(hand, "hand", { ...where, seat: seat + 1 }));
  const boneyard = tiles(value.boneyard ?? [], "boneyard", where);
  if (!Array.isArray(value.moves)) fail("moves", where);
  const moves = value.moves.map((move, at) => readMove(move, players, { ...where, move: at + 1 }, traits.trains));
  if (traits.centre && !isTile(value.double)) fail("centre", where);
  const results = value.penalties ?? value.scores ?? null;
  if (value.end && !(Array.isArray(results) && results.every(Number.isInteger))) fail("results", where);
  const round = { index, centre: value.double ?? null, first: value.first, hands, boneyard, moves, end: value.end ?? null, results: value.end ? results : null };
  replayRound(round, round.moves.length); // every move must follow from the deal
  return round;
}

/**
 * A parsed JSON value read as a record: {game, options, seats, rounds, totals, winners, finished}.
 * Throws ``RecordProblem`` for anything else.
 */
export function readRecord(data) {
  if (!data || typeof data !== "object" || data.format !== FORMAT) throw new RecordProblem("not_record");
  if (typeof data.game !== "string" || !data.game) throw new RecordProblem("no_game");
  if (!knows(data.game)) throw new RecordProblem("unknown_game", "", { game: data.game });
  const traits = traitsOf(data.game);
  const options = data.options;
  if (!options || typeof options !== "object" || !Number.isInteger(options.players) || options.players < 2 || options.players > MOST_PLAYERS) fail("players");
  const players = options.players;
  if (!Array.isArray(data.seats) || data.seats.length !== players || !data.seats.every((seat) => seat && typeof seat.name === "string")) fail("seats");
  if (!Array.isArray(data.rounds)) fail("rounds");
  const rounds = data.rounds.map((round, index) => readRound(round, index, traits, players));
  const seats = data.seats.map((seat) => ({ name: seat.name, bot: typeof seat.bot === "string" ? seat.bot : null }));
  const winners = Array.isArray(data.winners) ? data.winners.filter((seat) => isSeat(seat, players)) : null;
  return { game: data.game, options, seats, sides: readSides(data, traits, players), rounds, totals: runningTotals(rounds).at(-1) ?? null, winners, finished: winners !== null };
}

/** Teams as records wrote them before they said their ``sides`` (docs/records.md: partners are seats 0 and 2
 * against 1 and 3): a fact of the format, for those old files only. */
const OLD_TEAMS = [0, 1, 0, 1];

/** The result side each seat plays for, as the record says (``sides``). A record written before it said them
 * has one result per seat, or (a match of partners, in a game whose traits have them) the format's two old
 * teams. */
function readSides(data, traits, players) {
  const { sides } = data;
  if (sides !== undefined) {
    if (!Array.isArray(sides) || sides.length !== players || !sides.every((side) => isSeat(side, players))) fail("seats"); // a side per seat
    return [...sides];
  }
  const seats = Array.from({ length: players }, (_, seat) => seat);
  return traits.partners && data.options.partners === true ? [...OLD_TEAMS] : seats;
}

/** The totals after each ended round, in order. */
export function runningTotals(rounds) {
  const rows = [];
  for (const round of rounds) {
    if (!round.results) continue;
    const before = rows.at(-1);
    rows.push(round.results.map((value, side) => value + (before?.[side] ?? 0)));
  }
  return rows;
}

/**
 * The round after its first ``count`` moves: every hand (dealt order, drawn tiles added at the end), the
 * boneyard left, the tiles on the table with the tile each was laid on, the history, whose move is next
 * (the next move's seat), and the end with the results once every move is made. Throws ``RecordProblem``
 * when a move does not follow from the deal.
 */
export function replayRound(round, count) {
  const hands = round.hands.map((hand) => [...hand]);
  const drawn = round.hands.map(() => new Set());
  const placed = [];
  let next = 0; // the boneyard's next tile
  const upto = Math.max(0, Math.min(count, round.moves.length));
  for (let at = 0; at < upto; at++) {
    const move = round.moves[at];
    const hand = hands[move.seat];
    const where = { round: round.index + 1, move: at + 1 };
    if (move.kind === "play") {
      const held = hand.indexOf(move.tile);
      if (held < 0) fail("not_held", { ...where, tile: move.tile, seat: move.seat + 1 });
      hand.splice(held, 1);
      placed.push(move.train === undefined ? [move.tile, move.on] : [move.tile, move.on, move.train]);
    } else if (move.kind === "draw") {
      if (round.boneyard[next] !== move.tile) fail("wrong_draw", { ...where, tile: move.tile, next: round.boneyard[next] ?? "—" });
      next += 1;
      hand.push(move.tile);
      drawn[move.seat].add(move.tile);
    }
  }
  const over = upto === round.moves.length && round.end !== null;
  return {
    count: upto,
    hands,
    drawn,
    boneyard: round.boneyard.slice(next),
    placed,
    history: round.moves.slice(0, upto),
    turn: upto < round.moves.length ? round.moves[upto].seat : null,
    end: over ? round.end : null,
    results: over ? round.results : null,
  };
}

/** The number a double shows ("5-5" -> 5), or null for a tile that is not a double. */
const doubleNumber = (tile) => {
  const [, a, b] = TILE.exec(tile) || [];
  return a !== undefined && a === b ? Number(a) : null;
};

/** The double still waiting on this table, or null, as the game's traits say (``waits``): a double waiting
 * for its toes, the centre first (Chicken Foot), or for its cover (Mexican Train); none in a game whose doubles
 * wait for nothing. */
export function waitingDouble(record, round, placed) {
  const { waits } = traitsOf(record.game);
  if (waits === "cover") {
    const tile = trainsOf(record, round, placed, []).uncovered;
    return tile ? { tile, needs: 1 } : null;
  }
  if (waits !== "toes") return null;
  const toes = new Map();
  for (const [, on] of placed) toes.set(on, (toes.get(on) ?? 0) + 1);
  const start = record.options.start_toes ?? 6;
  if ((toes.get(round.centre) ?? 0) < start) return { tile: round.centre, needs: start - (toes.get(round.centre) ?? 0) };
  const later = record.options.double_toes ?? 3;
  for (const [tile] of placed) {
    if (doubleNumber(tile) !== null && (toes.get(tile) ?? 0) < later) return { tile, needs: later - (toes.get(tile) ?? 0) };
  }
  return null;
}

/**
 * What board.js draws for a replayed position: the part of a view it reads (the table's tiles, the centre,
 * the options, the history).
 * @returns {View}
 */
export function boardView(record, round, state) {
  const view = { options: record.options, centre: round.centre, placed: state.placed, history: state.history };
  return /** @type {any} */ (traitsOf(record.game).trains ? { ...view, ...trainsOf(record, round, state.placed, state.history) } : view);
}

/**
 * Mexican Train's trains after the plays ``placed`` ([tile, on, train]) and the moves ``history``, as a view
 * has them (docs/protocol.md): each seat's train then the Mexican train, {train, tiles, end, number, marked},
 * and the double waiting for its cover (``uncovered``, on ``uncovered_train``), or null. A pass marks the
 * seat's train; a play of the owner on it lifts the mark.
 */
export function trainsOf(record, round, placed, history) {
  const engine = Number(round.centre.split("-")[0]);
  const ids = [...Array(record.options.players).keys(), "mexican"];
  const trains = ids.map((train) => ({ train, tiles: /** @type {string[]} */ ([]), end: round.centre, number: engine, marked: false }));
  const of = (train) => trains[train === "mexican" ? trains.length - 1 : train];
  let uncovered = null;
  let uncoveredTrain = null;
  for (const [tile, , train] of placed) {
    const line = of(train);
    const [a, b] = tile.split("-").map(Number);
    line.tiles.push(tile);
    line.end = tile;
    line.number = a === line.number ? b : a;
    [uncovered, uncoveredTrain] = uncovered === null && a === b ? [tile, train] : [null, null];
  }
  for (const move of history) {
    if (move.kind === "pass") of(move.seat).marked = true;
    if (move.kind === "play" && move.train === move.seat) of(move.seat).marked = false;
  }
  return { trains, uncovered, uncovered_train: uncoveredTrain };
}

/**
 * The points each move of ``round`` scored as it was made, as the record says them (docs/records.md: every
 * play of an All Fives or Bergen hand has its ``points``, the engine's count, checked by ``dominohall
 * verify``); null when the record tells none (another game or mode, or a record written before it did).
 * @returns {number[] | null}
 */
export function playPoints(round) {
  if (!round.moves.some((move) => move.points !== undefined)) return null;
  return round.moves.map((move) => move.points ?? 0);
}

/** The pips of a tile ("9-3" -> 12). */
export const pipsOf = (tile) => tile.split("-").map(Number).reduce((a, b) => a + b, 0);

/** A position in the address: "#r3m14" is round 3 (1-based) after 14 moves of it (0: as dealt). */
export function readPosition(hash) {
  const found = /^#?r(\d+)m(\d+)$/.exec(hash || "");
  return found ? { round: Number(found[1]) - 1, move: Number(found[2]) } : null;
}

/** The address fragment of a position (``round`` 0-based, ``move`` moves made). */
export const positionHash = (round, move) => `#r${round + 1}m${move}`;
