"""The shared event store: PostgreSQL through psycopg 3 (async) and a small pool of connections.

Same rules as the SQLite store: ``PRIMARY KEY (table_id, seq)`` keeps each table's numbering whole (a
second writer of the same ``seq`` gets ``SeqConflictError``), ``UNIQUE (table_id, command_id)`` makes a
repeated command id fail (``DuplicateCommandError``), a trigger refuses any change or removal of an event,
and one command's events go in one transaction: a single statement. Once it has committed, the store says
``pg_notify('dominohall', '<table id> <last seq>')``, delivered to every listening process: the notification
names the table and a number, never anything of a hand. It is said in a transaction of its own, for every
append committed since the last one (one statement for the lot), not in the events' transaction: there,
PostgreSQL holds the notification queue's lock through the commit's sync of the disk, so every notifying
commit of the database waits for the one before it (on the test machine 390-600 appends a second, against
6,500 without; ``docs/operations.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import select
from collections.abc import AsyncIterator, Sequence
from typing import Any

import psycopg
from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from ..tables.ports import DuplicateCommandError, Event, Phase, SeqConflictError, StoreError

log = logging.getLogger("dominohall.store")

CHANNEL = "dominohall"
"""The notification channel: each payload is ``"<table id> <last seq>"``."""
WAIT = 5.0
"""Seconds a statement waits for a pooled connection before the store is reported unavailable (``StoreError``;
a table answers its command ``busy``): with the server unreachable, a player is told in seconds, not in the
pool's default 30, which every later command of the same table would wait again in turn."""
RECONNECT = 10.0
"""Seconds a pool keeps making a lost connection again, its waits doubling from 1 s, before it gives up and
waits for the next statement to ask for one (which tries at once). The pool's default, 5 minutes, lets the
waits grow past a minute: a server back after a long outage could wait that long to be used again."""
SCHEMA_LOCK = 0x646F6D696E6F
"""The transaction-level advisory lock held while the schema is created (two processes may start at once)."""

SCHEMA_VERSION = "dominohall schema 2"
"""Version 2 adds ``kept_records`` and lets retention remove events (``FORGETTING``); a store of version 1
is brought to it by the schema below, which only adds."""
"""The comment the schema's last step writes on ``events``: a process that finds it makes no schema at all."""
SCHEMA_READY = "SELECT obj_description(to_regclass('events'), 'pg_class') IS NOT DISTINCT FROM %s"
"""True once the schema is whole (read from the catalogue alone: no lock on a table the appends use)."""
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS tables (
    table_id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    seq INTEGER NOT NULL,
    command_id TEXT,
    actor TEXT NOT NULL,
    time DOUBLE PRECISION NOT NULL,
    payload JSONB NOT NULL,
    CONSTRAINT events_seq_once PRIMARY KEY (table_id, seq),
    CONSTRAINT events_command_once UNIQUE (table_id, command_id)
);
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    key TEXT NOT NULL,
    body JSONB NOT NULL,
    PRIMARY KEY (table_id, key)
);
CREATE TABLE IF NOT EXISTS kept_records (
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    last DOUBLE PRECISION NOT NULL,
    body JSONB NOT NULL,
    PRIMARY KEY (table_id, match)
);
LOCK TABLE tables, events IN SHARE ROW EXCLUSIVE MODE;  -- in the appends' order: tables, then events
CREATE INDEX IF NOT EXISTS tables_unfinished ON tables (created, table_id) WHERE NOT finished;
CREATE OR REPLACE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND current_setting('dominohall.forgetting', true) = 'on' THEN
        RETURN OLD;  -- retention, in the transaction that removes whole tables (see FORGETTING)
    END IF;
    RAISE EXCEPTION 'events are append-only';
END $$;
CREATE OR REPLACE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE OR REPLACE TRIGGER events_never_truncated BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
COMMENT ON TABLE events IS '{SCHEMA_VERSION}';
"""
"""The schema, made once: a process starting while others append to the tables (a restart, one more process)
finds it whole and skips it, since its locks would queue behind the appends and hold up those that follow."""
INSERT = """
INSERT INTO events (table_id, seq, command_id, actor, time, payload)
SELECT %s, seq, command_id, actor, time, payload
FROM unnest(%s::int[], %s::text[], %s::text[], %s::float8[], %s::text[]::jsonb[])
    AS batch (seq, command_id, actor, time, payload)
