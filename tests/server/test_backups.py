"""``dominohall backup`` while a server plays, ``dominohall restore`` into an empty store, and the restored
table plays on to the end of its match, on SQLite and on PostgreSQL (the private server's new databases,
whose ``public`` schema is the store, as on a real installation)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest

from dominohall.games.records import verify

from ..postgres import PostgresServer
from .harness import Client, Server, create_table, http, my_turn, play_turns


def new_store(kind: str, folder: Path, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty store: a SQLite file not made yet, or a new PostgreSQL database."""
    if kind == "sqlite":
        return f"sqlite:///{folder / 'hall.db'}"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = f"hall_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server.url(), autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")  # a generated name, not input
    return server.url(name)


def dominohall(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the command line; its output and status."""
    return subprocess.run([sys.executable, "-m", "dominohall", *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_backup_restored_into_an_empty_store_plays_on(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    before, after, backup = tmp_path / "before", tmp_path / "after", tmp_path / "hall.backup"
    before.mkdir()
    after.mkdir()
    source = Server(before / "db", store=new_store(kind, before, request)).start()
    try:
        table_id, cookie = create_table(source, [None, "easy", "easy", "easy"], {"length": "one"})

        async def play_then_back_up() -> int:
            host = await Client.open(source, table_id, cookie)
            assert (await host.command({"t": "start"}))["t"] == "ack"
            assert len(await play_turns(host, 0, limit=2)) == 2
            assert await my_turn(host, 0) is not None  # the bots have moved: only the host can move now
            seq = host.last_seq()
            done = await asyncio.to_thread(dominohall, "backup", "--db", source.store or "", str(backup))
            assert done.returncode == 0, done.stderr
            assert done.stdout.strip() == f"backed up 1 tables into {backup}"
            assert len(await play_turns(host, 0, limit=1)) == 1  # after the backup: not in it
            await host.close()
            return seq

        backed_up = asyncio.run(play_then_back_up())
        assert http("GET", f"{source.url}/api/tables/{table_id}")[1]["seq"] > backed_up
    finally:
        source.stop()
    assert dominohall("backup", "--db", source.store or "", str(backup)).returncode != 0  # never overwritten

    target = new_store(kind, after, request)
    done = dominohall("restore", "--db", target, str(backup))
    assert done.returncode == 0 and done.stdout.strip() == f"restored 1 tables from {backup}", done.stderr
    again = dominohall("restore", "--db", target, str(backup))
    assert again.returncode != 0 and "restore into an empty" in again.stderr  # a store with tables: refused

    restored = Server(after / "db", store=target).start()
    try:

        async def play_on() -> Client:
            host = await Client.open(restored, table_id, cookie)  # the same seat cookie: the same seat
            assert host.last_seq() == backed_up
            assert await play_turns(host, 0)  # to the end of the match
            await host.close()
            return host

        host = asyncio.run(play_on())
        assert host.is_over()
        status, record, _ = http("GET", f"{restored.url}/api/tables/{table_id}/record?match=1")
        assert status == 200 and verify(record) == []
    finally:
        restored.stop()


def test_a_file_that_is_no_backup_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    bogus = tmp_path / "not-a-backup"
    bogus.write_text("hello")
    store = tmp_path / "hall.db"
    done = dominohall("restore", "--db", f"sqlite:///{store}", str(bogus))
    assert done.returncode != 0 and "not a Domino Hall SQLite store" in done.stderr
    assert not store.exists()
