"""Soak: tables playing whole matches for ``--minutes`` on one real server. Prints one JSON line of figures.

Starts its own ``dominohall serve`` (SQLite in a temporary folder, bots waiting ``--bot-delay`` before they
move, a grace period of ``--grace`` seconds) and keeps ``--tables`` tables busy: each has scripted people
(who think a moment and play a legal move from their own view, chat now and then, and disconnect at random
to come back after up to twice the grace period, so that a bot sometimes stands in for them), bots, a
spectator who comes and goes, and a slow reader who takes a frame every 200 ms. A finished match is
followed by a rematch three times in four, else the table is left and a new one made.

- ``lost_moves``: moves whose ``ack`` a person received but which the store does not hold as that seat's
  move with that command id (read from the SQLite file at the end);
- ``errors``: 5xx answers, error or traceback lines in the server's log, error frames answering a person's
  command, a person's connection closed by the server, and events of a table no ack and no bot accounts
  for (``ledger_faults``, see ``tests/server/peers.py``); the first ten are in ``error_samples``;
- ``unanswered``: commands with neither ack nor error within 10 s;
- ``rss_growth_pct``: the server's resident memory at the end against the end of the warm-up
  (``--warmup`` seconds, by default a fifth of the run, at most two minutes); ``rss_kib`` both;
- ``matches``, ``moves_acked``, ``rematches``, ``tables_made``, ``reconnects``, ``away`` (a bot stood in),
  ``slow_closes`` (how the slow readers' connections ended, by close code: 1013 is the server dropping a
  client too slow for its frames; until issue 17's slow-client defect is fixed they end by the keepalive
  timeout instead, 1006 or 1011, counted here and not as errors), ``ack_p50_ms``/``ack_p99_ms``,
  ``server_cpu_share``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.harness import Server
from tests.server.peers import (
    JSON,
    Frame,
    Ledger,
    LogWatch,
    Peer,
    UnansweredError,
    http_async,
    json_body,
    move_message,
)

from dominohall.engine.moves import NO_TILE
from dominohall.engine.tiles import parse_tile

DEADLINE = 10.0
"""Seconds within which a command must be answered."""


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class AckedMove:
    """A move a person had acknowledged: where the store must hold it."""

    table_id: str
    key: str
    seat: int
    move: dict[str, Any]


@dataclass
class Figures:
    """What every table adds to."""

    errors: list[str] = field(default_factory=list)
    unanswered: int = 0
    ledger_faults: int = 0
    moves: list[AckedMove] = field(default_factory=list)
    ack_ms: list[float] = field(default_factory=list)
    matches: int = 0
    rematches: int = 0
    tables_made: int = 0
    reconnects: int = 0
    away: int = 0
    slow_closes: dict[str, int] = field(default_factory=dict)
    """How the slow readers' connections ended, by close code (1013: dropped for being slow)."""
    chats: int = 0


@dataclass
class Person:
    """A scripted person at a table: a seat cookie, a connection, and a wake-up on every frame."""

    peer: Peer
    seat: int
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    counter: int = 0
    done: bool = False
    """The table is being left: stop after the command in hand."""

    def next_id(self) -> str:
        """A fresh command id."""
        self.counter += 1
        return f"m{self.counter}"


