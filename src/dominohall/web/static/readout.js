// The table page's screen-reader keys (docs/site.md): what a player who cannot see the board asks to hear,
// said in the page's live region. E: the open ends (a train game's trains) and where your tiles fit; C: the
// tiles each other seat holds, the boneyard and whose turn; H: your hand and what you can lay; L: the last
// moves. Loaded when the page is idle; the keys go by their place on the keyboard, whatever its layout.
import { format, plural, words } from "./i18n.js";
import { shownView } from "./state.js";

/**
 * Answer the keys from now on: anywhere on the page but in a text field, and not with Ctrl, Alt or Meta (the
 * browser's own keys). ``now()``: the page's state; ``seatNames(table)``: the seats' names; ``trainName``: a
 * Mexican Train train's name.
 * @param {() => State} now @param {(table: Table) => string[]} seatNames @param {(train: Train) => string} trainName
 */
export function listen(now, seatNames, trainName) {
  document.addEventListener("keydown", (event) => {
    const state = now();
    if (!/^Key[ECHL]$/.test(event.code) || !state.table || event.ctrlKey || event.altKey || event.metaKey || /** @type {Element} */ (event.target).closest?.("input, textarea, select")) return;
    event.preventDefault();
    const view = shownView(state);
    const at = { you: state.you, names: seatNames(state.table), trainName };
    const say = { KeyE: ends, KeyC: counts, KeyH: hand, KeyL: last }[event.code];
    const text = view ? say(state.link === "closed" ? { ...view, legal_moves: [], offline: true } : view, at) : words.read_no_round;
    const region = /** @type {HTMLElement} */ (document.getElementById("announce"));
    region.textContent = region.textContent === text ? `${text}\u00a0` : text; // the same words again are read again
  });
}

/** The trains, or the open ends (and a double still owed its toes or its cover), then where your tiles fit. */
function ends(view, at) {
  // no template inside a template: the minifier (rjsmin) drops the space that starts the inner one
  const trains = view.trains?.map((line) => `${at.trainName(line.train)}: ${line.number}` + (line.marked ? ` (${words.train_open})` : ""));
  const pips = view.open_ends?.map(([, end]) => end);
  // nothing laid but a centre double (Chicken Foot's first toes): the toes it waits for say it
  const said = [trains ? format(words.read_trains, { trains: trains.join("; ") }) : pips?.length ? format(words.ends_shown, { ends: pips.join(", ") }) : view.centre ? "" : words.read_no_ends];
  if (view.uncovered) said.push(`${format(words.uncovered_line, { tile: view.uncovered })}.`);
  else if (view.pending && view.pending_needs) said.push(`${view.pending}: ${plural("toes", view.pending_needs)}.`);
  const plays = playsOf(view).map((move) => (!move.on ? move.tile : move.train === undefined ? `${move.tile} ${format(words.on_tile, { tile: move.on })}` : `${move.tile}: ${format(words.on_train, { train: at.trainName(move.train), tile: move.on })}`));
  return [...said, next(view, at, plays.length && format(words.read_fits, { moves: plays.join("; ") }))].join(" ").trim();
}

/** The plays among your moves now. @param {View} view */
const playsOf = (view) => (view.legal_moves || []).filter((move) => move.kind === "play");

/** What comes next for you: the round is over, another seat's turn, ``yours`` (what you can lay), or at your
 * turn with nothing to lay, draw, pass or wait for the connection. @param {View} view @param {string | 0} yours */
function next(view, at, yours) {
  const moves = view.legal_moves || [];
  if (view.end) return words.why_over;
  if (view.turn !== at.you) return `${format(words.turn_of, { name: at.names[view.turn] })}.`;
  if (yours) return yours;
  if (view.offline) return words.why_offline;
  return moves.some((move) => move.kind === "draw") ? words.read_draw : moves.length ? words.read_pass : words.why_wait;
}

/** The tiles each other seat holds, the boneyard (where anybody draws) and whose turn. @param {View} view */
function counts(view, at) {
  const seats = view.hand_sizes.flatMap((size, seat) => (seat === at.you ? [] : [`${at.names[seat]}: ${plural("tiles_held", size)}`]));
  if (view.draws !== false) seats.push(`${words.boneyard}: ${view.boneyard_size ?? 0}`);
  return `${seats.join("; ")}. ` + (view.turn === at.you && !view.end ? words.your_turn + "." : next(view, at, 0));
}

/** Your tiles, then those you can lay now (or what else comes next). @param {View} view */
function hand(view, at) {
  const tiles = view.hand || [];
  if (at.you === null || !tiles.length) return words.read_no_hand;
  const fits = [...new Set(playsOf(view).map((move) => move.tile))].join(", ");
  return `${plural("read_hand", tiles.length, { tiles: tiles.join(", ") })} ${next(view, at, fits && format(words.read_playable, { tiles: fits }))}`;
}

/** The round's last five lines of the move log, the newest last, as the page shows them ("You played ...",
 * points scored, a turn the clock ended). */
function last() {
  const lines = [.../** @type {HTMLElement} */ (document.getElementById("log")).children].slice(-5).map((line) => line.textContent);
  return lines.length > 1 || !document.querySelector("#log .empty") ? format(words.read_last, { moves: lines.join("; ") }) : lines[0];
}
