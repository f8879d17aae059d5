"""The embedded event store: one SQLite file (WAL, ``synchronous=FULL``), append-only.

Every call runs in one dedicated writer thread that owns the connection, so the event loop never waits
on the disk and SQLite sees a single writer. ``UNIQUE (table_id, seq)`` keeps the numbering whole and
``UNIQUE (table_id, command_id)`` makes a repeated command id fail instead of applying twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import TypeVar

import orjson

from ..tables.ports import DuplicateCommandError, Event, SeqConflictError, StoreError

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    seq INTEGER NOT NULL,
    command_id TEXT,
    actor TEXT NOT NULL,
    time REAL NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (table_id, seq),
    UNIQUE (table_id, command_id)
);
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""
INSERT_ALL = """
INSERT INTO events (table_id, seq, command_id, actor, time, payload)
SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?) ORDER BY key
"""
"""Insert a batch of events, given as one JSON array of rows, with a single statement."""


def path_from_url(url: str) -> Path:
    """The file of a ``sqlite:///relative/path`` or ``sqlite:////absolute/path`` URL (or a plain path)."""
    if url.startswith("sqlite:///"):
        return Path(url.removeprefix("sqlite:///"))
    if "://" in url:
        raise StoreError(f"not a SQLite URL: {url!r} (expected sqlite:///path/to/file.db)")
    return Path(url)


