"""A real server on loopback (``python -m dominohall serve`` in a subprocess) and real WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as sync_connect

from dominohall.games.records import verify
from dominohall.server.protocol import server_frames

from ..tables.wire import ViewKeeper


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """``dominohall serve`` on a free loopback port and a SQLite file, bots moving at once."""

    db: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    options: list[str] = field(default_factory=list)
    """More ``dominohall serve`` options (limits, grace)."""
    env: dict[str, str] = field(default_factory=dict)
    """More environment variables for the server (``PYTHONPATH`` to run an installed copy)."""
    store: str | None = None
    """The event store's URL (a shared PostgreSQL database); by default the SQLite file ``db``, whose
    folder keeps the log either way."""
    program: list[str] | None = None
    """What runs ``serve`` (an installed ``dominohall`` script); by default ``python -m dominohall``."""

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        """Start the server and wait for ``/healthz``."""
        command = [
            *(self.program or [sys.executable, "-m", "dominohall"]),
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.store or f"sqlite:///{self.db}",
        ]
        # The next round is dealt at once unless a test gives the pause between rounds (a later option wins).
        command += ["--message-rate", "200", "--message-burst", "200", "--between-rounds", "0", *self.options]
        log = (self.db.parent / "server.log").open("ab")
        env = os.environ | {"DOMINOHALL_BOT_DELAY": "0"} | self.env
        self.process = subprocess.Popen(command, stdout=log, stderr=log, env=env)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if http("GET", f"{self.url}/healthz")[0] == 200:
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start: " + (self.db.parent / "server.log").read_text()[-2000:])

    def freeze(self) -> None:
        """SIGSTOP: the server reads nothing more, its sockets stay open (until a kill)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def kill(self) -> None:
        """Kill -9: no shutdown of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Stop the server politely."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def http(method: str, url: str, body: Any = None, cookie: str | None = None) -> tuple[int, Any, dict[str, str]]:
    """One HTTP request: status, parsed JSON body, headers (lower-case names)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"content-type": "application/json"} | ({"cookie": cookie} if cookie else {})
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read()), _headers(response.headers.items())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), _headers(error.headers.items())


def _headers(items: list[tuple[str, str]]) -> dict[str, str]:
    """A response's headers by lower-case name; ``set-cookie`` is the first cookie that is not the player's
    (``dh_player``, which a first visit gets beside a seat's)."""
    headers = {name.lower(): value for name, value in items if name.lower() != "set-cookie"}
    cookies = [value for name, value in items if name.lower() == "set-cookie"]
    seats = [value for value in cookies if not value.startswith("dh_player=")]
    if cookies:
        headers["set-cookie"] = (seats or cookies)[0]
    return headers


def create_table(
    server: Server, bots: list[str | None], settings: dict[str, Any], game: str = "chickenfoot"
) -> tuple[str, str]:
    """Create a table hosted by Ann in seat 0: (table id, Ann's cookie)."""
    status, body, headers = http(
        "POST", f"{server.url}/api/tables", {"game": game, "settings": settings, "bots": bots, "name": "Ann"}
    )
    assert status == 201, body
    assert body["link"] == f"/t/{body['id']}"
    return body["id"], headers["set-cookie"].split(";")[0]


@contextlib.contextmanager
def watching(server: Server, table_id: str) -> Iterator[None]:
    """A spectator connected to the table meanwhile, reading (and dropping) every frame in a thread of its own."""
    stop = threading.Event()
    with sync_connect(f"ws://127.0.0.1:{server.port}/t/{table_id}/ws") as socket:
        socket.send(json.dumps({"t": "hello", "v": 3, "last_seq": None}))

        def drain() -> None:
            while not stop.is_set():
                try:
                    socket.recv(timeout=0.2)
                except TimeoutError:
                    continue
                except ConnectionClosed:
                    return

        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        try:
            yield
        finally:
            stop.set()
            reader.join(5)


def record_when_over(server: Server, table_id: str, seconds: float = 60) -> dict[str, Any]:
    """The record of the table's first match once its bots have played it to the end (checked legal), with
    someone watching meanwhile (bots move only while someone follows the table)."""
    deadline = time.monotonic() + seconds
    with watching(server, table_id):
        while http("GET", f"{server.url}/api/tables/{table_id}")[1]["phase"] != "over":
            assert time.monotonic() < deadline, f"the bots did not finish the match in {seconds:g} s"
            time.sleep(0.05)
    status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record?match=1")
    assert status == 200 and verify(record) == [], record
    return dict(record)


def sit(server: Server, table_id: str, seat: int, name: str) -> str:
    """Take a seat: the seat's cookie."""
    status, body, headers = http("POST", f"{server.url}/api/tables/{table_id}/sit", {"seat": seat, "name": name})
    assert status == 200, body
    return headers["set-cookie"].split(";")[0]


