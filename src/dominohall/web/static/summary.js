// The end of a round and of a match: every hand with its points, the scoreboard of every round, the chart
// of the running totals, the winners (or the draw), and the buttons to go on or play again.
import { scoreChart } from "./chart.js";
import { format, make, plural, words } from "./i18n.js";
import { oneSide } from "./feed.js";
import { penalties } from "./rules.js";
import { nextDealText } from "./timing.js";
import { pointsOf } from "./state.js";

/** A cell of ``row``: a data cell, or a header (``tag`` "th"). @param {"td" | "th"} [tag] */
function cell(row, text, tag = "td") {
  row.appendChild(make(tag, text, tag === "th" && row.parentElement?.tagName === "THEAD" ? { scope: "col" } : {}));
}

/** The scoreboard: a row per round and the totals, and the chart beside it. */
export function scoreboard(names, scores) {
  const box = make("div", null, { class: "scoreboard" });
  const wrap = make("div", null, { class: "scroll" });
  const grid = make("table", null, { class: "rounds" });
  grid.appendChild(make("caption", words.by_round));
  const head = grid.createTHead().insertRow();
  cell(head, words.round, "th");
  for (const name of names) { // "Ann (medium bot)": on a phone only "Ann" shows, the rest is read out
    const [, who, kind] = /^(.+?) (\(.+\))$/.exec(name) ?? [null, name, null];
    const th = head.appendChild(make("th", who, { scope: "col", title: name }));
    if (kind) th.append(" ", make("span", kind, { class: "who-kind" }));
  }
  const body = grid.createTBody();
  for (let index = 0; index < scores.rows.length; index++) { // a round this page never saw shows "…"
    const row = body.insertRow();
    row.appendChild(make("th", String(index + 1), { scope: "row" }));
    const points = pointsOf(scores.rows, index);
    names.forEach((_, i) => cell(row, points ? String(points[i]) : "…"));
  }
  const last = scores.rows.at(-1);
  const foot = grid.createTFoot().insertRow();
  foot.appendChild(make("th", words.total, { scope: "row" }));
  names.forEach((_, i) => cell(foot, last ? String(last[i]) : "0"));
  wrap.appendChild(grid);
  const chart = make("div", null, { class: "chart-box" });
  let svg = scoreChart(names, scores.rows, scores.rows.length);
  chart.append(svg, make("p", words.chart_note, { class: "chart-note" }));
  new ResizeObserver(([seen]) => { // drawn again at the width it is shown at, whenever that changes
    const width = Math.round(seen.contentRect.width);
    if (!width || width === Number(svg.dataset.width)) return;
    const again = scoreChart(names, scores.rows, scores.rows.length, width);
    svg.replaceWith(again);
    svg = again;
  }).observe(chart);
  box.append(wrap, chart);
  return box;
}

/** Who won, in words: one winner, a shared win, a team (its seats all of one of ``sides``, the table's), or a
 * draw among everyone. @param {number[]} sides */
export function winnersLine(match, seatNames, sides) {
  const winners = match.winners || [];
  const names = winners.map((seat) => seatNames[seat]);
  if (winners.length === seatNames.length && seatNames.length > 1) return words.drawn_match;
  if (winners.length > 1 && oneSide(sides, winners)) return format(words.winners_team, { names: names.join(" & ") });
  if (winners.length > 1) return format(words.shared_win, { names: names.join(", ") });
  return format(words.winners, { names: names.join(", ") });
}

/** How a round ended, in words: who went out (laid their last tile), or a blocked round. */
export function endedLine(view, seatNames) {
  if (view.end === "blocked") return words.ended_blocked;
  const hands = view.final_hands || [];
  let out = hands.findIndex((tiles) => tiles.length === 0);
  if (out < 0) out = view.history?.at(-1)?.seat ?? -1;
  return out >= 0 ? format(words.ended_domino, { name: seatNames[out] }) : "";
}

/** The words of a standard hand's award, by its mode; a mode not listed is refused by name. */
const AWARDS = { draw: "award_pips", block: "award_pips", allfives: "award_five", bergen: "award_bergen" };

/** Why a standard hand scored what it did at its end (docs/rules-standard.md), as the server tells it: who won
 * it (the view's ``winner``, a side, or null when nobody did: the fewest pips level), the pips left per side
 * (``pips``) and what winning earned: the side's score of the hand less the points its plays scored (each history
 * entry's ``points``). ``table`` has the options and the ``sides`` (a seat's side per seat).
 * @param {{options: {[name: string]: any}, sides: number[]}} table @param {string[]} sideNames */
export function awardLine(view, table, sideNames) {
  const { pips, winner } = view;
  if (!pips || !view.end) return "";
  const { options, sides } = table;
  const key = AWARDS[options.mode];
  if (!key) throw new Error(`no standard game ${JSON.stringify(options.mode)} here: the games are ${Object.keys(AWARDS).join(", ")}`);
  if (winner === null || winner === undefined) return format(words.award_level, { num: Math.min(...pips) }); // the level count shown
  const said = view.end === "blocked" ? `${format(words.award_fewest, { name: sideNames[winner], num: pips[winner] })} ` : "";
  const others = pips.reduce((sum, count, side) => (side === winner ? sum : sum + count), 0);
  const inPlay = (view.history || []).reduce((sum, entry) => (sides[entry.seat] === winner ? sum + (entry.points ?? 0) : sum), 0);
  const award = (view.scores?.[winner] ?? 0) - inPlay;
  return said + format(words[key], { points: plural("points_total", award), num: others });
}

