"""Thousands of seeded random matches over every player count and setting, each record verified."""

from __future__ import annotations

import itertools
import random

import pytest

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.records import SeatInfo, export_record, verify

MATCHES_PER_PLAYER_COUNT = 300  # 3,300 matches in all
SETTINGS = list(itertools.product(["one", "one", "half", "full"], [6, 4], [50, 25]))


@pytest.mark.parametrize("players", range(2, 13))
def test_random_matches_end_legally(players: int) -> None:
    """Each match ends with the right number of rounds and winners, and its record verifies."""
    ends: set[str | None] = set()
    for index in range(MATCHES_PER_PLAYER_COUNT):
        length, toes, blank = SETTINGS[index % len(SETTINGS)]
        options = ChickenFootOptions.for_table(players, length=length, start_toes=toes, blank_double=blank)
        bots = [RandomBot() for _ in range(players)]
        match = play_match(options, bots, random.Random(f"d{players}:{index}"), random.Random(f"b{players}:{index}"))
        assert len(match.rounds) == options.round_count()
        totals = match.totals()
        assert match.winners() == [s for s, total in enumerate(totals) if total == min(totals)]
        record = export_record(match, [SeatInfo(f"P{s}") for s in range(players)])
        assert verify(record) == []
        ends.update(r.end for r in match.rounds)
    assert ends == {"domino", "blocked"}


@pytest.mark.parametrize("limit", [60, 200])
def test_matches_to_a_limit_stop_after_the_round_that_passes_it(limit: int) -> None:
    """With a limit the match ends exactly after the first round where some total goes above it."""
    for index in range(40):
        options = ChickenFootOptions.for_table(2 + index % 7, limit=limit)
        bots = [RandomBot() for _ in range(options.players)]
        match = play_match(options, bots, random.Random(index), random.Random(-index))
        running = [0] * options.players
        for number, rnd in enumerate(match.rounds, 1):
            running = [a + b for a, b in zip(running, rnd.penalties(), strict=True)]
            assert (max(running) > limit) == (number == len(match.rounds))
        assert verify(export_record(match, [SeatInfo("x")] * options.players)) == []
