// "Check this deal" (docs/fairness.md), loaded when pressed: the match's record fetched, the round's deal
// recomputed with fair.js (Web Crypto) and compared with the record and with what this page saw.
import { checkRound, checkSeen } from "./fair.js";
import { format, make, words } from "./i18n.js";

/** Under the button: the result of the check (once made) and the link to how fair deals work. */
export function show(row, result) {
  if (!result) return;
  row.append(" ", make("a", words.fair_how, { href: "/fairness", target: "_blank" }));
  row.append(make("p", result.text, { id: "fair-result", role: "status", "data-verdict": result.verdict }));
}

/** Check the deal ``ctx.deal`` ("match:round") of table ``ctx.tableId`` against its record and against what
 * this page saw of it (``ctx.seen``, state.js); each step's result goes to ``checked``. */
export async function check(ctx, checked) {
  const { deal, seen: { shown, given, hands, late, pooled } } = ctx;
  const [match, round] = deal.split(":").map(Number);
  checked({ verdict: "", text: words.fair_checking });
  try {
    const answer = await fetch(`/api/tables/${ctx.tableId}/record?match=${match}`);
    if (!answer.ok) throw new Error(`the record answered ${answer.status}`);
    const record = await answer.json();
    if (!record.rounds?.[round - 1]) throw new Error("the record does not have this round yet");
    const result = await checkRound(record, round - 1);
    const proof = record.rounds[round - 1].fair;
    const seen = { commitment: shown[deal] ?? null, contribution: late[deal] ? null : (given[deal] ?? null), seat: ctx.you, hand: hands[deal] ?? null, pooled: pooled[deal] ?? null };
    const problems = [...result.problems, ...(proof && result.deal ? checkSeen(proof, seen, result.deal) : [])];
    if (proof && (proof.table !== ctx.tableId || proof.match !== match)) problems.push({ kind: "table" });
    if (!proof && shown[deal]) problems.push({ kind: "withheld" }); // committed to before this page's eyes, then no proof
    const verdict = result.verdict === "no proof" && !problems.length ? "no proof" : problems.length ? "not fair" : "fair";
    const contributed = (proof?.contributions ?? []).flatMap((contribution, seat) => (contribution ? [seat] : [])); // whose pages
    const yours = ctx.you === null ? null : (proof?.contributions?.[ctx.you] ?? null);
    const foreign = yours !== null && yours !== given[deal]; // in your seat's place, a value this page never gave
    const notes = { seen, given: contributed, late: late[deal] === "no-deal-waiting", foreign };
    checked({ verdict, text: resultText(verdict, problems, notes, ctx.seatNames) });
  } catch (error) {
    console.info("the deal could not be checked", error);
    checked({ verdict: "", text: words.fair_failed });
  }
}

/** A check's result in the page's words: how much it proves depends on what this page saw before the deal
 * (its commitment, its own contribution) and on whether anyone's page gave one (docs/fairness.md). */
export function resultText(verdict, problems, { seen, given, late, foreign }, seatNames) {
  if (verdict === "no proof") return words.fair_none;
  if (verdict === "fair") {
    const names = given.map((seat) => seatNames[seat] ?? `#${seat + 1}`).join(", ");
    const parts = [words.fair_ok, given.length ? format(words.fair_given, { names }) : words.fair_given_none];
    if (seen.commitment) parts.push(words.fair_seen);
    if (seen.contribution && !foreign) parts.push(words.fair_mine);
    if (foreign) parts.push(words.fair_foreign);
    if (late) parts.push(words.fair_late);
    if (!seen.commitment && !seen.contribution) parts.push(words.fair_unseen);
    return parts.join(" ");
  }
  const said = problems.map((problem) => format(words[`fair_problem_${problem.kind}`] ?? words.fair_problem_proof, { name: seatNames[problem.seat] ?? "" }));
  return `${words.fair_bad} ${said.join("; ")}.`;
}
