"""What only the SQLite store does: its file in WAL mode, its URLs, and a trigger refusing changes."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from dominohall.store.backends import backend_for
from dominohall.store.sqlite import SqliteStore, path_from_url
from dominohall.tables.ports import Event, LocalCoordinator, StoreError


async def _one_event(path: Path) -> None:
    store = await SqliteStore.open(path)
    try:
        await store.create_table("t1", 1.0)
        await store.append([Event("t1", 1, None, "host", 1.0, {"t": "chat"})])
    finally:
        await store.close()


def test_the_file_is_in_wal_mode_and_events_cannot_be_changed_or_deleted(tmp_path: Path) -> None:
    db = tmp_path / "hall.db"
    asyncio.run(_one_event(db))
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            connection.execute("DELETE FROM events")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            connection.execute("UPDATE events SET actor = 'x'")


def test_sqlite_urls() -> None:
    assert path_from_url("sqlite:///data/x.db") == Path("data/x.db")
    assert path_from_url("sqlite:////tmp/x.db") == Path("/tmp/x.db")
    with pytest.raises(StoreError):
        path_from_url("mysql://host/db")


def test_a_sqlite_url_picks_the_embedded_store_alone_in_its_process(tmp_path: Path) -> None:
    backend = backend_for(f"sqlite:///{tmp_path / 'x.db'}")
    assert isinstance(backend.store, SqliteStore) and backend.store.path == tmp_path / "x.db"
    assert isinstance(backend.coordinator, LocalCoordinator)
    assert asyncio.run(backend.coordinator.claim(["a", "b"])) == {"a", "b"}
