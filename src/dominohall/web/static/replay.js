// The replay viewer: a finished match from its record (a table's, fetched; or a file the visitor picks, read
// here and never uploaded), move by move with the board, every hand face up, the boneyard and whose move it
// is. Arrow keys, buttons and a slider step through it; the address follows the position ("#r3m14": round 3,
// after 14 of its moves) so any move can be shared. A table's replay can ask for the analysis of a seat.
import { Analysis } from "./analysis.js";
import { drawBoard, focusKeys, handTile } from "./board.js";
import { Camera } from "./camera.js";
import { format, make, plural, words } from "./i18n.js";
import { boardView, describe, pipsOf, playPoints, positionHash, readPosition, readRecord, RecordProblem, replayRound, waitingDouble } from "./record.js";
import { oneSide, seatsOf, sideNames as namesOfSides } from "./feed.js";
import { traitsOf } from "./games.js";
import { rulesLine } from "./rules.js";

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const source = JSON.parse($("source").textContent || "{}");
const MAX_FILE = 8 * 1024 * 1024; // a record of a long match is well under 1 MB
/** The record shown (as record.js reads it), where, and each round's deal commitment (from the record as written).
 * @type {{record: any, round: number, move: number, names: string[], commitments: (string | null)[]}} */
const state = { record: null, round: 0, move: 0, names: [], commitments: [] };
/** The drawing on the board, told each new view (Mexican Train keeps its names in sight). @type {any} */
let drawn = {};
const camera = new Camera($("board"), () => drawn.viewed?.(camera.svg, camera.box));
const positionLink = () => /** @type {HTMLInputElement} */ ($("position-link"));
$("share").hidden = !source.record; // a file read in this browser is nowhere for a link to lead others
const analysis = source.table ? new Analysis(source, { changed: () => render(), names: () => state.names }) : null;

// -- loading ----------------------------------------------------------------------------------------------

function problem(text) {
  $("viewer-problem").textContent = text || "";
  $("viewer-problem").hidden = !text;
}

function note(text) {
  $("viewer-note").textContent = text || "";
  $("viewer-note").hidden = !text;
}

/** The words for a record that cannot be shown. */
function refusal(error) {
  if (!(error instanceof RecordProblem)) return words.load_failed;
  if (error.kind === "not_record" || error.kind === "no_game") return words[error.kind];
  if (error.kind === "unknown_game") return format(words.unknown_game, error.params);
  const places = { move: words.problem_at_move, round: words.problem_at_round };
  return format(words.bad_record, { detail: describe(words.record_problems, places, error.code, error.params) });
}

async function fetchRecord() {
  note(words.loading);
  try {
    const answer = await fetch(source.record);
    if (answer.status === 409 || answer.status === 404) return void (note(""), problem(words.no_match));
    if (!answer.ok) return void (note(""), problem(words.load_failed));
    const data = await answer.json();
    const record = readRecord(data);
    note(show(record, data) && !record.finished ? words.unfinished : "");
  } catch (error) {
    note("");
    problem(refusal(error));
  }
}

async function openFile(file) {
  problem("");
  if (!file) return;
  if (file.size > MAX_FILE) return void problem(words.too_big);
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return void problem(words.not_json);
  }
  try {
    const record = readRecord(data);
    if (!show(record, data)) return; // only a record that reads whole, with a round to show, replaces the one shown
    note([format(words.opened, { file: file.name }), record.finished ? "" : words.unfinished].join(" ").trim());
  } catch (error) {
    problem(refusal(error));
  }
}

/** Each seat's name, numbered when two are alike (three bots of one level in an old record). */
function seatNames(record) {
  const plain = record.seats.map((seat, index) => seat.name || words[`seat_${seat.bot}`] || `#${index + 1}`);
  return plain.map((name, index) => (plain.indexOf(name) !== plain.lastIndexOf(name) ? `${name} ${index + 1}` : name));
}

