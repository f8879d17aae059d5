// The table page: the game over the table's WebSocket (docs/protocol.md), the board with the seats around
// it and the hand, the status bar and the action feed, the seats with the host's controls, the scores, chat.
import { drawBoard, focusKeys } from "./board.js";
import { Camera } from "./camera.js";
import { wireControls } from "./controls.js";
import { clockText, Ticker } from "./clock.js";
import { applyMove, Connection } from "./connection.js";
import { Feed, captions, renderLog, roundLine, sinceMyTurn, totalLine } from "./feed.js";
import { renderHand, renderTargets } from "./hand.js";
import { format, make, plural, words } from "./i18n.js";
import { records as tableRecords, renderAway, renderNext, renderRecords } from "./life.js";
import { Proofs } from "./proof.js";
import { renderRing } from "./ring.js";
import { rulesLine } from "./rules.js";
import { renderChat, renderSeats, seatName, settingsOf, showSettingsProblem } from "./side.js";
import { beep, unlockOnGesture, warn } from "./sound.js";
import { renderSummary, scoreboard, Scores } from "./summary.js";
import { paintClocks, takeTiming, warnNow } from "./timing.js";

const root = document.querySelector(".table-page");
const tableId = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const AUTO_PASS_MS = 1600;
const NOTICE_MS = 6000;
const FILL_LEVEL = "medium";

const state = {
  seq: null, you: null, table: null, view: null, started: false,
  summary: null, result: null, chat: [], choice: null, fresh: null, myTurn: false,
  watching: sessionStorage.getItem(`dh_watch_${root.dataset.table}`) === "1",
  autoPass: null, recordAsked: null,
  clock: null, between: null, turnSeq: null, warned: null, folded: false, refocus: null,
  movedAt: null, // the seq a move was sent at: a second press before its events arrive is not sent
};
const feed = new Feed();
const scores = new Scores(tableId);
const proofs = new Proofs(tableId);
const wantsStart = new URLSearchParams(location.search).get("start") === "1";
const camera = new Camera($("board"), () => {
  const dense = camera.dense(); // "Fit" and "Follow the play" take turns on a board too dense to show whole
  $("follow").hidden = camera.mode === "follow" || !dense;
  $("fit").hidden = camera.mode === "whole" && dense;
});

const connection = new Connection(tableId, {
  open: () => { $("phase").textContent = words.connected; },
  frame: (frame) => {
    notice(frame);
    receive(frame);
  },
  closed: () => { $("phase").textContent = words.reconnecting; },
  lastSeq: () => state.seq,
});
const send = (message) => connection.send(message);

$("start").addEventListener("click", () => send({ t: "start" }));
$("fill").addEventListener("click", () => send({ t: "start", fill: FILL_LEVEL }));
$("back").addEventListener("click", () => send({ t: "back" }));
wireControls({ send, leave, playing: () => state.table?.phase === "playing" });
$("draw").addEventListener("click", () => move({ t: "draw", at: state.seq }));
$("pass").addEventListener("click", () => move({ t: "pass", at: state.seq }));
$("zoom-in").addEventListener("click", () => camera.zoom(1.25));
$("zoom-out").addEventListener("click", () => camera.zoom(0.8));
$("fit").addEventListener("click", () => camera.fit());
$("follow").addEventListener("click", () => camera.follow());
$("watch").addEventListener("click", () => setWatching(true));
$("unwatch").addEventListener("click", () => setWatching(false));
$("settings").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ t: "settings", settings: settingsOf(event.target, game) });
});
$("board").addEventListener("click", (event) => {
  const target = event.target.closest?.(".target");
  if (target && state.choice && !camera.wasDragged()) play(state.choice.moves[Number(target.dataset.index)]);
});

function setWatching(watching, focus = true) {
  state.watching = watching;
  sessionStorage.setItem(`dh_watch_${tableId}`, watching ? "1" : "");
  renderView();
  if (focus) (watching ? $("unwatch") : $("name")).focus();
}

/** Each seat's name, with its number when two seats are called alike (three medium bots). */
const seatNames = () => {
  const plain = state.table.seats.map((seat, index) => seatName(seat, index));
  return plain.map((name, index) => (plain.indexOf(name) !== plain.lastIndexOf(name) ? `${name} ${index + 1}` : name));
};

