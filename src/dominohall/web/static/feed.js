// The action feed and the status bar: the round's moves in words (the log), what each seat did last (the
// caption by its place), the tiles the others laid since your last turn, and the line of round, target,
// turn, boneyard and your total at the top of the table.
import { format, make, plural, words } from "./i18n.js";
import { penalties, roundCount } from "./rules.js";

const LOG_LENGTH = 12;

/** Whose train a Mexican Train play went on, as the words say it: "mexican", "yours" (seat ``you``'s),
 * "own" (the mover's own, told of someone else) or "of" (another seat's); null for a play on no train (the
 * other games). ``yours``: the move is told as your own ("You played ..."). @param {Train | undefined} train
 * @param {number} seat @param {number | null} you @param {boolean} [yours] */
export function trainSaid(train, seat, you, yours = false) {
  if (train === undefined || train === null) return null;
  if (train === "mexican") return "mexican";
  if (yours) return train === you ? "yours" : "of";
  return train === seat ? "own" : train === you ? "yours" : "of";
}

/** The message ``key`` for a play on its train (``key_mexican``, ``key_yours``, ...) filled in, or null when
 * the play names no train or the page has no such words. @param {string} key
 * @param {{train?: Train, tile?: Tile | null, on?: Tile | null}} move @param {object} params
 * @param {{seat: number, you: number | null, nameOf: (seat: number) => string}} who */
function onTrain(key, move, params, { seat, you, nameOf }, yours = false) {
  const said = trainSaid(move.train, seat, you, yours);
  const text = said && words[`${key}_${said}`];
  if (!text) return null;
  const owner = typeof move.train === "number" ? nameOf(move.train) : "";
  return format(text, { ...params, tile: move.tile, on: move.on, owner });
}

/** One history entry in words: "Clara played 9-4 on 9-9", "Bob drew", "Ann passed"; with ``yours``, in the
 * second person ("You drew 5-1"). A Mexican Train play says on whose train it went ("..., on Greta's train")
 * when ``trains`` tells your seat and the seats' names. @param {boolean} [yours]
 * @param {{you: number | null, nameOf: (seat: number) => string} | null} [trains] */
export function moveLine(entry, name, yours = false, trains = null) {
  const who = trains && { ...trains, seat: entry.seat };
  if (yours) { // your own move, as you would say it: "You played 9-4 on 9-9"
    if (entry.kind === "play") {
      const train = entry.on && who ? onTrain("you_played_on", entry, {}, who, true) : null;
      return train ?? format(entry.on ? words.you_played_on : words.you_led, { tile: entry.tile, on: entry.on });
    }
    if (entry.kind === "draw" && entry.tile) return format(words.you_drew, { tile: entry.tile });
    if (entry.kind === "pass") return words.you_passed;
  }
  if (entry.kind === "play") {
    const train = entry.on && who ? onTrain("played_on", entry, { name }, who) : null;
    if (train) return train;
    return entry.on ? format(words.played_on, { name, tile: entry.tile, on: entry.on }) : format(words.led, { name, tile: entry.tile });
  }
  return format(entry.kind === "draw" ? words.drew : words.passed, { name, tile: "" });
}

/** The last move said in the live region: "Clara played 9-4", "Bob drew a tile"; a Mexican Train play with
 * its train ("Clara played 9-4 on 9-9, on your train"). @param {HistoryEntry} entry @param {string} name
 * @param {number | null} you @param {(seat: number) => string} nameOf */
export function spokenMove(entry, name, you, nameOf) {
  if (entry.kind === "play" && entry.train !== undefined) return moveLine(entry, name, false, { you, nameOf });
  const said = { play: words.played, draw: words.drew, pass: words.passed }[entry.kind];
  return said ? format(said, { name, tile: entry.tile ?? "" }) : "";
}

/** The hard bot's suggestion in words: "Hint: play 9-4 on 9-9", at Mexican Train with its train ("..., on
 * the Mexican train"), or "Hint: lead with 6-6". @param {Move} move @param {number | null} you
 * @param {(seat: number) => string} nameOf */
export function hintLine(move, you, nameOf) {
  if (!move.on) return format(words.hint_lead, { tile: move.tile });
  const train = you === null ? null : onTrain("hint_play", move, {}, { seat: you, you, nameOf }, true);
  return train ?? format(words.hint_play, { tile: move.tile, on: move.on });
}

/** Fill the log with the round's last moves, the newest last: timeouts and scored points on their own lines
 * (``feed``: the state's, state.js); the moves of seat ``you`` are told as yours ("You played ..."). A turn
 * the clock finished says so once: a draw and its pass in one line, else before its first move.
 * @param {number | null} [you] */
export function renderLog(list, view, feed, nameOf, you = null) {
  const history = view?.history || [];
  const start = Math.max(0, history.length - LOG_LENGTH);
  const items = [];
  const late = (index) => feed.timeouts.includes(index);
  const goesOn = (index) => late(index) && late(index - 1) && history[index - 1].seat === history[index].seat; // one turn
  const drewAndPassed = (index) => history[index].kind === "draw" && history[index + 1]?.kind === "pass" && goesOn(index + 1);
  history.slice(start).forEach((entry, offset) => {
    const index = start + offset;
    const own = nameOf(entry.seat);
    const name = feed.standIn.includes(index) ? format(words.stand_in, { name: own }) : own;
    const yours = entry.seat === you && name === own; // not a move a stand-in made for you
    if (goesOn(index) && index > start && drewAndPassed(index - 1)) return; // said with its draw
    if (late(index) && drewAndPassed(index)) return void items.push(make("li", format(words.timed_out_drew_passed, { name }), { class: "timeout", "data-seat": entry.seat }));
    if (late(index) && !goesOn(index)) items.push(make("li", format(words.timed_out_move, { name }), { class: "timeout" }));
    const line = moveLine(entry, name, yours && !late(index), { you, nameOf });
    items.push(make("li", line, { "data-seat": entry.seat, "data-kind": entry.kind, ...trainData(entry) }));
    const points = scoredAt(entry, feed, index);
    if (points) items.push(make("li", plural("scored", points, { name }), { class: "scored" }));
  });
  if (!items.length) items.push(make("li", words.no_moves_yet, { class: "empty" }));
  const following = list.scrollTop + list.clientHeight >= list.scrollHeight - 8; // not scrolled back to read
  list.replaceChildren(...items);
  if (following) list.scrollTop = list.scrollHeight; // the newest move in sight
}