/** The names of the results' columns: the seats, or the teams, as the record's ``sides`` say. */
const sideNames = (record) => namesOfSides(record.sides, state.names);

/** Show ``record`` (read from ``data``) from the position in the address (else as dealt): false, changing
 * nothing, when it has no round to show. */
function show(record, data) {
  if (!record.rounds.length) {
    problem(words.no_rounds);
    return false;
  }
  state.record = record;
  state.names = seatNames(record);
  /** @type {HTMLElement} */ (document.querySelector(".viewer")).dataset.game = record.game;
  $("viewer-title").textContent = words[`title_${record.game}`];
  const hands = traitsOf(record.game).noun === "hand"; // the standard game's rounds are hands
  $("round-prev").textContent = hands ? words.previous_hand : words.previous_round;
  $("round-next").textContent = hands ? words.next_hand : words.next_round;
  if (hands) {
    $("keys").textContent = words.keys_hands;
    for (const [id, key] of [["to-start", "hand_start"], ["to-end", "hand_end"]]) {
      $(id).setAttribute("aria-label", words[key]);
      $(id).title = words[key];
    }
  }
  const table = { options: { ...record.options }, settings: {} };
  $("rules").textContent = rulesLine(table, record.game);
  $("viewer-body").hidden = false;
  problem("");
  analysis?.offer($("analyse-buttons"));
  checkDeals(data, record);
  const wanted = readPosition(location.hash);
  camera.restart();
  go(wanted?.round ?? 0, wanted?.move ?? 0);
  return true;
}

/** Each round's deal against its proof (docs/fairness.md, fair.js loaded now), from the record as written
 * (``data``): a line for the whole record; the round shown names its commitment's first 16 hex digits. */
async function checkDeals(data, record) {
  state.commitments = [];
  $("fair-line").hidden = true;
  const { checkRound } = await import("./fair.js");
  const checks = await Promise.all(data.rounds.map((_, index) => checkRound(data, index)));
  if (state.record !== record) return; // another record was opened meanwhile
  const proven = checks.filter((check) => check.verdict !== "no proof");
  const firstProof = checks.findIndex((check) => check.verdict !== "no proof");
  const withheld = checks.findIndex((check, index) => check.verdict === "no proof" && firstProof >= 0 && index > firstProof);
  const bad = checks.find((check) => check.verdict === "not fair");
  $("fair-said").textContent = !proven.length ? words.fair_record_none
    : bad ? format(words.fair_record_bad, { num: bad.round })
      : withheld >= 0 ? format(words.fair_record_withheld, { num: withheld + 1 })
        : format(words.fair_record, { fair: proven.length, total: checks.length });
  $("fair-line").dataset.verdict = !proven.length ? "no proof" : bad || withheld >= 0 ? "not fair" : "fair";
  state.commitments = data.rounds.map((round) => round.fair?.commitment ?? null);
  $("fair-line").hidden = false;
  renderFair();
}

function renderFair() {
  const hash = state.commitments[state.round];
  $("fair-round").textContent = hash ? format(words.fair_round, { hash: hash.slice(0, 16) }) : "";
}

// -- moving through the match -------------------------------------------------------------------------

/** Show round ``round`` (0-based) after ``move`` of its moves, both kept in range, and put it in the address. */
function go(round, move) {
  const { rounds } = state.record;
  const r = Math.max(0, Math.min(round, rounds.length - 1));
  const m = Math.max(0, Math.min(move, rounds[r].moves.length));
  if (r !== state.round) camera.restart();
  Object.assign(state, { round: r, move: m });
  history.replaceState(null, "", positionHash(r, m));
  render();
}

const currentRound = () => state.record.rounds[state.round];

function step(delta) {
  const { rounds } = state.record;
  const length = currentRound().moves.length;
  if (delta < 0 && state.move === 0 && state.round > 0) return go(state.round - 1, rounds[state.round - 1].moves.length);
  if (delta > 0 && state.move === length && state.round < rounds.length - 1) return go(state.round + 1, 0);
  return go(state.round, state.move + delta);
}

