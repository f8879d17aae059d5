// The table page: the game over the table's WebSocket (docs/protocol.md), the board and the hand, the seats
// with the host's controls, the scores and the chat.
import { drawBoard } from "./board.js";
import { Camera } from "./camera.js";
import { renderHand, renderTargets } from "./hand.js";
import { format, plural, words } from "./i18n.js";
import { renderChat, renderSeats, seatName, settingsOf, showSettingsProblem } from "./side.js";
import { beep, isMuted, setMuted, unlockOnGesture } from "./sound.js";
import { renderSummary, scoreboard, Scores } from "./summary.js";

const root = document.querySelector(".table-page");
const tableId = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const AUTO_PASS_MS = 1600;

const state = {
  seq: null, you: null, table: null, view: null, socket: null, started: false, next: 1,
  summary: null, result: null, chat: [], choice: null, fresh: null, myTurn: false,
  watching: sessionStorage.getItem(`dh_watch_${root.dataset.table}`) === "1",
  autoPass: null, recordAsked: null,
};
const scores = new Scores(tableId);
const wantsStart = new URLSearchParams(location.search).get("start") === "1";
const camera = new Camera($("board"));

$("copy").addEventListener("click", async () => {
  const link = $("share-link");
  try {
    await navigator.clipboard.writeText(link.value);
  } catch {
    link.select();
    document.execCommand("copy");
  }
  $("copy").textContent = words.copied;
});

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify({ id: `c${Date.now().toString(36)}${state.next++}`, ...message }));
  }
}

$("start").addEventListener("click", () => send({ t: "start" }));
$("draw").addEventListener("click", () => send({ t: "draw", at: state.seq }));
$("pass").addEventListener("click", () => send({ t: "pass", at: state.seq }));
$("zoom-in").addEventListener("click", () => camera.zoom(1.25));
$("zoom-out").addEventListener("click", () => camera.zoom(0.8));
$("fit").addEventListener("click", () => camera.fit());
$("sound").addEventListener("click", () => {
  setMuted(!isMuted());
  renderSound();
});
$("watch").addEventListener("click", () => setWatching(true));
$("unwatch").addEventListener("click", () => setWatching(false));
$("settings").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ t: "settings", settings: settingsOf(event.target, game) });
});
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text) return;
  send({ t: "chat", text: text.slice(0, 300) });
  $("chat-text").value = "";
});
$("board").addEventListener("click", (event) => {
  const target = event.target.closest?.(".target");
  if (target && state.choice && !camera.wasDragged()) play(state.choice.moves[Number(target.dataset.index)]);
});

function renderSound() {
  const muted = isMuted();
  $("sound").setAttribute("aria-pressed", String(!muted));
  $("sound").textContent = muted ? words.sound_off : words.sound_on;
}

