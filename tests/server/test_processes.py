"""Two real ``dominohall serve`` processes on one PostgreSQL database play one table; the owner is killed
(kill -9) mid-round, the other takes over, and the match ends with every acked move stored exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

from dominohall.engine.record import verify

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
    record, acks, frames, crossings, killed_at = outcome
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
    assert "table owned" in (folders[1] / "server.log").read_text(), "the second process took the table over"
    moves = [move for move in record["rounds"][0]["moves"] if "play" in move]
    assert len({move["play"] for move in moves}) == len(moves), "a tile laid twice"


async def _play(
    first: Server, second: Server
) -> tuple[dict[str, Any], list[dict[str, Any]], list[list[dict[str, Any]]], list[float], int]:
    """Ann on the first process, Bo on the second; three moves each at least; kill the first; Ann comes back through
    the second; play to the end. The record, every ack, each one's frames, the crossing times, and the
    last seq before the kill."""
    table_id, ann_cookie = create_table(first, [None, None, "easy", "medium"], {"length": "one"})
    bo_cookie = sit(second, table_id, 1, "Bo")
    ann = await TimedClient.open(first, table_id, ann_cookie)
    bo = await TimedClient.open(second, table_id, bo_cookie)
    assert (await ann.command({"t": "start"}))["t"] == "ack"
    ann_acks: list[dict[str, Any]] = []
    bo_acks: list[dict[str, Any]] = []

    def going() -> bool:
        return len(ann_acks) < 3 or len(bo_acks) < 3

    await asyncio.gather(play_while(ann, 0, ann_acks, going), play_while(bo, 1, bo_acks, going))
    await ann.catch_up(bo_acks[-1]["seq"])
    await bo.catch_up(ann_acks[-1]["seq"])
    crossings = crossing_times(ann, bo, ann_acks) + crossing_times(bo, ann, bo_acks)
    assert not ann.is_over() and not bo.is_over()
    killed_at = max(ann.last_seq(), bo.last_seq())
    first.kill()
    status, summary, _ = http("GET", f"{second.url}/api/tables/{table_id}")
    assert status == 200 and summary["phase"] == "playing"
    again = await TimedClient.open(second, table_id, ann_cookie, last_seq=ann.last_seq(), frames=ann.frames)
    again.arrived = ann.arrived
    more = await asyncio.gather(play_turns(again, 0), play_turns(bo, 1))
    await again.close()
    await bo.close()
    status, record, _ = http("GET", f"{second.url}/api/tables/{table_id}/record")
    assert status == 200, record
    acks = ann_acks + bo_acks + more[0] + more[1]
    return record, acks, [again.frames, bo.frames], crossings, killed_at
