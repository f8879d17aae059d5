"""Cluster load: N ``dominohall serve`` processes on one private PostgreSQL, one of them killed mid-run.
Prints one JSON line of figures.

Starts a private PostgreSQL server (``tests/postgres.py``: Debian's binaries, ``initdb`` into a temporary
folder, ``fsync`` on) and ``--processes`` serve processes on it with bots moving at once. It creates
``--tables`` four-seat Chicken Foot tables (one scripted person, three bots), each through the processes
in turn, and connects each table's person through the next process (so a person is rarely connected to
the table's owner), starts every match, and lets each person move at ``--rate`` moves a second at most.
``--kill-after`` seconds into the measured ``--seconds`` the process owning the most tables is killed
with SIGKILL. Its people's connections end; they stay away for ``--reconnect-after`` seconds (the
survivors must take the tables up with no client asking), then come back through a live process with
the last ``seq`` they saw and send again the commands that had no answer (the same ids).

- ``moves_per_s``: moves stored during the measured time (every table, the person's and the bots');
- ``ack_p50_ms``, ``ack_p99_ms``: from sending a move to its ``ack``, over every ack while measuring but
  those of the commands sent again after the kill (``resent``: their wait is the person's absence); and the
  p99 of the commands sent before the kill, in the 5 s after it, and later;
- ``tables_per_process_min``, ``_max``, ``_spread``: the tables each process owns just before the kill
  (``/healthz``), and the largest deviation from their mean as a fraction of it;
- ``takeover_s``: for every table, the wait of its first owner's work after the kill (a bot's move or a
  deal), from the kill or from the event that made it due, whichever is later; the worst table. A table
  whose owner lived answers in milliseconds; one whose owner died waits until a survivor takes it up;
- ``owned_again_s``: from the kill until the survivors own as many tables as the processes owned before it;
- ``lost_moves``: commands acknowledged to a client whose event is not in the store (must be 0);
- ``errors``: error frames, failed connections, commands never answered; ``error_examples``: a few;
- ``server_cpu_ms_per_move``: the serve processes' CPU time while measuring, per move (all of them);
  ``db_cpu_ms_per_move``: PostgreSQL's (every backend's, exited ones included), per move;
- ``lobby_requests``, ``lobby_p50_ms``, ``lobby_p99_ms``: visitors of the lobby (``GET /api/tables``) at
  ``--lobby-rate`` requests a second in all, spread over the live processes, and the time of each answer;
  ``lobby_failed``: requests that got no lobby (errors, on the killed process); ``listings_reads``: the
  statements that read the other processes' listings from PostgreSQL meanwhile (counted by
  ``pg_stat_statements``), and ``listings_reads_per_lobby_request``: 1.0 if every request read the table
  itself; each process reads it at most once a second (docs/architecture.md), so far less under load;
- ``events_per_s``, ``notifies_per_s``: rows appended and notifications sent (a listener of this bench
  counts them), a second; ``wal_bytes_per_move``: the WAL written while measuring, per move;
  ``db_bytes_per_event``: the events table's size on disk (indexes included) over its rows, at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server_load import Figures, Scripted, cpu_seconds, create_table, percentile
from serving import free_port

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: its tests start PostgreSQL
from tests.postgres import PostgresServer

from dominohall.store.coordinator import READ_LISTINGS
from dominohall.tables.state import token_hash


def start_process(folder: Path, url: str, options: list[str]) -> tuple[subprocess.Popen[bytes], int]:
    """``dominohall serve`` on a free port with the store at ``url``, bots at once; once ``/healthz`` answers."""
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = [sys.executable, "-m", "dominohall", "serve", "--port", str(port), "--db", url, *options]
    log = (folder / "server.log").open("ab")
    process = subprocess.Popen(command, stdout=log, stderr=log, env=os.environ | {"DOMINOHALL_BOT_DELAY": "0"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if health(port)["ok"]:
                return process, port
        time.sleep(0.05)
    process.kill()
    raise RuntimeError("a serve process did not start: " + (folder / "server.log").read_text()[-2000:])


def health(port: int) -> dict[str, Any]:
    """The process's ``/healthz``."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
        return dict(json.loads(response.read()))


