"""Several processes on one PostgreSQL store, each a hall with its coordinator (here in one test process):
moves seen across, writes that race decided again, a takeover when the owner goes, presence across."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import psycopg
import pytest

from dominohall.games.records import verify
from dominohall.store.coordinator import LOBBY_FRESH, PostgresCoordinator, table_key
from dominohall.store.postgres import PostgresStore
from dominohall.tables.actor import Reply, TableActor
from dominohall.tables.commands import Command, NewTable
from dominohall.tables.hall import Hall
from dominohall.tables.ports import Event, MatchEnd, Phase, SeqConflictError, Store
from dominohall.tables.state import OVER, token_hash

from .helpers import Inbox, command_for, create_for, open_shared_halls, owner_of, play_to_end, until
from .leaks import leaks

T = TypeVar("T")
TWO_PEOPLE: list[str | None] = [None, None, "easy", "medium"]


def with_halls(url: str, count: int, work: Callable[..., Awaitable[T]], **config: float) -> T:
    """Run ``work(*halls)`` on ``count`` halls sharing the store at ``url``; close them after."""

    async def main() -> T:
        halls = await open_shared_halls(url, count, **config)
        try:
            return await work(*halls)
        finally:
            for hall in halls:
                await hall.close()
                await hall.store.close()

    return asyncio.run(main())


async def two_people(first: Hall, second: Hall, settings: dict[str, Any]) -> tuple[str, str, str]:
    """A table made on ``first`` (Ann, seat 0) where Bo sits through ``second`` (seat 1): id and tokens."""
    table_id, ann = await first.create(NewTable("chickenfoot", settings, TWO_PEOPLE, "Ann"), 1000.0)
    reply, bo = await second.sit(table_id, 1, "Bo")
    assert reply.error is None
    return table_id, ann, bo


def seqs(inbox: Inbox) -> list[int]:
    """The seqs of the events an inbox received, in order."""
    return [f["seq"] for f in inbox.frames if f["t"] not in ("ack", "snapshot", "welcome", "error")]


def assert_whole(events: list[Event], *inboxes: Inbox) -> None:
    """The store's seqs run 1..N, each command id once, and each inbox got every event after its snapshot."""
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    keys = [e.command_id for e in events if e.command_id is not None]
    assert len(keys) == len(set(keys))
    for inbox in inboxes:
        first = inbox.frames[0]["seq"]
        assert seqs(inbox) == list(range(first + 1, len(events) + 1))


