"""Limits below the app, where a slow or greedy client spends the server's memory before any route runs.

- ``guarded_http(...)``: uvicorn's HTTP/1.1 protocol with a deadline for a request's headers (uvicorn has
  none: a client sending one byte now and then held its connection for ever) and a cap on the open HTTP
  connections of one address (answered 429 ``rate-limited``). A connection from a trusted proxy
  (``--forwarded-allow-ips``) is not capped: its clients are behind it, and the proxy bounds them.
- ``BoundedBodies``: ASGI middleware reading a request's body before the app does, within a deadline and a
  size (408 ``too-slow``, 413 ``too-long``), so no route ever waits on a body that does not come.
- ``BoundedWebSocket``: uvicorn's sans-I/O WebSocket protocol, telling the app how many bytes a connection
  holds unsent below it (the transport's buffer and the kernel's send queue) and letting it abort a
  connection whose client does not read. ``server/ws.py`` adds its own queue and closes with 1013 past
  the bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import ipaddress
import logging
import struct
import termios
import weakref
from collections import Counter
from typing import Any, ClassVar

import h11
import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

from ..tables.errors import CommandError
from .limits import Budget
from .origins import refuse

log = logging.getLogger("dominohall.server")

TRANSPORT = "dominohall.transport"
"""The ASGI scope extension through which a WebSocket's transport is measured and aborted."""
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""Methods whose body ``BoundedBodies`` reads."""


class Proxies:
    """The trusted proxies (uvicorn's ``forwarded_allow_ips``: a comma-separated list of addresses and
    networks, ``*`` for any).

    >>> Proxies("127.0.0.1, 10.0.0.0/8").trusts("10.1.2.3"), Proxies("127.0.0.1").trusts("127.0.0.2")
    (True, False)
    """

    def __init__(self, addresses: str | list[str]) -> None:
        names = [part.strip() for part in (addresses.split(",") if isinstance(addresses, str) else addresses)]
        self.anyone = "*" in names
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.literals: set[str] = set()
        for name in filter(None, names):
            try:
                self.networks.append(ipaddress.ip_network(name, strict=False))
            except ValueError:
                self.literals.add(name)

    def trusts(self, address: str) -> bool:
        """True when ``address`` is one of the proxies."""
        if self.anyone or address in self.literals:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


class GuardedHttp(H11Protocol):
    """uvicorn's h11 protocol with a header deadline and a cap on connections per address.

    ``header_timeout``, ``per_address`` and ``proxies`` are set on the subclass ``guarded_http`` makes;
    ``open`` counts the connections of each address (the class's, shared by the process's connections).
    """

    header_timeout: ClassVar[float] = 10.0
    per_address: ClassVar[int] = 64
    proxies: ClassVar[Proxies] = Proxies("")
    open: ClassVar[Counter[str]] = Counter()

    _header_timer: asyncio.TimerHandle | None = None
    _counted: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Count the connection against its address (refusing it past the cap) and start the header clock."""
        super().connection_made(transport)
        address = self.client[0] if self.client else "?"
        if not self.proxies.trusts(address):
            if self.open[address] >= self.per_address:
                log.warning("too many open requests", extra={"address": address})
                refused = CommandError("rate-limited", "too many open requests from your address: wait a moment")
                self._answer_and_close(429, "Too Many Requests", refused)
                return
            self.open[address] += 1
            self._counted = address
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock and uncount the connection; let go of the transport's cycle."""
        self._disarm()
        self._uncount()
        super().connection_lost(exc)
        forget_reader(self.transport)

    def data_received(self, data: bytes) -> None:
        """Read as uvicorn does; once a request's headers are in, its clock stops."""
        cycle = self.cycle
        super().data_received(data)
        if self.cycle is not cycle:
            self._disarm()

    def on_response_complete(self) -> None:
        """After a response, the next request's headers are on the clock again (unless they are in)."""
        cycle = self.cycle
        super().on_response_complete()
        if self.cycle is cycle and not self.transport.is_closing():
            self._arm()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """A WebSocket is counted by its own route from now on."""
        self._disarm()
        self._uncount()
        super().handle_websocket_upgrade(event)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _uncount(self) -> None:
        if self._counted is not None:
            self.open[self._counted] -= 1
            if self.open[self._counted] <= 0:
                del self.open[self._counted]
            self._counted = None

    def _too_slow(self) -> None:
        """The headers did not come in time: 408 when a request had begun, and close."""
        self._header_timer = None
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE and not self.conn.trailing_data[0]:
            self.transport.close()  # nothing of a request yet: an idle connection, closed quietly
            return
        too_slow = CommandError("too-slow", "the request's headers came too slowly")
        self._answer_and_close(408, "Request Timeout", too_slow)

    def _answer_and_close(self, status: int, reason: str, error: CommandError) -> None:
        """Write a whole response past h11 (the request may be half read) and close the connection."""
        body = orjson.dumps(error.to_frame(None))
        head = (
            f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode() + body)
        self.transport.close()


