// The table page: the share link, the seats, and the game over the table's WebSocket (docs/protocol.md).
import { drawBoard, handTile } from "./board.js";

const root = document.querySelector(".table-page");
const { lang, words, plurals } = JSON.parse(document.getElementById("strings").textContent);
const tableId = root.dataset.table;
const game = root.dataset.game;
const $ = (id) => document.getElementById(id);
const rules = new Intl.PluralRules(lang);

const format = (text, params = {}) => text.replace(/%\((\w+)\)[sd]/g, (_, key) => String(params[key] ?? ""));
const plural = (key, num) => {
  const forms = plurals[key];
  return format(forms[rules.select(num)] ?? forms.other, { num });
};

const state = { seq: null, you: null, table: null, view: null, socket: null, started: false, next: 1 };
const wantsStart = new URLSearchParams(location.search).get("start") === "1";

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
$("draw").addEventListener("click", () => send({ t: "draw" }));
$("pass").addEventListener("click", () => send({ t: "pass" }));

function seatName(seat, index) {
  if (seat.free) return words.free;
  if (seat.bot && !seat.away) return words[`seat_${seat.bot}`] || seat.name;
  return seat.name || `#${index + 1}`;
}

function renderSeats() {
  const { table, view, you } = state;
  if (!table) return;
  const list = $("seats");
  list.replaceChildren();
  table.seats.forEach((seat, index) => {
    const item = document.createElement("li");
    item.textContent = seatName(seat, index);
    const notes = [];
    if (index === you) notes.push(words.you);
    if (index === table.host_seat) notes.push(words.host);
    if (view && view.hand_sizes) notes.push(plural("tiles", view.hand_sizes[index]));
    if (notes.length) {
      const meta = document.createElement("span");
      meta.className = "meta";
      meta.textContent = `(${notes.join(", ")})`;
      item.appendChild(meta);
    }
    if (view && view.turn === index && !view.end) item.classList.add("turn-now");
    if (seat.free && you === null && table.phase === "waiting") {
      const sit = document.createElement("button");
      sit.type = "button";
      sit.className = "sit";
      sit.textContent = words.take_seat;
      sit.addEventListener("click", () => takeSeat(index));
      item.appendChild(sit);
    }
    list.appendChild(item);
  });
  const waiting = table.phase === "waiting";
  const host = you !== null && you === table.host_seat;
  $("start").hidden = !(waiting && host);
  if (waiting && host && wantsStart && !state.started && table.seats.every((seat) => !seat.free)) {
    state.started = true;
    send({ t: "start" });
  }
}

