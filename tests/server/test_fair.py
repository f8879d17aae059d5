"""Fair deals over a real server (docs/fairness.md): the commitment reaches every client before the deal, a
secret reaches no frame, log line or record before its round has ended, every deal checks, and a kill -9
between commitment and deal, or mid-round, keeps the same secret and the same deal."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from dominohall.engine.fair import commitment
from dominohall.games.fair_records import FAIR_ROUND, check_fairness
from dominohall.games.records import verify

from ..tables.leaks import leaks
from .harness import Client, Server, create_table, http, my_turn, play_turns

MINE = "5eed" * 16


def stored(db: Path, table_id: str) -> list[dict[str, Any]]:
    """The table's stored event payloads, read from the SQLite file itself (the server's own record of them)."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT payload FROM events WHERE table_id = ? ORDER BY seq", (table_id,))
        return [json.loads(payload) for (payload,) in rows]


def secrets_of(payloads: list[dict[str, Any]]) -> list[str]:
    """Every secret the table has drawn, in order."""
    return [payload["fair"]["secret"] for payload in payloads if "fair" in payload]


def get(server: Server, path: str) -> Any:
    status, body, _ = http("GET", f"{server.url}{path}")
    assert status == 200, body
    return body


def test_secrets_stay_on_the_server_until_their_round_ends_and_every_deal_checks(server: Server) -> None:
    async def match() -> tuple[str, list[dict[str, Any]], list[dict[str, Any]], list[Any]]:
        table_id, cookie = create_table(server, [None, "easy", "medium", "easy"], {"length": "half"})
        host = await Client.open(server, table_id, cookie)
        watcher = await Client.open(server, table_id)
        assert (await host.command({"t": "contribute", "value": MINE}))["t"] == "ack"
        assert (await host.command({"t": "contribute", "value": MINE}))["code"] == "already-contributed"
        assert (await watcher.command({"t": "contribute", "value": MINE}))["code"] == "not-seated"
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert (await host.command({"t": "contribute", "value": MINE}))["code"] == "no-deal-waiting"
        seen = []  # what anyone could fetch over HTTP during the match: summaries and records so far
        while not host.is_over():
            if not await play_turns(host, 0, limit=3):
                break
            seen += [get(server, f"/api/tables/{table_id}/record"), get(server, f"/api/tables/{table_id}")]
        await watcher.catch_up(host.last_seq())
        await host.close()
        await watcher.close()
        return table_id, host.frames, watcher.frames, seen

    table_id, host_frames, watcher_frames, seen = asyncio.run(match())
    record = get(server, f"/api/tables/{table_id}/record")
    assert verify(record) == [] and len(record["rounds"]) == 5
    assert [check.verdict for check in check_fairness(record)] == [FAIR_ROUND] * 5
    assert record["rounds"][0]["fair"]["contributions"] == [MINE, None, None, None]
    assert all(rnd["fair"]["contributions"] == [None] * 4 for rnd in record["rounds"][1:])
    assert leaks(record, host_frames, 0) == [] and leaks(record, watcher_frames, None) == []

    drawn = secrets_of(stored(server.db, table_id))
    assert drawn[:5] == [rnd["fair"]["secret"] for rnd in record["rounds"]] and len(drawn) == 6  # and a rematch's
    for frames in (host_frames, watcher_frames):
        assert drawn[5] not in json.dumps(frames)
        for index, rnd in enumerate(record["rounds"]):  # each commitment was public before its round was dealt
            dealt = next(i for i, f in enumerate(frames) if f["t"] == "round" and f["view"]["round_index"] == index)
            shown = [f["table"]["fair"]["commitment"] for f in frames[:dealt] if f.get("table")]
            assert rnd["fair"]["commitment"] in shown
    log = (server.db.parent / "server.log").read_text("utf-8")
    assert table_id in log and not [secret for secret in drawn if secret in log]
    # what HTTP gave during the match: a record so far tells the secrets of its finished rounds and no other,
    # a summary none at all
    records, summaries = seen[0::2], seen[1::2]
    for so_far in records:
        told = [index for index, secret in enumerate(drawn) if secret in json.dumps(so_far)]
        assert told == list(range(len(so_far["rounds"]))), (told, len(so_far["rounds"]))
    assert len({len(so_far["rounds"]) for so_far in records}) >= 3  # seen at several points of the match
    assert not [secret for summary in summaries for secret in drawn if secret in json.dumps(summary)]
    assert drawn[5] not in json.dumps(get(server, f"/api/tables/{table_id}"))


def test_a_kill_between_commitment_and_deal_and_one_mid_round_keep_the_secret_and_the_deal(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"

    async def contribute(server: Server) -> tuple[str, str]:
        table_id, cookie = create_table(server, [None, "easy", "easy", "easy"], {"length": "one"})
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "contribute", "value": MINE}))["t"] == "ack"
        await host.close()
        return table_id, cookie

    async def start_and_play(server: Server, table_id: str, cookie: str) -> tuple[list[str], list[dict[str, Any]]]:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await play_turns(host, 0, limit=3)
        view = await my_turn(host, 0)
        assert view is not None
        await host.close()
        return view["hand"], host.frames

    async def play_on(server: Server, table_id: str, cookie: str) -> tuple[list[str], list[dict[str, Any]]]:
        host = await Client.open(server, table_id, cookie)
        view = await my_turn(host, 0)
        assert view is not None
        hand = view["hand"]
        await play_turns(host, 0)
        await host.close()
        return hand, host.frames

    first = Server(db).start()
    try:
        table_id, cookie = asyncio.run(contribute(first))
        before = stored(db, table_id)
        shown = get(first, f"/api/tables/{table_id}")["fair"]
    finally:
        first.kill()  # committed and contributed, not dealt
    second = Server(db).start()
    try:
        assert get(second, f"/api/tables/{table_id}")["fair"] == shown  # the same commitment, the contribution kept
        hand_before, frames = asyncio.run(start_and_play(second, table_id, cookie))
        dealt = next(payload for payload in stored(db, table_id) if payload["t"] == "dealt")
    finally:
        second.kill()  # mid-round
    third = Server(db).start()
    try:
        hand_after, more = asyncio.run(play_on(third, table_id, cookie))
        record = get(third, f"/api/tables/{table_id}/record")
        after = stored(db, table_id)
    finally:
        third.stop()

    assert hand_after == hand_before
    assert secrets_of(after)[0] == secrets_of(before)[0] == record["rounds"][0]["fair"]["secret"]
    proof = record["rounds"][0]["fair"]
    assert proof["commitment"] == shown["commitment"] == commitment(table_id, 1, 1, bytes.fromhex(proof["secret"]))
    assert proof["contributions"] == [MINE, None, None, None]
    assert [check.verdict for check in check_fairness(record)] == [FAIR_ROUND]
    assert sum(payload["t"] == "dealt" for payload in after) == 1 and "fair" not in dealt
    assert verify(record) == [] and leaks(record, frames + more, 0) == []
    path = tmp_path / "record.json"  # the downloaded record, checked by the command line as anyone would
    path.write_text(json.dumps(record), "utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "dominohall", "verify", "--fair", str(path)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0 and f"{path}: round 1: fair" in run.stdout.replace("\n", " "), run.stdout
