// The shapes of the table page's data, as JSDoc types for `make lint` (tsc --checkJs): the frames of
// docs/protocol.md, the page's own actions and the state that `reduce` (state.js) folds them into.
//
// No page loads this file: it holds no code. It is a plain script (no import or export), so every type
// below is seen by every module of the page without an import, at no cost to the page's weight.

/** @typedef {string} Tile A tile in notation, larger end first: "9-3". */

/**
 * A move as the protocol writes it: a play names its tile and the tile it extends (`on`: null for the
 * lead of a standard hand); a draw names its tile only to the seat that drew. A Mexican Train play names its
 * `train` too: the owner's seat, or "mexican". In All Fives and Bergen a play made (in a history or a move
 * frame) says the `points` it scored, as the engine counted them.
 * @typedef {{kind: "play" | "draw" | "pass", tile?: Tile | null, on?: Tile | null, train?: Train, points?: number}} Move
 */

/** @typedef {number | "mexican"} Train A Mexican Train train: its owner's seat, or "mexican". */

/**
 * A Mexican Train train in a view: its tiles from the engine out, the tile a play there names as `on`, its
 * open number, and whether its owner's mark is on it.
 * @typedef {{train: Train, tiles: Tile[], end: Tile, number: number, marked: boolean}} TrainLine
 */

/** @typedef {Move & {seat: number}} HistoryEntry A move in a round's history, with the seat that made it. */

/**
 * A seat of the table summary.
 * @typedef {{name: string | null, bot: string | null, free: boolean, away: boolean, why?: string | null}} Seat
 */

/**
 * The seat to move and the seconds it had left at the frame's event.
 * @typedef {{seat: number, left: number, limit: number}} WireClock
 */

/**
 * The table summary, as every frame that changes the table carries it whole (docs/protocol.md).
 * `sides`: the result side each seat plays for ([0, 1, 0, 1] with partners), the index of its scores and totals.
 * @typedef {{id: string, game: string, options: {[name: string]: any}, sides: number[], seats: Seat[],
 *   host_seat: number | null, phase: "waiting" | "playing" | "over", matches: number, seq: number,
 *   settings?: {turn_seconds: number | null, public: boolean}, turn_seconds?: number,
 *   clock?: WireClock | null, between?: {ready: number[], left: number} | null, fair?: FairInfo | null,
 *   closed?: boolean, muted?: number[]}} Table
 */

/**
 * The commitment a table is bound to (docs/fairness.md): the round's or the next deal's (`dealt: false`, while
 * contributions are taken), with each seat's contribution so far (null: none). Never the secret.
 * @typedef {{match: number, round: number, commitment: string, contributions: (string | null)[],
 *   dealt: boolean}} FairInfo
 */

/**
 * A round's proof, once it has ended (the record's `fair`, docs/records.md): the secret revealed.
 * @typedef {{scheme: string, table: string, match: number, round: number, commitment: string,
 *   contributions: (string | null)[], secret: string}} FairProof
 */

/**
 * One seat's view of the current round (engine/views.py in notation); a `move` frame carries it without
 * `options`, `history` and `placed`, which the page keeps itself.
 * @typedef {{seat: number | null, round_index: number, turn: number, first?: number,
 *   options?: {[name: string]: any}, centre?: Tile | null, spinner?: Tile | null,
 *   spinner_open?: boolean, pending?: Tile | null, pending_needs?: number, drawn?: Tile | null,
 *   hand?: Tile[], hand_sizes: number[], boneyard_size?: number, draws?: boolean, placed: [Tile, Tile | null][],
 *   open_ends?: [Tile, number][], history: HistoryEntry[], legal_moves?: Move[], totals: number[],
 *   scores?: number[], winner?: number | null, pips?: number[] | null,
 *   penalties?: number[] | null, end: string | null, final_hands?: Tile[][] | null, trains?: TrainLine[],
 *   uncovered?: Tile | null, uncovered_train?: Train | null, uncovered_by?: number | null,
 *   offline?: boolean}} View (``offline``: the page's own, while its socket is down nothing is playable)
 */

/** @typedef {{totals: number[], winners: number[]}} MatchResult A finished match: its totals and winners. */

