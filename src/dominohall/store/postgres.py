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
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

import psycopg
from psycopg import errors
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from ..tables.ports import DuplicateCommandError, Event, MatchEnd, Phase, Player, SeqConflictError, StoreError
from ..tables.ratings import DAILY_PAIR_CAP, DAY, Rating, new_rating
from .results import (
    forget_seats,
    forgotten_payload,
    held_seats,
    linked_players,
    match_of,
    outcome,
    player_of,
    ratings_from,
)

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
"""The comment the schema's last step writes on ``events``: a process that finds it makes no schema at all. A
database of an earlier version (``dominohall schema 1``) has another comment, so the schema is run again: every
statement of it makes what is missing and leaves what is there (``IF NOT EXISTS``, ``OR REPLACE``), so that is
the upgrade. Version 2 adds the players' tables (docs/players.md), the chat reports, ``kept_records``, and lets
forgetting rewrite a name in the events and retention remove whole tables' events (``FORGETTING``)."""
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
CREATE TABLE IF NOT EXISTS reports (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    line INTEGER NOT NULL,
    reporter TEXT NOT NULL,
    time DOUBLE PRECISION NOT NULL,
    body JSONB NOT NULL,
    PRIMARY KEY (table_id, line, reporter)
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
    IF TG_OP = 'UPDATE' AND current_setting('dominohall.forgetting', true) = 'on'
        AND NEW.table_id = OLD.table_id AND NEW.seq = OLD.seq AND NEW.actor = OLD.actor AND NEW.time = OLD.time
        AND NEW.command_id IS NOT DISTINCT FROM OLD.command_id THEN
        RETURN NEW;  -- a forgotten player's name put out of the payload (docs/players.md), nothing else
    END IF;
    IF TG_OP = 'DELETE' AND current_setting('dominohall.forgetting', true) = 'on' THEN
        RETURN OLD;  -- retention, in the transaction that removes whole tables (see FORGETTING)
    END IF;
    RAISE EXCEPTION 'events are append-only';
END $$;
CREATE OR REPLACE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE OR REPLACE TRIGGER events_never_truncated BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
CREATE TABLE IF NOT EXISTS players (
    player_id TEXT PRIMARY KEY,
    name TEXT,
    language TEXT NOT NULL,
    leaderboard BOOLEAN NOT NULL DEFAULT FALSE,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS player_secrets (
    secret TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    created DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS player_secrets_player ON player_secrets (player_id);
CREATE TABLE IF NOT EXISTS player_keys (
    key TEXT PRIMARY KEY,
    player_id TEXT NOT NULL UNIQUE REFERENCES players (player_id) ON DELETE CASCADE,
    expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS player_seats (
    table_id TEXT NOT NULL,
    token TEXT NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    PRIMARY KEY (table_id, token)
);
CREATE INDEX IF NOT EXISTS player_seats_player ON player_seats (player_id);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    rated BOOLEAN NOT NULL,
    seats JSONB NOT NULL,
    PRIMARY KEY (table_id, match)
);
CREATE TABLE IF NOT EXISTS match_players (
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    place INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished DOUBLE PRECISION NOT NULL,
    rated BOOLEAN NOT NULL,
    mu DOUBLE PRECISION,
    sigma DOUBLE PRECISION,
    applied BIGINT GENERATED ALWAYS AS IDENTITY,  -- the order the ratings were worked out in
    PRIMARY KEY (player_id, table_id, match)
);
CREATE INDEX IF NOT EXISTS match_players_match ON match_players (table_id, match);
CREATE INDEX IF NOT EXISTS match_players_recent ON match_players (player_id, finished);
CREATE TABLE IF NOT EXISTS ratings (
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE INDEX IF NOT EXISTS ratings_game ON ratings (game, mu);
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
     gone_analyses AS (DELETE FROM analyses WHERE table_id = ANY(%(ids)s)),
     gone_reports AS (DELETE FROM reports WHERE table_id = ANY(%(ids)s))
SELECT 1
"""
LOAD = """
SELECT seq, command_id, actor, time, payload FROM events WHERE table_id = %s AND seq > %s ORDER BY seq LIMIT %s
"""


async def _schema_ready(connection: psycopg.AsyncConnection[Any]) -> bool:
    """True when the schema of this version is there already."""
    row = await (await connection.execute(SCHEMA_READY, [SCHEMA_VERSION])).fetchone()
    return bool(row and row[0])


RESULT_ATTEMPTS = 3
"""How many times the events ending a match are tried when a deadlock over ratings rolled them back."""


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

    async def append(
        self, events: Sequence[Event], *, phase: Phase | None = None, ending: MatchEnd | None = None
    ) -> None:
        """Append one command's events of one table in one transaction (all or none), with its notification
        (and, when ``phase`` is given, whether the table's match is over: the ``finished`` column; with
        ``ending``, the match's result and ratings in the same transaction, ``keep_result``).

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
        if ending is None:
            async with self._connection() as connection:
                await connection.execute(APPEND, arguments)
        else:
            await self._append_ending(arguments, ending)
        self._tell(events[0].table_id, events[-1].seq)

    async def _append_ending(self, arguments: dict[str, object], ending: MatchEnd) -> None:
        """The events that end a match and its result, in one transaction; tried again (a few times) when
        PostgreSQL chose it to break a deadlock with another match's players' ratings, which it rolled back."""
        for attempt in range(RESULT_ATTEMPTS):
            try:
                async with self._connection() as connection, connection.transaction():
                    await connection.execute(APPEND, arguments)
                    await keep_result(connection, ending)
                return
            except StoreError as error:
                if not isinstance(error.__cause__, errors.DeadlockDetected) or attempt == RESULT_ATTEMPTS - 1:
                    raise

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

    # -- players (docs/players.md) -------------------------------------------------------------------

    async def _one(self, query: str, arguments: Sequence[object] | dict[str, object]) -> Any:
        """The first row of a query's answer, or ``None``."""
        async with self._connection() as connection:
            cursor = await connection.execute(query, arguments)
            return await cursor.fetchone()

    async def _all(self, query: str, arguments: Sequence[object] | dict[str, object]) -> list[Any]:
        """Every row of a query's answer."""
        async with self._connection() as connection:
            cursor = await connection.execute(query, arguments)
            return await cursor.fetchall()

    async def player(self, secret: str) -> Player | None:
        """The player whose browser secret hashes to ``secret``, or ``None``."""
        row = await self._one(
            "SELECT p.player_id, p.name, p.language, p.leaderboard, p.created FROM player_secrets AS s "
            "JOIN players AS p USING (player_id) WHERE s.secret = %s",
            [secret],
        )
        return None if row is None else player_of(row)

    async def public_player(self, player_id: str) -> Player | None:
        """The player of the public id ``player_id``, or ``None``."""
        row = await self._one(
            "SELECT player_id, name, language, leaderboard, created FROM players WHERE player_id = %s", [player_id]
        )
        return None if row is None else player_of(row)

    async def ensure_player(self, secret: str, player_id: str, language: str, now: float) -> Player:
        """The player of ``secret``; made first, under ``player_id``, when that secret is new."""
        async with self._connection() as connection, connection.transaction():
            await connection.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [secret])
            cursor = await connection.execute("SELECT 1 FROM player_secrets WHERE secret = %s", [secret])
            if await cursor.fetchone() is None:
                await connection.execute(
                    "INSERT INTO players (player_id, language, created) VALUES (%s, %s, %s)", [player_id, language, now]
                )
                await connection.execute(
                    "INSERT INTO player_secrets (secret, player_id, created) VALUES (%s, %s, %s)",
                    [secret, player_id, now],
                )
        found = await self.player(secret)
        if found is None:
            raise StoreError("the player could not be made")
        return found

    async def update_player(
        self, player_id: str, *, name: str | None = None, leaderboard: bool | None = None, language: str | None = None
    ) -> Player | None:
        """Change what is given; the player as it is now (``None``: no such player)."""
        row = await self._one(
            "UPDATE players SET name = coalesce(%s, name), leaderboard = coalesce(%s, leaderboard), "
            "language = coalesce(%s, language) WHERE player_id = %s "
            "RETURNING player_id, name, language, leaderboard, created",
            [name, leaderboard, language, player_id],
        )
        return None if row is None else player_of(row)

    async def link_seat(self, player_id: str, table_id: str, token: str) -> None:
        """The seat token (its hash) at the table is the player's."""
        async with self._connection() as connection:
            await connection.execute(
                "INSERT INTO player_seats (table_id, token, player_id) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                [table_id, token, player_id],
            )

    async def forget_player(self, player_id: str) -> list[tuple[str, str]]:
        """Delete the player and everything of theirs; their name becomes ``FORMER_PLAYER`` where it was kept."""
        async with self._connection() as connection, connection.transaction():
            cursor = await connection.execute(
                "SELECT table_id, token FROM player_seats WHERE player_id = %s ORDER BY table_id", [player_id]
            )
            seats = [(table, token) for table, token in await cursor.fetchall()]
            await connection.execute("SET LOCAL dominohall.forgetting = 'on'")
            for table_id in sorted({table for table, _ in seats}):
                await _forget_in_events(connection, table_id, {token for table, token in seats if table == table_id})
            cursor = await connection.execute(
                "SELECT m.table_id, m.match, m.seat, r.seats FROM match_players AS m JOIN results AS r "
                "USING (table_id, match) WHERE m.player_id = %s",
                [player_id],
            )
            for table_id, match, seat, stored in await cursor.fetchall():
                await connection.execute(
                    "UPDATE results SET seats = %s WHERE table_id = %s AND match = %s",
                    [Jsonb(forget_seats(stored, seat)), table_id, match],
                )
            await connection.execute("DELETE FROM players WHERE player_id = %s", [player_id])
        return seats

    async def save_key(self, player_id: str, key: str, expires: float) -> None:
        """Keep the hash of the player's key, replacing the one before."""
        async with self._connection() as connection:
            await connection.execute(
                "INSERT INTO player_keys (key, player_id, expires) VALUES (%s, %s, %s) "
                "ON CONFLICT (player_id) DO UPDATE SET key = excluded.key, expires = excluded.expires",
                [key, player_id, expires],
            )

    async def use_key(self, key: str, secret: str, now: float) -> Player | None:
        """Spend a key not yet expired: ``secret`` becomes its player's too (``None``: no such key)."""
        async with self._connection() as connection, connection.transaction():
            cursor = await connection.execute(
                "DELETE FROM player_keys WHERE key = %s AND expires > %s RETURNING player_id", [key, now]
            )
            row = await cursor.fetchone()
            if row is None:
                return None
            await connection.execute(
                "INSERT INTO player_secrets (secret, player_id, created) VALUES (%s, %s, %s) "
                "ON CONFLICT (secret) DO UPDATE SET player_id = excluded.player_id",
                [secret, row[0], now],
            )
        return await self.player(secret)

    async def matches_of(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's matches, newest first."""
        rows = await self._all(
            "SELECT m.table_id, m.match, m.game, m.finished, m.rated, m.seat, m.place, m.mu, r.seats "
            "FROM match_players AS m JOIN results AS r USING (table_id, match) WHERE m.player_id = %s "
            "ORDER BY m.finished DESC, m.table_id, m.match LIMIT %s",
            [player_id, limit],
        )
        return [match_of(row[:8], list(row[8])) for row in rows]

    async def ratings_of(self, player_id: str) -> dict[str, dict[str, Any]]:
        """Per game, the player's rating and its history."""
        rows = await self._all(
            "SELECT game, mu, sigma, matches FROM ratings WHERE player_id = %s ORDER BY game", [player_id]
        )
        history = await self._all(
            "SELECT game, finished, mu FROM match_players WHERE player_id = %s AND rated "
            "ORDER BY applied",  # as the ratings were worked out (a player's are, one after another)
            [player_id],
        )
        return ratings_from(rows, history)

    async def leaderboard(
        self, game: str, since: float | None, least: int, limit: int, trend_since: float | None = None
    ) -> list[dict[str, Any]]:
        """The players who opted in with at least ``least`` rated matches of ``game`` since ``since``."""
        start = -1.0 if since is None else since
        trend = start if trend_since is None else trend_since
        rows = await self._all(
            "SELECT * FROM (SELECT p.player_id, p.name, r.mu, r.sigma, r.matches, "
            "(SELECT COUNT(*) FROM match_players AS m WHERE m.player_id = p.player_id AND m.game = r.game "
            "AND m.rated AND m.finished >= %(start)s) AS played, "
            "(SELECT m.mu FROM match_players AS m WHERE m.player_id = p.player_id AND m.game = r.game "
            "AND m.rated AND m.finished < %(trend)s ORDER BY m.finished DESC LIMIT 1) AS before "
            "FROM ratings AS r JOIN players AS p USING (player_id) WHERE r.game = %(game)s AND p.leaderboard "
            "AND r.matches > 0) AS board WHERE played >= %(least)s ORDER BY mu DESC, player_id LIMIT %(limit)s",
            {"start": start, "trend": trend, "game": game, "least": least, "limit": limit},
        )
        keys = ("id", "name", "mu", "sigma", "total", "matches", "before")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    async def add_report(self, table_id: str, line: int, reporter: str, body: dict[str, Any]) -> bool:
        """Keep a report of a chat line; False when this reporter has reported the line already."""
        query = "INSERT INTO reports (table_id, line, reporter, time, body) VALUES (%s, %s, %s, %s, %s)"
        query += " ON CONFLICT DO NOTHING"
        async with self._connection() as connection:
            cursor = await connection.execute(query, [table_id, line, reporter, time.time(), Jsonb(body)])
            return cursor.rowcount > 0

    async def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest ``limit`` reports, newest first."""
        query = "SELECT table_id, line, time, body FROM reports ORDER BY time DESC LIMIT %s"
        async with self._connection() as connection:
            rows = await (await connection.execute(query, [limit])).fetchall()
        return [dict(body) | {"table": t, "line": line, "time": when} for t, line, when, body in rows]

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


async def keep_result(connection: psycopg.AsyncConnection[Any], ending: MatchEnd) -> None:
    """Keep a finished match's result for the players linked to its seats and, when it is rated, their new
    ratings, in the transaction of the events that end it (the caller's); nothing when it was kept before.

    The players' rating rows are made when missing and locked (``FOR UPDATE``) in the order of their ids, so
    two matches of the same players ending at once on two processes are rated one after the other, each from
    the ratings the other left."""
    kept = await connection.execute(
        "INSERT INTO results (table_id, match, game, finished, rated, seats) VALUES (%s, %s, %s, %s, %s, '[]') "
        "ON CONFLICT DO NOTHING",
        [ending.table_id, ending.match, ending.game, ending.finished, ending.rated],
    )
    if kept.rowcount != 1:
        return
    tokens = [seat.token for seat in ending.seats if seat.token is not None]
    cursor = await connection.execute(
        "SELECT token, player_id FROM player_seats WHERE table_id = %s AND token = ANY(%s)", [ending.table_id, tokens]
    )
    players = linked_players(ending, dict(await cursor.fetchall()))
    known, capped = await _ratings_before(connection, ending, sorted(players))
    result = outcome(ending, players, known, capped)
    await connection.execute(
        "UPDATE results SET seats = %s WHERE table_id = %s AND match = %s",
        [Jsonb(result.seats), ending.table_id, ending.match],
    )
    for player, (mu, sigma) in sorted(result.ratings.items()):
        await connection.execute(
            "UPDATE ratings SET mu = %s, sigma = %s, matches = matches + 1 WHERE player_id = %s AND game = %s",
            [mu, sigma, player, ending.game],
        )
    async with connection.cursor() as many:
        await many.executemany(
            "INSERT INTO match_players (player_id, table_id, match, seat, place, game, finished, rated, mu, sigma) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            result.rows(ending),
        )


async def _ratings_before(
    connection: psycopg.AsyncConnection[Any], ending: MatchEnd, players: list[str]
) -> tuple[dict[str, Rating], set[str]]:
    """The players' ratings at the match's game, locked until the transaction ends (made first when missing),
    and those whose rating may not rise from it (``DAILY_PAIR_CAP``)."""
    if not ending.rated or not players:
        return {}, set()
    mu, sigma = new_rating()
    await connection.execute(
        "INSERT INTO ratings (player_id, game, mu, sigma, matches) SELECT player, %s, %s, %s, 0 "
        "FROM unnest(%s::text[]) AS player ON CONFLICT DO NOTHING",
        [ending.game, mu, sigma, players],
    )
    cursor = await connection.execute(
        "SELECT player_id, mu, sigma FROM ratings WHERE game = %s AND player_id = ANY(%s) "
        "ORDER BY player_id FOR UPDATE",
        [ending.game, players],
    )
    known = {player: (mu, sigma) for player, mu, sigma in await cursor.fetchall()}
    cursor = await connection.execute(
        "SELECT a.player_id, COUNT(*) FROM match_players AS a WHERE a.player_id = ANY(%(players)s) AND a.rated "
        "AND a.finished > %(since)s AND EXISTS (SELECT 1 FROM match_players AS b WHERE b.table_id = a.table_id "
        "AND b.match = a.match AND b.player_id <> a.player_id AND b.player_id = ANY(%(players)s)) GROUP BY a.player_id",
        {"players": players, "since": ending.finished - DAY},
    )
    return known, {player for player, count in await cursor.fetchall() if count >= DAILY_PAIR_CAP}


async def _forget_in_events(connection: psycopg.AsyncConnection[Any], table_id: str, tokens: set[str]) -> None:
    """Put ``FORMER_PLAYER`` for the name the holder of ``tokens`` had in the table's events (the caller's
    transaction has set ``dominohall.forgetting``, which the append-only trigger lets through)."""
    cursor = await connection.execute(
        "SELECT seq, payload FROM events WHERE table_id = %s AND payload ->> 't' IN ('created', 'sat', 'bot') "
        "ORDER BY seq",
        [table_id],
    )
    payloads = [(seq, payload) for seq, payload in await cursor.fetchall()]
    seats, names = held_seats([payload for _, payload in payloads], tokens)
    for seq, payload in payloads:
        if forgotten_payload(payload, tokens, seats, names):
            await connection.execute(
                "UPDATE events SET payload = %s WHERE table_id = %s AND seq = %s", [Jsonb(payload), table_id, seq]
            )


async def _remove_tables(connection: psycopg.AsyncConnection[Any], table_ids: list[str]) -> None:
    """Remove the tables' events, analyses, chat reports and rows, in the caller's transaction (lifting the trigger that
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
