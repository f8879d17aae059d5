// The table page's state in one object (its shape: types.js) and `reduce(state, frame, now)`, what each frame
// of the table's socket (docs/protocol.md) or action of the page makes of it. Pure: no DOM, no socket, no
// clock; the state given is never changed, a new one is returned.

export const CHAT_LENGTH = 50;

/** The state before any frame: ``watching`` and fair deals ``seen`` as this tab remembers them, ``scores`` as
 * the browser kept them. @param {{watching?: boolean, scores?: ScoreRows, seen?: FairSeen}} [kept] @returns {State} */
export function initialState({ watching = false, scores = { match: null, rows: [], complete: false }, seen = undefined } = {}) {
  return {
    link: "connecting", seq: null, you: null, watching, table: null, view: null, match: null, connected: null,
    chat: [], feed: { round: null, timeouts: [], standIn: [], scored: {} }, scores, summary: null, folded: false,
    clock: null, between: null, turnSeq: null, fresh: null, choice: null, movedAt: null, problem: null, notice: null,
    hint: null, fair: { playing: null, sent: null, seen: { given: {}, shown: {}, hands: {}, late: {}, pooled: {}, ...seen }, results: {} },
  };
}

/** The state after ``frame`` (a server frame, or an action of the page) arrived at ``now`` ms.
 * @param {State} state @param {Frame | Action} frame @param {number} [now] @returns {State} */
export function reduce(state, frame, now = 0) {
  if (frame.t !== "error") return settle(isAction(frame) ? act(state, frame) : received(state, frame, now));
  const { code, message, rule = null, field = null, id } = frame; // refused: the move may be tried again
  if (id?.startsWith("fair-")) return noteFair(state, "late", id.split("-")[1], code); // a deal came first: no problem
  const said = id?.startsWith("phrase-") && code === "rate-limited" ? "phrase-rate" : code; // a quick phrase's own words
  return { ...state, movedAt: null, problem: { code: said, message, rule, field } };
}

/** The page's own actions (no server frame is called so). */
const ACTIONS = new Set(["opened", "lost", "watch", "moved", "choose", "hover", "cancel", "dismiss", "fold", "record", "contribute", "checked"]);

/** @param {Frame | Action} frame @returns {frame is Action} */
const isAction = (frame) => ACTIONS.has(frame.t);

/** A server frame: its seq, table and timing, then its kind. @param {State} state
 * @param {Exclude<Frame, ErrorFrame>} frame @param {number} now @returns {State} */
function received(state, frame, now) {
  /** @type {State} */
  const next = { ...state, fresh: null, ...timing(state, frame, now) };
  if (frame.seq) next.seq = Math.max(state.seq ?? 0, frame.seq);
  if (next.hint && (next.seq ?? 0) > next.hint.at) next.hint = null; // the table moved on
  if ("table" in frame && frame.table) next.table = frame.table;
  next.fair = fairness(next, frame, state.table);
  switch (frame.t) {
    case "snapshot": return snapshot(next, frame);
    case "welcome": return { ...next, you: frame.you };
    case "presence": return { ...next, connected: frame.connected };
    case "chat": return frame.hidden ? next : { ...next, chat: [...next.chat, { seat: frame.seat, text: frame.text, seq: frame.seq, ...(frame.phrase && { phrase: frame.phrase }) }].slice(-CHAT_LENGTH) };
    case "hidden": return { ...next, chat: next.chat.filter((line) => line.seq !== frame.line) };
    case "closed": return { ...next, view: next.view && { ...next.view, legal_moves: [] } };
    case "round": return { ...next, summary: null, view: frame.view }; // replaces the finished round
    case "started": case "rematch": return { ...next, summary: null, match: null };
    case "stood": case "kicked": case "bot": return lose(next, frame);
    case "move": return move(next, frame);
    case "hint": return frame.at === next.seq ? { ...next, hint: { at: frame.at, move: frame.move } } : next;
    default: return next;
  }
}

/** The turn timer (``clock`` at the frame's top or in its table) and the pause between rounds, from ``now``.
 * @param {State} state @param {Exclude<Frame, ErrorFrame>} frame @param {number} now
 * @returns {Pick<State, "clock" | "between" | "turnSeq">} */
