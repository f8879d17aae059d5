"""Live tables are unloaded when nobody uses them (over, or idle) and rebuilt from the store when asked."""

from __future__ import annotations

import asyncio
import gc
import weakref
from pathlib import Path

from dominohall.games.records import verify
from dominohall.store.sqlite import SqliteStore
from dominohall.tables.bots import BotRunner
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.config import TableConfig
from dominohall.tables.hall import Hall
from dominohall.tables.state import OVER, token_hash

from .helpers import Inbox, create_for, open_shared_halls, play_to_end, until

THREE_BOTS: list[str | None] = [None, "easy", "medium", "easy"]


async def sqlite_hall(path: Path, **config: float) -> Hall:
    """An opened hall on a SQLite file, its rounds every 0.05 s, bots at once."""
    settings = TableConfig(bot_delay=0, claim_interval=0.05, between_rounds=0)
    for name, value in config.items():
        setattr(settings, name, value)
    hall = Hall(await SqliteStore.open(path), settings, BotRunner(workers=1))
    await hall.open()
    return hall


def test_a_finished_table_is_unloaded_once_nobody_watches_and_rebuilt_when_asked(tmp_path: Path) -> None:
    async def work() -> None:
        hall = await sqlite_hall(tmp_path / "db", over_unload=0.1)
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {"length": "one"}, THREE_BOTS, "Ann"), 1.0)
            actor = hall.actors[table_id]
            inbox = Inbox.for_token(token)
            await actor.join(inbox, None)
            await actor.submit(Command("start", token=token_hash(token)))
            await play_to_end(actor, inbox, token, 0)
            assert actor.state.phase == OVER
            await asyncio.sleep(0.3)
            assert hall.actors.get(table_id) is actor, "a watched table stays"
            actor.leave(inbox)
            await until(lambda: table_id not in hall.actors, what="the unloading")
            await until(lambda: actor._task is not None and actor._task.done(), what="the actor's end")
            again = await hall.actor(table_id)
            assert again is not None and again is not actor and again.state.seq == actor.state.seq
            assert verify(await hall.record(table_id)) == []
        finally:
            await hall.close()
            await hall.store.close()

    asyncio.run(work())


def test_an_idle_table_is_unloaded_but_not_while_someone_is_connected_or_joining(tmp_path: Path) -> None:
    async def work() -> None:
        hall = await sqlite_hall(tmp_path / "db", idle_unload=0.2)
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {}, THREE_BOTS, "Ann"), 1.0)
            actor = hall.actors[table_id]
            watcher, joining = Inbox(), Inbox()
            await actor.join(watcher, None)
            actor.visit(joining)
            await asyncio.sleep(0.5)
            assert hall.actors.get(table_id) is actor
            actor.leave(watcher)
            await asyncio.sleep(0.5)
            assert hall.actors.get(table_id) is actor, "a connection that has not said hello yet keeps it"
            actor.leave(joining)
            await until(lambda: table_id not in hall.actors, what="the unloading")
            late = await actor.submit(Command("chat", {"text": "hi"}, token_hash(token)))
            assert late.error is not None and late.error.code == "busy", "an unloaded actor answers, never hangs"
            again = await hall.actor(table_id)
            assert again is not None and again.state.seq == actor.state.seq
            assert (await again.submit(Command("chat", {"text": "hi"}, token_hash(token)))).error is None
        finally:
            await hall.close()
            await hall.store.close()

    asyncio.run(work())


def test_an_unloaded_table_is_loaded_again_by_its_chosen_owner_when_another_process_writes(postgres_url: str) -> None:
    async def work() -> None:
        a, b = await open_shared_halls(postgres_url, 2, idle_unload=0.2)
        try:
            table_id, token = await create_for(a, a, NewTable("chickenfoot", {}, THREE_BOTS, "Ann"))
            on_b = await b.actor(table_id)
            assert on_b is not None and a.actors[table_id].owner and not on_b.owner
            watcher = Inbox()
            await on_b.join(watcher, None)
            await until(lambda: table_id not in a.actors, what="the unloading on a")
            await asyncio.sleep(0.2)
            assert not on_b.owner, "a table chosen for a is not owned by b"
            assert (await on_b.submit(Command("chat", {"text": "hi"}, token_hash(token)))).error is None
            await until(lambda: table_id in a.actors and a.actors[table_id].owner, what="a loading it again")
            assert a.actors[table_id].state.seq == on_b.state.seq
        finally:
            for hall in (a, b):
                await hall.close()
                await hall.store.close()

    asyncio.run(work())


def test_an_unloaded_table_is_freed_without_the_cyclic_collector(tmp_path: Path) -> None:
    """``serve`` makes the collector's full passes rare, so an unloaded actor caught in a reference cycle would
    keep its whole table (state, match, rounds) in memory until one of them."""

    async def work() -> None:
        hall = await sqlite_hall(tmp_path / "db", over_unload=0.1)
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {"length": "one"}, THREE_BOTS, "Ann"), 1.0)
            actor = hall.actors[table_id]
            inbox = Inbox.for_token(token)
            await actor.join(inbox, None)
            await actor.submit(Command("start", token=token_hash(token)))
            await play_to_end(actor, inbox, token, 0)
            gone = weakref.ref(actor)
            gc.collect()
            gc.disable()
            actor.leave(inbox)
            del actor, inbox
            await until(lambda: table_id not in hall.actors, what="the unloading")
            await asyncio.sleep(0.1)
            assert gone() is None, "the unloaded actor is still referenced"
        finally:
            gc.enable()
            await hall.close()
            await hall.store.close()

    asyncio.run(work())
