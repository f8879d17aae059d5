"""An upgrade as an operator makes it (docs/operations.md, "Upgrade"): the previous release, 0.5.0, taken from the
repository's history, serves a store (SQLite, or PostgreSQL), finishes a match at one table and leaves another
in the middle of one; it stops, and this version starts on the same store. The schema is brought up to date
(SQLite's ``user_version`` 0 to 2; PostgreSQL's comment on ``events``, which 0.5.0 did not write yet, to
``dominohall schema 2``), the finished match's record is served as before (with what this version's records add),
and the table left mid-match plays on to its end."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dominohall.games.records import verify

from .harness import Client, Server, create_table, http, play_turns
from .test_installed import ROOT

PREVIOUS = "c3bb17977cc76584083db0b190e76390e5767bcf"
"""The commit of version 0.5.0, the last release (its stores are of schema 1)."""


@pytest.fixture(scope="module")
def previous(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The previous release's ``src``, out of the repository's history."""
    folder = tmp_path_factory.mktemp("previous")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", PREVIOUS, "src"], check=False, capture_output=True)
    if archive.returncode:  # a shallow clone: said in the run's summary, never counted as a pass
        pytest.skip(f"0.5.0 is not in this checkout's history (a shallow clone?): {archive.stderr!r}")
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder / "src"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new store of each kind, empty."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'hall.db'}"
    else:
        yield request.getfixturevalue("postgres_url")


def schema_version(url: str) -> Any:
    """The store's schema version as it keeps it: SQLite's ``user_version``, PostgreSQL's comment on ``events``."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as lite:
            return lite.execute("PRAGMA user_version").fetchone()[0]
    with psycopg.connect(url) as db:
        row = db.execute("SELECT obj_description(to_regclass('events'), 'pg_class')").fetchone()
        return row[0] if row else None


def record(server: Server, table_id: str) -> dict[str, Any]:
    """The record of the table's first match, checked legal."""
    status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}/record?match=1")
    assert status == 200 and verify(body) == [], body
    return dict(body)


class PreviousClient(Client):
    """A client of the previous release: its frames are its own protocol's, not checked against this one's."""

    async def receive(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame, kept."""
        async with asyncio.timeout(timeout):
            frame: dict[str, Any] = json.loads(await self.socket.recv())
        self.frames.append(frame)
        return frame


async def play(server: Server, table_id: str, cookie: str, limit: int | None, start: bool) -> bool:
    """Seat 0's moves at the table (``limit`` of them, or to the match's end): whether the match is over. A
    server of the previous release (``limit`` given) is played by a ``PreviousClient``."""
    host = await (Client if limit is None else PreviousClient).open(server, table_id, cookie)
    if start:
        assert (await host.command({"t": "start"}))["t"] == "ack"
    await play_turns(host, 0, limit)
    over = host.is_over()
    await host.close()
    return over


def test_this_version_takes_up_a_store_of_the_previous_one(previous: Path, store: str, tmp_path: Path) -> None:
    folders = [tmp_path / "old", tmp_path / "new"]
    for folder in folders:
        folder.mkdir()
    old = Server(folders[0] / "db", store=store, env={"PYTHONPATH": str(previous)}).start()
    try:
        done, done_cookie = create_table(old, [None, "easy"], {"players": 2, "length": "one"})
        assert asyncio.run(play(old, done, done_cookie, 1000, start=True))
        before = record(old, done)
        going, cookie = create_table(old, [None, "easy"], {"players": 2, "length": "full"})
        assert not asyncio.run(play(old, going, cookie, 2, start=True))
    finally:
        old.stop()
    assert schema_version(store) in (0, None)  # 0.5.0's: SQLite's first version, PostgreSQL without a comment

    fast = ["--message-rate", "2000", "--message-burst", "2000"]  # a client playing a whole match flat out
    new = Server(folders[1] / "db", store=store, options=fast).start()
    try:
        assert schema_version(store) in (2, "dominohall schema 2")
        after = record(new, done)
        assert {key: after[key] for key in before} == before  # the same record, with what this version adds
        assert asyncio.run(play(new, going, cookie, None, start=False))
        record(new, going)
    finally:
        new.stop()
