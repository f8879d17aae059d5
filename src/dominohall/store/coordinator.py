"""Several processes on one PostgreSQL store: news by LISTEN/NOTIFY, the live processes and each table's
owner by rendezvous hashing over them, owners and presence held by advisory locks.

- **Processes.** Each process registers itself: it takes the session-level advisory lock of a random
  64-bit key of its own and keeps a row of the ``processes`` table under that key. A process is live while
  its lock is held; a heartbeat (every ``claim_interval`` of the hall) asks which rows' locks are held
  (trying a *shared* lock on each: it is had only when the process holding it exclusively is gone, and
  several processes asking at once all get it) and deletes the rows of the dead. The lock belongs to the
  session, so a process killed with -9 is dead the moment its connection ends.
- **Chosen owners.** Each table's owner is chosen among the live processes by rendezvous hashing (the
  process whose key scores highest with the table's id), so the tables spread evenly, and when a process
  joins or leaves only the tables it gains or loses change owner. Every process computes the same choice
  from the same rows.
- **News.** One connection per process listens on ``dominohall``; every committed append notifies
  ``"<table id> <last seq>"`` (see ``postgres.py``), which is handed to the hall as it arrives. When the
  listening connection fails it is made again, and the hall is told that news may have been missed.
- **Owners.** A table's owner holds the session-level advisory lock ``table_key(table_id)`` on the
  process's lock connection. A process takes it only for the tables chosen for it, and gives back those
  chosen for another process since, so two processes never run one table's bots while they agree on the
  live processes (and the table's ``seq`` keeps its events whole even when they briefly do not). The lock is
  the session's: when the process dies (even by kill -9) its connection ends and the lock is free, and the
  next ``claim`` of the process chosen now takes it.
- **The lobby.** Each process writes the listings of the public tables it owns into ``listings`` and reads
  the others'; those statements run on a small pool of their own, so a lobby that cannot be read or written
  never touches the lock connection (nor, with it, the process's tables and presence).
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
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from typing import TypeVar

import orjson
import psycopg
from psycopg_pool import AsyncConnectionPool

from ..tables.ports import Listing, News, StoreError
from .postgres import CHANNEL, RECONNECT, SCHEMA_LOCK, WAIT, check_connection, is_postgres_url

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


def rendezvous_score(table_id: str, process: int) -> int:
    """How strongly the process with key ``process`` is drawn to the table (the highest score owns it)."""
    digest = hashlib.blake2b(f"{table_id}/{process}".encode(), digest_size=8, person=b"dominohall-own").digest()
    return int.from_bytes(digest, "big")


def rendezvous_owner(table_id: str, processes: Sequence[int]) -> int | None:
    """The key of the process among ``processes`` that owns the table (rendezvous hashing), ``None`` if none.

    Each process scores the table on its own, so removing a process moves only the tables it owned (to
    the next best), and adding one moves only the tables it now wins.

    >>> rendezvous_owner("KjYuHsOHbRA", [1, 2, 3]) == rendezvous_owner("KjYuHsOHbRA", [3, 2, 1])
    True
    >>> owner = rendezvous_owner("KjYuHsOHbRA", [1, 2, 3])
    >>> rendezvous_owner("KjYuHsOHbRA", [key for key in (1, 2, 3, 4) if key != 4 or owner == 4]) == owner
    True
    """
    return max(processes, key=lambda process: rendezvous_score(table_id, process), default=None)


PROCESSES = """
CREATE TABLE IF NOT EXISTS processes (
    key BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    started DOUBLE PRECISION NOT NULL
)
"""
"""The registered processes: one row per process, live while the advisory lock of its ``key`` is held."""
REGISTER = "INSERT INTO processes (key, name, started) VALUES (%s, %s, %s) ON CONFLICT (key) DO NOTHING"
FORGET_DEAD = """
DELETE FROM processes WHERE key <> %s
    AND CASE WHEN pg_try_advisory_lock_shared(key) THEN pg_advisory_unlock_shared(key) ELSE FALSE END
