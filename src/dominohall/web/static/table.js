// The table page: the game over the table's WebSocket (docs/protocol.md), the board with the seats around
// it and the hand, the status bar and the action feed, the seats with the host's controls, the scores, chat.
import { drawBoard, focusKeys, look } from "./board.js";
import { Camera } from "./camera.js";
import { panelRoles, showTab, wireControls } from "./controls.js";
import { clockText, Ticker } from "./clock.js";
import { Connection } from "./connection.js";
import { captions, hintLine, renderLog, roundLine, sideNames, sinceMyTurn, spokenMove, totalLine } from "./feed.js";
import { traitsOf } from "./games.js";
import { renderHand, renderTargets } from "./hand.js";
import { format, make, plural, protocol, words } from "./i18n.js";
import { records as tableRecords, renderAway, renderNext, renderRecords } from "./life.js";
import { renderRing } from "./ring.js";
import { rulesLine } from "./rules.js";
import { phraseText, renderChat, renderSeats, seatName } from "./side.js";
import { beep, click, unlockOnGesture, warn } from "./sound.js";
import { arrange, contributionDue, initialState, isAway, mySeat, reduce, roundKey, roundsEnded, secondsLeft, shownView } from "./state.js";
import { Scores } from "./scores.js";
import { paintClocks, warnNow } from "./timing.js";

const root = /** @type {HTMLElement} */ (document.querySelector(".table-page"));
const tableId = root.dataset.table;
const game = /** @type {string} */ (root.dataset.game);
/** An element of the page by id (every one asked for is in table.html). @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const AUTO_PASS_MS = 1600;
const NOTICE_MS = 6000;
const FILL_LEVEL = "medium";
/** @type {typeof import("./chat-tools.js") | null} chat-tools.js, loaded once someone else has said something */
let tools = null;
/** @type {typeof import("./prefs.js") | null} prefs.js (sorting the hand), loaded once first used */
let prefs = null;

const stored = new Scores(tableId); // the scoreboard's rows, kept in the browser's storage across reloads
/** Everything the page knows and shows (state.js): changed only through ``update``. */
const fairKey = `dh_fair_${tableId}`;
let state = initialState({ watching: sessionStorage.getItem(`dh_watch_${tableId}`) === "1", scores: stored.value(), seen: JSON.parse(sessionStorage.getItem(fairKey) || "null") ?? undefined });
/** What the page has done already (types.js), not what it shows. @type {Done} */
const done = {
  started: false, myTurn: false, autoPass: null, recordAsked: null, warned: null, refocus: null, fresh: null,
  portrait: null, round: null, problemTimer: 0, noticeTimer: 0, hintAsked: null, saidAt: null, fitRound: "", boardCut: 0,
  seated: false, // this page has held a seat: one it lost (asked to leave) watches, as its notice says
};

/** Fold a frame or an action into the state; the scoreboard's rows are kept when they change. Returns the
 * state before. @param {Frame | Action} frame */
function update(frame) {
  const before = state;
  state = reduce(state, frame, performance.now());
  if (state.scores !== before.scores) stored.keep(state.scores);
  if (state.fair.seen !== before.fair.seen) sessionStorage.setItem(fairKey, JSON.stringify(state.fair.seen));
  return before;
}
const wantsStart = new URLSearchParams(location.search).get("start") === "1";
/** The drawing on the board, told each new view (Mexican Train keeps its names in sight). @type {any} */
let drawn = {};
const camera = new Camera($("board"), () => {
  drawn.viewed?.(camera.svg, camera.box);
  const dense = camera.dense(); // "Fit" and "Follow the play" take turns on a board too dense to show whole
  $("follow").hidden = camera.mode === "follow" || !dense;
  $("fit").hidden = camera.mode === "whole" && dense;
});

const connection = new Connection(tableId, protocol, {
  open: () => {
    update({ t: "opened" });
    $("phase").textContent = words.connected;
    showLink(); // the hand is lit again by the frames that follow the hello
  },
  frame: receive,
  closed: () => {
    const was = state.link;
    update({ t: "lost" });
    showLink();
    if (was !== "closed") { // every retry that fails closes again: the hand is dimmed once
      if (state.choice) handActions.cancel(false);
      done.autoPass = null; // a drawn tile's pass waits for the socket
      renderView();
    }
    $("phase").textContent = words.reconnecting;
  },
  lastSeq: () => state.seq,
});
const send = (message) => connection.send(message);

