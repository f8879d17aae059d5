"""What only the PostgreSQL store does: the trigger, the notification said once the events are committed, the
schema made by two processes at once, and the coordinator (processes, owners, presence, news) on a real
server."""

from __future__ import annotations

import asyncio
import signal
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar, cast

import psycopg
import pytest

from dominohall.store.backends import backend_for
from dominohall.store.coordinator import PostgresCoordinator, presence_key, rendezvous_owner, table_key
from dominohall.store.postgres import CHANNEL, PostgresStore
from dominohall.tables.ports import Event, SeqConflictError, StoreError

from ..postgres import DATABASE, PostgresServer, find_binaries

T = TypeVar("T")


def event(seq: int, table: str = "t1", command_id: str | None = None) -> Event:
    """A small event of ``table``."""
    return Event(table, seq, command_id, "seat:0", 1.0, {"t": "chat", "text": "hi"})


def with_store(url: str, work: Callable[[PostgresStore], Awaitable[T]]) -> T:
    """Run ``work`` on an open store at ``url``."""

    async def main() -> T:
        store = await PostgresStore.open(url)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(main())


def test_events_cannot_be_changed_deleted_or_truncated(postgres_url: str) -> None:
    async def work(store: PostgresStore) -> None:
        await store.create_table("t1", 1.0)
        await store.append([event(1)])

    with_store(postgres_url, work)
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        for statement in ("UPDATE events SET actor = 'x'", "DELETE FROM events", "TRUNCATE events CASCADE"):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                connection.execute(statement)
        assert connection.execute("SELECT count(*) FROM events").fetchone() == (1,)


def test_a_committed_append_notifies_its_table_and_last_seq_and_a_refused_one_does_not(postgres_url: str) -> None:
    async def work(store: PostgresStore) -> list[str]:
        await store.create_table("t1", 1.0)
        listener = await psycopg.AsyncConnection.connect(postgres_url, autocommit=True)
        async with listener:
            await listener.execute(f"LISTEN {CHANNEL}")
            await store.append([event(1), event(2), event(3)])
            with pytest.raises(SeqConflictError):
                await store.append([event(4), event(3)])
            await store.append([event(4, command_id="c")])
            return [n.payload async for n in listener.notifies(timeout=10.0, stop_after=2)]

    assert with_store(postgres_url, work) == ["t1 3", "t1 4"]


def test_two_processes_may_create_the_schema_at_once(postgres_url: str) -> None:
    async def work() -> list[bool]:
        stores = await asyncio.gather(*(PostgresStore.open(postgres_url) for _ in range(4)))
        try:
            await stores[0].create_table("t1", 1.0)
            return [await store.has_table("t1") for store in stores]
        finally:
            for store in stores:
                await store.close()

    assert asyncio.run(work()) == [True] * 4


def test_a_process_starting_while_a_table_is_appended_to_neither_waits_nor_blocks(postgres_url: str) -> None:
    """The schema's locks, taken by every process at its start, once deadlocked with the appends of running
    tables: a process finding the schema whole takes none (an append's lock held meanwhile does not hold it up)."""
    with_store(postgres_url, lambda store: store.create_table("t1", 1.0))  # the schema, made by the first process
    with psycopg.connect(postgres_url) as appending:  # an append in flight: its transaction holds its locks
        appending.execute("UPDATE tables SET finished = false WHERE table_id = 't1'")
        appending.execute("INSERT INTO events VALUES ('t1', 1, NULL, 'seat:0', 1.0, '{}'::jsonb)")

        async def start() -> bool:
            async with asyncio.timeout(10):
                store = await PostgresStore.open(postgres_url)  # waited for ever before
            try:
                return await store.has_table("t1")
            finally:
                await store.close()

        assert asyncio.run(start())
        appending.commit()


