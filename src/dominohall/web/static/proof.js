// Fair deals (docs/fairness.md): the seat's contribution to each deal, the commitment during a round, and
// per deal ("match:round") what this page gave and saw, kept for the tab's life.
import { format, make, words } from "./i18n.js";

export class Proofs {
  constructor(tableId) {
    Object.assign(this, { tableId, key: `dh_fair_${tableId}`, results: {} });
    try { this.seen = JSON.parse(sessionStorage.getItem(this.key)); } catch {}
    this.seen ||= { given: {}, shown: {}, hands: {}, late: {} };
  }

  /** Learn from a frame, contribute when due, show the commitment. */
  take(frame, table, you, send, node) {
    const fair = table?.fair;
    const deal = fair && `${fair.match}:${fair.round}`;
    if (frame.t === "round") this.playing = frame.fair;
    else if (frame.t === "snapshot" || frame.table) this.playing = fair?.dealt && fair;
    if (frame.fair && frame.t === "round" && you !== null) this.seen.hands[`${frame.fair.match}:${frame.fair.round}`] = frame.view.hand;
    if (fair && !fair.dealt) this.seen.shown[deal] = fair.commitment;
    if (fair && !fair.dealt && table.seats[you]?.free === false && !fair.contributions[you] && this.sent !== deal) {
      const value = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => (b + 256).toString(16).slice(1)).join("");
      this.sent = deal;
      this.seen.given[deal] = value;
      send({ t: "contribute", id: `fair-${deal}-${Date.now()}`, value });
    }
    try { sessionStorage.setItem(this.key, JSON.stringify(this.seen)); } catch {}
    node.hidden = !(this.playing && table?.phase === "playing");
    node.title = this.playing?.commitment ?? "";
    node.textContent = format(words.fair_sealed, { hash: node.title.slice(0, 8) });
  }

  /** True for a refused contribution of this page (its deal came first): noted, not shown. */
  refused(frame) {
    const ours = String(frame.id).startsWith("fair-");
    if (ours) this.seen.late[frame.id.split("-")[1]] = frame.code;
    return ours;
  }

  /** The summary's row: Check this deal (proof-check.js shows the result). */
  checkRow(match, round, ctx) {
    const row = make("div", null, { class: "fair-check" });
    row.appendChild(make("button", words.fair_check, { type: "button", id: "fair-check", class: "quiet" })).onclick = async () => (this.checker ??= await import("./proof-check.js")).check(this, match, round, ctx);
    this.checker?.show(row, this.results[`${match}:${round}`]);
    return row;
  }
}
