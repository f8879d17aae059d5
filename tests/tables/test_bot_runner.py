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

    async def decide(runner: BotRunner) -> tuple[float, float, bool]:
        """The longest gap between the loop's 5 ms ticks while the hard bot decides, the decision's wall
        time, and whether its move is legal."""
        ticks: list[float] = []

        async def tick() -> None:
            while True:
                ticks.append(time.perf_counter())
                await asyncio.sleep(0.005)

        ticker = asyncio.create_task(tick())
        await asyncio.sleep(0)  # the ticker has ticked once before the decision starts
        began = time.perf_counter()
        move = await runner.choose("hard", view)
        ended = time.perf_counter()
        ticker.cancel()
        # the decision's end closes the last gap: a quick decision still gives at least one gap
        gaps = [b - a for a, b in itertools.pairwise([*ticks, ended])]
        return max(gaps), ended - began, move in view.legal_moves

    async def work() -> list[tuple[float, float, bool]]:
        runner = BotRunner(workers=1)
        try:
            await runner.choose("hard", view)  # the pool starts on first use
            return [await decide(runner) for _ in range(3)]
        finally:
            await runner.close()

    decisions = asyncio.run(work())
    assert all(legal for _, _, legal in decisions)
    # on the loop, the bot stalls it for its whole decision (45-400 ms here): the loop's longest gap is the
    # decision itself, every time; in the pool the loop ticks on every 5 ms, or a few times slower on a busy
    # machine. One of three decisions is enough: a machine busy with other tests may starve this process for
    # a whole decision now and then, a bot on the loop stalls all three.
    stalls = [f"{gap * 1000:.0f} ms of {thought * 1000:.0f}" for gap, thought, _ in decisions]
    assert any(gap < thought / 2 for gap, thought, _ in decisions), f"the loop stalled {stalls}"


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
