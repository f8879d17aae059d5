"""The table's WebSocket, ``/t/<id>/ws``: commands in, acks and seat-filtered events out.

A connection is checked (Origin, connections per address), says ``hello`` with the last ``seq`` it saw,
then sends commands. Each connection has a message budget (spent: closed with 1008), a largest message
(4 KiB: closed with 1009) and a bounded send queue: a client too slow to take its frames is dropped
(closed with 1013), never the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..tables import metrics
from ..tables.actor import TableActor
from ..tables.errors import CommandError
from ..tables.hall import Hall
from ..tables.phrases import PHRASE_BURST, PHRASE_RATE
from ..tables.state import token_hash
from ..web.seats import cookie_name
from .guards import TRANSPORT
from .limits import Budget, PerAddress
from .origins import is_own, origin_of
from .protocol import PROTOCOL_VERSION, PROTOCOL_VERSIONS, Hello, Hint, Phrase, Report, message_id, parse_client
from .settings import ServerSettings

log = logging.getLogger("dominohall.server")
router = APIRouter()

POLICY = 1008
"""Close code: the connection broke a rule (bad Origin, message flood)."""
TOO_BIG = 1009
"""Close code: a message larger than the server accepts."""
TRY_LATER = 1013
"""Close code: the client could not keep up with its frames."""
REPORT_RATE, REPORT_BURST = 1 / 30, 5
"""A connection's reports of chat lines: a burst of 5, then one every 30 seconds."""
CLOSE_WAIT = 10.0
"""Seconds a closing connection may take to send its close frame (behind what the client has not read yet)
before it is aborted."""


def origin_allowed(websocket: WebSocket, settings: ServerSettings) -> bool:
    """True when the handshake's Origin is allowed: the server's own, scheme included, or, when ``--origin``
    names some, one of those (no Origin: not a browser, nothing to forge)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if settings.allowed_origins:
        return origin_of(origin) in {origin_of(allowed) for allowed in settings.allowed_origins}
    return is_own(origin, websocket.scope)


class Connection:
    """One client of one table: a subscriber of the table's actor that sends its frames straight to the
    transport.

    ``deliver`` encodes a frame and holds it; ``flush`` writes every held frame with one write to the
    transport (the table's actor flushes its subscribers after each request, so an ack and the frames of
    its events leave together, at once; anything delivered elsewhere is flushed at the loop's next turn).
    What the connection holds unsent is bounded: the frames held (``send_queue`` of them at most) and their
    bytes together with what the transport and the kernel hold below it (``send_buffer``). Past either
    bound the connection is dropped (closed with 1013), never the table.
    """

    def __init__(self, websocket: WebSocket, token: str | None, settings: ServerSettings) -> None:
        self.websocket = websocket
        self.token = token
        self.held: list[bytes] = []
        """Frames delivered and not yet written, encoded."""
        self.queued = 0
        """Bytes of the frames in ``held``."""
        self.most = settings.send_queue
        self.limit = settings.send_buffer
        transport = (websocket.scope.get("extensions") or {}).get(TRANSPORT, {})
        if "send" not in transport:
            raise RuntimeError("the WebSocket needs the dominohall.transport extension (ws=BoundedWebSocket)")
        self.unsent: Callable[[], int] = transport["unsent"]
        self.send: Callable[[list[bytes]], bool] = transport["send"]
        self.abort: Callable[[], None] | None = transport.get("abort")
        self.dropped = asyncio.Event()
        self.address = websocket.client.host if websocket.client else "?"
        self.reports = Budget(REPORT_RATE, REPORT_BURST)
        """How many chat lines the connection may still report now."""
        self.phrases = Budget(PHRASE_RATE, PHRASE_BURST)
        """How many quick phrases and reactions the connection may still send now."""
        self._flush_due = False
        """A flush is scheduled for the loop's next turn."""

    def deliver(self, frame: dict[str, Any]) -> None:
        """Hold a frame for the next flush; past the bounds the connection is dropped."""
        if self.dropped.is_set():
            return
        data = orjson.dumps(frame)
        if len(self.held) >= self.most or self.queued + len(data) + self.unsent() > self.limit:
            self.drop()
            return
        self.held.append(data)
        self.queued += len(data)
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush_later)

    def flush(self) -> None:
        """Write every held frame now, in order, with one write (nothing when the connection is closing)."""
        if self.held:
            held, self.held, self.queued = self.held, [], 0
            self.send(held)

    def _flush_later(self) -> None:
        self._flush_due = False
        self.flush()

    def drop(self) -> None:
        """Give up on the client: nothing more is sent, and the connection closes with 1013."""
        self.dropped.set()
        self.held, self.queued = [], 0


