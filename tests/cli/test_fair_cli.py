"""``dominohall verify --fair``, run for real on fairly dealt, tampered and older records."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.standard.rules.options import StandardOptions

from ..engine.test_fair import play_match
from .test_cli import GOLDEN, dominohall


def test_verify_fair_says_per_round_fair_no_proof_or_what_differs(tmp_path: Path) -> None:
    fair = play_match(ChickenFootOptions.for_table(3, length="half"), random.Random(20))
    tampered = copy.deepcopy(fair)
    hands = tampered["rounds"][1]["hands"]
    hands[0][0], hands[2][0] = hands[2][0], hands[0][0]
    secret = copy.deepcopy(fair)
    proof = secret["rounds"][3]["fair"]
    proof["secret"] = proof["secret"][::-1]
    paths = {}
    for name, record in (("fair", fair), ("tampered", tampered), ("secret", secret)):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(record), "utf-8")
    old = GOLDEN / "cf-4p-half-4toes.json"

    run = dominohall("verify", "--fair", str(paths["fair"]), str(old))
    assert run.returncode == 0, run.stdout + run.stderr
    assert (
        f"{paths['fair']}: round 1: fair (commitment " in run.stdout and f"{paths['fair']}: round 5: fair" in run.stdout
    )
    assert f"{old}: round 1: no proof" in run.stdout
    assert "5 of 10 deals fair, 0 not fair, 5 without proof" in run.stdout

    run = dominohall("verify", "--fair", str(paths["tampered"]), str(paths["secret"]))
    assert run.returncode == 1
    said = run.stdout.replace("\n", " ")
    assert f"{paths['tampered']}: round 2: the deal differs at seat 0; the deal differs at seat 2" in said
    assert f"{paths['secret']}: round 4: the commitment does not match the secret;" in said
    assert f"{paths['tampered']}: round 1: fair" in said and "8 of 10 deals fair, 2 not fair" in said

    quiet = dominohall("verify", "--fair", "-q", str(paths["tampered"]), str(old))
    assert not any(": fair" in line for line in quiet.stdout.splitlines())
    assert "no proof" not in quiet.stdout and "not-in-hand" in quiet.stdout  # the illegal move is named too
    assert "round 2: the deal differs at seat 0" in quiet.stdout


def test_verify_without_fair_is_unchanged_and_bad_files_are_named(tmp_path: Path) -> None:
    record = play_match(StandardOptions.for_table(2), random.Random(21))
    path = tmp_path / "standard.json"
    path.write_text(json.dumps(record), "utf-8")
    run = dominohall("verify", str(path))
    assert run.returncode == 0 and "deals fair" not in run.stdout and "round 1" not in run.stdout
    assert dominohall("verify", "--fair", str(path)).returncode == 0
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    run = dominohall("verify", "--fair", str(broken), str(tmp_path / "missing.json"))
    assert run.returncode == 1 and "cannot check the deals: not valid JSON" in run.stdout.replace("\n", " ")
    assert "cannot read the file" in run.stdout
