// The first-game tutorial: one round of Chicken Foot with a prepared deal, told step by step. The round is a
// record (templates/tutorial.json, checked move by move by the engine in the tests) replayed here with
// record.js: the page knows no rules. At the learner's steps the tile to play is lit (or Draw, or Pass); any
// other tile gets a friendly word. The bots' moves follow by themselves, or after Next when a step explains
// them first.
import { drawBoard, handTile } from "./board.js";
import { Camera } from "./camera.js";
import { traitsOf } from "./games.js";
import { format, make, words } from "./i18n.js";
import { boardView, readRecord, replayRound, waitingDouble } from "./record.js";

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const lesson = JSON.parse($("lesson").textContent);
const record = readRecord(lesson.record);
const round = record.rounds[0];
const YOU = lesson.you;
const BOT_MS = 650; // between two of the bots' moves
const names = lesson.names;
const starts = lesson.steps.reduce((found, step) => [...found, found.at(-1) + (step.moves ?? 0)], [0]);
const state = { step: 0, pos: 0, busy: false, fresh: null, token: 0 };
const camera = new Camera($("board"));

/** The move the learner is to make now, or null (a step to read, the bots moving, the end). */
function expected() {
  const step = lesson.steps[state.step];
  const move = round.moves[state.pos];
  const first = state.pos === starts[state.step];
  return !state.busy && step.moves && first && move?.seat === YOU ? move : null;
}

/** The words' placeholders at this point of the round. */
function params() {
  const position = replayRound(round, state.pos);
  const step = lesson.steps[state.step];
  const mine = round.moves.slice(starts[state.step], starts[state.step] + (step.moves ?? 0)).find((move) => move.seat === YOU && move.kind === "play");
  const drawn = [...position.history].reverse().find((move) => move.seat === YOU && move.kind === "draw");
  const pending = waitingDouble(record, round, position.placed);
  return { a: names[1], b: names[2], tile: mine?.tile ?? "", on: mine?.on ?? "", drawn: drawn?.tile ?? "", pending: pending?.tile ?? "" };
}

function say(text) {
  $("say").textContent = text;
}

function oops(text) {
  $("oops").textContent = text || "";
  $("oops").hidden = !text;
}

function enter(index) {
  state.step = index;
  state.pos = starts[index];
  oops("");
  const step = lesson.steps[index];
  say(format(words[`say_${step.say}`], params()));
  $("step-count").textContent = format(words.step_of, { num: index + 1, total: lesson.steps.length });
  render();
  const move = expected();
  if (move) bringHand();
  if (move?.kind === "play") $("hand").querySelector(".tile.lit")?.focus({ preventScroll: true });
  else if (move) $(move.kind).focus({ preventScroll: true });
  else if (!$("next").hidden) $("next").focus({ preventScroll: true });
  else if (!$("finish").hidden) $("again").focus({ preventScroll: true });
}

/** Scroll the hand (and its Draw and Pass) into sight, as far as the step's words stay in sight above it. */
function bringHand() {
  const short = ($("hand").closest(".hand-row") ?? $("hand")).getBoundingClientRect().bottom + 8 - innerHeight;
  const room = $("step-count").getBoundingClientRect().top - 8;
  if (short > 0 && room > 0) scrollBy({ top: Math.min(short, room), behavior: "instant" });
}

/** Make the learner's move, then let the bots make the rest of the step's moves, one after another. */
async function advance(count) {
  const token = ++state.token;
  state.busy = true;
  oops(""); // a slip before the right move is forgotten
  if (count > 1) say(words.others_play); // the step's words asked for the move just made
  for (let made = 0; made < count; made++) {
    if (made > 0) {
      render();
      await new Promise((resolve) => { setTimeout(resolve, BOT_MS); });
      if (token !== state.token) return; // started again meanwhile
    }
    const move = round.moves[state.pos];
    state.fresh = move.kind === "play" ? move.tile : null;
    state.pos += 1;
  }
  state.busy = false;
  enter(state.step + 1);
}

function act(kind, tile = null) {
  const move = expected();
  const step = lesson.steps[state.step];
  if (state.busy) return;
  if (!move) return void oops(words.wrong_watch);
  if (move.kind === kind && (kind !== "play" || move.tile === tile)) return void advance(step.moves);
  const wrong = (step.fits || []).includes(tile) ? words.wrong_fits : words[step.wrong] || words.wrong_end;
  oops(format(wrong, { ...params(), tile: tile ?? "" }));
  bringHand(); // the note above it may have pushed the lit tile down
}

