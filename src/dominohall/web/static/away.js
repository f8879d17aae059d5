// Your turn while the tab is hidden (loaded when the page is idle): the tab's icon gets a dot, and, if the
// player allowed it with the bell button (remembered in this browser), a system notification that brings the
// tab forward when pressed. Both go when the tab is seen again or the turn passes. (table.js marks the title.)
import { format, words } from "./i18n.js";

const KEY = "dh_notify";
const TURN_ICON = "/static/favicon-turn.svg";
const bell = /** @type {HTMLButtonElement} */ (document.getElementById("notify"));
const icon = /** @type {HTMLLinkElement} */ (document.querySelector("link[rel~=icon]"));
const plain = icon.getAttribute("href");
const Note = globalThis.Notification;
let mine = false; // your turn now
/** @type {Notification | null} the notification of this turn */
let shown = null;

/** The player asked for notifications and the browser lets this site show them. */
const wanted = () => localStorage.getItem(KEY) === "on" && Note?.permission === "granted";

/** The icon with its dot while it is your turn in a hidden tab; seen, or the turn gone, all back as it was. */
function mark() {
  const away = mine && document.hidden;
  const href = away ? TURN_ICON : plain;
  if (icon.getAttribute("href") !== href) icon.setAttribute("href", /** @type {string} */ (href));
  if (!away) shown?.close();
  if (!away) shown = null;
}

/** Told by table.js at each render: ``now``, whether it is your turn; ``table``, the table's name. A turn that
 * comes while the tab is hidden is notified (when wanted). @param {boolean} now @param {string} table */
export function turn(now, table) {
  if (now && !mine && document.hidden && wanted()) {
    shown = new Note(format(words.notify_turn, { table }), { icon: "/static/icon-192.png" });
    shown.onclick = () => {
      focus();
      shown?.close();
    };
  }
  mine = now;
  mark();
}

/** Show the bell as it is: only to a seated player of a browser that can notify (and was not refused).
 * @param {boolean} seated */
export function renderBell(seated) {
  bell.hidden = !Note || !seated || Note.permission === "denied";
  bell.setAttribute("aria-pressed", String(wanted()));
}

/** The bell turns notifications on (asking the browser first, on this press) or off; refused, ``notice`` says
 * why. @param {(text: string) => void} notice */
export function wireBell(notice) {
  bell.addEventListener("click", async () => {
    const on = !wanted() && (await Note.requestPermission()) === "granted";
    localStorage.setItem(KEY, on ? "on" : "off");
    if (!on && Note.permission === "denied") notice(words.notify_blocked);
    bell.setAttribute("aria-pressed", String(on));
  });
}

document.addEventListener("visibilitychange", mark);