@router.websocket("/t/{table_id}/ws")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """A table's WebSocket (see ``docs/protocol.md``)."""
    settings: ServerSettings = websocket.app.state.settings
    limits: PerAddress = websocket.app.state.limits
    address = websocket.client.host if websocket.client else "?"
    if not origin_allowed(websocket, settings):
        log.warning("origin refused", extra={"table": table_id, "address": address})
        await websocket.close(code=POLICY)
        return
    if not limits.connect(address):
        await websocket.close(code=POLICY)
        return
    metrics.CONNECTIONS.open += 1
    metrics.CONNECTIONS.opened += 1
    try:
        await _serve(websocket, table_id, settings)
    finally:
        metrics.CONNECTIONS.open -= 1
        limits.disconnect(address)


async def _serve(websocket: WebSocket, table_id: str, settings: ServerSettings) -> None:
    hall: Hall = websocket.app.state.hall
    await websocket.accept()
    actor = await hall.actor(table_id)
    if actor is None:
        error = CommandError("no-table", "there is no table with this id: check the link")
        await websocket.send_text(json.dumps(error.to_frame(None)))
        await websocket.close(code=POLICY)
        return
    connection = Connection(websocket, _token(websocket, table_id), settings)
    actor.visit(connection)
    try:
        await _check_seat(connection, actor)
        await _run(connection, actor, settings)
    finally:
        actor.leave(connection)


async def _check_seat(connection: Connection, actor: TableActor) -> None:
    """A seat cookie of no seat at this table makes the connection a spectator's (told so)."""
    if connection.token is not None and actor.state.seat_of(connection.token) is None:
        await actor.refresh()  # the seat may have been taken through another process a moment ago
    if connection.token is not None and actor.state.seat_of(connection.token) is None:
        connection.token = None
        connection.deliver(
            CommandError("bad-token", "your seat key is not for a seat at this table: you are watching").to_frame(None)
        )


def _token(websocket: WebSocket, table_id: str) -> str | None:
    """The hash of the seat token the browser sent for this table, if any."""
    token = websocket.cookies.get(cookie_name(table_id))
    return token_hash(token) if token else None


async def _run(connection: Connection, actor: TableActor, settings: ServerSettings) -> None:
    """Receive and watch for a drop until one of them ends; then close with its code."""
    tasks = [
        asyncio.create_task(_receive(connection, actor, settings)),
        asyncio.create_task(connection.dropped.wait()),
    ]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    connection.flush()  # what the last request answered (a refusal before the close)
    code = 1000
    for task in done:
        if task is tasks[1]:
            code = TRY_LATER
            metrics.CONNECTIONS.dropped_slow += 1
            log.warning("slow client dropped", extra={"table": actor.table_id})
        elif not task.cancelled() and isinstance(task.exception(), _CloseRequestError):
            code = task.exception().code  # type: ignore[union-attr]
    try:
        async with asyncio.timeout(CLOSE_WAIT):
            await _close(connection.websocket, code)
    except TimeoutError:  # the client does not read even its close frame: cut it off
        if connection.abort is not None:
            connection.abort()


