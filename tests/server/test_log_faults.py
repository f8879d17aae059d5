"""The server's log blames the server only for its own faults: a client's broken frame is a warning."""

from __future__ import annotations

import asyncio
import json

from .harness import Server, create_table
from .peers import LogWatch, Peer


def test_invalid_utf8_in_a_text_frame_closes_with_1007_and_logs_no_error(server: Server) -> None:
    log = server.db.parent / "server.log"
    watch = LogWatch(log)
    watch.faults()  # only what follows counts
    table_id, cookie = create_table(server, [None, "easy"], {"players": 2})

    async def scenario() -> tuple[dict[str, object], dict[str, object]]:
        broken = await Peer(server.url, table_id, cookie).open()
        closed = await broken.ask(b'{"t": "chat", "id": "u", "text": "\xff\xfe"}', "u", text=True)
        other = await Peer(server.url, table_id, cookie).open()
        answer = await other.command({"t": "chat", "id": "after", "text": "still fine"})
        await other.close()
        return closed, answer

    closed, answer = asyncio.run(scenario())
    assert closed == {"t": "closed", "code": 1007}
    assert answer["t"] == "ack"
    assert watch.faults() == []
    lines = [json.loads(line) for line in log.read_text().splitlines() if "Invalid UTF-8" in line]
    assert lines and all(line["level"] == "warning" and "error" not in line for line in lines)
