"""One table's actor: the single asyncio task that changes the table in this process, one request at a time.

A command is decided, its events are committed to the store, and only then is it acknowledged, folded
into the state and broadcast (each subscriber receiving the frame for its own seat). A refused command
answers an error and changes nothing. Bots move through the same queue, after a configurable delay.

Several processes may play one table (a shared store). Writes are optimistic: the actor decides at its
``seq`` N and appends N+1...; when the store answers that the ``seq`` is taken, another process wrote
first, so the actor catches up (loads, folds and broadcasts the newer events) and decides again. News
of other processes' events queues the same catch-up. Only the table's owner (``owner``, given by the
coordinator) runs its bots and the grace periods it arms on start or takeover.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import metrics
from .bots import BotRunner
from .commands import Command, decide
from .config import TableConfig
from .endings import match_end
from .errors import CommandError
from .frames import frame_for, move_to_wire, snapshot, without_hidden
from .hints import HINT_LEVEL, hint_frame, hint_view
from .ports import (
    Coordinator,
    DuplicateCommandError,
    Event,
    Frame,
    LocalCoordinator,
    SeqConflictError,
    Store,
    StoreError,
    Subscriber,
)
from .presence import Presence
from .state import GONE, OVER, PLAYING, TableState

log = logging.getLogger("dominohall.tables")

SEAT_EVENTS = frozenset({"created", "sat", "stood", "kicked", "bot", "settings", "away", "back"})
"""The events that change who sits where, and so who of the table's people is connected."""

WRITE_ATTEMPTS = 8
"""How many times a command is decided, when other processes keep writing first, before it is refused as busy
(from the second conflict on, the actor waits a random moment of up to 8, 16, ... 100 ms first)."""


@dataclass
class Reply:
    """The answer to a command: the last ``seq`` it committed (``duplicate`` when it was applied before),
    or the error that refused it."""

    seq: int | None = None
    duplicate: bool = False
    error: CommandError | None = None

    def to_frame(self, command_id: str | None) -> Frame:
        """The ``ack`` or ``error`` frame for the sender."""
        if self.error is not None:
            return self.error.to_frame(command_id)
        frame: Frame = {"t": "ack", "id": command_id, "seq": self.seq}
        return frame | {"duplicate": True} if self.duplicate else frame


BUSY = CommandError("busy", "the table could not do that now: try again")
BOT_YIELD = 1e-6
"""Seconds a bot waits when it has no delay: a timer, which the event loop runs after the I/O it polled."""
STOP_AGAIN = 1.0
"""Seconds ``stop`` waits for a cancelled task before it cancels it again (a cancel can be lost, not twice)."""
COMMAND_EVENTS_MAX = 16
"""More events than any one command makes (the most: a start that fills seven free seats with bots makes
nine, the bots, the start and the deal)."""


@dataclass
class _Request:
    """Work for the actor's task, and the future of its reply."""

    work: Callable[[], Awaitable[Reply]]
    done: asyncio.Future[Reply]


def command_key(command: Command) -> str | None:
    """The key a client's command id is kept under: scoped to the sender, so two clients never collide."""
    if command.command_id is None or command.token is None:
        return None
    return f"{command.token[:16]}:{command.command_id}"


def actor_name(state: TableState, command: Command) -> str:
    """Who made the command, for the event (``seat:N``, ``bot:N``, ``server`` for the server's own: a seat's
    person away or back, a turn that ran out, the next deal; ``spectator``)."""
    if command.system:
        return "server"
    if command.bot_seat is not None:
        return f"bot:{command.bot_seat}"
    seat = state.seat_of(command.token)
    return "spectator" if seat is None else f"seat:{seat}"


