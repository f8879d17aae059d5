// The chat's tools, loaded only once someone else has said something (the table page's weight stays low):
// Report and Mute on each line of another person (Mute hides their lines on this page, remembered by name in
// this browser; on a watcher's quick phrase, every watcher's), Unmute for the names muted here, and the host's
// "Mute at this table" on the others' seats. A quick phrase has no words to report.
import { format, make, words } from "./i18n.js";
import { mutedNames } from "./side.js";

const reported = new Set(); // the lines this page has reported

/** Add the tools to the chat's lines and the seats list (both drawn afresh before each call).
 * @param {HTMLElement} log @param {HTMLElement} seats
 * @param {{table: Table, you: number | null, send: (message: object) => void, again: () => void}} ctx */
export function decorate(log, seats, { table, you, send, again }) {
  for (const item of log.querySelectorAll("li[data-seat]")) {
    const watcher = item.dataset.seat === "watcher";
    const seat = Number(item.dataset.seat);
    const line = Number(item.dataset.seq);
    const name = watcher ? words.a_watcher : table.seats[seat]?.name ?? "";
    if (seat === you || !line || item.querySelector(".chat-tools")) continue;
    const report = button(reported.has(line) ? words.reported : words.report, `${words.report}: ${name}`, () => {
      send({ t: "report", line });
      reported.add(line);
      again();
    });
    report.disabled = reported.has(line);
    const mute = button(words.mute, `${words.mute}: ${name}`, () => (watcher ? hushWatchers(true, again) : setMuted(name, true, again)));
    item.append(make("span", null, { class: "chat-tools" }));
    item.lastElementChild?.append(...(item.dataset.phrase ? [] : [report]), mute);
  }
  unmutes(log, table, again);
  if (you !== null && you === table.host_seat) hostMutes(seats, table, you, send);
}

/** A small button of the chat's tools. @param {string} text @param {string} label @param {() => void} act */
function button(text, label, act) {
  const node = /** @type {HTMLButtonElement} */ (make("button", text, { type: "button", class: "quiet", "aria-label": label }));
  node.addEventListener("click", act);
  return node;
}

/** Hide (or show again) the lines of ``name`` on this browser's pages. @param {string} name @param {boolean} on @param {() => void} again */
function setMuted(name, on, again) {
  const names = mutedNames().filter((other) => other !== name);
  localStorage.setItem("dh_muted", JSON.stringify(on ? [...names, name] : names));
  again();
}

/** Below the chat, an Unmute button for each person at this table whose lines are hidden here.
 * @param {HTMLElement} log @param {Table} table @param {() => void} again */
function unmutes(log, table, again) {
  let box = document.getElementById("chat-muted");
  if (!box) log.after((box = make("p", null, { id: "chat-muted", class: "hint" })));
  const here = new Set(table.seats.map((seat) => seat.name));
  box.replaceChildren(...mutedNames().filter((name) => here.has(name)).map((name) =>
    button(format(words.unmute, { name }), format(words.unmute, { name }), () => setMuted(name, false, again))));
  if (localStorage.getItem("dh_mute_watchers") === "1") box.append(button(words.unmute_watchers, words.unmute_watchers, () => hushWatchers(false, again)));
}

/** Hide (or show again) every watcher's quick phrases on this browser's pages. @param {boolean} on @param {() => void} again */
function hushWatchers(on, again) {
  localStorage.setItem("dh_mute_watchers", on ? "1" : "");
  again();
}

/** The host's "Mute at this table" (or "Let them chat") on each other person's seat.
 * @param {HTMLElement} seats @param {Table} table @param {number} you @param {(message: object) => void} send */
function hostMutes(seats, table, you, send) {
  const muted = table.muted || [];
  table.seats.forEach((seat, index) => {
    const item = seats.querySelector(`li[data-seat="${index}"]`);
    if (index === you || seat.free || (seat.bot && !seat.away) || !item || item.querySelector("[data-action=mute]")) return;
    const on = !muted.includes(index);
    const control = make("button", on ? words.mute_here : words.unmute_here, { type: "button", class: "quiet", "data-action": "mute" });
    control.addEventListener("click", () => send({ t: "mute", seat: index, on }));
    item.append(control);
  });
}
