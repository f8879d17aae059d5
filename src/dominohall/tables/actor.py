"""One table's actor: the single asyncio task that changes the table, one request at a time.

A command is decided, its events are committed to the store, and only then is it acknowledged, folded
into the state and broadcast (each subscriber receiving the frame for its own seat). A refused command
answers an error and changes nothing. Bots move through the same queue, after a configurable delay.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine.views import round_view
from .bots import BotRunner
from .commands import Command, decide
from .errors import CommandError
from .frames import frame_for, name_of, snapshot
from .ports import Event, Store, StoreError
from .state import PLAYING, TableState

log = logging.getLogger("dominohall.tables")

Frame = dict[str, Any]


class Subscriber(Protocol):
    """A connection watching a table: it is known by its token hash and receives frames without waiting."""

    token: str | None

    def deliver(self, frame: Frame) -> None:
        """Queue ``frame`` for sending (a connection that cannot keep up drops itself, never the table)."""
        ...


@dataclass
class TableConfig:
    """How tables behave: the bots' delay, how far back a reconnect may catch up, the grace period."""

    bot_delay: float = 0.8
    catch_up_limit: int = 200
    grace: float = 60.0
    """Seconds a seated person may be gone during a match before a bot stands in (until they return)."""


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


@dataclass
class _Request:
    command: Command | None
    reply_to: Subscriber | None
    done: asyncio.Future[Reply]
    last_seq: int | None = None


def command_key(command: Command) -> str | None:
    """The key a client's command id is kept under: scoped to the sender, so two clients never collide."""
    if command.command_id is None or command.token is None:
        return None
    return f"{command.token[:16]}:{command.command_id}"


def actor_name(state: TableState, command: Command) -> str:
    """Who made the command, for the event (``seat:N``, ``bot:N``, ``spectator``)."""
    if command.bot_seat is not None:
        return f"bot:{command.bot_seat}"
    seat = state.seat_of(command.token)
    return "spectator" if seat is None else f"seat:{seat}"


