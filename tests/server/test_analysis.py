"""Analyses over a real server: computed off the event loop, kept in the store, bounded, refused clearly."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from dominohall.bots.analysis import FORMAT

from .harness import Client, Server, create_table, http, play_turns


def _finished_table(server: Server, players: int) -> str:
    """A one-round Chicken Foot match, Ann against easy bots, played to its end: the table id."""
    table_id, cookie = create_table(server, [None] + ["easy"] * (players - 1), {"players": players, "length": "one"})

    async def play() -> None:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0)
        await host.close()

    asyncio.run(play())
    return table_id


def _ask(server: Server, table_id: str, query: str) -> tuple[int, Any]:
    status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}/analysis?{query}")
    return status, body


def _wait(server: Server, table_id: str, query: str) -> tuple[int, Any, int]:
    """Ask until the analysis is ready: its status, body and how many answers were "pending"."""
    pending = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, body = _ask(server, table_id, query)
        if status != 202:
            return status, body, pending
        assert body == {"status": "pending"}
        pending += 1
        time.sleep(0.3)
    raise AssertionError("the analysis never came")


def test_an_analysis_is_computed_once_and_kept_across_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        table_id = _finished_table(server, 3)
        status, body, pending = _wait(server, table_id, "match=1&round=1&seat=0")
        assert status == 200 and pending >= 1 and body["format"] == FORMAT and body["seat"] == 0
        assert all(decision["choices"] > 1 for decision in body["decisions"])
        assert _ask(server, table_id, "match=1&round=1&seat=0") == (200, body)
        server.kill()
        server.start()
        assert _ask(server, table_id, "match=1&round=1&seat=0") == (200, body)  # from the store, at once
    finally:
        server.stop()


def test_requests_beyond_the_limit_are_busy_and_bad_ones_refused(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        table_id = _finished_table(server, 6)
        answers = [_ask(server, table_id, f"match=1&round=1&seat={seat}")[0] for seat in range(6)]
        assert answers[:4] == [202] * 4 and 503 in answers[4:]
        status, body = _ask(server, table_id, "match=1&round=1&seat=5")
        assert (status, body.get("code")) in ((503, "busy"), (202, None))
        for query, code in [
            ("match=1&round=2&seat=0", "not-finished"),
            ("match=1&round=1&seat=6", "no-such-seat"),
            ("match=2&round=1&seat=0", "not-started"),
            ("match=1&round=1", "bad-message"),
        ]:
            status, body = _ask(server, table_id, query)
            assert body["code"] == code and 400 <= status < 500, (query, status, body)
        assert _ask(server, "nowhere", "match=1&round=1&seat=0")[0] == 404
        for seat in range(4):
            assert _wait(server, table_id, f"match=1&round=1&seat={seat}")[0] == 200
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log and "analysis failed" not in log