function timing(state, frame, now) {
  const table = "table" in frame ? frame.table : undefined;
  const wire = "clock" in frame ? frame.clock : table?.clock;
  let { clock, between, turnSeq } = state;
  if (wire !== undefined) clock = wire ? { seat: wire.seat, limit: wire.limit, left: Math.max(0, wire.left), at: now } : null;
  if (table) between = table.between ? { left: Math.max(0, table.between.left), at: now } : null;
  if (frame.t === "round" || frame.t === "move" || frame.t === "snapshot") turnSeq = frame.seq;
  return { clock, between, turnSeq };
}

/** All the connection may know now; a round that ended (with a pause, or the match) shows its summary.
 * @param {State} state @param {SnapshotFrame} frame @returns {State} */
function snapshot(state, frame) {
  const { view, match, table } = frame;
  const ended = view?.end && (match || table.between) ? { view, match: match || null } : null;
  const feed = view && frame.stand_in ? { ...followFeed(state.feed, roundKey(table, view)), standIn: frame.stand_in } : state.feed;
  return {
    ...state, you: frame.you, table, view, chat: frame.chat || [], match: match || null, feed,
    scores: frame.rounds ? scoresOfTotals(frame.rounds, table.matches) : state.scores, summary: ended ?? state.summary,
  };
}

/** Your seat kicked, left or given to a bot: this page watches (having left, without "take a seat").
 * @param {State} state @param {TableFrame} frame @returns {State} */
function lose(state, frame) {
  if (state.you === null || frame.seat !== state.you) return state;
  const view = state.view && { ...state.view, hand: [], legal_moves: [] }; // the tiles are not yours any more
  return { ...state, you: null, view, watching: frame.t === "stood" || state.watching };
}

/** A move: appended to the view and noted in the feed; the tile laid is fresh, a timeout noticed, and the
 * round's end opens its summary. @param {State} state @param {MoveFrame} frame @returns {State} */
function move(state, frame) {
  const view = applyMove(state.view, frame);
  /** @type {State} */
  const next = { ...state, view };
  if (frame.move.kind === "play" && frame.move.tile) next.fresh = { tile: frame.move.tile, seq: frame.seq };
  if (!view || !state.table) return next;
  const away = Boolean(state.table.seats[frame.seat]?.away); // a bot plays for the person
  next.feed = noteFeed(followFeed(state.feed, roundKey(state.table, view)), view.history.length - 1, frame, state.view, view, away);
  if (frame.timeout) next.notice = { seat: frame.seat, seq: frame.seq };
  if (view.end) Object.assign(next, { summary: { view, match: frame.match ?? null }, folded: false });
  return next;
}

/** The view after a move frame, whose view lacks options, history and placed: the move is appended.
 * @param {View | null} view @param {MoveFrame} frame @returns {View | null} */
export function applyMove(view, frame) {
  if (!view) return null;
  const { move: made } = frame;
  /** @type {[Tile, Tile | null][]} */
  const placed = made.kind === "play" && made.tile ? [...view.placed, [made.tile, made.on ?? null]] : view.placed;
  return { ...view, ...frame.view, placed, history: [...view.history, { seat: frame.seat, ...made }] };
}

/** One of the page's own actions. @param {State} state @param {Action} action @returns {State} */
function act(state, action) {
  switch (action.t) {
    // a move sent on a socket that closed may never be answered: from a new socket it may be sent again
    case "opened": return { ...state, link: "open", movedAt: null };
    case "lost": return { ...state, link: "closed", movedAt: null };
    case "watch": return { ...state, watching: action.watching };
    case "moved": return { ...state, movedAt: state.seq };
    case "choose": return { ...state, choice: { tile: action.tile, moves: action.moves, current: action.current } };
    case "hover":
      if (!state.choice || state.choice.current === action.index) return state;
      return { ...state, choice: { ...state.choice, current: action.index } };
    case "cancel": return { ...state, choice: null };
    case "dismiss": return { ...state, summary: null }; // a server without a pause between rounds dealt already
    case "fold": return { ...state, folded: !state.folded };
    case "record": return { ...state, scores: scoresOfRecord(action.record, action.match) };
    case "contribute": return noteFair({ ...state, fair: { ...state.fair, sent: action.deal } }, "given", action.deal, action.value);
    case "checked": return { ...state, fair: { ...state.fair, results: { ...state.fair.results, [action.deal]: action.result } } };
    default: return state;
  }
}

