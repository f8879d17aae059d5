"""Tests of the independent referee: the shared examples, faulty variants, random games and garbage."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .faults import faulty_variants, running_variants
from .referee import (
    INTERNAL_ERROR,
    CfOptions,
    CfRound,
    CfTable,
    Move,
    StdOptions,
    StdRound,
    StdTable,
    check_record,
    full_set,
    name,
    parse_move,
    required_first_lead,
    standard_hand_size,
)

EXAMPLES = Path(__file__).parents[1] / "engine" / "examples"  # the example records of the rules
ALL_EXAMPLES = sorted(EXAMPLES.glob("*.json"))
CF_EXAMPLES = sorted(EXAMPLES.glob("chickenfoot-*.json"))
STANDARD_EXAMPLES = sorted(EXAMPLES.glob("standard-*.json"))
FOUR_PLAYERS = EXAMPLES / "chickenfoot-4-players-full.json"
REPO = Path(__file__).resolve().parents[2]


def load(path: Path) -> dict[str, Any]:
    """A record file as parsed JSON."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def no_internal_error(faults: list[str]) -> None:
    """check_record answered with fault strings, none of them a referee crash."""
    assert isinstance(faults, list)
    assert all(isinstance(fault, str) for fault in faults)
    assert not [fault for fault in faults if fault.startswith(INTERNAL_ERROR)], faults


# ---------------------------------------------------------------------------------------------------
# The shared examples
# ---------------------------------------------------------------------------------------------------


def test_examples_exist() -> None:
    """The shared examples hold both games."""
    assert CF_EXAMPLES
    assert STANDARD_EXAMPLES


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda path: path.name)
def test_every_example_is_legal(path: Path) -> None:
    """Each shared example record is accepted as it is."""
    assert check_record(load(path)) == []


@pytest.mark.parametrize("path", CF_EXAMPLES, ids=lambda path: path.name)
def test_every_faulty_variant_is_rejected(path: Path) -> None:
    """Each named break of a legal Chicken Foot record is found."""
    record = load(path)
    original = copy.deepcopy(record)
    variants = faulty_variants(record)
    assert record == original, "faulty_variants must not change its input"
    assert variants
    for kind, broken in variants:
        faults = check_record(broken)
        no_internal_error(faults)
        assert faults, f"{path.name}: variant {kind} was accepted"


def test_many_fault_kinds_from_the_four_player_example() -> None:
    """The four-player example offers a place for at least 15 distinct fault kinds, the core ones included."""
    kinds = {kind for kind, _ in faulty_variants(load(FOUR_PLAYERS))}
    assert len(kinds) >= 15
    core = {
        "play-not-matching",
        "move-out-of-turn",
        "draw-while-holding-playable",
        "pass-with-playable-drawn-tile",
        "wrong-draw-tile",
        "play-elsewhere-during-pending-double",
        "play-off-centre-during-first-foot",
        "duplicate-tile-in-deal",
        "missing-tile-in-deal",
        "wrong-hand-size",
        "wrong-round-double",
        "wrong-opener",
        "move-after-end",
        "missing-moves-before-end",
        "wrong-end-kind",
        "wrong-penalty",
        "wrong-total",
        "wrong-winners",
        "too-many-rounds",
        "too-few-rounds-with-winners",
        "tile-not-in-hand",
        "on-names-a-closed-line",
        "move-seat-not-int",
        "tile-not-a-string",
        "options-not-an-object",
    }
    assert core <= kinds, core - kinds


@pytest.mark.parametrize("path", CF_EXAMPLES, ids=lambda path: path.name)
def test_running_matches_are_legal(path: Path) -> None:
    """A match cut inside a round (no end, no winners) is a legal running match."""
    for running in running_variants(load(path)):
        assert check_record(running) == []


@pytest.mark.parametrize("path", CF_EXAMPLES, ids=lambda path: path.name)
def test_faulty_variants_of_running_matches_are_rejected(path: Path) -> None:
    """The fault builders also work on a running match, and each variant is rejected."""
    for running in running_variants(load(path))[::7]:
        for kind, broken in faulty_variants(running):
            assert check_record(broken), f"variant {kind} of a running match was accepted"