$("start").addEventListener("click", () => send({ t: "start" }));
$("fill").addEventListener("click", () => send({ t: "start", fill: FILL_LEVEL }));
$("back").addEventListener("click", () => send({ t: "back" }));
wireControls({ send, leave, playing: () => state.table?.phase === "playing" });
$("draw").addEventListener("click", () => move({ t: "draw", at: state.seq }));
$("pass").addEventListener("click", () => move({ t: "pass", at: state.seq }));
$("ask-hint").addEventListener("click", () => {
  done.hintAsked = state.seq;
  renderHint(/** @type {View} */ (state.view));
  send({ t: "hint" });
});
$("zoom-in").addEventListener("click", () => camera.zoom(1.25));
$("zoom-out").addEventListener("click", () => camera.zoom(0.8));
$("fit").addEventListener("click", () => camera.fit());
$("follow").addEventListener("click", () => camera.follow());
$("phrases-open").addEventListener("click", () => import("./phrases.js").then((picker) => picker.toggle($("phrases"), $("phrases-open"), send)));
$("watch").addEventListener("click", () => setWatching(true));
$("unwatch").addEventListener("click", () => setWatching(false));
const hostSettings = () => import("./host-settings.js"); // the settings form, drawn only while the table waits
if ($("settings").classList.contains("settings")) hostSettings();
$("settings").addEventListener("submit", (event) => {
  event.preventDefault();
  hostSettings().then((form) => send({ t: "settings", settings: form.settingsOf(event.target, game) }));
});
for (const one of /** @type {NodeListOf<HTMLInputElement>} */ (document.getElementsByName("tile-style"))) one.checked = one.value === look.style; // as kept
for (const kind of ["click", "change"]) $("hand-prefs").addEventListener(kind, async (event) => (prefs ??= await import("./prefs.js")).pick(event, state, handActions));
$("board").addEventListener("click", (event) => {
  const target = /** @type {Element} */ (event.target).closest?.(".target");
  if (target && state.choice && !camera.wasDragged()) play(state.choice.moves[Number(target.dataset.index)]);
});

function setWatching(watching, focus = true) {
  update({ t: "watch", watching });
  sessionStorage.setItem(`dh_watch_${tableId}`, watching ? "1" : "");
  renderView();
  if (focus) (watching ? $("unwatch") : $("name")).focus();
}

/** Each seat's name, with its number when two seats are called alike (three medium bots). @param {Table} table */
const seatNames = (table) => {
  const plain = table.seats.map((seat, index) => seatName(seat, index));
  return plain.map((name, index) => (plain.indexOf(name) !== plain.lastIndexOf(name) ? `${name} ${index + 1}` : name));
};

/** The names of the scores' columns: the seats, or the teams, as the table's ``sides`` say. @param {Table} table */
const sides = (table) => sideNames(table.sides, seatNames(table));

async function takeSeat(seat) {
  const name = /** @type {HTMLInputElement} */ ($("name")).value.trim() || words.player;
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
  const text = words[`rule_${rule}`] || words[`error_${code}`] || (code === "phrase-rate" ? words.phrase_rate : words.error_other);
  $("problem").textContent = text;
  $("problem").hidden = false;
  $("announce").textContent = text;
  clearTimeout(done.problemTimer);
  done.problemTimer = setTimeout(() => { $("problem").hidden = true; }, 6000);
  if (message) console.info(code, message);
}

// -- the hand, the places it may go, the board -----------------------------------------------------

/** Send a move; once the next view is drawn the focus is back on the hand. */
function move(command) {
  if (state.link !== "open") return void handActions.why(words.why_offline); // it would be lost: said, not sent
  if (state.movedAt === state.seq) return; // already sent from this very state: its answer is on its way
  update({ t: "moved" });
  done.refocus = state.view?.history?.length ?? 0; // the history's length before the move
  send(command);
}

function play(chosen) {
  update({ t: "cancel" });
  renderTargets($("targets"), null, handActions);
  handActions.why(null);
  const train = chosen.train === undefined ? {} : { train: chosen.train }; // Mexican Train: the train chosen
  move({ t: "play", tile: chosen.tile, on: chosen.on ?? null, ...train, at: state.seq });
}

/** What the keyboard plays now: the first lit tile, else Draw or Pass (null when nothing is playable). */
const playable = () => /** @type {HTMLElement | null} */ ($("hand").querySelector(".tile.lit") || document.querySelector("#draw:not([hidden]), #pass:not([hidden])"));

/** Put the focus back on the hand after a move (unless the person went elsewhere meanwhile): the first lit
 * tile, else Draw or Pass, else the first tile. */
function refocus() {
  if (done.refocus === null || (state.view?.history?.length ?? 0) <= done.refocus) return; // not yet moved
  const active = document.activeElement;
  const lost = !active || active === document.body;
  if (!lost && !active.closest("#hand, .actions, #targets")) return void (done.refocus = null);
  const next = playable() || $("hand").querySelector(".tile");
  if (!next) return;
  next.focus({ preventScroll: true });
  if (next.dataset.why === words.why_wait) handActions.why(null); // the page moved the focus: the person asked nothing
  done.refocus = null;
}

