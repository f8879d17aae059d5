// The table page's side of fair deals (docs/fairness.md): the seat's contribution to each deal, the commitment
// shown while a round is played, and "Check this deal" once it is over (fair.js, in this browser).
import { checkRound, checkSeen, newContribution } from "./fair.js";
import { format, make, words } from "./i18n.js";

const SHORT = 8; // the hex digits of the commitment shown in the status bar (the whole one in its tooltip)

/** What this page gave and saw per deal ("match:round"), kept for the tab's life so a reload can still check. */
export class Proofs {
  constructor(tableId) {
    this.tableId = tableId;
    this.key = `dh_fair_${tableId}`;
    this.seen = { given: {}, shown: {}, hands: {} };
    this.sent = null;
    this.playing = null;
    this.results = {};
    try {
      Object.assign(this.seen, JSON.parse(sessionStorage.getItem(this.key)) || {});
    } catch {
      // storage refused: what this page saw lives as long as the page
    }
  }

  save() {
    try {
      sessionStorage.setItem(this.key, JSON.stringify(this.seen));
    } catch {
      // as above
    }
  }

  /**
   * The ``contribute`` message to send now, or null: when the table takes contributions for its next deal,
   * this page holds a seat that has given none, and has not sent one for that deal already.
   */
  contribution(table, you) {
    const fair = table?.fair;
    if (!fair || fair.dealt || you === null || !table.seats[you] || table.seats[you].free) return null;
    const deal = `${fair.match}:${fair.round}`;
    if (fair.contributions[you] || this.sent === deal) return null;
    const value = newContribution();
    this.sent = deal;
    this.seen.given[deal] = value;
    this.save();
    return { t: "contribute", id: `fair-${deal}-${Date.now().toString(36)}`, value };
  }

  /**
   * True for a refusal of this page's contribution (the deal came first, or the seat gave one already): it is
   * not the person's problem to show, but the deal it was for is noted as one this page did not contribute to.
   */
  refused(frame) {
    const id = typeof frame.id === "string" ? frame.id : "";
    if (!id.startsWith("fair-")) return false;
    const deal = id.split("-")[1];
    if (frame.code !== "already-contributed") {
      delete this.seen.given[deal];
      this.seen.late = { ...this.seen.late, [deal]: true };
      this.save();
    }
    return true;
  }

  /** Learn from a frame: the commitment shown before a deal, this page's own hand as it was dealt, and the
   * commitment of the round being played (a round frame brings it; the move ending the round reveals it). */
  note(frame, table, you) {
    const fair = table?.fair;
    if (frame.t === "round") this.playing = frame.fair ?? null;
    else if (frame.t === "snapshot" || (frame.t === "move" && frame.table)) this.playing = fair?.dealt ? fair : null;
    let changed = false;
    if (fair && !fair.dealt && this.seen.shown[`${fair.match}:${fair.round}`] !== fair.commitment) {
      this.seen.shown[`${fair.match}:${fair.round}`] = fair.commitment;
      changed = true;
    }
    if (frame.t === "round" && frame.fair && you !== null && frame.view?.hand) {
      this.seen.hands[`${frame.fair.match}:${frame.fair.round}`] = frame.view.hand;
      changed = true;
    }
    if (changed) this.save();
  }

  /** The status bar's part: the short commitment of the round being played (its whole in the tooltip). */
  renderLine(node, table) {
    const fair = this.playing;
    const shown = Boolean(fair) && table?.phase === "playing";
    node.hidden = !shown;
    if (!shown) return;
    node.textContent = format(words.fair_sealed, { hash: fair.commitment.slice(0, SHORT) });
    node.title = `${words.fair_sealed_title} ${fair.commitment}`;
    node.dataset.commitment = fair.commitment;
  }

  /** The summary's row for round ``round`` of match ``match``: Check this deal, the result, how it works. */
  checkRow(match, round, ctx) {
    const deal = `${match}:${round}`;
    const row = make("div", null, { class: "fair-check" });
    const button = make("button", words.fair_check, { type: "button", id: "fair-check", class: "quiet" });
    const result = this.results[deal];
    if (result?.pending) button.setAttribute("disabled", "");
    button.addEventListener("click", () => this.check(match, round, ctx));
    const link = make("a", words.fair_how, { href: "/fairness", target: "_blank", rel: "noopener" });
    const said = make("p", result ? resultText(result, ctx.seatNames) : "", { id: "fair-result", role: "status" });
    if (result?.verdict) said.dataset.verdict = result.verdict;
    row.append(button, link, said);
    return row;
  }

  /** Fetch the match's record, recompute the round's deal from its proof, and compare with what this page saw. */
  async check(match, round, ctx) {
    const deal = `${match}:${round}`;
    this.results[deal] = { pending: true };
    ctx.changed();
    try {
      const answer = await fetch(`/api/tables/${this.tableId}/record?match=${match}`);
      if (!answer.ok) throw new Error(`the record answered ${answer.status}`);
      const record = await answer.json();
      if (!record.rounds?.[round - 1]) throw new Error("the record does not have this round yet");
      const checked = await checkRound(record, round - 1);
      const proof = record.rounds[round - 1].fair;
      const seen = { commitment: this.seen.shown[deal] ?? null, contribution: this.seen.given[deal] ?? null, seat: ctx.you, hand: this.seen.hands[deal] ?? null };
      const problems = [...checked.problems, ...(proof && checked.deal ? checkSeen(proof, seen, checked.deal) : [])];
      const verdict = checked.verdict === "no proof" ? "no proof" : problems.length ? "not fair" : "fair";
      const mine = Boolean(seen.contribution) && verdict === "fair";
      const late = Boolean(this.seen.late?.[deal]) && verdict === "fair";
      this.results[deal] = { verdict, problems, shown: Boolean(seen.commitment), mine, late, given: (proof?.contributions ?? []).filter(Boolean).length };
    } catch (error) {
      console.info("the deal could not be checked", error);
      this.results[deal] = { failed: true };
    }
    ctx.changed();
  }
}

/** A check's result in the page's words. */
function resultText(result, seatNames) {
  if (result.pending) return words.fair_checking;
  if (result.failed) return words.fair_failed;
  if (result.verdict === "no proof") return words.fair_none;
  if (result.verdict === "fair") {
    const parts = [words.fair_ok, format(words.fair_given, { num: result.given })];
    if (result.shown) parts.push(words.fair_seen);
    if (result.mine) parts.push(words.fair_mine);
    if (result.late) parts.push(words.fair_late);
    return parts.join(" ");
  }
  const problems = result.problems.map((problem) => {
    const text = words[`fair_problem_${problem.kind}`] ?? words.fair_problem_proof;
    return format(text, { name: seatNames[problem.seat] ?? "" });
  });
  return `${words.fair_bad} ${problems.join("; ")}.`;
}