class Soak:
    """Keeps ``tables`` tables playing on ``server`` until ``stop_at`` (``time.monotonic``)."""

    def __init__(self, server: Server, args: argparse.Namespace) -> None:
        self.server, self.args = server, args
        self.rng = random.Random(args.seed)
        self.figures = Figures()
        self.log = LogWatch(server.db.parent / "server.log")
        self.stop_at = time.monotonic() + args.minutes * 60
        self.stopping = False

    def error(self, what: str) -> None:
        """Count an error."""
        self.figures.errors.append(what[:300])

    async def http(self, method: str, path: str, body: Any = None) -> tuple[int, Any, str | None]:
        """An HTTP request: status, JSON body, the seat cookie set; a 5xx is an error."""
        answer = await http_async(method, self.server.url + path, None if body is None else json_body(body), JSON)
        if answer.status >= 500:
            self.error(f"http {answer.status}: {method} {path}")
        return answer.status, answer.json(), answer.cookie()

    async def command(self, person: Person, message: Frame, ledger: Ledger, kind: str) -> Frame | None:
        """Send a person's command; an error or no answer is counted, an ack claimed in the ledger."""
        began = time.perf_counter()
        try:
            answer = await person.peer.command(message, DEADLINE)
        except UnansweredError:
            self.figures.unanswered += 1
            return None
        if answer["t"] == "ack":
            self.figures.ack_ms.append((time.perf_counter() - began) * 1000)
            ledger.claim(int(answer["seq"]), kind, f"{person.peer.name} {kind} {message['id']}")
            return answer
        if answer["t"] == "error":
            self.error(f"{person.peer.name}: {message} answered {answer}")
        return None  # closed: the person reconnects

    # -- a table ----------------------------------------------------------------------------------

    async def table_loop(self) -> None:
        """Make tables one after the other until the end."""
        while not self.stopping:
            try:
                await self.one_table()
            except Exception as error:  # a fault of the bench is reported, never silently passed
                self.error(f"bench: {type(error).__name__}: {error}")
                await asyncio.sleep(1)

    async def one_table(self) -> None:
        """A table's whole life: created, people seated, matches and rematches, left."""
        rng = self.rng
        game = rng.choice(["chickenfoot", "standard"])
        players = 4 if game == "chickenfoot" else rng.choice([2, 3, 4])
        people = rng.choice([1, 2, 2, 3]) if players > 2 else rng.choice([1, 2])
        bots = [None] * people + [rng.choice(["easy", "medium"]) for _ in range(players - people)]
        settings = {"players": players} | (
            {"length": rng.choice(["one", "half"])} if game == "chickenfoot" else {"target": rng.choice([None, 50])}
        )
        body = {"game": game, "settings": settings, "bots": bots, "name": "Host", "seat": 0}
        status, created, cookie = await self.http("POST", "/api/tables", body)
        if status != 201 or cookie is None:
            self.error(f"create: {status} {created}")
            await asyncio.sleep(1)
            return
        self.figures.tables_made += 1
        table_id = created["id"]
        ledger = Ledger(table_id)
        watcher = await Peer(self.server.url, table_id, name=f"{table_id}/watcher", on_event=ledger.record).open()
        ledger.start_from({"seq": watcher.last_seq, "table": watcher.table or {}, "view": None})
        cookies = [cookie]
        for seat in range(1, people):
            status, sat, seat_cookie = await self.http(
                "POST", f"/api/tables/{table_id}/sit", {"seat": seat, "name": f"P{seat}"}
            )
            if status != 200 or seat_cookie is None:
                self.error(f"sit: {status} {sat}")
                return
            ledger.claim(int(sat["seq"]), "sit", f"sit {seat}")
            cookies.append(seat_cookie)
        persons = [
            Person(Peer(self.server.url, table_id, c, name=f"{table_id}/p{seat}"), seat)
            for seat, c in enumerate(cookies)
        ]
        for person in persons:
            person.peer.on_frame = self.waker(person)
            await person.peer.open()
        playing = [asyncio.create_task(self.play(person, ledger)) for person in persons]
        watchers = [asyncio.create_task(self.spectate(table_id)), asyncio.create_task(self.slow_reader(table_id))]
        try:
            await self.matches(persons[0], watcher, ledger)
        finally:
            for person in persons:
                person.done = True
            # people finish the command they are sending (its ack must reach the ledger); watchers just stop
            await asyncio.wait(playing, timeout=DEADLINE + self.args.grace * 2 + 2)
            for task in [*playing, *watchers]:
                task.cancel()
            await asyncio.gather(*playing, *watchers, return_exceptions=True)
            await self.settle(table_id, watcher, ledger)
            self.figures.away += sum(1 for f in ledger.events.values() if f["t"] == "away")
            for peer in [watcher, *(p.peer for p in persons)]:
                await peer.close()

    async def matches(self, host: Person, watcher: Peer, ledger: Ledger) -> None:
        """Start the match; after each one, check its record and (three times in four) ask for a rematch."""
        await self.command(host, {"t": "start", "id": host.next_id()}, ledger, "start")
        number = 1
        while not self.stopping:
            while watcher.match is None and not self.stopping and watcher.alive:
                await asyncio.sleep(0.1)
            if self.stopping or not watcher.alive:
                return
            self.figures.matches += 1
            await self.settle(watcher.table_id, watcher, ledger)
            status, record, _ = await self.http("GET", f"/api/tables/{watcher.table_id}/record?match={number}")
            if status != 200 or not isinstance(record, dict) or not record.get("winners"):
                self.error(f"record of match {number} at {watcher.table_id}: {status}")
            if self.rng.random() >= 0.75:
                return
            await asyncio.sleep(self.rng.uniform(0.2, 1.0))
            if await self.command(host, {"t": "rematch", "id": host.next_id()}, ledger, "rematch") is None:
                return
            self.figures.rematches += 1
            number += 1
            while watcher.match is not None and watcher.alive:
                await asyncio.sleep(0.02)

    async def settle(self, table_id: str, watcher: Peer, ledger: Ledger) -> None:
        """Wait until the watcher has every event the table has, then account for each."""
        status, summary, _ = await self.http("GET", f"/api/tables/{table_id}")
        if status != 200:
            self.error(f"summary of {table_id}: {status}")
            return
        deadline = time.monotonic() + DEADLINE
        while watcher.last_seq < int(summary["seq"]) and watcher.alive and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        faults = ledger.verify() + watcher.faults
        watcher.faults = []
        self.figures.ledger_faults += len(faults)
        for fault in faults:
            self.error(f"ledger: {fault}")

    @staticmethod
    def waker(person: Person) -> Callable[[Frame], None]:
        """The callback that wakes a person up on every frame."""
        return lambda frame: person.changed.set()

    async def play(self, person: Person, ledger: Ledger) -> None:
        """A person: plays at each turn after a moment's thought, chats now and then, and leaves at random
        to come back later (with its last seq, or none)."""
        rng, peer = self.rng, person.peer
        while not self.stopping and not person.done:
            if not peer.alive:  # a person's connection closes only when the person leaves
                self.error(f"{peer.name} closed with {peer.closed}")
                await self.come_back(person)
                continue
            view = peer.my_turn()
            if view is None:
                person.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(person.changed.wait(), 1.0)
                continue
            await asyncio.sleep(rng.uniform(0.05, self.args.think))
            if peer.my_turn() is not view or not peer.alive:
                continue
            await self.move(person, view, ledger)
            if rng.random() < 0.03:
                await self.chat(person, ledger)
            if rng.random() < self.args.leave:
                await peer.close()
                await asyncio.sleep(rng.uniform(0.2, self.args.grace * 2))
                await self.come_back(person)

    async def move(self, person: Person, view: dict[str, Any], ledger: Ledger) -> None:
        """Play one of the legal moves; remember it for the store check once acknowledged."""
        move = self.rng.choice(view["legal_moves"])
        message = move_message(move) | {"id": person.next_id(), "at": person.peer.last_seq}
        answer = await self.command(person, message, ledger, message["t"])
        if answer is not None and person.peer.cookie:
            token = person.peer.cookie.split("=", 1)[1]
            key = f"{hashlib.sha256(token.encode()).hexdigest()[:16]}:{message['id']}"
            self.figures.moves.append(AckedMove(person.peer.table_id, key, person.seat, move))

    async def chat(self, person: Person, ledger: Ledger) -> None:
        """Say something."""
        if await self.command(person, {"t": "chat", "id": person.next_id(), "text": "nice one"}, ledger, "chat"):
            self.figures.chats += 1

    async def come_back(self, person: Person) -> None:
        """Connect again, with the last seq seen (four times in five) or none."""
        last = person.peer.last_seq if self.rng.random() < 0.8 else None
        await person.peer.close()
        await person.peer.open(last)
        self.figures.reconnects += 1

    async def spectate(self, table_id: str) -> None:
        """A spectator who watches a few seconds, leaves, and comes back."""
        while not self.stopping:
            peer = await Peer(self.server.url, table_id, name=f"{table_id}/spectator").open()
            try:
                await asyncio.sleep(self.rng.uniform(1, 10))
                if peer.closed is not None:
                    self.error(f"spectator closed with {peer.closed}")
            finally:  # also when the table is left meanwhile: an open connection would keep the table loaded
                await peer.close()
            await asyncio.sleep(self.rng.uniform(0.5, 5))

    async def slow_reader(self, table_id: str) -> None:
        """A spectator whose client takes a frame every 200 ms: dropped with 1013 when it falls too far behind."""
        url = f"ws://127.0.0.1:{self.server.port}/t/{table_id}/ws"
        while not self.stopping:
            async with connect(url, max_queue=4, compression=None, close_timeout=1) as socket:
                await socket.send(json.dumps({"t": "hello", "v": 2, "last_seq": None}))
                try:
                    while True:
                        await socket.recv()
                        await asyncio.sleep(0.2)
                except Exception:
                    code = str(socket.close_code)
                    self.figures.slow_closes[code] = self.figures.slow_closes.get(code, 0) + 1
            await asyncio.sleep(self.rng.uniform(0.5, 3))

    # -- the run ----------------------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        """Play until the time is up; the figures."""
        pid = self.server.process.pid if self.server.process else 0
        began, cpu_began = time.monotonic(), cpu_seconds(pid)
        loops = [asyncio.create_task(self.table_loop()) for _ in range(self.args.tables)]
        warmup = self.args.warmup if self.args.warmup is not None else min(120.0, self.args.minutes * 60 / 5)
        await asyncio.sleep(warmup)
        rss_warm = rss_kib(pid)
        while time.monotonic() < self.stop_at:
            await asyncio.sleep(min(5.0, max(0.0, self.stop_at - time.monotonic())))
            for line in self.log.faults():
                self.error(f"server log: {line}")
        rss_end, cpu_end, wall = rss_kib(pid), cpu_seconds(pid), time.monotonic() - began
        self.stopping = True
        await asyncio.wait(loops, timeout=60)
        for line in self.log.faults():
            self.error(f"server log: {line}")
        lost = self.lost_moves()
        figures = self.figures
        ack = sorted(figures.ack_ms)
        return {
            "minutes": self.args.minutes,
            "tables": self.args.tables,
            "lost_moves": lost,
            "errors": len(figures.errors),
            "rss_growth_pct": round((rss_end - rss_warm) / rss_warm * 100, 2),
            "unanswered": figures.unanswered,
            "ledger_faults": figures.ledger_faults,
            "rss_kib": {"after_warmup": rss_warm, "end": rss_end},
            "warmup_s": warmup,
            "matches": figures.matches,
            "moves_acked": len(figures.moves),
            "rematches": figures.rematches,
            "tables_made": figures.tables_made,
            "reconnects": figures.reconnects,
            "away": figures.away,
            "slow_closes": figures.slow_closes,
            "chats": figures.chats,
            "ack_p50_ms": round(statistics.median(ack), 1) if ack else None,
            "ack_p99_ms": round(ack[int(len(ack) * 0.99)], 1) if ack else None,
            "server_cpu_share": round((cpu_end - cpu_began) / wall, 2),
            "seed": self.args.seed,
            "error_samples": figures.errors[:10],
        }

    def lost_moves(self) -> int:
        """Acknowledged moves the store does not hold as that seat's move under its command id."""
        lost = 0
        with sqlite3.connect(f"file:{self.server.db}?mode=ro", uri=True, timeout=30) as db:
            for acked in self.figures.moves:
                row = db.execute(
                    "SELECT actor, payload FROM events WHERE table_id = ? AND command_id = ?",
                    (acked.table_id, acked.key),
                ).fetchone()
                if row is None or not self.same_move(row[0], json.loads(row[1]), acked):
                    lost += 1
                    self.error(f"lost move: {acked} stored as {row}")
        return lost

    @staticmethod
    def same_move(actor: str, payload: dict[str, Any], acked: AckedMove) -> bool:
        """True when a stored event is the acknowledged move of that seat."""
        move = acked.move
        if actor != f"seat:{acked.seat}" or payload.get("seat") != acked.seat or payload.get("kind") != move["kind"]:
            return False
        if move["kind"] != "play":
            return True
        on = NO_TILE if move.get("on") is None else parse_tile(move["on"])
        return bool(payload.get("tile") == parse_tile(move["tile"]) and payload.get("on") == on)