def group_cpu_seconds(leader: int) -> float:
    """CPU time of process ``leader`` and its children, the exited (reaped) ones included."""
    fields = Path(f"/proc/{leader}/stat").read_text().rsplit(")", 1)[1].split()
    total = sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    for child in Path(f"/proc/{leader}/task/{leader}/children").read_text().split():
        with contextlib.suppress(OSError):
            total += cpu_seconds(int(child))
    return total


@dataclass
class ClusterFigures(Figures):
    """What every client adds to: the single process's figures, and what a kill asks for."""

    sent_at: list[float] = field(default_factory=list)
    """When each timed command was first sent (``time.perf_counter``), in the order of ``acks_ms``."""
    acked: list[str] = field(default_factory=list)
    """The stored command ids (``<token hash prefix>:<id>``) of every acknowledged command."""
    resent: int = 0
    """Commands sent again after a reconnect (their acks are not timed)."""


@dataclass(kw_only=True)
class Person(Scripted):
    """The scripted person of one table: moves from its own views at a fixed rate, and when its process is
    killed comes back through another one, sending again what had no answer (``pending`` holds, per command
    id, when it was first sent and its message)."""

    table_id: str
    cookie: str
    port: int
    figures: ClusterFigures
    socket: Any = None
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    @property
    def key(self) -> str:
        """The prefix of the stored command ids of this person (``tables.actor.command_key``)."""
        return token_hash(self.cookie.split("=", 1)[1])[:16]

    async def open(self, port: int) -> None:
        """Connect through ``port``, say hello from the last ``seq`` seen, and send again every unanswered command."""
        self.port = port
        self.socket = await connect(
            f"ws://127.0.0.1:{port}/t/{self.table_id}/ws", additional_headers={"Cookie": self.cookie}, open_timeout=60
        )
        await self.socket.send(json.dumps({"t": "hello", "v": 3, "last_seq": self.seen or None}))
        for command_id, (_, text) in list(self.pending.items()):
            self.pending[command_id] = (-1.0, text)  # its answer is not timed: the person was away
            self.figures.resent += 1
            await self.socket.send(text)
        self.connected.set()
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        """Take every frame until the connection ends."""
        try:
            async for text in self.socket:
                self.take(json.loads(text))
        except ConnectionClosed:
            pass
        self.connected.clear()
        self.changed.set()

    def take(self, frame: dict[str, Any]) -> None:
        """One frame: acks timed, errors counted, views kept."""
        kind = frame["t"]
        if kind in {"ack", "error"}:
            first = self.pending.pop(str(frame.get("id")), None)
            if kind == "error":
                self.figures.error(f"{frame.get('code')}: {frame.get('message')}")
            else:
                self.figures.acked.append(f"{self.key}:{frame['id']}")
                if first is not None and first[0] >= 0 and self.figures.measuring:
                    self.figures.acks_ms.append((time.perf_counter() - first[0]) * 1000)
                    self.figures.sent_at.append(first[0])
        self.note(frame)

    async def command(self, message: dict[str, Any]) -> None:
        """Send a command with a fresh id (kept until answered, to be sent again after a reconnect)."""
        command_id = self.next_id()
        text = json.dumps(message | {"id": command_id})
        self.pending[command_id] = (time.perf_counter(), text)
        with contextlib.suppress(ConnectionClosed):
            await self.socket.send(text)

    async def ready(self, stop: float) -> bool:
        """True while connected; else wait for the connection (at most until ``stop``)."""
        if self.connected.is_set():
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), max(0.01, stop - time.perf_counter()))
        return False

    async def close(self) -> None:
        """Close the connection and end the reader."""
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader


@dataclass
class Cluster:
    """The private PostgreSQL server and the serve processes on it."""

    postgres: PostgresServer
    url: str
    processes: list[subprocess.Popen[bytes]]
    ports: list[int]

    def cpu(self) -> list[float]:
        """Each live serve process's CPU seconds so far (0 for a dead one)."""
        return [cpu_seconds(p.pid) if p.poll() is None else 0.0 for p in self.processes]

    def db_cpu(self) -> float:
        """PostgreSQL's CPU seconds so far (the postmaster and every backend, exited ones included)."""
        assert self.postgres.process is not None
        return group_cpu_seconds(self.postgres.process.pid)

    def wal_lsn(self) -> int:
        """The current WAL position, in bytes."""
        with psycopg.connect(self.postgres.url()) as connection:
            row = connection.execute("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn").fetchone()
        assert row is not None
        return int(row[0])