/** The table of every hand at the round's end: its tiles, and per seat the points and the running total. */
function handsTable(summary, ctx) {
  const { table, game, seatNames } = ctx;
  const { view, match } = summary;
  const grid = make("table", null, { class: "hands" });
  const chicken = penalties(game); // penalties per seat
  const perSeat = table.sides.every((side, seat) => side === seat); // else a team's points, in the scoreboard
  const head = grid.createTHead().insertRow();
  for (const text of [words.player, words.tiles_left, ...(perSeat ? [chicken ? words.points : words.points_hand, words.total] : [])]) {
    cell(head, text, "th");
  }
  const points = view.penalties ?? view.scores; // the server's: a seat's penalty, or its side's points of the hand
  const body = grid.createTBody();
  (view.final_hands || []).forEach((tiles, seat) => {
    const row = body.insertRow();
    row.appendChild(make("th", seatNames[seat], { scope: "row" }));
    const left = row.appendChild(make("td", tiles.length ? null : "—", { class: "left" }));
    for (const tile of tiles) left.append(make("span", tile, { class: "tile-name" }), " "); // never split at its dash
    if (!perSeat) return;
    cell(row, points ? String(points[seat]) : "…"); // a view from before the server told them
    cell(row, String((match?.totals ?? view.totals)?.[seat] ?? ""));
  });
  const wrap = make("div", null, { class: "scroll" });
  wrap.appendChild(grid);
  return wrap;
}

/** Between rounds: Continue (or "waiting for the others" once pressed), who is ready, and the countdown. */
function betweenRow(ctx) {
  const { table, you, between, seatNames } = ctx;
  const row = make("div", null, { class: "summary-actions" });
  const ready = table.between?.ready ?? [];
  const seated = you !== null && !table.seats[you]?.free;
  if (seated && ready.includes(you)) {
    row.appendChild(make("button", words.waiting_others, { type: "button", id: "continue", disabled: "" }));
  } else if (seated || !table.between) {
    row.appendChild(button(words.continue, "continue", ctx.onContinue));
  }
  if (ready.length) row.appendChild(make("span", format(words.ready_names, { names: ready.map((seat) => seatNames[seat]).join(", ") }), { class: "ready" }));
  if (typeof between === "number") row.appendChild(make("span", nextDealText(between), { class: "next-deal", "data-between": "" }));
  return row;
}

/** A link downloading a match's record (``link``: its address, file name and words), or nothing. */
function recordLink(link) {
  return link ? make("a", link.label, { href: link.href, download: link.file, class: "record-link" }) : null;
}

/**
 * Fill ``box`` with the summary of an ended round (``summary.view``), and of the match when it is over
 * (``summary.match``): ``ctx`` has the table, the seats' and sides' names, the scores, the countdown to the
 * next deal, the record's link, whether the summary is folded (the board shown instead), and the handlers.
 */
export function renderSummary(box, summary, ctx) {
  const { seatNames, sideNames, scores, you } = ctx;
  const { view, match } = summary;
  const head = make("div", null, { class: "summary-head" });
  const title = make("h2", match ? words.over : format(words.round_n_over, { num: view.round_index + 1 }), { id: "summary-title" });
  const fold = make("button", ctx.folded ? words.unfold : words.fold, { type: "button", id: "fold", class: "quiet", "aria-expanded": String(!ctx.folded), "aria-controls": "summary-body" });
  fold.addEventListener("click", ctx.onFold);
  head.append(title, fold);
  const award = penalties(ctx.game) ? "" : awardLine(view, ctx.table, sideNames);
  const ended = make("p", [endedLine(view, seatNames), award].filter(Boolean).join(" "), { class: "ended" });
  const body = make("div", null, { id: "summary-body", class: "summary-body" });
  body.hidden = Boolean(ctx.folded);
  body.appendChild(handsTable(summary, ctx));
  if (scores.rows.length) body.appendChild(scoreboard(sideNames, scores));
  box.classList.toggle("folded", Boolean(ctx.folded));
  const focused = box.contains(document.activeElement) ? document.activeElement?.id : ""; // kept across redraws
  box.replaceChildren(head, ended);
  if (match) box.appendChild(make("p", winnersLine(match, seatNames, ctx.table.sides), { class: "winners" }));
  const told = (view.history || []).some((entry) => entry.points !== undefined); // All Fives, Bergen: plays score
  if (match && ctx.table.options.target === null && told) box.appendChild(make("p", words.one_hand_decides, { class: "ended" })); // points on the board, yet not what won
  const row = match ? make("div", null, { class: "summary-actions" }) : betweenRow(ctx);
  if (match && you !== null) row.appendChild(button(words.rematch, "rematch", ctx.onRematch));
  const coach = ctx.coach && make("a", words.coach, { href: ctx.coach, class: "coach-link" });
  for (const link of [recordLink(ctx.record), coach]) if (link) row.appendChild(link);
  box.appendChild(row);
  if (ctx.fair) box.appendChild(ctx.fair);
  box.appendChild(body);
  if (focused) box.querySelector(`#${focused}`)?.focus({ preventScroll: true });
}

function button(text, id, handler) {
  const node = make("button", text, { type: "button", id });
  node.addEventListener("click", handler);
  return node;
}
