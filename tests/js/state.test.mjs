// The table page's reduce (src/dominohall/web/static/state.js) without a browser: every kind of frame of
// docs/protocol.md that changes the page's state, the page's own actions, catching up after a reconnect,
// and that reduce never changes what it is given (every state and frame is deep-frozen before it is folded).
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  arrange, CHAT_LENGTH, contributionDue, dealOf, initialState, isAway, pointsOf, reduce, roundsEnded, secondsLeft, shownView,
} from "../../src/dominohall/web/static/state.js";
import { sortHand } from "../../src/dominohall/web/static/prefs.js";

/** Freeze ``value`` and everything it holds. */
function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Fold ``frames`` one by one into ``state`` (each frame at ``now`` ms), every input frozen first. */
function fold(state, frames, now = 1000) {
  return frames.reduce((current, frame) => reduce(deepFreeze(current), deepFreeze(structuredClone(frame)), now), state);
}

const OPTIONS = { players: 4, set: 9, hand: 11, length: "full", start_toes: 6, double_toes: 3, blank_double: 50, limit: null };

/** A table summary of four seats: Ann (the host, seat 0), Bob (seat 1) and two bots; ``extra`` overrides. */
function table(extra = {}) {
  return {
    id: "KjYuHsOHbRA", game: "chickenfoot", options: OPTIONS, host_seat: 0, phase: "playing", matches: 1, seq: 10,
    seats: [
      { name: "Ann", bot: null, free: false, away: false, why: null },
      { name: "Bob", bot: null, free: false, away: false, why: null },
      { name: "Clara", bot: "medium", free: false, away: false, why: null },
      { name: "Dan", bot: "easy", free: false, away: false, why: null },
    ],
    settings: { turn_seconds: null, public: false }, turn_seconds: 60, clock: null, between: null, ...extra,
  };
}

/** Seat 0's view of a fresh Chicken Foot round, its turn, the centre 9-9 waiting for its six toes. */
function roundView(extra = {}) {
  return {
    seat: 0, round_index: 0, first: 0, turn: 0, hand: ["9-4", "9-1", "6-2", "0-0"], hand_sizes: [4, 11, 11, 11],
    boneyard_size: 10, placed: [], open_ends: [], drawn: null, history: [],
    legal_moves: [{ kind: "play", tile: "9-4", on: "9-9" }, { kind: "play", tile: "9-1", on: "9-9" }],
    totals: [0, 0, 0, 0], end: null, final_hands: null, options: OPTIONS, centre: "9-9", pending: "9-9", pending_needs: 6,
    ...extra,
  };
}

/** A move frame's view: the view without options, history and placed (docs/protocol.md). */
function patch(view) {
  const { options, history, placed, ...rest } = view;
  return rest;
}

const clock = (seat, left) => ({ seat, left, limit: 60 });

const snapshot = (extra = {}) => ({
  t: "snapshot", seq: 10, you: 0, table: table({ clock: clock(0, 60) }), view: roundView(), match: null,
  rounds: [], chat: [{ seat: 1, text: "hi" }], ...extra,
});

/** Ann plays 9-4 on the centre; the turn goes to Bob. */
const annPlays = {
  t: "move", seq: 11, seat: 0, move: { kind: "play", tile: "9-4", on: "9-9" },
  view: patch(roundView({ turn: 1, hand: ["9-1", "6-2", "0-0"], hand_sizes: [3, 11, 11, 11], legal_moves: [], pending_needs: 5, open_ends: [["9-4", 4]] })),
  clock: clock(1, 60),
};

/** Bob's time runs out: the server draws for him (a face-down draw: no tile). */
const bobTimesOut = {
  t: "move", seq: 12, seat: 1, move: { kind: "draw" }, timeout: true,
  view: patch(roundView({ turn: 1, hand: ["9-1", "6-2", "0-0"], hand_sizes: [3, 12, 11, 11], boneyard_size: 9, legal_moves: [], pending_needs: 5 })),
  clock: clock(1, 60),
};

const started = () => fold(initialState(), [snapshot()]);

