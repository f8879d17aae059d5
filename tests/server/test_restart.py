"""Kill -9 of the server mid-round after acked moves, a restart on the same file, and play on to the end."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from dominohall.games.records import verify

from ..tables.leaks import leaks
from .harness import Client, Server, create_table, http, move_message, my_turn, play_turns


def test_every_acked_move_survives_a_kill_exactly_once(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"
    first = Server(db).start()
    try:
        table_id, cookie, sent, acks, frames = asyncio.run(_play_some(first))
    finally:
        first.kill()
    second = Server(db).start()
    try:
        record, more = asyncio.run(_play_on(second, table_id, cookie, last=sent[-1], ack=acks[-1], frames=frames))
    finally:
        second.stop()
    assert verify(record) == []
    assert leaks(record, more, 0) == []
    mine = [move for move in record["rounds"][0]["moves"] if move["seat"] == 0][: len(sent)]
    for message, move in zip(sent, mine, strict=True):
        kind = message["t"]
        assert kind in move
        if kind == "play":
            assert (move["play"], move["on"]) == (message["tile"], message["on"])
            assert sum(m.get("play") == message["tile"] for m in record["rounds"][0]["moves"]) == 1


async def _play_some(
    server: Server,
) -> tuple[str, str, list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Start a match and make four moves; the acked commands (with their ids) and acks."""
    table_id, cookie = create_table(server, [None, "easy", "medium", "easy"], {"length": "half"})
    host = await Client.open(server, table_id, cookie)
    assert (await host.command({"t": "start"}))["t"] == "ack"
    sent, acks = [], []
    for number in range(4):
        view = await my_turn(host, 0)
        assert view is not None
        message = move_message(view["legal_moves"][0]) | {"id": f"move-{number}"}
        ack = await host.command(message)
        assert ack["t"] == "ack"
        sent.append(message)
        acks.append(ack)
        await host.catch_up(ack["seq"])
    return table_id, cookie, sent, acks, host.frames


async def _play_on(
    server: Server,
    table_id: str,
    cookie: str,
    *,
    last: dict[str, Any],
    ack: dict[str, Any],
    frames: list[dict[str, Any]],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Reconnect from the last seq seen, resend the last command (applied once), and play to the end."""
    status, summary, _ = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200 and summary["phase"] == "playing" and summary["seq"] >= ack["seq"]
    seen = max(f.get("seq", 0) for f in frames if f["t"] != "ack")
    host = await Client.open(server, table_id, cookie, last_seq=seen, frames=frames)
    assert any(f["t"] == "welcome" for f in frames)
    again = await host.command(last)
    assert again == {"t": "ack", "id": last["id"], "seq": ack["seq"], "duplicate": True}
    await play_turns(host, 0)
    await host.close()
    status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
    assert status == 200
    return record, host.frames