@dataclass
class Client:
    """A WebSocket client of one table that keeps every frame it received, each checked against the protocol."""

    socket: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: int = 0
    keeper: ViewKeeper = field(default_factory=ViewKeeper)

    @classmethod
    async def open(cls, server: Server, table_id: str, cookie: str | None = None, last_seq: int | None = None,
                   frames: list[dict[str, Any]] | None = None) -> Self:  # fmt: skip
        """Connect, say hello with ``last_seq``, and wait for the welcome or snapshot."""
        headers = {"Cookie": cookie} if cookie else {}
        socket = await connect(f"ws://127.0.0.1:{server.port}/t/{table_id}/ws", additional_headers=headers)
        client = cls(socket, frames if frames is not None else [])
        await client.send({"t": "hello", "v": 3, "last_seq": last_seq})
        await client.until(lambda f: f["t"] in ("snapshot", "welcome"))
        return client

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        await self.socket.send(message if isinstance(message, str) else json.dumps(message))

    async def command(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a command with a fresh id and wait for its ack or error."""
        self.sent += 1
        command_id = message.get("id") or f"c{self.sent}-{time.monotonic_ns()}"
        await self.send(message | {"id": command_id})
        return await self.until(lambda f: f["t"] in ("ack", "error") and f.get("id") == command_id)

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame (kept and checked).

        The wait is ``asyncio.timeout``, not ``asyncio.wait_for``: on Python 3.11, a task cancelled in the loop
        pass in which its frame arrived went on inside ``wait_for`` as if never cancelled (a reader of a busy
        table then read on until the match ended, minutes later)."""
        async with asyncio.timeout(timeout):
            frame = json.loads(await self.socket.recv())
        server_frames.validate_python(frame)
        self.frames.append(frame)
        return frame  # type: ignore[no-any-return]

    async def until(self, wanted: Any, timeout: float = 10.0) -> dict[str, Any]:
        """Receive until a frame for which ``wanted(frame)`` is true."""
        while True:
            frame = await self.receive(timeout)
            if wanted(frame):
                return frame

    def last_seq(self) -> int:
        """The highest ``seq`` received."""
        return max((f["seq"] for f in self.frames if f["t"] != "ack" and "seq" in f), default=0)

    def last_view(self) -> dict[str, Any] | None:
        """The latest view, every frame received applied."""
        return self.keeper.latest(self.frames)

    def is_over(self) -> bool:
        """True once a frame said the match is over."""
        return any(f.get("match") for f in self.frames)

    async def catch_up(self, seq: int) -> None:
        """Receive until the frame of event ``seq`` (or a later one) has arrived."""
        if self.last_seq() < seq:
            await self.until(lambda f: f["t"] != "ack" and f.get("seq", 0) >= seq)

    async def close(self) -> None:
        """Close the connection."""
        await self.socket.close()


async def my_turn(client: Client, seat: int) -> dict[str, Any] | None:
    """Wait until it is ``seat``'s turn (its view), or ``None`` once the match is over."""
    while True:
        if client.is_over():
            return None
        view = client.last_view()
        if view and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
            return view
        await client.receive()


def move_message(move: dict[str, Any]) -> dict[str, Any]:
    """The command for a move as a view lists it."""
    if move["kind"] == "play":
        return {"t": "play"} | {key: move[key] for key in ("tile", "on", "train") if key in move}
    return {"t": move["kind"]}


async def play_turns(client: Client, seat: int, limit: int | None = None) -> list[dict[str, Any]]:
    """Make ``seat``'s first legal move at each of its turns until the match is over (or ``limit`` moves):
    the acks."""
    acks: list[dict[str, Any]] = []
    while limit is None or len(acks) < limit:
        view = await my_turn(client, seat)
        if view is None:
            break
        answer = await client.command(move_message(view["legal_moves"][0]))
        assert answer["t"] == "ack", answer
        acks.append(answer)
        await client.until(lambda f, seq=answer["seq"]: f["t"] != "ack" and f.get("seq", 0) >= seq)
    return acks


ADMIN_TOKEN = "operator-secret-0123456789"
"""The operator's token of ``console_server``'s servers (``DOMINOHALL_ADMIN_TOKEN``)."""


def console_server(folder: Path, options: list[str] | None = None) -> Server:
    """A server with the operator's console on (``ADMIN_TOKEN``), SQLite in ``folder``, started."""
    return Server(folder / "db.sqlite", options=options or [], env={"DOMINOHALL_ADMIN_TOKEN": ADMIN_TOKEN}).start()


def admin(server: Server, *args: str) -> Any:
    """``dominohall admin --db <the server's file> --json ARGS``: its JSON output (it must succeed)."""
    command = [sys.executable, "-m", "dominohall", "admin", "--db", f"sqlite:///{server.db}", "--url", server.url]
    env = os.environ | {"DOMINOHALL_ADMIN_TOKEN": ADMIN_TOKEN}
    done = subprocess.run([*command, "--json", *args], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
