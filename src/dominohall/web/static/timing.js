// The turn timer and the pause between rounds as frames bring them (docs/protocol.md), and their countdowns.
import { clockText, Countdown, WARN_AT } from "./clock.js";
import { format, words } from "./i18n.js";
import { nextDealText } from "./summary.js";

/** Read a frame's timer (``clock`` at its top or in its table) and pause (``between``) into ``state``. */
export function takeTiming(state, frame) {
  const clock = "clock" in frame ? frame.clock : frame.table?.clock;
  if (clock !== undefined) state.clock = clock ? { seat: clock.seat, limit: clock.limit, countdown: new Countdown(clock.left) } : null;
  if (frame.table) state.between = frame.table.between ? new Countdown(frame.table.between.left) : null;
  if (frame.t === "round" || frame.t === "move" || frame.t === "snapshot") state.turnSeq = frame.seq;
}

/** Show the time left in every ``[data-clock]`` and the next deal in every ``[data-between]``: the turn's
 * seconds left (null without a timer). */
export function paintClocks(clock, between) {
  const left = clock ? clock.countdown.left() : null;
  for (const node of document.querySelectorAll("[data-clock]")) {
    node.textContent = left === null ? "" : clockText(left);
    node.classList.toggle("low", left !== null && left <= WARN_AT);
    node.setAttribute("aria-label", left === null ? "" : format(words.time_left, { time: clockText(left) }));
  }
  for (const node of document.querySelectorAll("[data-between]")) node.textContent = between ? nextDealText(between.left()) : "";
  return left;
}

/** True in the last 10 s of your own turn (when the turn is longer than that). */
export const warnNow = (clock, left, mine) => Boolean(clock) && mine && clock.limit > WARN_AT && left > 0 && left <= WARN_AT;
