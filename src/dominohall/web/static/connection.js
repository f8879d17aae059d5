// The table's WebSocket (docs/protocol.md): hello with the last seq seen, every frame to the page, and a new
// socket after a drop (waiting about 0.5 s, then twice as long each time, up to 1 s while the tab is in sight
// and 8 s while it is hidden; the first wait after a socket that had opened is 0.5 s again; each wait is drawn
// between three quarters and one and a quarter of that, so the pages of a server that went away do not all
// come back in the same instant). A tab that comes back in sight, or a network that is back, tries at once.

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
    this.timer = 0; // the wait before the next socket, while one runs
    const wake = () => { if (this.timer && !globalThis.document?.hidden) { clearTimeout(this.timer); this.open(); } };
    globalThis.document?.addEventListener("visibilitychange", wake);
    globalThis.addEventListener?.("online", wake);
  }

  /** Open the socket; after a drop it opens again in ``delay`` ms. */
  open(delay = 500) {
    this.timer = 0;
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
      const most = globalThis.document?.hidden ? 8000 : 1000;
      const wait = Math.min(opened ? 500 : delay, most); // a socket that was open: a fresh drop, the waits start short again
      this.timer = setTimeout(() => this.open(Math.min(wait * 2, most)), wait * (0.75 + Math.random() / 2));
    });
  }

  /** A new socket at once (the server reads the seat cookie as it connects). */
  reopen() {
    const old = this.socket;
    this.socket = null;
    clearTimeout(this.timer);
    old?.close();
    this.open();
  }

  /** Send ``message`` with a fresh id while the socket is open: true when it went. */
  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ id: `c${Date.now().toString(36)}${this.next++}`, ...message }));
    return true;
  }
}
