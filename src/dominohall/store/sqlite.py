"""The embedded event store: one SQLite file (WAL, ``synchronous=FULL``), append-only.

Every call runs in one dedicated writer thread that owns the connection, so the event loop never waits
on the disk and SQLite sees a single writer. ``UNIQUE (table_id, seq)`` keeps the numbering whole and
``UNIQUE (table_id, command_id)`` makes a repeated command id fail instead of applying twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import orjson

from ..tables.ports import (
    DuplicateCommandError,
    Event,
    LocalCoordinator,
    MatchEnd,
    News,
    Phase,
    Player,
    SeqConflictError,
    StoreError,
)
from ..tables.ratings import DAILY_PAIR_CAP, DAY, Rating
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
CREATE TABLE IF NOT EXISTS reports (
    table_id TEXT NOT NULL REFERENCES tables (table_id),
    line INTEGER NOT NULL,
    reporter TEXT NOT NULL,
    time REAL NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, line, reporter)
);
CREATE TABLE IF NOT EXISTS kept_records (
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    last REAL NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, match)
);
CREATE TRIGGER IF NOT EXISTS events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TABLE IF NOT EXISTS players (
    player_id TEXT PRIMARY KEY,
    name TEXT,
    language TEXT NOT NULL,
    leaderboard INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS player_secrets (
    secret TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS player_secrets_player ON player_secrets (player_id);
CREATE TABLE IF NOT EXISTS player_keys (
    key TEXT PRIMARY KEY,
    player_id TEXT NOT NULL UNIQUE REFERENCES players (player_id) ON DELETE CASCADE,
    expires REAL NOT NULL
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
    finished REAL NOT NULL,
    rated INTEGER NOT NULL,
    seats TEXT NOT NULL,
    PRIMARY KEY (table_id, match)
);
CREATE TABLE IF NOT EXISTS match_players (
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    table_id TEXT NOT NULL,
    match INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    place INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished REAL NOT NULL,
    rated INTEGER NOT NULL,
    mu REAL,
    sigma REAL,
    PRIMARY KEY (player_id, table_id, match)
);
CREATE INDEX IF NOT EXISTS match_players_match ON match_players (table_id, match);
CREATE INDEX IF NOT EXISTS match_players_recent ON match_players (player_id, finished);
CREATE TABLE IF NOT EXISTS ratings (
    player_id TEXT NOT NULL REFERENCES players (player_id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (player_id, game)
);
CREATE INDEX IF NOT EXISTS ratings_game ON ratings (game, mu);
CREATE TABLE IF NOT EXISTS forgetting (player_id TEXT PRIMARY KEY);
"""
"""The schema, made when missing (every statement is ``IF NOT EXISTS``): the tables' events, and the players'
tables of schema 2 (docs/players.md)."""
SCHEMA_VERSION = 2
"""The schema's version, kept in SQLite's ``user_version`` (a database of the first version has 0)."""
UPGRADES = {
    2: """
DROP TRIGGER IF EXISTS events_append_only_update;
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events WHEN NOT EXISTS (SELECT 1 FROM forgetting)
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
"""
}
"""What each version adds to the one before beyond ``SCHEMA``'s new tables, run once in a transaction with the
version's number: 2 lets a forgotten player's name be put out of the events (while the store forgets them,
``forgetting`` holding a row in the same transaction), and nothing else ever changes an event."""

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
NEW_PLAYER = "INSERT INTO players (player_id, language, created) VALUES (?, ?, ?)"
NEW_SECRET = "INSERT INTO player_secrets (secret, player_id, created) VALUES (?, ?, ?)"
REPORT = "INSERT INTO reports (table_id, line, reporter, time, body) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
INSERT_ONE = "INSERT INTO events (table_id, seq, command_id, actor, time, payload) VALUES (?, ?, ?, ?, ?, ?)"


