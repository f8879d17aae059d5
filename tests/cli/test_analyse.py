"""``dominohall analyse``, run for real on a record that ``simulate`` wrote."""

from __future__ import annotations

import json
import random
from pathlib import Path

from dominohall.bots.analysis import analyse_round
from dominohall.games.records import loads, replay

from .test_cli import dominohall


def _record(folder: Path) -> Path:
    done = dominohall("simulate", "--matches", "1", "--seed", "4", "--bots", "easy,medium,medium", "--players", "3",
                      "--length", "one", "--records", str(folder))  # fmt: skip
    assert done.returncode == 0, done.stderr
    return folder / "match-00001.json"


def test_analyse_prints_the_seats_choices_and_the_same_as_the_library(tmp_path: Path) -> None:
    path = _record(tmp_path)
    shown = dominohall("analyse", str(path), "--seat", "0", "--samples", "30", "--seed", "5", "--json")
    assert shown.returncode == 0, shown.stderr
    printed = json.loads(shown.stdout)
    match, _ = replay(loads(path.read_text()))
    expected = analyse_round(match, 0, 0, 30, random.Random(5)).to_dict()
    assert printed == expected and printed["decisions"]
    table = dominohall("analyse", str(path), "--seat", "0", "--samples", "30", "--seed", "5")
    assert "points lost" in table.stdout and f"{len(printed['decisions'])} choices" in table.stdout


def test_analyse_refuses_what_does_not_fit(tmp_path: Path) -> None:
    path = _record(tmp_path)
    for args, message in [
        (["--seat", "7"], "there is no seat 7"),
        (["--seat", "0", "--round", "2"], "there is no round 2"),
        (["--seat", "0", "--samples", "1"], "at least 2"),
    ]:
        done = dominohall("analyse", str(path), *args)
        assert done.returncode == 1 and message in done.stdout
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert dominohall("analyse", str(broken), "--seat", "0").returncode == 1
