"""Real ``dominohall serve`` processes on one PostgreSQL database: two play one table, the owner is killed
(kill -9) mid-round, the other takes over, and the match ends with every acked move stored exactly once;
three share many tables evenly, and when one is killed the others take its tables up, no client asking;
each process's lobby lists the public tables of every process, before the kill and after it."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from dominohall.games.records import verify

from ..tables.leaks import leaks
from .harness import Client, Server, create_table, http, move_message, play_turns, sit

CROSSING = 2.0
"""Seconds within which a move made on one process reaches a client of the other (milliseconds, usually)."""


@dataclass
class TimedClient(Client):
    """A client that also notes when each frame arrived."""

    arrived: list[float] = field(default_factory=list)

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame, noting its arrival."""
        frame = await super().receive(timeout)
        self.arrived.append(time.monotonic())
        return frame

    def when(self, wanted: Any) -> float:
        """When the first frame for which ``wanted(frame)`` is true arrived."""
        return next(t for f, t in zip(self.frames, self.arrived, strict=True) if wanted(f))


async def play_while(client: Client, seat: int, acks: list[dict[str, Any]], going: Callable[[], bool]) -> None:
    """Make ``seat``'s first legal move at each of its turns while ``going()`` (checked at least every 50 ms,
    so that neither player waits for a turn that the other, having stopped, never gives)."""
    while going() and not client.is_over():
        view = client.last_view()
        if view and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
            ack = await client.command(move_message(view["legal_moves"][0]))
            assert ack["t"] == "ack", ack
            acks.append(ack)
            await client.catch_up(ack["seq"])
            continue
        with contextlib.suppress(TimeoutError):
            await client.receive(timeout=0.05)


def crossing_times(mover: TimedClient, watcher: TimedClient, acks: list[dict[str, Any]]) -> list[float]:
    """For each acked move, from its ack at the mover to its event at the watcher."""
    return [
        watcher.when(lambda f, s=ack["seq"]: f["t"] != "ack" and f.get("seq", 0) >= s)
        - mover.when(lambda f, i=ack["id"]: f["t"] == "ack" and f["id"] == i)
        for ack in acks
    ]


def test_two_processes_one_table_and_a_takeover_after_kill_9(tmp_path: Path, postgres_url: str) -> None:
    folders = [tmp_path / "one", tmp_path / "two"]
    for folder in folders:
        folder.mkdir()
    first = Server(folders[0] / "db", store=postgres_url).start()
    second = Server(folders[1] / "db", store=postgres_url).start()
    try:
        outcome = asyncio.run(_play(first, second))
    finally:
        first.stop()
        second.stop()
    record, acks, frames, crossings, killed_at, survivor = outcome
    assert verify(record) == []
    assert leaks(record, frames[0], 0) == [] and leaks(record, frames[1], 1) == []
    assert max(crossings) < CROSSING, crossings
    with psycopg.connect(postgres_url) as connection:
        for ack in acks:
            rows = connection.execute("SELECT seq FROM events WHERE command_id LIKE %s", [f"%:{ack['id']}"]).fetchall()
            assert len(rows) == 1 and rows[0][0] <= ack["seq"], (ack, rows)
        seqs = [row[0] for row in connection.execute("SELECT seq FROM events ORDER BY seq").fetchall()]
        bots_after = connection.execute(
            "SELECT count(*) FROM events WHERE actor LIKE 'bot:%%' AND seq > %s", [killed_at]
        ).fetchone()
    assert seqs == list(range(1, len(seqs) + 1))
    assert bots_after is not None and bots_after[0] > 0, "the bots played on after the takeover"
    assert "table owned" in (folders[survivor] / "server.log").read_text(), "the other process took the table over"
    moves = [move for move in record["rounds"][0]["moves"] if "play" in move]
    assert len({move["play"] for move in moves}) == len(moves), "a tile laid twice"


