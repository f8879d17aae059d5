"""The protocol fuzzer: a seeded mutator driving a real server with many clients, checking after each step.

It keeps a few tables busy (people, bots, spectators, a host), and at each step does one thing drawn from
the protocol (``docs/protocol.md``): a legal move, a move out of turn or decided on an old state, every
command with valid or mutated fields (wrong types, huge numbers, booleans, odd unicode), garbage text and
binary frames, oversize messages, floods, reconnects, people who leave and come back, and HTTP requests
(``POST /api/tables``, ``/sit``, the game pages' form posts) with mutated bodies. Meanwhile a control table
chats at every step. After each step it checks:

- every message was answered (``ack`` or ``error``, or the documented close) within the deadline;
- no HTTP answer was a 5xx, and the server's log has no error line or traceback;
- each table's events are exactly those its accepted commands made (``peers.Ledger``), each connection
  received them in order without a gap, and the table's ``seq`` over HTTP matches;
- what the protocol says of particular inputs (a repeated command id answers its first ack; a tile not in
  the hand, a stale ``at`` are refused);
- the control table answered too, and at the end no table row exists without its events.

Inputs that find a defect already listed in issue 17 are generated only when that defect's name is in
``defects`` (see ``KNOWN_DEFECTS``), so the fuzzer passes until the fixes are merged, and proves them after.
A failure names the seed and step, so ``bench/fuzz.py --seed S`` repeats the same inputs.

Not hypothesis: its shrinking replays examples, which against one long-lived server (bots dealing from
the system's randomness) do not repeat; a seeded mutator with a step log does.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import string
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from .peers import (
    JSON,
    Frame,
    HttpAnswer,
    Ledger,
    LogWatch,
    Peer,
    UnansweredError,
    describe,
    http_async,
    json_body,
    move_message,
)


@dataclass(frozen=True)
class Defect:
    """A defect of issue 17 still open when the fuzzer was written: the inputs that show it and what the
    fuzzer expects of them once it is fixed."""

    item: str
    inputs: str
    expected: str


KNOWN_DEFECTS: dict[str, Defect] = {
    "huge-int-settings": Defect(
        "17.1",
        "integers of 2**63 and more (and 10**30) in settings over the WebSocket, POST /api/tables and the forms",
        "bad-settings (400 over HTTP) within the deadline, nothing stored, every other table answered",
    ),
    "sit-twice": Defect("17.2", "POST /api/tables/<id>/sit with the cookie of a seated person", "409 already-seated"),
    "repeat-two-event-id": Defect(
        "17.7",
        "a repeated id of a command that made two events (start, rematch, a round's last move)",
        "the first ack's seq, with duplicate: true",
    ),
    "malformed-text-http": Defect(
        "17.8", "invalid UTF-8 in a JSON body, a lone surrogate in a name or game over HTTP", "400 with a code"
    ),
    "zero-settings": Defect("17.9", "players, start_toes, blank_double or set of 0", "bad-settings"),
    "bool-as-int": Defect(
        "17.10", "true or false where a command or request has an integer (seat, at, last_seq)", "refused"
    ),
    "chat-301": Defect("17.11", "a chat of 301 to 1,000 characters", "too-long"),
    "cross-site-form": Defect("17.5", "a game page's form post with a foreign Origin", "refused, no table, no cookie"),
}
"""The inputs switched off by default, each named by the defect of issue 17 it finds (``--defects``)."""

SERVER_OPTIONS = [
    "--tables-per-minute", "1000000", "--connections-per-address", "200", "--grace", "1",
]  # fmt: skip
"""``serve`` options for a fuzzed server: no table-creation limit, many connections, a short grace period."""

DEADLINE = 5.0
"""Seconds within which every message must be answered."""
POOL = 3
"""Fuzzed tables kept busy at once (besides the control table)."""
RETIRE_AFTER = 250
"""Steps after which a fuzzed table is checked a last time and replaced."""
CHICKEN_FOOT = ("players", "set", "hand", "length", "start_toes", "blank_double", "limit")
STANDARD = ("players", "set", "mode", "partners", "target")
V2_COMMANDS = ("play", "draw", "pass", "chat", "stand", "start", "settings", "rematch", "kick", "bot")
COMMANDS = (*V2_COMMANDS, "continue", "back")
"""Every command a client sends (version 3 added ``continue`` and ``back``, and ``start``'s ``fill``)."""
HUGE = (2**63, 2**64, 18446744073709551616, 10**30, -(2**63) - 1)
ODD_TEXT = (
    "", " ", "\t\n", "\u0000", "\u200b", "\u202eevil", "é", "e\u0301", "🂡🂢", "👩‍👩‍👧", "日本語", "ß" * 3, "<script>",
    "'; DROP TABLE events; --", "%s%n", "\\", '"', "\ufeff", "\U0010ffff", "Ⅻ", "٣-٣", "\uff19-\uff13",
)  # fmt: skip


@dataclass
class Failure:
    """What went wrong, at which step."""

    step: int
    what: str


@dataclass
class Probe:
    """One message to send and what its answer must be."""

    message: str | bytes
    command_id: Any = None
    kind: str = "?"
    expect: str = "answer"
    """``answer`` (ack or error), ``refused`` (an error), ``anonymous`` (an error with no id), ``joined``
    (a snapshot or welcome, or an error), ``closed:CODE``, ``code:CODE`` (that error code), ``duplicate``."""
    text: bool | None = None
    seq: int | None = None
    """For ``duplicate``: the seq of the first ack."""


@dataclass
class Person:
    """A peer with a seat cookie, and the commands it had acknowledged (for repeating their ids)."""

    peer: Peer
    acked: dict[str, tuple[int, str]] = field(default_factory=dict)
    counter: int = 0
    away_until: int | None = None
    """While gone: the step at which it comes back."""


@dataclass
class FuzzTable:
    """A table the fuzzer keeps busy: its ledger and watcher, its people and a spectator."""

    table_id: str
    game: str
    ledger: Ledger
    watcher: Peer
    people: list[Person] = field(default_factory=list)
    spectator: Peer | None = None
    host: Person | None = None
    steps: int = 0
    lobby: bool = False
    """A table kept waiting: its host changes settings, seats and bots, and never starts it."""

    def peers(self) -> list[Peer]:
        """Every open connection of the table."""
        found = [self.watcher, *(p.peer for p in self.people)]
        return [p for p in (*found, self.spectator) if p is not None]


@dataclass
class Report:
    """What a run did and found."""

    seed: int
    steps: int = 0
    failures: list[Failure] = field(default_factory=list)
    messages: int = 0
    http_requests: int = 0
    acks: int = 0
    errors: int = 0
    closes: int = 0
    tables: int = 0
    events: int = 0
    table_made_events: int = 0
    seconds: float = 0.0
    defects: list[str] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)
    """Accepted commands by type."""
    refused: dict[str, int] = field(default_factory=dict)
    """Error answers by code."""

    def summary(self) -> dict[str, Any]:
        """The report as one JSON object (the failures shortened, the first 20 kept)."""
        kinds: dict[str, int] = {}
        for failure in self.failures:
            key = failure.what.split(":")[0][:60]
            kinds[key] = kinds.get(key, 0) + 1
        return {
            "steps": self.steps,
            "failures": len(self.failures),
            "seed": self.seed,
            "seconds": round(self.seconds, 1),
            "steps_per_s": round(self.steps / self.seconds, 1) if self.seconds else None,
            "messages": self.messages,
            "http_requests": self.http_requests,
            "acks": self.acks,
            "errors": self.errors,
            "closes": self.closes,
            "tables": self.tables,
            "events": self.events,
            "table_made_events": self.table_made_events,
            "acked": dict(sorted(self.acked.items())),
            "refused": dict(sorted(self.refused.items(), key=lambda item: -item[1])),
            "defects_on": self.defects,
            "failure_kinds": kinds,
            "first_failures": [f"step {f.step}: {f.what}"[:400] for f in self.failures[:20]],
        }


