"""Mexican Train records and the referee written from RULES.md alone (``tests/referee``): what ``simulate``
writes the referee accepts, and every faulty variant the referee builds ``dominohall verify`` refuses,
naming the round and the move where the referee names them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominohall.games.records import verify

from ...referee.faults import mt_faulty_variants
from ...referee.referee import check_record

EXAMPLES = sorted((Path(__file__).parents[2] / "engine" / "examples").glob("mexicantrain-*.json"))
PLACE = re.compile(r"rounds\[(\d+)\]\.moves\[(\d+)\]")


def dominohall(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line."""
    return subprocess.run([sys.executable, "-m", "dominohall", *args], capture_output=True, text=True, check=False)


@pytest.mark.parametrize(
    ("matches", "settings"),
    [
        (12, ["--players", "4", "--length", "half"]),
        (6, ["--players", "2"]),
        (6, ["--players", "8", "--length", "half"]),
        (6, ["--players", "6", "--length", "one", "--blank-double", "0"]),
        (6, ["--players", "3", "--limit", "100"]),
        (4, ["--players", "5", "--set", "15", "--length", "one"]),
        (4, ["--players", "4", "--set", "9", "--length", "one"]),
    ],
)
def test_simulated_records_are_accepted_by_verify_and_the_referee(
    tmp_path: Path, matches: int, settings: list[str]
) -> None:
    done = dominohall(
        "simulate", "--game", "mexicantrain", *settings, "--matches", str(matches), "--seed", "3",
        "--records", str(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    files = sorted(tmp_path.glob("*.json"))
    checked = dominohall("verify", "--quiet", *map(str, files))
    assert checked.returncode == 0 and f"{matches} of {matches} records legal" in checked.stdout, checked.stdout
    for path in files:
        assert check_record(json.loads(path.read_text("utf-8"))) == [], path.name


def faulty(path: Path) -> list[Any]:
    """The referee's faulty variants of a legal record."""
    record = json.loads(path.read_text("utf-8"))
    assert check_record(record) == [] and verify(record) == []
    return mt_faulty_variants(record)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_every_faulty_variant_is_refused_naming_its_round_and_move(path: Path) -> None:
    variants = faulty(path)
    assert len(variants) >= 30
    for fault in variants:
        found = verify(fault.record)
        assert found, f"{fault.kind} was accepted"
        assert found[0].rule, fault.kind
        place = PLACE.match(fault.where)
        if place:  # a move's fault: the same round (1-based here) and move (0-based) as the referee's
            assert (found[0].round, found[0].move) == (int(place[1]) + 1, int(place[2])), (fault.kind, found[0])