class SqliteStore:
    """The ``Store`` port on a SQLite file: ``await SqliteStore.open(path)``, or ``SqliteStore(path)`` to
    connect on first use (from any event loop)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-writer")
        self._connection: sqlite3.Connection | None = None
        self._closed = False
        self._batch: list[tuple[Sequence[Event], bool | None, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> SqliteStore:
        """Open (creating when needed) the store in ``path`` and its folder."""
        store = cls(path_from_url(path) if isinstance(path, str) else path)
        await store._run(lambda: store._db)
        return store

    async def _run(self, work: Callable[[], T]) -> T:
        """Run ``work`` in the writer thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, work)

    def _connect(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA foreign_keys=ON")
        connection.executescript(SCHEMA)
        self._connection = connection

    @property
    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            if self._closed:
                raise StoreError("the store is closed")
            self._connect()
        assert self._connection is not None
        return self._connection

    async def create_table(self, table_id: str, created: float) -> None:
        """Add a table with no events yet; raise ``StoreError`` if the id is taken."""

        def work() -> None:
            try:
                self._db.execute("INSERT INTO tables (table_id, created) VALUES (?, ?)", (table_id, created))
            except sqlite3.IntegrityError:
                raise StoreError(f"table {table_id} exists already") from None

        await self._run(work)

    async def append(self, events: Sequence[Event], *, finished: bool | None = None) -> None:
        """Append one command's events of one table, all or none; return once they are committed.

        Group commit: appends that arrive while the writer is committing wait for the next transaction,
        which takes all of them at once (each in its own savepoint, so one refused append refuses only
        itself) and costs one sync of the disk for the lot.
        """
        if not events:
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._batch.append((events, finished, done))
        if self._flusher is None or self._flusher.done() or self._flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        """Commit the waiting appends, a transaction per batch, until none are waiting."""
        while self._batch:
            batch, self._batch = self._batch, []
            appends = [(events, finished) for events, finished, _ in batch]
            try:
                outcomes = await self._run(partial(self._append_batch, appends))
            except BaseException as error:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(error if isinstance(error, Exception) else StoreError("append cancelled"))
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, _, done), outcome in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)

    def _append_batch(self, batch: list[tuple[Sequence[Event], bool | None]]) -> list[StoreError | None]:
        """Append each command's events in one transaction: per append, its error or None.

        The whole batch goes in as one statement first: every call into SQLite lets the event loop's
        thread take the GIL, and taking it back can wait the interpreter's switch interval, so a statement
        per event would make a large batch crawl. When that statement breaks a uniqueness rule, each append
        is tried again in its own savepoint, so a refused one refuses only itself.
        """
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            try:
                self._insert_all(db, batch)
                outcomes: list[StoreError | None] = [None] * len(batch)
            except sqlite3.IntegrityError:
                db.execute("ROLLBACK")
                db.execute("BEGIN IMMEDIATE")
                outcomes = [self._append_alone(db, events, finished) for events, finished in batch]
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return outcomes

    @staticmethod
    def _insert_all(db: sqlite3.Connection, batch: list[tuple[Sequence[Event], bool | None]]) -> None:
        """Insert every event of the batch with one statement (and set ``finished`` where asked)."""
        rows = [
            [e.table_id, e.seq, e.command_id, e.actor, e.time, e.payload_json()] for events, _ in batch for e in events
        ]
        db.execute(INSERT_ALL, (orjson.dumps(rows).decode(),))
        finishing = [(int(finished), events[0].table_id) for events, finished in batch if finished is not None]
        if finishing:
            db.executemany("UPDATE tables SET finished = ? WHERE table_id = ?", finishing)

    def _append_alone(
        self, db: sqlite3.Connection, events: Sequence[Event], finished: bool | None
    ) -> StoreError | None:
        """Insert one command's events in a savepoint: None, or the error that rolled them back."""
        db.execute("SAVEPOINT one_append")
        try:
            self._insert(db, events, finished)
        except sqlite3.IntegrityError as error:
            db.execute("ROLLBACK TO one_append")
            return _conflict(error)
        finally:
            db.execute("RELEASE one_append")
        return None

    @staticmethod
    def _insert(db: sqlite3.Connection, events: Sequence[Event], finished: bool | None) -> None:
        db.executemany(
            "INSERT INTO events (table_id, seq, command_id, actor, time, payload) VALUES (?, ?, ?, ?, ?, ?)",
            [(e.table_id, e.seq, e.command_id, e.actor, e.time, e.payload_json()) for e in events],
        )
        if finished is not None:
            db.execute("UPDATE tables SET finished = ? WHERE table_id = ?", (int(finished), events[0].table_id))

    async def load(self, table_id: str, after_seq: int = 0) -> list[Event]:
        """The table's events with ``seq > after_seq``, in order."""

        def work() -> list[Event]:
            rows = self._db.execute(
                "SELECT seq, command_id, actor, time, payload FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
                (table_id, after_seq),
            ).fetchall()
            return [Event(table_id, seq, cid, actor, time, orjson.loads(text)) for seq, cid, actor, time, text in rows]

        return await self._run(work)

    async def has_table(self, table_id: str) -> bool:
        """True when the table exists."""
        query = "SELECT 1 FROM tables WHERE table_id = ?"
        return await self._run(lambda: self._db.execute(query, (table_id,)).fetchone() is not None)

    async def unfinished(self) -> list[str]:
        """The ids of every table whose match is not over, oldest first."""
        query = "SELECT table_id FROM tables WHERE finished = 0 ORDER BY created, table_id"
        return await self._run(lambda: [row[0] for row in self._db.execute(query).fetchall()])

    async def close(self) -> None:
        """Close the connection and stop the writer thread."""
        if self._flusher is not None and not self._flusher.done():
            with contextlib.suppress(Exception):
                await self._flusher
        self._closed = True
        if self._connection is not None:
            connection, self._connection = self._connection, None
            await self._run(connection.close)
        self._executor.shutdown(wait=True)


def _conflict(error: sqlite3.IntegrityError) -> StoreError:
    """The port's error for a broken uniqueness constraint."""
    text = str(error)
    if "command_id" in text:
        return DuplicateCommandError("this command id was already applied at this table")
    if "seq" in text or "PRIMARY KEY" in text:
        return SeqConflictError("an event with this seq exists already at this table")
    return StoreError(text)