/** Your hand's order as the browser keeps it for this table and seat: {round, order}. */
const orderKey = () => `dh_hand_${tableId}_${state.you}`;
const keptOrder = () => JSON.parse(localStorage.getItem(orderKey()) || "{}");
const keepOrder = (kept) => localStorage.setItem(orderKey(), JSON.stringify(kept));

const handActions = {
  play,
  /** Your hand in your order (state.js's ``arrange``), kept through reloads; a new round's hand comes as the
   * server lists it. @param {View} view */
  order(view) {
    const hand = view.hand || [];
    const kept = keptOrder();
    const round = roundKey(/** @type {Table} */ (state.table), view);
    const order = arrange(hand, kept.round === round ? kept.order : []);
    if (hand.length) keepOrder({ ...kept, round, order });
    return order;
  },
  /** Keep ``order`` (if given) as your hand's, say ``text`` (if any), show the hand.
   * @param {Tile[] | null} order @param {string | null} text */
  keep(order, text) {
    if (order) keepOrder({ ...keptOrder(), order });
    if (text) say(text);
    renderView();
  },
  /** A Mexican Train train's name, as the board writes it. @param {Train} train */
  trainName: (train) => trainNames(/** @type {View} */ (state.view))[train === "mexican" ? (state.view?.trains?.length ?? 1) - 1 : train],
  choose(tile, moves, current, focus) {
    update({ t: "choose", tile, moves, current });
    renderBoard();
    markChosen();
    renderTargets($("targets"), state.choice, handActions);
    if (focus) $("targets").querySelector(`button[data-index="${current ?? 0}"]`)?.focus();
  },
  hover(index, focus = false) {
    if (!state.choice || state.choice.current === index) return;
    update({ t: "hover", index });
    renderBoard();
    renderTargets($("targets"), state.choice, handActions);
    if (focus) $("targets").querySelector(`button[data-index="${index}"]`)?.focus();
  },
  why(text) {
    $("why").textContent = text || "";
    $("why").hidden = !text || ($("pending").textContent === text && !$("pending").hidden); // not said twice
  },
  cancel(focus) {
    const tile = state.choice?.tile;
    update({ t: "cancel" });
    renderBoard();
    markChosen();
    renderTargets($("targets"), null, handActions);
    if (focus && tile) $("hand").querySelector(`[data-tile="${tile}"]`)?.focus();
  },
};

/** The tile whose places are shown stands out in the hand (on a touch screen the first tap only shows them). */
function markChosen() {
  for (const tile of $("hand").querySelectorAll(".tile")) tile.classList.toggle("chosen", tile.dataset.tile === state.choice?.tile);
}

const isPortrait = () => $("board").clientHeight > 1.15 * $("board").clientWidth;

if (window.ResizeObserver) {
  new ResizeObserver(() => { if (state.view && isPortrait() !== done.portrait) renderBoard(); }).observe($("board"));
}

const boardLabel = $("board").dataset.label ?? "";
const pageTitle = document.title;
const tableName = document.querySelector("h1")?.textContent ?? "";

/** Mexican Train's trains by name, in the view's order: each seat's (yours said so), then the Mexican train.
 * @param {View} view */
function trainNames(view) {
  const names = seatNames(/** @type {Table} */ (state.table));
  const you = isAway(state) ? null : state.you;
  return (view.trains || []).map(({ train }) => (train === "mexican" ? words.mexican_train : train === you ? format(words.train_yours, { name: names[train] }) : names[train]));
}

