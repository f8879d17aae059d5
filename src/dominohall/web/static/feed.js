// The action feed and the status bar: the round's moves in words (the log), what each seat did last (the
// caption by its place), the tiles the others laid since your last turn, and the line of round, target,
// turn, boneyard and your total at the top of the table.
import { format, make, plural, words } from "./i18n.js";
import { penalties, roundCount } from "./rules.js";

const LOG_LENGTH = 12;

/** One history entry in words: "Clara played 9-4 on 9-9", "Bob drew", "Ann passed"; with ``yours``, in the
 * second person ("You drew 5-1"). @param {boolean} [yours] */
export function moveLine(entry, name, yours = false) {
  if (yours) { // your own move, as you would say it: "You played 9-4 on 9-9"
    if (entry.kind === "play") return format(entry.on ? words.you_played_on : words.you_led, { tile: entry.tile, on: entry.on });
    if (entry.kind === "draw" && entry.tile) return format(words.you_drew, { tile: entry.tile });
    if (entry.kind === "pass") return words.you_passed;
  }
  if (entry.kind === "play") {
    return entry.on ? format(words.played_on, { name, tile: entry.tile, on: entry.on }) : format(words.led, { name, tile: entry.tile });
  }
  return format(entry.kind === "draw" ? words.drew : words.passed, { name, tile: "" });
}

/** Fill the log with the round's last moves, the newest last: timeouts and scored points on their own lines
 * (``feed``: the state's, state.js); the moves of seat ``you`` are told as yours ("You played ...").
 * @param {number | null} [you] */
export function renderLog(list, view, feed, nameOf, you = null) {
  const history = view?.history || [];
  const start = Math.max(0, history.length - LOG_LENGTH);
  const items = [];
  history.slice(start).forEach((entry, offset) => {
    const index = start + offset;
    const own = nameOf(entry.seat);
    const name = feed.standIn.includes(index) ? format(words.stand_in, { name: own }) : own;
    const yours = entry.seat === you && name === own; // not a move a stand-in made for you
    if (feed.timeouts.includes(index)) items.push(make("li", format(words.timed_out_move, { name }), { class: "timeout" }));
    items.push(make("li", moveLine(entry, name, yours && !feed.timeouts.includes(index)), { "data-seat": entry.seat, "data-kind": entry.kind }));
    const points = scoredAt(entry, feed, index);
    if (points) items.push(make("li", plural("scored", points, { name }), { class: "scored" }));
  });
  if (!items.length) items.push(make("li", words.no_moves_yet, { class: "empty" }));
  const following = list.scrollTop + list.clientHeight >= list.scrollHeight - 8; // not scrolled back to read
  list.replaceChildren(...items);
  if (following) list.scrollTop = list.scrollHeight; // the newest move in sight
}

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

/** The tiles the other seats laid since your last move this round (all of the round's plays for a watcher). */
export function sinceMyTurn(view, you) {
  const history = view?.history || [];
  let from = 0;
  if (you !== null) history.forEach((entry, index) => { if (entry.seat === you) from = index + 1; });
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

/** Your total in the status bar, or nothing for a watcher. */
export function totalLine(table, view, you) {
  if (you === null || !view.totals) return "";
  return format(words.your_total, { num: view.totals[sideOf(table, you)] ?? 0 });
}