function setWatching(watching) {
  state.watching = watching;
  sessionStorage.setItem(`dh_watch_${tableId}`, watching ? "1" : "");
  renderView();
  (watching ? $("unwatch") : $("name")).focus();
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
  const old = state.socket; // the new seat cookie is read when the WebSocket connects again
  state.socket = null;
  old.close();
  connect();
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

function play(move) {
  state.choice = null;
  renderTargets($("targets"), null, handActions);
  send({ t: "play", tile: move.tile, on: move.on ?? null, at: state.seq });
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
  const { svg, bounds } = drawBoard($("board"), view, game, { choice: state.choice?.moves, current: state.choice?.current, fresh: state.fresh, portrait });
  state.fresh = null;
  const round = `${state.table?.matches}:${view.round_index}`;
  if (round !== state.round) camera.fitted = true; // a new round starts fitted, wherever the last one was looked at
  state.round = round;
  camera.attach(svg, bounds);
}

// -- what the page shows ----------------------------------------------------------------------------

function renderTable() {
  const { table, you, view } = state;
  const waiting = table.phase === "waiting";
  const host = you !== null && you === table.host_seat;
  root.dataset.phase = table.phase;
  $("status").textContent = you === null ? words.watching : words[table.phase] || "";
  $("sit-name").hidden = !(you === null && waiting && !state.watching);
  $("watching").hidden = !(you === null && waiting && state.watching);
  $("settings").hidden = !(waiting && host);
  $("start").hidden = !(waiting && host);
  $("chat-form").hidden = you === null;
  $("chat-seated").hidden = you !== null;
  const seats = table.seats.map((seat, index) => ({ ...seat, connected: state.connected?.[index] ?? null }));
  renderSeats($("seats"), { table: { ...table, seats }, view, you, watching: state.watching, send, takeSeat });
  renderChat($("chat-log"), $("chat-empty"), state.chat, table.seats);
  if (waiting && host && wantsStart && !state.started && table.seats.every((seat) => !seat.free)) {
    state.started = true;
    send({ t: "start" });
  }
}

function renderScores() {
  const box = $("summary");
  const { summary, table } = state;
  const opened = Boolean(summary) && box.hidden;
  box.hidden = !summary;
  if (summary) {
    renderSummary(box, summary, {
      table, game, seatNames: seatNames(), sideNames: sides(), scores, you: state.you,
      onContinue: () => { state.summary = null; renderView(); },
      onRematch: () => send({ t: "rematch" }),
    });
    if (opened) $("announce").textContent = [box.querySelector("h2"), box.querySelector(".winners")].filter(Boolean).map((node) => node.textContent).join(". ");
  }
  const board = $("scoreboard");
  $("scores").hidden = Boolean(summary) || scores.rows.length === 0;
  if (!$("scores").hidden) board.replaceChildren(scoreboard(sides(), scores));
}

function renderTurn(view) {
  const { table, you } = state;
  const turn = $("turn");
  if (view.end) turn.textContent = words.round_over;
  else if (view.turn === you) turn.textContent = words.your_turn;
  else turn.textContent = format(words.turn_of, { name: seatName(table.seats[view.turn], view.turn) });
  turn.textContent += ` · ${words.boneyard}: ${view.boneyard_size ?? 0}`;
  turn.classList.toggle("mine", view.turn === you && !view.end);
  const pending = $("pending");
  pending.hidden = !(view.pending && view.pending_needs > 0 && !view.end);
  if (!pending.hidden) pending.textContent = `${view.pending}: ${plural("toes", view.pending_needs)}`;
  const myTurn = view.turn === you && !view.end && (view.legal_moves || []).length > 0;
  if (myTurn && !state.myTurn && beep()) $("sound").dataset.beeps = String(Number($("sound").dataset.beeps || 0) + 1);
  state.myTurn = myTurn;
}

/** A drawn tile that fits nowhere is shown for a moment, then the turn passes by itself. */
function renderDrawn(view) {
  const moves = view.legal_moves || [];
  const stuck = view.turn === state.you && view.drawn && moves.length === 1 && moves[0].kind === "pass";
  $("drawn-note").hidden = !stuck;
  if (!stuck) return;
  $("drawn-note").textContent = format(words.drawn_no_fit, { tile: view.drawn });
  if (state.autoPass === state.seq) return;
  state.autoPass = state.seq;
  const seq = state.seq;
  setTimeout(() => { if (state.seq === seq && state.autoPass === seq) send({ t: "pass", at: seq }); }, AUTO_PASS_MS);
}

function renderView() {
  const { view, table, you } = state;
  if (!table) return;
  renderTable();
  root.classList.toggle("has-view", Boolean(view));
  if (!view) return;
  scores.note(view, table.matches);
  if (table.phase === "over" && !scores.complete && state.recordAsked !== table.matches) fetchRecord(table.matches);
  if (state.choice && !(view.legal_moves || []).some((move) => move.tile === state.choice.tile)) state.choice = null;
  renderScores();
  renderBoard();
  if (!document.querySelector(".drag-ghost")) renderHand($("hand"), view, handActions); // not under a dragged tile
  renderTargets($("targets"), state.choice, handActions);
  const moves = view.legal_moves || [];
  $("draw").hidden = !moves.some((move) => move.kind === "draw");
  $("pass").hidden = !moves.some((move) => move.kind === "pass");
  $("hand-hint").hidden = you === null || view.end !== null;
  renderTurn(view);
  renderDrawn(view);
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
  } else if (frame.t === "move" && frame.move?.kind === "play") {
    state.fresh = frame.move.tile;
  } else if (frame.t === "error") {
    if (frame.code === "bad-settings") showSettingsProblem($("settings"), frame.field);
    showProblem(frame.code, frame.message, frame.rule);
  }
  if (frame.t === "snapshot" && frame.match && frame.view?.end) state.summary = { view: frame.view, match: frame.match };
  const lost = { kicked: true, stood: true, bot: true }[frame.t] && frame.seat === state.you && state.you !== null;
  if (lost) state.you = null; // a bot or nobody sits there now: this page watches
}

/** The view after a move frame: its view is a patch without options, history and placed, which the client
 * keeps by appending the move (docs/protocol.md). */
function applyMove(view, frame) {
  if (!view) return null;
  const { move } = frame;
  const placed = move.kind === "play" ? [...view.placed, [move.tile, move.on]] : view.placed;
  return { ...view, ...frame.view, placed, history: [...view.history, { seat: frame.seat, ...move }] };
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
    return; // shown (in the page's language) by notice()
  }
  if (frame.table) state.table = frame.table;
  if (frame.t === "move") state.view = applyMove(state.view, frame);
  else if (frame.view) state.view = frame.view;
  if (frame.t === "move" && state.view && state.table) {
    const name = seatName(state.table.seats[frame.seat], frame.seat);
    const entry = state.view.history?.at(-1);
    const said = { play: words.played, draw: words.drew, pass: words.passed }[entry?.kind];
    if (said) $("announce").textContent = format(said, { name, tile: entry.tile ?? "" });
    if (state.view.end) state.summary = { view: state.view, match: frame.match ?? null };
  }
  renderView();
}

function connect(delay = 500) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/t/${tableId}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    $("status").textContent = words.connected;
    socket.send(JSON.stringify({ t: "hello", v: 2, last_seq: state.seq }));
  });
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    notice(frame);
    receive(frame);
  });
  socket.addEventListener("close", () => {
    if (state.socket !== socket) return;
    $("status").textContent = words.reconnecting;
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  });
}

$("name").value = localStorage.getItem("dh_name") || "";
unlockOnGesture();
renderSound();
connect();