function renderBoard() {
  const { view } = state;
  if (!view) return;
  const portrait = isPortrait();
  done.portrait = portrait;
  const uncovered = view.uncovered && !view.end ? view.uncovered : null; // Mexican Train's double to cover
  const pending = view.pending && view.pending_needs && !view.end ? view.pending : uncovered;
  const fits = (view.legal_moves || []).some((move) => move.kind === "play" && move.on === pending); // yours to cover
  const here = fits && view.turn === state.you && !isAway(state) ? words.play_here : uncovered ? words.cover_first : words.waits_toes;
  const lead = view.turn === state.you && !isAway(state) && !view.end ? words.lead_here : ""; // an empty board only
  const marks = { pending, playHere: here, lead, recent: sinceMyTurn(view, state.you) };
  $("recent-legend").textContent = state.you === null ? words.laid_lately : words.laid_since;
  const fresh = state.fresh && state.fresh !== done.fresh ? state.fresh.tile : null; // animated once
  done.fresh = state.fresh;
  const ends = [...new Set((view.open_ends || []).map(([, pips]) => pips))];
  const said = [boardLabel];
  if (ends.length && !view.end) said.push(format(words.ends_shown, { ends: ends.join(", ") }));
  const names = view.trains ? trainNames(view) : [];
  const marked = names.filter((_, i) => view.trains?.[i].marked);
  if (marked.length) said.push(format(words.trains_marked, { names: marked.join(", ") }));
  if (uncovered) said.push(`${format(words.uncovered_line, { tile: uncovered })}.`);
  $("board").dataset.label = said.join(". ").replace(/\.\./g, ".");
  const trains = view.trains ? { labels: names, mine: state.you === null || isAway(state) ? null : state.you, marked: words.train_marked } : null;
  const { svg, bounds, areaOf, drawing } = drawBoard($("board"), view, traitsOf(game).board, { choice: state.choice?.moves, current: state.choice?.current, fresh, portrait, room: camera.room(), trains, ...marks });
  const round = state.table && roundKey(state.table, view);
  if (round !== done.round) camera.restart(); // a new round is framed afresh
  done.round = round;
  const open = drawing.ends && !state.choice ? new Set((shownView(state)?.legal_moves || []).map((move) => move.on)) : []; // before a choice
  const places = [...(state.choice?.moves || []).map((_, index) => areaOf(index)), ...[...open].map((on) => on && areaOf(on))].filter(Boolean); // all in view
  const followed = view.end ? [] : focusKeys(view, { pending, recent: marks.recent }).map(areaOf).filter(Boolean); // ended: all of it
  const focus = [...places, ...followed];
  drawn = drawing;
  camera.attach(svg, bounds, drawing.follow?.(bounds, focus) ?? focus, view.trains ? Math.max(1, places.length) : places.length);
}


// -- what the page shows ----------------------------------------------------------------------------

/** Leave the table: before the start the seat is free again, during the match a bot plays it. */
function leave() {
  if (state.table?.phase !== "playing") setWatching(true, false);
  send({ t: "stand" });
}

/** A visitor who never sat here nor chose to watch, at a table waiting with a seat free: asked to sit.
 * @param {Table} table */
const invited = (table) => state.you === null && !done.seated && !state.watching && table.phase === "waiting" && table.seats.some((seat) => seat.free);

/** @param {Table} table */
function renderStatus(table) {
  const { you } = state;
  const watcher = you === null || (isAway(state) && mySeat(state)?.why === "left");
  const full = table.phase === "waiting" && table.seats.every((seat) => !seat.free);
  if (table.closed) $("phase").textContent = words.closed;
  else if (state.link === "closed") $("phase").textContent = words.reconnecting;
  else if (invited(table)) $("phase").textContent = words.seat_for_you;
  else if (watcher && table.phase !== "over") $("phase").textContent = words.watching;
  else $("phase").textContent = full ? words.ready_to_start : words[table.phase] || "";
}

/** The records this table can give: each finished match, and the running one once a round has ended.
 * @param {Table} table */
const records = (table) => tableRecords(tableId, table, roundsEnded(state));

/** @param {Table} table */
function renderTable(table) {
  const { you, view, clock } = state;
  const waiting = table.phase === "waiting";
  const host = you !== null && you === table.host_seat;
  done.seated ||= you !== null;
  root.dataset.phase = table.phase;
  root.classList.toggle("hosting", host);
  renderStatus(table);
  const rules = rulesLine(table, game);
  $("rules").replaceChildren(make("span", `${words.rules_label}: `, { class: "visually-hidden" }), make("span", rules, { class: "line" }));
  $("rules").title = rules;
  $("sit-name").hidden = !(you === null && waiting && !state.watching);
  $("watching").hidden = !(you === null && waiting && state.watching);
  $("settings").hidden = !(waiting && host);
  $("leave").hidden = you === null || isAway(state);
  $("chat-form").hidden = you === null;
  $("chat-seated").hidden = you !== null;
  unseen?.renderBell(you !== null);
  renderNext($, table, you, invited(table));
  renderAway($, mySeat(state), isAway(state));
  renderRecords($, records(table));
  const seats = table.seats.map((seat, index) => ({ ...seat, connected: state.connected?.[index] ?? null }));
  const clockSeat = clock && table.phase === "playing" ? clock.seat : null;
  const clockShown = clockSeat === null ? "" : clockText(secondsLeft(clock, performance.now()));
  renderSeats($("seats"), { table: { ...table, seats }, view, you, watching: state.watching, send, takeSeat, clockSeat, clockText: clockShown });
  renderChat($("chat-log"), $("chat-empty"), state.chat, table.seats);
  if (!tools && state.chat.some((line) => line.seat !== you)) import("./chat-tools.js").then((loaded) => { tools = loaded; renderView(); });
  tools?.decorate($("chat-log"), $("seats"), { table, you, send, again: renderView });
  if (waiting && host && wantsStart && !done.started && table.seats.every((seat) => !seat.free)) {
    done.started = true;
    send({ t: "start" });
  }
}