def main() -> int:
    """Parse the options, soak, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to play (5)")
    parser.add_argument("--tables", type=int, default=8, help="tables playing at once (8)")
    parser.add_argument("--warmup", type=float, default=None, help="seconds before the first memory reading")
    parser.add_argument("--bot-delay", type=float, default=0.1, help="seconds a bot waits before moving (0.1)")
    parser.add_argument("--grace", type=float, default=2.0, help="the server's grace period in seconds (2)")
    parser.add_argument("--think", type=float, default=0.4, help="longest a person thinks, in seconds (0.4)")
    parser.add_argument("--leave", type=float, default=0.03, help="chance a person leaves after a move (0.03)")
    parser.add_argument("--seed", type=int, default=None, help="the seed of the people's choices")
    parser.add_argument("--keep", action="store_true", help="keep the folder with the log and database")
    args = parser.parse_args()
    args.seed = args.seed if args.seed is not None else random.randrange(2**32)
    folder = Path(tempfile.mkdtemp(prefix="dominohall-soak-"))
    options = ["--bot-delay", str(args.bot_delay), "--grace", str(args.grace), "--tables-per-minute", "100000"]
    server = Server(folder / "db.sqlite", options=[*options, "--connections-per-address", "1000"]).start()
    try:
        figures = asyncio.run(Soak(server, args).run())
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(json.dumps(figures | ({"folder": str(folder)} if args.keep else {})))
    failed = figures["lost_moves"] or figures["errors"] or figures["unanswered"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