@dataclass
class TableActor:
    """The only writer of one table."""

    state: TableState
    store: Store
    bots: BotRunner
    config: TableConfig = field(default_factory=TableConfig)
    clock: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=secrets.SystemRandom)
    subscribers: set[Subscriber] = field(default_factory=set)
    queue: asyncio.Queue[_Request] = field(default_factory=asyncio.Queue)
    _task: asyncio.Task[None] | None = None
    _bot_task: asyncio.Task[None] | None = None
    _bot_pending: bool = False
    """True from a bot's turn being scheduled until its move has been taken (or found moot)."""
    _away_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    """Per seat, the end of the grace period of its gone person."""

    @property
    def table_id(self) -> str:
        """The table's id."""
        return self.state.table_id

    def start(self) -> None:
        """Start the actor's task (and a bot's turn, if one is due)."""
        self._task = asyncio.create_task(self._run(), name=f"table-{self.table_id}")
        self._arm_absent()
        self._schedule_bot()

    async def stop(self) -> None:
        """Stop the actor and any bot thinking for it."""
        for timer in self._away_timers.values():
            timer.cancel()
        for task in (self._bot_task, self._task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # -- the outside ---------------------------------------------------------------------------------

    async def submit(self, command: Command, reply_to: Subscriber | None = None) -> Reply:
        """Queue ``command`` and wait for its reply (``reply_to`` gets the ack or error first of all)."""
        request = _Request(command, reply_to, asyncio.get_running_loop().create_future())
        await self.queue.put(request)
        return await request.done

    async def join(self, subscriber: Subscriber, last_seq: int | None) -> None:
        """Add a subscriber: it gets the events after ``last_seq`` for its seat, or a fresh snapshot."""
        request = _Request(None, subscriber, asyncio.get_running_loop().create_future(), last_seq)
        await self.queue.put(request)
        await request.done

    def leave(self, subscriber: Subscriber) -> None:
        """Stop sending to a subscriber; a seated person's last connection gone starts the grace period."""
        self.subscribers.discard(subscriber)
        seat = self.state.seat_of(subscriber.token)
        if seat is not None:
            self._arm(seat, subscriber.token)

    # -- presence ------------------------------------------------------------------------------------

    def _is_connected(self, token: str | None) -> bool:
        return token is not None and any(s.token == token for s in self.subscribers)

    def _arm(self, seat: int, token: str | None) -> None:
        """Start the grace period of ``seat`` if its person is playing a match and not connected."""
        person = self.state.seats[seat]
        if self.state.phase != PLAYING or person.is_away() or self._is_connected(token) or seat in self._away_timers:
            return
        loop = asyncio.get_running_loop()
        self._away_timers[seat] = loop.call_later(self.config.grace, self._away, seat, token)

    def _arm_absent(self) -> None:
        """Start the grace period of every seated person with no connection (at the start, or on rebuild)."""
        for seat, person in enumerate(self.state.seats):
            if person.token is not None and person.bot is None:
                self._arm(seat, person.token)

    def _away(self, seat: int, token: str | None) -> None:
        """The grace period is over: unless the person came back, a bot stands in."""
        self._away_timers.pop(seat, None)
        if self._is_connected(token) or self.state.seat_of(token) != seat:
            return
        command = Command("away", {"seat": seat}, system=True)
        self.queue.put_nowait(_Request(command, None, asyncio.get_running_loop().create_future()))

    async def _back(self, seat: int) -> None:
        """The person of ``seat`` is connected again: end its grace period, or take the seat back from the bot."""
        timer = self._away_timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if self.state.seats[seat].is_away():
            await self._command(Command("back", {"seat": seat}, system=True), None)

    # -- the task ------------------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            request = await self.queue.get()
            try:
                reply = await self._handle(request)
            except Exception as error:
                log.exception("table request failed", extra={"table": self.table_id, "seq": self.state.seq})
                reply = Reply(error=CommandError("busy", f"the table could not do that ({type(error).__name__})"))
            if not request.done.done():
                request.done.set_result(reply)
            self._schedule_bot()

    async def _handle(self, request: _Request) -> Reply:
        if request.command is None:
            assert request.reply_to is not None
            await self._welcome(request.reply_to, request.last_seq)
            return Reply(seq=self.state.seq)
        return await self._command(request.command, request.reply_to)

    async def _command(self, command: Command, reply_to: Subscriber | None) -> Reply:
        if command.bot_seat is not None:
            self._bot_pending = False
        key = command_key(command)
        if key is not None and key in self.state.commands:
            return self._answer(Reply(seq=self.state.commands[key], duplicate=True), command, reply_to)
        try:
            payloads = decide(self.state, command, self.rng)
        except CommandError as error:
            return self._answer(Reply(error=error), command, reply_to)
        events = self._events(payloads, command, key)
        finished = True if any(p.get("match_over") for p in payloads) else None
        if command.kind == "rematch":
            finished = False
        try:
            await self.store.append(events, finished=finished)
        except StoreError as error:
            log.error("commit refused: %s", error, extra={"table": self.table_id, "seq": events[0].seq})
            busy = CommandError("busy", "the table could not save that: try again")
            return self._answer(Reply(error=busy), command, reply_to)
        reply = self._answer(Reply(seq=events[-1].seq), command, reply_to)
        self._log(command, events)
        for event in events:
            self.state.fold(event)
            self._broadcast(event)
        if command.kind in ("start", "rematch"):
            self._arm_absent()
        return reply

    def _events(self, payloads: list[dict[str, Any]], command: Command, key: str | None) -> list[Event]:
        now, actor, seq = self.clock(), actor_name(self.state, command), self.state.seq
        return [
            Event(self.table_id, seq + i + 1, key if i == 0 else None, actor, now, payload)
            for i, payload in enumerate(payloads)
        ]

    @staticmethod
    def _answer(reply: Reply, command: Command, reply_to: Subscriber | None) -> Reply:
        if reply_to is not None:
            reply_to.deliver(reply.to_frame(command.command_id))
        return reply

    def _log(self, command: Command, events: list[Event]) -> None:
        """One line per committed command: table, seqs, seat and kind, never a tile of a hand."""
        seat = command.bot_seat if command.bot_seat is not None else self.state.seat_of(command.token)
        extra = {"table": self.table_id, "seq": events[-1].seq, "seat": seat, "kind": command.kind}
        log.info("command committed", extra=extra)

    def _broadcast(self, event: Event) -> None:
        """Send each subscriber the frame of ``event`` for its seat (rendered once per seat)."""
        rendered: dict[int | None, Frame] = {}
        for subscriber in list(self.subscribers):
            seat = self.state.seat_of(subscriber.token)
            if seat not in rendered:
                rendered[seat] = frame_for(self.state, event, seat)
            subscriber.deliver(rendered[seat])

    # -- joining -------------------------------------------------------------------------------------

    async def _welcome(self, subscriber: Subscriber, last_seq: int | None) -> None:
        """Catch ``subscriber`` up from ``last_seq``, or send a snapshot when that is not possible."""
        self.subscribers.add(subscriber)
        seat = self.state.seat_of(subscriber.token)
        gap = self.state.seq - last_seq if last_seq is not None else -1
        if last_seq is None or last_seq <= 0 or not 0 <= gap <= self.config.catch_up_limit:
            subscriber.deliver(snapshot(self.state, seat))
        else:
            subscriber.deliver({"t": "welcome", "seq": self.state.seq, "you": seat, "from": last_seq})
            for frame in await self._missed(last_seq, seat) if gap else []:
                subscriber.deliver(frame)
        if seat is not None:
            await self._back(seat)

    async def _missed(self, last_seq: int, seat: int | None) -> list[Frame]:
        """The frames of the events after ``last_seq`` for ``seat``, by folding the stored events again."""
        shadow = TableState(self.table_id)
        frames = []
        for event in await self.store.load(self.table_id):
            if event.seq > self.state.seq:
                break
            shadow.fold(event)
            if event.seq > last_seq:
                frames.append(frame_for(shadow, event, seat))
        return frames

    # -- bots ----------------------------------------------------------------------------------------

    def _schedule_bot(self) -> None:
        """Start the bot's turn when a bot seat is to move and none is thinking."""
        if self._bot_pending:
            return
        rnd = self.state.round
        if self.state.phase != PLAYING or rnd is None or rnd.end is not None:
            return
        level = self.state.seats[rnd.turn].bot
        if level is not None:
            self._bot_pending = True
            self._bot_task = asyncio.create_task(self._bot_turn(rnd.turn, level))

    async def _bot_turn(self, seat: int, level: str) -> None:
        """Wait the delay, let the bot choose from its view, and queue its move.

        Only the seat to move changes the round, so the round cannot change while its bot thinks; the move
        is checked again like any other when the actor takes it.
        """
        await asyncio.sleep(self.config.bot_delay)
        match, rnd = self.state.match, self.state.round
        if match is None or rnd is None or rnd.end is not None or rnd.turn != seat:
            self._bot_pending = False
            return
        view = round_view(rnd, seat, len(match.rounds) - 1, self.state.totals())
        try:
            move = await self.bots.choose(level, view)
        except Exception:
            log.exception("bot failed; it makes its first legal move", extra={"table": self.table_id, "seat": seat})
            move = view.legal_moves[0]
        args = {"tile": name_of(move.tile), "on": name_of(move.on)} if move.is_play() else {}
        command = Command(move.kind, args, bot_seat=seat)
        await self.queue.put(_Request(command, None, asyncio.get_running_loop().create_future()))
