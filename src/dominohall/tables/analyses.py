"""Analyses of finished rounds for the site: computed in a worker process, kept in the store.

A request names a table, a match, a round and a seat. A kept result answers at once. Otherwise the round's
record (the finished rounds of the match, so no hidden hand of a round being played) goes to a worker
process that replays it and runs the analysis (``bots/analysis.py``), and the request is told to come back;
the result is kept in the store under ``<match>/<round>/<seat>`` so every later request, from any process,
is instant. At most ``limit`` analyses are in progress at once: a request beyond that is refused as busy.
The workers are their own pool, so an analysis never delays a hard bot's move.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import secrets
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from dominohall.games.records import replay

from ..bots.analysis import DEFAULT_SAMPLES, analyse_round, stand_in_moves
from .bots import watch_parent
from .errors import CommandError
from .ports import Store

log = logging.getLogger("dominohall.tables")

ANALYSES_AT_ONCE = 4
"""Analyses in progress (running or waiting for the worker) a process accepts at once."""


def analyse_record(record: dict[str, Any], index: int, seat: int, samples: int, seed: int) -> dict[str, Any]:
    """In a worker: the analysis of round ``index`` (0-based) of the record for ``seat``."""
    match, _ = replay(record)
    not_theirs = stand_in_moves(record, index)
    return analyse_round(match, index, seat, samples, random.Random(seed), not_theirs=not_theirs).to_dict()


@dataclass(frozen=True)
class Request:
    """One analysis asked for: a table's match (1-based), round (1-based) and seat (0-based)."""

    table_id: str
    match: int
    round: int
    seat: int

    @property
    def key(self) -> str:
        """The key of the result in the store."""
        return f"{self.match}/{self.round}/{self.seat}"


class Analyses:
    """The process's analyses: kept results, the ones in progress, and the worker pool."""

    def __init__(self, store: Store, limit: int = ANALYSES_AT_ONCE, samples: int = DEFAULT_SAMPLES) -> None:
        self.store = store
        self.limit = limit
        self.samples = samples
        self._running: dict[Request, asyncio.Task[None]] = {}
        self._pool: ProcessPoolExecutor | None = None

    async def result(self, request: Request, record: dict[str, Any]) -> dict[str, Any] | None:
        """The analysis when it is ready; ``None`` while it is computed (started now if need be).

        ``record`` is the match's record. Raises ``CommandError``: ``not-finished`` for a round that has not
        ended, ``no-seat`` for a seat the table does not have, ``busy`` when too many are in progress.
        """
        _check(request, record)
        kept = await self.store.load_analysis(request.table_id, request.key)
        if kept is not None:
            return kept
        if request not in self._running:
            if len(self._running) >= self.limit:
                raise CommandError("busy", "the analysts are busy: try again in a minute")
            task = asyncio.create_task(self._compute(request, record))
            self._running[request] = task
            task.add_done_callback(lambda _: self._running.pop(request, None))
        return None

    async def _compute(self, request: Request, record: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        seed = secrets.randbits(64)
        args = (record, request.round - 1, request.seat, self.samples, seed)
        try:
            body = await loop.run_in_executor(self._executor(), analyse_record, *args)
            await self.store.save_analysis(request.table_id, request.key, body)
        except Exception:
            log.exception("analysis failed", extra={"table": request.table_id})

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=watch_parent, initargs=(os.getpid(),)
            )
        return self._pool

    async def close(self) -> None:
        """Stop the analyses in progress and the worker."""
        for task in list(self._running.values()):
            task.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:  # waited for in a thread, as the bots' pool (tables/bots.py)
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _check(request: Request, record: dict[str, Any]) -> None:
    rounds = record["rounds"]
    if not 1 <= request.round <= len(rounds) or rounds[request.round - 1].get("end") is None:
        raise CommandError("not-finished", f"round {request.round} of this match has not been played to its end")
    if not 0 <= request.seat < len(record["seats"]):
        raise CommandError("no-such-seat", f"this table has no seat {request.seat}")