async def count_notifications(url: str, counted: list[int], ready: asyncio.Event) -> None:
    """Count the store's notifications while ``counted[1]`` is 1 (into ``counted[0]``)."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
        await connection.execute("LISTEN dominohall")
        ready.set()
        async for _ in connection.notifies():
            counted[0] += counted[1]


LISTINGS_READ = READ_LISTINGS.split("%s")[0]
"""How the coordinator's read of the other processes' listings begins, as PostgreSQL's statistics show it."""


def listings_reads(url: str) -> int:
    """The reads of the other processes' listings PostgreSQL has run since its statistics were reset."""
    with psycopg.connect(url) as connection:
        row = connection.execute(
            "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE query LIKE %s", [LISTINGS_READ + "%"]
        ).fetchone()
    assert row is not None
    return int(row[0])


def reset_statements(url: str) -> None:
    """Start counting statements afresh (``pg_stat_statements``)."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        connection.execute("SELECT pg_stat_statements_reset()")


@dataclass
class Lobby:
    """Visitors of the lobby: ``rate`` requests a second in all, round the live processes (``ports``)."""

    ports: list[int]
    rate: float
    times_ms: list[float] = field(default_factory=list)
    failed: int = 0

    async def visit(self, stop: float) -> None:
        """Ask for the lobby at the rate until ``stop`` (``time.perf_counter``); each answer timed."""
        if self.rate <= 0:
            return
        asked: set[asyncio.Task[None]] = set()
        n = 0
        while time.perf_counter() < stop:
            task = asyncio.create_task(self.ask(self.ports[n % len(self.ports)]))
            asked.add(task)
            task.add_done_callback(asked.discard)
            n += 1
            await asyncio.sleep(1 / self.rate)
        await asyncio.gather(*asked)

    async def ask(self, port: int) -> None:
        """One request, timed; an answer that is not a lobby counts as failed."""
        began = time.perf_counter()
        try:
            found = await asyncio.to_thread(lobby, port)
        except Exception:
            self.failed += 1
            return
        if isinstance(found, dict) and isinstance(found.get("tables"), list):
            self.times_ms.append(1000 * (time.perf_counter() - began))
        else:
            self.failed += 1


def lobby(port: int) -> object:
    """The tables a process lists in its lobby."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=10) as response:
        return json.loads(response.read())


