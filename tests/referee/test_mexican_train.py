"""Tests of the referee's Mexican Train and 9..12-player Chicken Foot: examples, its own writer, faults."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from .faults import MT_BUILDERS, MtFault, faulty_variants, mt_faulty_variants, running_variants
from .referee import (
    INTERNAL_ERROR,
    MEXICAN,
    MtMove,
    MtRound,
    MtTable,
    Tile,
    Train,
    TrainKey,
    check_record,
    mt_table_hand,
)
from .writer import (
    cf_options,
    main,
    mt_options,
    random_big_cf_options,
    random_mt_options,
    write_chickenfoot,
    write_mexican_train,
)

EXAMPLES = Path(__file__).parents[1] / "engine" / "examples"
MT_EXAMPLES = sorted(EXAMPLES.glob("mexicantrain-*.json"))
BIG_CF_EXAMPLE = EXAMPLES / "chickenfoot-12-players-half.json"


def load(path: Path) -> dict[str, Any]:
    """A record file as parsed JSON."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# A change to the deal or the opener also changes what the moves after it may do: more faults follow.
CASCADING = {"mt-wrong-engine", "mt-engine-dealt", "mt-wrong-hand-size", "mt-wrong-opener", "mt-blocked-too-early"}


def assert_refused(fault: MtFault) -> None:
    """The referee refuses the variant with a fault at its place naming its rule (and only that one)."""
    faults = check_record(fault.record)
    assert not [text for text in faults if text.startswith(INTERNAL_ERROR)], faults
    named = [text for text in faults if text.startswith(fault.where) and fault.rule in text]
    assert named, f"{fault.kind}: expected {fault.where} ... {fault.rule!r}, got {faults}"
    assert len(faults) == 1 or fault.kind in CASCADING, f"{fault.kind}: more than one fault: {faults}"


# ---------------------------------------------------------------------------------------------------
# The shared examples
# ---------------------------------------------------------------------------------------------------


def test_new_examples_are_there_and_legal() -> None:
    """The two Mexican Train examples and the 12-player Chicken Foot example are accepted as they are."""
    assert [path.name for path in MT_EXAMPLES] == [
        "mexicantrain-4-players-full.json",
        "mexicantrain-8-players-half.json",
    ]
    for path in [*MT_EXAMPLES, BIG_CF_EXAMPLE]:
        assert check_record(load(path)) == [], path.name


@pytest.mark.parametrize("path", MT_EXAMPLES, ids=lambda path: path.name)
def test_faulty_variants_of_the_examples_name_rule_and_place(path: Path) -> None:
    """Every faulty variant of a Mexican Train example is refused for its rule, at its place."""
    record = load(path)
    original = copy.deepcopy(record)
    variants = mt_faulty_variants(record)
    assert record == original, "mt_faulty_variants must not change its input"
    assert len({fault.kind for fault in variants}) >= 40
    for fault in variants:
        assert_refused(fault)
    assert [kind for kind, _ in faulty_variants(record)] == [fault.kind for fault in variants]


@pytest.mark.parametrize("path", MT_EXAMPLES, ids=lambda path: path.name)
def test_running_mexican_train_matches_are_legal(path: Path) -> None:
    """A match cut inside a round (no end, no winners) is a legal running match."""
    for running in running_variants(load(path)):
        assert check_record(running) == []


def test_move_faults_name_round_move_and_rule() -> None:
    """A move fault starts with its place (0-based), names the round as players count it, and the rule."""
    record = load(MT_EXAMPLES[0])
    variants = {fault.kind: fault for fault in mt_faulty_variants(record)}
    for kind in ("mt-mark-not-lifted", "mt-draw-from-empty-boneyard", "mt-train-missing"):
        fault = variants[kind]
        [text] = check_record(fault.record)
        round_index = int(fault.where.split("[")[1].split("]")[0])
        assert text.startswith(f"{fault.where} (round {round_index + 1}"), text
        assert ".moves[" in text and fault.rule in text


def test_blank_double_zero_counts_nothing() -> None:
    """With blank_double 0 a 0-0 left in hand scores 0; counting it 25 is refused."""
    record = load(EXAMPLES / "mexicantrain-8-players-half.json")
    assert record["options"]["blank_double"] == 0
    kinds = {fault.kind: fault for fault in mt_faulty_variants(record)}
    if "mt-wrong-blank-double-value" in kinds:
        assert_refused(kinds["mt-wrong-blank-double-value"])
    record["options"]["blank_double"] = 7
    assert any("options.blank_double" in text for text in check_record(record))


# ---------------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------------


def test_mexican_train_hand_table() -> None:
    """Double-twelve hands by players; a house set takes any hand that fits, double-twelve only the table's."""
    assert [mt_table_hand(players) for players in range(2, 9)] == [15, 15, 15, 12, 12, 10, 10]
    record = write_mexican_train(mt_options(3, length="one"), 1)
    assert check_record(record) == []
    record["options"]["hand"] = 14
    assert any(text.startswith("options.hand") for text in check_record(record))
    house = write_mexican_train(mt_options(8, top=9, hand=6, length="one"), 2)
    assert check_record(house) == []
    house["options"]["hand"] = 7
    assert any(text.startswith("options.hand") for text in check_record(house))