def health(server: Server) -> dict[str, Any]:
    """The server's ``/healthz``."""
    status, body, _ = http("GET", f"{server.url}/healthz")
    assert status == 200, body
    return dict(body)


def listed(server: Server) -> set[str]:
    """The ids of the tables the server's lobby lists (``GET /api/tables?open=1``)."""
    status, body, _ = http("GET", f"{server.url}/api/tables?open=1")
    assert status == 200, body
    return {table["id"] for table in body["tables"]}


def owned(server: Server) -> int:
    """How many tables the server owns."""
    return int(health(server)["owned"])


async def until_true(condition: Callable[[], bool], timeout: float = 10.0, what: str = "the condition") -> None:
    """Wait until ``condition()`` holds (checked every 50 ms)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not come true in {timeout} s"
        await asyncio.sleep(0.05)


async def _play(
    first: Server, second: Server
) -> tuple[dict[str, Any], list[dict[str, Any]], list[list[dict[str, Any]]], list[float], int, int]:
    """Ann on the first process, Bo on the second; three moves each at least; kill the table's owner; its
    person comes back through the other; play to the end. The record, every ack, each one's frames, the
    crossing times, the last seq before the kill, and which process survived."""
    servers = [first, second]
    table_id, ann_cookie = create_table(first, [None, None, "easy", "medium"], {"length": "one"})
    bo_cookie = sit(second, table_id, 1, "Bo")
    await until_true(lambda: owned(first) + owned(second) == 1, what="one owner")
    killed = 0 if owned(first) else 1
    clients = [await TimedClient.open(first, table_id, ann_cookie), await TimedClient.open(second, table_id, bo_cookie)]
    assert (await clients[0].command({"t": "start"}))["t"] == "ack"
    acks: list[list[dict[str, Any]]] = [[], []]

    def going() -> bool:
        return len(acks[0]) < 3 or len(acks[1]) < 3

    await asyncio.gather(play_while(clients[0], 0, acks[0], going), play_while(clients[1], 1, acks[1], going))
    await clients[0].catch_up(acks[1][-1]["seq"])
    await clients[1].catch_up(acks[0][-1]["seq"])
    crossings = crossing_times(clients[0], clients[1], acks[0]) + crossing_times(clients[1], clients[0], acks[1])
    assert not clients[0].is_over() and not clients[1].is_over()
    killed_at = max(clients[0].last_seq(), clients[1].last_seq())
    servers[killed].kill()
    survivor = 1 - killed
    status, summary, _ = http("GET", f"{servers[survivor].url}/api/tables/{table_id}")
    assert status == 200 and summary["phase"] == "playing"
    gone = clients[killed]
    cookie = (ann_cookie, bo_cookie)[killed]
    again = await TimedClient.open(servers[survivor], table_id, cookie, last_seq=gone.last_seq(), frames=gone.frames)
    again.arrived = gone.arrived
    clients[killed] = again
    more = await asyncio.gather(play_turns(clients[0], 0), play_turns(clients[1], 1))
    for client in clients:
        await client.close()
    status, record, _ = http("GET", f"{servers[survivor].url}/api/tables/{table_id}/record")
    assert status == 200, record
    every = acks[0] + acks[1] + more[0] + more[1]
    return record, every, [clients[0].frames, clients[1].frames], crossings, killed_at, survivor


def test_three_processes_share_the_tables_and_take_up_a_killed_ones_without_a_client_asking(
    tmp_path: Path, postgres_url: str
) -> None:
    servers = []
    for name in ("one", "two", "three"):
        (tmp_path / name).mkdir()
        servers.append(Server(tmp_path / name / "db", store=postgres_url, options=["--grace", "600"]).start())
    try:
        killed, before, after, waits, every = asyncio.run(_share(servers))
    finally:
        for server in servers:
            server.stop()
    assert sum(before) == every, before
    assert after[killed] == 0 and sum(after) == every, (before, after)
    assert max(waits) < TAKEOVER, waits
    for name in ("one", "two", "three"):
        assert "Task was destroyed" not in (tmp_path / name / "server.log").read_text(), "an actor was lost"


TABLES = 12
"""Tables shared by the three processes."""
TAKEOVER = 5.0
"""Seconds within which a killed process's tables are owned again and their bots move."""