describe("a snapshot", () => {
  test("gives the seat, the table, the view, the chat, the clock and the scoreboard", () => {
    const second = roundView({ round_index: 1, totals: [5, 0, 10, 3] }); // the totals after the first round
    const state = fold(initialState(), [snapshot({ rounds: [[5, 0, 10, 3]], view: second })], 5000);
    assert.equal(state.seq, 10);
    assert.equal(state.you, 0);
    assert.equal(state.table.id, "KjYuHsOHbRA");
    assert.deepEqual(state.view.hand, ["9-4", "9-1", "6-2", "0-0"]);
    assert.deepEqual(state.chat, [{ seat: 1, text: "hi" }]);
    assert.deepEqual(state.clock, { seat: 0, limit: 60, left: 60, at: 5000 });
    assert.equal(state.between, null);
    assert.equal(state.turnSeq, 10);
    assert.deepEqual(state.scores, { match: 1, rows: [[5, 0, 10, 3]], complete: false });
    assert.equal(state.summary, null);
    assert.equal(roundsEnded(state), 1);
  });

  test("of a round that ended, with the pause before the next deal, shows the round's summary", () => {
    const ended = roundView({ end: "domino", legal_moves: [], final_hands: [[], ["5-5"], ["1-0"], ["2-2"]], totals: [0, 10, 1, 4] });
    const state = fold(initialState(), [snapshot({ view: ended, table: table({ between: { ready: [1], left: 12.5 } }) })], 2000);
    assert.deepEqual(state.summary, { view: ended, match: null });
    assert.deepEqual(state.between, { left: 12.5, at: 2000 });
    assert.deepEqual(state.scores.rows, [[0, 10, 1, 4]], "the round's end is a row of the scoreboard");
    assert.equal(roundsEnded(state), 1);
  });

  test("for a watcher, before the first deal, has no seat and no view", () => {
    const state = fold(initialState({ watching: true }), [snapshot({ you: null, view: null, table: table({ phase: "waiting" }) })]);
    assert.equal(state.you, null);
    assert.equal(state.view, null);
    assert.equal(state.watching, true);
    assert.equal(roundsEnded(state), 0);
  });
});

describe("a move", () => {
  test("is appended to the view the page keeps; the tile laid is fresh; the clock moves on", () => {
    const state = fold(started(), [annPlays], 3000);
    assert.deepEqual(state.view.placed, [["9-4", "9-9"]]);
    assert.deepEqual(state.view.history, [{ seat: 0, kind: "play", tile: "9-4", on: "9-9" }]);
    assert.deepEqual(state.view.options, OPTIONS, "a move frame's view has no options: the round's are kept");
    assert.equal(state.view.turn, 1);
    assert.deepEqual(state.fresh, { tile: "9-4", seq: 11 });
    assert.deepEqual(state.clock, { seat: 1, limit: 60, left: 60, at: 3000 });
    assert.equal(state.turnSeq, 11);
    assert.equal(state.seq, 11);
    assert.equal(fold(state, [{ t: "presence", connected: [true, true, null, null] }]).fresh, null, "fresh for one frame");
  });

  test("made by the server for a seat out of time is noticed and marked in the feed", () => {
    const state = fold(started(), [annPlays, bobTimesOut]);
    assert.deepEqual(state.view.history.at(-1), { seat: 1, kind: "draw" });
    assert.deepEqual(state.view.placed, [["9-4", "9-9"]], "a draw lays nothing");
    assert.deepEqual(state.notice, { seat: 1, seq: 12 });
    assert.deepEqual(state.feed, { round: "1:0", timeouts: [1], standIn: [], scored: {} });
  });

  test("made by a bot for a person who is away is marked in the feed (a timeout is marked as such)", () => {
    const seats = table().seats.map((seat, index) => (index === 0 ? { ...seat, away: true, why: "left" } : seat));
    const away = fold(started(), [{ t: "away", seq: 10, seat: 0, why: "left", table: table({ seats }) }]);
    const state = fold(away, [{ ...annPlays, seq: 11 }, bobTimesOut]);
    assert.deepEqual(state.feed, { round: "1:0", timeouts: [1], standIn: [0], scored: {} });
  });

  test("made by a bot for a person away are known again from a snapshot after a reload", () => {
    const state = fold(initialState(), [snapshot({ stand_in: [0, 2] })]);
    assert.deepEqual(state.feed.standIn, [0, 2]);
    assert.equal(state.feed.round, "1:0");
  });

  test("of the standard game notes the points it scored", () => {
    const view = roundView({ scores: [0, 0], totals: [0, 0], centre: undefined, pending: undefined, pending_needs: undefined, spinner: null });
    const scored = {
      t: "move", seq: 11, seat: 0, move: { kind: "play", tile: "5-5", on: null },
      view: patch({ ...view, turn: 1, scores: [10, 0], totals: [10, 0] }), clock: null,
    };
    const state = fold(initialState(), [snapshot({ view, table: table({ game: "standard" }) }), scored]);
    assert.deepEqual(state.feed.scored, { 0: 10 });
    assert.equal(state.clock, null);
  });

  test("that ends the round opens its summary, unfolded, and the scoreboard notes its totals", () => {
    const end = {
      t: "move", seq: 11, seat: 0, move: { kind: "play", tile: "9-4", on: "9-9" },
      view: patch(roundView({ end: "domino", hand: [], legal_moves: [], final_hands: [[], ["5-5"], ["1-0"], ["2-2"]], totals: [0, 10, 1, 4] })),
      clock: null, table: table({ between: { ready: [], left: 20 } }),
    };
    const state = fold(reduce(started(), { t: "fold" }), [end], 7000);
    assert.equal(state.summary.view.end, "domino");
    assert.equal(state.summary.match, null);
    assert.equal(state.folded, false);
    assert.deepEqual(state.between, { left: 20, at: 7000 });
    assert.deepEqual(state.scores.rows, [[0, 10, 1, 4]]);
    assert.equal(roundsEnded(state), 1);
  });

  test("that ends the match gives its result with the summary", () => {
    const match = { totals: [120, 30, 45, 60], winners: [1] };
    const end = {
      t: "move", seq: 11, seat: 0, move: { kind: "play", tile: "9-4", on: "9-9" },
      view: patch(roundView({ end: "domino", legal_moves: [], totals: match.totals })), clock: null,
      table: table({ phase: "over" }), match,
    };
    const state = fold(started(), [end]);
    assert.deepEqual(state.summary.match, match);
    assert.equal(state.table.phase, "over");
    assert.equal(state.between, null);
  });

  test("before any view (a watcher between matches) keeps no view", () => {
    const state = fold(initialState(), [snapshot({ view: null }), annPlays]);
    assert.equal(state.view, null);
    assert.deepEqual(state.feed, { round: null, timeouts: [], standIn: [], scored: {} });
  });
});