def test_running_match_between_rounds_is_accepted_but_not_a_finished_one_without_winners() -> None:
    """A running match may stand between rounds; a finished match must name its winners."""
    record = load(FOUR_PLAYERS)
    finished = copy.deepcopy(record)
    del finished["winners"]
    assert check_record(finished)
    record["rounds"] = record["rounds"][:3]
    del record["winners"]
    record["totals"] = [sum(rnd["penalties"][seat] for rnd in record["rounds"]) for seat in range(4)]
    assert check_record(record) == []


def test_messages_name_round_and_move() -> None:
    """A move fault names the round and the move index."""
    broken = dict(faulty_variants(load(FOUR_PLAYERS)))["wrong-draw-tile"]
    assert any(fault.startswith("rounds[0].moves[0]") for fault in check_record(broken))


# ---------------------------------------------------------------------------------------------------
# The standard game
# ---------------------------------------------------------------------------------------------------


def standard_breaks(record: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A few plainly broken copies of a legal standard record."""
    breaks: list[tuple[str, dict[str, Any]]] = []

    def broken(kind: str) -> dict[str, Any]:
        copied = copy.deepcopy(record)
        breaks.append((kind, copied))
        return copied

    broken("wrong-score")["rounds"][0]["scores"][0] += 5
    broken("wrong-total")["totals"][1] += 1
    rnd = broken("wrong-opener")["rounds"][0]
    rnd["first"] = (rnd["first"] + 1) % record["options"]["players"]
    broken("dropped-last-move")["rounds"][0]["moves"].pop()
    if len(record["rounds"][0]["moves"]) > 1:  # a block hand can end with its lead
        broken("out-of-turn")["rounds"][0]["moves"][1]["seat"] = record["rounds"][0]["moves"][0]["seat"]
    broken("lead-not-on-null")["rounds"][0]["moves"][0]["on"] = record["rounds"][0]["moves"][0]["play"]
    broken("block-mode-with-draws")["options"]["mode"] = "block"
    winners = broken("wrong-winners")
    winners["winners"] = [seat for seat in range(record["options"]["players"]) if seat not in record["winners"]]
    broken("hand-size")["options"]["hand"] = record["options"]["hand"] + 1
    broken("extra-hand")["rounds"].append(copy.deepcopy(record["rounds"][-1]))
    return breaks


@pytest.mark.parametrize("path", STANDARD_EXAMPLES, ids=lambda path: path.name)
def test_standard_breaks_are_rejected(path: Path) -> None:
    """Plain breaks of the standard examples are found."""
    record = load(path)
    for kind, broken in standard_breaks(record):
        if kind == "block-mode-with-draws" and not any(
            "draw" in move for rnd in record["rounds"] for move in rnd["moves"]
        ):
            continue
        faults = check_record(broken)
        no_internal_error(faults)
        assert faults, f"{path.name}: {kind} was accepted"


def test_standard_allfives_spinner_scores() -> None:
    """All Fives: the spinner counts both halves while a side is free; scores follow the plays."""
    record = load(EXAMPLES / "standard-allfives-2-players.json")
    record["rounds"][0]["scores"] = [30, 35]
    assert any("scores" in fault for fault in check_record(record))


def random_std_move(state: StdRound, lead_tile: Any, rng: random.Random) -> dict[str, Any]:
    """A random legal move of a standard hand."""
    seat = state.to_move
    hand = state.hands[seat]
    if state.table.empty():
        tile = lead_tile if lead_tile is not None else rng.choice(hand)
        return {"seat": seat, "play": name(tile), "on": None}
    legal = state.table.legal_plays(hand)
    if state.drawn is not None:
        legal = [(tile, on) for tile, on in legal if tile == state.drawn]
    if legal:
        tile, on = rng.choice(legal)
        return {"seat": seat, "play": name(tile), "on": name(on)}
    if state.drawing() and not state.boneyard_empty():
        return {"seat": seat, "draw": name(state.boneyard[state.next_draw])}
    return {"seat": seat, "pass": True}


def random_std_hand(opts: StdOptions, leader: int | None, rng: random.Random) -> tuple[dict[str, Any], StdRound]:
    """One randomly dealt and played standard hand (leader None: the first-hand rule)."""
    tiles = full_set(opts.top)
    rng.shuffle(tiles)
    hands = [tiles[seat * opts.hand : (seat + 1) * opts.hand] for seat in range(opts.players)]
    boneyard = tiles[opts.players * opts.hand :]
    first, lead_tile = required_first_lead(hands, opts.mode == "bergen") if leader is None else (leader, None)
    table = StdTable(opts.mode == "allfives")
    state = StdRound(opts, [list(hand) for hand in hands], list(boneyard), first, lead_tile, table, [0] * opts.sides())
    moves = []
    while state.ended is None:
        move = random_std_move(state, lead_tile, rng)
        parsed = parse_move(move, opts.players, opts.top)
        assert isinstance(parsed, Move)
        assert state.step(parsed) is None
        moves.append(move)
    rnd = {
        "first": first,
        "hands": [[name(tile) for tile in hand] for hand in hands],
        "boneyard": [name(tile) for tile in boneyard],
        "moves": moves,
        "end": state.ended,
        "scores": state.final_scores(),
    }
    return rnd, state


def random_std_match(opts: StdOptions, seed: int) -> dict[str, Any]:
    """A whole random standard match under ``opts``."""
    rng = random.Random(seed)
    rounds: list[dict[str, Any]] = []
    totals = [0] * opts.sides()
    leader: int | None = None
    while True:
        rnd, state = random_std_hand(opts, leader, rng)
        rounds.append(rnd)
        totals = [total + points for total, points in zip(totals, rnd["scores"], strict=True)]
        side, leader = state.winner()
        if opts.target is None or max(totals) >= opts.target:
            break
    if opts.target is None:
        winners = list(range(opts.players)) if side is None else opts.seats_of(side)
    else:
        winners = [seat for team, total in enumerate(totals) if total == max(totals) for seat in opts.seats_of(team)]
    options = {key: getattr(opts, key) for key in ("players", "hand", "mode", "partners", "target")}
    return {
        "format": "dominohall/record@1",
        "game": "standard",
        "options": {**options, "set": opts.top},
        "seats": [{"name": f"S{seat}"} for seat in range(opts.players)],
        "rounds": rounds,
        "totals": totals,
        "winners": sorted(winners),
    }


@st.composite
def std_options(draw: st.DrawFn) -> StdOptions:
    """Random valid standard-game settings."""
    players = draw(st.integers(2, 4))
    mode = draw(st.sampled_from(["draw", "block", "allfives", "bergen"]))
    return StdOptions(
        players=players,
        top=draw(st.sampled_from([6, 9, 12])),
        hand=standard_hand_size(players, mode),
        mode=mode,
        partners=players == 4 and draw(st.booleans()),
        target=draw(st.one_of(st.none(), st.integers(1, 60))),
    )


@settings(max_examples=40, deadline=None)
@given(opts=std_options(), seed=st.integers(0, 2**32))
def test_random_standard_matches_are_legal_and_breaks_rejected(opts: StdOptions, seed: int) -> None:
    """Random legal standard matches pass the match-level checks; plain breaks of them are found."""
    record = random_std_match(opts, seed)
    assert check_record(record) == []
    for kind, broken in standard_breaks(record):
        if kind == "block-mode-with-draws" and not any(
            "draw" in move for rnd in record["rounds"] for move in rnd["moves"]
        ):
            continue
        if kind == "wrong-winners" and not broken["winners"]:
            continue
        faults = check_record(broken)
        no_internal_error(faults)
        assert faults, f"{kind} was accepted"


# ---------------------------------------------------------------------------------------------------
# Random legal Chicken Foot games built with the referee's own table (exercise every setting)
# ---------------------------------------------------------------------------------------------------


def random_move(state: CfRound, rng: random.Random) -> dict[str, Any]:
    """A random legal move for the seat to move."""
    seat = state.to_move
    legal = state.table.legal_plays(state.hands[seat])
    if state.drawn is not None:
        legal = [(tile, on) for tile, on in legal if tile == state.drawn]
    if legal:
        tile, on = rng.choice(legal)
        return {"seat": seat, "play": name(tile), "on": name(on)}
    if state.drawn is None and not state.boneyard_empty():
        return {"seat": seat, "draw": name(state.boneyard[state.next_draw])}
    return {"seat": seat, "pass": True}


def random_round(opts: CfOptions, index: int, first: int, rng: random.Random) -> dict[str, Any]:
    """One randomly dealt and played round."""
    double = opts.round_double(index)
    assert double is not None
    tiles = [tile for tile in full_set(opts.top) if tile != double]
    rng.shuffle(tiles)
    hands = [tiles[seat * opts.hand : (seat + 1) * opts.hand] for seat in range(opts.players)]
    boneyard = tiles[opts.players * opts.hand :]
    state = CfRound([list(hand) for hand in hands], list(boneyard), CfTable(double, opts.start_toes, 3), first)
    moves = []
    while state.ended is None:
        move = random_move(state, rng)
        parsed = parse_move(move, opts.players, opts.top)
        assert isinstance(parsed, Move)
        assert state.step(parsed) is None
        moves.append(move)
    return {
        "double": name(double),
        "first": first,
        "hands": [[name(tile) for tile in hand] for hand in hands],
        "boneyard": [name(tile) for tile in boneyard],
        "moves": moves,
        "end": state.ended,
        "penalties": state.penalties(opts.blank_double),
    }


def random_match(opts: CfOptions, seed: int) -> dict[str, Any]:
    """A whole random match under ``opts``."""
    rng = random.Random(seed)
    first = rng.randrange(opts.players)
    rounds: list[dict[str, Any]] = []
    totals = [0] * opts.players
    for index in count():
        rounds.append(random_round(opts, index, (first + index) % opts.players, rng))
        totals = [total + points for total, points in zip(totals, rounds[-1]["penalties"], strict=True)]
        if (opts.limit is None and index + 1 >= opts.fixed_rounds()) or (
            opts.limit is not None and max(totals) > opts.limit
        ):
            break
    option_keys = ("players", "top", "hand", "length", "start_toes", "double_toes", "blank_double", "limit")
    options = {key: getattr(opts, key) for key in option_keys}
    options["set"] = options.pop("top")
    return {
        "format": "dominohall/record@1",
        "game": "chickenfoot",
        "options": options,
        "seats": [{"name": f"S{seat}"} for seat in range(opts.players)],
        "rounds": rounds,
        "totals": totals,
        "winners": [seat for seat, total in enumerate(totals) if total == min(totals)],
    }


@st.composite
def cf_options(draw: st.DrawFn) -> CfOptions:
    """Random valid Chicken Foot settings, house settings included."""
    players = draw(st.integers(2, 12))
    top = draw(st.sampled_from([9, 12, 15]))
    hand = draw(st.integers(1, min(10, (len(full_set(top)) - 1) // players)))
    return CfOptions(
        players=players,
        top=top,
        hand=hand,
        length=draw(st.sampled_from(["full", "half", "one"])),
        start_toes=draw(st.sampled_from([4, 6])),
        double_toes=3,
        blank_double=draw(st.sampled_from([25, 50])),
        limit=draw(st.one_of(st.none(), st.integers(1, 150))),
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=cf_options(), seed=st.integers(0, 2**32))
def test_random_matches_are_legal_and_their_variants_rejected(opts: CfOptions, seed: int) -> None:
    """Random legal matches under any settings pass; every faulty variant of them is rejected."""
    record = random_match(opts, seed)
    assert check_record(record) == []
    for running in running_variants(record)[:6]:
        assert check_record(running) == []
    for kind, broken in faulty_variants(record):
        faults = check_record(broken)
        no_internal_error(faults)
        assert faults, f"variant {kind} was accepted"


def test_half_and_one_length_round_counts() -> None:
    """half plays ceil((top+1)/2) rounds, one plays a single round."""
    half = CfOptions(4, 9, 11, "half", 6, 3, 50, None)
    one = CfOptions(4, 12, 9, "one", 4, 3, 25, None)
    assert len(random_match(half, 1)["rounds"]) == 5
    assert len(random_match(one, 2)["rounds"]) == 1
    assert CfOptions(2, 15, 20, "half", 6, 3, 50, None).fixed_rounds() == 8
    too_long = random_match(CfOptions(4, 9, 11, "full", 6, 3, 50, None), 3)
    too_long["options"]["length"] = "half"
    assert any("too many rounds" in fault for fault in check_record(too_long))


def test_limit_wraps_doubles() -> None:
    """With a limit, doubles wrap from 0-0 back to the top."""
    opts = CfOptions(2, 9, 20, "one", 6, 3, 50, 1000)
    record = random_match(opts, 7)
    assert check_record(record) == []
    doubles = [rnd["double"] for rnd in record["rounds"]]
    assert len(doubles) > 10
    assert doubles[10] == "9-9"


# ---------------------------------------------------------------------------------------------------
# Garbage never crashes the referee
# ---------------------------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=JSON_VALUES)
def test_random_json_never_crashes(value: object) -> None:
    """Any JSON value gets a list of fault strings."""
    faults = check_record(value)
    no_internal_error(faults)
    assert faults


@settings(max_examples=200, deadline=None)
@given(
    game=st.sampled_from(["chickenfoot", "mexicantrain", "standard"]),
    options=JSON_VALUES,
    rounds=JSON_VALUES,
    rest=st.dictionaries(st.sampled_from(["seats", "totals", "winners"]), JSON_VALUES),
)
def test_record_shaped_garbage_never_crashes(game: str, options: object, rounds: object, rest: dict[str, Any]) -> None:
    """A record with the right top-level keys but garbage values is rejected without crashing."""
    record = {"format": "dominohall/record@1", "game": game, "options": options, "rounds": rounds, **rest}
    no_internal_error(check_record(record))


def paths(value: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every JSON path inside ``value``."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


def mutate(record: dict[str, Any], path: tuple[Any, ...], value: object, delete: bool) -> object:
    """A copy of ``record`` with the value at ``path`` replaced (or deleted)."""
    if not path:
        return value
    copied = copy.deepcopy(record)
    parent: Any = copied
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return copied


RECORDS = {path.name: load(path) for path in ALL_EXAMPLES}
RECORD_PATHS = {key: paths(record) for key, record in RECORDS.items()}
SMALL_VALUES = st.one_of(
    JSON_VALUES,
    st.integers(-3, 20),
    st.sampled_from(["9-9", "0-0", "9-3", "3-9", "12-12", "6-6", "domino", "blocked", "full"]),
)


@settings(max_examples=400, deadline=None)
@given(
    key=st.sampled_from(sorted(RECORDS)),
    choice=st.integers(0, 10**9),
    value=SMALL_VALUES,
    delete=st.booleans(),
)
def test_mutated_records_never_crash(key: str, choice: int, value: object, delete: bool) -> None:
    """Random single changes to a legal record never crash the referee."""
    all_paths = RECORD_PATHS[key]
    path = all_paths[choice % len(all_paths)]
    no_internal_error(check_record(mutate(RECORDS[key], path, value, delete)))


@pytest.mark.parametrize(
    "value",
    [object(), {1, 2}, (1, 2), b"bytes", float("nan"), 10**400, {"game": "chickenfoot", "options": {1: 2}}],
    ids=["object", "set", "tuple", "bytes", "nan", "huge-int", "non-string-key"],
)
def test_non_json_values_never_crash(value: object) -> None:
    """Even Python values that JSON cannot produce are answered with faults."""
    faults = check_record(value)
    no_internal_error(faults)
    assert faults


def test_huge_numbers_are_rejected_quickly() -> None:
    """Enormous settings are rejected by value, never used to build anything."""
    record = load(FOUR_PLAYERS)
    record["options"]["hand"] = 10**12
    record["rounds"][0]["moves"][0]["seat"] = 10**30
    faults = check_record(record)
    no_internal_error(faults)
    assert faults


# ---------------------------------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------------------------------


def test_cli_exit_codes(tmp_path: Path) -> None:
    """The CLI exits 0 for legal files and 1 when any file has a fault."""
    good = [str(path) for path in ALL_EXAMPLES]
    ok = subprocess.run(
        [sys.executable, "-m", "tests.referee.referee", *good], check=False, cwd=REPO, capture_output=True
    )
    assert ok.returncode == 0, ok.stdout
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(faulty_variants(load(FOUR_PLAYERS)))["wrong-total"]), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "tests.referee.referee", str(bad), str(broken)],
        check=False,
        cwd=REPO,
        capture_output=True,
    )
    assert result.returncode == 1
    assert b"totals" in result.stdout
    assert b"cannot read" in result.stdout
