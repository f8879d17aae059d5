"""The event store's contract, on SQLite and PostgreSQL alike: events in order and durable, each command
atomic, repeated command ids and taken seqs refused, the ``finished`` flag, append-only."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from dominohall.store.backends import store_for
from dominohall.tables.ports import DuplicateCommandError, Event, Phase, SeqConflictError, Store, StoreError

T = TypeVar("T")


def run(url: str, work: Callable[[Store], Awaitable[T]]) -> T:
    """Open the store at ``url``, run ``work`` on it, close it."""

    async def main() -> T:
        store = store_for(url)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(main())


def event(seq: int, command_id: str | None = None, table: str = "t1", **payload: object) -> Event:
    """An event of ``table`` with a small payload."""
    return Event(table, seq, command_id, "seat:0", 1000.0 + seq, {"t": "chat", **payload})


def test_events_come_back_in_order_and_survive_reopening(store_url: str) -> None:
    async def write(store: Store) -> None:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a", text="hi"), event(2)])
        await store.append([event(3, "b", text="ho", nested={"x": [1, 2.5, None]})])

    run(store_url, write)
    loaded = run(store_url, lambda store: store.load("t1"))
    assert [e.seq for e in loaded] == [1, 2, 3]
    assert loaded[0] == event(1, "a", text="hi")
    assert loaded[2] == event(3, "b", text="ho", nested={"x": [1, 2.5, None]})
    assert [e.seq for e in run(store_url, lambda store: store.load("t1", after_seq=2))] == [3]
    assert run(store_url, lambda store: store.load("nowhere")) == []


def test_a_repeated_command_id_appends_nothing(store_url: str) -> None:
    async def work(store: Store) -> list[Event]:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a")])
        with pytest.raises(DuplicateCommandError):
            await store.append([event(2, "a"), event(3)])
        return await store.load("t1")

    assert [e.seq for e in run(store_url, work)] == [1]


def test_a_taken_seq_appends_nothing_of_the_command(store_url: str) -> None:
    async def work(store: Store) -> list[Event]:
        await store.create_table("t1", 1.0)
        await store.append([event(1, "a"), event(2)])
        with pytest.raises(SeqConflictError):
            await store.append([event(3, "b"), event(2)])
        return await store.load("t1")

    assert [e.seq for e in run(store_url, work)] == [1, 2]


def test_the_same_command_id_at_two_tables_is_two_commands(store_url: str) -> None:
    async def work(store: Store) -> int:
        await store.create_table("t1", 1.0)
        await store.create_table("t2", 2.0)
        await store.append([event(1, "a")])
        await store.append([event(1, "a", table="t2")])
        return len(await store.load("t1")) + len(await store.load("t2"))

    assert run(store_url, work) == 2


def test_unfinished_tables_oldest_first_and_finishing_in_the_same_transaction(store_url: str) -> None:
    async def work(store: Store) -> tuple[list[str], list[str], list[str]]:
        await store.create_table("late", 5.0)
        await store.create_table("early", 1.0)
        before = await store.unfinished()
        await store.append([event(1, table="early")], phase=Phase.OVER)
        over = await store.unfinished()
        with pytest.raises(SeqConflictError):
            await store.append([event(1, table="late")] * 2, phase=Phase.OVER)
        return before, over, await store.unfinished()

    assert run(store_url, work) == (["early", "late"], ["late"], ["late"])


def test_a_rematch_makes_a_table_unfinished_again(store_url: str) -> None:
    async def work(store: Store) -> list[str]:
        await store.create_table("t1", 1.0)
        await store.append([event(1)], phase=Phase.OVER)
        await store.append([event(2)], phase=Phase.PLAYING)
        return await store.unfinished()

    assert run(store_url, work) == ["t1"]


def test_errors_for_unknown_and_taken_tables(store_url: str) -> None:
    async def work(store: Store) -> tuple[bool, bool]:
        await store.create_table("t1", 1.0)
        with pytest.raises(StoreError):
            await store.create_table("t1", 2.0)
        with pytest.raises(StoreError):
            await store.append([event(1, table="nowhere")])
        return await store.has_table("nowhere"), await store.has_table("t1")

    assert run(store_url, work) == (False, True)


def test_concurrent_appends_and_a_refused_one_refuses_only_itself(store_url: str) -> None:
    tables = [f"t{i}" for i in range(20)]

    async def write(store: Store) -> list[BaseException | None]:
        for table in tables:
            await store.create_table(table, 1.0)
            await store.append([event(1, "a", table=table)])
        appends = [store.append([event(2, table=t), event(3, table=t)]) for t in tables]
        appends.append(store.append([event(4, "a", table="t7")]))  # command id "a" is taken at t7
        appends.append(store.append([event(3, table="t9")]))  # seq 3 at t9 is taken by an append before it
        return await asyncio.gather(*appends, return_exceptions=True)

    outcomes = run(store_url, write)
    assert outcomes[:-2] == [None] * len(tables)
    assert isinstance(outcomes[-2], DuplicateCommandError)
    assert isinstance(outcomes[-1], SeqConflictError)

    async def read(store: Store) -> list[list[int]]:
        return [[e.seq for e in await store.load(table)] for table in tables]

    assert run(store_url, read) == [[1, 2, 3]] * len(tables)


def test_two_stores_on_one_database_race_for_a_seq_and_one_wins(store_url: str) -> None:
    """Two processes' stores (here two store objects) append the same seq: exactly one commits."""

    async def work(store: Store) -> tuple[list[BaseException | None], list[Event]]:
        other = store_for(store_url)
        try:
            await store.create_table("t1", 1.0)
            await store.append([event(1)])
            outcomes = await asyncio.gather(
                store.append([event(2, "mine", text="a")]),
                other.append([event(2, "theirs", text="b")]),
                return_exceptions=True,
            )
            return list(outcomes), await other.load("t1")
        finally:
            await other.close()

    outcomes, events = run(store_url, work)
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "SeqConflictError"]
    assert [e.seq for e in events] == [1, 2]