describe("the table's events", () => {
  test("a new round replaces the summary and the view, with its clock", () => {
    const next = roundView({ round_index: 1, centre: "8-8", pending: "8-8", turn: 1, legal_moves: [] });
    const ended = reduce(started(), { t: "dismiss" });
    const state = fold({ ...ended, summary: { view: roundView({ end: "blocked" }), match: null } }, [{ t: "round", seq: 20, view: next, clock: clock(1, 45) }], 9000);
    assert.equal(state.summary, null);
    assert.equal(state.view.centre, "8-8");
    assert.deepEqual(state.clock, { seat: 1, limit: 60, left: 45, at: 9000 });
    assert.equal(state.turnSeq, 20);
    assert.deepEqual(state.feed, { round: "1:1", timeouts: [], standIn: [], scored: {} });
  });

  test("settings, a seat taken and a ready seat bring the table whole", () => {
    const waiting = fold(initialState(), [snapshot({ view: null, table: table({ phase: "waiting" }) })]);
    const settings = fold(waiting, [{ t: "settings", seq: 11, table: table({ phase: "waiting", options: { ...OPTIONS, limit: 300 } }) }]);
    assert.equal(settings.table.options.limit, 300);
    const sat = fold(settings, [{ t: "sat", seq: 12, seat: 2, name: "Eve", table: table({ phase: "waiting", seq: 12 }) }]);
    assert.equal(sat.table.seq, 12);
    assert.equal(sat.you, 0);
    const ready = fold(sat, [{ t: "ready", seq: 13, seat: 1, table: table({ between: { ready: [1], left: 8 } }) }], 4000);
    assert.deepEqual(ready.table.between, { ready: [1], left: 8 });
    assert.deepEqual(ready.between, { left: 8, at: 4000 });
    assert.equal(secondsLeft(ready.between, 6000), 6);
    assert.equal(secondsLeft(ready.between, 60000), 0);
  });

  test("standing up from your seat makes this page a watcher; another seat's standing changes nothing of yours", () => {
    const other = fold(started(), [{ t: "stood", seq: 11, seat: 1, table: table() }]);
    assert.equal(other.you, 0);
    const state = fold(started(), [{ t: "stood", seq: 11, seat: 0, table: table() }]);
    assert.equal(state.you, null);
    assert.equal(state.watching, true);
  });

  test("kicked, or a bot put in your seat: this page watches, with the seats to take shown", () => {
    for (const t of ["kicked", "bot"]) {
      const before = started();
      assert.ok(before.view?.hand?.length, "the seat's hand was shown");
      const state = fold(before, [{ t, seq: 11, seat: 0, level: "hard", table: table() }]);
      assert.equal(state.you, null, t);
      assert.equal(state.watching, false, t);
      assert.deepEqual([state.view?.hand, state.view?.legal_moves], [[], []], `${t}: the tiles left with the seat`);
    }
  });

  test("away and back: while a bot plays your seat the page offers none of your moves", () => {
    const seats = table().seats.map((seat, index) => (index === 0 ? { ...seat, away: true, why: "left" } : seat));
    const away = fold(started(), [{ t: "away", seq: 11, seat: 0, why: "left", table: table({ seats }) }]);
    assert.equal(isAway(away), true);
    assert.deepEqual(shownView(away).legal_moves, []);
    assert.equal(away.view.legal_moves.length, 2, "the view itself is kept whole");
    const back = fold(away, [{ t: "back", seq: 12, seat: 0, table: table() }]);
    assert.equal(isAway(back), false);
    assert.equal(shownView(back).legal_moves.length, 2);
  });

  test("started and rematch close the summary and forget the last match's result", () => {
    const over = { ...started(), summary: { view: roundView({ end: "domino" }), match: { totals: [1, 2, 3, 4], winners: [0] } }, match: { totals: [1, 2, 3, 4], winners: [0] } };
    for (const t of ["started", "rematch"]) {
      const state = fold(over, [{ t, seq: 30, table: table({ matches: 2 }) }]);
      assert.equal(state.summary, null, t);
      assert.equal(state.match, null, t);
      assert.equal(state.table.matches, 2, t);
    }
  });

  test("chat is appended, the last CHAT_LENGTH messages kept", () => {
    let state = started();
    for (let k = 0; k < CHAT_LENGTH + 5; k++) state = fold(state, [{ t: "chat", seq: 11 + k, seat: k % 2, text: `m${k}` }]);
    assert.equal(state.chat.length, CHAT_LENGTH);
    assert.deepEqual(state.chat.at(-1), { seat: 0, text: `m${CHAT_LENGTH + 4}`, seq: 11 + CHAT_LENGTH + 4 });
    assert.equal(state.seq, 11 + CHAT_LENGTH + 4);
  });

  test("a hidden line is dropped, and one hidden before a catch-up never shows", () => {
    const said = fold(started(), [{ t: "chat", seq: 11, seat: 0, text: "nasty" }, { t: "chat", seq: 12, seat: 1, text: "hi" }]);
    const hidden = fold(said, [{ t: "hidden", seq: 13, line: 11 }]);
    assert.deepEqual(hidden.chat.slice(-1), [{ seat: 1, text: "hi", seq: 12 }]);
    assert.ok(said.chat.some((line) => line.text === "nasty") && !hidden.chat.some((line) => line.text === "nasty"));
    assert.equal(hidden.seq, 13);
    const caught = fold(started(), [{ t: "chat", seq: 11, seat: 0, text: "", hidden: true }]);
    assert.deepEqual(caught.chat, started().chat);
    assert.equal(caught.seq, 11);
  });

  test("a quick phrase keeps its code and a watcher's no seat; its refusal for rate is a phrase's own problem", () => {
    const said = fold(started(), [{ t: "chat", seq: 11, seat: null, text: "", phrase: "good-game" }]);
    assert.deepEqual(said.chat.at(-1), { seat: null, text: "", seq: 11, phrase: "good-game" });
    const refused = reduce(said, { t: "error", id: "phrase-x1", code: "rate-limited", message: "slow down" });
    assert.equal(refused.problem.code, "phrase-rate");
    const other = reduce(said, { t: "error", id: "c1", code: "rate-limited", message: "slow down" });
    assert.equal(other.problem.code, "rate-limited");
  });

  test("a table the operator closed offers no more moves, and a lost socket is the page's own action", () => {
    const table = { ...started().table, closed: true };
    const view = { ...started().view, legal_moves: [{ kind: "draw" }] };
    const closed = fold({ ...started(), view }, [{ t: "closed", seq: 20, table }]);
    assert.deepEqual(closed.view?.legal_moves, []);
    assert.equal(closed.table?.closed, true);
    assert.equal(closed.link, started().link);
  });

  test("presence says who is connected; welcome gives your seat; an ack moves the seq on", () => {
    const presence = fold(started(), [{ t: "presence", connected: [true, false, null, null] }]);
    assert.deepEqual(presence.connected, [true, false, null, null]);
    assert.equal(presence.seq, 10, "presence is not an event");
    assert.equal(fold(initialState(), [{ t: "welcome", seq: 40, you: 2, from: 38 }]).you, 2);
    assert.equal(fold(started(), [{ t: "ack", id: "c1", seq: 14, duplicate: false }]).seq, 14);
  });
});