/** Continue between rounds: tell the table you are ready (the next `round` frame closes the summary). */
function continueRound() {
  if (state.table?.between) send({ t: "continue" });
  else {
    update({ t: "dismiss" }); // a server without a pause between rounds has dealt already
    renderView();
  }
}

let drawnScores = ""; // the names and rows the side panel's scoreboard shows
/** summary.js (a round's end, the scoreboard and its chart): not needed to play, so it loads once the page is
 * idle, or at once when a round has ended. @type {typeof import("./summary.js") | null} */
let ended = null;
/** @type {Promise<void> | null} */
let endedLoading = null;
const loadEnded = () => (endedLoading ??= import("./summary.js").then((module) => { ended = module; renderView(); }));
/** away.js (your turn while the tab is hidden: its icon, a notification), loaded when the page is idle.
 * @type {typeof import("./away.js") | null} */
let unseen = null;
/** fly.js (a tile laid flies to its place), loaded when the page is idle unless the player wants less motion.
 * @type {typeof import("./fly.js") | null} */
let flight = null;
(globalThis.requestIdleCallback ?? setTimeout)(() => {
  loadEnded();
  if (!matchMedia("(prefers-reduced-motion: reduce)").matches) import("./fly.js").then((module) => { flight = module; });
  import("./away.js").then((module) => {
    unseen = module;
    unseen.wireBell(showNotice);
    renderView();
  });
  import("./readout.js").then((keys) => keys.listen(() => state, seatNames, handActions.trainName)); // the screen-reader keys
}, { timeout: 3000 });

/** @param {Table} table */
function renderScores(table) {
  const box = $("summary");
  const { summary, scores } = state;
  if (!ended && (summary || scores.rows.length)) loadEnded(); // drawn once it is here
  const opened = Boolean(summary && ended) && box.hidden;
  box.hidden = !summary || !ended;
  if (summary && ended) {
    const record = records(table).at(-1);
    ended.renderSummary(box, summary, {
      table, game, seatNames: seatNames(table), sideNames: sides(table), scores, you: state.you, folded: state.folded,
      between: state.between && secondsLeft(state.between, performance.now()),
      record: record && { href: record.href, file: record.file, label: record.download },
      coach: record && `${record.replay}#r${summary.view.round_index + 1}m0`, // the replay, its analysis a press away
      onContinue: continueRound,
      fair: checkRow(table, summary.view.round_index + 1),
      onRematch: () => send({ t: "rematch" }),
      onFold: () => {
        update({ t: "fold" });
        renderScores(table);
        $("fold").focus({ preventScroll: true });
        if (state.folded) $("board").scrollIntoView({ block: "nearest", behavior: "smooth" });
      },
    });
    if (opened) $("announce").textContent = [box.querySelector("h2"), box.querySelector(".ended"), box.querySelector(".winners")].filter((node) => node !== null).map((node) => node.textContent).join(" ");
    const active = document.activeElement;
    const playing = !active || active === document.body || active.closest("#hand, .actions, #targets");
    if (opened && playing) box.querySelector("#continue:not([disabled]), #rematch")?.focus({ preventScroll: true }); // the keyboard's next step
  }
  $("scores").hidden = !ended || Boolean(summary) || scores.rows.length === 0 || scores.match !== table.matches; // this match's only
  const names = sides(table);
  const drawn = JSON.stringify([names, scores.rows]);
  if (ended && !$("scores").hidden && drawn !== drawnScores) $("scoreboard").replaceChildren(ended.scoreboard(names, scores));
  drawnScores = $("scores").hidden ? "" : drawn; // drawn again only when a round ends or a name changes
  const tab = /** @type {HTMLElement} */ (document.querySelector(".side-tabs [data-tab=scores]"));
  tab.hidden = $("scores").hidden; // a phone: no empty Scores tab
  if (tab.hidden && tab.getAttribute("aria-selected") === "true") showTab("moves");
}

/** "Check this deal" (docs/fairness.md): proof-check.js loads when pressed. @param {Table} table @param {number} round */
function checkRow(table, round) {
  const deal = `${table.matches}:${round}`;
  const row = make("div", null, { class: "fair-check" });
  const checked = (/** @type {FairResult} */ result) => { update({ t: "checked", deal, result }); renderScores(table); };
  row.appendChild(make("button", words.fair_check, { type: "button", id: "fair-check", class: "quiet" })).onclick = async () => {
    checker ??= await import("./proof-check.js");
    checker.check({ tableId, deal, seen: state.fair.seen, you: state.you, seatNames: seatNames(table) }, checked);
  };
  checker?.show(row, state.fair.results[deal]);
  return row;
}
let checker;

