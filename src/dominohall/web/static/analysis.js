// The analysis of a seat's moves in a finished round, asked of the server (`GET /api/tables/<id>/analysis`:
// 200 with the decisions, 202 while it is being computed, 503 when its queue is full, 409 for a round not
// finished) and shown on the replay: ?! an inaccuracy, ? a mistake, ?? a blunder, next to the move in the
// move list and on the slider, and the better move under the board when the one played lost points.
import { format, lang, make, plural, words } from "./i18n.js";

export const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** A verdict's mark: its symbol shown, its word said (a screen reader often skips "?" and "!"). */
const markWords = (verdict) => [make("span", SYMBOLS[verdict], { "aria-hidden": "true" }), make("span", " " + words["verdict_" + verdict], { class: "visually-hidden" })];
const POLL_MS = 2000;
const POLL_LIMIT_MS = 60_000;
const MARK_WIDTH = 2.5; // percent of the slider a mark takes
const points = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** A move as the record writes it, in words: "9-3 on 9-9", "lead 6-6", "draw", "pass". */
export function moveWords(move) {
  if (!move) return "";
  if ("play" in move) return move.on ? format(words.move_play, { tile: move.play, on: move.on }) : format(words.move_lead, { tile: move.play });
  return "draw" in move ? words.move_draw : words.move_pass;
}

export class Analysis {
  /** ``source``: the table and match; ``hooks.changed()`` redraws the page, ``hooks.names()`` the seats' names. */
  constructor(source, hooks) {
    this.source = source;
    this.hooks = hooks;
    this.found = new Map(); // "round:seat" -> the analysis
    this.asking = new Set(); // "round:seat" being computed
    this.round = 0;
    this.messages = new Map(); // round -> what its last analysis said (each round shows its own)
  }

  /** The buttons "Analyse <seat>", one per seat, for the round shown; the analyses this tab asked for before
   * (in another language, say) are asked again: the server kept them, so they come at once. */
  offer(box) {
    this.box = box;
    box.closest("section").hidden = false;
    box.replaceChildren(...this.hooks.names().map((name, seat) => {
      const button = make("button", format(words.analyse, { name }), { type: "button", class: "quiet", "data-seat": seat, "aria-pressed": "false" });
      button.addEventListener("click", () => this.ask(this.round, seat));
      return button;
    }));
    for (const key of this.asked()) this.ask(...key.split(":").map(Number));
  }

  /** The "round:seat" analyses this tab has had of this match. */
  asked() {
    return JSON.parse(sessionStorage.getItem(this.keptAt()) || "[]");
  }

  keptAt() {
    return `dh_analysed:${this.source.table}:${this.source.match}`;
  }

  /** Ask for the analysis of ``seat`` in round ``round`` (0-based), waiting while the server computes it. */
  async ask(round, seat) {
    const key = `${round}:${seat}`;
    if (this.found.has(key) || this.asking.has(key)) return;
    const name = this.hooks.names()[seat];
    this.asking.add(key);
    const say = (text) => this.say(text, round);
    say(format(words.analysing, { name }));
    const { table, match } = this.source;
    const url = `/api/tables/${table}/analysis?match=${match}&round=${round + 1}&seat=${seat}`;
    const started = Date.now();
    try {
      for (;;) {
        const answer = await fetch(url);
        if (answer.status === 200) {
          const found = await answer.json();
          this.found.set(key, found);
          sessionStorage.setItem(this.keptAt(), JSON.stringify([...new Set([...this.asked(), key])]));
          const marked = found.decisions.filter((decision) => decision.verdict).length;
          say(`${name}: ${plural("marked", marked)}`);
          break;
        }
        if (answer.status === 503) { say(words.analysis_busy); break; }
        if (answer.status !== 202) { say(words.analysis_failed); break; }
        if (Date.now() - started > POLL_LIMIT_MS) { say(words.analysis_slow); break; }
        await new Promise((resolve) => { setTimeout(resolve, POLL_MS); });
      }
    } catch {
      say(words.analysis_failed);
    } finally {
      this.asking.delete(key);
      this.hooks.changed();
    }
  }

  /** What the analysis of round ``round`` says (shown while that round is). */
  say(text, round) {
    this.messages.set(round, text);
    this.hooks.changed();
  }

  /** The decisions known for round ``round``, by the index of their move in the round. */
  decisions(round) {
    const found = new Map();
    for (const [key, value] of this.found) {
      if (Number(key.split(":")[0]) !== round) continue;
      for (const decision of value.decisions || []) found.set(decision.move, decision);
    }
    return found;
  }

  /** Mark the round shown: the move list, the slider, the better move for the move just made. */
  render({ round, move, moves, better, marks, status, list }) {
    this.round = round;
    const decisions = this.decisions(round);
    for (const button of this.box?.querySelectorAll("button") || []) {
      const key = `${round}:${button.dataset.seat}`;
      button.setAttribute("aria-pressed", String(this.found.has(key)));
      button.setAttribute("aria-disabled", String(this.asking.has(key))); // not disabled: the focus stays on it
    }
    status.textContent = this.messages.get(round) ?? "";
    [...list.children].forEach((item, index) => {
      const decision = decisions.get(index);
      const mark = item.querySelector(".mark");
      const verdict = decision?.verdict || "";
      mark.replaceChildren(...(verdict ? markWords(verdict) : []));
      mark.className = `mark ${verdict}`.trim();
      mark.title = verdict ? words[`verdict_${verdict}`] : "";
      item.dataset.verdict = verdict;
    });
    const ends = [-Infinity, -Infinity]; // where the last mark of each row ends, in percent of the slider
    marks.replaceChildren(...[...decisions.values()].filter((decision) => decision.verdict).sort((a, b) => a.move - b.move).map((decision) => {
      const left = moves.length ? ((decision.move + 1) / moves.length) * 100 : 0;
      const row = ends[0] < left - MARK_WIDTH ? 0 : ends[1] < left - MARK_WIDTH ? 1 : 0; // two marks close together: one lower
      ends[row] = left;
      const mark = make("span", SYMBOLS[decision.verdict], { class: `mark ${decision.verdict}`, title: words[`verdict_${decision.verdict}`], "data-move": decision.move + 1 });
      mark.style.left = `${left}%`;
      mark.style.top = `${row * 0.85}rem`;
      return mark;
    }));
    marks.closest(".viewer")?.classList.toggle("analysed", marks.children.length > 0);
    const made = decisions.get(move - 1);
    // the better move, when the one made lost more than sampling noise explains (docs/bots.md: twice the error)
    const lost = made && made.loss > 2 * (made.error ?? 0) && made.loss > 0 && moveWords(made.best) !== moveWords(made.played);
    better.hidden = !lost;
    if (lost) {
      const verdict = made.verdict ? `${SYMBOLS[made.verdict]} ${words["verdict_" + made.verdict]}. ` : "";
      better.textContent = verdict + format(words.best_was, { move: moveWords(made.best), loss: points.format(made.loss) });
    }
  }
}
