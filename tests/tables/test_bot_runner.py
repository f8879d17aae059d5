"""The searching bots think in a worker process: their moves are legal and the event loop keeps ticking meanwhile."""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from collections import Counter

from dominohall.bots import BOT_LEVELS, make_bot
from dominohall.bots.hard import HardBot
from dominohall.games import new_match, round_view
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.tables.bots import POOLED_LEVELS, BotRunner


def test_every_searching_level_runs_in_the_pool() -> None:
    """The expert searches like the hard bot, five times longer: both run in the pool, never inline."""
    searching = {level for level in BOT_LEVELS if isinstance(make_bot(level), HardBot)}
    assert searching == {"hard", "expert"} and searching <= POOLED_LEVELS


def test_the_hard_bot_does_not_block_the_event_loop() -> None:
    match = new_match(ChickenFootOptions.for_table(4))
    rnd = match.deal_next(random.Random(5))
    while len({m.tile for m in rnd.legal_moves()}) < 2 or rnd.is_first_foot():
        rnd.apply(rnd.legal_moves()[0])
    view = round_view(rnd, rnd.turn)

    async def work() -> tuple[float, float, bool]:
        runner = BotRunner(workers=1)
        try:
            await runner.choose("hard", view)  # the pool starts on first use
            ticks: list[float] = []

            async def tick() -> None:
                while True:
                    ticks.append(time.perf_counter())
                    await asyncio.sleep(0.005)

            ticker = asyncio.create_task(tick())
            began = time.perf_counter()
            move = await runner.choose("hard", view)
            thought = time.perf_counter() - began
            ticker.cancel()
            gaps = [b - a for a, b in itertools.pairwise(ticks)]
            return max(gaps), thought, move in view.legal_moves
        finally:
            await runner.close()

    longest_gap, thought, legal = asyncio.run(work())
    assert legal
    # on the loop, the bot would stall it for the whole decision (about 200 ms); in the pool the loop ticks
    # on every 5 ms, or a few times slower on a busy machine: the bound grows with the decision's wall time
    assert longest_gap < max(thought / 3, 0.1), f"the loop stalled {longest_gap * 1000:.0f} ms of {thought * 1000:.0f}"


def test_a_busy_pool_makes_the_searching_bots_give_way_and_they_come_back_when_it_empties() -> None:
    """Eight expert decisions at once on one worker: the first thinks as the expert, the next five as the hard
    bot (a decision waits for the worker already), the last two as the medium bot, inline (six wait); every
    move is legal, and once the pool is empty an expert is an expert again."""
    told: list[str] = []
    handler = logging.Handler(logging.INFO)
    handler.emit = lambda record: told.append(record.getMessage())  # type: ignore[method-assign]
    logger = logging.getLogger("dominohall.tables")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    match = new_match(ChickenFootOptions.for_table(4))
    rnd = match.deal_next(random.Random(5))
    while len({m.tile for m in rnd.legal_moves()}) < 2 or rnd.is_first_foot():
        rnd.apply(rnd.legal_moves()[0])
    view = round_view(rnd, rnd.turn)

    async def work() -> tuple[list[bool], Counter[tuple[str, str]], int, str]:
        runner = BotRunner(workers=1)
        try:
            moves = await asyncio.gather(*(runner.choose("expert", view) for _ in range(8)))
            stepped, pooled = Counter(runner.stepped_down), runner.pooled
            return [move in view.legal_moves for move in moves], stepped, pooled, runner.level_now("expert")
        finally:
            await runner.close()

    try:
        legal, stepped, pooled, after = asyncio.run(work())
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert legal == [True] * 8
    assert stepped == {("expert", "hard"): 5, ("expert", "medium"): 2}
    assert pooled == 0 and after == "expert"
    said = [message for message in told if "pool is busy" in message]
    assert said == [  # the first step down of each kind is told, not every one
        "the bots' pool is busy: expert played as hard (1 so far)",
        "the bots' pool is busy: expert played as medium (1 so far)",
    ]