@dataclass
class ActorFlags:
    """What a table's actor is in the middle of: its private bookkeeping, kept in one place (as ``Presence``
    keeps the grace periods)."""

    owner_wanted: bool = False
    """What the coordinator said last of owning the table (the actor's queue then makes it so)."""
    busy: bool = False
    """A request is being worked on."""
    stopped: bool = False
    """The actor was stopped: every request is answered ``busy``."""
    catch_up_queued: bool = False
    """A catch-up with the store waits in the queue (one sees every event before it runs)."""
    bot_pending: bool = False
    """From a bot's turn being scheduled until its move has been taken (or found moot)."""
    hinting: bool = False
    """A hint is being worked out for the table's person."""
    presence_sent: list[bool | None] | None = None
    """The last ``presence`` frame's ``connected`` list."""


def _weakly(method: Callable[[int, str], None]) -> Callable[[int, str], None]:
    """``method`` (of an actor) called through a weak reference: what holds the result does not keep the
    actor alive, so an unloaded actor is freed at once, not at the cyclic collector's next full pass."""
    ref = weakref.WeakMethod(method)

    def call(seat: int, token: str) -> None:
        bound = ref()
        if bound is not None:
            bound(seat, token)

    return call


class TableActor:
    """The only writer of one table in this process."""

    subscribers: set[Subscriber]
    """The connections watching the table here (they have joined)."""
    visitors: set[Subscriber]
    """Connections that have the actor but have not joined yet (the table is not unloaded under them)."""
    queue: asyncio.Queue[_Request]
    """The requests waiting for the actor's task, in order."""
    owner: bool
    """True while this process owns the table: it runs the bots and the grace periods of absent people."""
    last_active: float
    """When the table last had an event, a connection, or a request (``time.monotonic``)."""
    last_used: float
    """When the table last had a connection or a request in this process (``time.monotonic``)."""
    presence: Presence
    """The table's people connected here, and the grace periods of the others."""

    def __init__(
        self,
        state: TableState,
        store: Store,
        bots: BotRunner,
        config: TableConfig | None = None,
        coordinator: Coordinator | None = None,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> None:
        """The actor of the table ``state`` (folded from ``store``'s events), not started yet."""
        self.state, self.store, self.bots = state, store, bots
        self.config = TableConfig() if config is None else config
        self.coordinator: Coordinator = LocalCoordinator() if coordinator is None else coordinator
        self.clock = clock
        self.rng: random.Random = secrets.SystemRandom() if rng is None else rng
        self.subscribers, self.visitors = set(), set()
        self.queue = asyncio.Queue()
        self.owner = False
        self.last_active = self.last_used = time.monotonic()
        self.presence = Presence(state, self.subscribers, self.config, self.coordinator, _weakly(self._expired))
        self._flags = ActorFlags()
        self._task: asyncio.Task[None] | None = None
        self._bot_task: asyncio.Task[None] | None = None
        self._alarm: asyncio.TimerHandle | None = None
        """The table's next deadline (a turn running out, the next deal), while this process owns it."""
        state.pause = self.config.between_rounds

    @property
    def table_id(self) -> str:
        """The table's id."""
        return self.state.table_id

    def start(self, *, owner: bool = True) -> None:
        """Start the actor's task (as the table's owner: its timers and a bot's turn, if one is due)."""
        self.owner = self._flags.owner_wanted = owner
        self._task = asyncio.create_task(self._run(), name=f"table-{self.table_id}")
        if owner:
            self.presence.arm_absent()
            self._resume_turn_later()
        self._schedule_bot()
        self._arm_alarm()

    async def stop(self) -> None:
        """Stop the actor and any bot thinking for it; requests still waiting are answered ``busy``."""
        self._flags.stopped = True
        self.presence.cancel()
        self._disarm_alarm()
        tasks = [task for task in (self._bot_task, self._task) if task is not None]
        pending = set(tasks)
        while pending:  # cancelled again while one lives on: a library's wait_for may swallow a cancel (Python 3.11)
            for task in pending:
                task.cancel()
            _, pending = await asyncio.wait(pending, timeout=STOP_AGAIN)  # a stop itself cancelled stays cancelled
        await asyncio.gather(*tasks, return_exceptions=True)  # all done: their outcomes taken, none left unread
        self._bot_task = None  # a cancelled task's traceback holds this actor (see _run)
        while not self.queue.empty():
            request = self.queue.get_nowait()
            if not request.done.done():
                request.done.set_result(Reply(error=BUSY))

    # -- the outside ---------------------------------------------------------------------------------

    def _enqueue(self, work: Callable[[], Awaitable[Reply]]) -> asyncio.Future[Reply]:
        """Queue ``work`` for the actor's task: the future of its reply (``busy`` once stopped)."""
        done: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        if self._flags.stopped:
            done.set_result(Reply(error=BUSY))
        else:
            self.queue.put_nowait(_Request(work, done))
        return done

    async def submit(self, command: Command, reply_to: Subscriber | None = None) -> Reply:
        """Queue ``command`` and wait for its reply (``reply_to`` gets the ack or error first of all); the wait is
        the ack latency of the metrics."""
        began = time.perf_counter()
        reply = await self._enqueue(lambda: self._command(command, reply_to))
        metrics.ACKS.observe(time.perf_counter() - began)
        return reply

    async def hint(self, token_digest: str | None, command_id: str) -> Frame:
        """The ``hint`` frame for the asking person (the hard bot's choice on its turn), or ``CommandError``.

        Nothing at the table changes: the view is read now and the bot thinks in its worker pool. One hint at a
        time a table (another asked meanwhile is ``busy``): the person asking is alone with bots anyway."""
        view, at = hint_view(self.state, token_digest), self.state.seq
        if self._flags.hinting:
            raise CommandError("busy", "a hint is being worked out already: ask again in a moment")
        self._flags.hinting = True
        try:
            move = await self.bots.hint(HINT_LEVEL, view)
        finally:
            self._flags.hinting = False
        return hint_frame(command_id, at, move_to_wire(move))

    async def report(self, reporter: str, line: int) -> int:
        """Keep a report of the chat line of event ``line`` for the console (``reporter``: who reports it, a
        token hash or an address, once per line): the table's ``seq``. Nothing at the table changes."""
        found = self.state.chat_line(line)
        if found is None or found.seat is None or found.phrase is not None:  # a quick phrase has no words of its own
            raise CommandError("no-such-line", f"event {line} is not a chat line of words this table shows")
        by = self.state.seat_of(reporter)
        body = {"seat": found.seat, "name": self.state.seats[found.seat].name, "text": found.text, "by": by}
        try:
            added = await self.store.add_report(self.table_id, line, reporter, body)
        except StoreError as error:
            log.error("report not kept: %s", error, extra={"table": self.table_id, "seq": line})
            raise CommandError("busy", "the report could not be kept: try again") from None
        if not added:
            raise CommandError("already-reported", "you have reported this line already")
        log.info("chat line reported", extra={"table": self.table_id, "seq": line})
        return self.state.seq

    async def join(self, subscriber: Subscriber, last_seq: int | None) -> None:
        """Add a subscriber: it gets the events after ``last_seq`` for its seat, or a fresh snapshot."""
        reply = await self._enqueue(lambda: self._welcome(subscriber, last_seq))
        if reply.error is not None:
            subscriber.deliver(reply.error.to_frame(None))

    def visit(self, subscriber: Subscriber) -> None:
        """A connection has the actor and will join: the table stays live until it leaves."""
        self.visitors.add(subscriber)
        self.touch()

    def leave(self, subscriber: Subscriber) -> None:
        """Stop sending to a subscriber; a seated person's last connection gone starts the grace period."""
        self.subscribers.discard(subscriber)
        self.visitors.discard(subscriber)
        self.touch()
        token = subscriber.token
        seat = self.state.seat_of(token)
        if seat is not None:
            self.presence.arm(seat, token)
            self._tell_presence()
            self._check_ready()
        if token in self.presence.told and not self.presence.is_connected(token):
            self._enqueue(lambda: self._gone(token))

    async def refresh(self) -> None:
        """Catch up with the store now (what other processes committed a moment ago is folded in)."""
        await self._enqueue(self._queued_catch_up)

    def news(self, seq: int) -> None:
        """Another process committed the table's events up to ``seq``: catch up, if this one is behind."""
        if seq > self.state.seq:
            self.resync()

    def resync(self) -> None:
        """Queue a catch-up with the store (once: a queued one will see every event before it runs)."""
        if not self._flags.catch_up_queued and not self._flags.stopped:
            self._flags.catch_up_queued = True
            self._enqueue(self._queued_catch_up)

    def set_owner(self, owner: bool) -> None:
        """The coordinator says whether this process owns the table (now, or no longer)."""
        if owner != self._flags.owner_wanted:
            self._flags.owner_wanted = owner
            self._enqueue(self._promote if owner else self._demote)

    def touch(self) -> None:
        """The table is in use here now."""
        self.last_active = self.last_used = time.monotonic()

    def is_idle(self, now: float, *, chosen: bool = True) -> bool:
        """True when nobody is connected, nothing is waiting or running, and the table has been quiet for
        ``idle_unload`` seconds (``over_unload`` once its match is over); for a table not ``chosen`` for
        this process, when nobody here has used it for ``elsewhere_unload`` seconds, however busy it is."""
        if self.subscribers or self.visitors or self._flags.busy or self._flags.bot_pending or self.presence.timers:
            return False
        if not self.queue.empty():
            return False
        if not chosen:
            return now - self.last_used >= self.config.elsewhere_unload
        limit = self.config.over_unload if self.state.phase == OVER else self.config.idle_unload
        return now - self.last_active >= limit

    # -- owners --------------------------------------------------------------------------------------

    async def _promote(self) -> Reply:
        """This process owns the table now (a takeover): catch up, and run its bots and timers (even if
        catching up failed: a bot's move decided on an old state is decided again)."""
        self.owner = True
        try:
            await self._catch_up()
        finally:
            self.presence.arm_absent()
            self._resume_turn_later()
            self._arm_alarm()
            log.info("table owned", extra={"table": self.table_id, "seq": self.state.seq})
        return Reply(seq=self.state.seq)

    async def _demote(self) -> Reply:
        """Another process may own the table now: no bots or timers here."""
        self.owner = False
        self.presence.cancel()
        self._disarm_alarm()
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._flags.bot_pending = False
        log.warning("table no longer owned", extra={"table": self.table_id, "seq": self.state.seq})
        return Reply(seq=self.state.seq)

    # -- presence ------------------------------------------------------------------------------------

    def _expired(self, seat: int, token: str) -> None:
        """A grace period has ended with the person not connected here: a bot may stand in."""
        self._enqueue(lambda: self._stand_in(seat, token))

    async def _stand_in(self, seat: int, token: str) -> Reply:
        """A bot stands in for the person of ``seat``, unless they are connected here or to another process;
        when that cannot be known (the database is out of reach), the grace period starts again."""
        gone = await self.presence.is_gone(seat, token)
        if gone is None:
            self.presence.arm(seat, token)
        if not gone:
            return Reply(seq=self.state.seq)
        return await self._command(Command("away", {"seat": seat}, system=True), None)

    async def _back(self, seat: int) -> Reply:
        """The person of ``seat`` is connected again: end its grace period, or take the seat back from the bot."""
        self.presence.cancel(seat)
        if self.state.seats[seat].is_away():
            return await self._command(Command("back", {"seat": seat}, system=True), None)
        return Reply(seq=self.state.seq)

    # -- deadlines: a turn running out, the next deal ----------------------------------------------------

    def _arm_alarm(self) -> None:
        """Set the alarm for the table's next deadline (derived from its events, so a restart keeps it)."""
        self._disarm_alarm()
        if not self.owner or self._flags.stopped:
            return
        due = [d for d in (self.state.turn_deadline(), self.state.deal_deadline()) if d is not None]
        if due:
            delay = max(0.0, min(due) - self.clock())
            self._alarm = asyncio.get_running_loop().call_later(delay, lambda: self._enqueue(self._deadline))

    def _resume_turn_later(self) -> None:
        """Taking the table up (a start, a takeover) during a person's timed turn: queue starting it afresh."""
        if self.state.clock_seat() is not None:
            self._enqueue(self._resume_turn)

    async def _resume_turn(self) -> Reply:
        """Start afresh the timed turn of the person to move, as it stands now (docs/protocol.md, "The turn
        timer"): the time the table's process was down, or changing hands, is not theirs to lose."""
        seat = self.state.clock_seat()
        if not self.owner or seat is None:
            return Reply(seq=self.state.seq)
        return await self._command(Command("resume", {"seat": seat}, system=True, at_seq=self.state.seq), None)

    def _disarm_alarm(self) -> None:
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None

    async def _deadline(self) -> Reply:
        """A deadline may have come: deal the next round, or make the move of a seat whose time ran out."""
        now, state = self.clock(), self.state
        deal_at, turn_at = state.deal_deadline(), state.turn_deadline()
        if not self.owner:
            return Reply(seq=state.seq)
        if deal_at is not None and deal_at <= now:
            return await self._command(Command("deal", system=True), None)
        seat = state.clock_seat()
        if turn_at is not None and turn_at <= now and seat is not None:
            return await self._command(Command("timeout", {"seat": seat}, system=True, at_seq=state.seq), None)
        self._arm_alarm()
        return Reply(seq=state.seq)

    def _check_ready(self) -> None:
        """Deal the next round at once when every person connected has pressed Continue (bots never wait;
        with nobody connected the pause runs its course). People connected to another process are asked
        for through the coordinator, in the actor's queue."""
        state = self.state
        if not self.owner or state.between_since is None or not (state.ready or not state.people()):
            return
        if self._unready(self.presence.is_connected):
            return
        if self.coordinator.alone:
            self._enqueue(lambda: self._command(Command("deal", system=True), None))
        else:
            self._enqueue(self._deal_if_ready_elsewhere)

    def _unready(self, connected: Callable[[str], bool]) -> list[str]:
        """The token hashes of the seated people who have not pressed Continue and are ``connected``."""
        state = self.state
        return [
            seat.token
            for index, seat in enumerate(state.seats)
            if seat.token is not None and seat.is_person() and index not in state.ready and connected(seat.token)
        ]

    async def _deal_if_ready_elsewhere(self) -> Reply:
        """Deal the next round unless a person who has not pressed Continue is connected to another process."""
        state = self.state
        if not self.owner or state.between_since is None:
            return Reply(seq=state.seq)
        for token in self._unready(lambda token: not self.presence.is_connected(token)):
            if await self.coordinator.is_elsewhere(self.table_id, token) is not False:  # there, or unknown
                return Reply(seq=state.seq)  # its Continue (a ``ready`` event) or the pause's end deals
        if self._unready(self.presence.is_connected):
            return Reply(seq=state.seq)  # someone connected here meanwhile
        return await self._command(Command("deal", system=True), None)

    async def _gone(self, token: str) -> Reply:
        """Tell the coordinator that the person's last connection here has gone (unless another came)."""
        await self.presence.gone(token)
        return Reply(seq=self.state.seq)

    # -- the task ------------------------------------------------------------------------------------

    async def _run(self) -> None:
        """Answer the requests in order until ``stop`` cancels the task, which then ends without an exception:
        a cancelled task would keep the exception, whose traceback holds this actor's frames, and with it
        the actor itself (through ``_task``) until the cyclic collector's next full pass."""
        with contextlib.suppress(asyncio.CancelledError):
            await self._serve()

    async def _serve(self) -> None:
        while True:
            request = await self.queue.get()
            self._flags.busy = True
            try:
                reply = await request.work()
            except asyncio.CancelledError:
                if not request.done.done():
                    request.done.set_result(Reply(error=BUSY))
                raise
            except Exception as error:
                log.exception("table request failed", extra={"table": self.table_id, "seq": self.state.seq})
                reply = Reply(error=CommandError("busy", f"the table could not do that ({type(error).__name__})"))
            finally:
                self._flags.busy = False
            for subscriber in list(self.subscribers):  # the ack and the events' frames leave now, together
                subscriber.flush()
            if not request.done.done():
                request.done.set_result(reply)
            self._schedule_bot()

    async def _command(self, command: Command, reply_to: Subscriber | None) -> Reply:
        """Decide and commit ``command``, deciding again after catching up when another process wrote first."""
        if command.bot_seat is not None:
            self._flags.bot_pending = False
        for attempt in range(WRITE_ATTEMPTS):
            reply = await self._try_command(command, reply_to)
            if reply is not None:
                return reply
            if attempt:  # lost twice in a row: let the other process's queue drain a moment (jittered)
                await asyncio.sleep(self.rng.uniform(0, min(0.1, 0.002 * 2**attempt)))
            try:
                await self._catch_up()
            except StoreError as error:
                log.error("catching up failed: %s", error, extra={"table": self.table_id, "seq": self.state.seq})
                break
        else:
            log.error("commit refused: other processes kept writing first", extra={"table": self.table_id})
        return self._answer(Reply(error=BUSY), command, reply_to)

    async def _try_command(self, command: Command, reply_to: Subscriber | None) -> Reply | None:
        """The reply to ``command`` decided at the current state, or ``None`` when another process wrote first."""
        key = command_key(command)
        if key is not None and key in self.state.commands:
            try:
                last = await self._last_of_command(self.state.commands[key])
            except StoreError:
                return self._answer(Reply(error=BUSY), command, reply_to)
            return self._answer(Reply(seq=last, duplicate=True), command, reply_to)
        try:
            decision = decide(self.state, command, self.rng)
        except CommandError as error:
            return self._answer(Reply(error=error), command, reply_to)
        events = self._events(decision.payloads, command, key)
        ending = None
        if decision.places is not None and self.state.phase != OVER:
            ending = match_end(self.state, decision.places, events[-1].time, self.config.bot_ratings, decision.rounds)
        began = time.perf_counter()
        try:
            await self.store.append(events, phase=decision.phase_change(self.state.phase), ending=ending)
            metrics.COMMITS.observe(time.perf_counter() - began)
        except (SeqConflictError, DuplicateCommandError):
            return None
        except Exception as error:  # whatever failed, this command alone is refused, and answered
            log.error("commit refused: %s", error, extra={"table": self.table_id, "seq": events[0].seq})
            busy = CommandError("busy", "the table could not save that: try again")
            return self._answer(Reply(error=busy), command, reply_to)
        reply = self._answer(Reply(seq=events[-1].seq), command, reply_to)
        self._log(command, events)
        self._apply(events)
        return reply

    async def _last_of_command(self, first: int) -> int:
        """The ``seq`` of the last event of the command whose first event is ``first`` (what its ack said).

        A command's events are consecutive: the first carries its id, the others none, and all of them
        its actor and time (``_events``); the stored events say where it ended, also after a restart.
        """
        events = await self.store.load(self.table_id, first - 1, COMMAND_EVENTS_MAX)
        last = first
        for event in events[1:]:
            if event.command_id is not None or (event.actor, event.time) != (events[0].actor, events[0].time):
                break
            last = event.seq
        return last

    async def _queued_catch_up(self) -> Reply:
        self._flags.catch_up_queued = False
        await self._catch_up()
        return Reply(seq=self.state.seq)

    async def _catch_up(self) -> None:
        """Fold and broadcast the events other processes have committed since this one's ``seq``."""
        self._apply(await self.store.load(self.table_id, self.state.seq))

    def _apply(self, events: list[Event]) -> None:
        """Fold committed events into the state, broadcast each, and react to what they change here."""
        for event in events:
            self.state.fold(event)
            self._broadcast(event)
            self._after(event)
        if events:
            self.last_active = time.monotonic()
            self._arm_alarm()
            self._check_ready()

    def _after(self, event: Event) -> None:
        """What an event (of any process) asks of this one: the owner arms the grace periods of a match
        that starts; a person connected here, marked away elsewhere, takes the seat back at once; seats
        that change may change who is connected."""
        if event.kind in SEAT_EVENTS:
            self._tell_presence()
        if event.kind in ("started", "rematch") and self.owner:
            self.presence.arm_absent()
        elif event.kind in ("away", "back"):
            seat = int(event.payload["seat"])
            self.presence.cancel(seat)
            gone = event.payload.get("why", GONE) == GONE
            if event.kind == "away" and gone and self.presence.is_connected(self.state.seats[seat].token):
                self._enqueue(lambda: self._back(seat))

    def _events(self, payloads: Sequence[dict[str, Any]], command: Command, key: str | None) -> list[Event]:
        now, actor, seq = self.clock(), actor_name(self.state, command), self.state.seq
        return [
            Event(self.table_id, seq + i + 1, key if i == 0 else None, actor, now, payload)
            for i, payload in enumerate(payloads)
        ]

    @staticmethod
    def _answer(reply: Reply, command: Command, reply_to: Subscriber | None) -> Reply:
        if reply.error is not None:
            metrics.REFUSED[reply.error.code] += 1
        if reply_to is not None:
            reply_to.deliver(reply.to_frame(command.command_id))
        return reply

    def _log(self, command: Command, events: list[Event]) -> None:
        """One line per committed command: table, seqs, seat and kind, never a tile of a hand."""
        seat = command.bot_seat if command.bot_seat is not None else self.state.seat_of(command.token)
        extra = {"table": self.table_id, "seq": events[-1].seq, "seat": seat, "kind": command.kind}
        log.info("command committed", extra=extra)
        by = "server" if command.system else "bot" if command.bot_seat is not None else "person"
        metrics.committed(command.kind, by)

    def note_elsewhere(self, tokens: set[str]) -> None:
        """Which seated people (token hashes) are connected to another process now: told to everyone here
        when it changes who is connected."""
        self.presence.elsewhere = tokens
        self._tell_presence()
        self._schedule_bot()  # someone elsewhere follows the table now, maybe

    def _tell_presence(self, newcomer: Subscriber | None = None) -> None:
        """Send everyone a ``presence`` frame when who is connected has changed (and ``newcomer`` anyway)."""
        connected = self.presence.connected()
        if connected != self._flags.presence_sent:
            self._flags.presence_sent = connected
            for subscriber in list(self.subscribers):
                subscriber.deliver({"t": "presence", "connected": connected})
        elif newcomer is not None:
            newcomer.deliver({"t": "presence", "connected": connected})

    def _broadcast(self, event: Event) -> None:
        """Send each subscriber the frame of ``event`` for its seat (rendered once per seat)."""
        rendered: dict[int | None, Frame] = {}
        for subscriber in list(self.subscribers):
            seat = self.state.seat_of(subscriber.token)
            if seat not in rendered:
                rendered[seat] = frame_for(self.state, event, seat)
            subscriber.deliver(rendered[seat])

    # -- joining -------------------------------------------------------------------------------------

    async def _welcome(self, subscriber: Subscriber, last_seq: int | None) -> Reply:
        """Catch ``subscriber`` up from ``last_seq``, or send a snapshot when that is not possible."""
        if not self.coordinator.alone:  # another process may have written a moment ago; alone, the state is whole
            await self._catch_up()
        self.visitors.discard(subscriber)
        self.subscribers.add(subscriber)
        self.touch()
        seat = self.state.seat_of(subscriber.token)
        gap = self.state.seq - last_seq if last_seq is not None else -1
        if last_seq is None or last_seq <= 0 or not 0 <= gap <= self.config.catch_up_limit:
            subscriber.deliver(snapshot(self.state, seat))
        else:
            subscriber.deliver({"t": "welcome", "seq": self.state.seq, "you": seat, "from": last_seq})
            for frame in await self._missed(last_seq, seat) if gap else []:
                subscriber.deliver(frame)
        self._tell_presence(subscriber)
        if seat is not None and subscriber.token is not None:
            await self.presence.here(subscriber.token)
            await self._back(seat)
        self._schedule_bot()  # a table nobody followed plays on
        return Reply(seq=self.state.seq)

    async def _missed(self, last_seq: int, seat: int | None) -> list[Frame]:
        """The frames of the events after ``last_seq`` for ``seat``, by folding the stored events again (with
        the clocks as they stand now)."""
        shadow = TableState(self.table_id, pause=self.config.between_rounds)
        frames, now = [], time.time()
        for event in await self.store.load(self.table_id):
            if event.seq > self.state.seq:
                break
            shadow.fold(event)
            if event.seq > last_seq:
                frame = frame_for(shadow, event, seat, now)  # its clocks as of now, not of then
                frames.append(without_hidden(frame, self.state.hidden))  # a line hidden since: gone
        return frames

    # -- bots ----------------------------------------------------------------------------------------

    def attended(self) -> bool:
        """Someone follows the table: a connection here (a seated person's, or a watcher's), or a seated person
        connected to another process (as last asked)."""
        if self.subscribers:
            return True
        elsewhere = self.presence.elsewhere or set()
        return any(seat.token in elsewhere for seat in self.state.seats if seat.token is not None)

    def _schedule_bot(self) -> None:
        """Start the bot's turn when this process owns the table, a bot seat is to move and none is thinking,
        and someone follows the table: the bots of a table nobody follows wait for someone to come (a person who
        closed the page finds the match where they left it, and nobody's machine plays to an empty room)."""
        if self._flags.bot_pending or not self.owner or self._flags.stopped or self.state.closed or not self.attended():
            return
        rnd = self.state.round
        if self.state.phase != PLAYING or rnd is None or rnd.end is not None:
            return
        level = self.state.seats[rnd.turn].bot
        if level is not None:
            self._flags.bot_pending = True
            self._bot_task = asyncio.create_task(self._bot_turn(rnd.turn, level))

    def _bot_wait(self) -> float:
        """How long a bot waits before moving: the delay, spread over 75-125% of it.

        The bots of tables whose events were committed together (one group commit, a restart, a takeover)
        would otherwise all wake in the same turn of the event loop, and every person's command arriving
        then would wait behind them. Without a delay a bot still waits a timer of a microsecond, so that
        it moves after the clients' messages that arrived meanwhile, not before them.
        """
        delay = self.config.bot_delay
        return delay * (0.75 + 0.5 * self.rng.random()) if delay > 0 else BOT_YIELD

    async def _bot_turn(self, seat: int, level: str) -> None:
        """Wait the delay, let the bot choose from its view, and queue its move.

        Only the seat to move changes the round, so the round cannot change while its bot thinks; the move
        is checked again like any other when the actor takes it.
        """
        await asyncio.sleep(self._bot_wait())
        match, rnd = self.state.match, self.state.round
        if not self.owner or match is None or rnd is None or rnd.end is not None or rnd.turn != seat:
            self._flags.bot_pending = False
            return
        command = await self.bots.command(self.state, seat, level)
        self._enqueue(lambda: self._command(command, None))
