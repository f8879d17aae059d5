"""Mexican Train rounds in ``dominohall/record@1``: written, read back and replayed, and checked by the
independent referee both ways (its records replay here; the records written here pass it)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from dominohall.engine.match import Match
from dominohall.engine.record_parts import RecordError, check_round_end, replay_moves
from dominohall.games.mexicantrain.rules.match import mexican_train_match
from dominohall.games.mexicantrain.rules.options import MexicanTrainOptions
from dominohall.games.mexicantrain.rules.record import mexican_train_round_to_dict, read_mexican_train_round
from dominohall.games.mexicantrain.rules.round import MexicanTrainRound

from ...referee.referee import check_record
from ...referee.writer import random_mt_options, write_mexican_train

EXAMPLES = sorted((Path(__file__).parents[2] / "engine" / "examples").glob("mexicantrain-*.json"))


def played_match(options: MexicanTrainOptions, seed: int) -> Match[MexicanTrainRound]:
    """A whole match played with random legal moves."""
    rng = random.Random(seed)
    match = mexican_train_match(options)
    while not match.is_over():
        rnd = match.deal_next(rng)
        while rnd.end is None:
            rnd.apply(rng.choice(rnd.legal_moves()))
    return match


def record_of(match: Match[MexicanTrainRound]) -> dict[str, Any]:
    """The whole record of a finished match, as the site writes it."""
    options = match.rules.options
    return {
        "format": "dominohall/record@1",
        "game": "mexicantrain",
        "options": options.to_dict(),
        "seats": [{"name": f"P{seat}"} for seat in range(options.players)],
        "rounds": [mexican_train_round_to_dict(rnd) for rnd in match.rounds],
        "totals": match.totals(),
        "winners": match.winners(),
    }


def replayed(data: dict[str, Any]) -> list[MexicanTrainRound]:
    """Every round of a record read, replayed through the engine and its end checked."""
    options = MexicanTrainOptions.from_dict(data["options"])
    rounds: list[MexicanTrainRound] = []
    for index, value in enumerate(data["rounds"]):
        rnd = read_mexican_train_round(options, rounds[-1] if rounds else None, index, value)
        replay_moves(rnd, value, options.top, index + 1)
        check_round_end(rnd, value, "penalties", index + 1, is_last=index == len(data["rounds"]) - 1)
        rounds.append(rnd)
    return rounds


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_shared_examples_replay(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    rounds = replayed(data)
    assert [mexican_train_round_to_dict(rnd) for rnd in rounds] == data["rounds"]


@pytest.mark.parametrize("seed", range(12))
def test_the_writers_records_replay_here(seed: int) -> None:
    rng = random.Random(seed)
    data = write_mexican_train(random_mt_options(rng), rng.randrange(2**32))
    rounds = replayed(data)
    assert [mexican_train_round_to_dict(rnd) for rnd in rounds] == data["rounds"]


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        (MexicanTrainOptions.for_table(4, length="half"), 1),
        (MexicanTrainOptions.for_table(2, length="full", blank_double=0), 2),
        (MexicanTrainOptions.for_table(8, length="one"), 3),
        (MexicanTrainOptions.for_table(5, top=9, limit=120), 4),
        (MexicanTrainOptions.for_table(3, top=15, hand=20, length="one", blank_double=25), 5),
    ],
)
def test_records_written_here_pass_the_referee_and_read_back(options: MexicanTrainOptions, seed: int) -> None:
    match = played_match(options, seed)
    data = record_of(match)
    assert check_record(data) == []
    text = json.loads(json.dumps(data))
    assert [mexican_train_round_to_dict(rnd) for rnd in replayed(text)] == data["rounds"]


def test_a_play_names_its_train_as_a_seat_or_mexican() -> None:
    match = played_match(MexicanTrainOptions.for_table(4, length="one"), 7)
    moves = mexican_train_round_to_dict(match.current)["moves"]
    plays = [move for move in moves if "play" in move]
    assert plays and all(move["train"] == "mexican" or move["train"] in range(4) for move in plays)
    assert all(set(move) == {"seat", "play", "on", "train"} for move in plays)
    assert all("train" not in move for move in moves if "play" not in move)


def test_an_illegal_recorded_move_names_round_move_and_rule() -> None:
    data = record_of(played_match(MexicanTrainOptions.for_table(3, length="one"), 9))
    moves = data["rounds"][0]["moves"]
    first_play = next(i for i, move in enumerate(moves) if "play" in move)
    seat = moves[first_play]["seat"]
    moves[first_play]["train"] = (seat + 1) % 3
    with pytest.raises(RecordError) as raised:
        replayed(data)
    assert (raised.value.round, raised.value.move, raised.value.rule) == (1, first_play, "train-closed")
    moves[first_play]["train"] = 7
    with pytest.raises(RecordError) as raised:
        replayed(data)
    assert raised.value.rule == "no-such-train"
    moves[first_play]["train"] = "east"
    with pytest.raises(RecordError) as raised:
        replayed(data)
    assert raised.value.rule == "format"


def test_a_wrong_engine_or_opener_is_named() -> None:
    data = record_of(played_match(MexicanTrainOptions.for_table(2, length="half"), 11))
    data["rounds"][1]["double"] = "12-12"
    with pytest.raises(RecordError) as raised:
        replayed(data)
    assert (raised.value.round, raised.value.rule) == (2, "double")
    data = record_of(played_match(MexicanTrainOptions.for_table(2, length="half"), 11))
    data["rounds"][1]["first"] = data["rounds"][0]["first"]
    with pytest.raises(RecordError) as raised:
        replayed(data)
    assert (raised.value.round, raised.value.rule) == (2, "opener")
