"""The SQLite event store against a real file: append-only, atomic per command, duplicate ids refused."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from dominohall.store.sqlite import SqliteStore, path_from_url
from dominohall.tables.ports import DuplicateCommandError, Event, SeqConflictError, StoreError

T = TypeVar("T")


def run(path: Path, work: Callable[[SqliteStore], Awaitable[T]]) -> T:
    """Open the store in ``path``, run ``work`` on it, close it."""

    async def main() -> T:
        store = await SqliteStore.open(path)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(main())


def event(seq: int, command_id: str | None = None, table: str = "t1", **payload: object) -> Event:
    """An event of ``table`` with a small payload."""
    return Event(table, seq, command_id, "seat:0", 1000.0 + seq, {"t": "chat", **payload})


def test_events_come_back_in_order_and_survive_reopening(tmp_path: Path) -> None:
    db = tmp_path / "data" / "hall.db"

    async def write(store: SqliteStore) -> None:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a", text="hi"), event(2)])
        await store.append([event(3, "b", text="ho")])

    run(db, write)
    loaded = run(db, lambda store: store.load("t1"))
    assert [e.seq for e in loaded] == [1, 2, 3]
    assert loaded[0] == event(1, "a", text="hi")
    assert [e.seq for e in run(db, lambda store: store.load("t1", after_seq=2))] == [3]


def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    db = tmp_path / "hall.db"
    run(db, lambda store: store.create_table("t1", 1.0))
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_repeated_command_id_appends_nothing(tmp_path: Path) -> None:
    async def work(store: SqliteStore) -> list[Event]:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a")])
        with pytest.raises(DuplicateCommandError):
            await store.append([event(2, "a"), event(3)])
        return await store.load("t1")

    assert [e.seq for e in run(tmp_path / "db", work)] == [1]


def test_a_taken_seq_appends_nothing_of_the_command(tmp_path: Path) -> None:
    async def work(store: SqliteStore) -> list[Event]:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a"), event(2)])
        with pytest.raises(SeqConflictError):
            await store.append([event(3, "b"), event(2)])
        return await store.load("t1")

    assert [e.seq for e in run(tmp_path / "db", work)] == [1, 2]


def test_the_same_command_id_at_two_tables_is_two_commands(tmp_path: Path) -> None:
    async def work(store: SqliteStore) -> int:
        await store.create_table("t1", 1.0)
        await store.create_table("t2", 2.0)
        await store.append([event(1, "a")])
        await store.append([event(1, "a", table="t2")])
        return len(await store.load("t1")) + len(await store.load("t2"))

    assert run(tmp_path / "db", work) == 2


def test_unfinished_tables_oldest_first_and_finishing_in_the_same_transaction(tmp_path: Path) -> None:
    async def work(store: SqliteStore) -> tuple[list[str], list[str]]:
        await store.create_table("late", 5.0)
        await store.create_table("early", 1.0)
        before = await store.unfinished()
        await store.append([event(1, table="early")], finished=True)
        return before, await store.unfinished()

    assert run(tmp_path / "db", work) == (["early", "late"], ["late"])


def test_errors_for_unknown_and_taken_tables(tmp_path: Path) -> None:
    async def work(store: SqliteStore) -> bool:
        await store.create_table("t1", 1.0)
        with pytest.raises(StoreError):
            await store.create_table("t1", 2.0)
        with pytest.raises(StoreError):
            await store.append([event(1, table="nowhere")])
        return await store.has_table("nowhere")

    assert run(tmp_path / "db", work) is False


def test_events_cannot_be_changed_or_deleted(tmp_path: Path) -> None:
    db = tmp_path / "db"

    async def work(store: SqliteStore) -> None:
        await store.create_table("t1", 1.0)
        await store.append([event(1)])

    run(db, work)
    with sqlite3.connect(db) as connection, pytest.raises(sqlite3.IntegrityError, match="append-only"):
        connection.execute("DELETE FROM events")


def test_sqlite_urls() -> None:
    assert path_from_url("sqlite:///data/x.db") == Path("data/x.db")
    assert path_from_url("sqlite:////tmp/x.db") == Path("/tmp/x.db")
    with pytest.raises(StoreError):
        path_from_url("postgresql://host/db")


def test_concurrent_appends_share_a_commit_and_a_refused_one_refuses_only_itself(tmp_path: Path) -> None:
    db = tmp_path / "hall.db"
    tables = [f"t{i}" for i in range(20)]

    async def write(store: SqliteStore) -> list[BaseException | None]:
        for table in tables:
            await store.create_table(table, 1.0)
            await store.append([event(1, "a", table=table)])
        appends = [store.append([event(2, table=t), event(3, table=t)]) for t in tables]
        appends.append(store.append([event(4, "a", table="t7")]))  # command id "a" is taken at t7
        appends.append(store.append([event(2, table="t9")]))  # so is seq 2 at t9, by the append before it
        return await asyncio.gather(*appends, return_exceptions=True)

    outcomes = run(db, write)
    assert outcomes[:-2] == [None] * len(tables)
    assert isinstance(outcomes[-2], DuplicateCommandError)
    assert isinstance(outcomes[-1], SeqConflictError)

    async def read(store: SqliteStore) -> list[list[int]]:
        return [[e.seq for e in await store.load(table)] for table in tables]

    assert run(db, read) == [[1, 2, 3]] * len(tables)