const KEYS = {
  ArrowLeft: () => step(-1),
  ArrowRight: () => step(1),
  ArrowUp: () => go(state.round - 1, 0),
  ArrowDown: () => go(state.round + 1, 0),
  Home: () => go(state.round, 0),
  End: () => go(state.round, Infinity),
};

document.addEventListener("keydown", (event) => {
  if (!state.record || event.altKey || event.ctrlKey || event.metaKey || !(event.key in KEYS)) return;
  const target = /** @type {HTMLElement} */ (event.target);
  const typing = target.closest?.("textarea, select, input:not([type=range]), [contenteditable=true]");
  if (typing) return;
  event.preventDefault();
  KEYS[event.key]();
});

$("slider").addEventListener("input", (event) => go(state.round, Number(/** @type {HTMLInputElement} */ (event.target).value)));
$("step-back").addEventListener("click", () => step(-1));
$("step-on").addEventListener("click", () => step(1));
$("to-start").addEventListener("click", () => go(state.round, 0));
$("to-end").addEventListener("click", () => go(state.round, Infinity));
$("round-prev").addEventListener("click", () => go(state.round - 1, 0));
$("slider-marks").addEventListener("click", (event) => { // a mark of the analysis: to its move
  const mark = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest(".mark"));
  if (mark) go(state.round, Number(mark.dataset.move));
});
$("round-next").addEventListener("click", () => go(state.round + 1, 0));
$("zoom-in").addEventListener("click", () => camera.zoom(1.25));
$("zoom-out").addEventListener("click", () => camera.zoom(0.8));
$("fit").addEventListener("click", () => camera.fit());
$("move-list").addEventListener("click", (event) => {
  const button = /** @type {HTMLElement} */ (event.target).closest("button[data-move]");
  if (button) go(state.round, Number(/** @type {HTMLElement} */ (button).dataset.move));
});
$("copy-position").addEventListener("click", async () => {
  const button = $("copy-position");
  try {
    await navigator.clipboard.writeText(positionLink().value);
  } catch {
    positionLink().select();
    return;
  }
  button.textContent = words.copied;
  setTimeout(() => { button.textContent = button.dataset.label ?? ""; }, 1500);
});
$("copy-position").dataset.label = $("copy-position").textContent;
window.addEventListener("hashchange", () => {
  const wanted = readPosition(location.hash);
  if (state.record && wanted && (wanted.round !== state.round || wanted.move !== state.move)) go(wanted.round, wanted.move);
});
document.getElementById("file")?.addEventListener("change", (event) => openFile(/** @type {HTMLInputElement} */ (event.target).files?.[0]));

// -- what the page shows ------------------------------------------------------------------------------

/** One move in words: "Clara played 9-4 on 9-9", "Bob drew 7-7", "Ann passed". */
function moveLine(move) {
  const name = state.names[move.seat];
  if (move.kind === "play") return move.on ? format(words.played_on, { name, tile: move.tile, on: move.on }) : format(words.led, { name, tile: move.tile });
  return move.kind === "draw" ? format(words.drew_tile, { name, tile: move.tile }) : format(words.passed, { name });
}

function render() {
  if (!state.record) return;
  const { record } = state;
  const round = currentRound();
  const position = replayRound(round, state.move);
  const points = playPoints(round);
  renderWhere(record, round, position);
  renderBoard(record, round, position);
  renderHands(position, scoredSoFar(record, round, points));
  renderMoves(round, points);
  renderResult(record, round, position);
  renderControls(record, round);
  renderFair();
  analysis?.render({ round: state.round, move: state.move, moves: round.moves, better: $("better"), marks: $("slider-marks"), status: $("analysis-status"), list: $("move-list") });
  positionLink().value = location.href;
  for (const link of document.querySelectorAll("a[hreflang]")) /** @type {HTMLAnchorElement} */ (link).hash = location.hash; // a language keeps the position
}

