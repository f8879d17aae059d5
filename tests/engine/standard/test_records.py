"""Standard records: the shared examples are accepted, faults are named with round, move and rule, and
the engine agrees with the independent referee (tests/referee, written from the rules pages alone)."""

from __future__ import annotations

import copy
import itertools
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dominohall.cli import main
from dominohall.games.records import RecordError, replay, verify
from tests.referee.referee import check_record
from tests.referee.test_referee import random_std_match, standard_breaks, std_options

ENGINE = Path(__file__).parents[1]
EXAMPLES = sorted((ENGINE / "examples").glob("standard-*.json"))
GOLDEN = sorted((ENGINE / "golden").glob("std-*.json"))
Record = dict[str, Any]


def load(path: Path) -> Record:
    """A record file, parsed."""
    data: Record = json.loads(path.read_text("utf-8"))
    return data


def only_fault(data: Record) -> RecordError:
    """The single fault ``verify`` finds."""
    faults = verify(data)
    assert len(faults) == 1, faults
    return faults[0]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_shared_standard_examples_are_accepted_as_they_are(path: Path) -> None:
    data = load(path)
    assert verify(data) == [] and check_record(data) == []
    match, seats = replay(data)
    assert match.is_over() and match.winners() == data["winners"] and match.totals() == data["totals"]
    assert [s.name for s in seats] == [s["name"] for s in data["seats"]]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_written_records_have_the_shape_of_the_shared_examples(path: Path) -> None:
    data, example = load(path), load(EXAMPLES[0])
    assert [key for key in data if key != "sides"] == list(example)  # the writer adds sides (docs/records.md)
    assert list(data).index("sides") == list(data).index("seats") + 1
    assert list(data["options"]) == list(example["options"])
    assert list(data["rounds"][0]) == list(example["rounds"][0])
    assert data["rounds"][0]["moves"][0]["on"] is None


# -- faults ---------------------------------------------------------------------------------------------


def first_move(record: Record, kind: str, hand: int = 0) -> int:
    """The index of the first move of ``kind`` in hand ``hand``."""
    return next(i for i, move in enumerate(record["rounds"][hand]["moves"]) if kind in move)


def bergen() -> Record:
    return load(ENGINE / "examples" / "standard-bergen-4-players.json")


def fives() -> Record:
    return load(ENGINE / "examples" / "standard-allfives-2-players.json")


def partners() -> Record:
    return load(ENGINE / "examples" / "standard-draw-partners.json")


def test_lead_not_on_null_is_named() -> None:
    data = fives()
    data["rounds"][0]["moves"][0]["on"] = "6-6"
    fault = only_fault(data)
    assert (fault.rule, fault.round, fault.move) == ("lead", 1, 0)


def test_bergen_first_hand_led_with_another_tile_is_named() -> None:
    data = bergen()
    hand = data["rounds"][0]
    lead = hand["moves"][0]
    other = next(name for name in hand["hands"][lead["seat"]] if name != lead["play"])
    lead["play"] = other
    fault = only_fault(data)
    assert (fault.rule, fault.round, fault.move) == ("lead-tile", 1, 0)


def test_draw_in_the_block_game_is_named() -> None:
    data = partners()
    data["options"]["mode"] = "block"
    fault = only_fault(data)
    assert (fault.rule, fault.round, fault.move) == ("no-drawing", 1, first_move(data, "draw"))


def test_wrong_scores_are_named() -> None:
    data = fives()
    data["rounds"][1]["scores"][0] += 5
    fault = only_fault(data)
    assert (fault.rule, fault.round) == ("scores", 2)


def test_wrong_leader_of_a_later_hand_is_named() -> None:
    data = fives()
    data["rounds"][2]["first"] = 1 - data["rounds"][2]["first"]
    fault = only_fault(data)
    assert (fault.rule, fault.round) == ("opener", 3)


def test_move_out_of_turn_is_named() -> None:
    data = bergen()
    data["rounds"][1]["moves"][5]["seat"] = (data["rounds"][1]["moves"][5]["seat"] + 1) % 4
    fault = only_fault(data)
    assert (fault.rule, fault.round, fault.move) == ("not-your-turn", 2, 5)


def test_wrong_draw_is_named() -> None:
    data = partners()
    index = first_move(data, "draw")
    data["rounds"][0]["moves"][index]["draw"] = data["rounds"][0]["boneyard"][-1]
    fault = only_fault(data)
    assert (fault.rule, fault.round, fault.move) == ("wrong-draw", 1, index)


def test_team_totals_and_winners_are_checked() -> None:
    data = partners()
    data["totals"] = [37, 0]
    assert only_fault(data).rule == "totals"
    data = partners()
    data["winners"] = [1]
    assert only_fault(data).rule == "winners"


def test_one_hand_too_many_is_named() -> None:
    data = partners()
    data["rounds"].append(copy.deepcopy(data["rounds"][0]))
    fault = only_fault(data)
    assert (fault.rule, fault.round) == ("rounds", 2)