"""
"""Delete the rows of the processes whose lock nobody holds (the shared lock is had, and given back at once)."""
LIVE = "SELECT key FROM processes ORDER BY key"
NAMES = "SELECT key, name FROM processes"
LISTINGS = """
CREATE TABLE IF NOT EXISTS listings (
    table_id TEXT PRIMARY KEY,
    process BIGINT NOT NULL,
    listing TEXT NOT NULL
)
"""
"""The lobby's listings of the public tables, each written by the process that owns the table."""
LIST = """
INSERT INTO listings (table_id, process, listing) SELECT l.table_id, %s, l.listing
    FROM unnest(%s::text[], %s::text[]) AS l (table_id, listing)
    ON CONFLICT (table_id) DO UPDATE SET process = excluded.process, listing = excluded.listing
"""
UNLIST = "DELETE FROM listings WHERE process = %s AND table_id = ANY(%s)"
"""Take this process's listings of these tables away (a listing written since by the new owner stays)."""
FORGET_DEAD_LISTINGS = "DELETE FROM listings WHERE NOT process = ANY(%s)"
READ_LISTINGS = "SELECT table_id, listing FROM listings WHERE process = ANY(%s) AND process <> %s"
CHOICES_KEPT = 100_000
"""How many tables' choices a coordinator remembers (news names every table of every process)."""
CLAIM = "SELECT k.key, pg_try_advisory_lock(k.key) FROM unnest(%s::bigint[]) AS k (key)"
UNLOCK = "SELECT pg_advisory_unlock(k.key) FROM unnest(%s::bigint[]) AS k (key)"
HELD_ELSEWHERE = """
SELECT DISTINCT k.a, k.b FROM pg_locks AS l
    JOIN unnest(%s::bigint[], %s::bigint[]) AS k (a, b) ON l.classid::bigint = k.a AND l.objid::bigint = k.b
    WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.granted AND l.pid <> %s
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
"""Which of the presence keys (each half as an unsigned 32-bit number, as ``pg_locks`` shows it) a session
other than the given one holds: read from the lock table, taking no lock."""
LOBBY_TIMEOUT = 5.0
"""The longest a lobby request waits for a connection of the lobby's pool (seconds)."""
LOBBY_FRESH = 1.0
"""How long one read of the other processes' listings serves every lobby request of this process (seconds)."""
ELSEWHERE = "SELECT CASE WHEN pg_try_advisory_lock(%s, %s) THEN NOT pg_advisory_unlock(%s, %s) ELSE TRUE END"
"""True when another session holds the presence lock (shared): the exclusive one cannot be had."""


