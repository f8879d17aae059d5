"""The engine and the independent referee (tests/referee, written from the rules pages alone) agree.

The command line's records are checked from outside: ``dominohall simulate`` writes them, the referee and
``dominohall verify`` both accept them; every faulty variant the referee builds is rejected by ``verify``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominohall.games.records import verify
from tests.referee.faults import faulty_variants, running_variants
from tests.referee.referee import check_record

HERE = Path(__file__).parent
RECORDS = sorted((HERE / "golden").glob("cf-*.json")) + sorted((HERE / "examples").glob("chickenfoot-*.json"))


def dominohall(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line."""
    return subprocess.run([sys.executable, "-m", "dominohall", *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    ("matches", "settings"),
    [
        (200, ["--players", "4"]),
        (25, ["--players", "2"]),
        (25, ["--players", "3"]),
        (25, ["--players", "5"]),
        (25, ["--players", "6"]),
        (15, ["--players", "7"]),
        (15, ["--players", "8"]),
        (6, ["--players", "9"]),
        (6, ["--players", "10"]),
        (6, ["--players", "11"]),
        (6, ["--players", "12"]),
        (4, ["--players", "12", "--length", "half", "--set", "12"]),
        (4, ["--players", "10", "--hand", "13", "--length", "one"]),
        (40, ["--players", "4", "--length", "half"]),
        (80, ["--players", "6", "--length", "one"]),
        (40, ["--players", "4", "--start-toes", "4"]),
        (40, ["--players", "5", "--blank-double", "25"]),
        (20, ["--players", "3", "--limit", "150"]),
        (10, ["--players", "4", "--set", "15", "--length", "half"]),
    ],
)
def test_simulated_records_are_accepted_by_verify_and_the_referee(
    tmp_path: Path, matches: int, settings: list[str]
) -> None:
    done = dominohall("simulate", *settings, "--matches", str(matches), "--seed", "1", "--records", str(tmp_path))
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == matches
    checked = dominohall("verify", "--quiet", *map(str, files))
    assert checked.returncode == 0, checked.stdout
    assert f"{matches} of {matches} records legal" in checked.stdout
    for path in files[:: max(1, matches // 20)]:
        assert check_record(json.loads(path.read_text("utf-8"))) == [], path.name


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.name)
def test_every_faulty_variant_is_rejected_by_verify(path: Path) -> None:
    record = load(path)
    assert check_record(record) == [] and verify(record) == []
    variants = faulty_variants(record)
    assert len(variants) >= 15
    accepted = [kind for kind, broken in variants if not verify(broken)]
    assert accepted == []


@pytest.mark.parametrize("path", RECORDS[:3], ids=lambda path: path.name)
def test_running_matches_are_accepted_by_both(path: Path) -> None:
    for running in running_variants(load(path)):
        assert check_record(running) == [] and verify(running) == []


def test_verify_exits_1_and_prints_each_fault(tmp_path: Path) -> None:
    variants = dict(faulty_variants(load(RECORDS[0])))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(load(RECORDS[0])), "utf-8")
    (tmp_path / "turn.json").write_text(json.dumps(variants["move-out-of-turn"]), "utf-8")
    (tmp_path / "draw.json").write_text(json.dumps(variants["wrong-draw-tile"]), "utf-8")
    (tmp_path / "broken.json").write_text("{not json", "utf-8")
    files = [*sorted(str(p) for p in tmp_path.iterdir()), str(tmp_path / "missing.json")]
    done = dominohall("verify", *files)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert any("turn.json: round" in line and "[not-your-turn]" in line for line in lines)
    assert any("draw.json: round" in line and "[wrong-draw]" in line for line in lines)
    assert any("broken.json: not valid JSON" in line for line in lines)
    assert any("missing.json: cannot read the file" in line for line in lines)
    assert any(line.endswith("good.json: legal") for line in lines)
    assert "1 of 5 records legal" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
