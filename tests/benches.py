"""Running a ``bench/`` script from a test: each prints one JSON line of figures (docs/testing.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parents[1] / "bench"


def bench_figures(script: str, *options: str, timeout: float) -> dict[str, Any]:
    """Run ``bench/<script>`` with ``options`` in a process of its own: its one JSON line of figures. The test
    fails when it prints anything else or exits with an error (its figures and errors then in the message)."""
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *options], capture_output=True, text=True, timeout=timeout, check=False
    )
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout + done.stderr
    figures: dict[str, Any] = json.loads(lines[0])
    assert done.returncode == 0, f"{script} exited with {done.returncode}: {figures} {done.stderr[-2000:]}"
    return figures
