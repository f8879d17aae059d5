"""Tournaments seat fairly, give the same results however many processes play them, and report."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from dominohall.bots.tournament import deal_plans, first_deals, merged, planned_bot, play_planned_match, run_tournament
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions

OPTIONS = ChickenFootOptions.for_table(3, length="half")


def test_every_deal_is_played_from_every_seat() -> None:
    assert first_deals(OPTIONS, 40) == 3  # 40 rounds / (5 rounds x 3 rotations)
    for deal in range(3):
        rotations = deal_plans(OPTIONS, ["medium", "easy", "easy"], deal, seed=1)
        assert {p.deal for p in rotations} == {deal}
        assert sorted(p.seat_of(0) for p in rotations) == [0, 1, 2]


def test_a_rotated_match_replays_the_same_deals() -> None:
    first, second = deal_plans(OPTIONS, ["medium", "easy", "easy"], 0, seed=3)[:2]
    a, b = play_planned_match(first), play_planned_match(second)
    assert len(a.scores[0]) == len(b.scores[0]) == OPTIONS.round_count()
    assert sum(a.wins) == sum(b.wins) == 1


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    entrants = ["medium", "easy", "easy"]
    alone = run_tournament(OPTIONS, entrants, 30, seed=5, jobs=1)
    shared = run_tournament(OPTIONS, entrants, 30, seed=5, jobs=2)
    assert [s.scores for s in alone] == [s.scores for s in shared]
    assert [s.wins for s in alone] == [s.wins for s in shared]


def test_merged_standings_pool_same_named_entrants() -> None:
    standings = merged(run_tournament(OPTIONS, ["medium", "easy", "medium"], 15, seed=2))
    assert [s.name for s in standings] == ["medium", "easy"]
    assert len(standings[0].scores) == 2 * len(standings[1].scores)
    low, high = standings[0].interval()
    assert low <= standings[0].mean() <= high


def test_tournament_command_prints_standings_and_plots(tmp_path: Path) -> None:
    png = tmp_path / "scores.png"
    command = [sys.executable, "-m", "dominohall", "tournament", "--players", "4", "--length", "one"]
    command += ["--bots", "medium,easy,medium,easy", "--rounds", "16", "--seed", "1", "--plot", str(png)]
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "medium" in done.stdout and "95% interval" in done.stdout and "ms p99" in done.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_searching_bots_can_think_on_cpu_time() -> None:
    """``clock="cpu"`` makes the hard and expert bots count their budgets in the process's CPU time."""
    assert planned_bot("hard", "cpu").clock is time.process_time  # type: ignore[attr-defined]
    assert planned_bot("expert", "wall").clock is time.perf_counter  # type: ignore[attr-defined]
    assert planned_bot("medium", "cpu").name == "medium"
