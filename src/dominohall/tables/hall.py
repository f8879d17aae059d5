"""The hall: every live table's actor, table creation, sitting down, rebuilding and unloading tables.

Each table has at most one actor in the process (loading is serialised by a lock). A table that is not
live is rebuilt from its stored events the first time it is asked for; on start every unfinished table
chosen for this process is rebuilt at once, so its bots play on. A table nobody has used for a while (or
whose match is over) and that has no connection is unloaded; it is rebuilt when asked for again.

With a shared store several processes may have the same table live. The coordinator says which
processes are live and which tables are chosen for this one (rendezvous hashing), and tells the hall of
the events other processes commit. The hall loads a table only when a client asks for it here or it is
chosen for this process: at start, when news comes of a table it does not have (a table made elsewhere),
and when the live processes change (a process that died leaves its tables to the others, which load them
without waiting for any client). Every ``claim_interval`` seconds it beats the heart, owns the live tables
chosen for it, gives up the others, and unloads what nobody here uses (a table chosen for another process
as soon as nobody here has used it for ``elsewhere_unload`` seconds).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dominohall.games.records import export_record

from .actor import Reply, TableActor
from .bots import BotRunner
from .commands import Command, NewTable, opening
from .config import TableConfig
from .errors import CommandError
from .fairness import FAIR, open_commitment
from .ports import FORMER_PLAYER, Coordinator, Event, Listing, LocalCoordinator, Store, StoreError
from .records import RecordCache, every_record, kept_record
from .state import OVER, PLAYING, WAITING, TableState, token_hash

log = logging.getLogger("dominohall.tables")


LOADS_AT_ONCE = 8
"""Tables whose events a take-up reads at the same time (the PostgreSQL store's pool has 8 connections)."""
TAKE_UP_SLICE = 64
"""Tables a take-up makes live between two turns of the event loop (folding is the event loop's work)."""
RETENTION = "retention"
"""The name chosen among the live processes like a table's id: the process it is chosen for runs retention
(every process computes the same choice, so one of them does)."""
RETENTION_FIRST = 60.0
"""Seconds after the start before the first pass of retention."""
RETAIN_SLICE = 50
"""Tables a pass of retention reduces to their records between two turns of the event loop."""
DAY = 86400.0


def new_token() -> str:
    """A fresh seat token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    """A fresh table id: 64 random bits, URL-safe (11 characters), never starting with ``-`` (a command line,
    ``dominohall admin close ID``, would take it for an option)."""
    while (table_id := secrets.token_urlsafe(8)).startswith("-"):
        pass
    return table_id


@dataclass
class HallNews:
    """What the coordinator tells the hall: another process's events reach the table's actor here, and a
    table chosen for this process that is not live here is loaded."""

    hall: Hall

    def event(self, table_id: str, seq: int) -> None:
        """The table has events up to ``seq``: its actor catches up if it is live here and behind; it is
        loaded if it is not live here and chosen for this process."""
        actor = self.hall.actors.get(table_id)
        if actor is not None:
            actor.news(seq)
        else:
            self.hall.take_up_later(table_id)

    def lost(self) -> None:
        """News may have been missed: every live table catches up, and every unfinished table chosen for
        this process is loaded."""
        for actor in list(self.hall.actors.values()):
            actor.resync()
        self.hall.take_up_later()


def listing_of(state: TableState) -> Listing | None:
    """How the lobby lists the table: a public table with a free seat, or a public match being played;
    ``None`` for any other table."""
    free = sum(seat.is_free() for seat in state.seats)
    if not state.settings.public or not ((state.phase == WAITING and free) or state.phase == PLAYING):
        return None
    return {
        "id": state.table_id,
        "game": state.game,
        "options": state.options.to_dict(),
        "settings": state.settings.to_dict(),
        "seats": [seat.to_public() for seat in state.seats],
        "phase": state.phase,
        "link": f"/t/{state.table_id}",
        "free": free,
    }


class Hall:
    """Every live table of this process."""

    actors: dict[str, TableActor]
    """The live tables' actors, by table id."""

    def __init__(
        self,
        store: Store,
        config: TableConfig | None = None,
        bots: BotRunner | None = None,
        coordinator: Coordinator | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """A hall of the tables in ``store``, none live yet (``open`` rebuilds the unfinished ones); ``clock``
        is the time of the tables' events (their actors') and of retention."""
        self.store = store
        self.clock = clock
        self.config = TableConfig() if config is None else config
        self.bots = BotRunner() if bots is None else bots
        self.coordinator: Coordinator = LocalCoordinator() if coordinator is None else coordinator
        self.records = RecordCache()
        """The match records asked for lately, encoded."""
        self.actors = {}
        self._loading = asyncio.Lock()
        """Held while a table is loaded or unloaded: a table has at most one actor in the process."""
        self._rounds: asyncio.Task[None] | None = None
        """The task of the hall's rounds (owning, unloading), once opened."""
        self._retention: asyncio.Task[None] | None = None
        """The task that runs retention every ``retention_interval`` seconds, once opened."""
        self._taking: dict[str | None, asyncio.Task[None]] = {}
        """Loads of tables chosen for this process, in the background (``None``: every unfinished one)."""
        self._closing = False
        self._published: dict[str, tuple[int, Listing]] = {}
        """What this process last told the others of its owned public tables: the seq it was read at, and the
        listing."""

    async def open(self) -> int:
        """Join the processes sharing the store, rebuild every unfinished table chosen for this process
        from its events, and start the hall's rounds (owning, unloading); the number of tables rebuilt."""
        await self.coordinator.open(HallNews(self))
        count = await self.take_up()
        log.info("tables rebuilt", extra={"tables": count})
        self._rounds = asyncio.create_task(self._keep(), name="hall-rounds")
        self._retention = asyncio.create_task(self._keep_retention(), name="hall-retention")
        return count

    async def take_up(self) -> int:
        """Load every unfinished table chosen for this process that is not live here: how many.

        The tables' events are read a few at a time at once (``LOADS_AT_ONCE``) and the tables are made live
        in slices, each owned with one claim for the slice: a process taking up the tables of a dead one, or
        starting, does not pay a round trip or two per table one after the other.
        """
        wanted = [t for t in await self.store.unfinished() if t not in self.actors and self.coordinator.chooses(t)]
        reading = asyncio.Semaphore(LOADS_AT_ONCE)

        async def read(table_id: str) -> tuple[str, list[Event]]:
            async with reading:
                return table_id, await self.store.load(table_id)

        count = 0
        for start in range(0, len(wanted), TAKE_UP_SLICE):
            loaded = await asyncio.gather(*(read(t) for t in wanted[start : start + TAKE_UP_SLICE]))
            async with self._loading:
                states = [self._rebuild(t, events) for t, events in loaded if events and t not in self.actors]
                owned = await self.coordinator.claim([state.table_id for state in states])
                for state in states:
                    self._make_live(state, state.table_id in owned).resync()  # what was committed since the read
            count += len(states)
        return count

    def take_up_later(self, table_id: str | None = None) -> None:
        """Load the table in the background if it is chosen for this process and not live here (with
        ``None``: every such unfinished table); a failure is logged, and tried again at the next news."""
        if self._closing or table_id in self._taking:
            return
        if table_id is not None and not self.coordinator.chooses(table_id):
            return

        async def load() -> None:
            try:
                if table_id is None:
                    await self.take_up()
                else:
                    await self._load(table_id)
            except Exception:
                log.exception("loading a table chosen here failed", extra={"table": table_id})
            finally:
                self._taking.pop(table_id, None)

        self._taking[table_id] = asyncio.create_task(load(), name=f"take-up-{table_id}")

    async def close(self) -> None:
        """Stop the rounds, every actor, the coordinator (this process owns nothing any more) and the bots."""
        self._closing = True
        tasks = [task for task in (self._rounds, self._retention, *self._taking.values()) if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for actor in list(self.actors.values()):
            await actor.stop()
        self.actors.clear()
        await self.coordinator.close()
        await self.bots.close()

    async def actor(self, table_id: str) -> TableActor | None:
        """The table's actor, rebuilt from the store when it is not live; ``None`` for no such table."""
        actor = self.actors.get(table_id)
        if actor is None:
            actor = await self._load(table_id)
        if actor is not None:
            actor.touch()
        return actor

    async def _load(self, table_id: str) -> TableActor | None:
        """The table's actor, rebuilt from the store when it is not live; ``None`` for no such table."""
        async with self._loading:
            if table_id in self.actors:
                return self.actors[table_id]
            events = await self.store.load(table_id)
            if not events:
                return None
            actor = await self._start(self._rebuild(table_id, events))
            actor.resync()  # what other processes committed while it was being rebuilt
            return actor

    # -- the rounds ----------------------------------------------------------------------------------

    async def _keep(self) -> None:
        """Every ``claim_interval`` seconds: learn the live processes, own what is chosen here, load the
        tables newly chosen here, unload what is idle."""
        while True:
            await asyncio.sleep(self.config.claim_interval)
            try:
                changed = await self.coordinator.heartbeat()
                await self.claim()
                await self.publish_listings()
                await self.follow_presence()
                if changed:
                    for actor in list(self.actors.values()):  # a process that died may have committed
                        actor.resync()  # events it never told of (the news follows the commit)
                    log.info("tables taken up", extra={"tables": await self.take_up()})
                await self.unload_idle()
            except Exception:
                log.exception("the hall's round failed")

    # -- retention -----------------------------------------------------------------------------------

    def runs_retention(self) -> bool:
        """True when this process is the one of those sharing the store that runs retention."""
        return self.coordinator.chooses(RETENTION)

    async def _keep_retention(self) -> None:
        """A minute after the start (a process restarted often still runs it), then every ``retention_interval``
        seconds, in the process chosen for it: a pass of retention."""
        wait = min(RETENTION_FIRST, self.config.retention_interval)
        while True:
            await asyncio.sleep(wait)
            wait = self.config.retention_interval
            if not self.runs_retention():
                continue
            try:
                reduced, removed = await self.retain()
                extra = {"tables": reduced + removed}
                log.info("retention: %d tables kept as records, %d removed", reduced, removed, extra=extra)
            except Exception:
                log.exception("retention failed")

    async def retain(self) -> tuple[int, int]:
        """One pass of retention at ``clock()``: the tables whose match is over and whose last event is older
        than ``keep_records`` days are removed, whole or as their records; those older than ``keep_whole``
        days are reduced to their matches' records (the records, as downloaded before; their events, analyses
        and the table itself removed). A table live in this process is left for a later pass. How many tables
        were reduced, and how many removed."""
        now = self.clock()
        removed = await self.store.forget(now - self.config.keep_records * DAY)
        reduced = 0
        while True:
            idle = await self.store.finished_idle(now - self.config.keep_whole * DAY, RETAIN_SLICE)
            done = 0
            for table_id, seq in idle:
                if table_id in self.actors:
                    continue
                events = await self.store.load(table_id)
                if events and events[-1].seq == seq:
                    done += await self.store.keep_records(table_id, seq, every_record(events), events[-1].time)
            reduced += done
            if len(idle) < RETAIN_SLICE or not done:
                return reduced, removed
            await asyncio.sleep(0)

    async def kept_record(self, table_id: str, number: int | None) -> dict[str, Any] | None:
        """The record of match ``number`` of a table retention reduced to its records (``None``: no such table;
        ``CommandError("not-started")``: no such match)."""
        records = await self.store.kept_records(table_id)
        return kept_record(records, number) if records else None

    async def claim(self) -> None:
        """Own every live table chosen for this process (an owner that died leaves its tables to be taken
        over here), and stop owning those chosen for another."""
        asked = dict(self.actors)
        owned = await self.coordinator.claim(list(asked))
        for table_id, actor in asked.items():
            if self.actors.get(table_id) is actor:
                actor.set_owner(table_id in owned)

    def _is_idle(self, table_id: str, actor: TableActor, now: float) -> bool:
        return actor.is_idle(now, chosen=self.coordinator.chooses(table_id))

    async def unload_idle(self) -> list[str]:
        """Unload every idle table (no connection, quiet for a while or over, or chosen for another process
        and unused here): the ids unloaded."""
        now = time.monotonic()
        idle = [table_id for table_id, actor in self.actors.items() if self._is_idle(table_id, actor, now)]
        unloaded = [table_id for table_id in idle if await self.unload(table_id)]
        if unloaded:
            log.info("tables unloaded", extra={"tables": len(unloaded)})
        return unloaded

    async def unload(self, table_id: str) -> bool:
        """Stop the table's actor and give up owning it, if it is still idle; True when it was unloaded."""
        async with self._loading:  # a table being unloaded is not loaded again (and claimed) meanwhile
            actor = self.actors.get(table_id)
            if actor is None or not self._is_idle(table_id, actor, time.monotonic()):
                return False
            del self.actors[table_id]
            await actor.stop()
            await self.coordinator.release(table_id)
        return True

    @staticmethod
    def _rebuild(table_id: str, events: list[Event]) -> TableState:
        state = TableState(table_id)
        for event in events:
            state.fold(event)
        return state

    async def _start(self, state: TableState) -> TableActor:
        """Make the table live here, as its owner if it is chosen for this process (and no other holds it)."""
        owned = await self.coordinator.claim([state.table_id])
        return self._make_live(state, state.table_id in owned)

    def _make_live(self, state: TableState, owner: bool) -> TableActor:
        """Start the table's actor here (the caller holds the loading lock)."""
        assert state.table_id not in self.actors, "a table has one actor in the process"
        actor = TableActor(state, self.store, self.bots, self.config, self.coordinator, clock=self.clock)
        self.actors[state.table_id] = actor
        actor.start(owner=owner)
        return actor

    async def create(self, spec: NewTable, now: float) -> tuple[str, str]:
        """Create a table with the host seated: its id and the host's seat token (``CommandError`` when
        ``spec`` makes no table: ``commands.opening`` checks it as the host's commands are checked)."""
        token, table_id = new_token(), new_table_id()
        payload = opening(spec, token_hash(token), now, secrets.SystemRandom())
        payload[FAIR] = open_commitment(table_id, 1, 1)  # server-only: the first deal's secret
        event = Event(table_id, 1, None, "host", now, payload)
        try:
            await self.store.create_table(table_id, now, [event])
        except StoreError as error:
            log.error("table not created: %s", error, extra={"table": table_id})
            raise CommandError("busy", "the table could not be created: try again") from None
        async with self._loading:
            if table_id not in self.actors:  # the news of its creation may have had it loaded here already
                await self._start(self._rebuild(table_id, [event]))
        log.info("table created", extra={"table": table_id, "seq": 1})
        return table_id, token

    async def open_tables(self) -> list[Listing]:
        """The lobby: the public tables with a free seat, and public matches being played, of every live
        process (this one's as they are now, the others' as they last published them)."""
        here = [listing for actor in list(self.actors.values()) if (listing := listing_of(actor.state))]
        return await self.coordinator.listings(here)

    async def publish_listings(self) -> None:
        """Tell the other processes of the changes to the lobby's listings of the tables owned here (nothing
        to do for a process alone); a failure is logged, and the changes are told at the next round."""
        if self.coordinator.alone:
            return
        owned = {table_id: actor.state for table_id, actor in self.actors.items() if actor.owner}
        changes: dict[str, Listing | None] = {}
        for table_id, state in owned.items():
            last = self._published.get(table_id)
            if last is not None and last[0] == state.seq:
                continue  # no event since: the listing is as it was
            listing = listing_of(state)
            if listing is not None and (last is None or last[1] != listing):
                changes[table_id] = listing
            elif listing is None and last is not None:
                changes[table_id] = None
        changes.update({table_id: None for table_id in self._published if table_id not in owned})
        if not changes:
            return
        try:
            await self.coordinator.publish(changes)
        except StoreError as error:
            log.warning("the lobby's listings not published: %s", error)
            return
        for table_id, listing in changes.items():
            if listing is None:
                self._published.pop(table_id, None)
            else:
                self._published[table_id] = (owned[table_id].seq, listing)

    async def follow_presence(self) -> None:
        """For the tables watched here, and those owned here with a match on, learn which of their seated people
        with no connection here are connected to another process (one ask for them all), so their ``presence``
        frames say so, and their bots play while someone follows the match."""
        if self.coordinator.alone:
            return
        watched = {
            table_id: actor
            for table_id, actor in self.actors.items()
            if actor.subscribers or (actor.owner and actor.state.phase == PLAYING)
        }
        for table_id, actor in self.actors.items():
            if table_id not in watched:
                actor.presence.elsewhere = None  # unknown again: a newcomer is not shown an old answer
        asked = {(table_id, token) for table_id, actor in watched.items() for token in actor.presence.absent()}
        held = await self.coordinator.connected_elsewhere(asked)
        if held is None:
            return
        for table_id, actor in watched.items():
            actor.note_elsewhere({token for held_table, token in held if held_table == table_id})

    async def sit(self, table_id: str, seat: int | None, name: str, held: str | None = None) -> tuple[Reply, str]:
        """Sit a person in a free seat (``seat``, or the first free one for ``None``): the reply, and the new
        seat token (valid once the reply is an ack).

        ``held`` is the seat token the person already has for this table, if any: a person who holds a
        seat here is refused (``already-seated``) rather than given a second one.
        """
        actor = await self._existing(table_id)
        token = new_token()
        holder = token_hash(held) if held else None
        reply = await actor.submit(Command("sit", {"seat": seat, "name": name, "holder": holder}, token_hash(token)))
        return reply, token

    async def operate(self, table_id: str, command: Command) -> int:
        """Have the table's actor here decide and commit an operator's command (``tables.operator``): the
        ``seq`` of its last event; ``CommandError`` when the table refuses it."""
        actor = await self._existing(table_id)
        reply = await actor.submit(command)
        if reply.error is not None:
            raise reply.error
        assert reply.seq is not None
        return reply.seq

    async def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat the holder of ``token`` (the token itself, not its hash) has at the table, if any."""
        actor = await self._existing(table_id)
        return actor.state.seat_of(token_hash(token))

    async def record(self, table_id: str) -> dict[str, Any]:
        """The record of the table's match, once it is over."""
        actor = await self._existing(table_id)
        state = actor.state
        if state.phase != OVER or state.match is None:
            raise CommandError("not-over", "the record can be downloaded once the match is over")
        return state.fair.with_proofs(
            export_record(state.match, state.seat_infos()), state.table_id, state.options.players
        )

    def forget_names(self, seats: list[tuple[str, str]]) -> None:
        """A forgotten player held these seats (table id, token hash): in the tables live here, their name becomes
        ``FORMER_PLAYER`` at once, as it is in the store (a table live only in another process shows it once it
        is loaded again there)."""
        for table_id, token in seats:
            self.records.drop(table_id)  # a record built before holds the name
            actor = self.actors.get(table_id)
            if actor is None:
                continue
            state = actor.state
            held = {index for index, seat in enumerate(state.seats) if seat.token == token}
            held |= {index for index, starter in state.starters.items() if starter == token}
            for index in held:
                state.seats[index].name = FORMER_PLAYER

    async def _existing(self, table_id: str) -> TableActor:
        actor = await self.actor(table_id)
        if actor is None:
            raise CommandError("no-table", "there is no table with this id: check the link")
        return actor
