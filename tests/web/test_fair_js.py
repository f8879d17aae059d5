"""fair.js (the browser's check of a deal) against the test vector of docs/fairness.md, under Node's test runner."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_fair_js_passes_its_node_tests() -> None:
    node = shutil.which("node") or "/usr/bin/node"
    assert Path(node).exists(), "Node.js 20 is needed for tests/js (apt-get install nodejs)"
    run = subprocess.run(
        [node, "--test", "tests/js/fair.test.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 8" in run.stdout