/** Give your seat's value to the next deal when due; show the round's commitment. */
function renderFair() {
  const deal = contributionDue(state);
  if (deal) {
    const value = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => (b + 256).toString(16).slice(1)).join("");
    update({ t: "contribute", deal, value });
    send({ t: "contribute", id: `fair-${deal}-${Date.now()}`, value });
  }
  const open = state.table?.fair; // before a deal, the next one's
  const sealed = state.table?.phase === "playing" ? state.fair.playing?.commitment : open?.dealt === false ? open.commitment : null;
  $("fair").hidden = !sealed;
  $("fair").title = sealed || "";
  const text = format(words.fair_sealed, { hash: sealed?.slice(0, 16) });
  if ($("fair").textContent !== text) $("fair").replaceChildren(make("a", text, { href: "/fairness", target: "_blank", title: words.fair_how }));
}

/** @param {Table} table @param {View} view */
function renderTurn(table, view) {
  const { you, clock } = state;
  const away = isAway(state);
  if (table.closed) $("turn-text").textContent = words.closed;
  else if (view.end) $("turn-text").textContent = table.phase === "over" ? words.over : words.round_over;
  else if (view.turn === you && !away) $("turn-text").textContent = words.your_turn;
  else $("turn-text").textContent = format(words.turn_of, { name: table.seats[view.turn]?.name || seatName(table.seats[view.turn], view.turn) });
  $("round-line").textContent = roundLine(table, view, game, plural);
  $("turn-boneyard").textContent = `${words.boneyard}: ${view.boneyard_size ?? 0}`;
  $("turn-boneyard").hidden = view.draws === false; // the server tells when nobody draws (the block game)
  $("my-total").textContent = totalLine(table, view, isAway(state) ? null : you);
  const timed = clock?.seat === view.turn && !view.end;
  $("turn-clock").hidden = !timed;
  if (timed) $("turn-clock").setAttribute("data-clock", String(view.turn));
  else $("turn-clock").removeAttribute("data-clock");
  $("turn").classList.toggle("mine", view.turn === you && !view.end && !away);
  const pending = $("pending");
  const needs = view.end ? 0 : view.pending_needs ?? 0;
  pending.hidden = !(view.pending && needs > 0) && !(view.uncovered && !view.end);
  if (!pending.hidden) pending.textContent = view.uncovered ? format(words.uncovered_line, { tile: view.uncovered }) : `${view.pending}: ${plural("toes", needs)}`;
  const myTurn = view.turn === you && !view.end && !away && (view.legal_moves || []).length > 0;
  document.title = myTurn ? `● ${words.your_turn} · ${pageTitle}` : pageTitle;
  if (myTurn && !done.myTurn) yourTurn(clock?.seat === you);
  done.myTurn = myTurn;
  unseen?.turn(myTurn, tableName);
  tick();
}

/** Your turn has come: a beep, "Your turn" said (with the time to play, if timed) after the move that gave it,
 * and the keyboard's focus on what it can play (``playable``) if it was in the hand or nowhere (after
 * Continue, Start or Play again), never left on a tile that cannot be laid. */
function yourTurn(timed) {
  if (beep()) $("sound").dataset.beeps = String(Number($("sound").dataset.beeps || 0) + 1);
  const time = timed ? plural("seconds_left", Math.ceil(secondsLeft(state.clock, performance.now()))) : "";
  say([words.your_turn + ".", time].join(" ").trim(), done.saidAt === state.seq);
  const active = document.activeElement;
  if (!active || active === document.body || active.closest("#hand, .actions, #targets")) playable()?.focus({ preventScroll: true });
}

/** Put ``text`` in the live region, after what it says of the same event when ``after``. */
function say(text, after = false) {
  const region = $("announce");
  region.textContent = after && region.textContent ? `${region.textContent} ${text}` : text;
  done.saidAt = state.seq;
}

// -- counting down: the turn timer and the pause between rounds ---------------------------------------

/** Update every countdown on the page; a short warning at 10 s left on your own turn. */
function tick() {
  const { clock } = state;
  const now = performance.now();
  const left = paintClocks(clock && secondsLeft(clock, now), state.between && secondsLeft(state.between, now));
  const mine = clock?.seat === state.you && !isAway(state) && state.table?.phase === "playing";
  if (warnNow(clock, left, mine) && done.warned !== state.turnSeq) {
    done.warned = state.turnSeq;
    const sound = $("sound");
    sound.dataset.warnings = String(Number(sound.dataset.warnings || 0) + 1);
    if (warn()) sound.dataset.warned = String(Number(sound.dataset.warned || 0) + 1);
    say(plural("seconds_left", Math.ceil(left ?? 0)));
  }
}

const ticker = new Ticker(tick, () => secondsLeft(state.clock, performance.now()) > 0 || secondsLeft(state.between, performance.now()) > 0);

/** While the socket is down a line over the board says so (shown once: each failed retry closes again). */
function showLink() {
  const lost = state.link === "closed";
  if (lost !== $("link-lost").hidden) return;
  $("link-lost").hidden = !lost;
  $("link-lost").textContent = lost ? words.connection_lost : "";
}

