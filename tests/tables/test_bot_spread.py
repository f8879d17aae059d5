"""Bots of tables whose events were committed together do not all move in the same turn of the event loop."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dominohall.tables.commands import Command, NewTable
from dominohall.tables.state import token_hash

from .helpers import Inbox, close_hall, open_hall, until

HOST_AND_BOTS: list[str | None] = [None, "easy", "easy", "easy"]


def test_the_bots_of_tables_started_together_move_spread_over_their_delay(tmp_path: Path) -> None:
    async def work() -> list[float]:
        hall = await open_hall(tmp_path / "db")
        hall.config.bot_delay = 0.4
        try:
            made = [await hall.create(NewTable("chickenfoot", {}, HOST_AND_BOTS, "Ann"), 1.0) for _ in range(16)]
            actors = [hall.actors[table_id] for table_id, _ in made]
            for actor in actors:  # bots move while someone follows the table
                await actor.join(Inbox.for_token(None), None)
            replies = await asyncio.gather(  # one group commit: every table's bots become due together
                *(
                    actor.submit(Command("start", token=token_hash(token)))
                    for actor, (_, token) in zip(actors, made, strict=True)
                )
            )
            assert all(reply.error is None for reply in replies)
            led = [actor for actor in actors if actor.state.round is not None and actor.state.round.turn != 0]
            assert len(led) >= 4, "a bot leads at most tables (the host leads a quarter of them)"
            started = [actor.state.seq for actor in led]
            await until(
                lambda: all(a.state.seq > s for a, s in zip(led, started, strict=True)), what="every bot's first move"
            )
            waits = []
            for actor, seq in zip(led, started, strict=True):
                dealt, first_move = (await hall.store.load(actor.table_id, seq - 1))[:2]
                waits.append(first_move.time - dealt.time)
            return waits
        finally:
            await close_hall(hall)

    waits = asyncio.run(work())
    assert min(waits) >= 0.3, "a bot waits 75% of its delay at least"
    assert max(waits) - min(waits) > 0.05, f"the first bot moves came within {max(waits) - min(waits):.3f} s"