"""
"""One command's events with a single statement: one array per column."""
APPEND = """
WITH phase AS (
    UPDATE tables SET finished = %(finished)s::boolean WHERE table_id = %(table)s AND %(finished)s::boolean IS NOT NULL
)
INSERT INTO events (table_id, seq, command_id, actor, time, payload)
SELECT %(table)s, seq, command_id, actor, time, payload
FROM unnest(
    %(seqs)s::int[], %(ids)s::text[], %(actors)s::text[], %(times)s::float8[], %(payloads)s::text[]::jsonb[]
) AS batch (seq, command_id, actor, time, payload)
"""
"""A command's events and the table's phase when it changes: one statement, so one transaction in one round
trip (autocommit), all or nothing."""
NOTIFY = "SELECT pg_notify(%s, news) FROM unnest(%s::text[]) AS news"
"""The notifications of the appends committed since the last ones were said: one transaction for the lot."""
FORGETTING = "SELECT set_config('dominohall.forgetting', 'on', true)"
"""Lets the transaction remove events (the trigger refuses it otherwise): retention's alone."""
FINISHED_IDLE = """
SELECT t.table_id, e.seq FROM tables t
JOIN LATERAL (SELECT seq, time FROM events WHERE table_id = t.table_id ORDER BY seq DESC LIMIT 1) e ON TRUE
WHERE t.finished AND e.time < %s ORDER BY e.time LIMIT %s
"""
"""The whole tables whose match is over and whose last event is older than a time, least recently active first."""
REMOVE = """
WITH gone_events AS (DELETE FROM events WHERE table_id = ANY(%(ids)s)),
     gone_analyses AS (DELETE FROM analyses WHERE table_id = ANY(%(ids)s))
SELECT 1
"""
LOAD = """
SELECT seq, command_id, actor, time, payload FROM events WHERE table_id = %s AND seq > %s ORDER BY seq LIMIT %s
"""


async def _schema_ready(connection: psycopg.AsyncConnection[Any]) -> bool:
    """True when the schema of this version is there already."""
    row = await (await connection.execute(SCHEMA_READY, [SCHEMA_VERSION])).fetchone()
    return bool(row and row[0])