/** A short visible line over the board (a seat that ran out of time), gone after a few seconds. */
function showNotice(text) {
  $("notice").textContent = text;
  $("notice").hidden = false;
  clearTimeout(done.noticeTimer);
  done.noticeTimer = setTimeout(() => { $("notice").hidden = true; }, NOTICE_MS);
}
/** True when your turn holds only a pass after a drawn tile that fits nowhere. @param {View} view */
function stuckOn(view) {
  const moves = view.legal_moves || [];
  return view.turn === state.you && !isAway(state) && Boolean(view.drawn) && moves.length === 1 && moves[0].kind === "pass";
}

/** A drawn tile that fits nowhere is shown for a moment, then the turn passes by itself (checked again then:
 * the ack of your own pass comes before its move frame, and meanwhile the view still looks stuck). */
function renderDrawn(view) {
  const stuck = stuckOn(view);
  $("drawn-note").hidden = !stuck;
  if (!stuck) return;
  $("pass").hidden = true; // the page passes by itself: no button that shows for half a second
  $("drawn-note").textContent = format(words.drawn_no_fit, { tile: view.drawn });
  if (done.autoPass === state.seq) return;
  done.autoPass = state.seq;
  const seq = state.seq;
  setTimeout(() => {
    const now = shownView(state);
    if (state.seq === seq && done.autoPass === seq && now && stuckOn(now)) send({ t: "pass", at: seq });
  }, AUTO_PASS_MS);
}

function renderView() {
  const { table, you } = state;
  if (!table) return;
  renderTable(table);
  root.classList.toggle("has-view", Boolean(state.view));
  panelRoles();
  $("skip-hand").hidden = !state.view?.hand?.length; // no hand to skip to before the deal, nor for a watcher
  if (!state.view) return;
  const view = /** @type {View} */ (shownView(state)); // without your moves while a bot plays your seat
  const playable = state.link === "closed" ? { ...view, legal_moves: [], offline: true } : view; // nothing, offline
  if (table.phase === "over" && !state.scores.complete && done.recordAsked !== table.matches) fetchRecord(table, table.matches);
  renderScores(table);
  renderBoard();
  if (!document.querySelector(".drag-ghost")) renderHand($("hand"), playable, handActions); // not under a dragged tile
  markChosen();
  const focused = document.activeElement?.closest?.("#hand .tile[aria-disabled=true]");
  if (focused && focused.dataset.why !== words.why_wait) handActions.why(focused.dataset.why); // the reason as it is now,
  else if (focused || !state.choice) handActions.why(null); // but "wait for your turn" not past the next move
  renderTargets($("targets"), state.choice, handActions);
  const moves = playable.legal_moves || [];
  $("draw").hidden = !moves.some((move) => move.kind === "draw");
  $("pass").hidden = !moves.some((move) => move.kind === "pass");
  $("hand-hint").hidden = you === null || view.end !== null || isAway(state);
  renderTurn(table, view);
  renderDrawn(playable);
  renderHint(playable);
  renderFeed(table, view);
  fitHand(view);
  refocus();
}

/** The board gives up height (down to its least, in the stylesheet) so that the hand and its buttons end
 * inside the window, and keeps that height for the rest of the round, so the hand does not jump as it shrinks.
 * @param {View} view */
function fitHand(view) {
  const round = `${roundKey(/** @type {Table} */ (state.table), view)} ${innerWidth}x${innerHeight}`;
  if (done.fitRound !== round) {
    done.fitRound = round;
    done.boardCut = 0;
    root.style.setProperty("--board-cut", "0px");
  }
  if (!$("summary").hidden || !view.hand?.length) return;
  const over = /** @type {HTMLElement} */ (document.querySelector(".hand-row")).getBoundingClientRect().bottom + scrollY - innerHeight;
  if (over < 1) return;
  done.boardCut += Math.ceil(over);
  root.style.setProperty("--board-cut", `${done.boardCut}px`);
}

/** The Hint button (your turn, at a table where you play the bots alone) and the hint given, if any.
 * @param {View} view */
function renderHint(view) {
  const table = /** @type {Table} */ (state.table);
  const people = table.seats.filter((seat) => !seat.free && (!seat.bot || seat.away)).length;
  const plays = (view.legal_moves || []).filter((move) => move.kind === "play");
  const mine = view.turn === state.you && !view.end && !isAway(state) && people === 1 && plays.length > 1;
  $("ask-hint").hidden = !mine;
  const asked = mine && done.hintAsked === state.seq;
  /** @type {HTMLButtonElement} */ ($("ask-hint")).disabled = asked;
  const line = $("hint-line");
  const hint = mine ? state.hint : null;
  line.hidden = !asked && !hint;
  if (hint) line.textContent = hintLine(hint.move, state.you, (seat) => seatNames(table)[seat]);
  else if (asked) line.textContent = words.hint_thinking;
  document.querySelectorAll("#hand .tile.hinted").forEach((tile) => tile.classList.remove("hinted"));
  if (hint) document.querySelector(`#hand .tile[data-tile="${hint.move.tile}"]`)?.classList.add("hinted");
}

