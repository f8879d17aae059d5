// The scoreboard's rows (the running totals of the match, round by round) kept in the browser's storage, so
// that a reload keeps them; the scoreboard itself is drawn by summary.js.
import { scoresOfTotals } from "./state.js";

/**
 * The running totals of the table's current match, round by round, as this page has seen them (the
 * state's ``scores``, state.js), kept in the browser's storage so a reload keeps them.
 */
export class Scores {
  constructor(tableId) {
    this.key = `dh_scores_${tableId}`;
    this.match = null;
    this.rows = [];
    this.complete = false;
    try {
      Object.assign(this, JSON.parse(localStorage.getItem(this.key) ?? "null") || {});
    } catch {
      this.rows = [];
    }
  }

  /** The rows as the state holds them. */
  value() {
    return { match: this.match, rows: this.rows, complete: this.complete };
  }

  /** Keep ``scores`` (the state's rows) in the browser's storage. */
  keep(scores) {
    Object.assign(this, scores);
    try {
      localStorage.setItem(this.key, JSON.stringify(scores));
    } catch {
      // private windows may refuse storage: the scores then live as long as the page
    }
  }

  /** The running totals after each ended round, as a snapshot gives them (match number ``match``). */
  fromTotals(rows, match) {
    this.keep(scoresOfTotals(rows, match));
  }
}