function renderWhere(record, round, position) {
  const total = record.rounds.length;
  const which = traitsOf(record.game).noun === "hand" ? words.hand_of : words.round_of;
  $("where-round").textContent = format(which, { num: state.round + 1, total });
  $("where-move").textContent = state.move === 0 ? words.as_dealt : format(words.move_of, { num: state.move, total: round.moves.length });
  $("where-turn").textContent = position.turn === null ? "" : format(words.turn_of, { name: state.names[position.turn] });
  $("where-boneyard").textContent = `${words.boneyard}: ${position.boneyard.length}`;
  $("where-said").textContent = state.move > 0 ? `${moveLine(round.moves[state.move - 1])}. ` : ""; // heard, not shown
}

function renderBoard(record, round, position) {
  const view = boardView(record, round, position);
  const board = $("board");
  const waiting = position.end ? null : waitingDouble(record, round, position.placed);
  const portrait = board.clientHeight > 1.15 * board.clientWidth;
  const names = (view.trains || []).map(({ train }) => (train === "mexican" ? words.mexican_train : state.names[train]));
  const trains = view.trains ? { labels: names, mine: null, marked: words.train_marked } : null; // Mexican Train
  const playHere = view.trains ? words.cover_first : words.waits_toes;
  const { svg, bounds, areaOf, drawing } = drawBoard(board, view, traitsOf(record.game).board, { portrait, pending: waiting?.tile ?? null, playHere, trains });
  board.dataset.moves = String(state.move);
  const focus = focusKeys(view, { pending: waiting?.tile ?? null }).map(areaOf).filter(Boolean);
  drawn = drawing;
  camera.attach(svg, bounds, drawing.follow?.(bounds, focus) ?? focus, trains ? 1 : 0);
}

/** Where the record tells the points of each play (All Fives and Bergen), the points each seat's side scored
 * in play so far this hand, per seat; else null. @param {number[] | null} points @returns {number[] | null} */
function scoredSoFar(record, round, points) {
  if (!points) return null;
  const sides = record.seats.map(() => 0);
  round.moves.slice(0, state.move).forEach((move, index) => { sides[record.sides[move.seat]] += points[index]; });
  return record.seats.map((_, seat) => sides[record.sides[seat]]);
}

function renderHands(position, scored) {
  const items = position.hands.map((hand, seat) => {
    const item = make("li", null, { class: "seat-hand", "data-seat": seat });
    item.classList.toggle("turn-now", position.turn === seat);
    const head = make("p", null, { class: "who" });
    head.append(make("span", state.names[seat], { class: "name" }));
    const bot = state.record.seats[seat].bot;
    if (bot && words[`seat_${bot}`]) head.append(make("span", words[`seat_${bot}`], { class: "meta" }));
    const pips = hand.reduce((sum, tile) => sum + pipsOf(tile), 0);
    if (scored) head.append(make("span", plural("points_total", scored[seat]), { class: "scored" })); // its side's, in play
    head.append(make("span", `${plural("tiles_held", hand.length)} · ${plural("pips", pips)}`, { class: "count" }));
    const row = make("div", null, { class: "faces" });
    for (const tile of hand) {
      const face = make("span", null, { class: "face-tile", "data-tile": tile, role: "img", "aria-label": tile });
      face.classList.toggle("drawn", position.drawn[seat].has(tile));
      face.appendChild(handTile(tile));
      row.appendChild(face);
    }
    item.append(head, row);
    return item;
  });
  $("hands").replaceChildren(...items);
}

