// Beside the board: the seats (with the host's controls) and the chat (the table's settings before the start:
// host-settings.js).
import { trainNotes } from "./feed.js";
import { format, make, plural, reactions, words } from "./i18n.js";
import { trainMarker } from "./ring.js";

const LEVELS = ["easy", "medium", "hard", "expert"];
const DEFAULT_BOT_NAME = /^(Easy|Medium|Hard) bot$/;

/** How a seat is called on the page: a person by name, a bot by name and level ("Clara (medium bot)"), or
 * by its level alone when it sits under a default name (a table made before bots had names). */
export function seatName(seat, index) {
  if (!seat || seat.free) return words.free;
  if (seat.bot && !seat.away) {
    if (!seat.name || DEFAULT_BOT_NAME.test(seat.name)) return words[`seat_${seat.bot}`] || seat.name;
    return format(words[`bot_${seat.bot}`] || "%(name)s", { name: seat.name });
  }
  return seat.name || `#${index + 1}`;
}

/** The notes after a seat's name: you, the host, a bot standing in, the tiles left. */
function notes(seat, index, { table, view, you }) {
  const found = [];
  if (index === you) found.push(words.you);
  if (index === table.host_seat) found.push(words.host);
  if (seat.away) found.push(words.away);
  if (seat.connected === false && !seat.bot) found.push(words.offline);
  if (view?.hand_sizes && table.phase !== "waiting") found.push(plural("tiles", view.hand_sizes[index]));
  found.push(...trainNotes(view, index).map((note) => note.text)); // Mexican Train: its mark, its double
  return found;
}

/** A level picker (set to ``current``, the bot the seat has, if any) and a button putting a bot of that level in ``index``. */
function botControl(index, label, ctx, current = null) {
  const box = make("span", null, { class: "host-control" });
  const level = make("select", null, { "aria-label": format(words.bot_level_for, { num: index + 1 }) });
  for (const name of LEVELS) level.appendChild(make("option", words[`seat_${name}`], { value: name }));
  level.value = current && LEVELS.includes(current) ? current : "medium"; // the seat's own bot, if it has one
  const put = make("button", label, { type: "button", class: "quiet", "data-action": "bot" });
  put.addEventListener("click", () => ctx.send({ t: "bot", seat: index, level: level.value }));
  box.append(level, put);
  return box;
}

/** The host's controls for seat ``index``: before the start a bot or a kick, during a match a bot. */
function hostControls(seat, index, ctx) {
  const { table } = ctx;
  const person = !seat.free && (!seat.bot || seat.away);
  if (table.phase === "waiting") {
    const box = make("span", null, { class: "host-controls" });
    box.appendChild(botControl(index, seat.bot && !person ? words.change_bot : words.put_bot, ctx, seat.bot));
    if (person || seat.bot) { // a person asked to leave, a bot's seat freed for someone else
      const kick = make("button", person ? words.kick : words.free_seat, { type: "button", class: "quiet", "data-action": "kick" });
      kick.addEventListener("click", () => ctx.send({ t: "kick", seat: index }));
      box.appendChild(kick);
    }
    return box;
  }
  return table.phase === "playing" && person ? botControl(index, words.bot_plays, ctx, seat.away ? seat.bot : null) : null;
}

/** What a person was doing in the list: each level picked, and the control that had the focus. */
function remember(list) {
  const levels = new Map([...list.querySelectorAll("select")].map((select) => [select.closest("li").dataset.seat, select.value]));
  const active = list.contains(document.activeElement) ? document.activeElement : null;
  const focus = active && [active.closest("li")?.dataset.seat, active.dataset.action || active.tagName];
  return { levels, focus };
}

function restore(list, { levels, focus }) {
  for (const select of list.querySelectorAll("select")) {
    const level = levels.get(select.closest("li").dataset.seat);
    if (level) select.value = level;
  }
  if (!focus) return;
  const item = list.querySelector(`li[data-seat="${focus[0]}"]`);
  const control = [...(item?.querySelectorAll("button, select") || [])].find((node) => (node.dataset.action || node.tagName) === focus[1]);
  control?.focus();
}

/** Fill the seats list: names, notes, whose turn, "take this seat", and the host's controls. */
export function renderSeats(list, ctx) {
  const { table, view, you, watching } = ctx;
  const before = remember(list);
  list.replaceChildren();
  table.seats.forEach((seat, index) => {
    const item = make("li", null, { "data-seat": index });
    item.appendChild(make("span", seatName(seat, index), { class: "name" }));
    const found = notes(seat, index, ctx);
    if (trainNotes(view, index).some((note) => note.kind === "marked")) {
      item.classList.add("train-marked");
      item.append(" ", trainMarker());
    }
    if (found.length) item.append(" ", make("span", `(${found.join(", ")})`, { class: "meta" })); // read apart from the name
    if (view && view.turn === index && !view.end && table.phase === "playing") item.classList.add("turn-now");
    if (ctx.clockSeat === index) item.appendChild(make("span", ctx.clockText, { class: "clock", "data-clock": index }));
    if (seat.free && you === null && table.phase === "waiting" && !watching) {
      const sit = make("button", words.take_seat, { type: "button", class: "sit", "data-action": "sit" });
      sit.addEventListener("click", () => ctx.takeSeat(index));
      item.appendChild(sit);
    }
    const host = you !== null && you === table.host_seat && index !== you ? hostControls(seat, index, ctx) : null;
    if (host) item.appendChild(host);
    list.appendChild(item);
  });
  restore(list, before);
}

/** A quick phrase's code said in this page's language (a reaction: its emoji and, for screen readers, its name).
 * @param {string} code */
export const phraseText = (code) => (reactions[code] ? `${reactions[code]} ${words[`reaction_${code}`]}` : words[`phrase_${code}`] ?? "");

/** The names whose chat lines this browser hides (chat-tools.js's Mute). @returns {string[]} */
export const mutedNames = () => JSON.parse(localStorage.getItem("dh_muted") || "[]");

/** The chat's messages: each seat's name (or "A watcher") and its words, always as text, a quick phrase in this
 * page's language; not those of a person muted here (nor the watchers', once muted). */
export function renderChat(log, empty, messages, seats) {
  const muted = mutedNames();
  const hushed = localStorage.getItem("dh_mute_watchers") === "1";
  messages = messages.filter(({ seat }) => (seat === null ? !hushed : !muted.includes(seats?.[seat]?.name)));
  log.replaceChildren(...messages.map(({ seat, text, seq, phrase }) => {
    const item = make("li", null, { "data-seat": seat ?? "watcher", "data-seq": seq, ...(phrase && { "data-phrase": phrase }) });
    const who = make("span", seat === null ? words.a_watcher : seatName(seats?.[seat], seat), { class: "who" });
    const said = make("span", phrase ? reactions[phrase] ?? phraseText(phrase) : text, { class: phrase ? "said phrase" : "said" });
    if (reactions[phrase]) said.append(make("span", ` ${words[`reaction_${phrase}`]}`, { class: "visually-hidden" }));
    item.append(who, make("span", ": ", { class: "visually-hidden" }), said); // read apart
    return item;
  }));
  empty.hidden = messages.length > 0;
  log.scrollTop = log.scrollHeight;
}
