"""Several processes on one PostgreSQL store: news by LISTEN/NOTIFY, owners and presence by advisory locks.

- **News.** One connection per process listens on ``dominohall``; every committed append notifies
  ``"<table id> <last seq>"`` (see ``postgres.py``), which is handed to the hall as it arrives. When the
  listening connection fails it is made again, and the hall is told that news may have been missed.
- **Owners.** A table's owner holds the session-level advisory lock ``table_key(table_id)`` on the
  process's lock connection. The lock is the session's: when the process dies (even by kill -9) its
  connection ends and the lock is free, and the next ``claim`` of another process takes it.
- **Presence.** While a person has a connection to a table in a process, that process holds a *shared*
  advisory lock on ``presence_key(table_id, token)``. Another process asks whether anybody holds it by
  trying the exclusive lock (and giving it back at once). A dead process's presence ends with its session,
  like its tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import TypeVar

import psycopg

from ..tables.ports import News, StoreError
from .postgres import CHANNEL, is_postgres_url

log = logging.getLogger("dominohall.store")
T = TypeVar("T")


def table_key(table_id: str) -> int:
    """The 64-bit advisory lock key of a table's ownership (stable across processes and versions).

    >>> table_key("KjYuHsOHbRA") == table_key("KjYuHsOHbRA") and -(2**63) <= table_key("x") < 2**63
    True
    """
    digest = hashlib.blake2b(f"dominohall/table/{table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def presence_key(table_id: str, token: str) -> tuple[int, int]:
    """The advisory lock key (two 32-bit halves: a key space apart from the tables') of a person's presence."""
    digest = hashlib.blake2b(f"dominohall/presence/{table_id}/{token}".encode(), digest_size=8).digest()
    return int.from_bytes(digest[:4], "big", signed=True), int.from_bytes(digest[4:], "big", signed=True)


CLAIM = "SELECT k.key, pg_try_advisory_lock(k.key) FROM unnest(%s::bigint[]) AS k (key)"
ELSEWHERE = "SELECT CASE WHEN pg_try_advisory_lock(%s, %s) THEN NOT pg_advisory_unlock(%s, %s) ELSE TRUE END"
"""True when another session holds the presence lock (shared): the exclusive one cannot be had."""


class PostgresCoordinator:
    """The ``Coordinator`` port on PostgreSQL: one connection listening, one holding this process's locks."""

    alone = False

    def __init__(self, url: str, *, reconnect_delay: float = 1.0) -> None:
        if not is_postgres_url(url):
            raise StoreError(f"not a PostgreSQL URL: {url!r}")
        self.url = url
        self.reconnect_delay = reconnect_delay
        self._listener: asyncio.Task[None] | None = None
        self._locks: psycopg.AsyncConnection | None = None
        self._guard = asyncio.Lock()
        self._owned: set[str] = set()
        self._present: set[tuple[str, str]] = set()

    # -- news ----------------------------------------------------------------------------------------

    async def open(self, news: News) -> None:
        """Listen (the first connection is made before this returns: no event after it is missed)."""
        try:
            connection = await self._listening()
        except psycopg.Error as error:
            raise StoreError(f"cannot listen on the PostgreSQL store: {error}") from error
        self._listener = asyncio.create_task(self._listen(connection, news), name="dominohall-listener")

    async def _listening(self) -> psycopg.AsyncConnection:
        connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def _listen(self, connection: psycopg.AsyncConnection, news: News) -> None:
        """Hand every notification to ``news``; make the connection again whenever it fails."""
        while True:
            try:
                async with connection:
                    async for notification in connection.notifies():
                        _tell(news, notification.payload)
            except psycopg.Error as error:
                log.warning("the listening connection failed: %s", error)
            while True:
                await asyncio.sleep(self.reconnect_delay)
                try:
                    connection = await self._listening()
                    break
                except psycopg.Error as error:
                    log.warning("cannot listen again yet: %s", error)
            news.lost()

    # -- the lock connection -------------------------------------------------------------------------

    async def _with_locks(self, work: Callable[[psycopg.AsyncConnection], Awaitable[T]]) -> T:
        """Run ``work`` on the lock connection, made (again) when needed; a failure drops the connection,
        and with it every lock of this process."""
        async with self._guard:
            try:
                if self._locks is None or self._locks.closed:
                    self._locks = await self._lock_connection()
                return await work(self._locks)
            except psycopg.Error:
                self._owned.clear()
                if self._locks is not None:
                    with contextlib.suppress(psycopg.Error):
                        await self._locks.close()
                    self._locks = None
                raise

    async def _lock_connection(self) -> psycopg.AsyncConnection:
        """A new lock connection, holding the presence of every person connected here."""
        self._owned.clear()
        connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        for table_id, token in self._present:
            await connection.execute("SELECT pg_advisory_lock_shared(%s, %s)", presence_key(table_id, token))
        return connection

    # -- owners --------------------------------------------------------------------------------------

    async def claim(self, table_ids: Collection[str]) -> set[str]:
        """Take the lock of each table not owned yet (one query, also when there is none: a heartbeat)."""

        async def work(connection: psycopg.AsyncConnection) -> None:
            wanted = {table_key(t): t for t in table_ids if t not in self._owned}
            cursor = await connection.execute(CLAIM, [list(wanted)])
            self._owned |= {wanted[key] for key, taken in await cursor.fetchall() if taken}

        try:
            await self._with_locks(work)
        except psycopg.Error as error:
            log.warning("cannot claim tables (every lock of this process is lost): %s", error)
        return self._owned & set(table_ids)

    async def release(self, table_id: str) -> None:
        """Give the table's lock back."""

        async def work(connection: psycopg.AsyncConnection) -> None:
            if table_id in self._owned:
                self._owned.discard(table_id)
                await connection.execute("SELECT pg_advisory_unlock(%s)", [table_key(table_id)])

        with contextlib.suppress(psycopg.Error):
            await self._with_locks(work)

    # -- presence ------------------------------------------------------------------------------------

    async def here(self, table_id: str, token: str) -> None:
        """Hold the person's presence lock (shared: any number of processes may)."""
        if (table_id, token) in self._present:
            return

        async def work(connection: psycopg.AsyncConnection) -> None:
            await connection.execute("SELECT pg_advisory_lock_shared(%s, %s)", presence_key(table_id, token))

        with contextlib.suppress(psycopg.Error):
            await self._with_locks(work)
        self._present.add((table_id, token))  # after: a lock connection made again takes every one kept here

    async def gone(self, table_id: str, token: str) -> None:
        """Let go of the person's presence lock."""
        if (table_id, token) not in self._present:
            return
        self._present.discard((table_id, token))

        async def work(connection: psycopg.AsyncConnection) -> None:
            await connection.execute("SELECT pg_advisory_unlock_shared(%s, %s)", presence_key(table_id, token))

        with contextlib.suppress(psycopg.Error):
            await self._with_locks(work)

    async def is_elsewhere(self, table_id: str, token: str) -> bool:
        """True when another process holds the person's presence lock (False when that cannot be known:
        a bot then stands in, and the process holding the person gives the seat back)."""
        first, second = presence_key(table_id, token)

        async def work(connection: psycopg.AsyncConnection) -> bool:
            cursor = await connection.execute(ELSEWHERE, [first, second, first, second])
            row = await cursor.fetchone()
            return bool(row and row[0])

        try:
            return await self._with_locks(work)
        except psycopg.Error:
            return False

    async def close(self) -> None:
        """Stop listening and close the lock connection (every lock of this process is free)."""
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
            self._listener = None
        async with self._guard:
            self._owned.clear()
            self._present.clear()
            if self._locks is not None:
                with contextlib.suppress(psycopg.Error):
                    await self._locks.close()
                self._locks = None


def _tell(news: News, payload: str) -> None:
    """Hand one notification (``"<table id> <seq>"``) to ``news``; anything else is ignored."""
    table_id, _, seq = payload.partition(" ")
    if table_id and seq.isdigit():
        news.event(table_id, int(seq))