class _CloseRequestError(Exception):
    """Close the connection with ``code``."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


async def _close(websocket: WebSocket, code: int) -> None:
    """Close with ``code``, reading (and dropping) whatever the client still sends until it answers.

    Without the reading, a client that sent many messages fills the server's incoming queue, and the
    close handshake waits for the full timeout (10 s).
    """
    if websocket.client_state != WebSocketState.CONNECTED or websocket.application_state != WebSocketState.CONNECTED:
        return
    drain = asyncio.create_task(_drain(websocket))
    try:
        with contextlib.suppress(Exception):
            await websocket.close(code=code)
    finally:
        drain.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await drain


async def _drain(websocket: WebSocket) -> None:
    """Read and drop messages until the client disconnects."""
    while (await websocket.receive())["type"] != "websocket.disconnect":
        pass


async def _receive(connection: Connection, actor: TableActor, settings: ServerSettings) -> None:
    """Take the client's messages one by one until it leaves or breaks a limit."""
    budget = Budget(settings.message_rate, settings.message_burst)
    joined = False
    while True:
        try:
            received = await connection.websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if received["type"] == "websocket.disconnect":
            return
        if not budget.spend():
            raise _CloseRequestError(POLICY)
        text, data = received.get("text"), received.get("bytes")
        if len(text.encode() if text is not None else data or b"") > settings.max_frame:
            raise _CloseRequestError(TOO_BIG)
        try:
            if text is None:
                raise CommandError("bad-json", "messages are JSON text, not binary")
            message = parse_client(text)
        except CommandError as error:
            connection.deliver(error.to_frame(message_id(text) if text is not None else None))
            continue
        if isinstance(message, Hello):
            joined = await _hello(connection, actor, message, joined)
            continue
        if not joined:
            await actor.join(connection, None)
            joined = True
        if isinstance(message, Hint):
            await _hint(connection, actor, message)
            continue
        if isinstance(message, Report):
            await _report(connection, actor, message)
            continue
        if isinstance(message, Phrase) and not connection.phrases.spend():
            refusal = CommandError("rate-limited", "one quick phrase every 2 seconds (3 at once): wait a little")
            connection.deliver(refusal.to_frame(message.id))
            continue
        await actor.submit(message.to_command(connection.token), connection)


async def _hint(connection: Connection, actor: TableActor, hint: Hint) -> None:
    """Answer a ``hint`` with the hard bot's choice, or an error frame (nothing at the table changes)."""
    try:
        connection.deliver(await actor.hint(connection.token, hint.id))
    except CommandError as error:
        connection.deliver(error.to_frame(hint.id))


async def _report(connection: Connection, actor: TableActor, report: Report) -> None:
    """Keep a report of a chat line for the operator's console, and answer ``ack`` (the table's ``seq``: nothing
    at the table changed) or an error; a person reports a line once (a watcher is known by their address)."""
    try:
        if not connection.reports.spend():
            raise CommandError("rate-limited", "too many reports from this page: wait a little")
        reporter = connection.token or f"address:{connection.address}"
        seq = await actor.report(reporter, report.line)
    except CommandError as error:
        connection.deliver(error.to_frame(report.id))
        return
    connection.deliver({"t": "ack", "id": report.id, "seq": seq})


async def _hello(connection: Connection, actor: TableActor, hello: Hello, joined: bool) -> bool:
    """Join the table's broadcast from ``hello.last_seq`` (once per connection)."""
    if hello.v not in PROTOCOL_VERSIONS:
        error = CommandError("bad-version", f"this server speaks protocol version {PROTOCOL_VERSION}, not {hello.v}")
        connection.deliver(error.to_frame(None))
        return joined
    if joined:
        connection.deliver(CommandError("bad-message", "hello is said once, first").to_frame(None))
        return joined
    await actor.join(connection, hello.last_seq)
    return True
