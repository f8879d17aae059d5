"""Retention of finished tables, on a clock the test sets, on both stores: a table whose match is over is kept
whole ``keep_whole`` days after its last event, then only as its matches' records, and nothing of it after
``keep_records`` days; tables being played or waiting are never touched. Exactly what the rule says goes,
at the second."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
import pytest

from dominohall.store.backends import backend_for
from dominohall.tables.bots import BotRunner
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.config import TableConfig
from dominohall.tables.errors import CommandError
from dominohall.tables.hall import Hall
from dominohall.tables.ports import Event
from dominohall.tables.state import OVER, PLAYING, WAITING, token_hash

from .helpers import Inbox, open_shared_halls, play_to_end

DAY = 86400.0
T0 = 1_900_000_000.0
"""Day 0 of the test's clock (seconds since the epoch)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty store of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'hall.db'}"
    return str(request.getfixturevalue("postgres_url"))


class Clock:
    """The test's clock: day ``day`` (and ``seconds`` more) since ``T0``."""

    def __init__(self) -> None:
        self.now = T0

    def set(self, day: float, seconds: float = 0.0) -> None:
        """Set the time."""
        self.now = T0 + day * DAY + seconds

    def __call__(self) -> float:
        return self.now


async def table(hall: Hall, clock: Clock, day: float, *, moves: int | None = None, matches: int = 1) -> str:
    """A two-seat table made on ``day``: left waiting (``matches=0``), or its matches played, the last to its
    end or for ``moves`` of the host's moves."""
    clock.set(day)
    spec = NewTable("chickenfoot", {"players": 2, "length": "one"}, [None, "easy"], "Ann", 0)
    table_id, token = await hall.create(spec, clock())
    actor = await hall.actor(table_id)
    assert actor is not None
    inbox = Inbox.for_token(token)
    await actor.join(inbox, None)
    for number in range(matches):
        kind = "start" if number == 0 else "rematch"
        assert (await actor.submit(Command(kind, {}, token_hash(token), f"{kind}{number}"), inbox)).error is None
        await play_to_end(actor, inbox, token, 0, moves if number == matches - 1 else None)
    actor.leave(inbox)
    return table_id


async def records(hall: Hall, table_id: str) -> list[dict[str, Any]]:
    """Every record of the table as it is downloaded."""
    actor = await hall.actor(table_id)
    assert actor is not None
    count = actor.state.matches
    return [orjson.loads(await hall.records.encoded(actor.state, hall.store, n)) for n in range(1, count + 1)]


def test_finished_tables_are_kept_whole_then_as_records_then_not_at_all(store_url: str) -> None:
    async def work() -> None:
        clock = Clock()
        config = TableConfig(bot_delay=0, between_rounds=0, keep_whole=7, keep_records=30)
        maker = Hall(backend_for(store_url).store, config, BotRunner(workers=1), clock=clock)
        await maker.open()
        a = await table(maker, clock, 0)
        playing, waiting = await table(maker, clock, 0, moves=1), await table(maker, clock, 0, matches=0)
        b = await table(maker, clock, 20, matches=2)  # a rematch: two records
        c = await table(maker, clock, 28)
        phases = {t: maker.actors[t].state.phase for t in (a, playing, waiting, b, c)}
        assert phases == {a: OVER, playing: PLAYING, waiting: WAITING, b: OVER, c: OVER}
        b_records, c_records = await records(maker, b), await records(maker, c)
        assert len(b_records) == 2 and len(c_records) == 1
        await maker.close()
        store = maker.store
        before = {t: await store.load(t) for t in (a, playing, waiting, b, c)}
        assert before[c][-1].time == T0 + 28 * DAY

        hall = Hall(store, config, BotRunner(workers=1), clock=clock)  # a new process: nothing live in it
        assert hall.runs_retention()

        async def events() -> dict[str, list[Event]]:
            return {t: await store.load(t) for t in before}

        clock.set(30)  # a: 30 days old to the second, b: 10 days, c: 2 days
        assert await hall.retain() == (2, 0)  # a and b: kept as their records (older than 7 days); c whole
        after = await events()
        assert after[a] == after[b] == [] and not await store.has_table(a) and not await store.has_table(b)
        assert len(await store.kept_records(a)) == 1 and await store.kept_records(b) == b_records
        assert await hall.kept_record(b, None) == b_records[1] and await hall.kept_record(b, 1) == b_records[0]
        with pytest.raises(CommandError):
            await hall.kept_record(b, 3)
        assert {t: after[t] for t in (playing, waiting, c)} == {t: before[t] for t in (playing, waiting, c)}

        clock.set(30, 1)
        assert await hall.retain() == (0, 1)  # a: a second past 30 days, gone
        assert await store.kept_records(a) == [] and await hall.kept_record(a, None) is None

        clock.set(35)
        assert await hall.retain() == (0, 0)  # c: 7 days old to the second, whole
        assert (await events())[c] == before[c]
        clock.set(35, 1)
        assert await hall.retain() == (1, 0)  # c, a second older: its record
        assert await store.kept_records(c) == c_records and (await events())[c] == []
        assert await hall.retain() == (0, 0)

        clock.set(50)
        assert await hall.retain() == (0, 0)  # b's records: 30 days old to the second
        clock.set(50, 1)
        assert await hall.retain() == (0, 1)
        assert await store.kept_records(b) == [] and await store.kept_records(c) == c_records

        clock.set(10_000)
        assert await hall.retain() == (0, 1)  # c
        after = await events()
        assert after[playing] == before[playing] and after[waiting] == before[waiting]  # never finished: kept
        assert [t for t in before if await store.has_table(t)] == [playing, waiting]
        await store.close()

    asyncio.run(work())


def test_a_table_older_than_both_limits_goes_at_once(store_url: str) -> None:
    async def work() -> None:
        clock = Clock()
        config = TableConfig(bot_delay=0, between_rounds=0, keep_whole=7, keep_records=30)
        hall = Hall(backend_for(store_url).store, config, BotRunner(workers=1), clock=clock)
        await hall.open()
        old = await table(hall, clock, 0)
        await hall.close()
        clock.set(100)
        assert await hall.retain() == (0, 1)
        assert await hall.store.load(old) == [] and await hall.store.kept_records(old) == []
        await hall.store.close()

    asyncio.run(work())


def test_one_process_of_a_cluster_runs_retention(postgres_url: str) -> None:
    async def work() -> list[bool]:
        halls = await open_shared_halls(postgres_url, 3)
        try:
            return [hall.runs_retention() for hall in halls]
        finally:
            for hall in halls:
                await hall.close()
                await hall.store.close()

    assert sorted(asyncio.run(work())) == [False, False, True]