class Fuzzer:
    """Drives one server at ``url`` (its SQLite file ``db`` and log ``log``) with the seeded ``rng``."""

    def __init__(self, url: str, db: Path, log: Path, seed: int, defects: frozenset[str] = frozenset()) -> None:
        unknown = defects - KNOWN_DEFECTS.keys()
        if unknown:
            raise ValueError(f"no such defect: {', '.join(sorted(unknown))} (known: {', '.join(KNOWN_DEFECTS)})")
        self.url, self.db, self.rng, self.defects = url, db, random.Random(seed), defects
        self.log = LogWatch(log)
        self.report = Report(seed, defects=sorted(defects))
        self.tables: list[FuzzTable] = []
        self.control: FuzzTable | None = None
        self.step_no = 0
        self.names = 0

    # -- running ----------------------------------------------------------------------------------

    async def run(self, steps: int, seconds: float | None = None) -> Report:
        """Fuzz for ``steps`` steps (or until ``seconds`` have passed), then check everything a last time."""
        began = time.monotonic()
        try:
            self.control = await self.new_table(control=True)
            while len(self.tables) < POOL:
                self.tables.append(await self.new_table(lobby=not self.tables))
            while self.step_no < steps and (seconds is None or time.monotonic() - began < seconds):
                self.step_no += 1
                await self.step()
                if len(self.report.failures) > 200:
                    break
            await self.finish()
        finally:
            for table in [*self.tables, *([self.control] if self.control else [])]:
                await self.close_table(table)
            self.report.steps = self.step_no
            self.report.seconds = time.monotonic() - began
        return self.report

    def fail(self, what: str) -> None:
        """Note a failure at this step."""
        self.report.failures.append(Failure(self.step_no, what))

    async def step(self) -> None:
        """One step: an action on a table (or over HTTP), the control table's chat beside it, then the checks."""
        table = self.rng.choice(self.tables)
        table.steps += 1
        action = self.pick_action()
        try:
            await asyncio.gather(self.guarded(action(table)), self.guarded(self.control_chat()))
            await self.settle(table)
        except Exception as error:  # a fault of the fuzzer itself is a failure too, never a silent pass
            where = traceback.extract_tb(error.__traceback__)[-1]
            self.fail(f"fuzzer: {type(error).__name__}: {error} (line {where.lineno}: {where.line})")
        await self.return_people(table)
        host_gone = table.lobby and (table.host is None or table.host.peer.you is None)
        if table.steps >= RETIRE_AFTER or not table.watcher.alive or host_gone:
            await self.retire(table)

    async def guarded(self, work: Awaitable[None]) -> None:
        """Run an action; an unanswered message is a failure of the step."""
        try:
            await work
        except UnansweredError as error:
            self.fail(f"unanswered: {error}")
        except (TimeoutError, OSError) as error:
            self.fail(f"connection: {type(error).__name__}: {error}")

    def pick_action(self) -> Callable[[FuzzTable], Awaitable[None]]:
        """An action, by weight."""
        actions: list[tuple[int, Callable[[FuzzTable], Awaitable[None]]]] = [
            (30, self.act_progress),
            (22, self.act_command),
            (8, self.act_structure),
            (6, self.act_garbage),
            (5, self.act_burst),
            (4, self.act_repeat),
            (3, self.act_reconnect),
            (2, self.act_leave),
            (2, self.act_fresh_connection),
            (2, self.act_oversize),
            (6, self.act_http_create),
            (4, self.act_http_sit),
            (3, self.act_http_form),
            (2, self.act_http_read),
            (1, self.act_flood),
        ]
        total = sum(weight for weight, _ in actions)
        point = self.rng.uniform(0, total)
        for weight, action in actions:
            point -= weight
            if point <= 0:
                return action
        return actions[0][1]

    # -- tables -----------------------------------------------------------------------------------

    def new_name(self) -> str:
        """A fresh display name."""
        self.names += 1
        return f"P{self.names}"

    async def new_table(self, control: bool = False, lobby: bool = False) -> FuzzTable:
        """Create a table hosted by a person, with people, bots and free seats, and its watcher."""
        rng = self.rng
        game = "chickenfoot" if control or rng.random() < 0.6 else "standard"
        players = 2 if control else rng.randint(2, 4)
        settings: dict[str, Any] = {"players": players}
        settings |= {"length": "one"} if game == "chickenfoot" else {"target": None, "set": 6}
        host_seat = 0 if control else rng.randrange(players)
        plan = (
            [None, "easy"]
            if control
            else [rng.choice(["person", "person", "easy", "medium", "free"]) for _ in range(players)]
        )
        bots = [None if s == host_seat or plan[s] in ("person", "free") else plan[s] for s in range(players)]
        body = {"game": game, "settings": settings, "bots": bots, "name": self.new_name(), "seat": host_seat}
        answer = await self.http("POST", "/api/tables", json_body(body), JSON)
        if answer.status != 201:
            raise RuntimeError(f"a fuzzed table could not be created: {answer.status} {answer.body[:300]!r}")
        table_id = answer.json()["id"]
        ledger = Ledger(table_id)
        watcher = Peer(self.url, table_id, name=f"{table_id}/watcher", on_event=ledger.record)
        await watcher.open()
        ledger.start_from({"seq": watcher.last_seq, "table": watcher.table or {}, "view": watcher.view})
        table = FuzzTable(table_id, game, ledger, watcher, lobby=lobby)
        table.host = await self.seat_person(table, answer.cookie(), "host")
        for seat in range(players):
            if seat != host_seat and plan[seat] == "person":
                await self.http_sit_person(table, seat)
        if not control:
            table.spectator = await Peer(self.url, table_id, name=f"{table_id}/spectator").open()
        self.report.tables += 1
        return table

    async def seat_person(self, table: FuzzTable, cookie: str | None, role: str) -> Person:
        """Connect a person with a seat cookie."""
        peer = await Peer(self.url, table.table_id, cookie, name=f"{table.table_id}/{role}{len(table.people)}").open()
        person = Person(peer)
        table.people.append(person)
        return person

    async def http_sit_person(self, table: FuzzTable, seat: int) -> None:
        """A new person takes ``seat`` over HTTP (a valid request: it must succeed while the seat is free)."""
        answer = await self.http(
            "POST", f"/api/tables/{table.table_id}/sit", json_body({"seat": seat, "name": self.new_name()}), JSON
        )
        if answer.status == 200:
            table.ledger.claim(answer.json()["seq"], "sit", f"sit at seat {seat}")
            await self.seat_person(table, answer.cookie(), "person")

    async def retire(self, table: FuzzTable) -> None:
        """Check a table a last time (its seq over HTTP and in the store), close it, and put a new one in."""
        await self.settle(table)
        await self.check_store(table)
        await self.close_table(table)
        self.tables.remove(table)
        self.tables.append(await self.new_table(lobby=table.lobby))

    async def close_table(self, table: FuzzTable) -> None:
        """Close every connection of the table, counting its events."""
        self.report.events += table.ledger.last
        self.report.table_made_events += table.ledger.by_itself
        for peer in table.peers():
            await peer.close()
        table.people = []
        table.spectator = None

    async def return_people(self, table: FuzzTable) -> None:
        """People who left come back once their time is up (their hello gives the seat back)."""
        for person in table.people:
            if person.away_until is not None and self.step_no >= person.away_until:
                person.away_until = None
                await self.reopen(person.peer, person.peer.last_seq if self.rng.random() < 0.7 else None)

    async def reopen(self, peer: Peer, last_seq: int | None) -> None:
        """Connect a peer again with ``last_seq`` (its ledger, if any, keeps counting)."""
        await peer.close()
        await peer.open(last_seq)

    # -- checks -----------------------------------------------------------------------------------

    async def settle(self, table: FuzzTable) -> None:
        """After a step: the table's seq over HTTP reached its watcher, every event accounted for, every
        connection's stream whole, the log clean, and the control table likewise."""
        for checked in (table, self.control):
            if checked is None:
                continue
            answer = await self.http("GET", f"/api/tables/{checked.table_id}")
            summary = answer.json()
            if answer.status != 200 or not isinstance(summary, dict):
                self.fail(f"summary of {checked.table_id}: {answer.status}")
                continue
            seq = int(summary["seq"])
            deadline = time.monotonic() + DEADLINE
            while checked.watcher.last_seq < seq and checked.watcher.alive and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            if checked.watcher.last_seq < seq:
                self.fail(f"table {checked.table_id}: seq {seq} over HTTP, the watcher got {checked.watcher.last_seq}")
            for fault in checked.ledger.verify():
                self.fail(f"ledger: {fault}")
            for peer in checked.peers():
                for fault in peer.faults:
                    self.fail(f"stream: {fault}")
                peer.faults.clear()
        for line in self.log.faults():
            self.fail(f"server log: {line}")

    async def check_store(self, table: FuzzTable | None = None) -> None:
        """The SQLite file: no table without events, and ``table``'s events numbered 1..seq as seen."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10) as db:
            empty = db.execute(
                "SELECT table_id FROM tables t WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.table_id = t.table_id)"
            ).fetchall()
            if empty:
                self.fail(f"store: tables without events: {[row[0] for row in empty][:5]}")
            if table is not None:
                seen = table.ledger.verified  # bots may have moved since: the events seen must be stored
                (count,) = db.execute(
                    "SELECT count(*) FROM events WHERE table_id = ? AND seq <= ?", (table.table_id, seen)
                ).fetchone()
                if count != seen:
                    self.fail(f"store: table {table.table_id} has {count} events up to {seen}, seen {seen}")

    async def finish(self) -> None:
        """The last checks: every table settled, the store whole, the server alive."""
        for table in self.tables:
            await self.settle(table)
            await self.check_store(table)
        health = await self.http("GET", "/healthz")
        if health.status != 200:
            self.fail(f"healthz: {health.status}")

    def judge(self, peer: Peer, probe: Probe, answer: Frame, ledger: Ledger | None, person: Person | None) -> None:
        """Check an answer against the probe's expectation; note an ack for the ledger and for repeats."""
        kind, what = answer["t"], f"{peer.name} sent {describe(probe.message)}"
        self.report.messages += 1
        self.report.acks += kind == "ack"
        self.report.errors += kind == "error"
        self.report.closes += kind == "closed"
        if kind == "ack" and not answer.get("duplicate"):
            self.report.acked[probe.kind] = self.report.acked.get(probe.kind, 0) + 1
        elif kind == "error":
            code = str(answer.get("code"))
            self.report.refused[code] = self.report.refused.get(code, 0) + 1
        expect = probe.expect
        if kind == "closed" and not expect.startswith("closed"):
            self.fail(f"closed: {what}: the connection closed with {answer.get('code')}")
        elif expect.startswith("closed:") and (kind, answer.get("code")) != ("closed", int(expect[7:])):
            self.fail(f"expected close {expect[7:]}: {what}: got {describe(json.dumps(answer))}")
        elif expect == "refused" and kind != "error":
            self.fail(f"accepted a refusable message: {what}: got {describe(json.dumps(answer))}")
        elif expect == "anonymous" and kind != "error":  # with the message's id when the server could read one
            self.fail(f"expected an error: {what}: got {describe(json.dumps(answer))}")
        elif expect.startswith("code:") and answer.get("code") != expect[5:]:
            self.fail(f"expected {expect[5:]}: {what}: got {describe(json.dumps(answer))}")
        elif expect == "duplicate" and (answer.get("duplicate") is not True or answer.get("seq") != probe.seq):
            self.fail(f"repeat: {what}: the first ack had seq {probe.seq}, got {describe(json.dumps(answer))}")
        if kind == "ack" and ledger is not None and not answer.get("duplicate"):
            ledger.claim(int(answer["seq"]), probe.kind, f"{peer.name} {probe.kind} {probe.command_id}")
            if person is not None and isinstance(probe.command_id, str):
                person.acked[probe.command_id] = (int(answer["seq"]), probe.kind)

    async def send(self, table: FuzzTable, peer: Peer, probe: Probe, person: Person | None = None) -> None:
        """Send a probe from a peer of ``table`` and judge its answer."""
        if not peer.alive:
            return
        answer = await peer.ask(probe.message, probe.command_id, DEADLINE, probe.text, probe.kind == "hello")
        self.judge(peer, probe, answer, table.ledger, person)
        if answer["t"] == "closed":
            await self.reopen(peer, peer.last_seq)

    async def http(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> HttpAnswer:
        """An HTTP request to the server; a 5xx is a failure."""
        self.report.http_requests += 1
        answer = await http_async(method, self.url + path, body, headers)
        if answer.status >= 500:
            self.fail(f"http {answer.status}: {method} {path} {describe(body or b'')}: {answer.body[:200]!r}")
        return answer

    async def control_chat(self) -> None:
        """The control table's host says something every other step (at a few hundred steps a second, one a
        step would spend the message budget of 200 a second): it must be acknowledged whatever the others do."""
        if self.step_no % 2:
            return
        assert self.control is not None and self.control.host is not None
        host = self.control.host
        host.counter += 1
        message = {"t": "chat", "id": f"k{host.counter}", "text": f"still here {self.step_no}"}
        answer = await host.peer.command(message, DEADLINE)
        if answer["t"] != "ack":
            self.fail(f"control table: chat answered {describe(json.dumps(answer))}")
        else:
            self.control.ledger.claim(int(answer["seq"]), "chat", f"control chat {message['id']}")

    # -- the values --------------------------------------------------------------------------------

    def on(self, defect: str) -> bool:
        """True when the inputs of a known defect are switched on."""
        return defect in self.defects

    def any_int(self) -> Any:
        """An integer field's value: mostly small, sometimes odd (never one of a switched-off defect)."""
        rng = self.rng
        choices: list[Any] = [rng.randint(-3, 12), rng.randint(-3, 12), -1, 2**31, 2**62, "1", 1.5, None, [1], {}]
        if self.on("huge-int-settings"):
            choices += list(HUGE)
        if self.on("bool-as-int"):
            choices += [True, False]
        return rng.choice(choices)

    def text(self, longest: int = 40) -> str:
        """Some text: ordinary words, odd unicode, or both."""
        rng = self.rng
        if rng.random() < 0.4:
            return rng.choice(ODD_TEXT)
        pool = string.ascii_letters + string.digits + " éßжъ日本🂡\u200b\u0301"
        return "".join(rng.choice(pool) for _ in range(rng.randint(1, longest)))

    def setting_value(self, key: str) -> Any:
        """A value for a setting: valid ones, and every wrong type."""
        rng = self.rng
        valid: dict[str, list[Any]] = {
            "players": [2, 3, 4, 5, 8, 9, 12, 13, 1],
            "set": [6, 9, 12, 15, 7],
            "hand": [5, 7, 11, 99],
            "length": ["one", "half", "full", "long", ""],
            "start_toes": [2, 3, 6, 7],
            "blank_double": [25, 50, -1],
            "limit": [None, 1, 3, 50],
            "mode": ["draw", "block", "allfives", "bergen", "muggins", "x"],
            "partners": [True, False],
            "target": [None, "by-mode", 10, 100, 1000, -5],
        }
        if rng.random() < 0.75:
            return rng.choice(valid.get(key, [1]))
        value = self.any_int() if rng.random() < 0.7 else self.text(8)
        if value == 0 and key in ("players", "start_toes", "blank_double", "set") and not self.on("zero-settings"):
            return 1 if not isinstance(value, bool) else value
        return value

    def settings(self, game: str) -> dict[str, Any]:
        """A settings object: a few known keys, sometimes an unknown one."""
        keys = CHICKEN_FOOT if game == "chickenfoot" else STANDARD
        chosen = self.rng.sample(keys, self.rng.choice([0, 1, 1, 1, 2, 3]))
        result = {key: self.setting_value(key) for key in chosen}
        if self.rng.random() < 0.1:
            result[self.rng.choice(["speed", "", "PLAYERS", "turn_seconds", "public"])] = self.any_int()
        if self.on("zero-settings") and self.rng.random() < 0.15:
            result[self.rng.choice(["players", "start_toes", "blank_double"])] = 0
        if self.on("huge-int-settings") and self.rng.random() < 0.15:
            numbers = ("players", "limit", "hand") if game == "chickenfoot" else ("players", "target", "set")
            result[self.rng.choice(numbers)] = self.rng.choice(HUGE)
        return result

    def zero_free(self, settings: Any) -> bool:
        """True when the settings hold no zero the known defect 17.9 would silently replace, or it is on."""
        return self.on("zero-settings") or self.zero_free_strict(settings)

    def huge_free(self, value: Any) -> bool:
        """True when ``value`` holds no integer outside 64 bits (known defect 17.1), or that defect is on."""
        if self.on("huge-int-settings"):
            return True
        text = json.dumps(value)
        return not any(str(h) in text for h in HUGE) and "1000000000000000000000000000000" not in text

    # -- WebSocket actions ---------------------------------------------------------------------------

    def someone(self, table: FuzzTable) -> tuple[Peer, Person | None]:
        """A peer of the table to act: mostly a seated person, sometimes the spectator."""
        people = [p for p in table.people if p.peer.alive and p.away_until is None]
        if self.rng.random() < 0.8:
            people = [p for p in people if p.peer.you is not None] or people
        if people and (table.spectator is None or self.rng.random() < 0.85):
            person = self.rng.choice(people)
            return person.peer, person
        assert table.spectator is not None
        return table.spectator, None

    def next_id(self, person: Person | None) -> str:
        """A fresh command id."""
        if person is None:
            return f"s{self.rng.randrange(10**9)}"
        person.counter += 1
        return f"c{person.counter}"

    async def act_progress(self, table: FuzzTable) -> None:
        """What moves the table on: a legal move by whoever is to move, or the host filling seats and starting,
        or a rematch."""
        for person in self.rng.sample(table.people, len(table.people)):
            view = person.peer.my_turn() if person.peer.alive and person.away_until is None else None
            if view is not None:
                message = move_message(self.rng.choice(view["legal_moves"])) | {"id": self.next_id(person)}
                if self.rng.random() < 0.5:
                    message["at"] = person.peer.last_seq
                probe = Probe(json.dumps(message), message["id"], message["t"])
                await self.send(table, person.peer, probe, person)
                return
        phase = (table.watcher.table or {}).get("phase")
        host = table.host
        if table.lobby:
            await self.lobby_progress(table)
            return
        if host is None or not host.peer.alive or host.away_until is not None or host.peer.you is None:
            await self.act_command(table)
            return
        seats = (table.watcher.table or {}).get("seats", [])
        free = [i for i, seat in enumerate(seats) if seat.get("free")]
        if phase == "waiting" and free:
            if self.rng.random() < 0.5:
                await self.http_sit_person(table, free[0])
                return
            message = {
                "t": "bot",
                "id": self.next_id(host),
                "seat": free[0],
                "level": self.rng.choice(["easy", "medium"]),
            }
        elif phase == "waiting" and self.rng.random() < 0.4:
            probe = self.settings_probe(table, host)
            await self.send(table, host.peer, probe, host)
            return
        elif phase == "waiting":
            message = {"t": "start", "id": self.next_id(host)}
        elif phase == "over":
            message = {"t": "rematch", "id": self.next_id(host)}
        else:
            await self.act_command(table)
            return
        await self.send(table, host.peer, Probe(json.dumps(message), message["id"], message["t"]), host)

    async def lobby_progress(self, table: FuzzTable) -> None:
        """At the waiting table: the host changes settings or seats, or someone new sits down."""
        host, rng = table.host, self.rng
        seats = (table.watcher.table or {}).get("seats", [])
        choice = rng.random()
        if host is None or not host.peer.alive or host.peer.you is None or choice < 0.15:
            free = [i for i, seat in enumerate(seats) if seat.get("free")]
            if free:
                await self.http_sit_person(table, rng.choice(free))
            return
        if choice < 0.7:
            probe = self.settings_probe(table, host)
        else:
            kind = rng.choice(["bot", "kick", "bot"])
            others = [i for i in range(len(seats)) if i != host.peer.you] or [0]
            message: dict[str, Any] = {"t": kind, "id": self.next_id(host), "seat": rng.choice(others)}
            if kind == "bot":
                message["level"] = rng.choice(["easy", "medium"])
            probe = Probe(json.dumps(message), message["id"], kind)
        await self.send(table, host.peer, probe, host)

    def settings_probe(self, table: FuzzTable, person: Person | None) -> Probe:
        """New settings: valid ones, mutated ones, and (when switched on) a known defect's, which must be refused."""
        settings: Any = self.settings(table.game) if self.rng.random() < 0.9 else self.any_int()
        if not self.huge_free(settings) or not self.zero_free(settings):
            settings = {}
        refused = not self.huge_free_strict(settings) or not self.zero_free_strict(settings)
        message = {"t": "settings", "id": self.next_id(person), "settings": settings}
        return Probe(json.dumps(message), message["id"], "settings", "refused" if refused else "answer")

    def command_probe(self, table: FuzzTable, peer: Peer, person: Person | None) -> Probe:
        """A command of any type with plausible or mutated fields, and what must come of it."""
        rng = self.rng
        kind = rng.choice(COMMANDS)
        if kind == "settings":
            return self.settings_probe(table, person)
        command_id = self.next_id(person)
        message: dict[str, Any] = {"t": kind, "id": command_id}
        expect = "answer"
        view = peer.view or {}
        if kind == "play":
            hand = view.get("hand") or []
            top = (view.get("options") or {}).get("set", 9)
            choice = rng.random()
            if choice < 0.4 and isinstance(top, int):
                missing = [f"{a}-{b}" for a in range(top + 1) for b in range(a + 1) if f"{a}-{b}" not in hand]
                message |= {"tile": rng.choice(missing), "on": rng.choice([None, *hand[:2], "9-9"])}
                expect = "refused"  # never in the hand: whoever sends it, it cannot be played
            elif choice < 0.7:
                message |= {
                    "tile": rng.choice(["10-3", "3-9", "x", "", "9-", "-1-2", "99-1", "٣-٣", "\uff19-\uff13", " 9-3 "])
                }
                message["on"] = rng.choice([None, "9-9", "abc", 5, True]) if rng.random() < 0.7 else self.any_int()
            else:
                message |= {"tile": self.any_int() if rng.random() < 0.5 else self.text(6)}
        elif kind == "chat":
            message["text"] = self.text(300)
            if self.on("chat-301") and rng.random() < 0.3:
                message["text"] = "x" * rng.randint(301, 1000)
                expect = "code:too-long" if peer.you is not None else "refused"  # a spectator may hear not-seated
            elif not message["text"].strip():
                expect = "refused"
        elif kind in ("kick", "bot"):
            seats = len((table.watcher.table or {}).get("seats", [1, 2]))
            message["seat"] = rng.randrange(seats) if rng.random() < 0.6 else self.any_int()
            if isinstance(message["seat"], bool):
                expect = "refused"
            if kind == "bot" and rng.random() < 0.8:
                message["level"] = rng.choice(["easy", "medium", "easy", "hard", "", "HARD", "nightmare", 5, None])
        elif kind == "start" and rng.random() < 0.4:
            message["fill"] = rng.choice(["easy", "medium", "hard", "", "nightmare", 5, None])
        if rng.random() < 0.15 and not expect.startswith("code:"):  # a probe of one fault keeps to that fault
            message["at"] = rng.choice([peer.last_seq, 0, -1, 10**6, 2**62, "3", None, 1.5])
            if self.on("bool-as-int") and rng.random() < 0.3:
                message["at"] = rng.choice([True, False])
                expect = "refused"
            elif isinstance(message["at"], int) and message["at"] not in (peer.last_seq, 0) and expect == "answer":
                expect = "refused"  # before the table's first event or beyond its last: always stale
        return Probe(json.dumps(message), command_id, kind, expect)

    @staticmethod
    def huge_free_strict(value: Any) -> bool:
        """True when ``value`` holds no integer outside 64 bits."""
        text = json.dumps(value)
        return not any(str(h) in text for h in HUGE) and "1000000000000000000000000000000" not in text

    @staticmethod
    def zero_free_strict(settings: Any) -> bool:
        """True when ``settings`` hold no zero for a number of seats, toes, points or the set."""
        if not isinstance(settings, dict):
            return True
        keys = ("players", "start_toes", "blank_double", "set")
        return not any(settings.get(k) == 0 and not isinstance(settings.get(k), bool) for k in keys)

    async def act_command(self, table: FuzzTable) -> None:
        """One command of any type, valid or mutated."""
        peer, person = self.someone(table)
        await self.send(table, peer, self.command_probe(table, peer, person), person)

    async def act_structure(self, table: FuzzTable) -> None:
        """A command whose structure is wrong: the id, the type, extra or missing fields, the whole shape."""
        rng = self.rng
        peer, person = self.someone(table)
        base: dict[str, Any] = {"t": rng.choice([*V2_COMMANDS, "chat"]), "id": self.next_id(person), "text": "hi"}
        mutation = rng.randrange(9)
        expect = "answer"
        if mutation == 0:
            base["id"] = rng.choice(["", "x" * 65, 7, None, ["a"], {"a": 1}])
            expect = "anonymous"
        elif mutation == 1:
            base["id"] = rng.choice(["\u0000", "日本", "🂡" * 16, " ", "x" * 64, "../../etc"])
        elif mutation == 2:
            del base["id"]
            expect = "anonymous"
        elif mutation == 3:
            base["t"] = rng.choice([None, 1, "", "HELLO", "Play", "dance", "continue", "back", "away", "sit", "dealt"])
            expect = "anonymous" if not isinstance(base["t"], str) else "answer"
        elif mutation == 4:
            del base["t"]
            expect = "anonymous"
        elif mutation == 5:
            base[rng.choice(["extra", "seq", "token", "seat", "", "T"])] = self.any_int()
        elif mutation == 6:
            base = {"t": "chat", "id": base["id"], "text": rng.choice([None, 5, ["hi"], {"a": "b"}, True])}
            expect = "anonymous"
        elif mutation == 7:
            text = json.dumps(base)
            twice = text.replace('"t"', '"t": "draw", "t"', 1)  # the last of two equal keys is the one read
            await self.send(table, peer, Probe(twice, base["id"], base["t"]), person)
            return
        else:
            base["v"] = self.any_int()
        if not self.huge_free(base):
            base.pop("seat", None)
        message = json.dumps(base)
        await self.send(table, peer, Probe(message, base.get("id"), str(base.get("t")), expect), person)

    async def act_garbage(self, table: FuzzTable) -> None:
        """Something that is no command at all: it earns an error without an id, and nothing else."""
        rng = self.rng
        peer, person = self.someone(table)
        choice = rng.randrange(11)
        expect = "anonymous"
        text: bool | None = None
        message: str | bytes
        if choice == 0:
            message = "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 200)))
            if message.strip().startswith(("{", "[")) or not message.strip():
                message = "{" + message
        elif choice == 1:
            message = rng.choice(["null", "[]", "1", '"t"', "true", "1e400", "NaN", "-Infinity", "{}", "[{}]"])
            expect = "anonymous"
        elif choice == 2:
            depth = rng.randint(50, 1500)
            message = "[" * depth + "]" * depth
        elif choice == 3:
            depth = rng.randint(50, 600)
            message = '{"a":' * depth + "1" + "}" * depth
        elif choice == 4:
            message = bytes(rng.randrange(256) for _ in range(rng.randint(1, 300)))
        elif choice == 5:
            message = b'{"t": "draw", "id": "binary"}'
        elif choice == 6:  # a lone surrogate: not a readable string, in a JSON object whose id is named
            command_id = self.next_id(person)
            message = f'{{"t": "chat", "id": "{command_id}", "text": "\\ud800"}}'
            await self.send(table, peer, Probe(message, command_id, "garbage", "code:bad-json"), person)
            return
        elif choice == 7:
            message = '{"t": "chat", "id": "cut", "text": "hi"'
        elif choice == 10:
            message, text = b'{"t": "chat", "id": "x", "text": "\xff\xfe\xed\xa0\x80"}', True  # not UTF-8
            expect = "closed:1007"
        elif choice == 8:
            message = json.dumps({"t": "hello", "v": 2, "last_seq": rng.choice([None, 0, 5])})
            expect = "anonymous"  # hello is said once per connection
        else:
            command_id = self.next_id(person)
            escape = rng.choice(["\\u0000", "\\t", "\\u202e", "\\ud83c\\udca1"])
            message = f'{{"t": "chat", "id": "{command_id}", "text": "a{escape}b"}}'
            await self.send(table, peer, Probe(message, command_id, "chat"), person)
            return
        await self.send(table, peer, Probe(message, None, "garbage", expect, text), person)

    async def act_burst(self, table: FuzzTable) -> None:
        """Several peers of the table send at the same moment (each its own message)."""
        senders = [p for p in table.people if p.peer.alive and p.away_until is None]
        probes = []
        for person in senders:
            view = person.peer.my_turn()
            if view is not None and self.rng.random() < 0.7:
                message = move_message(self.rng.choice(view["legal_moves"])) | {"id": self.next_id(person)}
                probes.append((person, Probe(json.dumps(message), message["id"], message["t"])))
            else:
                probes.append((person, self.command_probe(table, person.peer, person)))
        await asyncio.gather(*(self.send(table, person.peer, probe, person) for person, probe in probes))

    async def act_repeat(self, table: FuzzTable) -> None:
        """A person repeats the id of a command acknowledged before: the same ack comes back, marked
        duplicate, and nothing happens again."""
        candidates = [
            (person, command_id, seq, kind)
            for person in table.people
            if person.peer.alive and person.away_until is None and person.peer.you is not None
            for command_id, (seq, kind) in person.acked.items()
            if self.on("repeat-two-event-id") or kind in ("chat", "stand", "kick", "bot", "settings")
        ]
        if not candidates:
            await self.act_command(table)
            return
        person, command_id, seq, kind = self.rng.choice(candidates)
        message = {"t": "chat", "id": command_id, "text": "again"}  # an applied id is answered whatever it asks
        probe = Probe(json.dumps(message), command_id, kind, "duplicate", seq=seq)
        await self.send(table, person.peer, probe, person)

    async def act_reconnect(self, table: FuzzTable) -> None:
        """A peer connects again with its last seq, an older one, none, or one the table never reached."""
        peer, _ = self.someone(table)
        last = peer.last_seq
        choice = self.rng.choice([last, max(0, last - self.rng.randint(1, 30)), None, 0, last + 1000])
        await self.reopen(peer, choice)

    async def act_leave(self, table: FuzzTable) -> None:
        """A person closes the connection and stays away for a while (past the grace period, a bot stands in)."""
        people = [p for p in table.people if p.peer.alive and p.away_until is None and p is not table.host]
        if not people:
            await self.act_reconnect(table)
            return
        person = self.rng.choice(people)
        await person.peer.close()
        person.away_until = self.step_no + self.rng.randint(3, 200)

    async def act_fresh_connection(self, table: FuzzTable) -> None:
        """A new connection that starts oddly: a hello of another version or odd fields, or a command first."""
        rng = self.rng
        peer = await Peer(self.url, table.table_id, name=f"{table.table_id}/fresh").open(hello=False)
        try:
            if rng.random() < 0.5:
                hello: dict[str, Any] = {
                    "t": "hello",
                    "v": rng.choice([2, 2, 1, 3, 99, "2", None, -1]),
                    "last_seq": rng.choice([None, 0, 3, -5, 10**9, "x"]),
                }
                if self.on("bool-as-int") and rng.random() < 0.2:
                    hello["last_seq"] = True
                await self.send(table, peer, Probe(json.dumps(hello), None, "hello", "joined"))
            else:
                message = {"t": "chat", "id": "first", "text": "hi"}
                answer = await peer.ask(json.dumps(message), "first", DEADLINE)
                self.judge(peer, Probe(json.dumps(message), "first", "chat", "refused"), answer, table.ledger, None)
        finally:
            await peer.close()
        for fault in peer.faults:
            self.fail(f"stream: {fault}")

    async def act_oversize(self, table: FuzzTable) -> None:
        """A message over 4 KiB (ASCII or multibyte): closed with 1009, and nothing applied."""
        peer, person = self.someone(table)
        text = "x" * self.rng.randint(4100, 9000) if self.rng.random() < 0.5 else "€" * self.rng.randint(1400, 3000)
        message = json.dumps({"t": "chat", "id": self.next_id(person), "text": text}, ensure_ascii=False)
        await self.send(table, peer, Probe(message, None, "chat", "closed:1009"), person)

    async def act_flood(self, table: FuzzTable) -> None:
        """A spectator sends far more than its message budget at once: closed with 1008, the table plays on."""
        peer = table.spectator
        if peer is None or not peer.alive:
            return
        try:
            for index in range(1000):
                await peer.send_raw(json.dumps({"t": "chat", "id": f"f{index}", "text": "flood"}))
        except Exception:
            pass  # the server may close while the flood is still being sent
        deadline = time.monotonic() + DEADLINE
        while peer.alive and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        if peer.closed != 1008:
            self.fail(f"flood: {peer.name} ended with {peer.closed}, not 1008")
        self.report.closes += 1
        await self.reopen(peer, peer.last_seq)

    # -- HTTP actions -----------------------------------------------------------------------------------

    async def act_http_create(self, table: FuzzTable) -> None:
        """``POST /api/tables`` with a valid or mutated body: 201 makes a table whose summary is whole;
        anything else makes nothing."""
        rng = self.rng
        game = rng.choice(["chickenfoot", "standard"])
        players = rng.randint(2, 4)
        settings: Any = {"players": players} | ({"length": "one"} if game == "chickenfoot" else {"target": None})
        bots: Any = [None] + [rng.choice(["easy", "medium", None]) for _ in range(players - 1)]
        body: Any = {"game": game, "settings": settings, "bots": bots, "name": self.new_name(), "seat": 0}
        expect_refusal = False
        for mutation in sorted(rng.sample(range(8), rng.choice([0, 1, 1, 1, 2]))):  # the whole shape last
            if mutation == 0:
                body["game"] = rng.choice(["", "Chess", "CHICKENFOOT", 5, None, "standard ", "x" * 17])
            elif mutation == 1:
                body["settings"] = settings | self.settings(game) if rng.random() < 0.9 else self.any_int()
            elif mutation == 2:
                body["bots"] = [rng.choice([None, "easy", "medium", "hard", "x", 3]) for _ in range(rng.randint(0, 13))]
            elif mutation == 3:
                body["name"] = self.text(30)
            elif mutation == 4:
                body["seat"] = self.any_int()
                bots[0] = rng.choice([None, "easy"])
            elif mutation == 5:
                del body[rng.choice(list(body))]
            elif mutation == 6:
                body[rng.choice(["extra", "id", "token", "Seat"])] = self.any_int()
            else:
                body = rng.choice([[body], "body", None, 5])
        if not self.huge_free(body) or not self.zero_free(body.get("settings") if isinstance(body, dict) else None):
            return
        # a seat given as true or false is refused; judged on the final body (a later mutation may drop it)
        expect_refusal |= isinstance(body, dict) and isinstance(body.get("seat"), bool)
        if isinstance(body, dict) and isinstance(body.get("settings"), dict):
            expect_refusal |= not self.huge_free_strict(body["settings"]) or not self.zero_free_strict(body["settings"])
        raw, headers = json_body(body), dict(JSON)
        if rng.random() < 0.1:
            raw, headers = rng.choice(
                [(b"not json", JSON), (b"[1,2]", JSON), (raw, {"content-type": "text/plain"}), (b"", JSON)]
            )
        elif self.on("malformed-text-http") and rng.random() < 0.3:
            raw = rng.choice([
                b"\xff\xfe", b"\xff\xfe\xfd not JSON",
                raw.replace(b'"name": "', b'"name": "\xff\xfe', 1), raw.replace(b'"name": "', b'"name": "\\ud800', 1),
                raw.replace(b'"game": "', b'"game": "\xed\xa0\x80', 1),
            ])  # fmt: skip
            expect_refusal = raw != json_body(body)
        await self.create_over_http(raw, headers, expect_refusal, "POST /api/tables")

    async def create_over_http(self, raw: bytes, headers: dict[str, str], expect_refusal: bool, what: str) -> None:
        """Send a create request; check its answer and that a refusal made nothing."""
        before = (await self.http("GET", "/healthz")).json()["tables"]
        answer = await self.http("POST", "/api/tables", raw, headers)
        if answer.status == 201:
            await self.check_new_table(answer.json()["id"], what, expect_refusal, raw)
        else:
            await self.check_refused(answer, before, what, raw)

    async def check_new_table(self, table_id: str, what: str, expect_refusal: bool, raw: bytes) -> None:
        """A table just created: one event, waiting for its match (or refused, if the request was wrong)."""
        if expect_refusal:
            self.fail(f"accepted a refusable request: {what} {describe(raw)}")
        summary = (await self.http("GET", f"/api/tables/{table_id}")).json()
        if not isinstance(summary, dict) or summary.get("seq") != 1:
            self.fail(f"{what}: the new table {table_id} reads {describe(json.dumps(summary))}")

    async def check_refused(self, answer: HttpAnswer, before: int, what: str, raw: bytes) -> None:
        """A refused request: a 4xx, no cookie, and no new table."""
        if answer.cookie() is not None:
            self.fail(f"{what} answered {answer.status} with a seat cookie: {describe(raw)}")
        after = (await self.http("GET", "/healthz")).json()["tables"]
        if after > before:
            self.fail(f"{what} answered {answer.status} but a table was made: {describe(raw)}")

    @staticmethod
    async def had_left(peer: Peer, answer: HttpAnswer) -> bool:
        """True when the person whose cookie sat again had lost their seat before the new one was taken (their
        own stand, a kick or a bot put in it, in frames still on their way when the fuzzer chose them as
        seated): their connection's events up to the new seat's are waited for, 5 s at most."""
        sat = int(answer.json()["seq"])
        await peer.catch_up(sat - 1, within=5.0)
        return peer.left_at is not None and peer.left_at < sat

    async def act_http_sit(self, table: FuzzTable) -> None:
        """``POST .../sit`` with a valid or mutated body, with or without a seat cookie."""
        rng = self.rng
        seats = (table.watcher.table or {}).get("seats", [])
        body: Any = {
            "seat": rng.randrange(max(1, len(seats))) if rng.random() < 0.7 else self.any_int(),
            "name": self.new_name() if rng.random() < 0.6 else self.text(30),
        }
        if rng.random() < 0.1:
            body = rng.choice([{}, {"seat": 1}, [1], {"seat": 1, "name": "A", "x": 1}])
        if not self.huge_free(body):
            body = {"seat": 0, "name": "Zed"}
        headers = dict(JSON)
        seated = [p for p in table.people if p.peer.you is not None and p.peer.cookie and p.peer.alive]
        twice = self.on("sit-twice") and bool(seated) and rng.random() < 0.3
        if twice:
            body = {"seat": rng.randrange(max(1, len(seats))), "name": self.new_name()}
            sitter = rng.choice(seated).peer
            headers["cookie"] = sitter.cookie or ""
            # Still seated as of every event the table's watcher has seen? (A closed or lagging connection's
            # seat is not known: the request then goes as any sit.)
            twice = await sitter.catch_up(table.watcher.last_seq) and sitter.you is not None
        path = f"/api/tables/{table.table_id}/sit"
        if rng.random() < 0.05 and not twice:
            path = f"/api/tables/{rng.choice(['nope', table.table_id + 'x', '%00', '..'])}/sit"
        answer = await self.http("POST", path, json_body(body), headers)
        if isinstance(body, dict) and isinstance(body.get("seat"), bool) and answer.status == 200:
            self.fail(f"accepted a refusable request: {path} {describe(json.dumps(body))} answered 200")
        if twice and answer.status != 409 and not (answer.status == 200 and await self.had_left(sitter, answer)):
            self.fail(f"sat twice: {path} {describe(json.dumps(body))} with a seated cookie answered {answer.status}")
        if answer.status == 200 and path.endswith(f"{table.table_id}/sit"):
            table.ledger.claim(int(answer.json()["seq"]), "sit", f"http sit {describe(json.dumps(body), 60)}")
            if len(table.people) < 5:
                await self.seat_person(table, answer.cookie(), "sitter")
        elif answer.status == 200:
            self.fail(f"sit at another path answered 200: {path}")

    async def act_http_form(self, table: FuzzTable) -> None:
        """A game page's form post, valid or mutated (and from a foreign Origin when that defect is on)."""
        rng = self.rng
        fields: dict[str, str] = {}
        for key in rng.sample(
            [
                "players",
                "length",
                "start_toes",
                "blank_double",
                "mode",
                "set",
                "partners",
                "target",
                "name",
                "seat1",
                "seat2",
                "seat3",
            ],
            rng.randint(0, 6),
        ):
            fields[key] = rng.choice(
                [
                    "2",
                    "4",
                    "0",
                    "-1",
                    "",
                    "abc",
                    "1e5",
                    "9" * 30,
                    "medium",
                    "none",
                    "by-mode",
                    "on",
                    "full",
                    self.text(10),
                ]
            )
        for key in ("start_toes", "blank_double", "target", "set", "players"):
            if key in fields and fields[key] == "9" * 30 and not self.on("huge-int-settings"):
                fields[key] = "9"
            if fields.get(key) == "0" and not self.on("zero-settings") and key != "players":
                fields[key] = "1"
        body = urlencode(fields).encode()
        if rng.random() < 0.1:
            body = rng.choice([b"\xff\xfe=\x80", b"name=%ED%A0%80", b"players=%FF", b"&&&==", b"a" * 3000])
        language, slug = rng.choice(["en", "ru", "pl", "cs", "xx"]), rng.choice(["chicken-foot", "standard", "chess"])
        headers = {"content-type": "application/x-www-form-urlencoded"}
        foreign = self.on("cross-site-form") and rng.random() < 0.3
        if foreign:
            headers["origin"] = "http://evil.example"
        before = (await self.http("GET", "/healthz")).json()["tables"]
        path = f"/{language}/{quote(slug)}/play"
        answer = await self.http("POST", path, body, headers)
        if answer.status == 303:
            location = answer.headers.get("location", "")
            if foreign:
                self.fail(f"cross-site form post accepted: {path} {describe(body)}")
            if not location.startswith("/t/"):
                self.fail(f"form post {path} went to {location!r}")
            else:
                await self.check_new_table(location[3:].split("?")[0], f"form {path}", False, body)
        else:
            await self.check_refused(answer, before, f"form {path}", body)

    async def act_http_read(self, table: FuzzTable) -> None:
        """Reads with odd paths and queries: never a 5xx."""
        rng = self.rng
        path = rng.choice([
            f"/api/tables/{table.table_id}/record?match={rng.choice(['0', '1', '-1', 'x', '99', str(2**70)])}",
            f"/api/tables/{table.table_id}/record",
            f"/api/tables/{rng.choice(['', 'x' * 300, '%ff', '..%2f..', table.table_id.upper()])}",
            f"/t/{rng.choice([table.table_id, 'nope', '%00'])}",
            f"/{rng.choice(['en', 'xx', 'ru'])}/{rng.choice(['standard', 'chicken-foot', '%ff'])}",
            f"/?lang={rng.choice(['en', 'zz', '%ff'])}",
        ])  # fmt: skip
        await self.http("GET", path)


def known_defects_table() -> str:
    """The known defects as text lines (for ``--help`` and reports)."""
    return "\n".join(f"{name} (issue {d.item}): {d.inputs}; expected {d.expected}" for name, d in KNOWN_DEFECTS.items())


def parse_defects(text: str | None) -> frozenset[str]:
    """``all``, nothing, or names separated by commas."""
    if not text:
        return frozenset()
    if text.strip() == "all":
        return frozenset(KNOWN_DEFECTS)
    return frozenset(name.strip() for name in text.split(",") if name.strip())