/** After every change, with a table and a view: the feed follows the round, the scoreboard notes the
 * totals, a chosen tile that can no longer be laid is forgotten. @param {State} state @returns {State} */
function settle(state) {
  const { table, view } = state;
  if (!table || !view) return state;
  const feed = followFeed(state.feed, roundKey(table, view));
  const scores = noteScores(state.scores, view, table.matches);
  const moves = shownView(state)?.legal_moves || [];
  const choice = state.choice && !moves.some((one) => one.tile === state.choice?.tile) ? null : state.choice;
  if (feed === state.feed && scores === state.scores && choice === state.choice) return state;
  return { ...state, feed, scores, choice };
}

/** Fair deals (docs/fairness.md): the round's commitment; per deal, the first one shown before it, the
 * contributions listed before it (``pooled``), and your hand.
 * @param {State} state @param {Exclude<Frame, ErrorFrame>} frame @param {Table | null} before the table until this frame
 * @returns {Fairness} */
function fairness(state, frame, before) {
  const open = state.table?.fair;
  let next = state;
  if (open && !open.dealt && !state.fair.seen.shown[dealOf(open)]) next = noteFair(next, "shown", dealOf(open), open.commitment);
  if (open && !open.dealt) next = notePooled(next, open, frame.t === "snapshot" ? null : before);
  let playing = next.fair.playing;
  if (frame.t === "round") {
    playing = frame.fair ?? null;
    if (playing && state.you !== null && frame.view.hand) next = noteFair(next, "hands", dealOf(playing), frame.view.hand);
  } else if ("table" in frame && frame.table) playing = open?.dealt ? open : null;
  return playing === next.fair.playing ? next.fair : { ...next.fair, playing };
}

/** The contributions listed for the open deal: a seat's value stays as first listed while the same person or
 * bot holds the seat (a seat changing hands drops its value, and the table shows that change); after a
 * snapshot (``before`` null: frames may have been missed) the list starts again from the table's.
 * @param {State} state @param {FairInfo} open @param {Table | null} before @returns {State} */
function notePooled(state, open, before) {
  const deal = dealOf(open);
  const kept = before ? state.fair.seen.pooled[deal] : null;
  const holder = (/** @type {Table | null} */ table, /** @type {number} */ seat) => JSON.stringify(table?.seats[seat] ?? null);
  const pooled = open.contributions.map((value, seat) => (kept?.[seat] && holder(before, seat) === holder(state.table, seat) ? kept[seat] : value));
  return String(pooled) === String(state.fair.seen.pooled[deal]) ? state : noteFair(state, "pooled", deal, pooled);
}

/** @param {State} state @param {keyof FairSeen} kind @param {string} deal @param {any} value @returns {State} */
function noteFair(state, kind, deal, value) {
  const { seen } = state.fair;
  if (seen[kind][deal] === value) return state;
  return { ...state, fair: { ...state.fair, seen: { ...seen, [kind]: { ...seen[kind], [deal]: value } } } };
}

/** A deal's name: "match:round". @param {{match: number, round: number}} fair */
export const dealOf = (fair) => `${fair.match}:${fair.round}`;

/** The deal ("match:round") your seat is to give its value to now, or null. @param {State} state */
export function contributionDue(state) {
  const { table, you } = state;
  const open = table?.fair;
  if (!open || open.dealt || you === null || table?.seats[you]?.free !== false || open.contributions[you]) return null;
  return state.fair.sent === dealOf(open) ? null : dealOf(open);
}

/** A round's name across matches: "match:round". @param {Table} table @param {View} view */
export const roundKey = (table, view) => `${table.matches}:${view.round_index}`;

/** Your seat, when you have one: its summary from the table. @param {State} state @returns {Seat | null} */
export const mySeat = (state) => (state.you === null ? null : state.table?.seats[state.you] ?? null);

/** True while a bot plays your seat (you left, timed out twice, or were gone). @param {State} state */
export const isAway = (state) => Boolean(mySeat(state)?.away) && state.table?.phase === "playing";