def is_postgres_url(url: str) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL."""
    return url.startswith(("postgresql://", "postgres://"))


class PostgresStore:
    """The ``Store`` port on a PostgreSQL database: ``PostgresStore(url)`` connects on first use (in the
    event loop that uses it) and creates the schema if it is missing; ``await PostgresStore.open(url)``
    does so at once."""

    def __init__(
        self,
        url: str,
        *,
        pool_size: int = 8,
        open_timeout: float = 30.0,
        wait: float = WAIT,
        reconnect: float = RECONNECT,
    ) -> None:
        if not is_postgres_url(url):
            raise StoreError(f"not a PostgreSQL URL: {url!r} (expected postgresql://user@host:port/database)")
        self.url = url
        self.pool_size = pool_size
        self.open_timeout = open_timeout
        """Seconds to keep trying to reach the server at first use (it may be starting too)."""
        self.wait = wait
        """Seconds a statement waits for a connection (``WAIT``)."""
        self.reconnect = reconnect
        """Seconds a lost connection is made again before the pool waits to be asked (``RECONNECT``)."""
        self._pool: AsyncConnectionPool | None = None
        self._opening = asyncio.Lock()
        self._closed = False
        self._news: dict[str, int] = {}
        """The appends committed and not yet notified: per table, its last seq."""
        self._teller: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 8, open_timeout: float = 30.0) -> PostgresStore:
        """Connect to ``url`` and create the schema if it is missing."""
        store = cls(url, pool_size=pool_size, open_timeout=open_timeout)
        await store._connected()
        return store

    async def _connected(self) -> AsyncConnectionPool:
        """The pool, opened (and the schema created) on first use."""
        if self._pool is not None:
            return self._pool
        async with self._opening:
            if self._closed:
                raise StoreError("the store is closed")
            if self._pool is None:
                pool = AsyncConnectionPool(  # each connection checked when taken: the server may have dropped it
                    self.url,
                    min_size=1,
                    max_size=self.pool_size,
                    kwargs={"autocommit": True},
                    open=False,
                    check=check_connection,
                    timeout=self.wait,
                    reconnect_timeout=self.reconnect,
                )
                try:
                    await pool.open(wait=True, timeout=self.open_timeout)
                    async with pool.connection() as connection, connection.transaction():
                        if not await _schema_ready(connection):
                            await connection.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])
                            await connection.execute(SCHEMA)
                except (psycopg.Error, TimeoutError) as error:
                    await pool.close()
                    raise StoreError(f"cannot open the PostgreSQL store: {error}") from error
                self._pool = pool
        return self._pool

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A pooled connection (autocommit); a database failure becomes a ``StoreError``."""
        pool = await self._connected()
        try:
            async with pool.connection() as connection:
                yield connection
        except psycopg.Error as error:
            raise _store_error(error) from error

    async def create_table(self, table_id: str, created: float, events: Sequence[Event] = ()) -> None:
        """Add a table with its first ``events`` in one transaction (both or neither); raise ``StoreError``
        if the id is taken or the events cannot be stored."""
        columns = _columns(events)
        async with self._connection() as connection, connection.transaction():
            await connection.execute("INSERT INTO tables (table_id, created) VALUES (%s, %s)", [table_id, created])
            if events:
                await connection.execute(INSERT, [table_id, *columns])
        if events:
            self._tell(table_id, events[-1].seq)

    async def append(self, events: Sequence[Event], *, phase: Phase | None = None) -> None:
        """Append one command's events of one table in one transaction (all or none), with its notification
        (and, when ``phase`` is given, whether the table's match is over: the ``finished`` column).

        Returns once the transaction has committed. When the connection fails during the commit the
        outcome is unknown and ``StoreError`` is raised: the events may be in. A retried command id then
        comes back as a duplicate, and the table's actor finds the events when it next catches up.
        """
        if not events:
            return
        seqs, ids, actors, times, payloads = _columns(events)
        finished = None if phase is None else phase == Phase.OVER
        arguments: dict[str, object] = {"table": events[0].table_id, "finished": finished, "channel": CHANNEL}
        arguments |= {"seqs": seqs, "ids": ids, "actors": actors, "times": times, "payloads": payloads}
        async with self._connection() as connection:
            await connection.execute(APPEND, arguments)
        self._tell(events[0].table_id, events[-1].seq)

    def _tell(self, table_id: str, seq: int) -> None:
        """Have the other processes told that the table has committed events up to ``seq`` (soon: every
        append committed meanwhile is told in one statement)."""
        self._news[table_id] = max(seq, self._news.get(table_id, 0))
        loop = asyncio.get_running_loop()
        if self._teller is None or self._teller.done() or self._teller.get_loop() is not loop:
            self._teller = loop.create_task(self._say_news())

    async def _say_news(self) -> None:
        """Notify every waiting append's table, one statement at a time, until none waits. News that cannot
        be said (the database is gone) is logged and dropped: the others see the events at their next
        catch-up (the table's next news, a client joining, a listener that reconnects)."""
        while self._news:
            news, self._news = self._news, {}
            try:
                async with self._connection() as connection:
                    await connection.execute(NOTIFY, [CHANNEL, [f"{t} {seq}" for t, seq in news.items()]])
            except StoreError as error:
                log.warning("news of %d tables not said: %s", len(news), error)

    async def load(self, table_id: str, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """The table's events with ``seq > after_seq``, in order (the first ``limit`` of them if given)."""
        async with self._connection() as connection:
            cursor = await connection.execute(LOAD, [table_id, after_seq, limit])
            rows = await cursor.fetchall()
        return [Event(table_id, seq, cid, actor, time, payload) for seq, cid, actor, time, payload in rows]

    async def save_analysis(self, table_id: str, key: str, body: dict[str, Any]) -> None:
        """Keep a result computed from the table's events (the first one kept for a key stays)."""
        query = "INSERT INTO analyses (table_id, key, body) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING"
        async with self._connection() as connection:
            await connection.execute(query, [table_id, key, Jsonb(body)])

    async def load_analysis(self, table_id: str, key: str) -> dict[str, Any] | None:
        """A result kept by ``save_analysis``, or ``None``."""
        query = "SELECT body FROM analyses WHERE table_id = %s AND key = %s"
        async with self._connection() as connection:
            cursor = await connection.execute(query, [table_id, key])
            row = await cursor.fetchone()
        return None if row is None else dict(row[0])

    async def has_table(self, table_id: str) -> bool:
        """True when the table exists."""
        async with self._connection() as connection:
            cursor = await connection.execute("SELECT 1 FROM tables WHERE table_id = %s", [table_id])
            return await cursor.fetchone() is not None

    async def unfinished(self) -> list[str]:
        """The ids of every table whose match is not over, oldest first."""
        query = "SELECT table_id FROM tables WHERE NOT finished ORDER BY created, table_id"
        async with self._connection() as connection:
            cursor = await connection.execute(query)
            return [row[0] for row in await cursor.fetchall()]

    async def finished_idle(self, before: float, limit: int) -> list[tuple[str, int]]:
        """Whole tables whose match is over, last active before ``before``: (id, last seq), oldest first."""
        async with self._connection() as connection:
            cursor = await connection.execute(FINISHED_IDLE, [before, limit])
            return [(table_id, int(seq)) for table_id, seq in await cursor.fetchall()]

    async def keep_records(self, table_id: str, seq: int, records: Sequence[dict[str, Any]], last: float) -> bool:
        """Keep only the table's records, if its match is still over at ``seq``: True when it was done.

        The table's row is locked first: an append in flight (which holds a key-share lock on it for its
        reference) is waited for and then seen, and one coming later finds no table and is refused."""
        async with self._connection() as connection, connection.transaction():
            query = "SELECT finished FROM tables WHERE table_id = %s FOR UPDATE"
            found = await (await connection.execute(query, [table_id])).fetchone()
            latest = await (
                await connection.execute("SELECT max(seq) FROM events WHERE table_id = %s", [table_id])
            ).fetchone()
            if found is None or not found[0] or latest is None or latest[0] != seq:
                return False
            rows = [(table_id, number, last, Jsonb(record)) for number, record in enumerate(records, 1)]
            async with connection.cursor() as cursor:
                insert = "INSERT INTO kept_records (table_id, match, last, body) VALUES (%s, %s, %s, %s)"
                await cursor.executemany(insert, rows)
            await _remove_tables(connection, [table_id])
        return True

    async def kept_records(self, table_id: str) -> list[dict[str, Any]]:
        """The records kept of a table whose events were removed, in match order."""
        query = "SELECT body FROM kept_records WHERE table_id = %s ORDER BY match"
        async with self._connection() as connection:
            rows = await (await connection.execute(query, [table_id])).fetchall()
        return [dict(body) for (body,) in rows]

    async def forget(self, before: float) -> int:
        """Remove the finished tables last active before ``before``, whole or as kept records: how many."""
        async with self._connection() as connection, connection.transaction():
            cursor = await connection.execute("DELETE FROM kept_records WHERE last < %s RETURNING table_id", [before])
            kept = {row[0] for row in await cursor.fetchall()}
            cursor = await connection.execute(FINISHED_IDLE, [before, None])
            whole = [row[0] for row in await cursor.fetchall()]
            if whole:  # locked, then asked again: an append committed meanwhile keeps its table
                await connection.execute("SELECT 1 FROM tables WHERE table_id = ANY(%s) FOR UPDATE", [whole])
                cursor = await connection.execute(FINISHED_IDLE, [before, None])
                whole = sorted({row[0] for row in await cursor.fetchall()} & set(whole))
                await _remove_tables(connection, whole)
        return len(kept) + len(whole)

    async def close(self) -> None:
        """Say the news waiting, and close every connection of the pool."""
        if self._teller is not None and not self._teller.done():
            with contextlib.suppress(Exception):
                await self._teller
        async with self._opening:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()


async def _remove_tables(connection: psycopg.AsyncConnection[Any], table_ids: list[str]) -> None:
    """Remove the tables' events, analyses and rows, in the caller's transaction (lifting the trigger that
    refuses to remove an event for that transaction alone)."""
    await connection.execute(FORGETTING)
    await connection.execute(REMOVE, {"ids": table_ids})
    await connection.execute("DELETE FROM tables WHERE table_id = ANY(%s)", [table_ids])


async def check_connection(connection: psycopg.AsyncConnection) -> None:
    """Check a pooled connection as it is taken, without a round trip when nothing is amiss: an idle
    connection has nothing to read, so a readable socket means the server said something (it ends a session
    with a message, then closes it), and only then is the connection asked (which raises if it is gone)."""
    readable, _, _ = select.select([connection.pgconn.socket], [], [], 0)
    if readable or connection.broken:
        await connection.execute("")


def _columns(events: Sequence[Event]) -> tuple[list[int], list[str | None], list[str], list[float], list[str]]:
    """One command's events as one array per column; ``StoreError`` when a payload cannot be encoded (a
    number JSON cannot hold, text that is not Unicode)."""
    try:
        payloads = [e.payload_json() for e in events]
    except (TypeError, ValueError) as error:
        raise StoreError(f"the events could not be encoded: {error}") from None
    return (
        [e.seq for e in events],
        [e.command_id for e in events],
        [e.actor for e in events],
        [e.time for e in events],
        payloads,
    )


def _store_error(error: psycopg.Error) -> StoreError:
    """The port's error for a database error."""
    if isinstance(error, errors.UniqueViolation):
        constraint = error.diag.constraint_name
        if constraint == "events_command_once":
            return DuplicateCommandError("this command id was already applied at this table")
        if constraint == "events_seq_once":
            return SeqConflictError("an event with this seq exists already at this table")
        if constraint == "tables_pkey":
            return StoreError("this table exists already")
    if isinstance(error, errors.ForeignKeyViolation):
        return StoreError("there is no such table in the store")
    return StoreError(f"the PostgreSQL store failed: {type(error).__name__}: {error}")