describe("the clock", () => {
  test("counts down from the moment its frame arrived, whatever the frame's kind", () => {
    const state = fold(started(), [annPlays], 10_000);
    assert.equal(secondsLeft(state.clock, 10_000), 60);
    assert.equal(secondsLeft(state.clock, 25_500), 44.5);
    assert.equal(secondsLeft(null, 25_500), 0);
  });

  test("is stopped by a frame whose clock is null, and left alone by a frame without one", () => {
    const stopped = fold(started(), [{ ...annPlays, clock: null }]);
    assert.equal(stopped.clock, null);
    const kept = fold(started(), [{ t: "chat", seq: 11, seat: 1, text: "hm" }], 99_999);
    assert.deepEqual(kept.clock, started().clock);
    const fromTable = fold(started(), [{ t: "away", seq: 11, seat: 1, why: "gone", table: table({ clock: clock(3, 7) }) }], 500);
    assert.deepEqual(fromTable.clock, { seat: 3, limit: 60, left: 7, at: 500 });
  });
});

describe("a refusal", () => {
  test("is kept as the problem to show, the move may be sent again, and nothing else changes", () => {
    const sent = reduce(started(), { t: "moved" });
    assert.equal(sent.movedAt, 10);
    const error = { t: "error", id: "m7", code: "illegal-move", rule: "no-match", message: "9-3 has no 4" };
    const state = fold(sent, [error]);
    assert.deepEqual(state.problem, { code: "illegal-move", message: "9-3 has no 4", rule: "no-match", field: null });
    assert.equal(state.movedAt, null);
    assert.deepEqual({ ...state, problem: null, movedAt: 10 }, { ...sent, problem: null });
    const again = fold(state, [error]);
    assert.notEqual(again.problem, state.problem, "the same refusal twice is shown twice");
    const settings = fold(state, [{ t: "error", id: "x1", code: "bad-settings", field: "limit", message: "no" }]);
    assert.equal(settings.problem.field, "limit");
  });

  test("a move sent when the socket closed may be sent again from the new socket, at the same seq", () => {
    const sent = reduce(started(), { t: "moved" });
    assert.equal(sent.movedAt, 10);
    const dropped = reduce(deepFreeze(sent), { t: "lost" });
    assert.equal(dropped.movedAt, null, "the answer never comes on a closed socket");
    const back = fold(sent, [{ t: "opened" }]);
    assert.equal(back.movedAt, null);
    assert.equal(back.seq, sent.seq);
  });
});