async function takeSeat(seat) {
  const name = $("name").value.trim() || words.player;
  localStorage.setItem("dh_name", name);
  const answer = await fetch(`/api/tables/${tableId}/sit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat, name }),
  });
  if (!answer.ok) {
    $("announce").textContent = (await answer.json()).message || "";
    return;
  }
  const old = state.socket; // the new seat cookie is read when the WebSocket connects again
  state.socket = null;
  old.close();
  connect();
}

function play(move) {
  $("targets").hidden = true;
  send({ t: "play", tile: move.tile, on: move.on ?? null, at: state.seq });
}

function chooseTarget(tile, moves) {
  const box = $("targets");
  box.replaceChildren();
  const label = document.createElement("span");
  label.textContent = format(words.pick_target, { tile });
  box.appendChild(label);
  for (const move of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move.on ?? "—";
    button.addEventListener("click", () => play(move));
    box.appendChild(button);
  }
  box.hidden = false;
  box.querySelector("button").focus();
}

const penalty = (tiles, options) =>
  tiles.reduce((sum, tile) => sum + (tile === "0-0" && options?.blank_double ? options.blank_double : tile.split("-").map(Number).reduce((a, b) => a + b, 0)), 0);

function cell(row, text, tag = "td") {
  const node = document.createElement(tag);
  node.textContent = text;
  row.appendChild(node);
}

function renderSummary() {
  const box = $("summary");
  const { summary, table } = state;
  box.hidden = !summary;
  if (!summary || !table) return;
  box.replaceChildren();
  const title = document.createElement("h2");
  title.textContent = summary.match ? words.over : words.round_over;
  box.appendChild(title);
  const grid = document.createElement("table");
  const head = grid.createTHead().insertRow();
  for (const text of [words.player, words.tiles_left, ...(game === "chickenfoot" ? [words.points] : []), words.total]) {
    cell(head, text, "th");
  }
  const totals = summary.match?.totals ?? (state.view !== summary.view ? state.view?.totals : null) ?? summary.view.totals;
  const body = grid.createTBody();
  (summary.view.final_hands || []).forEach((tiles, seat) => {
    const row = body.insertRow();
    cell(row, seatName(table.seats[seat], seat), "th");
    cell(row, tiles.join("  ") || "—");
    if (game === "chickenfoot") cell(row, String(penalty(tiles, summary.view.options)));
    cell(row, String(totals?.[seat] ?? ""));
  });
  box.appendChild(grid);
  if (summary.match) {
    const names = (summary.match.winners || []).map((seat) => seatName(table.seats[seat], seat)).join(", ");
    const line = document.createElement("p");
    line.className = "winners";
    line.textContent = format(words.winners, { names });
    box.appendChild(line);
  } else {
    const next = document.createElement("button");
    next.type = "button";
    next.id = "continue";
    next.textContent = words.continue;
    next.addEventListener("click", () => {
      state.summary = null;
      renderView();
    });
    box.appendChild(next);
  }
}

function renderView() {
  const { view, table, you } = state;
  $("sit-name").hidden = !(table && you === null && table.phase === "waiting");
  const status = $("status");
  if (table) status.textContent = you === null ? words.watching : words[table.phase] || "";
  if (table) root.dataset.phase = table.phase;
  renderSeats();
  if (!view) return;
  $("targets").hidden = true;
  renderSummary();
  const board = $("board");
  drawBoard(board, view, game);
  const moves = view.legal_moves || [];
  const hand = $("hand");
  hand.replaceChildren();
  for (const tile of view.hand || []) {
    const mine = moves.filter((move) => move.kind === "play" && move.tile === tile);
    const button = document.createElement("button");
    button.type = "button";
    button.className = mine.length ? "tile lit" : "tile";
    button.disabled = mine.length === 0;
    button.dataset.tile = tile;
    button.setAttribute("aria-label", tile);
    button.appendChild(handTile(tile));
    button.addEventListener("click", () => (mine.length === 1 ? play(mine[0]) : chooseTarget(tile, mine)));
    hand.appendChild(button);
  }
  $("draw").hidden = !moves.some((move) => move.kind === "draw");
  $("pass").hidden = !moves.some((move) => move.kind === "pass");
  const turn = $("turn");
  if (view.end) turn.textContent = words.round_over;
  else if (view.turn === you) turn.textContent = words.your_turn;
  else if (table && view.turn !== null && view.turn !== undefined) {
    turn.textContent = format(words.turn_of, { name: seatName(table.seats[view.turn], view.turn) });
  }
  turn.textContent += ` · ${words.boneyard}: ${view.boneyard_size ?? 0}`;
  const pending = $("pending");
  pending.hidden = !(view.pending && view.pending_needs > 0);
  if (!pending.hidden) pending.textContent = `${view.pending}: ${plural("toes", view.pending_needs)}`;
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
    $("announce").textContent = frame.message;
    return;
  }
  if (frame.table) state.table = frame.table;
  if (frame.t === "move") state.view = applyMove(state.view, frame);
  else if (frame.view) state.view = frame.view;
  if (frame.t === "move" && state.view && state.table) {
    const name = seatName(state.table.seats[frame.seat], frame.seat);
    const entry = state.view.history?.at(-1);
    const said = { play: words.played, draw: words.drew, pass: words.passed }[entry?.kind];
    if (said) $("announce").textContent = format(said, { name, tile: entry.tile ?? "" });
    if (frame.view.end) state.summary = { view: frame.view, match: frame.match ?? null };
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
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (state.socket !== socket) return;
    $("status").textContent = words.reconnecting;
    setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
  });
}

$("name").value = localStorage.getItem("dh_name") || "";
connect();