/** The action feed: the log of the round's moves and the seats around the board with their captions.
 * @param {Table} table @param {View} view */
function renderFeed(table, view) {
  const { feed, clock, connected } = state;
  const names = seatNames(table);
  renderLog($("log"), view, feed, (seat) => names[seat], isAway(state) ? null : state.you);
  const clockSeat = clock && table.phase === "playing" && !view.end ? clock.seat : null;
  const clockShare = clock && clockSeat !== null ? secondsLeft(clock, performance.now()) / Math.max(1, clock.limit) : 0;
  renderRing($("ring"), { table, view, you: state.you, game, names, said: captions(view, feed), connected, clockSeat, clockShare });
}

/** Once the match is over its record has every round: the scoreboard fills in what this page missed.
 * @param {Table} table @param {number} match */
async function fetchRecord(table, match) {
  done.recordAsked = match;
  try {
    const answer = await fetch(`/api/tables/${tableId}/record?match=${match}`);
    if (!answer.ok) return;
    update({ t: "record", record: await answer.json(), match });
    renderScores(table);
  } catch {
    // the scoreboard keeps the rounds this page saw
  }
}

/** A frame from the table: folded into the state, then what it changed is shown (a refusal only as such).
 * @param {Frame} frame */
function receive(frame) {
  const before = update(frame);
  const { problem, notice, table, view } = state;
  if (problem && problem !== before.problem) {
    if (problem.code === "bad-settings") hostSettings().then((form) => form.showSettingsProblem($("settings"), problem.field));
    showProblem(problem.code, problem.message, problem.rule);
    done.hintAsked = null; // a refused hint may be asked for again
  }
  if (frame.t === "error") return; // refused: nothing else changed
  renderFair();
  const laid = frame.t === "move" && frame.move.kind === "play" ? frame : null;
  const from = laid && flight ? document.querySelector(`#hand [data-tile="${laid.move.tile}"]`) ?? $("ring").querySelector(`[data-seat="${laid.seat}"]`) : null;
  const box = from?.getBoundingClientRect(); // where it was, before the hand is drawn without it
  if (laid && click()) $("sound").dataset.clicks = String(Number($("sound").dataset.clicks || 0) + 1);
  if (frame.t === "move" && view && table) announce(table, view, frame.seat);
  if (frame.t === "chat" && !frame.hidden && (frame.seat !== state.you || frame.seat === null) && table) unread(table, frame);
  if (frame.t === "kicked" && before.you === frame.seat && state.you === null) showNotice(words.you_kicked);
  if (frame.t === "closed") showNotice(words.closed);
  if (notice && notice !== before.notice && table) {
    const { seat } = notice;
    showNotice(seat === state.you ? words.you_timed_out : format(words.timed_out, { name: seatName(table.seats[seat], seat) }));
  }
  renderView();
  if (box && laid?.move.tile) flight?.fly(box, laid.move.tile);
  ticker.wake();
}

/** A chat line while the chat is out of sight (a phone showing another tab): the Chat tab counts it, and
 * the live region says it (the chat's own log is not read out while hidden).
 * @param {Table} table @param {ChatFrame} frame */
function unread(table, frame) {
  if ($("chat-log").offsetParent !== null) return; // in sight: its log is read out
  const tab = /** @type {HTMLElement} */ (document.querySelector(".side-tabs [data-tab=chat]"));
  tab.dataset.unread = String(Number(tab.dataset.unread || 0) + 1);
  const who = frame.seat === null ? words.a_watcher : seatName(table.seats[frame.seat], frame.seat);
  say(`${who}: ${frame.phrase ? phraseText(frame.phrase) : frame.text}`);
}

/** Say the last move in the live region: who did what, and the points it scored.
 * @param {Table} table @param {View} view @param {number} seat */
function announce(table, view, seat) {
  const name = seatName(table.seats[seat], seat);
  const entry = view.history.at(-1);
  const said = entry && spokenMove(entry, name, isAway(state) ? null : state.you, (other) => seatNames(table)[other]);
  const scored = state.feed.scored[view.history.length - 1];
  if (said) say([said, scored ? plural("scored", scored, { name }) : ""].join(" ").trim());
}

/** @type {HTMLInputElement} */ ($("name")).value ||= localStorage.getItem("dh_name") || ""; // the player's name first
unlockOnGesture();
connection.open();
