"""What the protocol fuzzer and the soak bench share: a lenient WebSocket peer, an event ledger per table, a
watch on the server's log, and raw HTTP.

The peer accepts frames and fields it does not know (the protocol grows within a version, see
``docs/protocol.md``, "Versions"): it needs only ``t`` on every frame, ``seq`` on events, ``id`` on answers.
It still checks what the protocol promises every client: the events of one connection come in order
without a gap after its ``snapshot`` or ``welcome``.

The ledger checks a table's numbering against what was asked of it: every event belongs to exactly one
acknowledged command (the block of events ending at the ack's ``seq``), or is one a table makes by itself
(a bot's or a timed-out seat's move, the deal after a round ended, a seat marked away or back, or a frame
type this client does not know yet). A refused command therefore leaves no trace, and the table's ``seq``
is exactly the events its accepted commands made.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

Frame = dict[str, Any]

NOT_EVENTS = frozenset({"ack", "error", "snapshot", "welcome", "presence"})
"""Frame types that are not events of the table, even with a ``seq``."""
KNOWN_EVENTS = frozenset(
    {"created", "sat", "stood", "kicked", "bot", "settings", "started", "rematch", "away", "back", "round", "move"}
    | {"chat", "ready"}
)
"""The event frames of protocol version 2; any other type with a ``seq`` is one added later."""
BLOCKS: dict[str, tuple[tuple[str, ...], ...]] = {
    "create": (("created",),),
    "sit": (("sat",),),
    "chat": (("chat",),),
    "stand": (("stood",), ("away",)),  # version 3: during a match the seat is kept for its person (away)
    "kick": (("kicked",),),
    "bot": (("bot",), ("away",)),  # during a match a person's seat is kept for its person (away, why "bot")
    "settings": (("settings",),),
    "start": (("started", "round"),),
    "rematch": (("rematch", "round"),),
    "play": (("move", "round"), ("move",)),
    "draw": (("move", "round"), ("move",)),
    "pass": (("move", "round"), ("move",)),
    "continue": (("ready",),),
    "back": (("back",),),
}
"""The events each accepted command makes, in order (the longest shape first). A command not listed here
(one added to the protocol later) is taken to have made the one event at its ack's ``seq``."""
BOT_FILL = "bot"
"""An event a ``start`` may make before ``started`` (version 3's ``fill``)."""


class UnansweredError(Exception):
    """A command got neither ``ack`` nor ``error`` before its deadline."""


# -- raw HTTP ---------------------------------------------------------------------------------------


@dataclass
class HttpAnswer:
    """One HTTP response: status, headers (lower-case names), body."""

    status: int
    headers: dict[str, str]
    body: bytes
    cookies: list[str] = field(default_factory=list)
    """Every ``set-cookie`` as ``name=value``."""

    def json(self) -> Any:
        """The body as JSON (``None`` when it is not)."""
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def cookie(self) -> str | None:
        """The seat cookie the response set, as ``name=value`` (the language's and the player's are not one)."""
        others = (f"{LANGUAGE_COOKIE}=", f"{PLAYER_COOKIE}=")
        seats = [c for c in self.cookies if c.startswith("dh_") and not c.startswith(others)]
        return seats[0] if seats else None


