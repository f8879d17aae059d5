// Counting down on the page: the time left of the seat to move (the server's `clock`) and the seconds before
// the next deal (`between`), each turned into a local deadline when it arrives (docs/protocol.md).

const TICK_MS = 250;
export const WARN_AT = 10;

/** A countdown that started with ``left`` seconds when it reached the page. */
export class Countdown {
  constructor(left) {
    this.deadline = performance.now() + Math.max(0, left) * 1000;
  }

  /** The seconds left now (never below zero). */
  left() {
    return Math.max(0, (this.deadline - performance.now()) / 1000);
  }
}

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