describe("the page's own actions", () => {
  test("the socket's state, watching, folding and dismissing the summary", () => {
    assert.equal(initialState().link, "connecting");
    assert.equal(reduce(initialState(), { t: "opened" }).link, "open");
    assert.equal(fold(initialState(), [{ t: "opened" }, { t: "lost" }]).link, "closed");
    assert.equal(reduce(initialState(), { t: "watch", watching: true }).watching, true);
    const folded = fold(started(), [{ t: "fold" }]);
    assert.equal(folded.folded, true);
    assert.equal(fold(folded, [{ t: "fold" }]).folded, false);
    const shown = { ...started(), summary: { view: roundView({ end: "blocked" }), match: null } };
    assert.equal(reduce(deepFreeze(shown), { t: "dismiss" }).summary, null);
  });

  test("a tile chosen, a place marked, cancelled; a chosen tile that can no longer be laid is forgotten", () => {
    const moves = [{ kind: "play", tile: "9-4", on: "9-9" }];
    const chosen = fold(started(), [{ t: "choose", tile: "9-4", moves, current: 0 }]);
    assert.deepEqual(chosen.choice, { tile: "9-4", moves, current: 0 });
    assert.equal(fold(chosen, [{ t: "hover", index: 0 }]), chosen, "the same place: the same state");
    assert.equal(fold(chosen, [{ t: "hover", index: 1 }]).choice.current, 1);
    assert.equal(fold(chosen, [{ t: "cancel" }]).choice, null);
    assert.equal(fold(chosen, [annPlays]).choice, null, "after Ann's move it is Bob's turn: 9-4 has no place now");
    assert.equal(fold(initialState(), [{ t: "hover", index: 2 }]).choice, null, "no choice: nothing to mark");
  });

  test("a match's record fills in every round of the scoreboard", () => {
    const record = { rounds: [{ end: "domino", penalties: [0, 10, 5, 3] }, { end: null }, { end: "blocked", penalties: [4, 0, 6, 1] }] };
    const state = fold(started(), [{ t: "record", record, match: 1 }]);
    assert.deepEqual(state.scores, { match: 1, rows: [[0, 10, 5, 3], [4, 10, 11, 4]], complete: true });
    assert.deepEqual(pointsOf(state.scores.rows, 1), [4, 0, 6, 1]);
    assert.equal(pointsOf([undefined, [1, 2]], 1), null, "a round this page never saw: its points are unknown");
    const noted = fold(state, [{ t: "round", seq: 30, view: roundView({ round_index: 2, totals: [9, 9, 9, 9] }) }]);
    assert.equal(noted.scores, state.scores, "a complete scoreboard is not changed by later views");
  });

  test("the scoreboard starts again with a new match", () => {
    const first = fold(initialState(), [snapshot({ rounds: [[1, 2, 3, 4]], view: roundView({ round_index: 1, totals: [1, 2, 3, 4] }) })]);
    const second = fold(first, [{ t: "round", seq: 50, view: roundView(), clock: null }, { t: "started", seq: 49, table: table({ matches: 2 }) }]);
    assert.deepEqual(second.scores, { match: 2, rows: [], complete: false });
  });

  test("after Play again the last match's ended round is no row of the new match", () => {
    const ended = roundView({ end: "domino", totals: [0, 10, 5, 3] });
    const over = fold(initialState(), [snapshot({ table: table({ phase: "over" }), view: ended, rounds: [[0, 10, 5, 3]] })]);
    const rematch = fold(over, [{ t: "rematch", seq: 60, table: table({ matches: 2 }) }]);
    assert.equal(rematch.view, over.view, "the last round stays on the board until the new one is dealt");
    assert.deepEqual(rematch.scores.rows, [[0, 10, 5, 3]], "still the last match's, numbered so");
    assert.equal(rematch.scores.match, 1);
    const dealt = fold(rematch, [{ t: "round", seq: 61, view: roundView(), clock: null }]);
    assert.deepEqual(dealt.scores, { match: 2, rows: [], complete: false });
  });
});