$("next").addEventListener("click", () => {
  const step = lesson.steps[state.step];
  if (state.busy || expected() || state.step >= lesson.steps.length - 1) return;
  if (step.moves) advance(step.moves);
  else enter(state.step + 1);
});
$("draw").addEventListener("click", () => act("draw"));
$("pass").addEventListener("click", () => act("pass"));
$("again").addEventListener("click", () => {
  state.token += 1;
  state.busy = false;
  camera.restart();
  enter(0);
});
$("board").addEventListener("click", (event) => {
  const move = expected();
  if (move && /** @type {HTMLElement} */ (event.target).closest?.(".target") && !camera.wasDragged()) act("play", move.tile);
});

// -- what the page shows ------------------------------------------------------------------------------

function moveLine(move) {
  const name = names[move.seat];
  if (move.seat === YOU) return format(words[{ play: "you_played_on", draw: "you_drew", pass: "you_passed" }[move.kind]], move);
  if (move.kind === "play") return format(words.played_on, { name, tile: move.tile, on: move.on });
  return move.kind === "draw" ? format(words.drew_tile, { name, tile: move.tile }) : format(words.passed, { name });
}

function render() {
  const position = replayRound(round, state.pos);
  const move = expected();
  const last = state.step === lesson.steps.length - 1;
  $("next").hidden = Boolean(move) || state.busy || last;
  $("draw").hidden = move?.kind !== "draw";
  $("pass").hidden = move?.kind !== "pass";
  $("finish").hidden = !last;
  renderBoard(position, move);
  renderPlayers(position);
  renderHand(position, move);
  const turn = position.turn;
  $("where-turn").textContent = turn === null ? "" : turn === YOU ? words.your_turn : format(words.turn_of, { name: names[turn] });
  $("where-boneyard").textContent = `${words.boneyard}: ${position.boneyard.length}`;
  $("log").replaceChildren(...position.history.slice(-8).map((entry) => make("li", moveLine(entry), { "data-seat": entry.seat })));
  if (last) renderFinish(position);
}

function renderBoard(position, move) {
  const pending = position.end ? null : waitingDouble(record, round, position.placed);
  /** @type {Move[]} */
  const choice = move?.kind === "play" ? [{ kind: "play", tile: move.tile, on: move.on }] : [];
  const view = boardView(record, round, position);
  const { svg, bounds } = drawBoard($("board"), view, traitsOf(record.game).board, { choice, current: 0, fresh: state.fresh, pending: pending?.tile ?? null, playHere: words.waits_toes });
  state.fresh = null;
  camera.attach(svg, bounds);
}

function renderPlayers(position) {
  $("players").replaceChildren(...position.hands.map((hand, seat) => {
    const item = make("li", null, { class: "seat-hand", "data-seat": seat });
    item.classList.toggle("turn-now", position.turn === seat);
    const head = make("p", null, { class: "who" });
    head.append(make("span", names[seat], { class: "name" }), make("span", String(hand.length), { class: "count", "aria-hidden": "true" }));
    item.append(head);
    if (seat === YOU) { // your tiles are the hand below: your card says so instead of showing them twice
      item.append(make("p", words.your_tiles, { class: "where" }));
      return item;
    }
    const faces = make("div", null, { class: "faces" });
    for (const tile of hand) {
      const face = make("span", null, { class: "face-tile", "data-tile": tile, role: "img", "aria-label": tile });
      face.appendChild(handTile(tile));
      faces.appendChild(face);
    }
    item.append(faces);
    return item;
  }));
}

function renderHand(position, move) {
  $("hand").replaceChildren(...position.hands[YOU].map((tile) => {
    const button = make("button", null, { type: "button", class: "tile", "data-tile": tile, "aria-label": tile });
    const lit = move?.kind === "play" && move.tile === tile;
    button.classList.toggle("lit", lit);
    button.classList.toggle("drawn", position.drawn[YOU].has(tile));
    button.appendChild(handTile(tile));
    button.addEventListener("click", () => act("play", tile));
    return button;
  }));
}

function renderFinish(position) {
  const table = /** @type {HTMLTableElement} */ ($("finish-table"));
  const head = make("tr");
  for (const text of [words.player, words.tiles_left, words.points_round]) head.append(make("th", text, { scope: "col" }));
  const rows = names.map((name, seat) => {
    const row = make("tr", null, { "data-seat": seat });
    row.append(make("th", name, { scope: "row" }), make("td", position.hands[seat].join(" ") || "—", { class: "left" }), make("td", String(position.results?.[seat] ?? ""), { class: "points" }));
    return row;
  });
  table.replaceChildren(make("thead"), make("tbody"));
  table.tHead?.append(head);
  table.tBodies[0].append(...rows);
}

enter(0);
