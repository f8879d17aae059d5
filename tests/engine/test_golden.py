"""Golden records: matches recorded once, checked in, and required to replay and regenerate exactly.

Run with ``REGENERATE_GOLDEN=1`` to rewrite them after an intended change to dealing or the random bot.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.records import SeatInfo, dumps, export_record, replay, verify

GOLDEN = Path(__file__).parent / "golden"
CASES: dict[str, dict[str, Any]] = {
    "cf-2p-full": {"players": 2},
    "cf-4p-half-4toes": {"players": 4, "length": "half", "start_toes": 4},
    "cf-5p-full-blank25": {"players": 5, "blank_double": 25},
    "cf-7p-half": {"players": 7, "length": "half"},
    "cf-8p-one": {"players": 8, "length": "one"},
    "cf-3p-limit-150": {"players": 3, "limit": 150},
    "cf-4p-d15-hand20": {"players": 4, "top": 15, "hand": 20, "length": "one"},
}


def generate(name: str) -> str:
    """The record text of golden case ``name``, played by random bots from a seed made of its name."""
    options = ChickenFootOptions.for_table(**CASES[name])
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