describe("catching up", () => {
  const live = [
    snapshot(),
    { t: "presence", connected: [true, true, null, null] },
    annPlays,
    { t: "chat", seq: 12, seat: 1, text: "nice" },
    { ...bobTimesOut, seq: 13 },
    { t: "away", seq: 14, seat: 1, why: "timeout", table: table() },
  ];

  test("a reconnect (welcome, then the missed events) gives the state the live page has", () => {
    const now = 5000;
    const kept = fold(initialState(), live, now);
    const dropped = fold(initialState(), live.slice(0, 3), now);
    const closed = reduce(deepFreeze(dropped), { t: "lost" });
    const back = fold(closed, [{ t: "opened" }, { t: "welcome", seq: 14, you: 0, from: dropped.seq }, ...live.slice(3)], now);
    assert.deepEqual(back, { ...kept, link: "open" });
    assert.deepEqual(kept.feed.timeouts, [1]);
    assert.deepEqual(kept.notice, { seat: 1, seq: 13 });
  });

  test("the same frames folded twice from the start give the same state", () => {
    assert.deepEqual(fold(initialState(), live, 10), fold(initialState(), live, 10));
  });
});

describe("reduce is pure", () => {
  test("it never changes the state or the frame it is given, and shares what did not change", () => {
    const before = deepFreeze(started());
    const frame = deepFreeze(structuredClone(annPlays));
    const copy = structuredClone(before);
    const after = reduce(before, frame, 1);
    assert.deepEqual(before, copy);
    assert.notEqual(after, before);
    assert.equal(after.table, before.table, "the table, which the move did not change, is shared");
    assert.equal(after.view.history.length, 1);
    assert.equal(before.view.history.length, 0);
  });

  test("a frozen state is folded through a whole sequence without a TypeError", () => {
    const frames = [snapshot(), annPlays, bobTimesOut, { t: "chat", seq: 13, seat: 0, text: "ok" }, { t: "error", id: null, code: "stale", message: "old" }];
    assert.doesNotThrow(() => fold(initialState(), frames));
  });
});

describe("a hint", () => {
  const hint = (at) => ({ t: "hint", id: "h1", at, move: { kind: "play", tile: "9-1", on: "9-9" } });

  test("for the table as it is now is kept, and forgotten once the table moves on", () => {
    const asked = fold(started(), [hint(10)]);
    assert.deepEqual(asked.hint, { at: 10, move: { kind: "play", tile: "9-1", on: "9-9" } });
    assert.equal(asked.seq, 10, "a hint is not an event: the seq stays");
    assert.equal(fold(asked, [{ t: "presence", connected: [true, true, null, null] }]).hint, asked.hint);
    assert.equal(fold(asked, [annPlays]).hint, null);
  });

  test("that comes after the table moved on is not shown", () => {
    assert.equal(fold(started(), [annPlays, hint(10)]).hint, null);
  });
});

