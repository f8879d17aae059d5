"""The hard bot thinks in a worker process: its move is legal and the event loop keeps ticking meanwhile."""

from __future__ import annotations

import asyncio
import itertools
import random
import time

from dominohall.engine.games import new_match, round_view
from dominohall.engine.options import ChickenFootOptions
from dominohall.tables.bots import BotRunner


def test_the_hard_bot_does_not_block_the_event_loop() -> None:
    match = new_match(ChickenFootOptions.for_table(4))
    rnd = match.deal_next(random.Random(5))
    while len({m.tile for m in rnd.legal_moves()}) < 2 or rnd.is_first_foot():
        rnd.apply(rnd.legal_moves()[0])
    view = round_view(rnd, rnd.turn)

    async def work() -> tuple[float, bool]:
        runner = BotRunner(workers=1)
        try:
            await runner.choose("hard", view)  # the pool starts on first use
            ticks: list[float] = []

            async def tick() -> None:
                while True:
                    ticks.append(time.perf_counter())
                    await asyncio.sleep(0.005)

            ticker = asyncio.create_task(tick())
            move = await runner.choose("hard", view)
            ticker.cancel()
            gaps = [b - a for a, b in itertools.pairwise(ticks)]
            return max(gaps), move in view.legal_moves
        finally:
            runner.close()

    longest_gap, legal = asyncio.run(work())
    assert legal
    assert longest_gap < 0.1, f"the loop stalled {longest_gap * 1000:.0f} ms while the hard bot thought"
