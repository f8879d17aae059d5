"""``bench/analysis.py`` runs and prints its figures as one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[2] / "bench" / "analysis.py"


def test_the_analysis_bench_prints_its_figures() -> None:
    command = [sys.executable, str(BENCH), "--rounds", "1", "--samples", "8"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["rounds"] == 1 and figures["samples"] == 8 and figures["choices_per_seat"] > 0
    seat = figures["seconds_per_seat"]  # to the ms: a seat with few choices takes under 1 ms
    assert 0 <= seat["median"] <= seat["worst"] and seat["worst"] > 0