describe("fair deals", () => {
  const C1 = "a".repeat(64);
  const C2 = "b".repeat(64);
  const VALUE = "0f".repeat(32);
  /** The table's commitment (docs/fairness.md): round ``round``'s, before its deal or once dealt. */
  const fair = (round, dealt, contributions = [null, null, null, null]) => ({ match: 1, round, commitment: round === 1 ? C1 : C2, contributions, dealt });
  const waiting = (extra = {}) => snapshot({ view: null, table: table({ phase: "waiting", fair: fair(1, false), ...extra }) });
  const dealt = { t: "round", seq: 12, view: roundView(), clock: null, fair: fair(1, true, [VALUE, null, null, null]) };

  test("the open commitment is noted as shown before its deal; your page's contribution is due once", () => {
    const state = fold(initialState(), [waiting()]);
    assert.deepEqual(state.fair.seen.shown, { "1:1": C1 });
    assert.equal(state.fair.playing, null, "no round is being played");
    assert.equal(contributionDue(state), "1:1");
    const sent = fold(state, [{ t: "contribute", deal: "1:1", value: VALUE }]);
    assert.equal(contributionDue(sent), null, "sent already: not sent again before the server answers");
    assert.deepEqual(sent.fair.seen.given, { "1:1": VALUE });
  });

  test("no contribution is due from a watcher, a seat that gave one, or while a round is played", () => {
    assert.equal(contributionDue(fold(initialState(), [waiting({}), { t: "welcome", seq: 11, you: null, from: 11 }])), null);
    const given = fold(initialState(), [waiting({ fair: fair(1, false, [VALUE, null, null, null]) })]);
    assert.equal(contributionDue(given), null);
    assert.equal(contributionDue(fold(initialState(), [snapshot({ table: table({ fair: fair(1, true) }) })])), null);
  });

  test("a contributed frame brings the table whole, with the seat's value in its commitment", () => {
    const frame = { t: "contributed", seq: 11, seat: 1, value: VALUE, table: table({ phase: "waiting", fair: fair(1, false, [null, VALUE, null, null]) }) };
    const state = fold(initialState(), [waiting(), frame]);
    assert.equal(state.seq, 11);
    assert.deepEqual(state.table.fair.contributions, [null, VALUE, null, null]);
    assert.equal(contributionDue(state), "1:1", "your seat (0) has not given one yet");
  });

  test("a round frame gives the commitment shown during the round and notes the hand this seat was dealt", () => {
    const state = fold(initialState(), [waiting(), dealt]);
    assert.deepEqual(state.fair.playing, dealt.fair);
    assert.deepEqual(state.fair.seen.hands, { "1:1": roundView().hand });
    assert.equal(dealOf(state.fair.playing), "1:1");
    const watcher = fold(initialState(), [snapshot({ you: null, view: null, table: table({ phase: "waiting", fair: fair(1, false) }) }), dealt]);
    assert.deepEqual(watcher.fair.seen.hands, {}, "a watcher is dealt no hand");
  });

  test("the move that ends the round reveals its proof and opens the next deal: nothing is shown as sealed", () => {
    const ended = roundView({ end: "domino", legal_moves: [], final_hands: [[], ["5-5"], ["1-0"], ["2-2"]], totals: [0, 10, 1, 4] });
    const proof = { scheme: "dominohall/fair@1", table: "KjYuHsOHbRA", ...dealt.fair, secret: "cd".repeat(32) };
    const last = { t: "move", seq: 13, seat: 0, move: { kind: "play", tile: "9-4", on: "9-9" }, view: patch(ended), clock: null, fair: proof,
      table: table({ fair: fair(2, false), between: { ready: [], left: 20 } }) };
    const state = fold(initialState(), [waiting(), dealt, last]);
    assert.equal(state.fair.playing, null);
    assert.deepEqual(state.fair.seen.shown, { "1:1": C1, "1:2": C2 });
    assert.equal(contributionDue(state), "1:2", "the next deal takes contributions before Continue");
  });

  test("a commitment changed before its deal does not replace the one first shown, which the check compares", () => {
    const changed = snapshot({ seq: 11, view: null, table: table({ phase: "waiting", fair: { ...fair(1, false), commitment: C2 } }) });
    const state = fold(initialState(), [waiting(), { t: "contribute", deal: "1:1", value: VALUE }, changed]);
    assert.deepEqual(state.fair.seen.shown, { "1:1": C1 }, "the server may not swap it once your page gave its value");
  });

  test("a contribution listed before the deal stays for the check until its seat changes hands", () => {
    const listed = { t: "contributed", seq: 11, seat: 1, value: VALUE, table: table({ phase: "waiting", fair: fair(1, false, [null, VALUE, null, null]) }) };
    assert.deepEqual(fold(initialState(), [waiting(), listed]).fair.seen.pooled, { "1:1": [null, VALUE, null, null] });
    const mine = "1e".repeat(32); // the table lists Ann's value and no longer Bob's, though Bob still holds his seat
    const unlisted = { t: "contributed", seq: 12, seat: 0, value: mine, table: table({ phase: "waiting", fair: fair(1, false, [mine, null, null, null]) }) };
    assert.deepEqual(fold(initialState(), [waiting(), listed, unlisted]).fair.seen.pooled, { "1:1": [mine, VALUE, null, null] });
    const seats = table().seats.map((seat, index) => (index === 1 ? { name: null, bot: null, free: true, away: false, why: null } : seat));
    const stood = { t: "stood", seq: 12, seat: 1, table: table({ phase: "waiting", seats, fair: fair(1, false) }) };
    assert.deepEqual(fold(initialState(), [waiting(), listed, stood]).fair.seen.pooled, { "1:1": [null, null, null, null] });
    const reloaded = snapshot({ seq: 12, view: null, table: table({ phase: "waiting", fair: fair(1, false) }) });
    assert.deepEqual(fold(initialState(), [waiting(), listed, reloaded]).fair.seen.pooled, { "1:1": [null, null, null, null] }, "frames may have been missed");
    const played = fold(initialState(), [waiting(), listed, dealt]);
    assert.deepEqual(played.fair.seen.pooled, { "1:1": [null, VALUE, null, null] }, "the dealt list does not replace it");
    const kept = initialState({ seen: { given: {}, shown: {}, hands: {}, late: {} } }); // a tab's memory from before
    assert.deepEqual(kept.fair.seen.pooled, {});
  });

  test("a snapshot during a round shows the round's commitment from the table summary", () => {
    const state = fold(initialState(), [snapshot({ table: table({ fair: fair(1, true) }) })]);
    assert.deepEqual(state.fair.playing, fair(1, true));
    assert.deepEqual(state.fair.seen.shown, {}, "this page did not see the commitment before the deal");
  });

  test("a refused contribution is noted for its deal, not shown as a problem", () => {
    const before = fold(initialState(), [waiting()]);
    const state = fold(before, [{ t: "error", id: "fair-1:1-1700000000000", code: "no-deal-waiting", message: "no deal" }]);
    assert.deepEqual(state.fair.seen.late, { "1:1": "no-deal-waiting" });
    assert.equal(state.problem, null);
    const other = fold(before, [{ t: "error", id: "m1", code: "illegal-move", message: "no" }]);
    assert.deepEqual(other.fair.seen.late, {}, "any other refusal is a problem as before");
    assert.equal(other.problem.code, "illegal-move");
  });

  test("what the tab kept is where the page starts; a deal's check result is kept by its deal", () => {
    const seen = { given: { "1:1": VALUE }, shown: { "1:1": C1 }, hands: {}, late: {} };
    const state = fold(initialState({ seen }), [waiting(), { t: "checked", deal: "1:1", result: { verdict: "fair", text: "fair" } }]);
    assert.deepEqual(state.fair.seen.given, { "1:1": VALUE });
    assert.deepEqual(state.fair.results, { "1:1": { verdict: "fair", text: "fair" } });
  });
});

