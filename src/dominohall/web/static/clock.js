// Counting down on the page: the time left of the seat to move (the server's `clock`) and the seconds before
// the next deal (`between`), counted from the moment each arrived (state.js keeps both, docs/protocol.md).

const TICK_MS = 250;
export const WARN_AT = 10;

/** Whole seconds as "m:ss", rounded up (a turn of 60 s shows 1:00 until one second has gone). */
export function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Calls ``tick()`` every quarter of a second while ``active()`` says there is something to count down, and
 * stops by itself otherwise; ``wake()`` starts it again after new deadlines arrive.
 */
export class Ticker {
  constructor(tick, active) {
    this.tick = tick;
    this.active = active;
    this.timer = null;
  }

  wake() {
    this.tick();
    if (this.timer === null && this.active()) {
      this.timer = setInterval(() => {
        this.tick();
        if (!this.active()) {
          clearInterval(this.timer);
          this.timer = null;
        }
      }, TICK_MS);
    }
  }
}