def test_two_processes_play_one_table_and_each_sees_the_others_moves(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> tuple[list[dict[str, Any]], list[Reply], list[Event], Inbox, Inbox]:
        table_id, ann, bo = await two_people(a, b, {"length": "one"})
        on_a, on_b = a.actors[table_id], b.actors[table_id]
        owner = owner_of(table_id, a, b)
        await until(lambda: owner.actors[table_id].owner, what="the chosen process owning the table")
        assert on_a.owner != on_b.owner, "one owner"
        ann_inbox, bo_inbox = Inbox.for_token(ann), Inbox.for_token(bo)
        await on_a.join(ann_inbox, None)
        await on_b.join(bo_inbox, None)
        refused = (await on_a.submit(Command("start", token=token_hash(bo)))).error
        assert refused is not None and refused.code == "not-host"
        assert (await on_b.submit(Command("start", token=token_hash(ann)))).error is None, "any process applies it"
        replies = await asyncio.gather(play_to_end(on_a, ann_inbox, ann, 0), play_to_end(on_b, bo_inbox, bo, 1))
        await until(lambda: on_a.state.phase == on_b.state.phase == OVER, what="the match's end on both")
        records = [await a.record(table_id), await b.record(table_id)]
        return records, replies[0] + replies[1], await a.store.load(table_id), ann_inbox, bo_inbox

    records, replies, events, ann_inbox, bo_inbox = with_halls(postgres_url, 2, work)
    assert records[0] == records[1] and verify(records[0]) == []
    assert replies and all(r.error is None and not r.duplicate for r in replies)
    assert_whole(events, ann_inbox, bo_inbox)
    assert leaks(records[0], ann_inbox.frames, 0) == [] and leaks(records[0], bo_inbox.frames, 1) == []
    assert not any(e.kind == "away" for e in events)


@dataclass
class CountingStore:
    """A store that counts the appends refused because another process took the seq first."""

    store: Store
    conflicts: int = 0

    async def create_table(self, table_id: str, created: float, events: Sequence[Event] = ()) -> None:
        """As the store does."""
        await self.store.create_table(table_id, created, events)

    async def append(
        self, events: Sequence[Event], *, phase: Phase | None = None, ending: MatchEnd | None = None
    ) -> None:
        """As the store does, counting seq conflicts."""
        try:
            await self.store.append(events, phase=phase, ending=ending)
        except SeqConflictError:
            self.conflicts += 1
            raise

    async def load(self, table_id: str, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """As the store does."""
        return await self.store.load(table_id, after_seq, limit)

    async def has_table(self, table_id: str) -> bool:
        """As the store does."""
        return await self.store.has_table(table_id)

    async def save_analysis(self, table_id: str, key: str, body: dict[str, Any]) -> None:
        """As the store does."""
        await self.store.save_analysis(table_id, key, body)

    async def add_report(self, table_id: str, line: int, reporter: str, body: dict[str, Any]) -> bool:
        """As the store does."""
        return await self.store.add_report(table_id, line, reporter, body)

    async def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """As the store does."""
        return await self.store.reports(limit)

    async def load_analysis(self, table_id: str, key: str) -> dict[str, Any] | None:
        """As the store does."""
        return await self.store.load_analysis(table_id, key)

    async def unfinished(self) -> list[str]:
        """As the store does."""
        return await self.store.unfinished()

    async def finished_idle(self, before: float, limit: int) -> list[tuple[str, int]]:
        """As the store does."""
        return await self.store.finished_idle(before, limit)

    async def keep_records(self, table_id: str, seq: int, records: Sequence[dict[str, Any]], last: float) -> bool:
        """As the store does."""
        return await self.store.keep_records(table_id, seq, records, last)

    async def kept_records(self, table_id: str) -> list[dict[str, Any]]:
        """As the store does."""
        return await self.store.kept_records(table_id)

    async def forget(self, before: float) -> int:
        """As the store does."""
        return await self.store.forget(before)

    async def close(self) -> None:
        """As the store does."""
        await self.store.close()


def test_racing_writes_of_two_processes_are_decided_again_and_all_land_once(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> tuple[list[Reply], list[Event], Inbox, Inbox, int]:
        table_id, ann, bo = await two_people(a, b, {"length": "one"})
        counting = [CountingStore(hall.store) for hall in (a, b)]
        for hall, store in zip((a, b), counting, strict=True):
            hall.actors[table_id].store = store
        ann_inbox, bo_inbox = Inbox.for_token(ann), Inbox.for_token(bo)
        await a.actors[table_id].join(ann_inbox, None)
        await b.actors[table_id].join(bo_inbox, None)
        said = [
            actor.submit(Command("chat", {"text": f"{name} {n}"}, token_hash(token), f"c{n}"))
            for n in range(15)
            for actor, name, token in ((a.actors[table_id], "Ann", ann), (b.actors[table_id], "Bo", bo))
        ]
        replies = await asyncio.gather(*said)
        last = max(r.seq or 0 for r in replies)
        await until(lambda: a.actors[table_id].state.seq == b.actors[table_id].state.seq == last)
        return list(replies), await a.store.load(table_id), ann_inbox, bo_inbox, sum(c.conflicts for c in counting)

    replies, events, ann_inbox, bo_inbox, conflicts = with_halls(postgres_url, 2, work)
    assert all(r.error is None for r in replies)
    assert conflicts > 0, "the race was not run"
    texts = sorted(e.payload["text"] for e in events if e.kind == "chat")
    assert texts == sorted(f"{name} {n}" for n in range(15) for name in ("Ann", "Bo"))
    assert_whole(events, ann_inbox, bo_inbox)


def test_another_process_takes_over_when_the_owner_goes_and_the_bots_play_on(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> tuple[dict[str, Any], list[Event], int]:
        spec = NewTable("chickenfoot", {"length": "one"}, [None, "easy", "easy", "medium"], "Ann")
        table_id, ann = await create_for(a, b, spec)
        on_b = await b.actor(table_id)
        assert on_b is not None and not on_b.owner
        ann_inbox = Inbox.for_token(ann)
        await on_b.join(ann_inbox, None)
        await on_b.submit(Command("start", token=token_hash(ann)))
        await play_to_end(on_b, ann_inbox, ann, 0, limit=2)
        before = on_b.state.seq
        await a.close()  # the owner goes: its session ends, and its locks with it
        await until(lambda: on_b.owner, what="the takeover")
        await play_to_end(on_b, ann_inbox, ann, 0)
        await until(lambda: on_b.state.phase == OVER)
        return await b.record(table_id), await b.store.load(table_id), before

    record, events, before = with_halls(postgres_url, 2, work)
    assert verify(record) == []
    assert any(e.actor.startswith("bot:") for e in events if e.seq > before), "the bots played on"
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


def test_the_tables_of_a_process_that_goes_are_taken_up_by_their_new_owner_without_anyone_asking(
    postgres_url: str,
) -> None:
    async def work(a: Hall, b: Hall) -> tuple[list[Event], int]:
        spec = NewTable("chickenfoot", {"length": "one"}, [None, "easy", "easy", "medium"], "Ann")
        table_id, ann = await create_for(a, a, spec)
        on_a = a.actors[table_id]
        inbox = Inbox.for_token(ann)
        await on_a.join(inbox, None)
        await on_a.submit(Command("start", token=token_hash(ann)))
        await play_to_end(on_a, inbox, ann, 0, limit=2)
        await asyncio.sleep(0.2)  # rounds of b: news of the table, which is not chosen for b
        assert table_id not in b.actors, "a table chosen for another process is not loaded"
        before = on_a.state.seq
        await a.close()  # a goes; Ann, connected to it, is gone too
        await until(lambda: table_id in b.actors and b.actors[table_id].owner, what="the take-up")
        on_b = b.actors[table_id]
        await on_b.join(Inbox.for_token(None), None)  # someone follows the table: its bots play on
        await until(lambda: on_b.state.phase == OVER, what="the match's end, a bot standing in for Ann")
        return await b.store.load(table_id), before

    events, before = with_halls(postgres_url, 2, work, grace=0.2)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    later = [e for e in events if e.seq > before]
    assert ("away", 0) in [(e.kind, e.payload.get("seat")) for e in later], "a bot stood in for Ann after her grace"
    assert any(e.actor.startswith("bot:") for e in later), "the bots played on"


def test_events_a_process_committed_but_never_told_of_are_caught_up_when_it_goes(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> tuple[int, int, int]:
        table_id, _ = await create_for(b, a, NewTable("chickenfoot", {}, TWO_PEOPLE, "Ann"))
        await until(lambda: table_id in b.actors, what="b loading the table chosen for it")
        on_b = b.actors[table_id]
        before = on_b.state.seq
        silent = PostgresStore(postgres_url)  # commits like a's store, and dies before saying the news
        silent._tell = lambda table_id, seq: None  # type: ignore[method-assign]
        chat = {"t": "chat", "seat": 0, "text": "said just before dying"}
        await silent.append([Event(table_id, before + 1, None, "seat:0", 1001.0, chat)])
        await silent.close()
        await asyncio.sleep(0.3)  # six rounds of the halls: nobody was told
        untold = on_b.state.seq
        await a.close()  # a goes: b catches up every live table, no client asking
        await until(lambda: on_b.state.seq == before + 1, what="b catching up")
        return before, untold, on_b.state.seq

    before, untold, after = with_halls(postgres_url, 2, work)
    assert untold == before and after == before + 1


def test_tables_spread_over_the_processes_and_only_the_chosen_owner_keeps_them(postgres_url: str) -> None:
    async def work(*halls: Hall) -> tuple[list[int], list[int], list[int]]:
        spec = NewTable("chickenfoot", {}, [None, "easy", "easy", "easy"], "Ann")
        made = [(await halls[n % 3].create(spec, 1000.0))[0] for n in range(60)]
        chosen = [sum(hall.coordinator.chooses(t) for t in made) for hall in halls]
        await until(
            lambda: all(sum(h.actors[t].owner for h in halls if t in h.actors) == 1 for t in made),
            what="one owner per table",
        )
        owned = [sum(hall.actors[t].owner for t in made if t in hall.actors) for hall in halls]
        await until(lambda: all(set(hall.actors) <= {t for t in made if hall.coordinator.chooses(t)} for hall in halls),
                    what="the tables chosen elsewhere unloaded")  # fmt: skip
        return chosen, owned, [len(hall.actors) for hall in halls]

    chosen, owned, live = with_halls(postgres_url, 3, work, elsewhere_unload=0.1)
    assert sum(chosen) == 60 and owned == chosen == live, (chosen, owned, live)
    assert min(chosen) >= 5, "rendezvous hashing spreads the tables (an even share is 20; fewer than 5: p < 1e-4)"


def test_a_person_connected_to_another_process_keeps_the_seat_and_a_gone_one_gets_a_bot(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> list[tuple[str, int]]:
        table_id, ann, bo = await two_people(a, b, {"length": "one"})
        on_a, on_b = a.actors[table_id], b.actors[table_id]
        ann_inbox, bo_inbox = Inbox.for_token(ann), Inbox.for_token(bo)
        await on_a.join(ann_inbox, None)
        await on_b.join(bo_inbox, None)
        await on_a.submit(Command("start", token=token_hash(ann)))
        await asyncio.sleep(0.6)  # three grace periods: the owner (a) finds Bo connected to b
        assert not on_a.state.seats[1].is_away()
        on_b.leave(bo_inbox)  # Bo's last connection (to b) goes: b runs the grace period
        await until(lambda: on_a.state.seats[1].bot is not None, what="the stand-in for Bo")
        again = Inbox.for_token(bo)
        await on_a.join(again, None)  # Bo is back, through a
        await until(lambda: not on_b.state.seats[1].is_away(), what="Bo back, as b sees it")
        return [(e.kind, e.payload["seat"]) for e in await a.store.load(table_id) if e.kind in ("away", "back")]

    assert with_halls(postgres_url, 2, work, grace=0.2) == [("away", 1), ("back", 1)]


def test_who_is_connected_to_another_process_is_shown_and_so_is_their_going(postgres_url: str) -> None:
    """Ann watches through a, Bo plays through b: a's presence frames mark Bo connected while he is, and gone
    (``False``, no longer unknown) within a round or two of his last connection to b going."""

    def marks(inbox: Inbox) -> list[bool | None]:
        return inbox.presence[-1]

    async def work(a: Hall, b: Hall) -> None:
        table_id, ann, bo = await two_people(a, b, {})
        on_a, on_b = a.actors[table_id], b.actors[table_id]
        ann_inbox, bo_inbox = Inbox.for_token(ann), Inbox.for_token(bo)
        await on_a.join(ann_inbox, None)
        assert marks(ann_inbox)[:2] == [True, None], "before anybody asked, Bo's connection is unknown at a"
        await until(lambda: marks(ann_inbox)[1] is False, what="Bo, connected nowhere, marked gone")
        await on_b.join(bo_inbox, None)
        await until(lambda: marks(ann_inbox)[1] is True, what="Bo, connected to b, marked connected at a")
        # b learns of Ann (connected to a) at its own next pass, which may come after a's: both are told then
        await until(lambda: marks(bo_inbox)[:2] == [True, True], what="Ann, connected to a, marked connected at b")
        on_b.leave(bo_inbox)
        await until(lambda: marks(ann_inbox)[1] is False, what="Bo's going seen at a")

    with_halls(postgres_url, 2, work, claim_interval=0.2)


def test_an_owner_whose_lock_connection_fails_stops_its_bots_until_it_owns_the_table_again(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def work(a: Hall, b: Hall) -> None:
        table_id, _ = await create_for(a, a, NewTable("chickenfoot", {}, [None, "easy", "easy", "easy"], "Ann"))
        on_a, on_b = a.actors[table_id], await b.actor(table_id)
        assert on_b is not None and on_a.owner and not on_b.owner
        assert isinstance(a.coordinator, PostgresCoordinator) and a.coordinator._locks is not None
        pid = a.coordinator._locks.info.backend_pid
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            # a's connection ends, and the table's lock is had by another session before a's next round
            # (half a second away) can take it again: a must stop owning the table
            admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            taken = admin.execute("SELECT pg_try_advisory_lock(%s)", [table_key(table_id)]).fetchone()
            while not (taken and taken[0]):
                taken = admin.execute("SELECT pg_try_advisory_lock(%s)", [table_key(table_id)]).fetchone()
            await until(lambda: "table no longer owned" in caplog.text, what="the demotion")
            assert not on_a.owner and not on_b.owner
        await until(lambda: on_a.owner != on_b.owner, what="one owner again")

    with caplog.at_level(logging.INFO, logger="dominohall.tables"):
        with_halls(postgres_url, 2, work, claim_interval=0.5)


def test_a_lobby_that_cannot_be_read_costs_the_owner_none_of_its_tables(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The listings table goes away for a while (here renamed by hand): the lobby shows this process's own
    tables and logs why, the owner keeps its table's lock the whole time, and the lobby works again after."""

    async def work(a: Hall, b: Hall) -> None:
        settings = {"public": True}
        table_id, _ = await create_for(a, a, NewTable("chickenfoot", settings, [None, None, "easy", "easy"], "Ann"))
        assert a.actors[table_id].owner
        with psycopg.connect(postgres_url, autocommit=True) as admin:
            admin.execute("ALTER TABLE listings RENAME TO listings_away")
            assert {listing["id"] for listing in await a.open_tables()} == set(a.actors)  # the tables it has here
            assert "cannot read the lobby's listings" in caplog.text
            taken = admin.execute("SELECT pg_try_advisory_lock(%s)", [table_key(table_id)]).fetchone()
            assert taken == (False,), "the owner's lock was let go with the lobby"
            assert a.actors[table_id].owner
            admin.execute("ALTER TABLE listings_away RENAME TO listings")
        for _ in range(200):
            if table_id in {listing["id"] for listing in await b.open_tables()}:
                return
            await asyncio.sleep(0.025)
        raise AssertionError("the other process's lobby never listed the table again")

    with caplog.at_level(logging.WARNING, logger="dominohall.store"):
        with_halls(postgres_url, 2, work, claim_interval=0.5)


def test_fifty_lobby_requests_at_once_share_one_read_of_the_other_processes_listings(postgres_url: str) -> None:
    """However many people look at the lobby at the same moment, a process reads the others' listings once
    (then again only after ``LOBBY_FRESH``), and every one of them sees the other process's table."""

    async def work(a: Hall, b: Hall) -> None:
        open_one = NewTable("chickenfoot", {"public": True}, [None, None, "easy", "easy"], "Ann")
        theirs = (await b.create(open_one, 1000.0))[0]
        while not b.coordinator.chooses(theirs):  # a table whose listing only b writes
            theirs = (await b.create(open_one, 1000.0))[0]
        coordinator = a.coordinator
        assert isinstance(coordinator, PostgresCoordinator)
        read = coordinator._read_listings
        reads = 0

        async def counted() -> list[tuple[str, str]]:
            nonlocal reads
            reads += 1
            return await read()

        coordinator._read_listings = counted  # type: ignore[method-assign]
        rounds = 0
        while rounds < 40:  # b publishes its listings at its next round: wait for them once
            await asyncio.sleep(LOBBY_FRESH + 0.05)  # the last read is stale: the next request reads again
            lobbies = await asyncio.gather(*(a.open_tables() for _ in range(50)))
            rounds += 1
            if theirs in {listing["id"] for listing in lobbies[0]}:
                break
        assert all(theirs in {listing["id"] for listing in lobby} for lobby in lobbies)
        assert reads == rounds, f"{reads} reads for {rounds} rounds of fifty requests at once"

    with_halls(postgres_url, 2, work)


def test_every_process_lobby_lists_the_public_tables_of_all_and_follows_their_changes(postgres_url: str) -> None:
    async def lobby(hall: Hall) -> set[str]:
        return {listing["id"] for listing in await hall.open_tables()}

    async def every_lobby(halls: Sequence[Hall], wanted: set[str], what: str) -> None:
        for _ in range(400):
            if all([await lobby(hall) == wanted for hall in halls]):
                return
            await asyncio.sleep(0.025)
        raise AssertionError(f"{what}: {[await lobby(hall) for hall in halls]} instead of {wanted}")

    async def work(*halls: Hall) -> None:
        open_one = NewTable("chickenfoot", {"public": True}, [None, None, "easy", "easy"], "Ann")
        public: set[str] = set()
        while len(public) < 9 or not any(halls[0].coordinator.chooses(t) for t in public):  # one the first's
            public.add((await halls[len(public) % 3].create(open_one, 1000.0))[0])
        await halls[1].create(NewTable("chickenfoot", {}, [None, None, "easy", "easy"], "Ann"), 1000.0)
        await every_lobby(halls, public, "every lobby listing every public table")
        full = sorted(public)[0]
        sitter = next(hall for hall in halls if not hall.coordinator.chooses(full))
        reply, _ = await sitter.sit(full, 1, "Bo")  # the table is full: no longer in the lobby
        assert reply.error is None
        await every_lobby(halls, public - {full}, "the full table gone from every lobby")
        gone, *living = halls
        owned_by_gone = {t for t in public if gone.coordinator.chooses(t)}
        await gone.close()
        assert owned_by_gone

        def taken_up() -> bool:
            return all(any(hall.actors[t].owner for hall in living if t in hall.actors) for t in owned_by_gone - {full})

        await until(taken_up, what="the gone process's tables taken up")
        await asyncio.sleep(LOBBY_FRESH)  # a lobby may show what it read up to that long ago
        await every_lobby(living, public - {full}, "the lobbies once the tables of the gone process are taken up")

    with_halls(postgres_url, 3, work)


async def play_the_round(actor: TableActor, inbox: Inbox, token: str, seat: int) -> None:
    """Play ``seat``'s first legal move at each of its turns until the round ends (as ``actor`` sees it)."""
    moves = 0
    while actor.state.between_since is None:
        view = inbox.last_view()
        if view and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
            await actor.submit(command_for(view["legal_moves"][0], token, f"m{seat}-{moves}"), inbox)
            moves += 1
        else:
            await asyncio.sleep(0.005)


def test_the_next_round_waits_for_continue_from_a_person_connected_to_another_process(postgres_url: str) -> None:
    async def work(a: Hall, b: Hall) -> None:
        table_id, ann = await create_for(a, a, NewTable("chickenfoot", {}, TWO_PEOPLE, "Ann"))
        reply, bo = await b.sit(table_id, 1, "Bo")
        on_a, on_b = a.actors[table_id], await b.actor(table_id)
        assert reply.error is None and on_b is not None and on_a.owner and not on_b.owner
        ann_inbox, bo_inbox = Inbox.for_token(ann), Inbox.for_token(bo)
        await on_a.join(ann_inbox, None)
        await on_b.join(bo_inbox, None)
        await on_a.submit(Command("start", token=token_hash(ann)))
        await asyncio.gather(play_the_round(on_a, ann_inbox, ann, 0), play_the_round(on_b, bo_inbox, bo, 1))
        await until(lambda: on_a.state.between_since is not None, what="the round's end at the owner")
        assert (await on_a.submit(Command("continue", token=token_hash(ann), command_id="c-ann"))).error is None
        await asyncio.sleep(0.5)  # ten rounds of the halls
        assert on_a.state.between_since is not None, "Bo, connected to the other process, has not pressed Continue"
        assert (await on_b.submit(Command("continue", token=token_hash(bo), command_id="c-bo"))).error is None
        await until(lambda: on_a.state.between_since is None, what="the next deal once both pressed Continue")

    with_halls(postgres_url, 2, work, between_rounds=60, grace=60)