class PostgresCoordinator:
    """The ``Coordinator`` port on PostgreSQL: one connection listening, one holding this process's locks, and
    a small pool for what takes no lock (the lobby's listings, reading who is connected elsewhere)."""

    alone = False

    def __init__(self, url: str, *, reconnect_delay: float = 1.0) -> None:
        if not is_postgres_url(url):
            raise StoreError(f"not a PostgreSQL URL: {url!r}")
        self.url = url
        self.reconnect_delay = reconnect_delay
        self.key = secrets.randbits(64) - 2**63
        """This process's key: its row in ``processes`` and its advisory lock (a new one at every start)."""
        self.name = f"{socket.gethostname()}:{os.getpid()}"
        """Who the process is, for people reading the ``processes`` table."""
        self.processes: tuple[int, ...] = ()
        """The keys of the live processes, as the last heartbeat found them (this one among them)."""
        self._owners: dict[str, bool] = {}
        """Per table, whether it is chosen for this process among ``processes`` (forgotten when they change)."""
        self._listener: asyncio.Task[None] | None = None
        self._locks: psycopg.AsyncConnection | None = None
        self._lobby: AsyncConnectionPool | None = None
        """The connections for what takes no lock (the lobby, who is connected elsewhere), from ``open``."""
        self._remote: tuple[float, list[tuple[str, str]]] | None = None
        """The last read of the other processes' listings: when (monotonic clock) and its rows."""
        self._reading: asyncio.Task[list[tuple[str, str]]] | None = None
        """The read of the listings in flight, which every lobby request meanwhile waits for."""
        self._guard = asyncio.Lock()
        self._owned: set[str] = set()
        self._present: set[tuple[str, str]] = set()

    # -- news ----------------------------------------------------------------------------------------

    async def open(self, news: News) -> None:
        """Register this process, learn the live ones, and listen (the first listening connection is made
        before this returns: no event after it is missed)."""
        try:
            self._learn(await self._with_locks(self._beat))
            listening = await self._listening()
        except psycopg.Error as error:
            raise StoreError(f"cannot join the processes of the PostgreSQL store: {error}") from error
        self._listener = asyncio.create_task(self._listen(listening, news), name="dominohall-listener")
        self._lobby = AsyncConnectionPool(  # its connections are made in the background, and again when lost
            self.url, min_size=1, max_size=2, kwargs={"autocommit": True}, open=False, check=check_connection,
            name="dominohall-lobby", timeout=WAIT, reconnect_timeout=RECONNECT,
        )  # fmt: skip
        await self._lobby.open(wait=False)

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
        """A new lock connection: this process registered on it, holding the presence of every person
        connected here."""
        self._owned.clear()
        connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        try:
            async with connection.transaction():  # the table of processes, made by the first process to come
                await connection.execute("SELECT pg_advisory_xact_lock(%s)", [SCHEMA_LOCK])
                await connection.execute(PROCESSES)
                await connection.execute(LISTINGS)
            await connection.execute("SELECT pg_advisory_lock(%s)", [self.key])  # first: a row's lock is held
            await connection.execute(REGISTER, [self.key, self.name, time.time()])
            for table_id, token in self._present:
                await connection.execute("SELECT pg_advisory_lock_shared(%s, %s)", presence_key(table_id, token))
        except psycopg.Error:
            with contextlib.suppress(psycopg.Error):
                await connection.close()
            raise
        return connection

    # -- processes -----------------------------------------------------------------------------------

    async def heartbeat(self) -> bool:
        """Renew this process's registration, forget the dead processes and read the live ones: True when
        they changed since the last heartbeat (tables may have changed owners). A heartbeat that fails
        changes nothing (the claim that follows finds the lock connection gone)."""
        try:
            return self._learn(await self._with_locks(self._beat))
        except psycopg.Error as error:
            log.warning("cannot read the live processes: %s", error)
            return False

    async def _beat(self, connection: psycopg.AsyncConnection) -> tuple[int, ...]:
        """Delete the rows of the dead processes: the keys of the live ones, in order."""
        await connection.execute(FORGET_DEAD, [self.key])
        cursor = await connection.execute(LIVE)
        live = tuple(row[0] for row in await cursor.fetchall())
        if self.key not in live:  # deleted while the lock connection was being made again
            await connection.execute(REGISTER, [self.key, self.name, time.time()])
            live = tuple(sorted((*live, self.key)))
        if live != self.processes:
            await connection.execute(FORGET_DEAD_LISTINGS, [list(live)])
        return live

    def _learn(self, live: tuple[int, ...]) -> bool:
        """Keep the live processes: True when they changed (the choices made before are forgotten)."""
        if live == self.processes:
            return False
        log.info("processes changed", extra={"processes": len(live)})
        self.processes = live
        self._owners.clear()
        return True

    def chooses(self, table_id: str) -> bool:
        """True when the table is chosen for this process among the live processes (rendezvous hashing)."""
        chosen = self._owners.get(table_id)
        if chosen is None:
            if len(self._owners) >= CHOICES_KEPT:
                self._owners.clear()
            chosen = self._owners[table_id] = rendezvous_owner(table_id, self.processes) in (self.key, None)
        return chosen

    def live(self) -> int:
        """How many processes are live, as the last heartbeat found them."""
        return len(self.processes)

    # -- owners --------------------------------------------------------------------------------------

    async def claim(self, table_ids: Collection[str]) -> set[str]:
        """Take the lock of each table chosen for this process and not owned yet, and give back the locks
        of the tables chosen for another process now (one query each, also when there is none: the lock
        connection's heartbeat)."""

        async def work(connection: psycopg.AsyncConnection) -> None:
            leaving = [t for t in self._owned if not self.chooses(t)]
            if leaving:
                self._owned.difference_update(leaving)
                await connection.execute(UNLOCK, [[table_key(t) for t in leaving]])
            wanted = {table_key(t): t for t in table_ids if t not in self._owned and self.chooses(t)}
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

    async def is_elsewhere(self, table_id: str, token: str) -> bool | None:
        """True when another process holds the person's presence lock (``None`` when that cannot be known:
        the database is out of reach)."""
        first, second = presence_key(table_id, token)

        async def work(connection: psycopg.AsyncConnection) -> bool:
            cursor = await connection.execute(ELSEWHERE, [first, second, first, second])
            row = await cursor.fetchone()
            return bool(row and row[0])

        try:
            return await self._with_locks(work)
        except psycopg.Error as error:
            log.warning("cannot read whether a person is connected elsewhere: %s", error)
            return None

    async def connected_elsewhere(self, people: Collection[tuple[str, str]]) -> set[tuple[str, str]] | None:
        """Which of ``people`` another process holds the presence lock of (one read of ``pg_locks`` on the
        lobby's pool, never the lock connection; ``None`` when it cannot be read)."""
        if not people:
            return set()
        keys = {tuple(half & 0xFFFFFFFF for half in presence_key(*person)): person for person in people}
        mine = self._locks.info.backend_pid if self._locks is not None and not self._locks.closed else 0
        try:
            async with self._lobby_connection() as connection:
                cursor = await connection.execute(HELD_ELSEWHERE, [[a for a, _ in keys], [b for _, b in keys], mine])
                rows = await cursor.fetchall()
        except psycopg.Error as error:
            log.warning("cannot read who is connected elsewhere: %s", error)
            return None
        return {keys[(a, b)] for a, b in rows}

    # -- the lobby -----------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _lobby_connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A connection of the lobby's pool (``psycopg.Error`` when there is none: not open, or none soon)."""
        if self._lobby is None:
            raise psycopg.OperationalError("the coordinator is not open")
        async with self._lobby.connection(timeout=LOBBY_TIMEOUT) as connection:
            yield connection

    async def publish(self, listings: Mapping[str, Listing | None]) -> None:
        """Write the listings of these tables owned here, and take away those that are ``None``."""
        listed = [(table_id, orjson.dumps(listing).decode()) for table_id, listing in listings.items() if listing]
        unlisted = [table_id for table_id, listing in listings.items() if listing is None]

        try:
            async with self._lobby_connection() as connection:
                if listed:
                    await connection.execute(LIST, [self.key, [t for t, _ in listed], [text for _, text in listed]])
                if unlisted:
                    await connection.execute(UNLIST, [self.key, unlisted])
        except psycopg.Error as error:
            raise StoreError(f"the listings could not be written: {error}") from error

    async def listings(self, here: Sequence[Listing]) -> list[Listing]:
        """``here``, and the listings the other live processes wrote of tables not in ``here`` (only ``here``
        when they cannot be read: the lobby shows what it can). However many people look at the lobby, this
        process reads the others' listings at most once every ``LOBBY_FRESH`` seconds, one read at a time."""
        rows = await self._remote_listings()
        mine = {listing["id"] for listing in here}
        return [*here, *(orjson.loads(text) for table_id, text in rows if table_id not in mine)]

    async def _remote_listings(self) -> list[tuple[str, str]]:
        """The other processes' listings: the last read while it is fresh, else the read in flight or a new
        one (a failed read is not kept)."""
        if self._remote is not None and time.monotonic() - self._remote[0] < LOBBY_FRESH:
            return self._remote[1]
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._read_listings())
        return await asyncio.shield(self._reading)

    async def _read_listings(self) -> list[tuple[str, str]]:
        """One read of the other live processes' listings (none when they cannot be read)."""
        try:
            async with self._lobby_connection() as connection:
                cursor = await connection.execute(READ_LISTINGS, [list(self.processes), self.key])
                rows = [(str(table_id), str(text)) for table_id, text in await cursor.fetchall()]
        except psycopg.Error as error:
            log.warning("cannot read the lobby's listings: %s", error)
            return []
        self._remote = (time.monotonic(), rows)
        return rows

    async def owners(self, table_ids: Collection[str]) -> dict[str, str]:
        """The process each table is chosen for, by name, among the processes registered now (read on a
        connection of its own: the asker need not have joined)."""
        try:
            async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as connection:
                rows = await (await connection.execute(NAMES)).fetchall()
        except psycopg.Error as error:
            raise StoreError(f"cannot read the processes of the PostgreSQL store: {error}") from error
        names: dict[int, str] = dict(rows)
        keys = sorted(names)
        chosen = {table_id: rendezvous_owner(table_id, keys) for table_id in table_ids}
        return {table_id: "nobody" if key is None else names[key] for table_id, key in chosen.items()}

    async def close(self) -> None:
        """Stop listening and close the lock connection (every lock of this process is free)."""
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
            self._listener = None
        if self._reading is not None:
            await asyncio.gather(self._reading, return_exceptions=True)
            self._reading = None
        if self._lobby is not None:
            await self._lobby.close()
            self._lobby = None
        async with self._guard:
            self._owned.clear()
            self._present.clear()
            if self._locks is not None:
                with contextlib.suppress(psycopg.Error):
                    await self._locks.execute("DELETE FROM processes WHERE key = %s", [self.key])
                    await self._locks.execute("DELETE FROM listings WHERE process = %s", [self.key])
                with contextlib.suppress(psycopg.Error):
                    await self._locks.close()
                self._locks = None


def _tell(news: News, payload: str) -> None:
    """Hand one notification (``"<table id> <seq>"``) to ``news``; anything else is ignored."""
    table_id, _, seq = payload.partition(" ")
    if table_id and seq.isdigit():
        news.event(table_id, int(seq))
