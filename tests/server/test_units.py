"""Pieces of the server without a network: limits, the slow-client drop, the log format."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
from typing import Any, cast

from fastapi import WebSocket

from dominohall.server.guards import TRANSPORT
from dominohall.server.limits import Budget, PerAddress
from dominohall.server.logs import JsonFormatter
from dominohall.server.settings import ServerSettings
from dominohall.server.ws import Connection


def test_a_budget_refills_with_time() -> None:
    now = [0.0]
    budget = Budget(rate=2.0, burst=2, clock=lambda: now[0])
    assert [budget.spend() for _ in range(3)] == [True, True, False]
    now[0] = 0.5
    assert [budget.spend() for _ in range(2)] == [True, False]


def test_connections_and_tables_per_address() -> None:
    now = [0.0]
    limits = PerAddress(max_connections=2, tables_per_minute=2, clock=lambda: now[0])
    assert [limits.connect("a"), limits.connect("a"), limits.connect("a"), limits.connect("b")] == [
        True,
        True,
        False,
        True,
    ]
    limits.disconnect("a")
    assert limits.connect("a")
    assert [limits.may_create("a"), limits.may_create("a"), limits.may_create("a")] == [True, True, False]
    now[0] = 61.0
    assert limits.may_create("a")


class FakeSocket:
    """What a ``Connection`` reads of its WebSocket: the scope, with the transport's extension (whose
    ``send`` keeps each write)."""

    def __init__(self, unsent: list[int]) -> None:
        self.writes: list[list[bytes]] = []
        extension = {"unsent": lambda: unsent[0], "abort": lambda: None, "send": self.send}
        self.scope = {"extensions": {TRANSPORT: extension}}
        self.client = None  # no address known

    def send(self, texts: list[bytes]) -> bool:
        """Keep one write of frames."""
        self.writes.append(texts)
        return True


def test_a_slow_client_is_dropped_and_the_table_is_not_held_up() -> None:
    async def work() -> tuple[bool, bool, int, list[list[bytes]]]:
        socket = FakeSocket([0])
        connection = Connection(cast(WebSocket, socket), None, ServerSettings(send_queue=3))
        held = []
        for seq in range(10):
            connection.deliver({"t": "chat", "seq": seq})  # never blocks, never raises
            held.append(connection.dropped.is_set())
        await asyncio.sleep(0)  # the loop's next turn: a flush, if anything were held
        return held[2], held[3], len(connection.held), socket.writes

    assert asyncio.run(work()) == (False, True, 0, [])


def test_frames_delivered_together_leave_in_one_write_in_order() -> None:
    async def work() -> list[list[bytes]]:
        socket = FakeSocket([0])
        connection = Connection(cast(WebSocket, socket), None, ServerSettings())
        connection.deliver({"t": "ack", "seq": 1})
        connection.deliver({"t": "move", "seq": 1})
        connection.flush()  # as the table's actor does after a request
        connection.deliver({"t": "presence", "connected": [True]})
        assert len(socket.writes) == 1
        await asyncio.sleep(0)  # delivered outside a request: written at the loop's next turn
        return socket.writes

    writes = asyncio.run(work())
    assert [[json.loads(text)["t"] for text in write] for write in writes] == [["ack", "move"], ["presence"]]


def test_a_connection_is_dropped_when_its_bytes_and_the_transports_pass_the_bound() -> None:
    async def work() -> list[bool]:
        unsent = [0]
        connection = Connection(cast(WebSocket, FakeSocket(unsent)), None, ServerSettings(send_buffer=1000))
        dropped = []
        for seq in range(4):
            unsent[0] = 250 * seq  # what the transport and the kernel hold grows
            connection.deliver({"t": "chat", "seq": seq, "text": "x" * 100})
            dropped.append(connection.dropped.is_set())
        return dropped

    assert asyncio.run(work()) == [False, False, False, True]


def test_log_lines_carry_only_the_known_fields() -> None:
    record = logging.LogRecord("dominohall.tables", logging.INFO, __file__, 1, "command committed", None, None)
    extra: dict[str, Any] = {"table": "abc", "seq": 7, "seat": 2, "hand": ["9-3", "4-2"], "payload": {"x": 1}}
    record.__dict__.update(extra)
    line = json.loads(JsonFormatter().format(record))
    assert line["table"] == "abc" and line["seq"] == 7 and line["seat"] == 2
    assert "hand" not in line and "payload" not in line and "9-3" not in json.dumps(line)


def test_another_librarys_warnings_are_json_lines_too() -> None:
    code = (
        "import logging; from dominohall.server.logs import configure; configure(); "
        "logging.getLogger('psycopg.pool').warning('error connecting in %r: connection failed', 'pool-1'); "
        "logging.getLogger('psycopg.pool').info('not this')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    lines = [json.loads(line) for line in done.stderr.splitlines()]
    assert [(line["logger"], line["level"], line["message"]) for line in lines] == [
        ("psycopg.pool", "warning", "error connecting in 'pool-1': connection failed")
    ]
