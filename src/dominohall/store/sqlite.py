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
from typing import Any, TypeVar

import orjson

from ..tables.ports import DuplicateCommandError, Event, Phase, SeqConflictError, StoreError

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
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    key TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
);
CREATE TABLE IF NOT EXISTS kept_records (
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    last REAL NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, match)
);
CREATE TRIGGER IF NOT EXISTS events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""
NO_DELETE = """CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END"""
"""The trigger refusing to remove an event: only retention lifts it, in the transaction that removes tables."""
FINISHED_IDLE = """
SELECT table_id, seq FROM (
    SELECT t.table_id, e.seq, e.time FROM tables t
    JOIN events e ON e.table_id = t.table_id
        AND e.seq = (SELECT max(seq) FROM events WHERE table_id = t.table_id)
    WHERE t.finished = 1
) WHERE time < ? ORDER BY time LIMIT ?
"""
"""The whole tables whose match is over and whose last event is older than a time, least recently active first."""
INSERT_ALL = """
INSERT INTO events (table_id, seq, command_id, actor, time, payload)
SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?) ORDER BY key
"""
"""Insert a batch of events, given as one JSON array of rows, with a single statement."""
INSERT_ONE = "INSERT INTO events (table_id, seq, command_id, actor, time, payload) VALUES (?, ?, ?, ?, ?, ?)"


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
        self._batch: list[tuple[list[list[object]], str, bool | None, asyncio.Future[None]]] = []
        """The appends waiting for the writer: the events' rows, the table, the ``finished`` column's new value
        (``None``: as it is), and the future of the outcome."""
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

    async def create_table(self, table_id: str, created: float, events: Sequence[Event] = ()) -> None:
        """Add a table with its first ``events`` in one transaction (both or neither); raise ``StoreError``
        if the id is taken or the events cannot be stored."""

        def work() -> None:
            db = self._db
            rows = _rows(events)
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("INSERT INTO tables (table_id, created) VALUES (?, ?)", (table_id, created))
                db.executemany(INSERT_ONE, rows)
            except Exception as error:
                db.execute("ROLLBACK")
                if isinstance(error, sqlite3.IntegrityError) and "tables.table_id" in str(error):
                    raise StoreError(f"table {table_id} exists already") from None
                raise _failure(error) from None
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

        try:
            await self._run(work)
        except Exception as error:
            raise _failure(error) from None

    async def append(self, events: Sequence[Event], *, phase: Phase | None = None) -> None:
        """Append one command's events of one table, all or none; return once they are committed (and, when
        ``phase`` is given, whether the table's match is over: the ``finished`` column).

        Group commit: appends that arrive while the writer is committing wait for the next transaction,
        which takes all of them at once and costs one sync of the disk for the lot. An append that fails
        for any reason fails alone (see ``_append_batch``): the others in its batch are committed.
        """
        if not events:
            return
        try:  # here, not in the writer: it holds the GIL as little as it can (see ``_append_batch``)
            rows = _rows(events)
        except Exception as error:
            raise StoreError(f"the events could not be encoded: {error}") from None
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._batch.append((rows, events[0].table_id, None if phase is None else phase == Phase.OVER, done))
        if self._flusher is None or self._flusher.done() or self._flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        """Commit the waiting appends, a transaction per batch, until none are waiting."""
        while self._batch:
            batch, self._batch = self._batch, []
            appends = [(rows, table_id, finished) for rows, table_id, finished, _ in batch]
            text = orjson.dumps([row for rows, _, _, _ in batch for row in rows]).decode()
            try:
                outcomes = await self._run(partial(self._append_batch, text, appends))
            except BaseException as error:
                for _, _, _, done in batch:
                    if not done.done():
                        done.set_exception(_failure(error) if isinstance(error, Exception) else StoreError("cancelled"))
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, _, _, done), outcome in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)

    def _append_batch(
        self, text: str, batch: list[tuple[list[list[object]], str, bool | None]]
    ) -> list[StoreError | None]:
        """Commit a batch of appends (their rows as one JSON array, ``text``; each append's rows, table and
        ``finished`` value): per append, its error or None.

        This runs in the writer thread, which needs the GIL after every call into SQLite, and taking it back
        from a busy event loop can wait the interpreter's switch interval: so the rows are encoded by the
        loop (``append``, ``_flush``), and a batch that changes no table's ``finished`` is one statement in
        autocommit mode (SQLite's implicit transaction: one call, one sync of the disk). When that fails for
        any reason (a taken seq or command id, a value SQLite refuses), nothing of it is in, and each append
        is tried again in its own savepoint, so a refused one refuses only itself and the others are
        committed.
        """
        db = self._db
        finishing = [(int(finished), table_id) for _, table_id, finished in batch if finished is not None]
        try:
            if finishing:
                db.execute("BEGIN IMMEDIATE")
                db.execute(INSERT_ALL, (text,))
                db.executemany("UPDATE tables SET finished = ? WHERE table_id = ?", finishing)
                db.execute("COMMIT")
            else:
                db.execute(INSERT_ALL, (text,))
            return [None] * len(batch)
        except Exception:
            if db.in_transaction:
                db.execute("ROLLBACK")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("BEGIN IMMEDIATE")
        try:
            outcomes = [self._append_alone(db, rows, finished, table_id) for rows, table_id, finished in batch]
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return outcomes

    @staticmethod
    def _append_alone(
        db: sqlite3.Connection, rows: list[list[object]], finished: bool | None, table_id: str
    ) -> StoreError | None:
        """Insert one command's encoded events in a savepoint: None, or the error that rolled them back."""
        db.execute("SAVEPOINT one_append")
        try:
            db.executemany(INSERT_ONE, rows)
            if finished is not None:
                db.execute("UPDATE tables SET finished = ? WHERE table_id = ?", (int(finished), table_id))
        except Exception as error:
            db.execute("ROLLBACK TO one_append")
            return _failure(error)
        finally:
            db.execute("RELEASE one_append")
        return None

    async def load(self, table_id: str, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """The table's events with ``seq > after_seq``, in order (the first ``limit`` of them if given)."""

        def work() -> list[Event]:
            rows = self._db.execute(
                "SELECT seq, command_id, actor, time, payload FROM events WHERE table_id = ? AND seq > ? "
                "ORDER BY seq LIMIT ?",
                (table_id, after_seq, -1 if limit is None else limit),
            ).fetchall()
            return [Event(table_id, seq, cid, actor, time, orjson.loads(text)) for seq, cid, actor, time, text in rows]

        return await self._run(work)

    async def save_analysis(self, table_id: str, key: str, body: dict[str, Any]) -> None:
        """Keep a result computed from the table's events (the first one kept for a key stays)."""
        query = "INSERT INTO analyses (table_id, key, body) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
        text = orjson.dumps(body).decode()
        await self._run(lambda: self._db.execute(query, (table_id, key, text)))

    async def load_analysis(self, table_id: str, key: str) -> dict[str, Any] | None:
        """A result kept by ``save_analysis``, or ``None``."""
        query = "SELECT body FROM analyses WHERE table_id = ? AND key = ?"
        row = await self._run(lambda: self._db.execute(query, (table_id, key)).fetchone())
        return None if row is None else dict(orjson.loads(row[0]))

    async def has_table(self, table_id: str) -> bool:
        """True when the table exists."""
        query = "SELECT 1 FROM tables WHERE table_id = ?"
        return await self._run(lambda: self._db.execute(query, (table_id,)).fetchone() is not None)

    async def unfinished(self) -> list[str]:
        """The ids of every table whose match is not over, oldest first."""
        query = "SELECT table_id FROM tables WHERE finished = 0 ORDER BY created, table_id"
        return await self._run(lambda: [row[0] for row in self._db.execute(query).fetchall()])

    async def finished_idle(self, before: float, limit: int) -> list[tuple[str, int]]:
        """Whole tables whose match is over, last active before ``before``: (id, last seq), oldest first."""
        return await self._run(lambda: [(t, int(seq)) for t, seq in self._db.execute(FINISHED_IDLE, (before, limit))])

    async def keep_records(self, table_id: str, seq: int, records: Sequence[dict[str, Any]], last: float) -> bool:
        """Keep only the table's records, if its match is still over at ``seq``: True when it was done."""
        rows = [(table_id, number, last, orjson.dumps(record).decode()) for number, record in enumerate(records, 1)]

        def work(db: sqlite3.Connection) -> bool:
            query = "SELECT finished, (SELECT max(seq) FROM events WHERE table_id = ?) FROM tables WHERE table_id = ?"
            found = db.execute(query, (table_id, table_id)).fetchone()
            if found is None or not found[0] or found[1] != seq:
                return False
            db.executemany("INSERT INTO kept_records (table_id, match, last, body) VALUES (?, ?, ?, ?)", rows)
            _remove_tables(db, [table_id])
            return True

        return await self._run(partial(self._in_transaction, work))

    async def kept_records(self, table_id: str) -> list[dict[str, Any]]:
        """The records kept of a table whose events were removed, in match order."""
        query = "SELECT body FROM kept_records WHERE table_id = ? ORDER BY match"
        rows = await self._run(lambda: self._db.execute(query, (table_id,)).fetchall())
        return [dict(orjson.loads(body)) for (body,) in rows]

    async def forget(self, before: float) -> int:
        """Remove the finished tables last active before ``before``, whole or as kept records: how many."""

        def work(db: sqlite3.Connection) -> int:
            kept = [
                row[0] for row in db.execute("SELECT DISTINCT table_id FROM kept_records WHERE last < ?", (before,))
            ]
            db.execute("DELETE FROM kept_records WHERE last < ?", (before,))
            whole = [table_id for table_id, _ in db.execute(FINISHED_IDLE, (before, -1)).fetchall()]
            _remove_tables(db, whole)
            return len(kept) + len(whole)

        return await self._run(partial(self._in_transaction, work))

    def _in_transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one transaction of the writer thread (rolled back if it raises)."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            result = work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return result

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


def _remove_tables(db: sqlite3.Connection, table_ids: Sequence[str]) -> None:
    """Remove the tables' events, analyses and rows (in the caller's transaction): the trigger that refuses to
    remove an event is lifted for that transaction alone (SQLite's schema changes are transactional)."""
    if not table_ids:
        return
    ids = [(table_id,) for table_id in table_ids]
    db.execute("DROP TRIGGER events_append_only_delete")
    db.executemany("DELETE FROM events WHERE table_id = ?", ids)
    db.executemany("DELETE FROM analyses WHERE table_id = ?", ids)
    db.executemany("DELETE FROM tables WHERE table_id = ?", ids)
    db.execute(NO_DELETE)


def _rows(events: Sequence[Event]) -> list[list[object]]:
    """One command's events as rows of the events table (raises when a payload cannot be encoded)."""
    return [[e.table_id, e.seq, e.command_id, e.actor, e.time, e.payload_json()] for e in events]


def _failure(error: Exception) -> StoreError:
    """The port's error for anything that failed in the writer (a broken uniqueness rule, a value SQLite
    refuses, the disk)."""
    if isinstance(error, StoreError):
        return error
    if isinstance(error, sqlite3.IntegrityError):
        return _conflict(error)
    return StoreError(f"the SQLite store failed: {type(error).__name__}: {error}")


def _conflict(error: sqlite3.IntegrityError) -> StoreError:
    """The port's error for a broken uniqueness constraint."""
    text = str(error)
    if "command_id" in text:
        return DuplicateCommandError("this command id was already applied at this table")
    if "seq" in text or "PRIMARY KEY" in text:
        return SeqConflictError("an event with this seq exists already at this table")
    return StoreError(text)