def http_raw(
    method: str, url: str, body: bytes | None = None, headers: dict[str, str] | None = None, timeout: float = 10.0
) -> HttpAnswer:
    """One HTTP request with the body sent as it is and no redirect followed."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=timeout)
    try:
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        pairs = response.getheaders()
        cookies = [v.split(";")[0] for k, v in pairs if k.lower() == "set-cookie"]
        answer = HttpAnswer(response.status, {k.lower(): v for k, v in pairs}, response.read(), cookies)
    finally:
        connection.close()
    return answer


async def http_async(
    method: str, url: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> HttpAnswer:
    """``http_raw`` in a thread, so the peers keep reading meanwhile."""
    return await asyncio.to_thread(http_raw, method, url, body, headers)


def json_body(value: Any) -> bytes:
    """A JSON request body (``ensure_ascii``: a lone surrogate travels as its escape)."""
    return json.dumps(value).encode()


JSON = {"content-type": "application/json"}
"""The headers of a JSON request."""
LANGUAGE_COOKIE = "dh_lang"
"""The site's language cookie (``dominohall.web.COOKIE``), a ``dh_`` cookie that is no seat's."""
PLAYER_COOKIE = "dh_player"
"""The player's cookie (docs/players.md): a first visit gets it beside a seat's."""


# -- the server's log -------------------------------------------------------------------------------


@dataclass
class LogWatch:
    """Reads the server's log as it grows: the lines that say the server itself failed."""

    path: Path
    offset: int = 0

    def faults(self) -> list[str]:
        """New lines at level error or critical, or any traceback, since the last call."""
        if not self.path.exists():
            return []
        with self.path.open("rb") as log:
            log.seek(self.offset)
            data = log.read()
        cut = data.rfind(b"\n") + 1
        self.offset += cut
        found = []
        for raw in data[:cut].decode("utf-8", "replace").splitlines():
            try:
                line = json.loads(raw)
            except ValueError:
                line = None
            if not isinstance(line, dict):
                if "Traceback" in raw or "Error" in raw:
                    found.append(raw[:300])
            elif line.get("level") in ("error", "critical") or "Traceback" in str(line.get("message")):
                found.append(raw[:300])
        return found


# -- the ledger of a table --------------------------------------------------------------------------


@dataclass
class Ledger:
    """A table's events as one watching connection received them, and the commands that claim them."""

    table_id: str
    events: dict[int, Frame] = field(default_factory=dict)
    last: int = 0
    verified: int = 0
    claims: dict[int, str] = field(default_factory=dict)
    pending: list[tuple[int, str, str]] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    round_ended: bool = False
    by_itself: int = 0
    """Events the table made by itself (bots, timers, presence)."""
    unknown: int = 0
    """Events of a type this client does not know (a later protocol version)."""

    def record(self, frame: Frame) -> None:
        """Keep an event frame (the watcher's stream is checked for order elsewhere)."""
        seq = int(frame["seq"])
        self.events[seq] = frame
        self.last = max(self.last, seq)

    def start_from(self, snapshot: Frame) -> None:
        """The watcher joined with a snapshot at ``seq``: events up to it are taken as verified."""
        self.verified = self.last = int(snapshot["seq"])
        self.seats = list(snapshot.get("table", {}).get("seats", []))
        view = snapshot.get("view")
        self.round_ended = bool(view and view.get("end") is not None)

    def claim(self, seq: int, kind: str, label: str) -> None:
        """An accepted command ``kind`` whose last event is ``seq`` (checked at the next ``verify``)."""
        self.pending.append((seq, kind, label))

    def verify(self) -> list[str]:
        """Check every event received so far: claimed once, or one the table makes by itself."""
        faults = [fault for seq, kind, label in self.pending if (fault := self._claim(seq, kind, label))]
        self.pending = [p for p in self.pending if p[0] > self.last]
        while self.verified < self.last:
            seq = self.verified + 1
            frame = self.events.get(seq)
            if frame is None:
                break  # not received yet: the stream check reports a real gap
            if seq not in self.claims and (why := self._unclaimed(frame)):
                faults.append(f"table {self.table_id}: event {seq} ({frame['t']}) {why}")
            self._follow(frame)
            self.verified = seq
            if seq < self.last - 400:
                self.events.pop(seq - 400, None)
        return faults

    def _claim(self, seq: int, kind: str, label: str) -> str | None:
        if seq > self.last:
            return None  # kept pending until the watcher has it
        shapes = BLOCKS.get(kind, ((self.events.get(seq, {}).get("t", "?"),),))
        got = [self.events.get(s, {}).get("t") for s in range(seq - len(shapes[0]) + 1, seq + 1)]
        for shape in shapes:
            start = seq - len(shape) + 1
            if got[-len(shape) :] == list(shape):
                while kind == "start" and self.events.get(start - 1, {}).get("t") == BOT_FILL and start - 1 > 0:
                    if start - 1 in self.claims:
                        break
                    start -= 1
                return self._take(range(start, seq + 1), label)
        return f"table {self.table_id}: {label} acked seq {seq}, but the events there are {got}"

    def _take(self, seqs: range, label: str) -> str | None:
        for s in seqs:
            if s in self.claims:
                return f"table {self.table_id}: event {s} claimed by {self.claims[s]} and by {label}"
            if s <= self.verified:
                return f"table {self.table_id}: event {s} was already accounted for when {label} claimed it"
        for s in seqs:
            self.claims[s] = label
        return None

    def _unclaimed(self, frame: Frame) -> str | None:
        """Why an event no ack claims should not exist (``None``: the table makes such events itself)."""
        kind = frame["t"]
        if kind not in KNOWN_EVENTS:
            self.unknown += 1
            return None
        if kind in ("away", "back"):
            self.by_itself += 1
            return None
        if kind == "move":
            seat = frame.get("seat")
            info = self.seats[seat] if isinstance(seat, int) and 0 <= seat < len(self.seats) else {}
            if frame.get("timeout") is True or info.get("bot") is not None or info.get("away"):
                self.by_itself += 1
                return None
            return f"is a move of seat {seat} ({info.get('name')}, a person) that no ack claims"
        if kind == "round" and self.round_ended:
            self.by_itself += 1
            return None
        return "answers no accepted command"

    def _follow(self, frame: Frame) -> None:
        """Keep what the next events are judged by: the seats, whether the round has ended."""
        if isinstance(frame.get("table"), dict):
            self.seats = list(frame["table"].get("seats", self.seats))
        view = frame.get("view")
        if frame["t"] == "round":
            self.round_ended = False
        elif frame["t"] == "move" and isinstance(view, dict) and "end" in view:
            self.round_ended = view["end"] is not None


