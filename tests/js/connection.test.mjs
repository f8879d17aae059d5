// The table's socket (src/dominohall/web/static/connection.js) without a browser: the waits before it opens a
// new socket after a drop grow while the server stays away, and start short again once a socket had opened.
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
globalThis.setTimeout = /** @type {any} */ ((run, ms) => { waits.push({ run, ms }); return 0; });
Math.random = () => 0.5; // each wait exactly its nominal length

const { Connection } = await import("../../src/dominohall/web/static/connection.js");

test("the waits grow while nothing opens, and start short again after a socket that opened", () => {
  const page = { open() {}, frame() {}, closed() {}, lastSeq: () => 0 };
  new Connection("T1", 3, page).open();
  const retry = () => { FakeSocket.made.at(-1).closes(); const wait = waits.at(-1); wait.run(); return wait.ms; };
  FakeSocket.made.at(-1).opens();
  assert.deepEqual([retry(), retry(), retry(), retry(), retry(), retry()], [500, 1000, 2000, 4000, 8000, 8000]);
  FakeSocket.made.at(-1).opens(); // the server is back
  assert.deepEqual([retry(), retry()], [500, 1000], "a new drop starts from the short wait again");
});