/** The view as the page shows it: no moves of yours while a bot plays your seat. @param {State} state */
export const shownView = (state) => (state.view && isAway(state) ? { ...state.view, legal_moves: [] } : state.view);

/** How many rounds of the running match have ended. @param {State} state */
export function roundsEnded(state) {
  const { view } = state;
  if (view) return view.end ? view.round_index + 1 : view.round_index;
  return state.scores.rows.length;
}

/** The seconds left at ``now`` ms (0 without a clock). @param {Clock | Pause | null} clock @param {number} now */
export const secondsLeft = (clock, now) => (clock ? Math.max(0, clock.left - (now - clock.at) / 1000) : 0);

/** The feed of round ``key`` (a fresh one for a new round). @param {Feed} feed @param {string} key @returns {Feed} */
export const followFeed = (feed, key) => (feed.round === key ? feed : { round: key, timeouts: [], standIn: [], scored: {} });

/** The move at history ``index`` noted: its timeout, a bot's for a person away (``away``), the points it
 * scored: as the move says them (``points``, the engine's count), else the points its side gained (before the
 * round's end). @param {Feed} feed @param {number} index @param {MoveFrame} frame
 * @param {View | null} before @param {View} after @param {boolean} [away] @returns {Feed} */
export function noteFeed(feed, index, frame, before, after, away = false) {
  const gained = (after.scores || []).map((value, side) => value - (before?.scores?.[side] ?? value));
  const told = frame.move.points;
  const points = told ?? (after.end ? 0 : Math.max(0, ...gained));
  const timeouts = frame.timeout ? [...feed.timeouts, index] : feed.timeouts;
  const standIn = away && !frame.timeout ? [...feed.standIn, index] : feed.standIn;
  const scored = points > 0 ? { ...feed.scored, [index]: points } : feed.scored;
  const same = timeouts === feed.timeouts && scored === feed.scored && standIn === feed.standIn;
  return same ? feed : { ...feed, timeouts, standIn, scored };
}

/** The totals after each ended round, from a snapshot. @param {number[][]} rows @param {number} match @returns {ScoreRows} */
export const scoresOfTotals = (rows, match) => ({ match, rows: rows.map((row) => [...row]), complete: false });

/** The rows after ``view`` of match number ``match``: a round's end, or the totals before a round. An ended
 * view meeting a new match is the last match's, kept until the new one deals: none of the new one's rows.
 * @param {ScoreRows} scores @param {View} view @param {number} match @returns {ScoreRows} */
export function noteScores(scores, view, match) {
  if (view.end && match !== scores.match) return scores;
  const start = match === scores.match ? scores : { match, rows: [], complete: false };
  const index = view.end ? view.round_index : view.round_index - 1;
  if (index < 0 || start.complete || JSON.stringify(start.rows[index]) === JSON.stringify(view.totals)) return start;
  const rows = [...start.rows];
  rows[index] = [...view.totals];
  return { ...start, rows };
}

/** The running totals of every round of a match's record (``dominohall/record@1``).
 * @param {Extract<Action, {t: "record"}>["record"]} record @param {number} match @returns {ScoreRows} */
export function scoresOfRecord(record, match) {
  /** @type {number[] | null} */
  let running = null;
  const rows = record.rounds.filter((round) => round.end).map((round) => {
    const points = round.penalties ?? round.scores ?? [];
    const before = running;
    running = points.map((value, i) => value + (before?.[i] ?? 0));
    return running;
  });
  return { match, rows, complete: true };
}

/** The points of round ``index`` per side, or null when a total around it is unknown.
 * @param {ScoreRows["rows"]} rows @param {number} index @returns {number[] | null} */
export function pointsOf(rows, index) {
  const row = rows[index];
  const before = index === 0 ? row?.map(() => 0) : rows[index - 1];
  return row && before ? row.map((value, i) => value - before[i]) : null;
}

/** Your hand in your own order: the tiles of ``order`` still in ``hand``, as they were (a tile played leaves
 * the others where they are), then the others (just drawn) as ``hand`` lists them. @param {Tile[]} hand
 * @param {Tile[]} order @returns {Tile[]} */
export const arrange = (hand, order) => [...order.filter((tile) => hand.includes(tile)), ...hand.filter((tile) => !order.includes(tile))];

