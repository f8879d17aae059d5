"""Reading records: the shared examples are accepted; every kind of fault is named with its place."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from dominohall.games.records import FORMAT, RecordError, dumps, loads, replay, verify

EXAMPLES = Path(__file__).parent / "examples"  # the example records of the rules, as they were given
GOLDEN = Path(__file__).parent / "golden"


def example(name: str) -> dict[str, Any]:
    """A shared example record, parsed."""
    path = EXAMPLES / name
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def golden() -> dict[str, Any]:
    """A legal 4-player record with several rounds."""
    data: dict[str, Any] = json.loads((GOLDEN / "cf-4p-half-4toes.json").read_text("utf-8"))
    return data


def only_fault(data: dict[str, Any] | str) -> RecordError:
    """The single fault ``verify`` finds (failing the test when it finds none)."""
    faults = verify(data)
    assert len(faults) == 1, faults
    return faults[0]


@pytest.mark.parametrize(
    "name", ["chickenfoot-2-players-full.json", "chickenfoot-4-players-full.json", "chickenfoot-12-players-half.json"]
)
def test_shared_chicken_foot_examples_are_accepted_as_they_are(name: str) -> None:
    data = example(name)
    assert verify(data) == []
    match, seats = replay(data)
    assert match.is_over() and match.winners() == data["winners"]
    assert [s.name for s in seats] == [s["name"] for s in data["seats"]]


def test_written_record_has_the_shared_examples_shape() -> None:
    data = golden()
    assert list(data) == ["format", "game", "options", "seats", "sides", "rounds", "totals", "winners"]
    assert list(data["options"]) == [
        "players", "set", "hand", "length", "start_toes", "double_toes", "blank_double", "limit",
    ]  # fmt: skip
    assert list(data["rounds"][0]) == ["double", "first", "hands", "boneyard", "moves", "end", "penalties"]
    assert data["format"] == FORMAT and dumps(data).endswith("}\n")


def test_illegal_move_names_round_move_and_rule() -> None:
    data = golden()
    moves = data["rounds"][1]["moves"]
    index = next(i for i, m in enumerate(moves) if "play" in m and m["on"] != data["rounds"][1]["double"])
    moves[index]["on"] = data["rounds"][1]["double"]  # the centre double already has its start toes
    fault = only_fault(data)
    assert (fault.round, fault.move, fault.rule) == (2, index, "no-such-end")
    assert str(fault).startswith(f"round 2, move {index}: ")


def test_move_out_of_turn_is_named() -> None:
    data = golden()
    data["rounds"][0]["moves"][3]["seat"] = (data["rounds"][0]["moves"][3]["seat"] + 1) % 4
    fault = only_fault(data)
    assert (fault.round, fault.move, fault.rule) == (1, 3, "not-your-turn")


def test_wrong_draw_is_named() -> None:
    data = golden()
    moves = data["rounds"][0]["moves"]
    index = next(i for i, m in enumerate(moves) if "draw" in m)
    moves[index]["draw"] = data["rounds"][0]["boneyard"][-1]
    fault = only_fault(data)
    assert (fault.round, fault.move, fault.rule) == (1, index, "wrong-draw")


def drop_last_round_but_keep_totals_right(data: dict[str, Any]) -> None:
    """A record that stops a round early yet claims winners: its totals add up, its winners are early."""
    last = data["rounds"].pop()
    data["totals"] = [total - penalty for total, penalty in zip(data["totals"], last["penalties"], strict=True)]


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda d: d["rounds"][0].update(end="domino" if d["rounds"][0]["end"] == "blocked" else "blocked"), "end"),
        (lambda d: d["rounds"][0]["penalties"].__setitem__(0, d["rounds"][0]["penalties"][0] + 1), "penalties"),
        (lambda d: d["totals"].__setitem__(1, d["totals"][1] + 5), "totals"),
        (lambda d: d.update(winners=[(d["winners"][0] + 1) % 4]), "winners"),
        (lambda d: d["rounds"][1].update(first=(d["rounds"][1]["first"] + 1) % 4), "opener"),
        (lambda d: d["rounds"][1].update(double="9-9"), "double"),
        (lambda d: d["rounds"][0]["hands"][0].append(d["rounds"][0]["boneyard"].pop()), "deal"),
        (lambda d: d["rounds"][0]["boneyard"].__setitem__(0, d["rounds"][0]["hands"][0][0]), "deal"),
        (lambda d: d["rounds"].append(copy.deepcopy(d["rounds"][-1])), "rounds"),
        (lambda d: d["rounds"].pop(), "totals"),
        (drop_last_round_but_keep_totals_right, "winners"),
        (lambda d: d["rounds"][0]["moves"].append({"seat": 0, "pass": True}), "round-over"),
        (lambda d: d["rounds"][0]["moves"].pop(), "end"),
        (lambda d: d["options"].update(start_toes=5), "options"),
        (lambda d: d["options"].update(hand=30), "options"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d.update(format="dominohall/record@2"), "format"),
        (lambda d: d.update(game="checkers"), "game"),
    ],
)
def test_each_kind_of_fault_is_rejected_with_its_rule(change: Any, rule: str) -> None:
    data = golden()
    change(data)
    assert only_fault(data).rule == rule


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '"text"',
        "[" * 100_000,
        '{"format": "dominohall/record@1"}',
        '{"format": "dominohall/record@1", "game": "chickenfoot", "options": []}',
        '{"format": "dominohall/record@1", "game": "chickenfoot", "options": {"players": true}}',
    ],
)
def test_malformed_text_is_a_clean_fault(text: str) -> None:
    assert only_fault(text).rule in {"json", "format", "game", "options"}


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("seats",), {"a": 1}),
        (("seats", 0), "Ann"),
        (("rounds",), None),
        (("rounds", 0), []),
        (("rounds", 0, "first"), "0"),
        (("rounds", 0, "first"), True),
        (("rounds", 0, "double"), 99),
        (("rounds", 0, "double"), "99-99"),
        (("rounds", 0, "hands"), "9-3"),
        (("rounds", 0, "hands", 0), [3, 9]),
        (("rounds", 0, "boneyard"), {"0": "1-1"}),
        (("rounds", 0, "moves"), "moves"),
        (("rounds", 0, "moves", 0), ["seat", 0]),
        (("rounds", 0, "moves", 0, "seat"), 0.5),
        (("rounds", 0, "moves", 0, "seat"), None),
        (("rounds", 0, "moves", 0, "pass"), "yes"),
    ],
)
def test_wrong_types_are_faults_not_crashes(path: tuple[Any, ...], value: object) -> None:
    data = golden()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    fault = only_fault(data)
    assert fault.rule in {"format", "seats", "deal", "double", "opener"}, fault


def test_move_with_two_kinds_is_a_fault() -> None:
    data = golden()
    data["rounds"][0]["moves"][0]["pass"] = True
    fault = only_fault(data)
    assert (fault.round, fault.move, fault.rule) == (1, 0, "format")


def test_a_play_without_on_is_a_format_fault_and_a_null_on_is_named_plainly() -> None:
    data = golden()
    play = next(i for i, move in enumerate(data["rounds"][0]["moves"]) if "play" in move)
    del data["rounds"][0]["moves"][play]["on"]
    fault = only_fault(data)
    assert (fault.round, fault.move, fault.rule) == (1, play, "format") and '"on"' in str(fault)
    data = golden()
    last = max(i for i, move in enumerate(data["rounds"][0]["moves"]) if "play" in move)
    data["rounds"][0]["moves"][last]["on"] = None  # only a standard hand's lead is laid on nothing
    fault = only_fault(data)
    assert fault.rule in ("no-such-end", "pending-double") and "#" not in str(fault), str(fault)


def test_running_match_is_accepted_and_cut_anywhere() -> None:
    data = golden()
    data.pop("winners")
    last = data["rounds"][1]
    for key in ("end", "penalties"):
        last.pop(key)
    del data["rounds"][2:]
    data["totals"] = data["rounds"][0]["penalties"]
    for cut in (0, 1, len(last["moves"]) // 2):
        running = copy.deepcopy(data)
        del running["rounds"][1]["moves"][cut:]
        assert verify(running) == []
        assert verify(dumps(running)) == []


def test_loads_rejects_non_objects() -> None:
    with pytest.raises(RecordError):
        loads("[1, 2]")


def test_a_wrong_result_is_named_with_both_the_right_value_and_the_one_written() -> None:
    data = golden()
    right = list(data["rounds"][0]["penalties"])
    data["rounds"][0]["penalties"][0] += 1
    fault = only_fault(data)
    assert f"the penalties are {right}, not {data['rounds'][0]['penalties']}" in str(fault)
    data = golden()
    data["totals"][1] += 5
    assert f"not {data['totals']}" in str(only_fault(data))