def test_limit_replaces_length_and_wraps() -> None:
    """With a limit the engines descend and wrap; the length is then ignored."""
    record = write_mexican_train(mt_options(2, top=9, hand=5, length="one", limit=400), 3)
    assert check_record(record) == []
    engines = [rnd["double"] for rnd in record["rounds"]]
    assert len(engines) > 10 and engines[10] == "9-9"


# ---------------------------------------------------------------------------------------------------
# Rules on small hand-made tables
# ---------------------------------------------------------------------------------------------------


def table(engine: Tile, ends: dict[TrainKey, list[Tile]], marked: tuple[TrainKey, ...] = ()) -> MtTable:
    """A table with trains laid as given (each list from the engine out)."""
    made = MtTable.new(engine, 2)
    for key, tiles in ends.items():
        number = engine[0]
        for tile in tiles:
            number = tile[1] if tile[0] == number else tile[0]
        made.trains[key] = Train(list(tiles), number, key in marked)
    return made


def play(seat: int, tile: Tile, on: Tile, train: TrainKey) -> MtMove:
    """A parsed play."""
    return MtMove(seat, "play", tile, on, train)


def test_a_tile_fitting_an_unmarked_train_keeps_the_round_going() -> None:
    """Blocked counts every train as marked: the seats pass until the tile can be played."""
    tables = table((6, 6), {0: [(6, 4)], 1: [(6, 5)], MEXICAN: [(6, 0)]})
    state = MtRound([[(5, 1)], [(3, 2)]], [], tables, 0)
    assert state.step(MtMove(0, "pass")) is None
    assert state.ended is None
    assert state.step(play(1, (3, 2), (6, 4), 0)) is not None  # seat 0's train is marked now, but 4 does not fit
    assert state.step(MtMove(1, "pass")) is None
    assert state.ended is None
    assert state.step(play(0, (5, 1), (6, 5), 1)) is None
    assert state.ended == "domino"


def test_blocked_when_nothing_fits_any_train() -> None:
    """With an empty boneyard and no tile fitting any train end, the pass ends the round blocked."""
    tables = table((6, 6), {0: [(6, 4)], 1: [(6, 5)], MEXICAN: [(6, 0)]})
    state = MtRound([[(3, 1)], [(3, 2)]], [], tables, 0)
    assert state.step(MtMove(0, "pass")) is None
    assert state.ended == "blocked"


def test_double_then_cover_by_the_next_seat_after_a_second_draw() -> None:
    """A drawn double is played, one more draw is allowed, the pass marks, and the next seat covers."""
    tables = table((6, 6), {0: [(6, 4)], 1: [(6, 5)]})
    state = MtRound([[(1, 0), (2, 1)], [(4, 3), (5, 2)]], [(4, 4), (0, 0), (3, 3)], tables, 0)
    assert state.step(MtMove(0, "draw", (4, 4))) is None
    assert state.step(play(0, (4, 4), (6, 4), 0)) is None
    assert state.covering and state.to_move == 0
    assert state.step(MtMove(1, "pass")) is not None  # the double's seat moves again
    assert state.step(MtMove(0, "draw", (0, 0))) is None
    assert state.step(MtMove(0, "draw", (3, 3))) is not None  # one more draw only
    assert state.step(MtMove(0, "pass")) is None
    assert state.table.trains[0].marked
    assert state.step(play(1, (5, 2), (6, 5), 1)) is not None  # covering is the only legal play
    assert state.step(play(1, (4, 3), (4, 4), 0)) is None
    assert state.table.uncovered is None and state.to_move == 0


def test_double_as_the_last_tile_ends_the_round_uncovered() -> None:
    """A seat playing a double as its last tile goes out: domino, the double stays uncovered."""
    tables = table((6, 6), {0: [(6, 4)]})
    state = MtRound([[(4, 4)], [(4, 3)]], [(1, 0)], tables, 0)
    assert state.step(play(0, (4, 4), (6, 4), 0)) is None
    assert state.ended == "domino" and state.table.uncovered is not None


def test_owner_play_lifts_the_mark_and_the_mexican_train_is_always_open() -> None:
    """A pass marks, the owner's play on its train lifts it; anyone may play on the Mexican train."""
    tables = table((6, 6), {0: [(6, 4)], 1: [(6, 5)], MEXICAN: [(6, 0)]})
    state = MtRound([[(5, 2), (3, 1)], [(4, 3), (5, 1), (7, 0)]], [], tables, 0)
    assert state.step(MtMove(0, "pass")) is None  # 5-2 fits only seat 1's unmarked train
    assert state.table.trains[0].marked and state.ended is None
    assert state.step(play(1, (4, 3), (6, 4), 0)) is None  # seat 0's train is marked
    assert state.step(play(0, (3, 1), (4, 3), 0)) is None  # the owner's play lifts the mark
    assert not state.table.trains[0].marked
    assert state.step(play(1, (5, 1), (3, 1), 0)) == "seat 0's train is not marked: only its owner may play on it"
    assert state.step(play(1, (7, 0), (6, 0), MEXICAN)) is None
    assert state.step(MtMove(0, "pass")) is None


