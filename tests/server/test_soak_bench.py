"""``bench/soak.py`` for a few seconds: one JSON line with its figures, nothing lost, nothing wrong."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "soak.py"
KEYS = {"lost_moves", "errors", "rss_growth_pct", "unanswered", "ledger_faults", "matches", "moves_acked"}


def test_the_soak_bench_plays_and_loses_nothing() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--minutes", "0.25", "--tables", "3", "--warmup", "3", "--bot-delay", "0.02"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout + done.stderr
    figures = json.loads(lines[0])
    assert figures.keys() >= KEYS
    assert (figures["lost_moves"], figures["errors"], figures["unanswered"]) == (0, 0, 0), figures
    assert figures["moves_acked"] > 0 and figures["tables_made"] >= 3, figures
    assert done.returncode == 0
