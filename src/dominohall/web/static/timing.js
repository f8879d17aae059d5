// The turn timer and the pause between rounds on the page: their countdowns, and the warning near the end of
// your turn (the state keeps what the frames said: state.js).
import { clockText, WARN_AT } from "./clock.js";
import { format, words } from "./i18n.js";

/** Show ``left``, the turn's seconds left (null without a timer), in every ``[data-clock]``, and the
 * seconds before the next deal (``between``, null without a pause) in every ``[data-between]``: ``left``. */
export function paintClocks(left, between) {
  for (const node of document.querySelectorAll("[data-clock]")) {
    node.textContent = left === null ? "" : clockText(left);
    node.classList.toggle("low", left !== null && left <= WARN_AT);
    node.setAttribute("aria-label", left === null ? "" : format(words.time_left, { time: clockText(left) }));
  }
  for (const node of document.querySelectorAll("[data-between]")) node.textContent = between === null ? "" : nextDealText(between);
  return left;
}

/** True in the last 10 s of your own turn (when the turn is longer than that). */
export const warnNow = (clock, left, mine) => Boolean(clock) && mine && clock.limit > WARN_AT && left > 0 && left <= WARN_AT;

/** The seconds before the next deal, as the countdown shows them. */
export const nextDealText = (seconds) => format(words.next_deal, { num: Math.ceil(seconds) });
