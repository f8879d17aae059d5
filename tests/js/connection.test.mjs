// The table's socket (src/dominohall/web/static/connection.js) without a browser: the waits before it opens a
// new socket after a drop grow while the server stays away (to 1 s in sight, 8 s hidden), and start short
// again once a socket had opened; a tab that comes back in sight tries at once.
import assert from "node:assert/strict";
import { test } from "node:test";

/** A socket that opens or closes when the test says. */
class FakeSocket extends EventTarget {
  static made = [];
  static OPEN = 1;
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    FakeSocket.made.push(this);
  }
  opens() { this.readyState = 1; this.dispatchEvent(new Event("open")); }
  closes() { this.readyState = 3; this.dispatchEvent(new Event("close")); }
  send() {}
  close() { this.closes(); }
}

globalThis.WebSocket = /** @type {any} */ (FakeSocket);
globalThis.location = /** @type {any} */ ({ protocol: "http:", host: "127.0.0.1:8000" });
const waits = [];
globalThis.setTimeout = /** @type {any} */ ((run, ms) => { waits.push({ run, ms }); return waits.length; });
globalThis.clearTimeout = /** @type {any} */ ((id) => { if (id) waits[id - 1].cleared = true; });
Math.random = () => 0.5; // each wait exactly its nominal length
/** The page's document: hidden or in sight when the test says. */
const page = Object.assign(new EventTarget(), { hidden: false });
globalThis.document = /** @type {any} */ (page);

const { Connection } = await import("../../src/dominohall/web/static/connection.js");

const on = { open() {}, frame() {}, closed() {}, lastSeq: () => 0 };
const retry = () => { FakeSocket.made.at(-1).closes(); const wait = waits.at(-1); wait.run(); return wait.ms; };

test("in sight, the waits grow to 1 s while nothing opens, and start short again after a socket that opened", () => {
  page.hidden = false;
  new Connection("T1", 3, on).open();
  FakeSocket.made.at(-1).opens();
  assert.deepEqual([retry(), retry(), retry(), retry(), retry()], [500, 1000, 1000, 1000, 1000]);
  FakeSocket.made.at(-1).opens(); // the server is back
  assert.deepEqual([retry(), retry()], [500, 1000], "a new drop starts from the short wait again");
});

test("hidden, the waits grow to 8 s; back in sight, a new socket at once and short waits again", () => {
  page.hidden = true;
  new Connection("T2", 3, on).open();
  FakeSocket.made.at(-1).opens();
  assert.deepEqual([retry(), retry(), retry(), retry(), retry(), retry()], [500, 1000, 2000, 4000, 8000, 8000]);
  FakeSocket.made.at(-1).closes();
  const made = FakeSocket.made.length;
  page.hidden = false;
  page.dispatchEvent(new Event("visibilitychange"));
  assert.equal(FakeSocket.made.length, made + 1, "a tab back in sight does not wait out its 8 s");
  assert.ok(waits.at(-1).cleared, "and the 8 s wait opens no second socket");
  assert.deepEqual([retry(), retry()], [500, 1000], "in sight: short waits again");
});