def test_urls_and_an_unreachable_server() -> None:
    backend = backend_for("postgresql://nobody@127.0.0.1:1/none")
    assert isinstance(backend.store, PostgresStore) and isinstance(backend.coordinator, PostgresCoordinator)
    with pytest.raises(StoreError):
        PostgresStore("sqlite:///x.db")
    with pytest.raises(StoreError, match="cannot open"):
        asyncio.run(PostgresStore("postgresql://nobody@127.0.0.1:1/none", open_timeout=0.5).load("t1"))
    unreachable = PostgresCoordinator("postgresql://nobody@127.0.0.1:1/none")
    assert asyncio.run(unreachable.is_elsewhere("t1", "ann")) is None  # not known: not "not connected"


def test_lock_keys_are_stable() -> None:
    assert table_key("KjYuHsOHbRA") == table_key("KjYuHsOHbRA") != table_key("KjYuHsOHbRB")
    assert presence_key("t", "a") != presence_key("t", "b")
    assert all(-(2**31) <= half < 2**31 for half in presence_key("t", "a"))


async def eventually(ask: Callable[[], Awaitable[T]], wanted: T, timeout: float = 10.0) -> None:
    """Ask until the answer is ``wanted`` (a session that is closed ends on the server a moment later)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (answer := await ask()) != wanted:
        assert asyncio.get_running_loop().time() < deadline, f"still {answer!r}, not {wanted!r}"
        await asyncio.sleep(0.01)


@dataclass
class Recorder:
    """A hall's ears: the news it is told."""

    events: list[tuple[str, int]] = field(default_factory=list)
    losses: int = 0

    def event(self, table_id: str, seq: int) -> None:
        """Keep the news."""
        self.events.append((table_id, seq))

    def lost(self) -> None:
        """Count the losses."""
        self.losses += 1


def test_rendezvous_spreads_tables_evenly_and_moves_only_those_of_a_process_that_comes_or_goes() -> None:
    tables = [f"table-{n}" for n in range(3000)]
    three = {t: rendezvous_owner(t, [11, 22, 33]) for t in tables}
    counts = Counter(three.values())
    assert set(counts) == {11, 22, 33} and all(abs(c - 1000) < 150 for c in counts.values()), counts
    four = {t: rendezvous_owner(t, [11, 22, 33, 44]) for t in tables}
    assert all(four[t] in (three[t], 44) for t in tables), "a newcomer takes tables only for itself"
    assert abs(sum(owner == 44 for owner in four.values()) - 750) < 150
    two = {t: rendezvous_owner(t, [11, 33]) for t in tables}
    assert all(two[t] == three[t] for t in tables if three[t] != 22), "only the leaver's tables move"
    assert rendezvous_owner("t", []) is None


def test_each_table_is_owned_by_the_process_chosen_for_it_and_the_others_take_over_when_it_dies(
    postgres_url: str,
) -> None:
    async def work() -> None:
        first, second = PostgresCoordinator(postgres_url), PostgresCoordinator(postgres_url)
        third = PostgresCoordinator(postgres_url)
        try:
            await first.open(Recorder())
            await second.open(Recorder())
            assert await first.heartbeat(), "the second process is news to the first"
            assert not await first.heartbeat() and not await second.heartbeat(), "then nothing changes"
            assert first.processes == second.processes == tuple(sorted((first.key, second.key)))
            tables = [f"t{n}" for n in range(40)]
            mine = {t for t in tables if first.chooses(t)}
            assert mine and all(second.chooses(t) == (t not in mine) for t in tables)
            assert await first.claim(tables) == mine
            assert await second.claim(tables) == set(tables) - mine
            assert await first.claim(tables) == mine, "claiming again keeps (and counts once)"

            await third.open(Recorder())  # a third comes: only the tables it is chosen for move, to it
            assert await first.heartbeat() and await second.heartbeat()
            moving = {t for t in tables if third.chooses(t)}
            assert moving and all(first.chooses(t) == (t in mine - moving) for t in tables)
            kept = await first.claim(tables) | await second.claim(tables)
            assert kept == set(tables) - moving, "the old owners give the newcomer's tables back"
            assert await third.claim(tables) == moving

            assert third._locks is not None
            await third._locks.close()  # the third "dies": its session ends (soon), and its locks with it
            await eventually(first.heartbeat, True)
            await eventually(second.heartbeat, True)
            assert first.processes == second.processes == tuple(sorted((first.key, second.key)))
            assert await first.claim(tables) | await second.claim(tables) == set(tables)
            assert await first.claim(tables) == mine, "the same choice as before the third came"
            with psycopg.connect(postgres_url) as connection:
                rows = connection.execute("SELECT key FROM processes ORDER BY key").fetchall()
            assert [row[0] for row in rows] == sorted((first.key, second.key)), "the dead one's row is gone"
        finally:
            for coordinator in (first, second, third):
                await coordinator.close()

    asyncio.run(work())


