"""``bench/bots.py`` pairs each round deal's results across the seat rotations correctly."""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import statistics
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).parents[2] / "bench" / "bots.py"


def bench() -> ModuleType:
    """bench/bots.py as a module (the bench folder is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_bots", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_identical_bots_differ_by_nothing_on_every_round_deal() -> None:
    """Medium against medium plays each round deal identically under every rotation (the bot draws no
    random numbers), so each round deal's paired difference is exactly zero, and only if the rounds of one
    deal are grouped across the rotations as they were played."""
    bots = bench()
    seats = bots.seated_pairing(bots.CHICKEN_FOOT, ("medium", "medium"), 80, seed=3, jobs=1)
    differences = bots.paired_differences(seats, bots.CHICKEN_FOOT_ROUNDS)
    assert len(differences) == 20  # 2 deals of 10 rounds, each under 4 rotations
    assert sorted(differences) == [(match, rnd) for match in range(2) for rnd in range(10)]
    assert list(differences.values()) == [0.0] * 20
    first_match = [standing.scores[index] for standing in seats for index in range(10)]
    assert any(first_match)  # the seats did keep pips: the zeros are not empty rounds


def test_the_paired_difference_separates_medium_from_easy() -> None:
    """Medium keeps fewer pips than easy, and the paired interval says so; ``--per-deal`` gets each round
    deal's difference, whose mean is the figure."""
    bots = bench()
    per_deal = io.StringIO()
    figures = bots.compared(
        "medium_vs_easy",
        bots.seated_pairing(bots.CHICKEN_FOOT, ("medium", "easy"), 80, seed=1, jobs=1),
        bots.CHICKEN_FOOT_ROUNDS,
        per_deal,
    )
    lines = [json.loads(line) for line in per_deal.getvalue().splitlines()]
    assert len(lines) == 20 and {line["pairing"] for line in lines} == {"medium_vs_easy"}
    assert round(statistics.fmean(line["difference"] for line in lines), 2) == figures["medium_vs_easy_difference"]
    low, high = figures["medium_vs_easy_difference_interval"]
    assert figures["medium_vs_easy_difference"] < 0 and high < 0 and low < high
    assert figures["medium_vs_easy_difference_apart"] and figures["medium_vs_easy_round_deals"] == 20
    assert figures["medium_vs_easy"] < 1


def test_the_draw_game_pairs_each_hand_across_the_two_seats() -> None:
    """In the draw game one hand is a match: medium against medium plays each deal alike from both seats (a
    paired difference of exactly zero per deal), and the ``draw`` part measures hard against medium so."""
    bots = bench()
    options = bots.StandardOptions.for_table(2, mode="draw")
    seats = bots.seated_pairing(options, ("medium", "medium"), 12, seed=3, jobs=1)
    differences = bots.paired_differences(seats, 1)
    assert sorted(differences) == [(deal, 0) for deal in range(6)]
    assert list(differences.values()) == [0.0] * 6
    assert any(standing.scores for standing in seats) and any(sum(standing.scores) for standing in seats)
    figures = bots.draw(argparse.Namespace(draw_hands=4, seed=1, jobs=1, clock="cpu", per_deal=None))
    assert figures["draw_hands"] == 4 and figures["draw_hard_vs_medium_round_deals"] == 2
    hard, medium = figures["draw_hard_vs_medium_means"]
    assert figures["draw_hard_vs_medium_difference"] == round(hard - medium, 2)