# -- a peer -----------------------------------------------------------------------------------------


@dataclass
class Peer:
    """One WebSocket client of one table: reads every frame in the background, keeps its latest view and
    seat, and answers ``ask`` with the ack or error of a message (or the close that ended the connection)."""

    url: str
    table_id: str
    cookie: str | None = None
    name: str = "peer"
    on_event: Callable[[Frame], None] | None = None
    """Called with every event frame, in order (the table's watcher feeds its ledger)."""
    on_frame: Callable[[Frame], None] | None = None
    """Called with every frame (the soak's people react to their turn)."""
    socket: ClientConnection | None = None
    you: int | None = None
    left_at: int | None = None
    """The ``seq`` of the event that took this person's seat away (a stand, a kick, a bot put in it), if any."""
    view: dict[str, Any] | None = None
    table: dict[str, Any] | None = None
    last_seq: int = 0
    expected: int | None = None
    """The ``seq`` the next event must carry (``None`` until the snapshot or welcome)."""
    match: dict[str, Any] | None = None
    caught_up: int = 0
    """The table's ``seq`` when the connection joined (``open`` waits for the events up to it)."""
    closed: int | None = None
    faults: list[str] = field(default_factory=list)
    frames_in: int = 0
    errors: list[Frame] = field(default_factory=list)
    """Error frames received (every one, answers included)."""
    _waiters: dict[str, asyncio.Future[Frame]] = field(default_factory=dict)
    _anonymous: asyncio.Future[Frame] | None = None
    _hello: bool = False
    _reader: asyncio.Task[None] | None = None
    _joined: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def alive(self) -> bool:
        """True while the connection is open."""
        return self.socket is not None and self.closed is None

    async def open(self, last_seq: int | None = None, hello: bool = True, timeout: float = 10.0) -> Peer:
        """Connect (with the seat cookie, if any) and say hello; wait for the snapshot or welcome."""
        headers = {"Cookie": self.cookie} if self.cookie else {}
        self.socket = await connect(
            f"ws://{urlsplit(self.url).netloc}/t/{self.table_id}/ws",
            additional_headers=headers,
            open_timeout=timeout,
            max_size=None,
            compression=None,
        )
        self.closed, self.expected = None, None
        self._joined = asyncio.Event()
        self._reader = asyncio.create_task(self._read())
        if hello:
            await self.send_raw(json.dumps({"t": "hello", "v": 2, "last_seq": last_seq}))
            async with asyncio.timeout(timeout):
                await self._joined.wait()
            await self.catch_up(self.caught_up, timeout)  # a welcome's missed events follow it: the view is old
        return self

    async def catch_up(self, seq: int, within: float = 2.0) -> bool:
        """Wait (``within`` seconds at most) until this connection has had the events up to ``seq``: whether it has
        (a closed connection never does)."""
        deadline = asyncio.get_running_loop().time() + within
        while self.last_seq < seq and self.alive and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.005)
        return self.alive and self.last_seq >= seq

    async def send_raw(self, message: str | bytes, text: bool | None = None) -> None:
        """Send one message as it is (``text=True`` sends bytes in a text frame, valid UTF-8 or not)."""
        assert self.socket is not None
        await self.socket.send(message, text=text)

    async def ask(
        self, message: str | bytes, command_id: Any = None, timeout: float = 5.0, text: bool | None = None,
        hello: bool = False,
    ) -> Frame:  # fmt: skip
        """Send a message and wait for its answer: the ack or error with ``command_id``, an error without id
        (a message the server could not read as a command), the snapshot or welcome of a ``hello``, or a
        ``{"t": "closed", "code": N}`` when the connection ends first. ``UnansweredError`` after ``timeout``."""
        loop = asyncio.get_running_loop()
        anonymous: asyncio.Future[Frame] = loop.create_future()
        self._anonymous, self._hello = anonymous, hello
        waiters = [anonymous]
        if isinstance(command_id, str):
            named: asyncio.Future[Frame] = loop.create_future()
            self._waiters[command_id] = named
            waiters.append(named)
        try:
            if self.closed is not None:
                return {"t": "closed", "code": self.closed}
            with contextlib.suppress(ConnectionClosed):
                await self.send_raw(message, text=text)
            done, _ = await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if not done:
                raise UnansweredError(f"{self.name}: no answer in {timeout} s to {describe(message)}")
            return next(iter(done)).result()
        finally:
            self._anonymous = None
            if isinstance(command_id, str):
                self._waiters.pop(command_id, None)

    async def command(self, message: Frame, timeout: float = 5.0) -> Frame:
        """Send a command (a dict with its ``id``) and wait for its answer."""
        return await self.ask(json.dumps(message), message.get("id"), timeout)

    async def close(self) -> None:
        """Close the connection and stop reading."""
        if self.socket is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(5):
                    await self.socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self.closed is None:
            self.closed = 1000

    async def _read(self) -> None:
        assert self.socket is not None
        try:
            async for raw in self.socket:
                self._take(raw)
        except ConnectionClosed:
            pass
        finally:
            self.closed = self.socket.close_code or 1006
            self._resolve_all({"t": "closed", "code": self.closed})

    def _resolve_all(self, frame: Frame) -> None:
        for waiter in [*self._waiters.values(), self._anonymous]:
            if waiter is not None and not waiter.done():
                waiter.set_result(frame)

    def _take(self, raw: str | bytes) -> None:
        """One frame from the server."""
        self.frames_in += 1
        try:
            frame = json.loads(raw)
        except ValueError:
            self.faults.append(f"{self.name}: a frame that is not JSON: {raw[:120]!r}")
            return
        if not isinstance(frame, dict) or not isinstance(frame.get("t"), str):
            self.faults.append(f"{self.name}: a frame without a type: {str(frame)[:120]}")
            return
        kind = frame["t"]
        if kind in ("ack", "error"):
            self._answer(frame)
        elif kind in ("snapshot", "welcome"):
            self._join(frame)
        elif kind not in NOT_EVENTS and "seq" in frame:
            self._event(frame)
        if self.on_frame is not None:
            self.on_frame(frame)

    def _answer(self, frame: Frame) -> None:
        if frame["t"] == "error":
            self.errors.append(frame)
            if not isinstance(frame.get("code"), str) or not isinstance(frame.get("message"), str):
                self.faults.append(f"{self.name}: an error without code or message: {frame}")
        elif not isinstance(frame.get("seq"), int):
            self.faults.append(f"{self.name}: an ack without seq: {frame}")
        command_id = frame.get("id")
        waiter = self._waiters.get(command_id) if isinstance(command_id, str) else self._anonymous
        if waiter is not None and not waiter.done():
            waiter.set_result(frame)

    def _join(self, frame: Frame) -> None:
        self.you = frame.get("you")
        if self.you is not None:
            self.left_at = None  # seated as of this snapshot or welcome
        if frame["t"] == "snapshot":
            self.view, self.table, self.match = frame.get("view"), frame.get("table"), frame.get("match")
            self.expected = int(frame["seq"]) + 1
        else:
            self.expected = int(frame["from"]) + 1
        self.caught_up = int(frame["seq"])
        self.last_seq = max(self.last_seq, int(frame["seq"]) if frame["t"] == "snapshot" else self.expected - 1)
        self._joined.set()
        if self._hello and self._anonymous is not None and not self._anonymous.done():
            self._anonymous.set_result(frame)

    def _event(self, frame: Frame) -> None:
        seq = frame["seq"]
        if not isinstance(seq, int):
            self.faults.append(f"{self.name}: an event whose seq is not a number: {str(frame)[:120]}")
            return
        if self.expected is None:
            self.faults.append(f"{self.name}: event {seq} before the snapshot or welcome")
        elif seq != self.expected:
            self.faults.append(f"{self.name}: event {seq} ({frame['t']}) where {self.expected} was due")
        self.expected = seq + 1
        self.last_seq = seq
        self._follow(frame)
        if self.on_event is not None:
            self.on_event(frame)

    def _follow(self, frame: Frame) -> None:
        """Keep the latest view (a move frame patches it), table summary, result and seat."""
        kind, view = frame["t"], frame.get("view")
        if kind == "round" and isinstance(view, dict):
            self.view, self.match = dict(view), None
        elif kind == "move" and isinstance(view, dict):
            self.view = (self.view or {}) | view
            self.match = frame.get("match") or self.match
        if isinstance(frame.get("table"), dict):
            self.table = frame["table"]
        if kind in ("kicked", "stood", "bot") and frame.get("seat") == self.you:
            self.you, self.left_at = None, frame["seq"]
        if kind in ("started", "rematch"):
            self.match = None

    def my_turn(self) -> dict[str, Any] | None:
        """The view when this seat is to move (with its legal moves), else ``None``."""
        view = self.view
        if self.you is None or not view or view.get("turn") != self.you or view.get("end") is not None:
            return None
        return view if view.get("legal_moves") else None


def describe(message: str | bytes, limit: int = 160) -> str:
    """A message shortened for a report."""
    text = message if isinstance(message, str) else repr(message)
    if len(text) <= limit:
        return text
    return f"{text[: limit * 2 // 3]}...{text[-limit // 3 :]} ({len(text)} characters)"


def move_message(move: dict[str, Any]) -> Frame:
    """The command for a move as a view lists it."""
    if move.get("kind") == "play":
        return {"t": "play", "tile": move["tile"], "on": move.get("on")}
    return {"t": move.get("kind", "draw")}