async def run(args: argparse.Namespace, cluster: Cluster) -> dict[str, Any]:
    """Create and connect the tables, play, kill a process, and gather the figures."""
    figures = ClusterFigures()
    ports = cluster.ports
    count = len(ports)
    creating = asyncio.Semaphore(8)

    async def one_table(n: int) -> tuple[int, str, str] | None:
        async with creating:
            try:
                table_id, cookie = await asyncio.to_thread(create_table, ports[n % count], "medium")
            except Exception as error:
                figures.error(f"create: {error}")
                return None
            return n, table_id, cookie

    created = [t for t in await asyncio.gather(*(one_table(n) for n in range(args.tables))) if t is not None]
    people = [
        Person(table_id=table_id, cookie=cookie, port=ports[(n + 1) % count], figures=figures, rate=args.rate)
        for n, table_id, cookie in created
    ]
    connecting = asyncio.Semaphore(50)

    async def join(person: Person) -> None:
        async with connecting:
            try:
                await person.open(person.port)
            except Exception as error:
                figures.error(f"connect: {error}")
                return
            await person.command({"t": "start"})

    await asyncio.gather(*(join(person) for person in people))
    people = [person for person in people if person.connected.is_set()]
    deadline = time.perf_counter() + 30 + args.tables / 20
    while time.perf_counter() < deadline and not all(p.my_view() is not None for p in people):
        await asyncio.sleep(0.1)
    await asyncio.sleep(2 * 1.5)  # two rounds of the halls: every table owned by the process chosen for it

    counted, listening = [0, 0], asyncio.Event()
    listener = asyncio.create_task(count_notifications(cluster.url, counted, listening))
    await listening.wait()
    gc.collect()
    gc.freeze()
    gc.disable()
    figures.measuring = True
    counted[1] = 1
    await asyncio.to_thread(reset_statements, cluster.url)
    cpu_before, db_before, wal_before = cluster.cpu(), cluster.db_cpu(), cluster.wal_lsn()
    began_wall, began = time.time(), time.perf_counter()
    stop = began + args.seconds
    players = [asyncio.create_task(person.play(stop)) for person in people]
    visitors = Lobby(list(ports), args.lobby_rate)
    visiting = asyncio.create_task(visitors.visit(stop))

    await asyncio.sleep(args.kill_after)
    owned = [health(port)["owned"] for port in ports]
    victim = owned.index(max(owned))
    cpu_at_kill = cluster.cpu()
    cluster.processes[victim].send_signal(signal.SIGKILL)
    killed_wall, killed_at = time.time(), time.perf_counter()
    cluster.processes[victim].wait()
    survivors = [port for n, port in enumerate(ports) if n != victim]
    visitors.ports[:] = survivors
    owned_again = await until_owned(survivors, sum(owned), args.reconnect_after)

    async def come_back(person: Person) -> None:
        await person.close()
        try:
            await person.open(survivors[hash(person.table_id) % len(survivors)])
        except Exception as error:
            figures.error(f"reconnect: {error}")

    await asyncio.sleep(max(0.0, killed_wall + args.reconnect_after - time.time()))
    await asyncio.gather(*(come_back(p) for p in people if p.port == ports[victim]))
    await asyncio.gather(*players, visiting)
    elapsed = time.perf_counter() - began
    ended_wall = time.time()
    cpu_after = cluster.cpu()
    cpu_used = sum(cpu_after) + cpu_at_kill[victim] - sum(cpu_before)
    db_used, wal_used = cluster.db_cpu() - db_before, cluster.wal_lsn() - wal_before
    counted[1] = 0
    figures.measuring = False
    gc.enable()
    settle = time.perf_counter() + 10
    while time.perf_counter() < settle and any(p.pending for p in people):
        await asyncio.sleep(0.05)
    unanswered = sum(len(p.pending) for p in people)
    if unanswered:
        figures.error(f"{unanswered} commands without an answer")
    for person in people:
        await person.close()
    listener.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await listener

    reads = await asyncio.to_thread(listings_reads, cluster.url)
    stored = await asyncio.to_thread(read_store, cluster.url, figures.acked, began_wall, ended_wall, killed_wall)
    moves, events, lost, waits, event_bytes = stored
    timed = list(zip(figures.acks_ms, figures.sent_at, strict=True))
    mean = sum(owned) / len(owned)
    return {
        "processes": count,
        "tables": len(people),
        "seconds": round(elapsed, 1),
        "rate": args.rate,
        "moves_per_s": round(moves / elapsed, 1),
        "acks": len(figures.acks_ms),
        "ack_p50_ms": percentile(figures.acks_ms, 0.5),
        "ack_p99_ms": percentile(figures.acks_ms, 0.99),
        "ack_p99_before_kill_ms": percentile([a for a, t in timed if t < killed_at], 0.99),
        "ack_p99_kill_to_5s_ms": percentile([a for a, t in timed if killed_at <= t < killed_at + 5], 0.99),
        "ack_p99_later_ms": percentile([a for a, t in timed if t >= killed_at + 5], 0.99),
        "tables_per_process": owned,
        "tables_per_process_min": min(owned),
        "tables_per_process_max": max(owned),
        "tables_per_process_spread": round(max(abs(n - mean) for n in owned) / mean, 3),
        "killed_owned": owned[victim],
        "takeover_s": round(max(waits, default=0.0), 2),
        "takeover_tables": sum(wait > 0.5 for wait in waits),
        "owned_again_s": None if owned_again is None else round(owned_again - killed_wall, 2),
        "lost_moves": lost,
        "resent": figures.resent,
        "server_cpu_ms_per_move": round(1000 * cpu_used / max(1, moves), 3),
        "server_cpu_share": round(cpu_used / elapsed, 2),
        "db_cpu_ms_per_move": round(1000 * db_used / max(1, moves), 3),
        "lobby_requests": len(visitors.times_ms),
        "lobby_p50_ms": percentile(visitors.times_ms, 0.5),
        "lobby_p99_ms": percentile(visitors.times_ms, 0.99),
        "lobby_failed": visitors.failed,
        "listings_reads": reads,
        "listings_reads_per_lobby_request": round(reads / max(1, len(visitors.times_ms)), 3),
        "events_per_s": round(events / elapsed, 1),
        "notifies_per_s": round(counted[0] / elapsed, 1),
        "wal_bytes_per_move": round(wal_used / max(1, moves)),
        "db_bytes_per_event": event_bytes,
        "errors": figures.errors,
        "error_examples": figures.details,
    }