# ---------------------------------------------------------------------------------------------------
# The referee's own writer: hundreds of legal matches under every setting
# ---------------------------------------------------------------------------------------------------

MT_SETTINGS = [
    (players, length, blank)
    for players in range(2, 9)
    for length in ("full", "half", "one")
    for blank in (50, 25, 0)
    if length != "full" or players in (2, 4, 8)
]


@pytest.mark.parametrize(("players", "length", "blank"), MT_SETTINGS)
def test_writer_mexican_train_matches_are_legal(players: int, length: str, blank: int) -> None:
    """Written matches on double-twelve with the table hands, every length and 0-0 value, are accepted."""
    for seed in range(4 if length == "one" else 2):
        record = write_mexican_train(mt_options(players, length=length, blank_double=blank), seed)
        assert check_record(record) == [], (players, length, blank, seed)


def test_writer_mexican_train_house_sets_and_limits_are_legal() -> None:
    """Random settings (house sets and hands, limits) give legal records; both ends of a round occur."""
    rng = random.Random(2024)
    ends: set[str] = set()
    for _ in range(60):
        opts = random_mt_options(rng)
        if opts.limit is not None:
            opts = mt_options(opts.players, top=opts.top, hand=opts.hand, length="one", limit=min(opts.limit, 60))
        record = write_mexican_train(opts, rng.randrange(2**32))
        assert check_record(record) == [], opts
        ends |= {rnd["end"] for rnd in record["rounds"]}
    assert ends == {"domino", "blocked"}


@pytest.mark.parametrize("players", [9, 10, 11, 12])
def test_writer_big_chicken_foot_matches_are_legal(players: int) -> None:
    """Chicken Foot for 9..12 players on double-fifteen (table hands 11, 10, 9, 8) is accepted."""
    opts = cf_options(players, length="half")
    assert (opts.top, opts.hand) == (15, {9: 11, 10: 10, 11: 9, 12: 8}[players])
    record = write_chickenfoot(opts, players)
    assert check_record(record) == []
    assert [rnd["double"] for rnd in record["rounds"]] == [f"{n}-{n}" for n in range(15, 7, -1)]
    rng = random.Random(players)
    for _ in range(8):
        opts = random_big_cf_options(rng)
        if opts.limit is not None or opts.length == "full":
            opts = cf_options(opts.players, length="one", start_toes=opts.start_toes, blank_double=opts.blank_double)
        assert check_record(write_chickenfoot(opts, rng.randrange(2**32))) == [], opts


def test_big_chicken_foot_settings() -> None:
    """Chicken Foot: 2..12 players; 13 is refused; a full double-fifteen match is 16 rounds."""
    record = load(BIG_CF_EXAMPLE)
    assert cf_options(12).fixed_rounds() == 16 and cf_options(12, length="half").fixed_rounds() == 8
    record["options"]["players"] = 13
    assert any(text.startswith("options.players") for text in check_record(record))
    record = load(BIG_CF_EXAMPLE)
    record["options"]["hand"] = 12  # 12 hands of 12 and the centre double need 145 of 136 tiles
    assert any(text.startswith("options.hand") for text in check_record(record))


def test_writer_faulty_variants_cover_every_kind() -> None:
    """Across a few written matches every fault kind finds a place, and each variant is refused as named."""
    rng = random.Random(7)
    kinds: set[str] = set()
    records = [load(path) for path in MT_EXAMPLES]
    for players in (2, 3, 5, 6, 7, 8):
        records.append(write_mexican_train(mt_options(players, length="half", blank_double=25), rng.randrange(99)))
    records.append(write_mexican_train(mt_options(8, top=9, hand=6, length="half"), 5))
    for record in records:
        for fault in mt_faulty_variants(record):
            assert_refused(fault)
            kinds.add(fault.kind)
    expected = {kind for kind, _, _ in MT_BUILDERS}
    assert expected <= kinds, expected - kinds
    assert len(kinds) >= 45


def test_writer_command_line(tmp_path: Path) -> None:
    """``python -m tests.referee.writer DIR`` writes legal records of both kinds."""
    assert main([str(tmp_path), "--matches", "2", "--seed", "3"]) == 0
    files = sorted(tmp_path.glob("*.json"))
    assert [path.name[:2] for path in files] == ["cf", "cf", "mt", "mt"]
    for path in files:
        assert check_record(load(path)) == [], path.name