def guarded_http(header_timeout: float, per_address: int, forwarded_allow_ips: str | list[str]) -> type[GuardedHttp]:
    """The HTTP protocol class for uvicorn (its ``http`` setting) with these limits."""
    return type(
        "GuardedHttpProtocol",
        (GuardedHttp,),
        {
            "header_timeout": header_timeout,
            "per_address": per_address,
            "proxies": Proxies(forwarded_allow_ips),
            "open": Counter(),
        },
    )


class BoundedBodies:
    """ASGI middleware: a request body is read whole, within ``timeout`` seconds and ``limit`` bytes,
    before the app sees the request (408 ``too-slow``, 413 ``too-long``)."""

    def __init__(self, app: ASGIApp, limit: int = 65536, timeout: float = 10.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read the body, then give the app a ``receive`` that hands it over in one piece."""
        if scope["type"] != "http" or scope["method"] not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await refuse(send, 413, CommandError("too-long", f"a request body has at most {self.limit} bytes"))
            return
        try:
            async with asyncio.timeout(self.timeout):
                body = await self._read(receive)
        except TimeoutError:
            await refuse(send, 408, CommandError("too-slow", "the request's body came too slowly"))
            return
        if body is None:
            return  # the client left
        if len(body) > self.limit:
            await refuse(send, 413, CommandError("too-long", f"a request body has at most {self.limit} bytes"))
            return
        if scope["path"].startswith("/api/") and body and not is_utf8_json_text(body):
            await refuse(send, 400, CommandError("bad-json", "the body is not a JSON object (in UTF-8)"))
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body (``None`` if the client disconnected), stopping early past the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            chunks.append(chunk)
            size += len(chunk)
            if not message.get("more_body", False) or size > self.limit:
                return b"".join(chunks)


def is_utf8_json_text(body: bytes) -> bool:
    """False for a body that cannot be JSON text in UTF-8: bytes that are not UTF-8, or a NUL byte (JSON never
    holds one raw; UTF-16 text of plain letters does, and the JSON parser would read it as UTF-16)."""
    if b"\x00" in body:
        return False
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` giving ``body`` first, then whatever the server says next (a disconnect)."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class BoundedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, measuring what it holds unsent for the app (see ``unsent``) and
    letting it send text frames without a round through the ASGI ``send`` (see ``send_now``).

    It also leaves no reference cycle behind a connection: a cycle would keep the connection's objects (its
    buffers, scope, transport, socket) until one of the collector's rare full passes (``serve`` makes them
    rare for the tables' sake), so a server with many short connections would grow between those passes.
    The app's extension reaches the protocol through a weak reference, and once both the connection and
    the app are done, the ``websockets`` parser generator (which refers back to its protocol) is closed.
    """

    CONTROL_RATE: ClassVar[float] = 1.0
    CONTROL_BURST: ClassVar[int] = 16
    """Pings and pongs a client may send: a burst of 16, refilled at 1 a second. They are answered below the
    app, so its message budget never sees them; a browser sends none, a library's keepalive one in 20 s."""
    control_budget: Budget | None = None

    def handle_ping(self) -> None:
        """Answer a ping as uvicorn does, within the control frames' budget; past it, close with 1008."""
        if self._control_spent():
            return
        super().handle_ping()

    def handle_pong(self, event: Any) -> None:
        """Take a pong as uvicorn does, within the control frames' budget; past it, close with 1008."""
        if self._control_spent():
            return
        super().handle_pong(event)

    def _control_spent(self) -> bool:
        """Spend one control frame of the budget: True when the connection is closing or has just been
        closed for flooding (a flood of pings cost the event loop a write each, for every table)."""
        if self.close_sent or self.transport.is_closing():
            return True
        if self.control_budget is None:
            self.control_budget = Budget(self.CONTROL_RATE, self.CONTROL_BURST)
        if self.control_budget.spend():
            return False
        address = self.client[0] if self.client else "?"
        log.warning("WebSocket closed: too many control frames", extra={"code": 1008, "address": address})
        self.conn.send_close(1008, "too many pings")
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self.queue.put_nowait({"type": "websocket.disconnect", "code": 1008})
        self.transport.pause_reading()  # the rest of the flood is not read; the socket closes a moment later, so
        self.close_timer = self.loop.call_later(1.0, self.transport.close)  # the client reads why first
        return True

    def handle_connect(self, event: Any) -> None:
        """Accept as uvicorn does, and offer the app the ``dominohall.transport`` extension."""
        super().handle_connect(event)
        scope: Any = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][TRANSPORT] = _extension(self)

    def send_now(self, texts: list[bytes]) -> bool:
        """Send each of ``texts`` (UTF-8) as a text frame at once, with one write to the transport: what the
        ASGI ``send`` does for ``websocket.send``, without awaiting (the transport buffers; ``unsent``
        bounds it). False when the connection is not open (nothing is sent)."""
        if not self.handshake_complete or self.close_sent or self.disconnected or self.transport.is_closing():
            return False
        try:
            for text in texts:
                self.conn.send_text(text)
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        return True

    def unsent(self) -> int:
        """Bytes written but not yet taken by the client: the transport's buffer and the kernel's queue."""
        return self.transport.get_write_buffer_size() + kernel_unsent(self.transport)

    def connection_lost(self, exc: Exception | None) -> None:
        """As uvicorn does; then let go of the connection's cycles if the app is done too."""
        super().connection_lost(exc)
        forget_reader(self.transport)
        self._release()

    async def run_asgi(self) -> None:
        """Run the app as uvicorn does; then let go of the connection's cycles if it is closed too."""
        try:
            await super().run_asgi()
        finally:
            self.app_done = True
            self._release()

    def _release(self) -> None:
        if getattr(self, "app_done", False) and self.disconnected:
            self.conn.parser.close()