def upgrade(connection: sqlite3.Connection) -> None:
    """Bring a database written by an earlier version to ``SCHEMA_VERSION``, one version at a time."""
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    for target in range(version + 1, SCHEMA_VERSION + 1):
        try:
            connection.executescript(
                f"BEGIN IMMEDIATE; {UPGRADES.get(target, '')} PRAGMA user_version = {target}; COMMIT;"
            )
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise


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
        self._batch: list[tuple[list[list[object]], str, bool | None, MatchEnd | None, asyncio.Future[None]]] = []
        """The appends waiting for the writer: the events' rows, the table, the ``finished`` column's new value
        (``None``: as it is), the match they end, and the future of the outcome."""
        self._flusher: asyncio.Task[None] | None = None
        self._seen: tuple[int, int] | None = None
        """``outside_news``'s last look: the file's ``data_version`` and the last event's rowid then."""

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
        upgrade(connection)
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

    async def append(
        self, events: Sequence[Event], *, phase: Phase | None = None, ending: MatchEnd | None = None
    ) -> None:
        """Append one command's events of one table, all or none; return once they are committed (and, when
        ``phase`` is given, whether the table's match is over: the ``finished`` column; with ``ending``, the
        match's result and ratings, ``keep_result``).

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
        finished = None if phase is None else phase == Phase.OVER
        self._batch.append((rows, events[0].table_id, finished, ending, done))
        if self._flusher is None or self._flusher.done() or self._flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        """Commit the waiting appends, a transaction per batch, until none are waiting."""
        while self._batch:
            batch, self._batch = self._batch, []
            appends = [(rows, table_id, finished, ending) for rows, table_id, finished, ending, _ in batch]
            text = orjson.dumps([row for rows, _, _, _, _ in batch for row in rows]).decode()
            try:
                outcomes = await self._run(partial(self._append_batch, text, appends))
            except BaseException as error:
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(_failure(error) if isinstance(error, Exception) else StoreError("cancelled"))
                if not isinstance(error, Exception):
                    raise
                continue
            for (*_, done), failure in zip(batch, outcomes, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    def _append_batch(
        self, text: str, batch: list[tuple[list[list[object]], str, bool | None, MatchEnd | None]]
    ) -> list[StoreError | None]:
        """Commit a batch of appends (their rows as one JSON array, ``text``; each append's rows, table and
        ``finished`` value): per append, its error or None.

        This runs in the writer thread, which needs the GIL after every call into SQLite, and taking it back
        from a busy event loop can wait the interpreter's switch interval: so the rows are encoded by the
        loop (``append``, ``_flush``), and a batch that changes no table's ``finished`` is one statement in
        autocommit mode (SQLite's implicit transaction: one call, one sync of the disk). When that fails for
        any reason (a taken seq or command id, a value SQLite refuses), nothing of it is in, and each append
        is tried again in its own savepoint, so a refused one refuses only itself and the others are
        committed. A batch with a match's end goes that way at once: the result and ratings are written in the
        ending events' savepoint.
        """
        db = self._db
        finishing = [(int(finished), table_id) for _, table_id, finished, _ in batch if finished is not None]
        try:
            if any(ending is not None for *_, ending in batch):
                raise _AloneError
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
            outcomes = [self._append_alone(db, *append) for append in batch]
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return outcomes

    @staticmethod
    def _append_alone(
        db: sqlite3.Connection, rows: list[list[object]], table_id: str, finished: bool | None, ending: MatchEnd | None
    ) -> StoreError | None:
        """Insert one command's encoded events (and the result of the match they end) in a savepoint: None, or
        the error that rolled them back."""
        db.execute("SAVEPOINT one_append")
        try:
            db.executemany(INSERT_ONE, rows)
            if finished is not None:
                db.execute("UPDATE tables SET finished = ? WHERE table_id = ?", (int(finished), table_id))
            if ending is not None:
                keep_result(db, ending)
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

    # -- players (docs/players.md) -------------------------------------------------------------------

    async def player(self, secret: str) -> Player | None:
        """The player whose browser secret hashes to ``secret``, or ``None``."""
        query = (
            "SELECT p.player_id, p.name, p.language, p.leaderboard, p.created FROM player_secrets AS s "
            "JOIN players AS p USING (player_id) WHERE s.secret = ?"
        )
        row = await self._run(lambda: self._db.execute(query, (secret,)).fetchone())
        return None if row is None else player_of(row)

    async def public_player(self, player_id: str) -> Player | None:
        """The player of the public id ``player_id``, or ``None``."""
        query = "SELECT player_id, name, language, leaderboard, created FROM players WHERE player_id = ?"
        row = await self._run(lambda: self._db.execute(query, (player_id,)).fetchone())
        return None if row is None else player_of(row)

    async def ensure_player(self, secret: str, player_id: str, language: str, now: float) -> Player:
        """The player of ``secret``; made first, under ``player_id``, when that secret is new."""

        def work() -> None:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM player_secrets WHERE secret = ?", (secret,)).fetchone() is None:
                    db.execute(NEW_PLAYER, (player_id, language, now))
                    db.execute(NEW_SECRET, (secret, player_id, now))
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

        await self._guarded(work)
        found = await self.player(secret)
        if found is None:
            raise StoreError("the player could not be made")
        return found

    async def _guarded(self, work: Callable[[], T]) -> T:
        """Run ``work`` in the writer thread, any failure of it a ``StoreError``."""
        try:
            return await self._run(work)
        except Exception as error:
            raise _failure(error) from None

    async def update_player(
        self, player_id: str, *, name: str | None = None, leaderboard: bool | None = None, language: str | None = None
    ) -> Player | None:
        """Change what is given; the player as it is now (``None``: no such player)."""

        def work() -> Player | None:
            db = self._db
            db.execute(
                "UPDATE players SET name = coalesce(?, name), leaderboard = coalesce(?, leaderboard), "
                "language = coalesce(?, language) WHERE player_id = ?",
                (name, None if leaderboard is None else int(leaderboard), language, player_id),
            )
            row = db.execute(
                "SELECT player_id, name, language, leaderboard, created FROM players WHERE player_id = ?", (player_id,)
            ).fetchone()
            return None if row is None else player_of(row)

        return await self._guarded(work)

    async def link_seat(self, player_id: str, table_id: str, token: str) -> None:
        """The seat token (its hash) at the table is the player's."""
        query = "INSERT INTO player_seats (table_id, token, player_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
        await self._guarded(lambda: self._db.execute(query, (table_id, token, player_id)))

    async def forget_player(self, player_id: str) -> list[tuple[str, str]]:
        """Delete the player and everything of theirs; their name becomes ``FORMER_PLAYER`` where it was kept."""

        def work() -> list[tuple[str, str]]:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                query = "SELECT table_id, token FROM player_seats WHERE player_id = ?"
                seats = db.execute(query, (player_id,)).fetchall()
                db.execute("INSERT INTO forgetting (player_id) VALUES (?)", (player_id,))
                for table_id in {table for table, _ in seats}:
                    self._forget_in_events(db, table_id, {token for table, token in seats if table == table_id})
                results = db.execute(
                    "SELECT m.table_id, m.match, m.seat, r.seats FROM match_players AS m JOIN results AS r "
                    "USING (table_id, match) WHERE m.player_id = ?",
                    (player_id,),
                ).fetchall()
                for table_id, match, seat, text in results:
                    changed = orjson.dumps(forget_seats(orjson.loads(text), seat)).decode()
                    query = "UPDATE results SET seats = ? WHERE table_id = ? AND match = ?"
                    db.execute(query, (changed, table_id, match))
                db.execute("DELETE FROM players WHERE player_id = ?", (player_id,))
                db.execute("DELETE FROM forgetting")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return [(table, token) for table, token in seats]

        return await self._guarded(work)

    @staticmethod
    def _forget_in_events(db: sqlite3.Connection, table_id: str, tokens: set[str]) -> None:
        """Put ``FORMER_PLAYER`` for the name the holder of ``tokens`` had in the table's events."""
        rows = db.execute(
            "SELECT seq, payload FROM events WHERE table_id = ? AND payload ->> '$.t' IN ('created', 'sat', 'bot') "
            "ORDER BY seq",
            (table_id,),
        ).fetchall()
        payloads = [(seq, orjson.loads(text)) for seq, text in rows]
        seats, names = held_seats([payload for _, payload in payloads], tokens)
        for seq, payload in payloads:
            if forgotten_payload(payload, tokens, seats, names):
                text = orjson.dumps(payload, option=orjson.OPT_SORT_KEYS).decode()
                db.execute("UPDATE events SET payload = ? WHERE table_id = ? AND seq = ?", (text, table_id, seq))

    async def save_key(self, player_id: str, key: str, expires: float) -> None:
        """Keep the hash of the player's key, replacing the one before."""
        query = (
            "INSERT INTO player_keys (key, player_id, expires) VALUES (?, ?, ?) "
            "ON CONFLICT (player_id) DO UPDATE SET key = excluded.key, expires = excluded.expires"
        )
        await self._guarded(lambda: self._db.execute(query, (key, player_id, expires)))

    async def use_key(self, key: str, secret: str, now: float) -> Player | None:
        """Spend a key not yet expired: ``secret`` becomes its player's too (``None``: no such key)."""

        def work() -> bool:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute(
                    "DELETE FROM player_keys WHERE key = ? AND expires > ? RETURNING player_id", (key, now)
                ).fetchone()
                if row is not None:
                    db.execute(
                        "INSERT INTO player_secrets (secret, player_id, created) VALUES (?, ?, ?) "
                        "ON CONFLICT (secret) DO UPDATE SET player_id = excluded.player_id",
                        (secret, row[0], now),
                    )
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
            return row is not None

        return await self.player(secret) if await self._guarded(work) else None

    async def matches_of(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's matches, newest first."""
        query = (
            "SELECT m.table_id, m.match, m.game, m.finished, m.rated, m.seat, m.place, m.mu, r.seats "
            "FROM match_players AS m JOIN results AS r USING (table_id, match) WHERE m.player_id = ? "
            "ORDER BY m.finished DESC, m.table_id, m.match LIMIT ?"
        )
        rows = await self._run(lambda: self._db.execute(query, (player_id, limit)).fetchall())
        return [match_of(row[:8], orjson.loads(row[8])) for row in rows]

    async def ratings_of(self, player_id: str) -> dict[str, dict[str, Any]]:
        """Per game, the player's rating and its history."""

        def work() -> dict[str, dict[str, Any]]:
            db = self._db
            rows = db.execute(
                "SELECT game, mu, sigma, matches FROM ratings WHERE player_id = ? ORDER BY game", (player_id,)
            ).fetchall()
            history = db.execute(
                "SELECT game, finished, mu FROM match_players WHERE player_id = ? AND rated = 1 "
                "ORDER BY rowid",  # as the ratings were worked out
                (player_id,),
            ).fetchall()
            return ratings_from(rows, history)

        return await self._run(work)

    async def leaderboard(
        self, game: str, since: float | None, least: int, limit: int, trend_since: float | None = None
    ) -> list[dict[str, Any]]:
        """The players who opted in with at least ``least`` rated matches of ``game`` since ``since``."""
        start = -1.0 if since is None else since
        trend = start if trend_since is None else trend_since
        query = (
            "SELECT p.player_id, p.name, r.mu, r.sigma, r.matches, "
            "(SELECT COUNT(*) FROM match_players AS m WHERE m.player_id = p.player_id AND m.game = r.game "
            "AND m.rated = 1 AND m.finished >= ?) AS played, "
            "(SELECT m.mu FROM match_players AS m WHERE m.player_id = p.player_id AND m.game = r.game "
            "AND m.rated = 1 AND m.finished < ? ORDER BY m.finished DESC LIMIT 1) AS before "
            "FROM ratings AS r JOIN players AS p USING (player_id) WHERE r.game = ? AND p.leaderboard = 1 "
            "AND played >= ? ORDER BY r.mu DESC, p.player_id LIMIT ?"
        )
        rows = await self._run(lambda: self._db.execute(query, (start, trend, game, least, limit)).fetchall())
        keys = ("id", "name", "mu", "sigma", "total", "matches", "before")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    async def add_report(self, table_id: str, line: int, reporter: str, body: dict[str, Any]) -> bool:
        """Keep a report of a chat line; False when this reporter has reported the line already."""
        query = REPORT
        row = (table_id, line, reporter, time.time(), orjson.dumps(body).decode())
        return bool(await self._run(lambda: self._db.execute(query, row).rowcount))

    async def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest ``limit`` reports, newest first."""
        query = "SELECT table_id, line, time, body FROM reports ORDER BY time DESC LIMIT ?"
        rows = await self._run(lambda: self._db.execute(query, (limit,)).fetchall())
        return [orjson.loads(body) | {"table": t, "line": line, "time": when} for t, line, when, body in rows]

    async def outside_news(self) -> dict[str, int]:
        """Per table, the last ``seq`` another process (``dominohall admin``) has written to the file since the
        last call; empty when nobody else wrote (SQLite's ``data_version`` says so without reading a row)."""

        def work() -> dict[str, int]:
            db = self._db
            db.execute("BEGIN")  # one snapshot: the version and the rows agree
            try:
                version = db.execute("PRAGMA data_version").fetchone()[0]
                top = db.execute("SELECT max(rowid) FROM events").fetchone()[0] or 0
                last, self._seen = self._seen, (version, top)
                if last is None or last[0] == version:
                    return {}
                query = "SELECT table_id, max(seq) FROM events WHERE rowid > ? AND rowid <= ? GROUP BY table_id"
                return dict(db.execute(query, (last[1], top)).fetchall())
            finally:
                db.execute("COMMIT")

        return await self._run(work)

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


class _AloneError(Exception):
    """A batch whose appends must each go in their own savepoint (one of them ends a match)."""


def keep_result(db: sqlite3.Connection, ending: MatchEnd) -> None:
    """Keep a finished match's result for the players linked to its seats and, when it is rated, their new
    ratings, in the transaction of the events that end it; nothing when the match was kept before."""
    seats = orjson.dumps([]).decode()
    kept = db.execute(
        "INSERT INTO results (table_id, match, game, finished, rated, seats) VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT DO NOTHING",
        (ending.table_id, ending.match, ending.game, ending.finished, int(ending.rated), seats),
    )
    if kept.rowcount != 1:
        return
    tokens = [seat.token for seat in ending.seats if seat.token is not None]
    marks = ", ".join("?" * len(tokens))
    links = dict(
        db.execute(
            f"SELECT token, player_id FROM player_seats WHERE table_id = ? AND token IN ({marks})",
            (ending.table_id, *tokens),
        ).fetchall()
    )
    players = linked_players(ending, links)
    known, capped = _ratings_before(db, ending, list(players))
    result = outcome(ending, players, known, capped)
    db.execute(
        "UPDATE results SET seats = ? WHERE table_id = ? AND match = ?",
        (orjson.dumps(result.seats).decode(), ending.table_id, ending.match),
    )
    for player, (mu, sigma) in result.ratings.items():
        db.execute(
            "INSERT INTO ratings (player_id, game, mu, sigma, matches) VALUES (?, ?, ?, ?, 1) "
            "ON CONFLICT (player_id, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "matches = ratings.matches + 1",
            (player, ending.game, mu, sigma),
        )
    db.executemany(
        "INSERT INTO match_players (player_id, table_id, match, seat, place, game, finished, rated, mu, sigma) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        result.rows(ending),
    )


def _ratings_before(db: sqlite3.Connection, ending: MatchEnd, players: list[str]) -> tuple[dict[str, Rating], set[str]]:
    """The players' ratings at the match's game, and those whose rating may not rise from it (``DAILY_PAIR_CAP``
    rated matches with another of them in the last day)."""
    if not ending.rated or not players:
        return {}, set()
    marks = ", ".join("?" * len(players))
    rows = db.execute(
        f"SELECT player_id, mu, sigma FROM ratings WHERE game = ? AND player_id IN ({marks})", (ending.game, *players)
    ).fetchall()
    counts = db.execute(
        f"SELECT a.player_id, COUNT(*) FROM match_players AS a WHERE a.player_id IN ({marks}) AND a.rated = 1 "
        "AND a.finished > ? AND EXISTS (SELECT 1 FROM match_players AS b WHERE b.table_id = a.table_id "
        f"AND b.match = a.match AND b.player_id <> a.player_id AND b.player_id IN ({marks})) GROUP BY a.player_id",
        (*players, ending.finished - DAY, *players),
    ).fetchall()
    return {player: (mu, sigma) for player, mu, sigma in rows}, {p for p, n in counts if n >= DAILY_PAIR_CAP}


class SqliteCoordinator(LocalCoordinator):
    """The coordinator of a process alone with its SQLite file, which also hears of the events ``dominohall
    admin`` writes into the file from outside (an operator closing a table, hiding a chat line): at each of
    the hall's rounds it asks the store, and tells the tables written to, which catch up and tell their
    connections."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store
        self._news: News | None = None

    async def open(self, news: News) -> None:
        """Take the file's state as the starting point: only what is written from now on is news."""
        self._news = news
        await self.store.outside_news()

    async def heartbeat(self) -> bool:
        """Tell the tables written to from outside since the last round; nobody else comes or goes."""
        if self._news is not None:
            for table_id, seq in (await self.store.outside_news()).items():
                self._news.event(table_id, seq)
        return False


def _remove_tables(db: sqlite3.Connection, table_ids: Sequence[str]) -> None:
    """Remove the tables' events, analyses, chat reports and rows (in the caller's transaction): the trigger
    that refuses to remove an event is lifted for that transaction alone (SQLite's schema changes are
    transactional)."""
    if not table_ids:
        return
    ids = [(table_id,) for table_id in table_ids]
    db.execute("DROP TRIGGER events_append_only_delete")
    db.executemany("DELETE FROM events WHERE table_id = ?", ids)
    db.executemany("DELETE FROM analyses WHERE table_id = ?", ids)
    db.executemany("DELETE FROM reports WHERE table_id = ?", ids)
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