/** A Mexican Train play's train as a data attribute of its line in the log. @param {HistoryEntry} entry */
const trainData = (entry) => (entry.kind === "play" && entry.train !== undefined ? { "data-train": entry.train } : {});

/** What each seat did last this round, as a short caption: "played 9-4", "drew", "passed", "+10". */
export function captions(view, feed) {
  const said = new Map();
  (view?.history || []).forEach((entry, index) => {
    let text = entry.kind === "play" ? format(words.said_play, { tile: entry.tile }) : words[`said_${entry.kind}`];
    const points = scoredAt(entry, feed, index);
    if (points) text += ` ${format(words.said_scored, { num: points })}`;
    said.set(entry.seat, { text, index });
  });
  return said;
}

/** What a seat's Mexican Train train says of it: its mark ("train open to all": anyone may play on it) and
 * the double it laid that is still to be covered (it owes the cover first); none in the other games or
 * once the round is over; each in whole words (``text``) and in short for a seat's card (``short``).
 * @param {View | null | undefined} view @param {number} seat
 * @returns {{kind: "marked" | "uncovered", text: string, short: string}[]} */
export function trainNotes(view, seat) {
  if (!view?.trains || view.end) return [];
  const found = [];
  if (view.trains.some((line) => line.train === seat && line.marked)) found.push({ kind: "marked", text: words.train_open, short: words.train_open_short });
  if (view.uncovered && view.uncovered_by === seat) {
    const tile = { tile: view.uncovered };
    found.push({ kind: "uncovered", text: format(words.double_uncovered, tile), short: format(words.double_to_cover, tile) });
  }
  return /** @type {{kind: "marked" | "uncovered", text: string, short: string}[]} */ (found);
}

/** The tiles the other seats laid since your last move this round; for a watcher, those of the last round of
 * moves (since the last mover's move before: at most one a seat), not every tile of the round. */
export function sinceMyTurn(view, you) {
  const history = view?.history || [];
  const [mover, last] = you === null ? [history.at(-1)?.seat, history.length - 1] : [you, history.length];
  let from = 0;
  history.forEach((entry, index) => { if (entry.seat === mover && index < last) from = index + 1; });
  return new Set(history.slice(from).filter((entry) => entry.kind === "play" && entry.seat !== you).map((entry) => entry.tile));
}

/** The points the history entry at ``index`` scored, as the server told them (the entry's own ``points``, or
 * its move frame's noted in the feed); 0 when it scored none. @param {HistoryEntry} entry @param {Feed} feed
 * @param {number} index */
export const scoredAt = (entry, feed, index) => entry.points ?? feed.scored[index] ?? 0;

/** The side (the seat's own, or its team's) whose scores and totals are a seat's: the table summary says it
 * (``sides``), the page never works it out. @param {Table} table @param {number} seat */
export const sideOf = (table, seat) => table.sides[seat];

/** The names of the result sides (columns of the scores) of ``sides`` (a seat's side per seat): each seat's
 * name, or its team's ("Ann & Bo"). @param {number[]} sides @param {string[]} names */
export function sideNames(sides, names) {
  const count = Math.max(-1, ...sides) + 1;
  return Array.from({ length: count }, (_, side) => seatsOf(sides, side).map((seat) => names[seat]).join(" & "));
}

/** The seats that play for ``side``. @param {number[]} sides @param {number} side */
export const seatsOf = (sides, side) => sides.flatMap((of, seat) => (of === side ? [seat] : []));

/** True when ``seats`` all play for one side (a team's win). @param {number[]} sides @param {number[]} seats */
export const oneSide = (sides, seats) => seats.length > 0 && seats.every((seat) => sides[seat] === sides[seats[0]]);

/** The round part of the status bar: "Round 3 of 10" (the train games) or "Hand 2 · To 150 points". */
export function roundLine(table, view, game, plural) {
  const { options } = table;
  const num = view.round_index + 1;
  if (penalties(game)) {
    const total = options.limit === null || options.limit === undefined ? roundCount(options) : null;
    const round = total ? format(words.round_of, { num, total }) : format(words.round_num, { num });
    return total ? round : `${round} · ${plural("limit", options.limit)}`;
  }
  const target = options.target === null || options.target === undefined ? words.single_hand : plural("target", options.target);
  return `${format(words.hand_num, { num })} · ${target}`;
}

/** A side's total as it stands: the match's ended rounds (``totals``) and, while a hand is played, the points
 * it has scored so far (the standard game's ``scores``), both as the server tells them.
 * @param {View} view @param {number} side */
export const standing = (view, side) => (view.totals?.[side] ?? 0) + (view.end ? 0 : view.scores?.[side] ?? 0);

/** Your total in the status bar, or nothing for a watcher. */
export function totalLine(table, view, you) {
  if (you === null || !view.totals) return "";
  return format(words.your_total, { num: standing(view, sideOf(table, you)) });
}