def test_an_append_that_cannot_be_stored_fails_alone_and_the_rest_of_its_batch_commits(store_url: str) -> None:
    """A payload JSON cannot hold (a number past 64 bits, a lone surrogate) refuses its own command only,
    whatever else the same group commit carries (issue 17, defect 1)."""
    tables = [f"t{i}" for i in range(12)]
    bad: dict[int, dict[str, object]] = {3: {"number": 2**64}, 8: {"text": "\ud800"}}

    async def write(store: Store) -> list[BaseException | None]:
        for table in tables:
            await store.create_table(table, 1.0)
        appends = [
            store.append([event(1, "a", table=t, **bad.get(i, {"text": "fine"})), event(2, table=t)])
            for i, t in enumerate(tables)
        ]
        appends.append(store.append([event(1, "b", table="t5")]))  # seq 1 at t5 is taken in the same batch
        return await asyncio.gather(*appends, return_exceptions=True)

    outcomes = run(store_url, write)
    for index, outcome in enumerate(outcomes[:-1]):
        assert isinstance(outcome, StoreError) if index in bad else outcome is None, (index, outcome)
    assert isinstance(outcomes[-1], SeqConflictError)

    async def read(store: Store) -> list[list[int]]:
        return [[e.seq for e in await store.load(table)] for table in tables]

    assert run(store_url, read) == [[] if i in bad else [1, 2] for i in range(len(tables))]


def test_a_table_and_its_first_events_are_created_together_or_not_at_all(store_url: str) -> None:
    async def work(store: Store) -> tuple[bool, bool, list[int], list[str]]:
        with pytest.raises(StoreError):
            await store.create_table("bad", 1.0, [event(1, table="bad", number=2**64)])
        await store.create_table("good", 2.0, [event(1, table="good"), event(2, table="good")])
        with pytest.raises(StoreError):
            await store.create_table("good", 3.0, [event(1, table="good")])
        loaded = [e.seq for e in await store.load("good")]
        return await store.has_table("bad"), await store.has_table("good"), loaded, await store.unfinished()

    assert run(store_url, work) == (False, True, [1, 2], ["good"])


def test_load_gives_the_first_events_up_to_a_limit(store_url: str) -> None:
    async def work(store: Store) -> list[list[int]]:
        await store.create_table("t1", 1.0, [event(seq, table="t1") for seq in range(1, 6)])
        return [[e.seq for e in await store.load("t1", after, limit)] for after, limit in ((0, 2), (3, 10), (1, None))]

    assert run(store_url, work) == [[1, 2], [4, 5], [2, 3, 4, 5]]


def test_an_analysis_is_kept_once_per_key_and_survives_reopening(store_url: str) -> None:
    body = {"format": "dominohall/analysis@1", "decisions": [{"move": 3, "loss": 4.5, "verdict": None}]}

    async def write(store: Store) -> None:
        await store.create_table("t1", 1.0)
        assert await store.load_analysis("t1", "1/2/0") is None
        await store.save_analysis("t1", "1/2/0", body)
        await store.save_analysis("t1", "1/2/0", {"other": True})  # the first result stays

    run(store_url, write)
    assert run(store_url, lambda store: store.load_analysis("t1", "1/2/0")) == body
    assert run(store_url, lambda store: store.load_analysis("t1", "1/2/1")) is None
    assert run(store_url, lambda store: store.load_analysis("t2", "1/2/0")) is None