async def until_owned(ports: list[int], wanted: int, timeout: float) -> float | None:
    """Poll the processes' ``/healthz`` until they own ``wanted`` tables together: when (``time.time``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        owned = await asyncio.gather(*(asyncio.to_thread(health, port) for port in ports))
        if sum(h["owned"] for h in owned) >= wanted:
            return time.time()
        await asyncio.sleep(0.1)
    return None


def read_store(
    url: str, acked: list[str], began: float, ended: float, killed: float
) -> tuple[int, int, int, list[float], int]:
    """From the store: the moves and events stored while measuring, the acked commands missing from it, per
    table the wait of its first owner's work after the kill, and the bytes an event takes (with indexes)."""
    with psycopg.connect(url) as connection:
        window = [began, ended]
        row = connection.execute(
            "SELECT count(*) FILTER (WHERE payload->>'t' = 'move'), count(*) FROM events WHERE time BETWEEN %s AND %s",
            window,
        ).fetchone()
        assert row is not None
        found = {r[0] for r in connection.execute("SELECT command_id FROM events WHERE command_id = ANY(%s)", [acked])}
        rows = connection.execute(
            "SELECT table_id, time, actor, payload->>'t' FROM events WHERE time > %s - 60 ORDER BY table_id, seq",
            [killed],
        ).fetchall()
        size = connection.execute("SELECT pg_total_relation_size('events') / count(*) FROM events").fetchone()
    return int(row[0]), int(row[1]), len(set(acked) - found), owner_waits(rows, killed), int(size[0] if size else 0)


def owner_waits(rows: list[tuple[str, float, str, str]], killed: float) -> list[float]:
    """Per table, how long its first owner's work after ``killed`` waited (a bot's move, the next deal, a
    move for a seat out of time: never a person's ``back``, which a person's return makes anywhere): from
    the kill or the event before it, whichever is later."""
    waits: dict[str, float] = {}
    previous: dict[str, float] = {}
    for table_id, at, actor, kind in rows:
        owners = actor.startswith("bot:") or (actor == "server" and kind in ("dealt", "move"))
        if at > killed and owners and table_id not in waits:
            waits[table_id] = at - max(killed, previous.get(table_id, killed))
        previous[table_id] = at
    return list(waits.values())


def main() -> None:
    """Parse the options, run the cluster, print the figures as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=3, help="serve processes (default 3)")
    parser.add_argument("--tables", type=int, default=60, help="concurrent tables (default 60)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the clients play (default 30)")
    parser.add_argument("--rate", type=float, default=0.2, help="each person's moves a second at most (default 0.2)")
    parser.add_argument("--kill-after", type=float, help="seconds into the run the busiest process is killed (1/3)")
    parser.add_argument(
        "--reconnect-after", type=float, default=10.0, help="seconds its people stay away after the kill (default 10)"
    )
    parser.add_argument(
        "--lobby-rate", type=float, default=20.0, help="lobby requests a second, all processes (default 20)"
    )
    parser.add_argument("--logs", type=Path, help="copy the serve processes' logs into this folder at the end")
    args = parser.parse_args()
    if args.kill_after is None:
        args.kill_after = args.seconds / 3
    if args.processes < 2 or args.kill_after + args.reconnect_after >= args.seconds:
        parser.error("two processes at least, and the people must come back before the end")
    postgres = PostgresServer(settings={"shared_preload_libraries": "pg_stat_statements"}).start()
    processes: list[subprocess.Popen[bytes]] = []
    try:
        with tempfile.TemporaryDirectory(prefix="dominohall-cluster-") as temp:
            url = postgres.url("dominohall_tests")
            room = str(args.tables + 16)
            options = ["--connections-per-address", room, "--tables-per-minute", room]
            ports = []
            for n in range(args.processes):
                process, port = start_process(Path(temp) / f"p{n}", url, options)
                processes.append(process)
                ports.append(port)
            while any(health(port)["processes"] != args.processes for port in ports):
                time.sleep(0.1)
            figures = asyncio.run(run(args, Cluster(postgres, url, processes, ports)))
            if args.logs:
                args.logs.mkdir(parents=True, exist_ok=True)
                for n in range(args.processes):
                    shutil.copy(Path(temp) / f"p{n}" / "server.log", args.logs / f"p{n}.log")
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        postgres.stop()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