/** @typedef {{seat: number | null, text: string, seq?: number, phrase?: string}} ChatLine a quick phrase: ``phrase``, its code (``seat`` null: a watcher's) */

/**
 * The frames the server sends (docs/protocol.md, "Server frames").
 * @typedef {{t: "ack", id: string | null, seq: number, duplicate?: boolean}} AckFrame
 * @typedef {{t: "error", id: string | null, code: string, message: string, rule?: string | null,
 *   field?: string | null, seq?: undefined}} ErrorFrame
 * @typedef {{t: "snapshot", seq: number, you: number | null, table: Table, view: View | null,
 *   match: MatchResult | null, rounds: number[][], chat: ChatLine[], stand_in?: number[]}} SnapshotFrame
 * @typedef {{t: "welcome", seq: number, you: number | null, from: number}} WelcomeFrame
 * @typedef {{t: "round", seq: number, view: View, clock?: WireClock | null, fair?: FairInfo | null}} RoundFrame
 * @typedef {{t: "move", seq: number, seat: number, move: Move, view: Partial<View>,
 *   clock?: WireClock | null, timeout?: boolean, table?: Table | null, match?: MatchResult | null,
 *   fair?: FairProof | null}} MoveFrame
 * @typedef {{t: "presence", connected: (boolean | null)[], seq?: undefined}} PresenceFrame
 * @typedef {{t: "chat", seq: number, seat: number | null, text: string, phrase?: string, hidden?: boolean}} ChatFrame
 * @typedef {{t: "hidden", seq: number, line: number}} HiddenFrame
 * @typedef {{t: "created" | "sat" | "stood" | "kicked" | "bot" | "settings" | "started" | "rematch" | "away"
 *   | "back" | "resumed" | "ready" | "closed" | "muted", seq: number, table: Table, seat?: number | null, name?: string | null,
 *   level?: string | null, why?: string | null, on?: boolean}} TableFrame
 * @typedef {{t: "hint", id: string, at: number, move: Move, seq?: undefined}} HintFrame
 * @typedef {{t: "contributed", seq: number, seat: number, value: string, table: Table}} ContributedFrame
 * @typedef {AckFrame | ErrorFrame | SnapshotFrame | WelcomeFrame | RoundFrame | MoveFrame | PresenceFrame
 *   | ChatFrame | HiddenFrame | TableFrame | HintFrame | ContributedFrame} Frame
 */

/**
 * What the page itself does to its state: the socket opened or closed, watching or not, a move sent, a
 * tile of the hand chosen (and one of its places), the summary dismissed or folded, a match's record read.
 * @typedef {{t: "opened"} | {t: "lost"} | {t: "watch", watching: boolean} | {t: "moved"}
 *   | {t: "choose", tile: Tile, moves: Move[], current: number | null} | {t: "hover", index: number | null}
 *   | {t: "cancel"} | {t: "dismiss"} | {t: "fold"}
 *   | {t: "record", record: {rounds: {end?: unknown, penalties?: number[], scores?: number[]}[]}, match: number}
 *   | {t: "contribute", deal: string, value: string} | {t: "checked", deal: string, result: FairResult}} Action
 */

/**
 * The running totals after each ended round of match number `match` (a round this page never saw is
 * missing); `complete` once they come from the match's record.
 * @typedef {{match: number | null, rows: (number[] | null | undefined)[], complete: boolean}} ScoreRows
 */

