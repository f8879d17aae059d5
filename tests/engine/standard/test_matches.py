"""Seeded random matches of the standard game for every mode x players x partners, and golden records.

Run with ``REGENERATE_GOLDEN=1`` to rewrite the golden records after an intended change to dealing or to
the random bot.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.games import AnyRound
from dominohall.games.records import SeatInfo, dumps, export_record, replay, verify
from dominohall.games.standard.rules.options import MODES, StandardOptions
from dominohall.games.standard.rules.round import StandardRound

GOLDEN = Path(__file__).parents[1] / "golden"
TABLES = [(2, False), (3, False), (4, False), (4, True)]
MATCHES = 40


@pytest.mark.parametrize(("players", "partners"), TABLES, ids=str)
@pytest.mark.parametrize("mode", MODES)
def test_random_matches_end_legally(mode: str, players: int, partners: bool) -> None:
    """Each match ends when the rules say, its winners follow the totals or the hand, its record verifies."""
    ends: set[str | None] = set()
    for index in range(MATCHES):
        top = (6, 9, 12)[index % 3]
        target = None if index % 5 == 4 else StandardOptions.for_table(mode=mode).target
        options = StandardOptions.for_table(players, top=top, mode=mode, partners=partners, target=target)
        bots = [RandomBot() for _ in range(players)]
        seed = f"{mode}:{players}:{partners}:{index}"
        match = play_match(options, bots, random.Random(f"d{seed}"), random.Random(f"b{seed}"))
        check_match_shape(options, match.rounds, match.totals(), match.winners())
        assert verify(export_record(match, [SeatInfo(f"P{s}") for s in range(players)])) == []
        ends.update(r.end for r in match.rounds)
    assert "domino" in ends


def check_match_shape(
    options: StandardOptions, rounds: list[StandardRound], totals: list[int], winners: list[int]
) -> None:
    """The match stopped after the right hand, and its winners are the ones the rules name."""
    running = [0] * options.sides()
    for number, rnd in enumerate(rounds, 1):
        running = [a + b for a, b in zip(running, rnd.scores(), strict=True)]
        reached = options.target is None or max(running) >= options.target
        assert reached == (number == len(rounds))
    assert running == totals
    if options.target is None:
        side, _ = rounds[-1].winner()
        assert winners == (list(range(options.players)) if side is None else options.seats_of(side))
    else:
        assert winners == options.highest_totals(totals)


CASES: dict[str, dict[str, Any]] = {
    "std-2p-draw": {"players": 2},
    "std-3p-block": {"players": 3, "mode": "block"},
    "std-4p-block-partners": {"players": 4, "mode": "block", "partners": True},
    "std-2p-allfives-150": {"players": 2, "mode": "allfives"},
    "std-4p-allfives-partners-d9": {"players": 4, "mode": "allfives", "partners": True, "top": 9},
    "std-3p-bergen-15": {"players": 3, "mode": "bergen"},
    "std-4p-bergen-d12-target-8": {"players": 4, "mode": "bergen", "top": 12, "target": 8},
    "std-4p-draw-partners-target-60": {"players": 4, "partners": True, "target": 60},
}


def generate(name: str) -> str:
    """The record text of golden case ``name``, played by random bots from a seed made of its name."""
    options = StandardOptions.for_table(**CASES[name])
    bots = [RandomBot() for _ in range(options.players)]
    match = play_match(options, bots, random.Random(f"deal:{name}"), random.Random(f"bots:{name}"))
    seats = [SeatInfo(f"Seat {seat}", "random") for seat in range(options.players)]
    return dumps(export_record(match, seats))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_regenerates_exactly(name: str) -> None:
    """Dealing and random play from the same seeds still produce the checked-in record, byte for byte."""
    path = GOLDEN / f"{name}.json"
    if os.environ.get("REGENERATE_GOLDEN"):
        path.write_text(generate(name), "utf-8")
    assert generate(name) == path.read_text("utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_record_verifies_and_round_trips(name: str) -> None:
    """Each golden record is legal, and replaying then exporting it gives it back unchanged."""
    data = json.loads((GOLDEN / f"{name}.json").read_text("utf-8"))
    assert verify(data) == []
    match, seats = replay(data)
    assert export_record(match, seats) == data
    rounds: Sequence[AnyRound] = match.rounds
    assert all(isinstance(rnd, StandardRound) for rnd in rounds)