def test_a_process_that_closes_leaves_at_once(postgres_url: str) -> None:
    async def work() -> tuple[bool, tuple[int, ...], int]:
        first, second = PostgresCoordinator(postgres_url), PostgresCoordinator(postgres_url)
        try:
            await first.open(Recorder())
            await second.open(Recorder())
            await first.heartbeat()
            await second.close()
            return await first.heartbeat(), first.processes, first.key
        finally:
            await first.close()

    changed, live, key = asyncio.run(work())
    assert changed and live == (key,)


def test_presence_is_seen_from_another_process_and_ends_with_its_session(postgres_url: str) -> None:
    async def work() -> list[bool | None]:
        here, there = PostgresCoordinator(postgres_url), PostgresCoordinator(postgres_url)
        seen: list[bool | None] = []
        try:
            seen.append(await there.is_elsewhere("t1", "ann"))
            await here.here("t1", "ann")
            await there.here("t1", "ann")  # shared: both may hold it
            seen.append(await there.is_elsewhere("t1", "ann"))
            seen.append(await there.is_elsewhere("t1", "bo"))
            await here.gone("t1", "ann")
            await there.gone("t1", "ann")
            seen.append(await there.is_elsewhere("t1", "ann"))
            await here.here("t1", "ann")
            assert here._locks is not None
            await here._locks.close()
            await eventually(lambda: there.is_elsewhere("t1", "ann"), cast(bool | None, False))
            seen.append(False)
            await here.claim([])  # the connection is made again, with the presence it held
            seen.append(await there.is_elsewhere("t1", "ann"))
        finally:
            await here.close()
            await there.close()
        return seen

    assert asyncio.run(work()) == [False, True, False, False, False, True]


def test_who_is_connected_elsewhere_is_read_in_one_ask_for_many_people(postgres_url: str) -> None:
    """``connected_elsewhere`` agrees with ``is_elsewhere`` person by person (keys of either sign included),
    leaves out the presence the asking process holds itself, and forgets a process whose session ended."""

    async def work() -> None:
        here, there = PostgresCoordinator(postgres_url), PostgresCoordinator(postgres_url)
        await here.open(Recorder())
        await there.open(Recorder())
        try:
            people = [(f"t{n % 3}", f"person-{n}") for n in range(40)]
            assert any(half < 0 for person in people for half in presence_key(*person))
            held = set(people[::3])
            for person in held:
                await here.here(*person)
            await there.here(*people[1])  # held by the asking process only: not elsewhere
            assert await there.connected_elsewhere(people) == held
            assert {p for p in people if await there.is_elsewhere(*p)} == held
            await there.here(*people[0])  # held by both: elsewhere all the same
            assert people[0] in (await there.connected_elsewhere(people) or set())
            assert await here.connected_elsewhere(people) == {people[0], people[1]}
            assert here._locks is not None
            await here._locks.close()
            nobody: set[tuple[str, str]] | None = set()
            await eventually(lambda: there.connected_elsewhere(people), nobody)
        finally:
            await here.close()
            await there.close()

    asyncio.run(work())


