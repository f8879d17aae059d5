"""Bots' moves for the tables, without blocking the event loop.

The easy and medium bots decide in well under a millisecond, so they run inline. The hard bot searches
for about 200 ms of CPU and the expert for about a second: they run in a bounded ``ProcessPoolExecutor``
(not a thread: a thread would hold the GIL against the event loop for the whole search, so every table
on the process would stall). The pool starts on first use with the ``spawn`` method, so no worker
inherits the server's sockets, threads or database connection; a view is a small frozen value and
pickles cheaply."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from dominohall.games import View, round_view

from ..bots import Bot, make_bot
from ..engine.moves import Move
from . import metrics
from .commands import Command
from .errors import CommandError
from .frames import play_args
from .state import TableState

log = logging.getLogger("dominohall.tables")

POOLED_LEVELS = frozenset({"hard", "expert"})
"""The bot levels that think long enough to need a worker process."""
BUSY_STEPS = (("expert", 1, "hard"), ("hard", 6, "medium"))
"""How a searching bot gives way when the pool is busy, step after step: (level, decisions in the pool per
worker, the level it plays at instead). With a decision already in the pool for every worker, an expert thinks
for the hard bot's time; with six (about a second's wait), a hard bot or an expert plays as the medium bot, at
once and inline: tables of searching bots, however many, never keep every table waiting long."""


@functools.cache
def bot_of(level: str) -> Bot:
    """The one bot of ``level`` of this process: bots keep nothing between moves, so one serves every seat."""
    return make_bot(level)


PARENT_CHECK = 1.0
"""Seconds between a worker's checks that the server that started it is still alive."""


def watch_parent(parent: int) -> None:
    """In a worker: end this process once its server is gone (killed, even by ``kill -9``, the server cannot
    stop its workers itself; an orphan is adopted by another process, so its parent id changes)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def choose_move(level: str, view: View, seed: int) -> Move:
    """The move a bot of ``level`` picks from ``view`` (runs in a worker for the pooled levels)."""
    return bot_of(level).choose(view, random.Random(seed))


class BotRunner:
    """Asks bots for moves: inline for the quick levels, in a bounded process pool for the searching ones."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, (os.cpu_count() or 2) - 1)
        self.pooled = 0
        """Decisions in the pool now, waiting or being made."""
        self.stepped_down: Counter[tuple[str, str]] = Counter()
        """How many decisions each level made at a lower one, the pool being busy (level, level played)."""
        self.hints = 0
        """Hints being worked out now: at most ``max(2, workers)``, so that people asking for hints (however
        many, at however many tables) never keep the bots of every table waiting in the pool's queue."""
        self._pool: ProcessPoolExecutor | None = None
        self._rng = random.Random(secrets.randbits(64))
        """The inline bots' randomness (seeded from the system's; a bot's choices decide nothing hidden)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=watch_parent, initargs=(os.getpid(),)
            )
        return self._pool

    def level_now(self, level: str) -> str:
        """The level a bot of ``level`` plays this decision at: its own, or lower while the pool is busy
        (``BUSY_STEPS``)."""
        played = level
        for step, per_worker, lower in BUSY_STEPS:
            if played == step and self.pooled >= per_worker * self.workers:
                played = lower
        if played != level:
            self.stepped_down[level, played] += 1
            times = self.stepped_down[level, played]
            if times == 1 or times % 100 == 0:  # told, not at every move of a busy hour
                log.info("the bots' pool is busy: %s played as %s (%d so far)", level, played, times)
        return played

    async def choose(self, level: str, view: View) -> Move:
        """A legal move of ``view`` for a bot of ``level`` (played at a lower level while the pool is busy)."""
        level = self.level_now(level) if level in POOLED_LEVELS else level
        began = time.perf_counter()
        if level not in POOLED_LEVELS:
            move = bot_of(level).choose(view, self._rng)
            metrics.DECISIONS.observe(level, time.perf_counter() - began)
            return move
        loop = asyncio.get_running_loop()
        self.pooled += 1
        try:
            move = await loop.run_in_executor(self._executor(), choose_move, level, view, secrets.randbits(64))
        finally:
            self.pooled -= 1
        metrics.DECISIONS.observe(level, time.perf_counter() - began)  # the wait for a worker included
        return move

    async def hint(self, level: str, view: View) -> Move:
        """The move a bot of ``level`` would make from ``view``, for a person who asked: ``CommandError``
        ``busy`` when as many hints as the cap are being worked out already."""
        if self.hints >= max(2, self.workers):
            raise CommandError("busy", "the hints are all busy: ask again in a moment")
        self.hints += 1
        try:
            return await self.choose(level, view)
        finally:
            self.hints -= 1

    async def command(self, state: TableState, seat: int, level: str) -> Command:
        """The move the bot of ``level`` in ``seat`` makes at ``state`` (whose round is ``seat``'s to play),
        as the command the actor takes; a bot that fails makes its first legal move."""
        assert state.match is not None and state.round is not None
        view = round_view(state.round, seat, len(state.match.rounds) - 1, state.totals())
        try:
            move = await self.choose(level, view)
        except Exception:
            log.exception("bot failed; it makes its first legal move", extra={"table": state.table_id, "seat": seat})
            move = view.legal_moves[0]
        args = play_args(move) if move.is_play() else {}
        return Command(move.kind, args, bot_seat=seat)

    async def close(self) -> None:
        """Stop the worker processes and wait for them to end (in a thread: the loop runs on meanwhile), so
        nothing of theirs is left behind when the server exits."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
            log.info("the bots' worker processes have stopped")