describe("your hand in your order", () => {
  test("a tile played leaves the others in their order; tiles drawn go last, as the server lists them", () => {
    const order = ["9-1", "2-2", "7-3", "5-0"];
    assert.deepEqual(arrange(["2-2", "5-0", "7-3", "9-1"], order), order, "the same tiles: your order");
    assert.deepEqual(arrange(["2-2", "5-0", "9-1"], order), ["9-1", "2-2", "5-0"], "7-3 played");
    assert.deepEqual(arrange(["1-0", "2-2", "5-0", "8-8", "9-1"], order), ["9-1", "2-2", "5-0", "1-0", "8-8"], "two drawn");
    assert.deepEqual(arrange(["2-2"], []), ["2-2"], "no order yet: as the server lists the hand");
  });

  test("by number: each number's tiles together, highest first; by pips: heaviest first; else as it is", () => {
    const hand = ["1-0", "4-4", "6-1", "6-5", "9-0", "12-3"];
    assert.deepEqual(sortHand(hand, "number"), ["12-3", "9-0", "6-5", "6-1", "4-4", "1-0"]);
    assert.deepEqual(sortHand(hand, "pips"), ["12-3", "6-5", "9-0", "4-4", "6-1", "1-0"]);
    assert.deepEqual(sortHand(hand, "dealt"), hand);
    assert.deepEqual(sortHand(hand), hand);
  });
});
