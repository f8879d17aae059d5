// The table's WebSocket (docs/protocol.md): hello with the last seq seen, every frame to the page, and a new
// socket after a drop (waiting about 0.5 s, then twice as long each time, up to about 8 s; the first wait
// after a socket that had opened is 0.5 s again; each wait is drawn between half and one and a half times
// that, so the pages of a server that went away do not all come back in the same instant).

/** One table's socket speaking protocol ``version`` (the page's data block says which); ``on`` holds
 * ``open()``, ``frame(frame)``, ``closed()`` and ``lastSeq()``. */
export class Connection {
  constructor(tableId, version, on) {
    this.tableId = tableId;
    this.version = version;
    this.on = on;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.next = 1;
  }

  /** Open the socket; after a drop it opens again in ``delay`` ms. */
  open(delay = 500) {
    const socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/t/${this.tableId}/ws`);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      this.on.open();
      socket.send(JSON.stringify({ t: "hello", v: this.version, last_seq: this.on.lastSeq() }));
    });
    socket.addEventListener("message", (event) => this.on.frame(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return; // replaced on purpose
      this.on.closed();
      const wait = opened ? 500 : delay; // a socket that was open: a fresh drop, the waits start short again
      setTimeout(() => this.open(Math.min(wait * 2, 8000)), wait * (0.5 + Math.random()));
    });
  }

  /** A new socket at once (the server reads the seat cookie as it connects). */
  reopen() {
    const old = this.socket;
    this.socket = null;
    old?.close();
    this.open();
  }

  /** Send ``message`` with a fresh id while the socket is open. */
  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ id: `c${Date.now().toString(36)}${this.next++}`, ...message }));
  }
}