def forget_reader(transport: asyncio.BaseTransport | None) -> None:
    """Break the reference cycle a closed socket transport of asyncio keeps (Python 3.11): its read callback
    (``_read_ready_cb``) is a bound method of itself, so the transport and its socket would wait for the
    cyclic collector's next full pass. Called when the connection is lost: asyncio has stopped reading then."""
    if transport is not None and transport.is_closing() and getattr(transport, "_read_ready_cb", None) is not None:
        transport._read_ready_cb = None  # type: ignore[attr-defined]


def _extension(protocol: BoundedWebSocket) -> dict[str, Any]:
    """The ``dominohall.transport`` extension of a connection, holding its protocol weakly."""
    ref = weakref.ref(protocol)

    def unsent() -> int:
        alive = ref()
        return alive.unsent() if alive is not None else 0

    def abort() -> None:
        alive = ref()
        if alive is not None:
            alive.transport.abort()

    def send(texts: list[bytes]) -> bool:
        alive = ref()
        return alive.send_now(texts) if alive is not None else False

    return {"unsent": unsent, "abort": abort, "send": send}


def kernel_unsent(transport: asyncio.BaseTransport) -> int:
    """Bytes in the socket's send queue that the peer has not acknowledged (Linux ``SIOCOUTQ``); 0 when the
    system cannot say."""
    sock = transport.get_extra_info("socket")
    if sock is None:
        return 0
    with contextlib.suppress(OSError, ValueError):
        answer = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0")
        return int(struct.unpack("i", answer)[0])
    return 0