Change = Callable[[Record], object]


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda r: r["options"].update(partners="yes"), "options"),
        (lambda r: r["options"].update(hand=7), "options"),
        (lambda r: r["options"].update(set=15), "options"),
        (lambda r: r["options"].update(target="none"), "options"),
        (lambda r: r["options"].pop("mode"), "options"),
        (lambda r: r["rounds"][0].update(first="2"), "format"),
        (lambda r: r["rounds"][0].update(hands=None), "format"),
        (lambda r: r["rounds"][0]["moves"].insert(0, ["seat", 2]), "format"),
        (lambda r: r["rounds"][0]["moves"][0].update(on=7), "format"),
        (lambda r: r["rounds"][0]["moves"][0].update(play="4-4-4"), "format"),
        (lambda r: r["rounds"][0]["boneyard"].pop(), "deal"),
        (lambda r: r["rounds"][0]["hands"][0].pop(), "deal"),
        (lambda r: r.update(game="dominoes"), "game"),
        (lambda r: r.update(seats=[{"name": "x"}]), "seats"),
    ],
)
def test_each_kind_of_fault_is_rejected_with_its_rule_and_never_crashes(change: Change, rule: str) -> None:
    data = partners()
    change(data)
    assert only_fault(data).rule == rule
    assert check_record(data) != []


@pytest.mark.parametrize("path", EXAMPLES + GOLDEN, ids=lambda p: p.name)
def test_referee_breaks_are_rejected_by_verify(path: Path) -> None:
    record = load(path)
    for kind, broken in standard_breaks(record):
        if kind == "block-mode-with-draws" and not any("draw" in m for r in record["rounds"] for m in r["moves"]):
            continue
        assert verify(broken), kind


def test_running_match_is_accepted_cut_anywhere() -> None:
    data = fives()
    for hand in range(len(data["rounds"])):
        for cut in (0, 1, len(data["rounds"][hand]["moves"]) // 2):
            running = copy.deepcopy(data)
            running["rounds"] = running["rounds"][: hand + 1]
            last = running["rounds"][-1]
            last["moves"] = last["moves"][:cut]
            del last["end"], last["scores"], running["winners"]
            running["totals"] = [sum(r["scores"][s] for r in running["rounds"][:-1]) for s in range(2)]
            assert verify(running) == [] and check_record(running) == [], (hand, cut)


# -- the engine and the referee agree ---------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(opts=std_options(), seed=st.integers(0, 2**32))
def test_referee_written_random_matches_are_accepted_by_verify(opts: Any, seed: int) -> None:
    """Records the referee plays by itself from the rules pages are legal for the engine too."""
    record = random_std_match(opts, seed)
    assert check_record(record) == [] and verify(record) == []


COMBINATIONS = [
    (players, partners, mode, top, target)
    for (players, partners), mode, top, target in itertools.product(
        [(2, False), (3, False), (4, False), (4, True)], ["draw", "block", "allfives", "bergen"], [6, 9, 12],
        ["default", "none", "30"],
    )
]  # fmt: skip


@pytest.mark.parametrize("combination", COMBINATIONS, ids=str)
def test_simulated_records_of_every_option_combination_are_accepted_by_verify_and_the_referee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], combination: tuple[int, bool, str, int, str]
) -> None:
    players, partners, mode, top, target = combination
    settings_ = ["--game", "standard", "--players", str(players), "--mode", mode, "--set", str(top)]
    settings_ += ["--partners"] * partners + ([] if target == "default" else ["--target", target])
    assert main(["simulate", *settings_, "--matches", "2", "--seed", "5", "--records", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert main(["verify", "--quiet", *map(str, files)]) == 0
    assert "2 of 2 records legal" in capsys.readouterr().out
    for path in files:
        assert check_record(load(path)) == [], path.name


def test_the_real_command_line_writes_and_verifies_standard_records(tmp_path: Path) -> None:
    def dominohall(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dominohall", *args], capture_output=True, text=True, check=False)

    done = dominohall("simulate", "--game", "standard", "--mode", "allfives", "--players", "4", "--partners",
                      "--matches", "5", "--records", str(tmp_path))  # fmt: skip
    assert done.returncode == 0, done.stderr
    checked = dominohall("verify", *map(str, sorted(tmp_path.glob("*.json"))))
    assert checked.returncode == 0 and "5 of 5 records legal" in checked.stdout


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=6) | st.sampled_from(["6-6", "5-0", "0-0"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def paths(value: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path to a value inside a parsed record."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:4]):
            found += paths(item, (*prefix, index))
    return found


@settings(max_examples=150, deadline=None)
@given(example=st.sampled_from(EXAMPLES), choice=st.integers(0, 10**6), value=JSON_VALUES, delete=st.booleans())
def test_mutated_standard_records_are_faults_never_crashes(
    example: Path, choice: int, value: object, delete: bool
) -> None:
    """Any value anywhere (or a key removed) gives a list of RecordErrors, never an exception."""
    data = load(example)
    path = paths(data)[1:][choice % (len(paths(data)) - 1)]
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    faults = verify(data)
    assert all(isinstance(fault, RecordError) for fault in faults)
