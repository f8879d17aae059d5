// A table's life around the game: what the waiting room says next, the note while a bot plays your seat, and
// the records the table can give for download.
import { format, make, plural, words } from "./i18n.js";

/** The waiting room says what happens next: the free seats, who starts, and the host's Start at the top; a
 * visitor ``invited`` to sit (table.js) is asked to take a free seat. */
export function renderNext($, table, you, invited = false) {
  const waiting = table.phase === "waiting";
  const host = you !== null && you === table.host_seat;
  const free = table.seats.filter((seat) => seat.free).length;
  $("next").hidden = !waiting;
  $("start").hidden = !(waiting && host && free === 0);
  $("fill").hidden = !(waiting && host && free > 0);
  if (!waiting) return;
  const said = [free ? plural("seats_free", free) : host ? words.host_start : words.all_seated];
  if (host && free) said.push(words.host_fill);
  else if (!host) said.push(invited ? words.sit_invite : table.host_seat === null ? words.no_host : words.wait_host);
  $("next-text").textContent = said.join(" ");
}

/** While a bot plays your seat: why, and the button that takes it back. */
export function renderAway($, seat, away) {
  $("away").hidden = !away;
  if (away) $("away-text").textContent = { left: words.you_left, bot: words.bot_by_host }[seat.why] || words.bot_for_you;
}

/** The records a table can give: each finished match, and the running one once ``ended`` rounds have ended. */
export function records(tableId, table, ended) {
  const found = [];
  const finished = table.phase === "over" ? table.matches : table.matches - 1;
  const href = (match) => `/api/tables/${tableId}/record?match=${match}`;
  for (let match = 1; match <= finished; match++) {
    found.push({ match, href: href(match), replay: `/r/${tableId}/${match}`, file: `dominohall-${tableId}-match-${match}.json`,
      label: format(words.record_match, { num: match }), download: words.record_download });
  }
  if (table.phase === "playing" && ended > 0) {
    const match = table.matches;
    found.push({ match, href: href(match), replay: `/r/${tableId}/${match}`, file: `dominohall-${tableId}-match-${match}-round-${ended}.json`,
      label: format(words.record_so_far, { num: match }), download: words.record_download_so_far });
  }
  return found;
}

/** The Records menu: hidden without records, left as it is (an open menu stays open) when unchanged. */
export function renderRecords($, found) {
  $("records").hidden = found.length === 0;
  const shown = [...$("record-links").querySelectorAll("a")].map((link) => link.getAttribute("download")).join();
  if (shown === found.map((record) => record.file).join()) return;
  $("record-links").replaceChildren(...found.map((record) => {
    const item = make("li");
    item.appendChild(make("a", record.label, { href: record.href, download: record.file }));
    item.append(" · ", make("a", words.record_replay, { href: record.replay, class: "replay-link" }));
    return item;
  }));
}