async def _share(servers: list[Server]) -> tuple[int, list[int], list[int], list[float], int]:
    """``TABLES`` public tables (and one private) made through the three processes in turn, more while a
    process owns none, each with a person connected through the next one and three bots; every lobby lists
    the public ones; every person plays a move; the process owning most is killed (its people stay
    away); the people connected to the others play one move more, and the bots must answer it. The
    processes' tables owned before and after (every lobby still listing the public ones after), the
    seconds each bot move after the kill waited, and how many tables there were."""
    await until_true(lambda: all(health(server)["processes"] == 3 for server in servers), what="all three live")
    tables = [create_table(servers[n % 3], [None, "easy", "easy", "easy"], {"public": True}) for n in range(TABLES)]
    create_table(servers[0], [None, None, "easy", "easy"], {})  # not public: never listed
    public = {table_id for table_id, _ in tables}
    every = TABLES + 1

    def all_owned() -> bool:
        return sum(owned(server) for server in servers) == every

    await until_true(all_owned, what="every table owned once")
    while min(owned(server) for server in servers) == 0:  # the hashing gave a process none (about 1.5% of runs)
        assert len(tables) < TABLES + 24, f"a process was chosen for none of {len(tables)} public tables"
        tables.append(create_table(servers[len(tables) % 3], [None, "easy", "easy", "easy"], {"public": True}))
        public.add(tables[-1][0])
        every += 1
        await until_true(all_owned, what="every table owned once")
    clients = [await Client.open(servers[(n + 1) % 3], t, cookie) for n, (t, cookie) in enumerate(tables)]
    for client in clients:
        assert (await client.command({"t": "start"}))["t"] == "ack"
    await until_true(lambda: all(listed(server) == public for server in servers), what="every lobby listing all")
    await asyncio.gather(*(play_turns(client, 0, limit=1) for client in clients))
    before = [owned(server) for server in servers]
    killed = before.index(max(before))
    servers[killed].kill()
    killed_at = time.monotonic()
    playing = [client for n, client in enumerate(clients) if (n + 1) % 3 != killed]
    waits = await asyncio.gather(*(bot_answer(client) for client in playing))
    living = [server for n, server in enumerate(servers) if n != killed]
    await until_true(lambda: sum(owned(server) for server in living) == every, timeout=TAKEOVER, what="the take-up")
    await until_true(lambda: all(listed(server) == public for server in living), what="the lobbies after the take-up")
    after = [0 if n == killed else owned(server) for n, server in enumerate(servers)]
    assert time.monotonic() - killed_at < TAKEOVER + 1
    for client in playing:
        await client.close()
    return killed, before, after, waits, every


def owners_work(frame: dict[str, Any], after: int) -> bool:
    """True for the frame of what only the table's owner does, after event ``after``: a bot's move, a deal."""
    if frame["t"] == "ack" or frame.get("seq", 0) <= after:
        return False
    return bool(frame["t"] == "round" or (frame["t"] == "move" and frame["seat"] != 0))


async def bot_answer(client: Client) -> float:
    """Make the person's next move (and the one after a draw), and the seconds until the owner's next work
    (a bot's move, or the next deal) arrives."""
    while True:
        acks = await play_turns(client, 0, limit=1)
        moved = time.monotonic()
        view = client.last_view()
        if view is None or view["turn"] != 0 or view["end"] is not None:
            break
    await client.until(lambda f: owners_work(f, acks[0]["seq"]), timeout=TAKEOVER + 5)
    return time.monotonic() - moved