/**
 * The page's state (state.js): everything the table page knows and shows, changed only by `reduce`.
 * @typedef {object} State
 * @property {"connecting" | "open" | "closed"} link the socket
 * @property {number | null} seq the last event (or acknowledged command) seen: sent back on reconnecting
 * @property {number | null} you your seat, or null while watching
 * @property {boolean} watching a visitor chose to watch (no "take a seat" buttons)
 * @property {Table | null} table the table summary
 * @property {View | null} view your view of the current round, whole (move frames applied)
 * @property {MatchResult | null} match the result, once the match is over
 * @property {(boolean | null)[] | null} connected per seat: connected, gone, or a bot's (presence)
 * @property {ChatLine[]} chat the last CHAT_LENGTH messages
 * @property {Feed} feed what the page learnt of the round's moves beyond the history
 * @property {ScoreRows} scores the scoreboard's rows
 * @property {{view: View, match: MatchResult | null} | null} summary the ended round shown, with the
 *   match's result when it ended the match
 * @property {boolean} folded the summary is folded away (the board shown instead)
 * @property {Clock | null} clock the seat on the turn timer, and its time
 * @property {Pause | null} between the pause before the next deal
 * @property {number | null} turnSeq the seq of the frame that began the turn shown (a round, a move)
 * @property {{tile: Tile, seq: number} | null} fresh the tile the last frame laid, to animate once
 * @property {Choice | null} choice the tile of your hand whose places are shown, and the place marked
 * @property {number | null} movedAt the seq a move was sent at (not sent twice from one state)
 * @property {Problem | null} problem the last refusal, a new object for each
 * @property {{seat: number, seq: number} | null} notice the last move the server made for a seat out of time
 * @property {{at: number, move: Move} | null} hint the hard bot's choice for your turn, asked for at `at`
 *   (gone once the table moves on)
 * @property {Fairness} fair fair deals: the commitment shown, what this page gave and saw, the checks made
 */

/**
 * The page's fair deals (docs/fairness.md): the commitment of the round being played (shown in the status
 * bar), the deal ("match:round") a contribution was sent to last, what the page gave and saw per deal (kept
 * for the tab's life), and the result of each deal checked.
 * @typedef {{playing: FairInfo | null, sent: string | null, seen: FairSeen,
 *   results: {[deal: string]: FairResult}}} Fairness
 */

/**
 * Per deal ("match:round"): the contribution this page gave, the commitment it showed before the deal, the
 * hand it was dealt, the code of a refused contribution (its deal came first), and the contributions the
 * table listed last before the deal (by seat).
 * @typedef {{given: {[deal: string]: string}, shown: {[deal: string]: string}, hands: {[deal: string]: Tile[]},
 *   late: {[deal: string]: string}, pooled: {[deal: string]: (string | null)[]}}} FairSeen
 */

/** @typedef {{verdict: string, text: string}} FairResult A deal checked: "fair", "not fair", "no proof" or "". */

/**
 * @typedef {{round: string | null, timeouts: number[], standIn: number[], scored: {[index: string]: number}}} Feed
 * The history indices of this round's moves made for a seat out of time, and the points each play scored.
 */

/** @typedef {{seat: number, limit: number, left: number, at: number}} Clock `left` seconds at `at` (ms). */
/** @typedef {{left: number, at: number}} Pause `left` seconds before the next deal at `at` (ms). */
/** @typedef {{tile: Tile, moves: Move[], current: number | null}} Choice */
/** @typedef {{code: string, message: string, rule: string | null, field: string | null}} Problem */

/**
 * A tile on the board (board.js): where it lies, which way its line runs (`heading`, degrees), the numbers
 * at its near and far ends, the slots taken on it, and the dashed link of a tile that jumped out.
 * @typedef {{tile: Tile, on?: Tile | null, train?: Train, x: number, y: number, heading: number, double: boolean, root?: boolean,
 *   near: number, far: number, children: number, used: Set<number>, link?: number[] | null, turns?: number}} Spot
 */
/** @typedef {{x: number, y: number, angle: number, hl: number, hw: number}} Rect A tile's rectangle. */
/** @typedef {[number, number, number]} Slot Where a tile laid on another starts: x, y and heading. */
/**
 * A free place found for a tile: its cost, rectangle and heading, the slot it takes, the spiral's turns.
 * @typedef {{score: number, rect: Rect, heading: number, index: number, turns: number, link: number[] | null}} Place
 */

/**
 * What the table page has done already (table.js), as opposed to what it shows: the start sent, the sound
 * of your turn played, the seq a pass is scheduled at, the match whose record was asked for, the history's
 * length to put the focus back after, the fresh tile animated, the board's shape and round, the timers, and
 * whether this page has held a seat.
 * @typedef {{started: boolean, myTurn: boolean, autoPass: number | null, recordAsked: number | null,
 *   warned: number | null, refocus: number | null, fresh: State["fresh"], portrait: boolean | null,
 *   round: string | null, problemTimer: number, noticeTimer: number,
 *   hintAsked: number | null, saidAt: number | null, fitRound: string, boardCut: number, seated: boolean}} Done
 */