/** The names of the scores' columns: the seats, or the two teams of partners. */
const sides = () => {
  const names = seatNames();
  if (game !== "chickenfoot" && state.table.options.partners) return [`${names[0]} & ${names[2]}`, `${names[1]} & ${names[3]}`];
  return names;
};

async function takeSeat(seat) {
  const name = $("name").value.trim() || words.player;
  localStorage.setItem("dh_name", name);
  const answer = await fetch(`/api/tables/${tableId}/sit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat, name }),
  });
  if (!answer.ok) {
    const refused = await answer.json();
    showProblem(refused.code, refused.message);
    return;
  }
  connection.reopen(); // the new seat cookie is read when the WebSocket connects again
}

function showProblem(code, message, rule) {
  const text = words[`rule_${rule}`] || words[`error_${code}`] || words.error_other;
  $("problem").textContent = text;
  $("problem").hidden = false;
  $("announce").textContent = text;
  clearTimeout(state.problemTimer);
  state.problemTimer = setTimeout(() => { $("problem").hidden = true; }, 6000);
  if (message) console.info(code, message);
}

// -- the hand, the places it may go, the board -----------------------------------------------------

/** Send a move; once the next view is drawn the focus is back on the hand. */
function move(command) {
  if (state.movedAt === state.seq) return; // already sent from this very state: its answer is on its way
  state.movedAt = state.seq;
  state.refocus = state.view?.history?.length ?? 0; // the history's length before the move
  send(command);
}

function play(chosen) {
  state.choice = null;
  renderTargets($("targets"), null, handActions);
  handActions.why(null);
  move({ t: "play", tile: chosen.tile, on: chosen.on ?? null, at: state.seq });
}

/** Put the focus back on the hand after a move (unless the person went elsewhere meanwhile): the first lit
 * tile, else Draw or Pass, else the first tile. */
function refocus() {
  if (state.refocus === null || (state.view?.history?.length ?? 0) <= state.refocus) return; // not yet moved
  const active = document.activeElement;
  const lost = !active || active === document.body;
  if (!lost && !active.closest("#hand, .actions, #targets")) return void (state.refocus = null);
  const next = $("hand").querySelector(".tile.lit") || document.querySelector("#draw:not([hidden]), #pass:not([hidden])") || $("hand").querySelector(".tile");
  if (!next) return;
  next.focus({ preventScroll: true });
  state.refocus = null;
}

const handActions = {
  play,
  choose(tile, moves, current, focus) {
    state.choice = { tile, moves, current };
    renderBoard();
    renderTargets($("targets"), state.choice, handActions);
    if (focus) $("targets").querySelector(`button[data-index="${current ?? 0}"]`)?.focus();
  },
  hover(index, focus = false) {
    if (!state.choice || state.choice.current === index) return;
    state.choice.current = index;
    renderBoard();
    renderTargets($("targets"), state.choice, handActions);
    if (focus) $("targets").querySelector(`button[data-index="${index}"]`)?.focus();
  },
  why(text) {
    $("why").textContent = text || "";
    $("why").hidden = !text;
  },
  cancel(focus) {
    const tile = state.choice?.tile;
    state.choice = null;
    renderBoard();
    renderTargets($("targets"), null, handActions);
    if (focus && tile) $("hand").querySelector(`[data-tile="${tile}"]`)?.focus();
  },
};

const isPortrait = () => $("board").clientHeight > 1.15 * $("board").clientWidth;

if (window.ResizeObserver) {
  new ResizeObserver(() => { if (state.view && isPortrait() !== state.portrait) renderBoard(); }).observe($("board"));
}

function renderBoard() {
  const { view } = state;
  if (!view) return;
  const portrait = isPortrait();
  state.portrait = portrait;
  const pending = view.pending && view.pending_needs > 0 && !view.end ? view.pending : null;
  const marks = { pending, playHere: words.play_here, recent: sinceMyTurn(view, state.you) };
  const { svg, bounds, areaOf } = drawBoard($("board"), view, game, { choice: state.choice?.moves, current: state.choice?.current, fresh: state.fresh, portrait, ...marks });
  state.fresh = null;
  const round = `${state.table?.matches}:${view.round_index}`;
  if (round !== state.round) camera.restart(); // a new round is framed afresh, wherever the last one was looked at
  state.round = round;
  camera.attach(svg, bounds, focusKeys(view, { pending, recent: marks.recent, choice: state.choice }).map(areaOf).filter(Boolean));
}


// -- what the page shows ----------------------------------------------------------------------------

/** Your seat, when you have one: its summary from the table. */
const mySeat = () => (state.you === null ? null : state.table?.seats[state.you] ?? null);

/** True while a bot plays your seat (you left during the match, your time ran out twice, or you were gone). */
const isAway = () => Boolean(mySeat()?.away) && state.table?.phase === "playing";

/** Leave the table: before the start the seat is free again, during the match a bot plays it. */
function leave() {
  if (state.table?.phase !== "playing") setWatching(true, false);
  send({ t: "stand" });
}

function renderStatus() {
  const { table, you } = state;
  const watcher = you === null || (isAway() && mySeat().why === "left");
  const full = table.phase === "waiting" && table.seats.every((seat) => !seat.free);
  if (watcher && table.phase !== "over") $("phase").textContent = words.watching;
  else $("phase").textContent = full ? words.ready_to_start : words[table.phase] || "";
}

/** How many rounds of the running match have ended. */
function roundsEnded() {
  const { view } = state;
  if (view) return view.end ? view.round_index + 1 : view.round_index;
  return scores.rows.length;
}

/** The records this table can give: each finished match, and the running one once a round has ended. */
const records = () => tableRecords(tableId, state.table, roundsEnded());

function renderTable() {
  const { table, you, view } = state;
  const waiting = table.phase === "waiting";
  const host = you !== null && you === table.host_seat;
  root.dataset.phase = table.phase;
  renderStatus();
  $("rules").replaceChildren(make("span", `${words.rules_label}: `, { class: "visually-hidden" }), make("span", rulesLine(table, game), { class: "line" }));
  $("sit-name").hidden = !(you === null && waiting && !state.watching);
  $("watching").hidden = !(you === null && waiting && state.watching);
  $("settings").hidden = !(waiting && host);
  $("leave").hidden = you === null || isAway();
  $("chat-form").hidden = you === null;
  $("chat-seated").hidden = you !== null;
  renderNext($, table, you);
  renderAway($, mySeat(), isAway());
  renderRecords($, records());
  const seats = table.seats.map((seat, index) => ({ ...seat, connected: state.connected?.[index] ?? null }));
  const clockSeat = state.clock && table.phase === "playing" ? state.clock.seat : null;
  const clockShown = clockSeat === null ? "" : clockText(state.clock.countdown.left());
  renderSeats($("seats"), { table: { ...table, seats }, view, you, watching: state.watching, send, takeSeat, clockSeat, clockText: clockShown });
  renderChat($("chat-log"), $("chat-empty"), state.chat, table.seats);
  if (waiting && host && wantsStart && !state.started && table.seats.every((seat) => !seat.free)) {
    state.started = true;
    send({ t: "start" });
  }
}

/** Continue between rounds: tell the table you are ready (the next `round` frame closes the summary). */
function continueRound() {
  if (state.table?.between) send({ t: "continue" });
  else {
    state.summary = null; // a server without a pause between rounds has dealt already
    renderView();
  }
}

function renderScores() {
  const box = $("summary");
  const { summary, table } = state;
  const opened = Boolean(summary) && box.hidden;
  box.hidden = !summary;
  if (summary) {
    const record = records().at(-1);
    renderSummary(box, summary, {
      table, game, seatNames: seatNames(), sideNames: sides(), scores, you: state.you, between: state.between, folded: state.folded,
      record: record && { href: record.href, file: record.file, label: record.download },
      onContinue: continueRound,
      fair: proofs.checkRow(table.matches, summary.view.round_index + 1, { you: state.you, seatNames: seatNames(), changed: renderScores }),
      onRematch: () => send({ t: "rematch" }),
      onFold: () => {
        state.folded = !state.folded;
        renderScores();
        $("fold").focus();
      },
    });
    if (opened) $("announce").textContent = [box.querySelector("h2"), box.querySelector(".ended"), box.querySelector(".winners")].filter(Boolean).map((node) => node.textContent).join(" ");
  }
  const board = $("scoreboard");
  $("scores").hidden = Boolean(summary) || scores.rows.length === 0;
  if (!$("scores").hidden) board.replaceChildren(scoreboard(sides(), scores));
}

function renderTurn(view) {
  const { table, you } = state;
  const away = isAway();
  if (view.end) $("turn-text").textContent = words.round_over;
  else if (view.turn === you && !away) $("turn-text").textContent = words.your_turn;
  else $("turn-text").textContent = format(words.turn_of, { name: seatName(table.seats[view.turn], view.turn) });
  $("round-line").textContent = roundLine(table, view, game, plural);
  $("turn-boneyard").textContent = `${words.boneyard}: ${view.boneyard_size ?? 0}`;
  $("my-total").textContent = totalLine(table, view, game, isAway() ? null : you);
  const timed = Boolean(state.clock) && state.clock.seat === view.turn && !view.end;
  $("turn-clock").hidden = !timed;
  if (timed) $("turn-clock").setAttribute("data-clock", String(view.turn));
  else $("turn-clock").removeAttribute("data-clock");
  $("turn").classList.toggle("mine", view.turn === you && !view.end && !away);
  const pending = $("pending");
  pending.hidden = !(view.pending && view.pending_needs > 0 && !view.end);
  if (!pending.hidden) pending.textContent = `${view.pending}: ${plural("toes", view.pending_needs)}`;
  const myTurn = view.turn === you && !view.end && !away && (view.legal_moves || []).length > 0;
  if (myTurn && !state.myTurn && beep()) $("sound").dataset.beeps = String(Number($("sound").dataset.beeps || 0) + 1);
  state.myTurn = myTurn;
  tick();
}

// -- counting down: the turn timer and the pause between rounds ---------------------------------------

/** Update every countdown on the page; a short warning at 10 s left on your own turn. */
function tick() {
  const { clock } = state;
  const left = paintClocks(clock, state.between);
  const mine = clock?.seat === state.you && !isAway() && state.table?.phase === "playing";
  if (warnNow(clock, left, mine) && state.warned !== state.turnSeq) {
    state.warned = state.turnSeq;
    const sound = $("sound");
    sound.dataset.warnings = String(Number(sound.dataset.warnings || 0) + 1);
    if (warn()) sound.dataset.warned = String(Number(sound.dataset.warned || 0) + 1);
  }
}

const ticker = new Ticker(tick, () => (state.clock?.countdown.left() ?? 0) > 0 || (state.between?.left() ?? 0) > 0);

/** A short visible line over the board (a seat that ran out of time), gone after a few seconds. */
function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = false;
  clearTimeout(state.noticeTimer);
  state.noticeTimer = setTimeout(() => { $("notice").hidden = true; }, NOTICE_MS);
}
/** A drawn tile that fits nowhere is shown for a moment, then the turn passes by itself. */
function renderDrawn(view) {
  const moves = view.legal_moves || [];
  const stuck = view.turn === state.you && !isAway() && view.drawn && moves.length === 1 && moves[0].kind === "pass";
  $("drawn-note").hidden = !stuck;
  if (!stuck) return;
  $("drawn-note").textContent = format(words.drawn_no_fit, { tile: view.drawn });
  if (state.autoPass === state.seq) return;
  state.autoPass = state.seq;
  const seq = state.seq;
  setTimeout(() => { if (state.seq === seq && state.autoPass === seq) send({ t: "pass", at: seq }); }, AUTO_PASS_MS);
}

function renderView() {
  const { table, you } = state;
  if (!table) return;
  renderTable();
  root.classList.toggle("has-view", Boolean(state.view));
  if (!state.view) return;
  const view = isAway() ? { ...state.view, legal_moves: [] } : state.view; // a bot plays your seat meanwhile
  scores.note(view, table.matches);
  if (table.phase === "over" && !scores.complete && state.recordAsked !== table.matches) fetchRecord(table.matches);
  if (state.choice && !(view.legal_moves || []).some((move) => move.tile === state.choice.tile)) state.choice = null;
  renderScores();
  renderBoard();
  if (!document.querySelector(".drag-ghost")) renderHand($("hand"), view, handActions); // not under a dragged tile
  const focused = document.activeElement?.closest?.("#hand .tile[aria-disabled=true]");
  if (focused) handActions.why(focused.dataset.why); // the reason as it is now
  else if (!state.choice) handActions.why(null);
  renderTargets($("targets"), state.choice, handActions);
  const moves = view.legal_moves || [];
  $("draw").hidden = !moves.some((move) => move.kind === "draw");
  $("pass").hidden = !moves.some((move) => move.kind === "pass");
  $("hand-hint").hidden = you === null || view.end !== null || isAway();
  renderTurn(view);
  renderDrawn(view);
  renderFeed(view);
  refocus();
}

/** The action feed: the log of the round's moves and the seats around the board with their captions. */
function renderFeed(view) {
  const { table } = state;
  const names = seatNames();
  feed.follow(`${table.matches}:${view.round_index}`);
  renderLog($("log"), view, feed, (seat) => names[seat]);
  const clockSeat = state.clock && table.phase === "playing" && !view.end ? state.clock.seat : null;
  const clockShare = clockSeat === null ? 0 : state.clock.countdown.left() / Math.max(1, state.clock.limit);
  const connected = state.connected;
  renderRing($("ring"), { table, view, you: state.you, game, names, said: captions(view, feed), connected, clockSeat, clockShare });
}

/** Once the match is over its record has every round: the scoreboard fills in what this page missed. */
async function fetchRecord(match) {
  state.recordAsked = match;
  try {
    const answer = await fetch(`/api/tables/${tableId}/record?match=${match}`);
    if (!answer.ok) return;
    scores.fromRecord(await answer.json(), match);
    renderScores();
  } catch {
    // the scoreboard keeps the rounds this page saw
  }
}

/** What a frame means beyond its view, read before ``receive`` applies it. */
function notice(frame) {
  if (frame.t === "snapshot") {
    state.chat = frame.chat || [];
    state.result = frame.match || null;
    if (frame.rounds && frame.table) scores.fromTotals(frame.rounds, frame.table.matches);
  } else if (frame.t === "presence") {
    state.connected = frame.connected;
  } else if (frame.t === "chat") {
    state.chat = [...state.chat, { seat: frame.seat, text: frame.text }].slice(-50);
  } else if (frame.t === "rematch" || frame.t === "started") {
    state.summary = null;
    state.result = null;
  } else if (frame.t === "round") {
    state.summary = null; // the next round is dealt: its board replaces the finished one
  } else if (frame.t === "move" && frame.move?.kind === "play") {
    state.fresh = frame.move.tile;
  } else if (frame.t === "error" && !proofs.refused(frame)) {
    if (frame.code === "bad-settings") showSettingsProblem($("settings"), frame.field);
    showProblem(frame.code, frame.message, frame.rule);
  }
  const ended = frame.t === "snapshot" && frame.view?.end && (frame.match || frame.table?.between);
  if (ended) state.summary = { view: frame.view, match: frame.match || null };
  const lost = { kicked: true, stood: true, bot: true }[frame.t] && frame.seat === state.you && state.you !== null;
  if (lost) state.you = null; // a bot or nobody sits there now: this page watches
  if (lost && frame.t === "stood") state.watching = true;
}

function receive(frame) {
  if (frame.seq) state.seq = Math.max(state.seq ?? 0, frame.seq);
  if (frame.t === "snapshot") {
    state.you = frame.you;
    state.table = frame.table;
    state.view = frame.view;
  } else if (frame.t === "welcome") {
    state.you = frame.you;
  } else if (frame.t === "error") {
    state.movedAt = null; // refused: the person may try again from the same state
    return; // shown (in the page's language) by notice()
  }
  if (frame.table) state.table = frame.table;
  takeTiming(state, frame);
  if (frame.t === "move") {
    const before = state.view;
    state.view = applyMove(state.view, frame);
    if (state.view && state.table) {
      feed.follow(`${state.table.matches}:${state.view.round_index}`);
      feed.note(state.view.history.length - 1, frame, before, state.view);
    }
  }
  else if (frame.view) state.view = frame.view;
  if (frame.t === "move" && state.view && state.table) {
    const name = seatName(state.table.seats[frame.seat], frame.seat);
    const entry = state.view.history?.at(-1);
    const said = { play: words.played, draw: words.drew, pass: words.passed }[entry?.kind];
    const scored = feed.scored.get(state.view.history.length - 1);
    if (said) $("announce").textContent = [format(said, { name, tile: entry.tile ?? "" }), scored ? format(words.scored, { name, num: scored }) : ""].join(" ").trim();
    if (frame.timeout) showNotice(frame.seat === state.you ? words.you_timed_out : format(words.timed_out, { name }));
    if (state.view.end) {
      state.summary = { view: state.view, match: frame.match ?? null };
      state.folded = false;
    }
  }
  proofs.take(frame, state.table, state.you, send, $("fair"));
  renderView();
  ticker.wake();
}

$("name").value = localStorage.getItem("dh_name") || "";
unlockOnGesture();
connection.open();
