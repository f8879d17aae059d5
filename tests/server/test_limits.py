"""The per-address limits over the wire: open WebSockets and tables created a minute, on a real server."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from .harness import Client, Server, create_table, http


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[Server]:
    """A server allowing 3 WebSockets per address and 2 new tables a minute per address."""
    running = Server(tmp_path / "db.sqlite", options=["--connections-per-address", "3", "--tables-per-minute", "2"])
    yield running.start()
    running.stop()


def test_a_fourth_websocket_from_one_address_is_refused_until_one_closes(strict_server: Server) -> None:
    table_id, cookie = create_table(strict_server, [None, "easy"], {"players": 2})
    url = f"ws://127.0.0.1:{strict_server.port}/t/{table_id}/ws"

    async def connections() -> None:
        clients = [await Client.open(strict_server, table_id, cookie if i == 0 else None) for i in range(3)]
        with pytest.raises(InvalidStatus) as refused:
            await connect(url)
        assert refused.value.response.status_code == 403
        assert (await clients[0].command({"t": "chat", "text": "still here"}))["t"] == "ack"
        await clients[2].close()
        await asyncio.sleep(0.2)
        again = await Client.open(strict_server, table_id)
        assert again.frames[0]["t"] == "snapshot"
        for client in (*clients[:2], again):
            await client.close()

    asyncio.run(connections())


def test_a_third_table_in_a_minute_from_one_address_is_refused_and_not_created(strict_server: Server) -> None:
    spec = {"game": "chickenfoot", "settings": {"players": 2}, "bots": [None, "easy"], "name": "Ann"}
    refused = http("POST", f"{strict_server.url}/api/tables", spec | {"settings": {"players": 13}})
    assert (refused[0], refused[1]["code"]) == (400, "bad-settings")  # made no table: does not count
    made = [http("POST", f"{strict_server.url}/api/tables", spec) for _ in range(3)]
    assert [status for status, _, _ in made] == [201, 201, 429]
    _, body, headers = made[2]
    assert body["code"] == "rate-limited" and "set-cookie" not in headers
    assert http("GET", f"{strict_server.url}/healthz")[1]["tables"] == 2
