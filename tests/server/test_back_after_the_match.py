"""A person who comes back after their match ended takes the seat back: the rematch is theirs to play.

Found by ``bench/soak.py``: a person gone past the grace period whose bot finished the match, and who
connected again before the rematch, stayed marked away, so the stand-in bot kept playing their seat in
the new match while they were connected (and both moved for it).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import Client, Server, create_table, http, watching


@pytest.fixture
def quick_grace(tmp_path: Path) -> Iterator[Server]:
    """A server whose grace period is half a second."""
    running = Server(tmp_path / "db.sqlite", options=["--grace", "0.5"]).start()
    yield running
    running.stop()


def summary_when(server: Server, table_id: str, wanted: Any, timeout: float = 15.0) -> dict[str, Any]:
    """The table's summary once ``wanted(summary)`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        summary = http("GET", f"{server.url}/api/tables/{table_id}")[1]
        if wanted(summary) or time.monotonic() > deadline:
            return summary  # type: ignore[no-any-return]
        time.sleep(0.05)


def test_a_person_back_after_the_match_plays_the_rematch(quick_grace: Server) -> None:
    server = quick_grace
    table_id, cookie = create_table(server, [None, "easy"], {"players": 2, "length": "one"})

    async def leave_after_the_start() -> None:
        ann = await Client.open(server, table_id, cookie)
        assert (await ann.command({"t": "start"}))["t"] == "ack"
        await ann.close()

    asyncio.run(leave_after_the_start())
    with watching(server, table_id):  # someone watches, so the bots play on without Ann
        over = summary_when(server, table_id, lambda s: s["phase"] == "over")
    assert over["phase"] == "over" and over["seats"][0]["away"], over  # the stand-in finished the match

    async def come_back_and_rematch() -> dict[str, Any]:
        ann = await Client.open(server, table_id, cookie)
        await ann.until(lambda f: f["t"] == "back" and f["seat"] == 0, timeout=5)
        assert (await ann.command({"t": "rematch"}))["t"] == "ack"
        summary = http("GET", f"{server.url}/api/tables/{table_id}")[1]
        await ann.close()
        return summary  # type: ignore[no-any-return]

    rematch = asyncio.run(come_back_and_rematch())
    assert rematch["phase"] == "playing"
    assert rematch["seats"][0] == {"name": "Ann", "bot": None, "free": False, "away": False, "why": None}