function renderMoves(round, points) {
  const list = $("move-list");
  if (list.dataset.round !== String(state.round) || list.children.length !== round.moves.length) {
    list.dataset.round = String(state.round);
    list.replaceChildren(...round.moves.map((move, index) => {
      const item = make("li", null, { "data-kind": move.kind, "data-seat": move.seat });
      const line = points?.[index] ? `${moveLine(move)} ${format(words.said_scored, { num: points[index] })}` : moveLine(move);
      const button = make("button", line, { type: "button", "data-move": index + 1 });
      item.append(button, make("span", "", { class: "mark" }));
      return item;
    }));
  }
  [...list.children].forEach((item, index) => {
    const current = index === state.move - 1;
    const button = /** @type {HTMLElement} */ (item.querySelector("button"));
    item.classList.toggle("current", current);
    item.classList.toggle("ahead", index >= state.move);
    if (current) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  });
  const current = /** @type {HTMLElement | undefined} */ (list.children[state.move - 1]);
  if (current) { // keep the current move in sight inside the list, without scrolling the page
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 2;
  } else list.scrollTop = 0;
}

function renderResult(record, round, position) {
  const box = $("result");
  box.hidden = !position.end;
  if (!position.end) return;
  const standard = traitsOf(record.game).noun === "hand"; // a hand's words, not a round's
  $("result-title").textContent = format(standard ? words.hand_n_over : words.round_n_over, { num: state.round + 1 });
  const last = round.moves.at(-1);
  $("result-end").textContent = position.end === "domino" && last ? format(words.ended_domino, { name: state.names[last.seat] }) : standard ? words.hand_blocked : words.ended_blocked;
  const sides = sideNames(record);
  const totals = runningAfter(record, state.round);
  const table = /** @type {HTMLTableElement} */ ($("result-table"));
  const head = make("tr");
  for (const text of [words.player, words.tiles_left, standard ? words.points_hand : words.points_round, words.total]) head.append(make("th", text, { scope: "col" }));
  const rows = sides.map((name, side) => {
    const row = make("tr", null, { "data-side": side });
    const left = seatsOf(record.sides, side).flatMap((seat) => position.hands[seat]);
    row.append(make("th", name, { scope: "row" }), make("td", left.join(" ") || "—", { class: "left" }));
    row.append(make("td", String(position.results[side] ?? ""), { class: "points" }), make("td", String(totals?.[side] ?? ""), { class: "total" }));
    return row;
  });
  table.replaceChildren(make("thead"), make("tbody"));
  table.tHead?.append(head);
  table.tBodies[0].append(...rows);
  const winners = $("result-winners");
  const lastRound = state.round === record.rounds.length - 1;
  winners.hidden = !(lastRound && record.finished && record.winners?.length);
  if (!winners.hidden) {
    const names = record.winners.map((seat) => state.names[seat]).join(", ");
    const alone = oneSide(record.sides, record.winners); // one seat, or one team, won
    winners.textContent = format(alone ? words.winners : words.shared_win, { names });
  }
}

/** The totals after round ``index`` (0-based), counting the ended rounds up to it. */
function runningAfter(record, index) {
  let totals = null;
  for (const round of record.rounds.slice(0, index + 1)) {
    if (round.results) totals = round.results.map((value, side) => value + (totals?.[side] ?? 0));
  }
  return totals;
}

function renderControls(record, round) {
  const slider = /** @type {HTMLInputElement} */ ($("slider"));
  slider.max = String(round.moves.length);
  slider.value = String(state.move);
  slider.setAttribute("aria-valuetext", state.move === 0 ? words.as_dealt : format(words.move_of, { num: state.move, total: round.moves.length }));
  const first = state.round === 0 && state.move === 0;
  const last = state.round === record.rounds.length - 1 && state.move === round.moves.length;
  const off = { "step-back": first, "to-start": state.move === 0, "step-on": last, "to-end": state.move === round.moves.length,
    "round-prev": state.round === 0, "round-next": state.round === record.rounds.length - 1 };
  for (const [id, disabled] of Object.entries(off)) $(id).setAttribute("aria-disabled", String(disabled)); // keeps the focus
}

if (source.record) fetchRecord();
