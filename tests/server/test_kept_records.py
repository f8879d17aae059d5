"""A table that retention reduced to its records: its summary is gone, its records are downloaded as before."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dominohall.store.sqlite import SqliteStore
from dominohall.tables.records import every_record

from .harness import Client, Server, create_table, http, play_turns


def test_the_records_of_a_reduced_table_are_still_downloaded(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        table_id, cookie = create_table(server, [None, "easy"], {"players": 2, "length": "one"})

        async def play() -> None:
            host = await Client.open(server, table_id, cookie)
            assert (await host.command({"t": "start"}))["t"] == "ack"
            await play_turns(host, 0)
            assert host.is_over()
            await host.close()

        asyncio.run(play())
        status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
        assert status == 200
    finally:
        server.stop()

    async def reduce() -> None:  # what retention does to it (tests/tables/test_retention.py runs the rule)
        store = await SqliteStore.open(tmp_path / "db.sqlite")
        events = await store.load(table_id)
        assert await store.keep_records(table_id, events[-1].seq, every_record(events), events[-1].time)
        await store.close()

    asyncio.run(reduce())
    server.start()
    try:
        assert http("GET", f"{server.url}/api/tables/{table_id}")[0] == 404
        status, kept, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
        assert status == 200 and kept == record
        assert http("GET", f"{server.url}/api/tables/{table_id}/record?match=1")[1] == record
        assert http("GET", f"{server.url}/api/tables/{table_id}/record?match=2")[0] == 409
    finally:
        server.stop()