def test_news_of_every_append_reaches_every_listener(postgres_url: str) -> None:
    """The listeners' connections are cut (only theirs, by their application name: a server another test of
    this process left running listens on the same database) and each listener is told of the loss once."""
    name = f"listener-{uuid.uuid4().hex[:8]}"

    async def work(store: PostgresStore) -> tuple[Recorder, Recorder]:
        ears = Recorder(), Recorder()
        url = f"{postgres_url}&application_name={name}"
        coordinators = [PostgresCoordinator(url, reconnect_delay=0.05) for _ in ears]
        for coordinator, recorder in zip(coordinators, ears, strict=True):
            await coordinator.open(recorder)
        await store.create_table("t1", 1.0)
        await store.append([event(1), event(2)])
        await store.append([event(3)])
        for _ in range(200):
            if all(len(r.events) == 2 for r in ears):
                break
            await asyncio.sleep(0.01)
        with psycopg.connect(postgres_url, autocommit=True) as admin:  # cut the listening connections
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%%' AND "
                "application_name = %s",
                [name],
            )
        for _ in range(200):
            if all(r.losses for r in ears):
                break
            await asyncio.sleep(0.01)
        await store.append([event(4)])
        for _ in range(200):
            if all(len(r.events) == 3 for r in ears):
                break
            await asyncio.sleep(0.01)
        for coordinator in coordinators:
            await coordinator.close()
        return ears

    for ears in with_store(postgres_url, work):
        assert ears.events == [("t1", 2), ("t1", 3), ("t1", 4)]
        assert ears.losses == 1


def test_a_connection_the_server_dropped_is_replaced_before_the_next_append(postgres_url: str) -> None:
    """The server ends the store's connections (only this store's: the other tests' run beside it) and waits
    until they are gone (``pg_terminate_backend`` only signals them, and a connection checked before its
    backend has exited still looks alive); the next append takes a new one."""
    name = f"dropped-{uuid.uuid4().hex[:8]}"
    url = f"{postgres_url}&application_name={name}"

    async def work(store: PostgresStore) -> list[Event]:
        await store.create_table("t1", 1.0)
        await store.append([event(1)])
        async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
            dropped = await admin.execute(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE application_name = %s", [name]
            )
            ended = [row[0] for row in await dropped.fetchall()]
            assert ended and all(ended), ended  # the store's connections, each gone before this returned
        await store.append([event(2)])
        return await store.load("t1")

    assert [e.seq for e in with_store(url, work)] == [1, 2]


def test_an_outage_is_told_within_the_stores_wait_and_the_store_comes_back_by_itself() -> None:
    """With the server down, an append fails with ``StoreError`` once the store's wait is over (5 s, not the
    pool's 30, which a table's every later command would wait again), and once the server is back the same
    store appends again, its pool making its connections anew without being asked to (a server of its own:
    this test stops it)."""
    server = PostgresServer().start()

    async def main() -> tuple[float, float]:
        store = await PostgresStore.open(server.url(DATABASE))
        try:
            await store.create_table("t1", 1.0)
            await store.append([event(1)])
            assert server.process is not None
            server.process.send_signal(signal.SIGINT)  # a fast shutdown: the pool's connections are cut
            await asyncio.to_thread(server.process.wait, 30)
            started = time.monotonic()
            with pytest.raises(StoreError):
                await store.append([event(2)])
            told = time.monotonic() - started
            assert await asyncio.to_thread(server._launch, find_binaries()), "the server did not start again"
            back = time.monotonic()
            while True:
                try:
                    await store.append([event(2)])
                    break
                except StoreError:
                    assert time.monotonic() - back < 30, "the store did not come back"
                    await asyncio.sleep(0.25)
            assert [e.seq for e in await store.load("t1")] == [1, 2]
            return told, time.monotonic() - back
        finally:
            await store.close()

    try:
        told, back = asyncio.run(main())
    finally:
        server.stop()
    print(f"an append during the outage failed after {told:.1f} s; the store was back {back:.1f} s after the server")
    assert told < 15, f"an append during the outage waited {told:.1f} s (the pool's own default: 30 s)"
